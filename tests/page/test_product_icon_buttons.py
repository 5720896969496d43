"""Buy controls drawn as icons or as links (issue 15, session 11): a button that shows only
an icon is named by its ``aria-label`` (or ``title``, or its image's ``alt``), and a link
that leads only to the page's script (``href="#"``, ``javascript:…``) is a button drawn as
a link — so a bare "Buy" on it buys, as on a ``<button>``."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.survey import survey
from tests.page.test_product_shops import product_of

_LENS = "<h1>Reading lenses</h1><div class='x1'><span class='x2'>40,00 €</span></div>"
_ICON = "<svg aria-hidden='true'><use href='#cart'></use></svg>"


@pytest.mark.parametrize("control", [
    f"<button class='x3' aria-label='Add to cart'>{_ICON}</button>",
    f"<button class='x3' title='In den Warenkorb'>{_ICON}</button>",
    "<button class='x3'><img src='/i/cart.png' alt='Ajouter au panier'></button>",
    f"<a class='x3' href='/cart/add/1' aria-label='Add to basket'>{_ICON}</a>",
    f"<div class='x3' role='button' aria-label='Add to bag'>{_ICON}</div>",
    f"<button class='x3' aria-label='Kaufen'>{_ICON}</button>",
])
def test_an_icon_drawn_as_the_buy_button_is_named_by_its_label(control: str) -> None:
    p = product_of(f"{_LENS}<p class='x4'>Out of stock for delivery</p>{control}")
    assert p is not None and (p.price, p.availability) == ("40.00", "InStock")


def test_an_icon_button_named_sold_out_cannot_be_pressed() -> None:
    # an add-to-cart button (by its class) a script relabelled: not one a shopper can press
    p = product_of(f"{_LENS}<button class='add-to-cart' aria-label='Sold out'>{_ICON}</button>")
    assert p is not None and p.price == "40.00" and p.availability != "InStock"


def test_an_icon_bid_button_is_a_bid() -> None:
    # liveauctioneers: beside "Place Bid" is the next bid, not the price
    buttons = survey(parse(f"<html><body><h1>Pillows, pair</h1><div><p>Starting Price $200</p><div>"
                           f"<span>$225</span><button aria-label='Place Bid'>{_ICON}</button></div></div>"
                           "</body></html>")).buy_buttons()
    from native_host.page.buywords import bid

    assert len(buttons) == 1 and bid(buttons[0])


@pytest.mark.parametrize("href", ["#", "javascript:void(0)", None])
def test_a_bare_buy_word_on_a_link_to_the_script_buys(href: str | None) -> None:
    # vsezaoci.si: OpenCart's <a id="button-cart" class="btn">Naroči</a> as a link
    link = f"<a class='x3' href='{href}'>Naroči</a>" if href is not None else "<a class='x3'>Naroči</a>"
    p = product_of(f"{_LENS}{link}")
    assert p is not None and (p.price, p.availability) == ("40.00", "InStock")


def test_a_bare_buy_word_on_a_link_to_another_page_is_not_a_buy_control() -> None:
    # a site's menu: "Buy" leads to the shop, it does not buy this page's thing
    p = product_of("<h1>Reading lenses, a review</h1><p>They cost 40,00 € a pair.</p><a href='/shop'>Buy</a>")
    assert p is None or p.availability is None


def test_a_buy_links_label_indented_in_the_markup_marks_a_shop() -> None:
    # kiabi (B) with its buttons drawn as links: icons and newlines around "Ajouter au panier"
    pad = "\n" + " " * 40
    link = (f"<a class='x3' href='#'>{pad}<span class='x4'><i class='x5'></i></span>{pad}"
            f"<span class='x6'>Ajouter au panier</span>{pad}<span class='x4'><i class='x7'></i></span>{pad}</a>")
    p = product_of(f"{_LENS}{link}")
    assert p is not None and (p.price, p.availability) == ("40.00", "InStock")


def test_an_add_link_to_the_script_named_for_the_product_buys() -> None:
    # zara (B) with its buttons drawn as links: "Add" whose accessible name says what it adds
    p = product_of(f"{_LENS}<a class='x3' href='#' aria-label='Add Reading lenses'>Add</a>")
    assert p is not None and (p.price, p.availability) == ("40.00", "InStock")


def test_a_drawn_buy_button_before_another_offers_is_the_products() -> None:
    # amazon.fr (B) with its buttons drawn as divs: the product's buy box comes first in the
    # page, another offer's form (a real submit input) after it
    root = parse("<html><body><h1>Reading lenses</h1><div class='a'><span>66,75 €</span>"
                 "<div role='button' class='b'>Ajouter au panier</div></div><div class='c'><p>Other offers</p>"
                 "<form action='/cart'><span>65,27 €</span><input type='submit' value='Ajouter au panier'></form></div>"
                 "</body></html>")
    buttons = survey(root).buy_buttons()
    assert [b.tag for b in buttons] == ["div", "input"]


@pytest.mark.parametrize("control, availability", [
    ("<input type='image' class='x3' src='/i/cart.png' alt='Add to cart'>", "InStock"),
    ("<input type='image' class='x3' src='/i/buy.png' alt='Kaufen'>", "InStock"),
    # an add-to-cart image (by its class) whose picture says only that it is sold out
    ("<input type='image' class='add-to-cart' src='/i/soldout.png' alt='Sold out'>", None),
])
def test_an_image_submit_button_is_named_by_its_alt(control: str, availability: str | None) -> None:
    p = product_of(f"{_LENS}<form action='/basket' method='post'>{control}</form>")
    assert p is not None and p.price == "40.00" and p.availability == availability
