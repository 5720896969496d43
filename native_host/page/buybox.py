"""The product's buy controls and the buy box around them: the add-to-cart / buy-now
buttons of the product itself (not of the products in carousels and recommendation
blocks), and the amount with a currency sign that the box around the first of them
shows — not one inside another link, button or choice control (a delivery option,
another offer), nor one labelled beside it as a list price or a service — or else a
``price`` / ``data-*price`` attribute on the button or its form.
"""

from __future__ import annotations

import re
from typing import Iterable

from lxml import etree

from native_host.page.buywords import BUY, NATIVE_CONTROLS, bare_buy, bid, in_buy_box, named, named_add_to_cart
from native_host.page.lazyre import Lazy
from native_host.page.minicart import in_cart
from native_host.page.money import (AMOUNT, CURRENCY, MONEY, NOT_PRICE, STRUCK, amount, beside_parent, service,
                                    service_words, shown_text, signed)
from native_host.page.normalise import normalise_price
from native_host.page.parse import text_of
from native_host.page.shopview import ancestors, attrs, hidden_or_other
from native_host.page.tiles import in_product_row

El = etree._Element


def buy_buttons(root: El, drawn: Iterable[El] = ()) -> list[El]:
    """Visible add-to-cart / buy-now buttons (and forms) of the product itself, not of the
    products in carousels and recommendation blocks nor the checkout button of the shop's
    cart box (:mod:`minicart`); with them, in document order, those
    of ``drawn``, elements drawn as buttons (``<div role="button">``) whose short label
    buys (not a whole product card a script made clickable)."""
    out = []
    drawn = {el: None for el in drawn}
    # in document order, the drawn ones among the others: the first is the product's
    tags = {"button", "input", "a", "form", *(el.tag for el in drawn if isinstance(el.tag, str))}
    for el in root.iter(*tags):
        if el.tag not in _CONTROL_TAGS and el not in drawn:
            continue
        label = f"{attrs(el)} {el.get('name', '')} {el.get('value', '')} {el.get('action', '')}"
        shown = named(el, text_of(el)) if el.tag != "form" else ""
        if el.tag != "form":
            said = " ".join(shown.split())
            if len(said) > 60 and el.tag not in _CONTROL_TAGS:
                continue
            label += " " + said[:60]
        if (BUY.search(label) or bare_buy(el, shown) or (el.tag != "form" and named_add_to_cart(el))
                or (el.tag == "a" and in_buy_box(el))) \
                and not hidden_or_other(el) and not in_product_row(el) and not in_cart(el):
            out.append(el)
            if len(out) >= 20:
                break
    return out


_CONTROL_TAGS = {"button", "input", "a", "form"}
_NOT_THE_PRICE = Lazy(r"\b(?:save|saving|you save|was|statt|uvp|rrp|msrp|free|gratis|"
                            r"gratuit|shipping|delivery|versand|livraison|envío|"
                            # (session 12) a part of the price: an instalment, a monthly rate, a saving
                            r"payments?|instal+ments?|interest-free|monthly|per month|a month|paiements?|"
                            r"mensualités?|fois sans frais|raten|monatlich|cuotas|plazos|mensualidades|"
                            r"parcelas|rate da|rate mensili|sparen|économisez|ahorras?|risparmi|"
                            # (session 13) the same in more of the languages shops write: "o 3 rate
                            # senza interessi da", "4 pagos sin intereses", "12x de R$ … sem juros",
                            # "4 raty 0% po", "4 платежа по", "in 3 termijnen", "taksit", "splátky"
                            r"\d+ rate|senza interessi|pagos|sin intereses|sans frais|zinsfrei|sem juros|"
                            r"\d+\s?x de|raty|rat|platby|splátk[ay]|splátek|részlet|taksit|termijnen|per maand|"
                            r"delbetalning|платеж[аейи]?|рассрочк[аиу]|в месяц|"
                            # and a saving: "Экономия $62.00", "Oszczędzasz", "U bespaart", "Economize"
                            r"экономия|выгода|oszczędzasz|oszczędność|bespaar|bespaart|economi[zs]e|"
                            r"economia de|ušetříte|úspora|megtakarítás|säästät|du sparar|spar(?:er)? (?=\d))\b|"
                            r"/\s?(?:mo|month|mois|monat|mes|мес|mån|kk)\b|省|原價|原价", re.I)

# an amount per quantity, whatever the words around it: "4,00 € / 100 g", "$1.20/lb", "12 zł/m²"
# (not per piece: "997 zł/szt." is the price)
_PER_UNIT = Lazy(r"\d(?:\s?(?:[^\w\s/]{1,3}|[^\W\d_]{1,3}\$?))?\s?/\s?(?:\d+\s?)?"
                 r"(?:[mk]?g|[mcd]?l|[cm]?m[²³23]?|lbs?|oz|кг|г|л|м[²³]?)\.?(?!\w)", re.I)


def buy_box(buttons: list[El], blocks: list[tuple[El, str]]) -> tuple[El | None, str | None, str | None]:
    """(box, price, currency text): the smallest block (of at most 60 visible text
    elements) around the first of the page's :func:`buy_buttons` that shows an amount with
    a currency sign, and that amount — or a ``price`` / ``data-*price`` attribute on the
    button or its form (box None then)."""
    own = {id(el): text for el, text in blocks}
    visible = own.keys()
    old: dict[str, tuple[El, str | None]] = {}  # amounts marked only as an old price
    for n, button in enumerate(buttons):
        if bid(button):
            continue  # beside a bid button: the next bid, not the price
        for box in (button, *ancestors(button, 10)):
            shown = [el for el in box.iter(etree.Element) if id(el) in visible]
            if len(shown) > 60:
                break
            passed: set[El] = set()  # not the price, with what they hold ("36<sup>€53</sup>")
            for i, el in enumerate(shown):
                if any(a in passed for a in ancestors(el, 3)):
                    continue
                if el.tag in STRUCK or NOT_PRICE.search(attrs(el)) or service(el):
                    passed.add(el)
                    found = _old_price(el) if n == 0 else None
                    if found:
                        old.setdefault(found[0], (box, found[1]))
                    continue
                if _in_other_control(el, box, button):
                    continue
                mine = shown_text(el)
                # (not the buy button's parent: its text holds the other controls beside it)
                text = beside_parent(el, mine, signed, ok=lambda parent: el is not button and id(
                    parent) not in visible and parent is not box.getparent() and not NOT_PRICE.search(attrs(parent)))
                judged = len(text) <= 40
                price = amount(MONEY.search(text)) if judged and not part_of_price(text) else None
                if price and float(price) > 0 and not _labelled_not_price(
                        shown[i - 1] if i else None, el, own, text is not mine) and not in_product_row(el):
                    cur = CURRENCY.search(text)
                    return box, price, cur.group(0) if cur else None
                if judged and len(el) and MONEY.search(mine):
                    passed.add(el)  # its amount was weighed whole: its cents are not read alone
        # no amount shown beside the button: its own price attribute (after the shown
        # amounts: a shop may put the list price there, which it shows struck)
        for holder in (button, *(a for a in ancestors(button, 3) if a.tag == "form")):
            for name, value in holder.items():
                if (name == "price" or (name.startswith("data-") and name.endswith("price"))) \
                        and normalise_price(value, structured=False):
                    return None, normalise_price(value, structured=False), None
    if len(old) == 1:  # the only amount beside the button, named "old" by the shop's theme
        (price, (box, cur)), = old.items()
        return box, price, cur
    return None, None, None


def _in_other_control(el: El, box: El, button: El) -> bool:
    """Whether ``el`` is in a link, button or choice control of the box other than the buy
    button: the price of an option (a delivery choice, a warranty term) or of another offer
    ("see one more offer at …"); (session 18) a link without an address is a control a
    script drives, like one drawn as a button."""
    node: El | None = el
    while node is not None and node is not box:
        if node is not button and _control(node):
            return True
        node = node.getparent()
    return False


def _control(node: El) -> bool:
    """Whether ``node`` is a control: a button, a link, a choice control, one drawn as a
    button (a short label: not a whole card), or one of a row of click-handler choices."""
    if node.tag == "button" or (node.tag == "a" and node.get("href")) or node.get("role") in _CHOICES:
        return True
    drawn = node.get("role") == "button" or (node.tag == "a" and not node.get("href"))
    return (drawn and len(text_of(node)) <= 80) or _one_choice(node)


def _one_choice(el: El) -> bool:
    """(session 20) Whether ``el`` is one of a row of choices drawn with click handlers —
    an element other than a link, button or input whose handler is in the markup, with a
    short label (≤ 80 characters), beside a sibling that has one too: delivery or pick-up
    ("Lieferbar · CHF 7.95" · "Filiale wählen"), a pack size ("2 boxes $1,638").  A lone
    handler on the price's own wrapper is not a choice."""
    if el.get("onclick") is None or el.tag in NATIVE_CONTROLS or len(text_of(el)) > 80:
        return False
    return any(isinstance(s.tag, str) and s.get("onclick") is not None
               for s in (*el.itersiblings(preceding=True), *el.itersiblings()))


# the roles of a form control drawn without one (a warranty term picked in a styled select),
# not "button" or "link": a whole product card may be one
_CHOICES = {"combobox", "listbox", "option", "textbox", "radio", "checkbox", "switch", "spinbutton"}


def _labelled_not_price(before: El | None, el: El, own: dict[int, str], in_parent: bool) -> bool:
    """Whether the amount read at ``el`` is labelled as one that is not the price the
    product sells for — a list price ("UVP" · "€ 149,99"), a delivery fee ("Eeldatav tarne" ·
    "10,99 €") — by ``el``'s own text when the amount is its parent's (``in_parent``), else
    by the visible text ``before`` it, beside it (a wrapper within two levels holds both)."""
    if in_parent:
        return _not_price_words(own.get(id(el), ""))
    if before is None or not _not_price_words(own.get(id(before), "")):
        return False
    near = list(ancestors(el, 2))  # the elements themselves: a dead proxy's id is reused
    return any(a is b for a in ancestors(before, 2) for b in near)


def part_of_price(text: str) -> bool:
    """Whether the short ``text`` around an amount says it is an instalment, a saving, a
    list price, a service or an amount per quantity — not the price itself."""
    return bool(_NOT_THE_PRICE.search(text) or _PER_UNIT.search(text))


def _not_price_words(label: str) -> bool:
    return len(label) <= 60 and not AMOUNT.search(label) and bool(
        _NOT_THE_PRICE.search(label) or service_words(label)) or _counted(label)


# (session 22) an instalment's count before its amount, the amount in an element of its own:
# "4x" · "€29,75", "or 4 interest-free payments of" · "$12.50", "oder 4 Raten à" · "29,75 €" (not a
# pack's "4 x 250 ml": the count is the label's one number, and "4x" ends it)
_COUNTED = Lazy(r"(?<![\d.,])\d{1,2}\s?(?:[x×]\s?(?:de|à|a|of|von|po|da|por)?\W*$|(?:[\w-]+\s){0,2}?(?:payments?|"
                r"instal+ments?|paiements?|mensualités?|raten|rate|cuotas|pagos|plazos|mensualidades|parcelas|raty|rat|"
                r"platby|splátk[ay]|részlet|taksit|termijnen|платеж[аейи]?)\b)", re.I)
_NUMBER = Lazy(r"\d+(?![\d.,]*\s?%)")  # (not a rate: "4 raty 0% po")


def _counted(label: str) -> bool:
    """Whether ``label`` (no amount with a currency of its own) counts the instalments the
    amount after it pays."""
    return len(label) <= 40 and _COUNTED.search(label) is not None and len(_NUMBER.findall(label)) == 1 \
        and not MONEY.search(label)


# class words of an old price: the only price a buy box shows may still carry one of them
# ("price-old-live"), not a word of a struck, unit, tax or instalment price
_OLD = Lazy(r"old|was|regular|list|orig|before|compare", re.I)


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
