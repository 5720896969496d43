"""A sold-out product page whose only buy controls are other products' (issue 15, session
13): "Currently unavailable." under the title still says the product is sold out when a
row of other products' cards (with their "Add to cart" buttons) or a picker's choices
stand between them (`bench/shop_decoys.py` with names scrambled: the sold-out Amazon pages
said nothing)."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of


def _cards() -> str:
    cards = "".join(f"<div class='q1'><a href='/p/{i}'>{name}</a><span>{price}</span><button>Add to cart</button></div>"
                    for i, (name, price) in enumerate((("Crew T-shirt", "$19.99"), ("Tote bag", "$24.50"),
                                                       ("Beanie", "$12.00"))))
    return f"<div class='q0'><h2>Recently viewed</h2><div class='q2'>{cards}</div></div>"


_PICKER = ("<fieldset><legend>Colour</legend><label>Black</label><label>Red – Sold out</label>"
           "<label>Navy</label><label>White</label></fieldset>")


def test_currently_unavailable_under_the_title_past_a_row_of_cards() -> None:
    p = product_of(f"<h1>Metallic cord, 25 yards</h1>{_cards()}<div>Brand: KONMAY</div>"
                   "<p>Currently unavailable.</p><p>We don't know when this item will be back.</p>"
                   "<div>Item model number: AB-1234</div>")
    assert p is not None and p.availability == "OutOfStock"


def test_currently_unavailable_under_the_title_past_a_pickers_choices() -> None:
    p = product_of(f"<h1>Metallic cord, 25 yards</h1>{_PICKER}<a href='/b'>Brand: KONMAY</a><span>3.6 of 5 stars</span>"
                   "<span>8 ratings</span><div>We don't know when or if this item will be back in stock.</div>"
                   "<span>Currently unavailable.</span><div>Item model number: AB-1234</div>")
    assert p is not None and p.availability == "OutOfStock"


def test_cards_alone_make_no_sold_out_product() -> None:
    # the cards' own "Sold out" is theirs; nothing says the page's product is unavailable
    p = product_of(f"<h1>Metallic cord, 25 yards</h1>{_cards()}<p>Soft and shiny.</p>")
    assert p is None or p.availability is None


@pytest.mark.parametrize("said", ["Sold out", "Out of stock.", "Épuisé", "Ausverkauft", "Agotado", "Esaurito",
                                  "Brak w magazynie", "Wyprzedane", "Нет в наличии", "売り切れ"])
def test_a_line_saying_only_sold_out_under_the_title_of_a_page_without_buy_controls(said: str) -> None:
    # (session 21) its buy controls gone and nothing else marking a shop: the title, the
    # line that says the product is sold out, the price
    p = product_of(f"<div class='q1'><h1>Wool coat, navy</h1>\n<p class='q2'>{said}</p></div>"
                   "<div class='q3'><span>129,00 €</span></div><p>Free returns within 30 days.</p>")
    assert p is not None and (p.price, p.availability) == ("129.00", "OutOfStock")


@pytest.mark.parametrize("body", [
    # a picker's choice that is sold out is the choice's
    f"<h1>Wool coat, navy</h1>{_PICKER}<span>129,00 €</span>",
    # a line that says more than that the product is sold out
    "<h1>Wool coat, navy</h1><p>Sold out in stores – order online</p><span>129,00 €</span>",
])
def test_sold_out_of_a_choice_or_with_more_said_makes_no_sold_out_product(body: str) -> None:
    p = product_of(body)
    assert p is None or p.availability != "OutOfStock"


@pytest.mark.parametrize("said, out", [
    # … or that the product, named by its title, is ("<title> – Sold out", "Out of stock: <title>")
    ("Wool coat, navy – Sold out", True), ("Épuisé : Wool coat, navy", True),
    # a line that says more than that is not
    ("Wool coat, navy – sold out in stores", False),
])
def test_a_line_naming_the_product_and_only_that_it_is_sold_out(said: str, out: bool) -> None:
    p = product_of(f"<div class='q1'><h1>Wool coat, navy</h1></div>\n<p class='q2'>{said}</p>"
                   "<div class='q3'><span>129,00 €</span></div>")
    assert (p is not None and p.availability == "OutOfStock") == out
