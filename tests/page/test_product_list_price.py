"""A list price struck through by a class rule only (session 20): with class names that say
nothing, the sale price is told by the discount the page shows with the two amounts."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of

_BUY = "<button type='button' class='x9'>{}</button>"


@pytest.mark.parametrize("box, price", [
    # the discount beside the list price (emag): "83,30 Lei (-24%)" · "63,07 Lei"
    ("<p class='x3'><span class='x4'>83<sup>30</sup> <span>Lei</span></span> <span class='x5'>(- 24% )</span></p>"
     "<p class='x6'>63<sup>07</sup> <span>Lei</span></p>" + _BUY.format("Adaugă în coș"), "63.07"),
    # the discount beside the sale price, before it (mechta): "-10%" · "49 890 тг." · "44 890 тг."
    ("<span class='x5'>-10%</span><span class='x4'>49 890 тг.</span><br><div class='x6'>"
     "<span class='x7'>44 890 тг.</span></div>" + _BUY.format("Купить"), "44890"),
    # the amount saved, in the page's words (strumentimusicali): "€ 99,00" · "€ 88,00" · "Risparmi € 11,00"
    ("<div><span class='x4'>€ 99,00</span></div><div class='x6'><span class='x7'>€ 88,00</span></div>"
     "<div class='x8'><span>Risparmi € 11,00</span></div>" + _BUY.format("Aggiungi al carrello"), "88.00"),
])
def test_a_list_price_struck_by_a_class_rule_gives_way_to_the_sale_price(box: str, price: str) -> None:
    p = product_of(f"<h1 class='x0'>Drum unit DR-2401</h1><div class='x1'><div class='x2'>{box}</div></div>")
    assert p is not None and p.price == price


def test_a_was_price_beside_the_buy_button_with_its_saving_gives_way_to_the_price_above() -> None:
    # a sale box set beside the button, the price the shop asks shown under the title
    p = product_of("<h1 class='x0'>Filzstift Fibralo</h1><p class='x1'><span class='x2'>CHF 19.50</span></p>"
                   "<p>Farbe: blau</p><p>Spitze: mittel</p><p>24 Stück</p><p>Made in Switzerland</p>"
                   "<p>Wasserbasiert</p><p>Auswaschbar</p><div class='x3'><p class='x4'>CHF 24.00</p>"
                   "<p class='x5'>Sie sparen CHF 4.50 (20%)</p>" + _BUY.format("In den Warenkorb") + "</div>")
    assert p is not None and p.price == "19.50"


@pytest.mark.parametrize("box", [
    # no discount shown: two amounts are not a list and a sale price (incl. / excl. VAT)
    "<span class='x4'>€ 119,00</span><span class='x5'>€ 100,00 excl. VAT</span>",
    "<span class='x4'>€ 119,00</span><span class='x5'>(€ 100,00 netto)</span>",
    # a tax rate beside the price and its net amount is no discount (100 is not 119 less 19 %)
    "<span class='x4'>€ 119,00</span><span class='x5'>incl. 19% MwSt.</span><span class='x6'>€ 100,00</span>",
    # a percentage that does not fit the two amounts
    "<span class='x4'>€ 119,00</span><span class='x5'>-50%</span><span class='x6'>€ 100,00</span>",
])
def test_two_amounts_without_a_discount_that_fits_leave_the_price_read(box: str) -> None:
    p = product_of(f"<h1 class='x0'>Kettle</h1><div class='x1'>{box}{_BUY.format('Add to cart')}</div>")
    assert p is not None and p.price == "119.00"
