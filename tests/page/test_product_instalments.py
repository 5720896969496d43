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
