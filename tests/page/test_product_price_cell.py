"""A box set inside the price's cell (issue 15, session 13): a payment provider's line with
its logo, a list price, a saving, a unit price or a delivery offer put between the "Price:"
label and the amount, or beside it, is not the price (amazon.co.uk read "5" — another
offer's "5 options from £42.99" — when such a box was inserted in its price table)."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of


def _table(inserted: str) -> str:
    return ("<h1>Pots and pans set, 5 pieces</h1><table>"
            "<tr><td>RRP:</td><td><span class='k1'>£55.00</span></td></tr>"
            f"<tr><td>Price:</td><td>{inserted}<span class='k2-price'>£48.99</span></td></tr>"
            "<tr><td>You Save:</td><td>£6.01 (11%)</td></tr></table>"
            "<div><span class='k3-price'>5 options from £42.99</span></div><button>Add to basket</button>")


def test_a_row_of_the_price_table_with_a_logo_is_no_card() -> None:
    # the instalment line's logo is a picture: the row "leads away" like a product card, but
    # its like rows do not
    p = product_of(_table("<div>or 3 payments of £16.33 <img src='/k.png' alt='Klarna'></div>"))
    assert p is not None and p.price == "48.99"


@pytest.mark.parametrize("inserted", ["<div>RRP £59.99</div>", "<div>£4.90 / 100 g</div>",
                                      "<div>Free delivery on orders over £25</div>"])
def test_an_amount_between_the_price_label_and_the_price_is_not_it(inserted: str) -> None:
    p = product_of("<h1>Pots and pans set</h1><table><tr><td>Price:</td>"
                   f"<td>{inserted}<span>£48.99</span></td></tr></table><button>Add to basket</button>")
    assert p is not None and p.price == "48.99", inserted
