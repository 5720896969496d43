"""Product reading on shops unlike the dev pages (issue 15, session 8): the buy box and
the price's own label, on pages whose class names say nothing."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import LD, product_of


@pytest.mark.parametrize("other", [
    # a delivery choice drawn as a button, its fee inside
    "<button type='button' class='x5'><span class='x6'>Lieferbar</span><span class='x7'>CHF 7.95</span></button>",
    # (session 18) the same drawn as a link without an address, which a script drives
    "<a class='x5'><span class='x6'>Lieferbar</span><span class='x7'>CHF 7.95</span></a>",
    # a link to another seller's offer
    "<a class='x5' href='/offers/2'>one more offer at 27,99 CHF</a>",
    # a warranty term picked in a styled select
    "<span class='x5' role='combobox'><span class='x6' role='textbox'>12 months: 7,95 CHF</span></span>",
])
def test_an_amount_in_another_control_of_the_buy_box_is_not_the_price(other: str) -> None:
    p = product_of("<h1 class='x0'>Filzstift Fibralo</h1><div class='x1'><div class='x2'>"
                   f"<div class='x3'>{other}</div><div class='x4'><span class='x8'>CHF 19.50</span></div>"
                   "<button type='button' class='x9'>in den Warenkorb</button></div></div>")
    assert p is not None and p.price == "19.50"


@pytest.mark.parametrize("buy", ["<a class='x9'>in den Warenkorb</a>",
                                 "<a class='x9' href='javascript:void(0)'>in den Warenkorb</a>"])
def test_a_script_driven_shop_s_delivery_choice_beside_its_buy_link_is_not_the_price(buy: str) -> None:
    # (session 18) every control a link that a script drives: the delivery choice's fee first
    p = product_of("<h1 class='x0'>Filzstift Fibralo</h1><div class='x1'><div class='x2'><div class='x3'>"
                   "<a class='x5'><span class='x6'>Lieferbar</span><span class='x7'>CHF 7.95</span></a></div>"
                   f"<div class='x4'><span class='x8'>CHF 19.50</span></div>{buy}</div></div>")
    assert p is not None and p.price == "19.50"


_CHOICES = ("<{0} onclick='pick(event)'><span>Lieferbar</span> <span>CHF 7.95</span></{0}>"
            "<{0} onclick='pick(event)'><span>Verfügbarkeit prüfen</span> <span>Filiale wählen</span></{0}>")


@pytest.mark.parametrize("choices, handler", [
    # (session 20) delivery and pick-up drawn as elements whose click handler is in the
    # markup, no role: the delivery fee is a choice's amount, not the product's price
    (_CHOICES.format("div"), ""), (_CHOICES.format("span"), ""),
    # a lone handler on the price's own wrapper (it opens the tax details) is no row of choices
    ("", " onclick='details(event)'"),
])
def test_a_row_of_choices_drawn_with_click_handlers_is_not_the_price(choices: str, handler: str) -> None:
    p = product_of("<h1 class='x0'>Filzstift Fibralo</h1><div class='x1'><div class='x2'>"
                   f"<div class='x3'>{choices}</div><div class='x4'{handler}><span class='x8'>CHF 19.50</span></div>"
                   "<div class='x9' onclick='add(event)'>in den Warenkorb</div></div></div>")
    assert p is not None and p.price == "19.50"


@pytest.mark.parametrize("buy", ["<a class='x9'>in den Warenkorb · CHF 19.50</a>",
                                 "<button type='button' class='x9'>in den Warenkorb · CHF 19.50</button>"])
def test_an_amount_in_the_buy_button_itself_is_still_the_price(buy: str) -> None:
    p = product_of(f"<h1 class='x0'>Filzstift Fibralo</h1><div class='x1'>{buy}</div>")
    assert p is not None and p.price == "19.50"


@pytest.mark.parametrize("label", ["Cena", "Price:", "Preis", "מחיר"])
def test_an_amount_under_a_price_label_is_the_price(label: str) -> None:
    # no price class, no buy button; a delivery fee is the first amount after the title
    p = product_of("<h1>Panel tapicerowany</h1><div class='x1'><span class='x2'>Dostawa</span>"
                   "<span class='x3'>10,99 zł</span></div><table class='x4'><tr><td>Kolor</td><td>Niebieski</td>"
                   f"</tr><tr><td>{label}</td><td><span>32</span> <span>zł</span></td></tr></table>", LD)
    assert p is not None and p.price == "32"


@pytest.mark.parametrize("label", [
    "<td>Price per kg</td><td>3,20 zł</td>",  # not the label alone
    "<td>Cena</td><td><del>40 zł</del></td>",  # struck
    "<td>Cena</td><td>Zapytaj</td><td>o</td><td>dostępność</td><td>5 zł</td>",  # not within three blocks
])
def test_what_is_not_an_amount_under_a_price_label(label: str) -> None:
    p = product_of(f"<h1>Panel tapicerowany</h1><div class='x1'><span class='x2'>29,00 zł</span></div>"
                   f"<table class='x4'><tr>{label}</tr></table>", LD)
    assert p is not None and p.price == "29.00"


@pytest.mark.parametrize("before", [
    # a list price: its label in an element of its own beside the amount
    "<div class='x2'><span class='x3'>UVP</span> <span class='x4'>€ <span class='x5'>149,99</span></span>"
    "<span class='x6'>-21%</span></div>",
    # a delivery fee before the price, labelled beside it
    "<div class='x2'><div class='x3'>Eeldatav tarne</div><span class='x4'>10,99 €</span></div>",
])
def test_an_amount_labelled_beside_it_as_a_list_price_or_a_delivery_fee_is_not_the_price(before: str) -> None:
    p = product_of(f"<h1 class='x0'>Hochdruckreiniger K 3</h1><div class='x1'>{before}<div class='x7'>"
                   "<span class='x8'>€ <span class='x9'>119,01</span></span></div>"
                   "<form class='xa'><button class='xb'>In den Warenkorb</button></form></div>")
    assert p is not None and p.price == "119.01"


def test_a_delivery_fee_after_the_button_does_not_hide_the_price_before_it() -> None:
    p = product_of("<h1 class='x0'>Robotniiduk Bosch Indego 400</h1><div class='x1'><span class='x2'>"
                   "<span>978,00</span><span>€</span></span></div><div class='x3'><div class='x4'>"
                   "<form class='x5'><button class='x6'>Lisa ostukorvi</button></form></div><div class='x7'>"
                   "<div class='x8'>Kohaletoimetamise summa alates. Eeldatav tarne</div>"
                   "<span class='x9'>10,99 €</span></div></div>")
    assert p is not None and p.price == "978.00"


def test_a_delivery_word_far_from_the_amount_does_not_hide_the_price() -> None:
    p = product_of("<h1 class='x0'>Hochdruckreiniger K 3</h1><div class='x1'><div class='x2'><div class='x3'>"
                   "<p class='x4'>Kostenloser Versand</p></div></div><div class='x5'><div class='x6'>"
                   "<span class='x7'>€ 119,01</span></div></div><button class='xb'>In den Warenkorb</button></div>")
    assert p is not None and p.price == "119.01"


def _clinic(control: str, shown: str = "<span class='x3'>270,00 Kn</span><br><span class='x4'>540,00 Kn</span>") -> str:
    return (f"<h1 class='x0'>Ortopedski ulošci po mjeri</h1><div class='x1'><div class='x2'>-50%</div>{shown}"
            f"<div class='x5'>{control}</div></div><p class='x6'>Analiza hoda uključena.</p>")


def test_a_bare_buy_link_in_a_form_is_a_buy_control_and_its_shown_price_beats_its_price_attribute() -> None:
    # the link's data-price is the list price the page shows struck (by a class name that says nothing)
    p = product_of(_clinic("<form method='post' action='/service/kupi'><a class='x7' href='#' "
                           "data-price='540,00 Kn'>Kupi</a></form>"))
    assert p is not None and p.price == "270.00" and p.availability == "InStock"


def test_a_bare_buy_link_outside_a_form_is_still_no_buy_control() -> None:
    assert product_of(_clinic("<a class='x7' href='/kupi'>Kupi</a>")) is None


def test_the_price_attribute_of_a_buy_control_is_read_when_no_amount_is_shown_beside_it() -> None:
    p = product_of(_clinic("<form method='post'><a href='#' data-price='270,00 Kn'>Kupi</a></form>", shown=""))
    assert p is not None and p.price == "270.00"


_AUCTION_LD = ('<script type="application/ld+json">{"@type": "Product", "name": "Pair of pillows", "sku": "93133869",'
               ' "offers": {"@type": "Offer", "price": 150, "priceCurrency": "USD"}}</script>')


@pytest.mark.parametrize("starting", ["<span class='x4'>Starting Price $150</span>",
                                      "<span class='x8'><span class='x4'>Startpreis</span><span class='x5'>$150</span></span>"])
def test_an_auction_whose_markup_gives_the_starting_price_reads_the_current_bid(starting: str) -> None:
    p = product_of("<h1 class='x0'>Pair of pillows</h1><div class='x1'><span class='x2'>$200</span>"
                   f"<span class='x3'>2 bids</span>{starting}<div class='x6'>$225</div>"
                   "<button class='x7'>Place Bid</button></div>", _AUCTION_LD)
    assert p is not None and p.price == "200"


@pytest.mark.parametrize("body", [
    # a shop (no bid control) that names a starting price: the markup's price stays
    "<div class='x1'><span class='x2'>$200</span><span class='x4'>Starting Price $150</span>"
    "<button class='x7'>Add to cart</button></div>",
    # an auction without a starting-price label: the markup's price stays
    "<div class='x1'><span class='x2'>$200</span><button class='x7'>Place Bid</button></div>",
])
def test_a_markup_price_stays_without_an_auction_or_a_starting_price_label(body: str) -> None:
    p = product_of(f"<h1 class='x0'>Pair of pillows</h1>{body}", _AUCTION_LD)
    assert p is not None and p.price == "150"


def test_the_page_s_buy_buttons_are_worked_out_once_for_every_reading_that_needs_them(monkeypatch) -> None:
    """The price, the stock state and the agent's controls all ask for the buy buttons; a
    page's :class:`survey.Survey` works them out once (it was up to 7 walks a shop page)."""
    from native_host.page import buybox
    from native_host.page.context import build_context
    from native_host.protocol import PageSnapshot

    walks = []
    real = buybox.buy_buttons
    monkeypatch.setattr(buybox, "buy_buttons", lambda root, *drawn: walks.append(root) or real(root, *drawn))
    page = ("<html><body><h1>Kettle 1.7 l</h1><div class='box'><span>€ 39,90</span>"
            "<button id='add'>Add to cart</button></div>" + "<a href='/x'>menu</a>" * 80 + "</body></html>")
    ctx = build_context(PageSnapshot(url="https://shop.example/kettle", html=page), 2000)
    assert (ctx.product.price, ctx.product.availability) == ("39.90", "InStock")
    assert any(item.label == "Add to cart" for item in ctx.interactive)
    assert len(walks) == 1
