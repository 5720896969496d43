"""Prices in the currencies of shops unlike the dev pages (issue 15, session 9): signs and
local abbreviations the price readers did not know ("1.299,90 TL", "RM 29.90", "29,900원",
"￥2,980"), a sign written against the amount ("299zł"), and "R$" / "NT$" read as their own
currency rather than as "$"."""

from __future__ import annotations

import pytest

from native_host.page.money import MONEY
from tests.page.test_product_shops import product_of


@pytest.mark.parametrize("shown, price, currency", [
    ("1.299,90 TL", "1299.90", "TRY"), ("RM 29.90", "29.90", "MYR"), ("RM29.90", "29.90", "MYR"),
    ("Rp 150.000", "150.000", "IDR"), ("150.000đ", "150.000", "VND"), ("29,900원", "29900", "KRW"),
    ("1990 рублей", "1990", "RUB"), ("₱1,299.00", "1299.00", "PHP"), ("S/ 29.90", "29.90", "PEN"),
    ("S/. 29.90", "29.90", "PEN"), ("2.990,00 дин.", "2990.00", "RSD"), ("299zł", "299", "PLN"),
    ("Fr. 29.90", "29.90", "CHF"), ("₦15,000", "15000", "NGN"), ("KSh 1,500", "1500", "KES"),
    ("299 บาท", "299", "THB"), ("￥2,980", "2980", "JPY"), ("299 ش.ج", "299", "ILS"), ("299 درهم", "299", "AED"),
    ("29.95 BYN", "29.95", "BYN"), ("299 Lek", "299", "ALL"), ("₾29.90", "29.90", "GEL"), ("29.90 ₼", "29.90", "AZN"),
    ("৳1,299", "1299", "BDT"), ("₡15,000", "15000", "CRC"), ("PKR 1,299", "1299", "PKR"),
    ("R$ 129,90", "129.90", "BRL"), ("NT$ 1,290", "1290", "TWD"), ("HK$ 299", "299", "HKD"),
    # whole units with a dash for the cents, before the sign
    ("1 299,- Kč", "1299", "CZK"), ("49.– CHF", "49", "CHF"), ("299,- kr", "299", None),
    ("1.299,- kr", "1299", None),
    # (session 10) Gulf dinars with three decimals, riyals and dirhams in their own script,
    # and Nordic whole units with no sign at all
    ("KD 12.500", "12.500", "KWD"), ("12.500 KD", "12.500", "KWD"), ("BD 3.750", "3.750", "BHD"),
    ("KD 1,250.000", "1250.000", "KWD"), ("12.500 ر.ع.", "12.500", "OMR"), ("3.750 د.ب", "3.750", "BHD"),
    ("99 ر.ق", "99", "QAR"), ("Dhs 99", "99", "AED"), ("299:-", "299", None), ("1 299:-", "1299", None),
    ("1299,-", "1299", None), ("1.299,-", "1299", None),
    # (session 11) Swiss thousands with the typographic apostrophe, and French number
    # formatting's narrow no-break spaces
    ("CHF 1’299.00", "1299.00", "CHF"), ("CHF 1’299.–", "1299", "CHF"), ("5’100.00 €", "5100.00", "EUR"),
    ("1\u202f299,00\u202f€", "1299.00", "EUR"),
])
def test_a_price_in_more_currencies_is_read_beside_the_buy_button(shown: str, price: str, currency: str) -> None:
    p = product_of(f"<h1>Widget</h1><div class='x1'><span class='x2'>{shown}</span>"
                   "<button class='x3'>Add to cart</button></div>")
    assert p is not None and p.price == price and (currency is None or p.currency == currency)


def test_the_full_width_yen_sign_follows_the_page_country() -> None:
    p = product_of("<h1>Widget</h1><div class='x1'><span class='x2'>￥299</span><button class='x3'>加入购物车</button></div>",
                   url="https://shop.example.cn/p/1")
    assert p is not None and (p.price, p.currency) == ("299", "CNY")


@pytest.mark.parametrize("text", ["din 1. ordre", "Rok 2020 р.", "HTML5 player", "XS/ 29 cm", "the 3 colours",
                                  "Nike KD 15", "BD 25 disc", "KD 12.5", "5:-)", "Price:- 500", "pages 2,-3",
                                  "12:-(", "3,-/4"])
def test_words_like_a_currency_are_no_money(text: str) -> None:
    # "din" (Danish "your"), Ukrainian "р." (a year), a size "XS/": none is taken for a currency;
    # nor a shoe model "KD 15" or a disc "BD 25" (a dinar has three decimals), an emoticon or a range
    assert MONEY.search(text) is None


def _labelled(label: str):
    # no price class, no buy button; a delivery fee is the first amount after the title
    return product_of("<h1>Panel</h1><div class='x1'><span class='x2'>Delivery</span><span class='x3'>10,99 €</span></div>"
                      "<table class='x4'><tr><td>Colour</td><td>Blue</td></tr>"
                      f"<tr><td>{label}</td><td><span>32</span> <span>€</span></td></tr></table>",
                      '<script type="application/ld+json">{"@type":"Product","name":"Panel"}</script>')


@pytest.mark.parametrize("label", ["Harga", "ราคา", "Presyo", "Verð", "Sale price:", "Special price", "Our price",
                                   "Angebotspreis", "Aktionspreis", "Prix promo", "Precio oferta", "Prezzo scontato",
                                   "Cena promocyjna", "Aanbiedingsprijs", "Tarjoushinta", "Akciós ár"])
def test_an_amount_under_a_price_label_in_more_words_is_the_price(label: str) -> None:
    p = _labelled(label)
    assert p is not None and p.price == "32"


@pytest.mark.parametrize("label", ["Unit price", "Price per kg", "Original price"])
def test_other_prices_labels_do_not_name_the_price(label: str) -> None:
    p = _labelled(label)
    assert p is not None and p.price != "32"


_PRODUCT = '<script type="application/ld+json">{"@type":"Product","name":"Fernbedienung"}</script>'


@pytest.mark.parametrize("box, head", [("<div><strong>€ <span>20,-</span></strong> <div>Verhandlungsbasis</div></div>", _PRODUCT),  # near the title
                                       ("<div class='x1'><span>20,-</span> <span>€</span><button>In den Warenkorb</button></div>", "")])
def test_whole_units_keep_the_sign_their_parent_shows(box: str, head: str) -> None:
    # "20,-" is an amount by itself now; the "€" beside it still names its currency
    p = product_of(f"<h1>Fernbedienung</h1>{box}", head)
    assert p is not None and (p.price, p.currency) == ("20", "EUR")
