"""The product's buy controls and the buy box around them: the add-to-cart / buy-now
buttons of the product itself (not of the products in carousels and recommendation
blocks), and the amount with a currency sign that the box around the first of them
shows (or a ``price`` / ``data-*price`` attribute on the button or its form).
"""

from __future__ import annotations

import re

from lxml import etree

from native_host.page.buywords import BUY, bare_buy, bid, named_add_to_cart
from native_host.page.money import CURRENCY, MONEY, NOT_PRICE, STRUCK, amount, beside_parent, service, shown_text
from native_host.page.normalise import normalise_price
from native_host.page.parse import text_of
from native_host.page.shopview import ancestors, attrs, hidden_or_other

El = etree._Element


def buy_buttons(root: El) -> list[El]:
    """Visible add-to-cart / buy-now buttons (and forms) of the product itself, not of the
    products in carousels and recommendation blocks."""
    out = []
    for el in root.iter("button", "input", "a", "form"):
        label = f"{attrs(el)} {el.get('name', '')} {el.get('value', '')} {el.get('action', '')}"
        shown = text_of(el) if el.tag != "form" else ""
        if el.tag != "form":
            label += " " + " ".join(shown.split())[:60]
        if (BUY.search(label) or bare_buy(el, shown) or (el.tag != "form" and named_add_to_cart(el))) \
                and not hidden_or_other(el):
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
                if el.tag in STRUCK or NOT_PRICE.search(attrs(el)) or service(el):
                    found = _old_price(el) if n == 0 else None
                    if found:
                        old.setdefault(found[0], (box, found[1]))
                    continue
                if _in_other_control(el, box, button):
                    continue
                text = beside_parent(el, shown_text(el), MONEY.search, ok=lambda parent: id(
                    parent) not in visible and parent is not box.getparent() and not NOT_PRICE.search(attrs(parent)))
                price = amount(MONEY.search(text)) if len(text) <= 40 and not _NOT_THE_PRICE.search(text) else None
                if price and float(price) > 0:
                    cur = CURRENCY.search(text)
                    return box, price, cur.group(0) if cur else None
    if len(old) == 1:  # the only amount beside the button, named "old" by the shop's theme
        (price, (box, cur)), = old.items()
        return box, price, cur
    return None, None, None


def _in_other_control(el: El, box: El, button: El) -> bool:
    """Whether ``el`` is in a link or button of the box other than the buy button: the
    price of an option (a delivery choice) or of another offer ("see one more offer at …")."""
    node: El | None = el
    while node is not None and node is not box:
        if node is not button and (node.tag == "button" or (node.tag == "a" and node.get("href"))):
            return True
        node = node.getparent()
    return False


# class words of an old price: the only price a buy box shows may still carry one of them
# ("price-old-live"), not a word of a struck, unit, tax or instalment price
_OLD = re.compile(r"old|was|regular|list|orig|before|compare", re.I)


def _old_price(el: El) -> tuple[str, str | None] | None:
    """(price, currency text) of an amount the shop's theme names an old price but does
    not strike through, and names for nothing else (no unit, tax, instalment word)."""
    named = attrs(el)
    if not _OLD.search(named) or NOT_PRICE.search(_OLD.sub("", named)) \
            or el.tag in STRUCK or any(a.tag in STRUCK for a in ancestors(el, 3)):
        return None
    m = MONEY.search(shown_text(el))
    price = amount(m)
    if not price or float(price) <= 0:
        return None
    cur = CURRENCY.search(m.group(0))  # type: ignore[union-attr]
    return price, cur.group(0) if cur else None
