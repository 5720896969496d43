"""The product's own price on a page without (complete) markup: what a shopper reads in
the buy box, not in the carousels of other products around it.

* Visible text is read in document order (:mod:`shopview`), skipping hidden elements and
  regions that hold *other* products.
* A price is a price-classed element's number, read without struck-through / old-price
  parts, or the amount right after a price label in the page's words ("Cena" · "32 zł"),
  not in one card of a row of like cards (:mod:`tiles`).  Prices after the product title win; a price inside a link is another product's
  tile and is used only when no other price is shown.
* With no price-classed element, an amount with a currency sign in the block that holds
  the add-to-cart button (or a ``price`` / ``data-*price`` attribute on it) is the price
  (:mod:`buybox`); with neither, an amount alone right after the title (with no title to
  tell, right above the buy control).
"""

from __future__ import annotations

import re

from lxml import etree

from native_host.page.buybox import buy_box, part_of_price
from native_host.page.buywords import bid
from native_host.page.lazyre import Lazy
from native_host.page.listprice import sale_price
from native_host.page.money import (AMOUNT, CURRENCY, MONEY, NOT_PRICE, PRICE_CLASS, STRUCK, amount,
                                    beside_parent, money_only, service, shown_signed, shown_text, signed)
from native_host.page.normalise import normalise_price
from native_host.page.shopview import ancestors, attrs, title_at
from native_host.page.tiles import in_product_row

El = etree._Element


def _in_link(el: El) -> bool:
    return el.tag == "a" or any(a.tag == "a" and a.get("href") for a in ancestors(el, 6))


def price_from_page(buttons: list[El], blocks: list[tuple[El, str]],
                    structured: bool = False) -> tuple[str | None, str | None]:
    """(price, currency text) of the product's price; see the module doc (``buttons``: the
    page's :func:`buybox.buy_buttons`; ``structured``: the page has product markup, so it
    sells something even without a buy button found).  (session 20) A list price read
    gives way to the sale price shown beside it with the discount (:mod:`listprice`)."""
    price, currency = _read(buttons, blocks, structured)
    return sale_price(blocks, price, currency)


def _read(buttons: list[El], blocks: list[tuple[El, str]], structured: bool) -> tuple[str | None, str | None]:
    title = title_at(blocks)
    anchor = 0 if title is None else title
    candidates: list[tuple[int, str, str | None, bool, El]] = []
    seen: set[El] = set()  # (elements, not their id(): a proxy's id is reused once it is gone)
    for i, (el, text) in enumerate(blocks):
        if len(text) <= 16 and _PRICE_LABEL.fullmatch(text):
            labelled = _labelled(blocks, i)
            if labelled:
                candidates.append(labelled)
            continue
        if len(text) > 40 or not AMOUNT.search(text) or part_of_price(text):
            continue  # (session 13) not an instalment, a saving… set inside the price's box
        node: El | None = el
        classed = False
        for _ in range(3):  # the price class may sit on a wrapper
            if node is None:
                break
            if NOT_PRICE.search(attrs(node)) or node.tag in STRUCK:
                break
            if PRICE_CLASS.search(attrs(node)):
                classed = True
                break
            node = node.getparent()
        if not classed or node is None or service(node):
            continue
        if node in seen:  # one wrapper, one price
            continue
        seen.add(node)
        whole = shown_text(node)
        m = AMOUNT.search(whole)
        price = normalise_price(m.group(0) if m else text, structured=False)
        if price is None or float(price) == 0:
            continue
        cur = CURRENCY.search(beside_parent(node, whole, CURRENCY.search, most=30))
        candidates.append((i, price, cur.group(0) if cur else None, _in_link(node), node))
    # an amount in one card of a row of like cards is another product's, whatever its class
    # says ("price" on every card of a "You may also like" row)
    candidates = [c for c in candidates if not in_product_row(c[4])]
    box, box_price, box_currency = buy_box(buttons, blocks)
    if box is not None:
        inside = [c for c in candidates if c[4] is box or box in c[4].iterancestors()]
        if inside:
            best = ([c for c in inside if c[2]] or inside)[0]
            return best[1], best[2]
    if box_price:
        return box_price, box_currency
    if not candidates:
        # only on a page that sells something: an article's first amount is no price
        if title is None and buttons:  # (session 21) no title to be near: the buy control
            return near_button(blocks, buttons)
        return near_title(blocks, anchor) if structured or buttons else (None, None)
    own = [c for c in candidates if not c[3]]
    if not (structured or buttons) and title is not None:
        # (session 15) nothing says the page sells one thing (no markup, no buy button): a
        # price counts only where a shop shows it, with the title — not a price-classed line
        # far down an article (a day ticket's "85 Euro" in a guide to outings).  A page whose
        # title cannot be told (a classified ad drawn without h1 or <title>) keeps its price.
        own = [c for c in own if title <= c[0] < title + _NEAR_TITLE]
    if not own:
        return None, None  # only other products' tiles
    after = [c for c in own if c[0] >= anchor]
    with_currency = [c for c in (after or own) if c[2]]
    best = (with_currency or after or own)[0]
    return best[1], best[2]


# a price's label in the page's words, where its class name would say it ("Cena" · "32 zł")
_PRICE_LABEL = Lazy(r"(?:price|preis|prix|precio|prezzo|preço|prijs|cena|cijena|hinta|pris|ár|fiyat|"
                          r"hind|kaina|preț|pret|τιμή|цена|ціна|מחיר|السعر|価格|价格|價格|가격|giá|"
                          # (session 9) more languages, and the price a sale asks
                          r"harga|ราคา|presyo|verð|قیمت|कीमत|(?:sale|special|offer|our|your) price|price now|"
                          r"angebotspreis|sonderpreis|aktionspreis|unser preis|prix promo|precio (?:oferta|especial)|"
                          r"prezzo (?:scontato|offerta)|cena promocyjna|aanbiedingsprijs|tarjoushinta|akciós ár)\s*:?", re.I)


def _labelled(blocks: list[tuple[El, str]], i: int) -> tuple[int, str, str | None, bool, El] | None:
    """The candidate (as in :func:`price_from_page`) that the price label ``blocks[i]``
    names: the amount with a currency sign in one of the next three blocks."""
    for el, text in blocks[i + 1:i + 4]:
        if len(text) > 40:
            return None
        if not AMOUNT.search(text):
            continue
        # (its whole text: the cents may sit in a child, "£48<sup>99</sup>"); "32" · "zł"
        text = shown_signed(el, text)
        m = MONEY.search(text) if len(text) <= 40 else None
        if m is None or any(a.tag in STRUCK for a in (el, *ancestors(el, 3))):
            continue
        if part_of_price(text):  # (session 13) "or 3 payments of £16.33" set between label and price
            continue
        price = amount(m)
        if price and float(price) > 0:
            cur = CURRENCY.search(m.group(0))
            return i, price, cur.group(0) if cur else None, _in_link(el), el
    return None


_NEAR_TITLE = 30  # visible blocks after the title where the product's price is shown


def near_title(blocks: list[tuple[El, str]], anchor: int) -> tuple[str | None, str | None]:
    """With no price-classed element and no buy box price: the first text right after the
    product's title that is an amount with a currency sign and nothing else ("€129.00"),
    not struck through, not in a link or a row of cards (other products' tiles, which do
    not count in the blocks looked at either)."""
    if not blocks or title_at(blocks) is None:
        return None, None  # no title to be near
    return _amount_alone(blocks[anchor:], _NEAR_TITLE)


_BEFORE_BUTTON = 12  # visible blocks before the buy control where its price is shown


def near_button(blocks: list[tuple[El, str]], buttons: list[El]) -> tuple[str | None, str | None]:
    """(session 21) On a page whose title cannot be told (no ``h1``, a document title that
    names no shown text): the first amount alone, as :func:`near_title` reads it, in the
    few blocks before the first buy control — a shop shows the price above its button."""
    first = buttons[0]
    if bid(first):
        return None, None  # (the next bid shown above it is not the price)
    at = next((i for i, (el, _) in enumerate(blocks) if el is first or any(a is first for a in ancestors(el, 4))),
              None)
    return (None, None) if at is None else _amount_alone(blocks[max(0, at - _BEFORE_BUTTON):at], _BEFORE_BUTTON)


def _amount_alone(blocks: list[tuple[El, str]], budget: int) -> tuple[str | None, str | None]:
    for el, text in blocks:
        if budget <= 0:
            break
        if in_product_row(el):  # a row of other products' cards between the title and the price
            continue
        budget -= 1
        if len(text) > 24:
            continue
        text = beside_parent(el, shown_text(el) if len(el) else text, lambda t: money_only(t) and signed(t),
                             ok=lambda _, short=len(text) <= 24: short)
        if len(text) > 24 or not money_only(text) or _in_link(el) \
                or any(a.tag in STRUCK or NOT_PRICE.search(attrs(a)) for a in (el, *ancestors(el, 3))):
            continue
        price = amount(MONEY.search(text))
        if price:
            cur = CURRENCY.search(text)
            return price, cur.group(0) if cur else None
    return None, None


def currency_of_price(blocks: list[tuple[El, str]], price: str) -> str | None:
    """The currency sign shown with ``price`` on the page (for markup without a currency):
    the first short visible text whose amount with a currency sign equals the price."""
    from decimal import Decimal

    want = Decimal(price)
    for el, text in blocks:
        if len(text) > 40 or not AMOUNT.search(text) or part_of_price(text):
            continue  # (session 13) not an instalment, a saving… set inside the price's box
        for node in (el, el.getparent()):
            if node is None:
                continue
            whole = shown_text(node) if node is not el else text
            for m in MONEY.finditer(whole if len(whole) <= 60 else text):
                found = amount(m)
                if found is not None and Decimal(found) == want:
                    return CURRENCY.search(m.group(0)).group(0)
    return None
