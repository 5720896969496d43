"""Product reading on shops unlike the dev pages (issue 15, session 5): "from" prices,
and the other general signals below, each on small hand-written pages."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.product import extract_product


LD = '<script type="application/ld+json">{"@type": "Product", "name": "Puffer jacket", "sku": "J-1"}</script>'


def product_of(body: str, head: str = "", url: str = "https://shop.example/p/1"):
    return extract_product(parse(f"<html><head>{head}</head><body>{body}</body></html>"), url)


@pytest.mark.parametrize("shown", ["alkaen 74,95 €", "from $74.95", "ab 74,95 €", "74,95 € alkaen"])
def test_a_from_price_after_the_title_wins_over_the_list_price_after_it(shown: str) -> None:
    p = product_of(f"<h1>Puffer jacket</h1><div><span class='a1'>{shown}</span>"
                   "<div><span class='a2'>99,95 €</span><span>incl. VAT</span></div></div>", LD)
    assert p is not None and p.price == "74.95"


def test_a_from_word_without_an_amount_is_still_no_price() -> None:
    p = product_of("<h1>Puffer jacket</h1><p>from Helsinki</p><span class='a2'>99,95 €</span>", LD)
    assert p is not None and p.price == "99.95"
