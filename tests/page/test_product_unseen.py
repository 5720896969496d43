"""Product reading on shops unlike the dev pages (issue 15, session 6): signals that
survive meaningless class names and missing markup, each on small hand-written pages."""

from __future__ import annotations

import pytest

from native_host.page.money import MONEY
from tests.page.test_product_shops import product_of


@pytest.mark.parametrize("shown, price, currency", [
    ("EUR15.99", "15.99", "EUR"), ("15.99EUR", "15.99", "EUR"), ("99 ر.س", "99", "SAR"),
    ("SAR 99", "99", "SAR"),
])
def test_a_currency_code_against_the_amount_or_an_arabic_sign_is_read_in_the_buy_box(
        shown: str, price: str, currency: str) -> None:
    p = product_of(f"<h1>Zeķes Brooklyn</h1><div class='x1'><div class='x2'><span class='x3'>{shown}</span>"
                   "</div><button class='x4'>Ielikt grozā</button></div>")
    assert p is not None and (p.price, p.currency) == (price, currency)


@pytest.mark.parametrize("text", ["MAUD 15", "EUROPE2020", "CHAUD 15", "TRYING 5"])
def test_letters_around_a_currency_code_make_it_a_word_not_a_currency(text: str) -> None:
    assert MONEY.search(text) is None


def _coded(details: str) -> str:
    return (f"<h1>Viking 4v1 card reader</h1><div class='x1'><span class='x2'>13,40 €</span>"
            f"<button class='x3'>Do košíka</button></div><table class='x4'>{details}</table>")


@pytest.mark.parametrize("details", [
    "<tr><th>Kód produktu:</th><td>VR4V1B</td></tr>",  # Slovak/Czech, label and value in cells
    "<tr><th>Kod produktu:</th><td>VR4V1B</td></tr>",  # Polish: the label's words are no code
    "<tr><td><span>Artikel-Nummer</span><span>VR4V1B</span></td></tr>",
    "<tr><td>Produkta kods VR4V1B</td></tr>", "<tr><td>Prekės kodas: VR4V1B</td></tr>",
])
def test_product_code_labels_of_more_shops_give_the_sku(details: str) -> None:
    p = product_of(_coded(details))
    assert p is not None and p.sku == "VR4V1B"


@pytest.mark.parametrize("details", [
    "<tr><th>Kód zľavy:</th><td>LETO</td></tr>",  # a discount code without a digit is no product code
    "<tr><th>Kód produktu:</th><td>na požiadanie</td></tr>",
])
def test_a_product_code_label_beside_no_code_gives_no_sku(details: str) -> None:
    p = product_of(_coded(details))
    assert p is not None and p.price == "13.40" and p.sku is None


def test_a_submit_bid_link_marks_an_auction_and_its_starting_bid_is_the_price() -> None:
    p = product_of("<h1>Pony cart harness</h1><div class='x1'><div class='x2'>Starting bid:</div>"
                   "<span class='x3'>£115.00</span></div><div class='x4'><input type='text' name='maxbid'>"
                   "<a role='button' href='/bid'>Submit bid</a><div class='x5'>Enter £116.00 or more</div></div>")
    assert p is not None and p.price == "115.00" and p.availability == "InStock"


def _sold_out(statement: str, gap: int = 2) -> str:
    # a sold-out shop page: no buy control left, class names that say nothing
    filler = "".join(f"<div class='x{i}'><span>{i * 7 + 3} ratings</span></div>" for i in range(gap))
    return (f"<div class='x0'><h1 class='x1'><span>365 Potato Chips, Sour Cream, 10 Ounce</span></h1>"
            f"<div class='x2'><a href='/brand'>Brand: 365</a></div>{filler}"
            f"<div class='x3'><span class='x4'>{statement}</span></div></div>"
            "<table class='x5'><tr><th>ASIN</th><td>B07FW264WL</td></tr></table>")


@pytest.mark.parametrize("statement", ["Currently unavailable.", "Actuellement indisponible.",
                                       "Derzeit nicht verfügbar."])
def test_a_page_that_says_right_under_its_title_it_is_unavailable_now_is_a_sold_out_product(
        statement: str) -> None:
    p = product_of(_sold_out(statement))
    assert p is not None and p.availability == "OutOfStock" and p.sku == "B07FW264WL"


@pytest.mark.parametrize("page", [
    _sold_out("The service is currently unavailable in your region, we are sorry."),  # a sentence, not a statement
    _sold_out("Currently unavailable.", gap=12),  # far below the title
    _sold_out("<span hidden>Currently unavailable.</span>"),
    _sold_out("Currently unavailable.").replace("<div class='x3'>", "<div class='related-products'>"),
    _sold_out("In stock"),  # an in-stock word alone does not make a page a shop
])
def test_unavailable_wording_elsewhere_does_not_make_a_page_a_product(page: str) -> None:
    assert product_of(page) is None


_META = ('<meta property="og:type" content="product">'
         '<meta property="product:price:amount" content="{}"><meta property="product:price:currency" content="PLN">')


def _on_sale(meta_amount: str) -> str:
    return ("<h1>Zestaw podtynkowy WC</h1><div class='buy'><div class='prices'>"
            "<span class='p'><span>997</span> <span>zł</span></span>"
            "<span class='p size-strik'><span>1 148</span> <span>zł</span></span></div>"
            "<a class='btn' href='/basket'>Dodaj do koszyka</a></div>", _META.format(meta_amount))


def test_the_buy_box_amount_wins_over_a_meta_tag_price_the_page_does_not_ask() -> None:
    body, head = _on_sale("1148.00")  # the meta tags carry the list price
    p = product_of(body, head)
    assert p is not None and p.price == "997" and p.currency == "PLN"


def test_a_meta_tag_price_the_buy_box_agrees_with_is_kept() -> None:
    body, head = _on_sale("997.00")
    assert product_of(body, head).price == "997.00"


def test_a_meta_tag_price_stays_when_the_page_shows_no_buy_box() -> None:
    body, head = _on_sale("1148.00")
    p = product_of(body.replace("<a class='btn' href='/basket'>Dodaj do koszyka</a>", ""), head)
    assert p is not None and p.price == "1148.00"


def test_a_json_ld_price_is_not_second_guessed_by_the_buy_box() -> None:
    body, head = _on_sale("1148.00")
    ld = '<script type="application/ld+json">{"@type": "Product", "name": "WC", "offers": {"price": "1148"}}</script>'
    assert product_of(body, head + ld).price == "1148"


def _old_only(prices: str) -> str:
    return ("<h1>Bralne leče STICK-ON</h1><div class='product-info'><ul class='list-unstyled'>"
            f"<li>Šifra: 0638</li><li class='price'>{prices}</li></ul>"
            "<button type='button' class='btn btn-primary'>Naroči</button></div>")


def test_an_old_named_amount_that_is_the_buy_boxs_only_amount_is_the_price() -> None:
    p = product_of(_old_only("<span class='price-old-live'>40.00€</span>"))
    assert p is not None and p.price == "40.00" and p.availability == "InStock"


@pytest.mark.parametrize("prices, price", [
    ("<span class='price-old'>49.00€</span> <span class='price-new'>40.00€</span>", "40.00"),
    ("<del class='price-old'>49.00€</del>", None),  # struck through: not what the page asks
    ("<span class='price-old'>49.00€</span> <span class='price-was'>45.00€</span>", None),  # two old amounts
    ("<span class='unit-price-old'>4.90€ / kg</span>", None),  # a unit price
])
def test_an_old_named_amount_beside_another_or_struck_is_not_the_price(prices: str, price: str | None) -> None:
    p = product_of(_old_only(prices))
    assert (p.price if p is not None else None) == price
