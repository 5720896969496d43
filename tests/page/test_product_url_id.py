"""The product's number in its page's address (issue 15, session 14): a shop page that
shows no product code, and whose markup gives none, is most often named by the product's
number ("/item/93133869_pillows-pair", "/P-7142014-housse.htm"). When the path holds one
run of letters and digits with at least five digits, that run is the code; with two or
more (a category and a product, a year and an id), nothing: the reading cannot tell which
(`bench/product_variants.py`, visible page only: sku 0.906 → 0.940, A 0.877 → 0.933,
B 0.930 → 0.946)."""

from __future__ import annotations

import pytest

from native_host.page.pagesku import sku_from_url
from native_host.page.parse import parse
from tests.page.test_product_shops import product_of

_PAGE = ("<h1>Alexander Girard pillows, pair</h1><div class='a1'><span class='a2'>$200</span>"
         "<button class='a3'>Add to cart</button></div><p>Two pillows in cotton, 18 x 18 in.</p>")


@pytest.mark.parametrize("url, code", [
    ("https://auctions.example/item/93133869_alexander-girard-pillows-pair", "93133869"),
    ("https://shop.example/P-7142014-tertio-housse-de-chaise.htm", "7142014"),
    ("https://books.example/products/4005556050178/Puzzle_4x42.html", "4005556050178"),
    ("https://shop.example/pchome24h/M67296549.htm", "M67296549"),
])
def test_the_one_number_in_the_address_is_the_products_code(url: str, code: str) -> None:
    p = product_of(_PAGE, url=url)
    assert p is not None and p.sku == code


@pytest.mark.parametrize("url", [
    "https://shop.example/c/10455/p/93133869-pillows",  # a category and a product
    "https://shop.example/products/alexander-girard-pillows",  # no number at all
    "https://shop.example/p/pillows-1970s-3100",  # numbers of fewer than five digits
])
def test_no_code_from_an_address_that_does_not_name_one(url: str) -> None:
    p = product_of(_PAGE, url=url)
    assert p is not None and p.sku is None


def test_a_code_the_page_shows_wins_over_the_address() -> None:
    p = product_of(_PAGE + "<div>SKU: GIR-0414</div>", url="https://auctions.example/item/93133869_pillows")
    assert p is not None and p.sku == "GIR-0414"


def test_the_query_and_the_host_are_not_read() -> None:
    root = parse("<html><body><h1>Pillows</h1></body></html>")
    assert sku_from_url(root, "https://shop12345.example/pillows?session=99887766") is None
