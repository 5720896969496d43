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


@pytest.mark.parametrize("notify", [
    "<a href='#notify'>Notify me when available</a>", "<button type='button'>Email me when it's back in stock</button>",
    "<span>M'avertir quand disponible</span>", "<span>Avvisami quando disponibile</span>",
    "<span>Avísame cuando esté disponible</span>", "<span>Powiadom o dostępności</span>",
    "<span>Сообщить о поступлении</span>", "<span>Benachrichtigen, wenn verfügbar</span>",
])
def test_an_offer_to_be_told_beside_a_buy_button_says_nothing_of_the_products_stock(notify: str) -> None:
    # (session 20) a stock-named box after the buy button offers to tell when a size is back:
    # read as "out of stock" (or, with "disponible" in it, as "in stock") it spoke for the product
    p = product_of(f"{_KETTLE}<button class='x3'>Add to cart</button><div class='product-stock'>{notify}</div>")
    assert p is not None and p.availability == "InStock"


@pytest.mark.parametrize("notify", ["<span>M'avertir quand disponible</span>", "<span>Avvisami quando disponibile</span>"])
def test_an_offer_to_be_told_on_a_sold_out_page_is_not_read_as_in_stock(notify: str) -> None:
    # "disponible" in it is no statement that the product is available
    p = product_of(f"{_KETTLE}<button class='x3' disabled>Ajouter au panier</button><div class='product-stock'>{notify}</div>")
    assert p is not None and p.availability != "InStock"


def test_sold_out_wording_beside_the_offer_to_be_told_is_still_read() -> None:
    p = product_of(f"{_KETTLE}<button class='x3' disabled>Add to cart</button><div class='product-stock'><p>Sold out</p>"
                   "<a href='#notify'>Notify me when available</a></div>")
    assert p is not None and p.availability == "OutOfStock"
