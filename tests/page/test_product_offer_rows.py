"""Lists of offers drawn with any tags (issue 15, session 11): on a comparison site each row
of shops or variants shows its own price and stock. Out-of-stock wording in one such row
says nothing about the product when the row sits beside another of the same shape that
shows an amount too — whether the rows are ``tr``s or ``div``s drawn as a grid."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of

_LD = '<script type="application/ld+json">{"@type":"Product","name":"Ceiling fan","sku":"F-1"}</script>'


def _row(tag: str, cell: str, name: str, stock: str, price: str, link: str) -> str:
    return (f"<{tag} class='r1'><{cell} class='n'><a href='/go/{name}'>{name}</a></{cell}>"
            f"<{cell} class='s'><strong>{stock}</strong></{cell}><{cell} class='p'>{price}</{cell}>"
            f"<{cell}><a href='/go/{name}' class='b'>{link}</a></{cell}></{tag}>")


@pytest.mark.parametrize("tag, cell", [("div", "div"), ("li", "span"), ("tr", "td")])
def test_out_of_stock_in_one_row_of_offers_is_not_the_products_stock(tag: str, cell: str) -> None:
    rows = (_row(tag, cell, "Fan, golden", "FREE shipping", "₹2,999", "Shop Now")
            + _row(tag, cell, "Fan, white", "Out of Stock", "₹2,900", "Out of Stock"))
    holder = {"tr": "table", "li": "ul"}.get(tag, "div")
    p = product_of(f"<h1>Ceiling fan</h1><p>₹2,433</p><{holder} class='x'>{rows}</{holder}>", _LD)
    assert p is not None and p.availability != "OutOfStock"


@pytest.mark.parametrize("beside", [
    "<div class='d'><p>Three blades.</p><p>1250 mm.</p></div>",
    # a block of the same shape beside it that shows no amount: not a row of offers
    "<div class='d'><span>Colour</span><strong>White</strong></div>",
])
def test_the_products_own_out_of_stock_beside_its_price_is_still_read(beside: str) -> None:
    p = product_of("<h1>Ceiling fan</h1><div class='x'><div class='g'><img src='a.jpg'><img src='b.jpg'></div>"
                   f"<div class='bb'><span>₹2,433</span><strong>Out of Stock</strong></div>{beside}</div>", _LD)
    assert p is not None and p.availability == "OutOfStock"
