"""Buy controls drawn as buttons (issue 15, session 10): script-driven shops put the click
handler on a styled ``<div role="button">`` (or, session 19, on a ``div`` or ``span`` with
its ``onclick`` in the markup), not on a ``<button>``. Such a control whose short label
buys marks a shop page and counts as its buy button; one holding a whole product card
does not."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.survey import survey
from tests.page.test_product_shops import product_of


_COAT = "<h1>Winter coat</h1><div class='x1'><span class='x2'>129,00 €</span></div>"


@pytest.mark.parametrize("body, price, availability", [
    *((f"{_COAT}<div class='x3' role='button' tabindex='0'>{label}</div>", "129.00", "InStock")
      for label in ("Add to bag", "In den Warenkorb", "Kaufen")),
    # one that cannot be pressed
    (f"{_COAT}<p class='x4'>Out of stock</p><div class='x3' role='button' aria-disabled='true'>Add to bag</div>",
     "129.00", "OutOfStock"),
    # jumbo.ch: a delivery choice drawn as a button beside the add-to-cart one is not the price
    ("<h1>Filzstift</h1><div class='x0'><span class='x1'>CHF 19.50</span><div class='x2'>"
     "<div class='x3' role='button'><span>Lieferbar</span> <span>CHF 7.95</span></div>"
     "<div class='x5'><div class='x4' role='button'>In den Warenkorb</div></div></div></div>", "19.50", "InStock"),
    # … nor when the buy button sits beside it: its parent's text is the choice's too
    ("<h1>Filzstift</h1><div class='x0'><span class='x1'>CHF 19.50</span><div class='x2'>"
     "<div class='x3' role='button'><span>Lieferbar</span> <span>CHF 7.95</span></div>"
     "<div class='x4' role='button'>In den Warenkorb</div></div></div>", "19.50", "InStock"),
    # session 19: no role, the click handler in the markup (a script's own "button")
    *((f"{_COAT}<{tag} class='x3' onclick='handle(event)'>{label}</{tag}>", "129.00", "InStock")
      for tag in ("div", "span") for label in ("Add to bag", "In den Warenkorb", "Kaufen")),
    (f"{_COAT}<p class='x4'>Out of stock</p><div class='x3' onclick='handle(event)' aria-disabled='true'>Add to bag</div>",
     "129.00", "OutOfStock"),
])
def test_a_div_drawn_as_a_buy_button_is_the_shops_buy_control(body: str, price: str, availability: str) -> None:
    p = product_of(body)
    assert p is not None and (p.price, p.availability) == (price, availability)


def test_a_whole_card_drawn_as_a_button_is_not_a_buy_control() -> None:
    # olx: the whole ad card is role=button; its text runs far past a control's label
    root = parse("<html><body><div role='button' class='card'><h2>Infinix Hot 10, 6/128, warranty, box</h2>"
                 "<p>Rs 23,450 · Lahore · 2 days ago · excellent condition, all accessories</p>"
                 "<span>Add to cart</span></div><div role='button'>Add to cart</div></body></html>")
    buttons = survey(root).buy_buttons()
    assert [b.get("class") for b in buttons] == [None]


def test_a_whole_card_with_a_click_handler_is_not_a_buy_control() -> None:
    root = parse("<html><body><div onclick='open(1)' class='card'><h2>Infinix Hot 10, 6/128, warranty, box</h2>"
                 "<p>Rs 23,450 · Lahore · 2 days ago · excellent condition, all accessories</p>"
                 "<span>Add to cart</span></div><span onclick='buy(1)'>Add to cart</span></body></html>")
    buttons = survey(root).buy_buttons()
    assert [b.tag for b in buttons] == ["span"]


def test_a_click_handler_on_a_text_without_buy_words_marks_no_shop() -> None:
    # an article's "show more" / gallery controls drawn so
    assert product_of("<h1>Autumn walks</h1><p>Entry 5,00 €</p><span onclick='more()'>Show more</span>"
                      "<div onclick='zoom()'>Open gallery</div>") is None
