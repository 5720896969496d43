"""Loose ``itemprop``s of other products (issue 15, session 14): a shop whose product has
no price in its markup may still mark up the cards of its "bought together" row
(``<span itemprop="price" content="30,19">`` with no ``itemscope`` around it). Such a
value, outside any item, used to be read as the product's price, stock or code; in a card
of a row of like cards, or in a block named for other products, it is not the product's
(`bench/product_variants.py`, "no JSON-LD": price 0.956 → 0.985, A 0.951 → 0.984, B
0.960 → 0.987; k-rauta read a card's 30.19 for 978)."""

from __future__ import annotations

from tests.page.test_product_shops import product_of


def _cards(wrapper: str = "div class='x5'") -> str:
    cards = "".join(
        f"<div class='x6'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''></a><a href='/p/{i}'>{name}</a>"
        f"<span itemprop='price' content='{price}'>{price}</span> <span itemprop='priceCurrency' content='EUR'>€</span>"
        f"<link itemprop='availability' href='https://schema.org/OutOfStock'></div>"
        for i, (name, price) in enumerate((("Spare blades, 9 pcs", "30,19"), ("Garage", "149,00"),
                                           ("Boundary wire", "54,90"))))
    return f"<{wrapper}><h2>Bought together</h2>{cards}</{wrapper.split()[0]}>"


_PRODUCT = ("<h1>Robot mower Bosch Indego 400</h1><div class='x1'><span class='x2'>978,00 €</span>"
            "<button class='x3'>Lisa ostukorvi</button></div><p>Mows up to 400 m².</p>")


def test_a_cards_loose_price_is_not_the_products_price() -> None:
    p = product_of(_PRODUCT + _cards())
    assert p is not None and p.price == "978.00"


def test_a_cards_loose_availability_is_not_the_products_stock() -> None:
    p = product_of(_PRODUCT + _cards())
    assert p is not None and p.availability == "InStock"


def test_loose_itemprops_in_a_block_named_related_are_not_the_products() -> None:
    p = product_of(_PRODUCT + "<div class='related-products'><span itemprop='price' content='30.19'>30,19 €</span></div>")
    assert p is not None and p.price == "978.00"


def test_the_products_own_loose_itemprops_in_a_hidden_box_are_still_read() -> None:
    p = product_of("<h1>Robot mower Bosch Indego 400</h1><div style='display:none'>"
                   "<meta itemprop='price' content='978.00'><meta itemprop='priceCurrency' content='EUR'></div>"
                   "<p>Mows up to 400 m².</p>")
    assert p is not None and p.price == "978.00" and p.currency == "EUR"
