"""The product's own price on a page without (complete) markup: what a shopper reads in
the buy box, not in the carousels of other products around it.

* Visible text is read in document order, skipping hidden elements and regions that hold
  *other* products: carousels, "customers also bought", recommendations, related and
  sponsored blocks (never an ancestor of the product's ``h1``).
* A price is a price-classed element's number, read without struck-through / old-price
  parts.  Prices after the product title win; a price inside a link is another product's
  tile and is used only when no other price is shown.
* With no price-classed element, an amount with a currency sign in the block that holds
  the add-to-cart button (or a ``price`` / ``data-*price`` attribute on it) is the price.
"""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from native_host.page.buywords import BUY, bare_buy, bid
from native_host.page.parse import hidden_by_markup, text_of

El = etree._Element

PRICE_CLASS = re.compile(r"price|preis|prix|precio|prezzo|cena|preco", re.I)
NOT_PRICE = re.compile(r"old|was|strike|regular|list|compare|before|orig|save|saving|unit|"
                       r"per-|range[-_]?(?:slider|input|select)|price[-_]?range|filter|(?:price|range)[-_]?slider|"
                       r"slider[-_]?(?:range|handle|track|input|min|max)|label|shipping|"
                       r"total|tax|crossed|rrp|msrp|"
                       r"-from|installment|monthly|vat", re.I)
# a sign, an ISO code (also written against the amount: "EUR15.99", "99SAR") or a local
# abbreviation ("zł", "Kč", "ر.س")
CURRENCY = re.compile(r"[$€£¥₹₽₩₺₴₪฿₫₸円元]|(?<![^\W\d_])(?:USD|EUR|GBP|CHF|CAD|AUD|NZD|JPY|INR|RUB|BRL|PLN|"
                      r"SEK|NOK|DKK|CZK|HUF|RON|KZT|SAR|AED|QAR|KWD|EGP|TRY|MXN|ZAR|HKD|SGD|CNY|KRW|TWD|"
                      r"THB|BGN|UAH|ILS|CLP|ARS|COP|PHP|MYR|IDR|VND|ISK)(?:\.|(?![^\W\d_]))|"
                      r"\b(?:Lei|Kč|zł|kr|Kn|Rs\.?|R\$|Ft|тг|руб|грн|лв)(?:\.|\b)|ر\.س|د\.إ|د\.ك|ج\.م", re.I)
# an amount: digits with "." / "," / "'" separators, or thousands groups split by spaces
# ("44 890", "1 299,00"), not two numbers side by side ("1,679 1679")
_AMOUNT = re.compile(r"\d{1,3}(?:[\s\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d[\d.,']*\d|\d")
# a currency sign right before or after a number: "$99", "17,10 €", "44 890 тг."
_MONEY = re.compile(rf"(?:{CURRENCY.pattern})\s*(?P<a>{_AMOUNT.pattern})|"
                    rf"(?P<b>{_AMOUNT.pattern})\s*(?:{CURRENCY.pattern})", re.I)
# regions that list other products
_OTHER_PRODUCTS = re.compile(r"carousel|swiper-slide|slick-slide|recommend|related|sponsor|upsell|"
                             r"up-sell|cross-?sell|also-?(?:bought|viewed|like)|similar|p13n|"
                             r"you-may-like|recently-viewed", re.I)
_SKIP = {"script", "style", "noscript", "template", "head", "svg", "option", "select"}
_STRUCK = {"del", "s", "strike"}


def attrs(el: El) -> str:
    return f"{el.get('class', '')} {el.get('id', '')}"


def title_element(root: El) -> El | None:
    """The first ``h1`` with text: the product's title on a product page."""
    for h1 in root.iter("h1"):
        if text_of(h1).strip() and not _hidden(h1):
            return h1
    return None


def other_products(el: El) -> bool:
    """Whether ``el`` itself marks a block of other products."""
    if el.get("aria-roledescription", "").lower() == "carousel":
        return True
    marks = f"{el.get('class', '')} {el.get('id', '')}"
    return bool(marks.strip()) and _OTHER_PRODUCTS.search(marks) is not None


def visible_blocks(root: El, limit: int = 40_000) -> list[tuple[El, str]]:
    """(element, own text) pairs for the visible text that speaks for the product, in
    document order, without recursion: hidden elements and blocks of other products are
    left out (an ancestor of the title never is)."""
    body = root.find("body")
    title = title_element(root)
    keep = set(title.iterancestors()) if title is not None else set()
    out: list[tuple[El, str]] = []
    stack = [body if body is not None else root]
    seen = 0
    while stack and seen < limit:
        el = stack.pop()
        seen += 1
        if not isinstance(el.tag, str) or el.tag in _SKIP:
            continue
        if hidden_by_markup(el):
            continue
        if el not in keep and other_products(el):
            continue
        own = " ".join(t.strip() for t in [el.text or ""] + [c.tail or "" for c in el] if t and t.strip())
        if own:
            out.append((el, own))
        stack.extend(reversed(el))
    return out


def blocks_after(title: El, n: int, limit: int = 400) -> list[tuple[El, str]]:
    """The first ``n`` text blocks after ``title`` not hidden by their own markup (as
    :func:`visible_blocks` gives them, blocks of other products included: see
    :func:`_hidden_or_other`), found without reading the rest of the page."""
    out: list[tuple[El, str]] = []
    seen = 0
    node: El | None = title
    while node is not None and len(out) < n and seen < limit:
        stack = [node.getnext()] if node.getnext() is not None else []
        while stack and len(out) < n and seen < limit:
            el = stack.pop()
            seen += 1
            after = el.getnext()
            if after is not None:
                stack.append(after)
            if not isinstance(el.tag, str) or el.tag in _SKIP or hidden_by_markup(el):
                continue
            parts = [t for t in [el.text, *(c.tail for c in el)] if t and not t.isspace()]
            if parts:
                out.append((el, " ".join(t.strip() for t in parts)))
            if len(el):
                stack.append(el[0])
        node = node.getparent()
    return out


def title_index(blocks: list[tuple[El, str]]) -> int:
    """Index of the first block in the product's ``h1`` (0 when there is none)."""
    for i, (el, _) in enumerate(blocks):
        if el.tag == "h1" or any(a.tag == "h1" for a in ancestors(el, 4)):
            return i
    return 0


def ancestors(el: El, n: int):
    """Up to ``n`` ancestors of ``el``, nearest first."""
    node = el.getparent()
    while node is not None and n > 0:
        yield node
        node = node.getparent()
        n -= 1


def shown_text(node: El) -> str:
    """``node``'s text without struck-through or old/list-price parts."""
    parts: list[str] = []
    stack: list[tuple[El, bool]] = [(node, True)]
    while stack:
        el, is_root = stack.pop()
        if isinstance(el, str):  # a tail queued after its element's children
            parts.append(el)
            continue
        if not isinstance(el.tag, str):
            if el.tail:
                parts.append(el.tail)
            continue
        if not is_root and (el.tag in _STRUCK or el.tag in _SKIP or NOT_PRICE.search(attrs(el))):
            if el.tail:
                parts.append(el.tail)
            continue
        if el.tag in ("sup", "span") and re.fullmatch(r"\s*\d{2}\s*", el.text or "") and parts \
                and re.search(r"\d\s*$", parts[-1]) and len(el) == 0 and not (el.tail or "").strip():
            # "$229<sup>99</sup>", "$229<span class=cents>99</span>": 229.99
            parts[-1] = parts[-1].rstrip() + "." + el.text.strip()
        elif el.text:
            parts.append(el.text)
        if not is_root and el.tail:
            stack.append((el.tail, False))  # type: ignore[arg-type]
        stack.extend((c, False) for c in reversed(el))
    return " ".join(" ".join(parts).split())


def beside_parent(el: El, text: str, found: Callable[[str], object], *, most: int | None = None,
                  ok: Callable[[El], bool] | None = None) -> str:
    """``text`` (what ``el`` shows) when ``found`` finds what is wanted in it, else its
    parent's shown text — an amount and its currency sign in elements of their own ("36,99"
    · "€", "£" · "3") — when the parent is at most ``most`` characters long and ``ok``
    accepts the parent."""
    if found(text):
        return text
    parent = el.getparent()
    if parent is None or (ok is not None and not ok(parent)):
        return text
    around = shown_text(parent)
    return text if most is not None and len(around) > most else around


# blocks that price a service sold with the product (delivery, warranty, insurance)
_SERVICE = re.compile(r"deliver|shipping|courier|warrant|garanti|insurance|versand|lieferung|livraison|"
                      r"env[ií]o|spedizion|toimitus|tarne", re.I)


def _service(el: El) -> bool:
    return any(_SERVICE.search(attrs(node)) for node in (el, *ancestors(el, 4)))


def _in_link(el: El) -> bool:
    return el.tag == "a" or any(a.tag == "a" and a.get("href") for a in ancestors(el, 6))


def price_from_page(root: El, blocks: list[tuple[El, str]],
                    structured: bool = False) -> tuple[str | None, str | None]:
    """(price, currency text) of the product's price; see the module doc (``structured``:
    the page has product markup, so it sells something even without a buy button found)."""
    from native_host.page.product import normalise_price

    anchor = title_index(blocks)
    candidates: list[tuple[int, str, str | None, bool, El]] = []
    seen: set[int] = set()
    for i, (el, text) in enumerate(blocks):
        if len(text) > 40 or not _AMOUNT.search(text):
            continue
        node: El | None = el
        classed = False
        for _ in range(3):  # the price class may sit on a wrapper
            if node is None:
                break
            if NOT_PRICE.search(attrs(node)) or node.tag in _STRUCK:
                break
            if PRICE_CLASS.search(attrs(node)):
                classed = True
                break
            node = node.getparent()
        if not classed or node is None or _service(node):
            continue
        if id(node) in seen:  # one wrapper, one price
            continue
        seen.add(id(node))
        whole = shown_text(node)
        m = _AMOUNT.search(whole)
        price = normalise_price(m.group(0) if m else text, structured=False)
        if price is None or float(price) == 0:
            continue
        cur = CURRENCY.search(beside_parent(node, whole, CURRENCY.search, most=30))
        candidates.append((i, price, cur.group(0) if cur else None, _in_link(node), node))
    box, box_price, box_currency = buy_box(root, blocks)
    if box is not None:
        inside = [c for c in candidates if c[4] is box or box in c[4].iterancestors()]
        if inside:
            best = ([c for c in inside if c[2]] or inside)[0]
            return best[1], best[2]
    if box_price:
        return box_price, box_currency
    if not candidates:
        # only on a page that sells something: an article's first amount is no price
        return near_title(blocks, anchor) if structured or buy_buttons(root) else (None, None)
    own = [c for c in candidates if not c[3]]
    if not own:
        return None, None  # only other products' tiles
    after = [c for c in own if c[0] >= anchor]
    with_currency = [c for c in (after or own) if c[2]]
    best = (with_currency or after or own)[0]
    return best[1], best[2]


_MONEY_ONLY = re.compile(rf"[^\w$€£¥₹₽₩₺₴₪฿₫₸]*(?:{_MONEY.pattern})[^\w]*", re.I)
# "from 74,95 €": the lowest price of the product's variants, shown as its price (often
# beside a list price it undercuts)
_FROM = (r"(?:from|starting at|ab|à partir de|dès|desde|a partir de|a partire da|da|vanaf|vana|"
         r"od|alkaen|från|fra|от|від|από|から|起)")
_PLAIN_MONEY = re.sub(r"\(\?P<\w+>", "(?:", _MONEY_ONLY.pattern)
_FROM_MONEY = re.compile(rf"\s*{_FROM}:?\s+{_PLAIN_MONEY}|{_PLAIN_MONEY}\s*{_FROM}\s*", re.I)


def _money_only(text: str) -> bool:
    """An amount with a currency sign and nothing else, or a "from" price."""
    return bool(_MONEY_ONLY.fullmatch(text) or _FROM_MONEY.fullmatch(text))


_NEAR_TITLE = 30  # visible blocks after the title where the product's price is shown


def _amount(m: re.Match | None) -> str | None:
    """The price an amount match (of ``_MONEY``) reads as, a plain decimal string."""
    from native_host.page.product import normalise_price

    return normalise_price(m.group("a") or m.group("b"), structured=False) if m else None


def near_title(blocks: list[tuple[El, str]], anchor: int) -> tuple[str | None, str | None]:
    """With no price-classed element and no buy box price: the first text right after the
    product's title that is an amount with a currency sign and nothing else ("€129.00"),
    not struck through, not in a link (another product's tile)."""
    if not blocks or not any(a.tag == "h1" for a in (blocks[anchor][0], *ancestors(blocks[anchor][0], 4))):
        return None, None  # no title to be near
    for el, text in blocks[anchor:anchor + _NEAR_TITLE]:
        if len(text) > 24:
            continue
        text = beside_parent(el, text, _money_only, ok=lambda _, short=len(text) <= 24: short)
        if len(text) > 24 or not _money_only(text) or _in_link(el) \
                or any(a.tag in _STRUCK or NOT_PRICE.search(attrs(a)) for a in (el, *ancestors(el, 3))):
            continue
        price = _amount(_MONEY.search(text))
        if price:
            cur = CURRENCY.search(text)
            return price, cur.group(0) if cur else None
    return None, None


def _hidden(el: El) -> bool:
    return any(hidden_by_markup(node) for node in (el, *ancestors(el, 40)))


def _hidden_or_other(el: El) -> bool:
    for node in (el, *ancestors(el, 40)):
        if hidden_by_markup(node) or (node.tag not in ("body", "html") and other_products(node)):
            return True
    return False


def buy_buttons(root: El) -> list[El]:
    """Visible add-to-cart / buy-now buttons (and forms) of the product itself, not of the
    products in carousels and recommendation blocks."""
    out = []
    for el in root.iter("button", "input", "a", "form"):
        label = f"{attrs(el)} {el.get('name', '')} {el.get('value', '')} {el.get('action', '')}"
        shown = text_of(el) if el.tag != "form" else ""
        if el.tag != "form":
            label += " " + " ".join(shown.split())[:60]
        if (BUY.search(label) or bare_buy(el, shown)) and not _hidden_or_other(el):
            out.append(el)
            if len(out) >= 20:
                break
    return out


_NOT_THE_PRICE = re.compile(r"\b(?:save|saving|you save|was|statt|uvp|rrp|msrp|free|gratis|"
                            r"gratuit|shipping|delivery|versand|livraison|envío)\b|省|原價|原价", re.I)


def buy_box(root: El, blocks: list[tuple[El, str]]) -> tuple[El | None, str | None, str | None]:
    """(box, price, currency text): the smallest block (of at most 60 visible text
    elements) around the first buy button that shows an amount with a currency sign, and that amount — or a ``price`` /
    ``data-*price`` attribute on the button or its form (box None then)."""
    from native_host.page.product import normalise_price

    visible = {id(el) for el, _ in blocks}
    old: dict[str, tuple[El, str | None]] = {}  # amounts marked only as an old price
    for n, button in enumerate(buy_buttons(root)):
        if bid(button):
            continue  # beside a bid button: the next bid, not the price
        for holder in (button, *(a for a in ancestors(button, 3) if a.tag == "form")):
            for name, value in holder.items():
                if (name == "price" or (name.startswith("data-") and name.endswith("price"))) \
                        and normalise_price(value, structured=False):
                    return None, normalise_price(value, structured=False), None
        for box in (button, *ancestors(button, 10)):
            shown = [el for el in box.iter(etree.Element) if id(el) in visible]
            if len(shown) > 60:
                break
            for el in shown:
                if el.tag in _STRUCK or NOT_PRICE.search(attrs(el)) or _service(el):
                    found = _old_price(el) if n == 0 else None
                    if found:
                        old.setdefault(found[0], (box, found[1]))
                    continue
                text = beside_parent(el, shown_text(el), _MONEY.search, ok=lambda parent: id(
                    parent) not in visible and parent is not box.getparent() and not NOT_PRICE.search(attrs(parent)))
                price = _amount(_MONEY.search(text)) if len(text) <= 40 and not _NOT_THE_PRICE.search(text) else None
                if price and float(price) > 0:
                    cur = CURRENCY.search(text)
                    return box, price, cur.group(0) if cur else None
    if len(old) == 1:  # the only amount beside the button, named "old" by the shop's theme
        (price, (box, cur)), = old.items()
        return box, price, cur
    return None, None, None


# class words of an old price: the only price a buy box shows may still carry one of them
# ("price-old-live"), not a word of a struck, unit, tax or instalment price
_OLD = re.compile(r"old|was|regular|list|orig|before|compare", re.I)


def _old_price(el: El) -> tuple[str, str | None] | None:
    """(price, currency text) of an amount the shop's theme names an old price but does
    not strike through, and names for nothing else (no unit, tax, instalment word)."""
    named = attrs(el)
    if not _OLD.search(named) or NOT_PRICE.search(_OLD.sub("", named)) \
            or el.tag in _STRUCK or any(a.tag in _STRUCK for a in ancestors(el, 3)):
        return None
    m = _MONEY.search(shown_text(el))
    price = _amount(m)
    if not price or float(price) <= 0:
        return None
    cur = CURRENCY.search(m.group(0))  # type: ignore[union-attr]
    return price, cur.group(0) if cur else None


def currency_of_price(blocks: list[tuple[El, str]], price: str) -> str | None:
    """The currency sign shown with ``price`` on the page (for markup without a currency):
    the first short visible text whose amount with a currency sign equals the price."""
    from decimal import Decimal

    want = Decimal(price)
    for el, text in blocks:
        if len(text) > 40 or not _AMOUNT.search(text):
            continue
        for node in (el, el.getparent()):
            if node is None:
                continue
            whole = shown_text(node) if node is not el else text
            for m in _MONEY.finditer(whole if len(whole) <= 60 else text):
                amount = _amount(m)
                if amount is not None and Decimal(amount) == want:
                    return CURRENCY.search(m.group(0)).group(0)
    return None
