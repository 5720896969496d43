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


_LONG = "Halloween Zombie Scars Tattoos Fake Blood Scab Scar Wound Costume Make-Up Kit UK"


@pytest.mark.parametrize("said", [f"{_LONG} – Sold out", f"Out of stock: {_LONG}", f"Épuisé : {_LONG}"])
@pytest.mark.parametrize("where", ["<p class='q2'>{}</p>", "<p class='stock-message'>{}</p>"])
def test_a_long_name_and_only_that_it_is_sold_out(said: str, where: str) -> None:
    # (session 23) the line is read however long the name it repeats: beside it, no more
    # than that the product is sold out — under the title, or in a stock-named element
    p = product_of(f"<div class='q1'><h1>{_LONG}</h1></div>\n{where.format(said)}"
                   "<div class='price'><span>£1.99</span></div><p>Free returns within 30 days.</p>")
    assert p is not None and (p.price, p.availability) == ("1.99", "OutOfStock")


@pytest.mark.parametrize("said", [f"Be the first to know when {_LONG} is back in stock",
                                  f"{_LONG} – sold out in stores, order online"])
def test_a_long_name_with_more_said_is_no_sold_out_note(said: str) -> None:
    p = product_of(f"<div class='q1'><h1>{_LONG}</h1></div>\n<p class='stock-message'>{said}</p>"
                   "<div class='price'><span>£1.99</span></div><button>Add to basket</button>")
    assert p is not None and p.availability == "InStock"


@pytest.mark.parametrize("body", [
    # the title's box is a link beside the brand's and the category's (`stockshown.one_option`)
    "<div class='q0'><a href='/tommy'>Tommy Jeans</a><a href='/men'>Men</a>"
    "<a href='/p/1'><h1>Tommy Jeans OFLEKI</h1><p class='q2'>Sold out</p></a>"
    "<a href='/shoes'>Shoes</a></div><div class='price'><span>26,00 €</span></div>",
    # the product's block (title and note · price) and a hidden upsell block drawn alike, both
    # with an amount (`stockshown._one_offer`)
    "<div class='q0'><div class='q1'><div><h1>VADHOLMA Rack for kitchen island, black</h1>"
    "<p class='q2'>Sold out</p></div><div class='price'><span>£50</span></div></div>"
    "<div class='q1' hidden><div><span>VADHOLMA Kitchen island</span></div><div><span>£369</span>"
    "</div></div></div>",
])
def test_sold_out_in_the_titles_own_box_is_no_choice_of_a_row(body: str) -> None:
    # (session 23) a note in the title's own small box speaks for the product, whatever its
    # box's siblings look like
    p = product_of(body)
    assert p is not None and p.availability == "OutOfStock"


def test_a_layout_cells_sold_out_beside_the_whole_product_block_stays_a_rows() -> None:
    # (session 23) a layout table's cell holding the title and the whole product block is no
    # small box of the title's: as before, a note in it among like cells says nothing
    details = "".join(f"<tr><th>Spec {i}</th><td>Value number {i} of this product</td></tr>" for i in range(6))
    p = product_of("<table><tr><td>Menu</td><td><h1>Goose floss, original, 250 g</h1>"
                   "<div><p>Out of stock</p><button type='button'>Notify me when available</button></div>"
                   f"<div class='price'><span>$294</span></div><table>{details}</table></td><td>Ads</td></tr></table>")
    assert p is None or p.availability != "OutOfStock"
