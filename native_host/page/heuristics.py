"""Product fields read the way a shopper reads them, for pages without (complete) markup.

Loose ``itemprop``s outside any item, a price element near the title or the buy button,
"in stock" / "sold out" wording, an enabled add-to-cart button, and the product code the
page shows (:mod:`pagesku`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable

from lxml import etree

from native_host.page import shopview
from native_host.page.buywords import (BUY as _BUY, NATIVE_CONTROLS, bare_buy, bid, buy_box_link, drawn_button,
                                       drawn_buys, input_label, named, named_add_to_cart)
from native_host.page.lazyre import Lazy
from native_host.page.money import MONEY, amount, beside_parent, money_only, signed
from native_host.page.normalise import SOLD_OUT, normalise_availability
from native_host.page.parse import text_of
from native_host.page.stock import OUT_NOW as _OUT_NOW
from native_host.page.stock import wording
from native_host.page.stockshown import (from_stock_element, not_disabled, note, one_option, only_out, product_name,
                                         says)
from native_host.page.tiles import in_product_row, of_other_products

if TYPE_CHECKING:
    from native_host.page.survey import Survey

El = etree._Element

_ITEMPROP_XPATH = etree.XPath(
    "//*[@itemprop='price' or @itemprop='priceCurrency' or @itemprop='availability' "
    "or @itemprop='sku' or @itemprop='lowPrice' or @itemprop='productID']"
)


def _loose_itemprops(root: El) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for el in _ITEMPROP_XPATH(root):
        name = el.get("itemprop")
        key = {"priceCurrency": "currency", "lowPrice": "price", "productID": "sku"}.get(name, name)
        if key in found or of_other_products(el):  # (session 14) a card's own itemprops
            continue
        value = el.get("content") or el.get("href") or el.get("value") or " ".join(text_of(el).split())
        if value:
            found[key] = value
    return found


def _buy_state(buttons: list[El]) -> str | None:
    """"enabled" when the product has an add-to-cart / buy button (of ``buttons``, the
    page's :func:`buybox.buy_buttons`) a shopper can press, "disabled" when all of its buy
    buttons are disabled — or say only that the product is sold out ("Sold out" on an
    ``add-to-cart`` button a script no longer lets one press) —, None when it shows none."""
    if not buttons:
        return None
    enabled = any(not_disabled(el) and not _says_only_out(el) for el in buttons)
    return "enabled" if enabled else "disabled"


def _says_only_out(el: El) -> bool:
    """Whether the buy control ``el`` is labelled with out-of-stock wording, not buy words;
    a buy form (its ``action`` adds to the cart) whose submit buttons all do, or are
    disabled (session 17: a sold-out page keeps the shop's cart form, its button now says
    "Notify me when available")."""
    if el.tag == "form":
        submits = [c for c in el.iter("button", "input") if _submits(c)]
        return bool(submits) and not any(not_disabled(c) and not _says_only_out(c) for c in submits)
    label = input_label(el) if el.tag == "input" else named(el, text_of(el))
    text = " ".join(label.split())[:80]
    return bool(text) and wording(text) == "out" and not _BUY.search(text)


def _submits(el: El) -> bool:
    """Whether the form control ``el`` submits its form (a button of no other type, a
    submit or image input)."""
    kind = (el.get("type") or "").lower()
    return kind in ("submit", "image") or (el.tag == "button" and kind in ("", "submit"))


BuyState = Callable[[], "str | None"]
# visible text blocks after the product's title that still speak for it (its buy box and
# details), not the recommendations and footer further down
_REGION = 400


def _availability_from_page(buy: BuyState, blocks: list[tuple[El, str]], name: str = "") -> str | None:
    """Stock wording in the product's part of the page (from its title on), weighed
    against an enabled add-to-cart button (``name``: the product's, for :func:`stockshown.note`)."""
    buy_enabled = buy() == "enabled"
    start = shopview.title_index(blocks)
    region = blocks[start:start + _REGION] if start else blocks
    for el, text in region:
        if note(text, 60, name) and says(el, text) == "out":
            if not buy_enabled or _OUT_NOW.match(text):
                return "OutOfStock"
            return None
    if buy_enabled:
        return "InStock"
    for el, text in region:
        if len(text) < 60 and says(el, text) == "in":  # (session 20: not an offer to be told)
            return "InStock"
    return None


def _sold_out_shown(buy: BuyState, blocks: list[tuple[El, str]]) -> bool:
    """Whether a shopper would agree the product is sold out: no buy button to press, or
    out-of-stock wording on the page."""
    if buy() != "enabled":
        return True
    return any(len(text) < 80 and wording(text) == "out" for _, text in blocks)


# a product page that shows a price and nothing saying it cannot be bought is on offer
_PRICE_MEANS_IN_STOCK = True


def _offered(buy: BuyState, known: Any, out: dict[str, Any]) -> bool:
    """A product page that shows a price and nothing says it cannot be bought: on offer
    (not when its only buy buttons are disabled: that may be sold out, or a size to pick)."""
    return _PRICE_MEANS_IN_STOCK and (known.price is not None or out.get("price") is not None) \
        and buy() != "disabled"


_STARTING = Lazy(r"(?:starting|start|opening|minimum) (?:price|bid)|startpreis|startgebot|mindestgebot|"
                       r"prix de départ|mise à prix|precio (?:de salida|inicial)|prezzo (?:di partenza|base)|"
                       r"base d'asta|начальная цена|cena wywoławcza", re.I)


def _starting_price(blocks: list[tuple[El, str]], price: str) -> bool:
    """Whether the product's part of the page labels ``price`` a starting price ("Starting
    Price $150", "Startpreis" · "150 €")."""
    start = shopview.title_index(blocks)
    for el, text in blocks[start:start + _REGION]:
        if len(text) <= 60 and _STARTING.search(text):
            around = beside_parent(el, text, signed, most=60)
            if any(Decimal(found) == Decimal(price) for m in MONEY.finditer(around) if (found := amount(m))):
                return True
    return False


_BUTTON_INPUTS = {"submit", "button", "image"}


def shop_signal(el: El, keys: list[str]) -> bool:
    """``el`` (with attributes ``keys``) is a loose product itemprop, a price-classed
    element, or a buy button/form."""
    if "itemprop" in keys and el.get("itemprop") in ("price", "offers", "sku"):
        return True
    if "class" in keys:
        lowered = el.get("class", "").lower()
        # (session 23) a box drawn as the buy button around a script link (:func:`buy_box_link`)
        if "price" in lowered or ("buy" in lowered and buy_box_link(el, lowered)):
            return True
    if "id" in keys and "price" in el.get("id", ""):
        return True
    tag = el.tag
    if tag == "button" or (tag == "input" and (el.get("type") or "").lower() in _BUTTON_INPUTS) \
            or (tag == "form" and "action" in keys):
        label = f"{shopview.attrs(el)} {el.get('value', '')} {el.get('action', '')} {el.get('name', '')}" \
            f" {el.get('alt', '')}"
        shown = named(el, text_of(el)) if tag == "button" else None
        if shown is not None:
            label += " " + shown[:80]
        if _BUY.search(label) or bare_buy(el, shown):
            return True
    if "role" in keys and drawn_button(el):
        return drawn_buys(el)
    # a control whose accessible name adds the product to the cart ("Ajouter … à votre panier")
    return tag in NATIVE_CONTROLS and ("title" in keys or "aria-label" in keys) and named_add_to_cart(el)


def _shop_signals(root: El, seen: bool, h1s: list[El] | None = None) -> bool:
    """Loose product itemprops, a price-classed element, or a buy button/form/link: worth
    reading the page for a product.  ``seen``: whether an element with attributes passes
    :func:`shop_signal` (the page's :class:`survey.Survey` found out in its one walk);
    ``h1s`` gets the page's first ``h1`` elements when no signal is found."""
    if seen:
        return True
    links: list[tuple[El, str]] = []  # short links: a buy control drawn as one ("Add to cart")
    for el in root.iter("button", "a", "h1"):  # one walk: buttons without attributes, links, titles
        tag = el.tag
        if tag == "h1":
            if h1s is not None and len(h1s) < 12:
                h1s.append(el)
            continue
        text = text_of(el) if len(el) else (el.text or "")
        if not text or text.isspace():
            text = named(el, text)  # an icon drawn as the control: its accessible name
        if tag == "button":
            if _BUY.search(text[:80]) or bare_buy(el, text):
                return True
        elif len(text) <= 60:
            links.append((el, text))
        elif len(text) <= 400 and "\n" in text and len(said := " ".join(text.split())) <= 60:  # an indented label
            links.append((el, said))
    # the buy words searched once over all the links' texts (a NUL between two texts: no
    # pattern matches across it; the parser removed any NUL from the page), not per link
    if links and _BUY.search("\x00".join(text for _, text in links)):
        return True
    return any(bare_buy(el, text) for el, text in links)


def _priced_title(h1s: list[El]) -> bool:
    """A page whose title (the first shown of its ``h1s`` that is not a site's trail)
    shows an amount with a currency sign in an element of its own ("Washing machine 6kg"
    · "£50"): a classified ad's or a small shop's title with its price."""
    for h1 in h1s:
        if not shopview.shown(h1):
            continue
        if any(len(el) == 0 and el.text and len(el.text) <= 24 and money_only(el.text)
               for el in h1.iter(etree.Element) if el is not h1):
            return True
    return False


def _says_sold_out(h1s: list[El]) -> bool:
    """A page without other shop signals whose title (:func:`shopview.title_among`) is
    followed closely by a block that says only that it is unavailable now ("Currently
    unavailable.", "Actuellement indisponible."): a shop's page of a sold-out product
    (its buy controls are gone)."""
    title = shopview.title_among(h1s, h1s[0].getroottree().getroot()) if h1s else None
    if title is None:
        return False
    blocks = shopview.blocks_after(title, 4 * _NEAR_TITLE)
    name = product_name(title).lower()
    says = {id(el) for el, text in blocks if note(text, 60, name) and (_OUT_NOW.match(text) or only_out(text, name))}
    if not says:
        return False  # the usual answer, found before the costly card test below
    # (session 13) other products' cards and a picker's choices in between do not count
    near = [el for el, _ in blocks if not in_product_row(el) and not one_option(el)]
    return any(id(el) in says and not shopview.hidden_or_other(el) for el in near[:_NEAR_TITLE])


_NEAR_TITLE = 8  # visible blocks after the title


def guess(root: El, url: str, known: Any, structured: bool, seen: Survey,
          meta_price: bool = False) -> dict[str, Any]:
    """Values for the fields ``known`` (a Product) still lacks (``seen``: the page's
    :func:`survey.survey`; ``meta_price``: ``known.price`` comes from meta tags only,
    which often carry the list price the page shows struck beside the price it asks).

    Pages with neither structured product data nor a buy button are left alone: the
    visible-page reading is for shops, and it is the costly part on huge pages."""
    sold_out = priced = False
    h1s: list[El] = []
    signals = structured or _shop_signals(root, seen.shop, h1s)
    # (session 13) a page whose only buy buttons are other products' (a row of cards) is
    # read as one without them: its title says sold out, or shows the price
    if not structured and (not signals or not seen.buy_buttons()):
        if signals:
            h1s = list(islice(root.iter("h1"), 12))
        if not h1s:  # the title drawn without one: the text the document title begins with
            named = shopview.named_by_title(root)
            h1s = [named] if named is not None else []
        sold_out = _says_sold_out(h1s)
        priced = not sold_out and _priced_title(h1s)
        if not signals and not sold_out and not priced:
            return {}
    # the shop readings, imported here: most pages `tabmate extract` reads are not shops,
    # and compiling their patterns is a tenth of a one-page run's start-up
    from native_host.page import pageprice, pagesku
    from native_host.page.buybox import buy_box

    out: dict[str, Any] = dict(_loose_itemprops(root))
    missing = [f for f in ("price", "availability", "sku") if getattr(known, f) is None and f not in out]
    # a code from markup is checked against the one the page shows under a product-code label
    check_sku = "sku" not in missing
    need_currency = known.currency is None and "currency" not in out and known.price is not None
    # markup that says sold out is checked against what a shopper sees
    check_stock = normalise_availability(known.availability) in SOLD_OUT
    if not missing and not check_sku and not need_currency and not check_stock and not meta_price:
        return out
    blocks = shopview.visible_blocks(root)

    def buy() -> str | None:  # (BuyState)
        return _buy_state(seen.buy_buttons())

    if check_stock and not _sold_out_shown(buy, blocks):
        out[UNSURE_STOCK] = True
    if meta_price:  # the amount in the buy box is the price the page asks
        shown = buy_box(seen.buy_buttons(), blocks)[1]
        if shown and Decimal(shown) != Decimal(known.price):
            out["price"], out[SHOWN_PRICE] = shown, True
    if known.price is not None and "price" not in out and _starting_price(blocks, known.price) \
            and any(bid(button) for button in seen.buy_buttons()):
        # an auction whose markup gives the starting price: the page shows the current bid
        shown = pageprice.price_from_page(seen.buy_buttons(), blocks, True)[0]
        if shown and Decimal(shown) > Decimal(known.price):
            out["price"], out[SHOWN_PRICE] = shown, True
    if need_currency:
        currency = pageprice.currency_of_price(blocks, known.price)
        if currency:
            out["currency"] = currency
    if "price" in missing:
        price, currency = pageprice.price_from_page(seen.buy_buttons(), blocks, structured or sold_out or priced)
        if price:
            out["price"] = price
            if currency and getattr(known, "currency", None) is None:
                out.setdefault("currency", currency)
    name = product_name(shopview.title_element(root)).lower() if "availability" in missing else ""
    stock = from_stock_element(blocks, name) if "availability" in missing else None
    looks_like_product = structured or sold_out or stock is not None or "price" in out or known.price is not None
    if "availability" in missing and looks_like_product:
        availability = stock or _availability_from_page(buy, blocks, name)
        if availability:
            out["availability"] = availability
        elif _offered(buy, known, out):
            out["availability"] = "InStock"
    if "sku" in missing and looks_like_product:
        sku = pagesku.sku_from_page(blocks)[0] or pagesku.sku_from_url(root, url, blocks)
        if sku:
            out["sku"] = sku
    elif check_sku:
        # Shops often put an internal or variant id in JSON-LD ``sku`` while the page shows
        # the product code shoppers quote (and search for): the shown one is the product's.
        shown, strong = pagesku.sku_from_page(blocks)
        current = out.get("sku") or getattr(known, "sku", None)
        if shown and strong and shown != str(current):
            out["sku"] = shown
            out[SHOWN_SKU] = True
    return out


SHOWN_SKU = "_sku_shown"
SHOWN_PRICE = "_price_shown"  # the buy box's amount, not the meta tags' one
UNSURE_STOCK = "_stock_unsure"  # markup says sold out, the page offers the product: say nothing
