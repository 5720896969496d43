"""Stock wording the page shows, weighed with what is around it (moved out of
:mod:`heuristics` in session 20, output identical): a stock-named element's wording, and
whether out-of-stock wording speaks for the product or for one of its choices (a size
picker's "XL · sold out"), one offer of a list, a state label of the buy control, or
another product's card.
"""

from __future__ import annotations

import re

from lxml import etree

from native_host.page import shopview
from native_host.page.buywords import BUY as _BUY
from native_host.page.lazyre import Lazy
from native_host.page.money import MONEY
from native_host.page.parse import text_of
from native_host.page.render import shown_text
from native_host.page.stock import NOTIFY, OUT, wording
from native_host.page.tiles import in_product_row

El = etree._Element

_STOCK_CLASS = Lazy(r"stock|availab|inventory|lieferbar|verfuegbar", re.I)


def _around(el: El) -> str:
    """The short text of the block holding ``el`` (a label beside a stock message)."""
    own = " ".join(shown_text(el).split())
    for node in shopview.ancestors(el, 3):  # past wrappers (<strong>) that hold only this text
        if node.tag in ("body", "html", "main", "form"):
            return ""
        text = " ".join(shown_text(node).split())  # (session 23) its boxes' texts apart
        if text != own:
            return text if len(text) <= 80 else ""
    return ""


def says(el: El, text: str) -> str | None:
    """:func:`stock.wording` of ``el``'s text, out-of-stock wording weighed with the label
    beside it (looked up only then: it is rare).  (session 20) An offer to be told when it is
    back (:data:`stock.NOTIFY`) is no statement of the product's stock: "other".  (session 21)
    A colour or size that the product's own name holds, where the text or the label beside
    it shows the name ("FJANTIG Hook, black – Sold out"), is no other subject."""
    said = wording(text)
    if said is not None and NOTIFY.search(text):
        return "other"
    if said == "other":
        said = _besides_name(el, text, "")
    if said != "out":
        return said
    if one_option(el) or _one_offer(el) or _state_label(el) or in_product_row(el):
        return "other"
    around = _around(el)
    said = wording(text, around)
    return _besides_name(el, text, around) if said == "other" else said


def _besides_name(el: El, text: str, around: str) -> str | None:
    """The wording of ``text`` (with ``around``) read without the product's name (its
    title's text) where they show it; "other" when they do not."""
    name = product_name(shopview.title_element(el.getroottree().getroot()))
    if not name or name.lower() not in " ".join(f"{text} {around}".split()).lower():
        return "other"
    return wording(without(text, name), without(around, name))


_NAME_CHARS = 8  # a shorter name is not told from a colour or size word ("Red", "XL")


def product_name(title: El | None) -> str:
    """The product's name as its title shows it (white space collapsed), or "" when there is
    no title or the name is too short to be told from a word of a stock note.  (session 23)
    A title drawn in boxes is read with its boxes' texts apart (:func:`render.shown_text`)."""
    name = " ".join(shown_text(title).split()) if title is not None else ""
    return name if len(name) >= _NAME_CHARS else ""


def without(text: str, name: str) -> str:
    """``text`` without ``name`` wherever it shows it (any case)."""
    return re.sub(re.escape(name), " ", " ".join(text.split()), flags=re.I)


def only_out(text: str, name: str = "") -> bool:
    """(session 21, moved from :mod:`heuristics`) Whether ``text`` says nothing but that the
    product is out of stock, in the words shops use ("Sold out", "Épuisé", "Ausverkauft",
    "Agotado", "売り切れ"), maybe beside the product's ``name`` (its title's text in lower case,
    of at least 8 characters, or "": "Wool coat – Sold out")."""
    if name and len(text) > len(name) and name in " ".join(text.split()).lower():
        text = without(text, name)
    said = text.strip(" .!:·–—-()[]*").lower()
    return len(said) <= 30 and OUT.fullmatch(said) is not None


def note(text: str, most: int, name: str) -> bool:
    """(session 23) Whether ``text`` is short enough to be read as a stock note: under
    ``most`` characters, or — however long the product's ``name`` (lower case, or "") — that
    name and nothing else but that it is out of stock ("Halloween Zombie Scars Tattoos Fake
    Blood Scab Scar Wound Costume Make-Up Kit UK – Sold out", "Épuisé : …")."""
    return len(text) < most or (bool(name) and len(text) < most + len(name) and only_out(text, name))


def _state_label(el: El) -> bool:
    """Whether ``el`` is one of the state labels a shop's template puts in its enabled
    add-to-cart control, beside its buy words — "Dodaj do koszyka" · "Produkt niedostępny",
    the one not in force hidden by a style sheet: the control, not the label, says whether
    the product can be bought (a control that says only "Sold out" is not one)."""
    for node in (el, *shopview.ancestors(el, 4)):
        if node.tag in ("a", "button"):
            return not_disabled(node) and bool(_BUY.search(text_of(node)[:200]))
    return False


_OPTION_TAGS = {"li", "button", "label", "a", "td"}


_BESIDE_TITLE = 80  # characters beside the title's in its own box: a note, a price


def _title_box(node: El) -> bool:
    """Whether ``node`` is the product's title's own small box — it holds the title
    (:func:`shopview.title_element`) and at most a note and a price beside it — which is
    not one of a row of choices or offers (a layout table's cell holding the whole product
    block is not such a box: its other cells' shapes say nothing)."""
    title = shopview.title_element(node.getroottree().getroot())
    if title is None or not (title is node or any(a is node for a in title.iterancestors())):
        return False
    most, size = len(text_of(title)) + _BESIDE_TITLE, 0
    for text in node.itertext():
        size += len(text.strip())
        if size > most:
            return False
    return True


def one_option(el: El) -> bool:
    """Whether ``el`` is (in) one of a row of like choices — a size or colour picker's
    "XL · sold out" — rather than a message about the product.  (session 23) Not when that
    row's item is the title's own small box: a note there speaks for the product."""
    for node in (el, *shopview.ancestors(el, 2)):
        parent = node.getparent()
        if node.tag in _OPTION_TAGS and parent is not None:
            like = sum(1 for sib in parent if sib.tag == node.tag)
            if like >= 3:
                return not _title_box(node)
    return False


def _one_offer(el: El) -> bool:
    """Whether ``el`` is in one of a list of offers drawn with any tags — a comparison
    site's rows of shops or variants, each with its own price and stock ("Out of Stock" ·
    "₹2,900" in one row, "₹2,999" · "Shop Now" in the next): a row (within three levels)
    that shows an amount beside a sibling of the same shape (same tag, same children's
    tags) that shows one too.  (session 23) Not when that row is the title's own small box
    (title, note and price) beside an upsell box of the same shape."""
    for node in shopview.ancestors(el, 3):
        parent = node.getparent()
        if parent is None or len(parent) > 200 or len(node) < 2:
            continue
        shape = [child.tag for child in node]
        like = [sib for sib in parent if sib is not node and sib.tag == node.tag and len(sib) == len(shape)
                and [child.tag for child in sib] == shape]
        if like and MONEY.search(text_of(node)[:400]) and any(MONEY.search(text_of(sib)[:400]) for sib in like[:8]):
            return not _title_box(node)
    return False


def from_stock_element(blocks: list[tuple[El, str]], name: str = "") -> str | None:
    """Stock wording inside an element whose class/id says stock/availability (``name``:
    the product's, for :func:`note`)."""
    for el, text in blocks:
        if not note(text, 80, name):
            continue
        said = says(el, text)
        found = "OutOfStock" if said == "out" else "InStock" if said == "in" else None
        if found and any(_STOCK_CLASS.search(shopview.attrs(node)) for node in (el, *shopview.ancestors(el, 2))):
            return found
    return None


def not_disabled(el: El) -> bool:
    """Whether the control ``el`` is not marked disabled (attribute, ARIA state or class)."""
    return el.get("disabled") is None and el.get("aria-disabled") != "true" \
        and "disabled" not in (el.get("class") or "")
