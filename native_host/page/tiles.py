"""Tiles of other products: a card in a row of like cards, each showing its own amount —
a "You may also like" carousel, a "Customers also bought" grid, a recently-viewed strip.

Their class names often say so (:func:`shopview.other_products`), but not on every shop
(names a build tool made up, or words in the shop's language), so this reads the shape
instead: a buy button or an amount whose card (within six levels) has at least two
siblings of the same tag and class that show an amount too, and which all lead away (a link to
another page, or a picture: not the rows of the product's own price table, one of which may
hold a payment provider's logo or anything else a shop put beside its price) belongs to one of a list
of products, not to the product the page is about (:func:`buybox.buy_buttons` leaves such
buttons out, :func:`pageprice.near_title` such amounts). The product's own block never counts (it holds the
``h1``).
"""

from __future__ import annotations

from itertools import islice

from lxml import etree

from native_host.page.hrefs import href_of, leads_away
from native_host.page.money import MONEY
from native_host.page.shopview import among_other_products

El = etree._Element

_LEVELS = 6  # a button sits in a card within this many levels (card > body > form > button); (session 22)
# an amount sits deeper in some: li > div > div > div > div > p.price (a "People who viewed this item" row)
_CARD = 80  # elements: more is a page's block, not a product card
_LIKE = 2  # other cards of the same shape, each with an amount: a row, not a pair of choices


def in_product_row(el: El) -> bool:
    """Whether ``el`` (a buy button, an amount) is in one card of a row of like cards that each show an
    amount (see the module doc)."""
    node = el
    for _ in range(_LEVELS):
        parent = node.getparent()
        if parent is None or parent.tag in ("body", "html"):
            return False
        if sum(1 for _ in islice(node.iter(), _CARD)) >= _CARD:
            return False  # grown past a card: the page's own block
        if _LIKE + 1 <= len(parent) <= 200:
            like = [sib for sib in parent if sib is not node and sib.tag == node.tag
                    and sib.get("class") == node.get("class")]
            if len(like) >= _LIKE and _shows_amount(node) and not _holds_title(node) and _leads_away(node) \
                    and sum(1 for sib in like[:12] if _shows_amount(sib) and _leads_away(sib)) >= _LIKE:
                return True
        node = parent
    return False


def _shows_amount(node: El) -> bool:
    """An amount with a currency in the card's text, its pieces read apart ("Tote" ·
    "EUR19,99" · "Add to cart" run together would hide it)."""
    return any(_not_zero(m.group(0)) for m in MONEY.finditer(" ".join(islice(node.itertext(), 40))[:400]))


def _not_zero(money: str) -> bool:
    """(session 23) An amount of nothing is no card's price: "跨店宅配0元免運" (free delivery),
    "$0 shipping" in a product's own buy box."""
    return any(c in "123456789" for c in money)


def _leads_away(node: El) -> bool:
    """A card leads to its product's own page (a link away, or its picture); the rows of a
    product's own price table (list price · price · you save, each a ``tr``) do not."""
    for el in islice(node.iter("a", "img", "picture"), 20):
        if el.tag != "a":
            return True
        if leads_away(href_of(el)):
            return True
    return False


def _holds_title(node: El) -> bool:
    return next(node.iter("h1"), None) is not None


def of_other_products(el: El) -> bool:
    """Whether ``el`` belongs to another product: a card of a row of like cards, or a block
    whose class names say it lists other products (:func:`shopview.other_products`) — not
    whether it is hidden (a product's own ``<meta itemprop>`` often sits in a hidden box)."""
    return in_product_row(el) or among_other_products(el)
