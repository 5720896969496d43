"""Shops that do not name the product in an ``h1`` (issue 15, session 10): a ``div`` or a
``span`` holds the name, or the ``h1`` is kept for the logo. The product's title is then
the visible text the page's ``<title>`` names it by — the anchor the price after the
title and the product's part of the page are read from."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.shopview import title_at, visible_blocks
from tests.page.test_product_shops import product_of

_PRODUCT = '<script type="application/ld+json">{"@type":"Product","name":"Boots"}</script>'


def _head(title: str, more: str = "") -> str:
    return f"<title>{title}</title>{more}"


@pytest.mark.parametrize("body, price", [
    # the amount alone after the title (no price class, no buy button)
    ("<div class='x1'>Menu</div><div class='x2'>Flat boots with track soles</div><div class='x3'>69,95 €</div>", "69.95"),
    # a price-classed amount before the title (a basket's) is not the product's
    ("<header><span class='cart-price'>22,20 €</span></header><div class='x2'>Flat boots with track soles</div>"
     "<span class='price'>12,99 €</span>", "12.99"),
])
def test_a_title_named_by_the_document_title_anchors_the_price(body: str, price: str) -> None:
    p = product_of(body, _head("Flat boots with track soles | Zara Belgium", _PRODUCT))
    assert p is not None and p.price == price


@pytest.mark.parametrize("body, expected", [
    # the shop's name is in the title too: the longer text, the product's, is the title
    ("<div>Zara Belgium Online Shop</div><div>Flat boots with track soles</div>", "Flat boots with track soles"),
    # a trail's link named like the product is not its title
    ("<nav><a href='/b'>Flat boots with track soles</a></nav><div>Flat boots with track soles</div>",
     "Flat boots with track soles"),
    # too short a part of the title names nothing
    ("<div>Zara</div><div>Shoes</div>", None),
    # an h1 is the title, whatever the document title says
    ("<div>Flat boots with track soles</div><h1>Boots</h1>", "Boots"),
])
def test_the_title_without_an_h1(body: str, expected: str | None) -> None:
    blocks = visible_blocks(parse(f"<html><head>{_head('Flat boots with track soles | Zara Belgium Online Shop')}</head>"
                                  f"<body>{body}</body></html>"))
    at = title_at(blocks)
    assert (None if at is None else blocks[at][1]) == expected
    if expected and "<nav>" in body:
        assert blocks[at][0].tag == "div"
