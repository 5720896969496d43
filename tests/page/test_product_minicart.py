"""The shop's cart box on the product page (issue 15, session 14): a mini-cart or cart
drawer that says the cart is empty or shows a subtotal holds a checkout button, which in
French, Italian or Czech is a plain order verb ("Commander") like a product's own buy
button. It is not the product's buy button: with names that say nothing, a sold-out
product whose own buy controls are gone looked buyable through it and said nothing
(`bench/shop_decoys.py`, "visible only, scrambled, decoys: cart drawer": amazon.fr)."""

from __future__ import annotations

import pytest

from native_host.page.buybox import buy_buttons
from native_host.page.minicart import in_cart
from native_host.page.parse import parse
from tests.page.test_product_shops import product_of

_DRAWERS = [
    "<div class='q1'><h2>Panier</h2><p>Votre panier est vide</p><div><span>Sous-total</span> "
    "<span>0,00 €</span></div><button type='submit' name='checkout'>Commander</button></div>",
    "<aside class='q2'><ul></ul><div>Sous-total : <strong>0,00 €</strong></div>"
    "<form action='/x'><input type='submit' value='Commander'></form></aside>",
    "<div class='q3'><div>Your cart is empty.</div><div><div><button>Order now</button></div></div></div>",
]


@pytest.mark.parametrize("drawer", _DRAWERS)
def test_the_checkout_button_of_a_cart_drawer_is_not_the_products_buy_button(drawer: str) -> None:
    root = parse(f"<html><body>{drawer}<h1>Montre Casio</h1><p>Actuellement indisponible.</p></body></html>")
    assert buy_buttons(root) == []


@pytest.mark.parametrize("drawer", _DRAWERS)
def test_a_sold_out_product_under_a_cart_drawer_still_reads_sold_out(drawer: str) -> None:
    p = product_of(f"{drawer}<h1>Montre Casio PRW-3100</h1><div>Marque : Casio</div>"
                   "<p>Actuellement indisponible.</p><p>Nous ne savons pas quand cet article sera de nouveau approvisionné.</p>"
                   "<div>Code article : PRW-3100-1ER</div>")
    assert p is not None and p.availability == "OutOfStock"


def test_the_products_own_order_button_is_still_its_buy_button() -> None:
    p = product_of("<h1>Montre Casio PRW-3100</h1><div class='a1'><span class='a2'>189,00 €</span>"
                   "<button>Commander</button></div><p>Livraison gratuite.</p>")
    assert p is not None and p.price == "189.00" and p.availability == "InStock"


def test_a_cart_box_is_small_a_page_that_mentions_a_subtotal_somewhere_is_not_one() -> None:
    text = " ".join(["Une montre solide et légère, étanche à 100 mètres."] * 10)
    root = parse(f"<html><body><div><p>{text}</p><p>Sous-total de votre commande affiché au panier.</p>"
                 "<div><button>Commander</button></div></div></body></html>")
    button = next(root.iter("button"))
    assert not in_cart(button)
