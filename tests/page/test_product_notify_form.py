"""A sold-out product keeps the shop's cart form (issue 15, session 17): its ``action``
still adds to the cart, but its one button now says "Notify me when available" (or is
disabled). The form is then no buy control a shopper can press, so the page does not read
as in stock; a form with a button that still buys, or with no button at all (a script
submits it), reads as before."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of

_KETTLE = "<h1>Blue Kettle 1.7 L</h1><div class='x1'><span class='x2'>39,00 €</span></div>"


@pytest.mark.parametrize("button", [
    "<button class='x3'>Notify me when available</button>",
    "<button type='submit' class='x3'>Email me when it's back in stock</button>",
    "<input type='submit' class='x3' value='Notify me when available'>",
    "<button class='x3' disabled>Add to cart</button>",
])
def test_a_cart_form_whose_only_button_no_longer_buys_is_not_in_stock(button: str) -> None:
    p = product_of(f"{_KETTLE}<form action='/shop/add-to-cart' method='post'><input type='hidden' name='id' value='7'>"
                   f"{button}</form>")
    assert p is not None and p.price == "39.00" and p.availability != "InStock"


@pytest.mark.parametrize("form", [
    # the button still buys; another size's notify button beside it does not change that
    "<form action='/shop/add-to-cart'><button class='x3'>Add to cart</button>"
    "<button type='button' class='x4'>Notify me when available</button></form>",
    # a form with no button: a script submits it (the buy control is drawn elsewhere)
    "<form action='/shop/add-to-cart'><input type='hidden' name='id' value='7'></form>",
    # an image submit that buys
    "<form action='/shop/add-to-cart'><input type='image' src='/i/buy.png' alt='Buy'></form>",
])
def test_a_cart_form_that_still_buys_reads_in_stock(form: str) -> None:
    p = product_of(f"{_KETTLE}{form}")
    assert p is not None and p.availability == "InStock"
