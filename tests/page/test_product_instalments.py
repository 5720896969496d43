"""Instalment lines in more languages (issue 15, session 13): "o 3 rate senza interessi da
€22,00" or "Экономия $62.00" right above the buy button is a part of the price, not the
price, as "or 4 payments of …" and "You save …" already were (`bench/shop_decoys.py`, "visible only, scrambled, decoys:
offer extras": strumentimusicali read 22.00 for 88, yandex 62.00 for 249)."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of


@pytest.mark.parametrize("line", [
    "o 3 rate senza interessi da € 22,00", "o 4 pagos sin intereses de € 22,00", "lub 4 raty 0% po 22,00 €",
    "или 4 платежа по 22,00 €", "4x de € 22,00 sem juros", "in 4 termijnen van € 22,00",
    "4 taksit 22,00 €", "22,00 € / měs. 4 splátky",
    # a saving, as "You save" already was
    "Экономия € 22,00 (20%)", "Oszczędzasz 22,00 €", "U bespaart € 22,00", "Economize € 22,00"])
def test_an_instalment_in_another_language_is_not_the_price(line: str) -> None:
    p = product_of("<h1>Mini effetto LED</h1><div><span>€ 88,00</span></div><div><p>Solo 3 rimasti</p>"
                   f"<div>{line}</div><button>Aggiungi al carrello</button></div>")
    assert p is not None and p.price == "88.00", line


def test_an_amount_beside_rating_words_is_still_the_price() -> None:
    # "rate" alone (English "Rate this") is no instalment
    p = product_of("<h1>Mini LED</h1><div><a>Rate this</a></div><div><span>€ 88,00</span>"
                   "<button>Add to cart</button></div>")
    assert p is not None and p.price == "88.00"


@pytest.mark.parametrize("count", ["4x", "or 4 interest-free payments of", "oder 4 Raten à", "o 3 rate senza interessi da",
                                   "lub 4 raty 0% po", "ou 4x de"])
def test_an_instalment_whose_amount_is_an_element_of_its_own_is_not_the_price(count: str) -> None:
    # (session 22) a payment widget draws the count and the amount apart ("4x" · "€22,00"), so
    # no one text says "instalment" beside the amount, and the buy box read it as the price
    p = product_of("<h1>Mini effetto LED</h1><div><span>€ 88,00</span></div><div><p>Solo 3 rimasti</p>"
                   f"<div class='k1'><span>{count}</span> <strong>€ 22,00</strong></div>"
                   "<button>Aggiungi al carrello</button></div>")
    assert p is not None and p.price == "88.00", count


@pytest.mark.parametrize("label", ["4 x 250 ml", "6x330ml", "Lieferung in 2-3 Tagen"])
def test_a_packs_count_or_a_delivery_time_before_the_price_is_no_instalment(label: str) -> None:
    # the price alone in the buy box, a line with numbers of its own right before it
    p = product_of(f"<h1>Sparkling water</h1><div class='k1'><span>{label}</span> <strong>€ 5,99</strong></div>"
                   "<button>In den Warenkorb</button>")
    assert p is not None and p.price == "5.99", label
