"""Prices drawn in pieces (issue 15, session 10), as big shops' themes draw them: the sign,
the whole units and the cents in elements of their own ("€" · "12" · "," · "99"), the
cents after the sign in a ``<sup>`` ("12<sup>€99</sup>"), or the cents in a ``<sup>`` with
the sign after them ("12<sup>99</sup> €") — read as one amount, and the pieces of an
amount that is not the price (a tax line, a delivery fee) not read alone."""

from __future__ import annotations

import pytest

from native_host.page.money import shown_text
from native_host.page.parse import parse
from tests.page.test_product_shops import product_of


@pytest.mark.parametrize("markup, text", [
    ("<span>€<span>12<span>,</span></span><span>99</span></span>", "€ 12.99"),
    ("<span><span>12</span><span>,</span><span>99</span><span> €</span></span>", "12.99 €"),
    ("<span>12<sup>€99</sup></span>", "12.99 €"),
    ("<span>12<sup>99</sup> €</span>", "12.99 €"),
    ("<span>1.299<sup>00</sup> €</span>", "1.299,00 €"),  # not "1.299.00" (129900)
    ("<b><span>$</span>1,299<sup>00</sup></b>", "$ 1,299.00"),
])
def test_a_price_in_pieces_is_one_amount(markup: str, text: str) -> None:
    assert shown_text(parse(f"<html><body>{markup}</body></html>").find("body")[0]) == text


@pytest.mark.parametrize("markup", ["<span>Size 4<sup>th</sup></span>", "<span>12,50<sup>99</sup></span>",
                                    "<span>m<sup>2</sup></span>", "<span>10<sup>99</sup> items</span>"])
def test_other_superscripts_are_not_cents(markup: str) -> None:
    assert "." not in shown_text(parse(f"<html><body>{markup}</body></html>").find("body")[0])


_PRODUCT = '<script type="application/ld+json">{"@type":"Product","name":"Pans"}</script>'
_BUY = "<button class='x3'>Add to cart</button>"


@pytest.mark.parametrize("body, head, price", [
    # beside the buy button, in each style
    (f"<div class='x1'><span class='x2'>€<span>12<span>,</span></span><span>44</span></span>{_BUY}</div>", "", "12.44"),
    (f"<div class='x1'><span class='x2'>7<sup>€95</sup></span>{_BUY}</div>", "", "7.95"),
    (f"<div class='x1'><span class='x2'>69<sup>95</sup> €</span>{_BUY}</div>", "", "69.95"),
    # under its label: read whole ("£48" · "99"), not as its whole units
    ("<table><tr><td>Price:</td><td><span>£48<sup>99</sup></span></td></tr></table>", _PRODUCT, "48.99"),
    # vsezaoci: the only price is named "old" by the theme; the tax line's cents ("€53")
    # sat in an element of their own and were read as the price
    ("<div class='x1'><ul><li><span class='price-old-live'>40<sup>€00</sup></span></li>"
     f"<li><span class='price-tax-live'>36<sup>€53</sup></span></li></ul>{_BUY}</div>", "", "40.00"),
    # k-rauta, names scrambled: "alates 10<sup>€99</sup>" was turned down whole as a
    # delivery fee, then its "€99" read alone as the price
    ("<div class='x0'><div><span>978,00</span> <span>€</span></div><div class='x1'><div>Kohaletoimetamise summa "
     f"alates <span>10<sup>€99</sup></span>*. Eeldatav tarne <span>14. detsember</span></div>{_BUY}</div></div>",
     "", "978.00"),
])
def test_a_price_in_pieces_is_read_whole_and_other_amounts_pieces_not_alone(body: str, head: str, price: str) -> None:
    p = product_of(f"<h1>Product</h1>{body}", head)
    assert p is not None and p.price == price
