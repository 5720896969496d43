"""Stock and price as a shopper, and a schema.org consumer, read them (issue 15): SoldOut is
OutOfStock, markup that says sold out on a page that sells the product says nothing, a
disabled buy button is no sign of stock, a zero price is a placeholder, a news site's
subscription markup is no product, and of several products the page is about the one its
h1 names."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.product import extract_product, normalise_availability
from tests.page.test_product_shops import product_of

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")

def ld(text: str) -> str:
    return f'<script type="application/ld+json">{text}</script>'


@pytest.mark.parametrize("value, name", [("SoldOut", "OutOfStock"), ("https://schema.org/SoldOut", "OutOfStock"),
                                         ("oos", "OutOfStock"), ("available for order", "InStock"),
                                         ("Discontinued", "Discontinued"), ("pending", None)])
def test_availability_in_names_consumers_compare(value: str, name: str | None) -> None:
    assert normalise_availability(value) == name


SOLD_OUT_MARKUP = ld('{"@type":"Product","name":"Kettle","offers":{"price":"20",'
                     '"availability":"https://schema.org/OutOfStock"}}')


def test_markup_sold_out_but_the_page_sells_it_says_nothing() -> None:
    p = product_of(SOLD_OUT_MARKUP + "<h1>Kettle</h1><span class='price'>€20</span>"
                   "<button class='add-to-cart'>Add to cart</button>")
    assert p is not None and p.price == "20" and p.availability is None


def test_markup_sold_out_that_the_page_confirms_stays() -> None:
    shown = product_of(SOLD_OUT_MARKUP + "<h1>Kettle</h1><p class='stock'>Out of stock</p>"
                       "<button class='add-to-cart'>Add to cart</button>")
    assert shown.availability == "OutOfStock"
    no_button = product_of(SOLD_OUT_MARKUP + "<h1>Kettle</h1><span class='price'>€20</span>")
    assert no_button.availability == "OutOfStock"


def test_a_price_beside_a_disabled_buy_button_is_not_taken_for_in_stock() -> None:
    p = product_of("<h1>Kettle</h1><span class='price'>€20</span>"
                   "<button class='add-to-cart' disabled>Add to cart</button>")
    assert p is not None and p.price == "20" and p.availability is None
    enabled = product_of("<h1>Kettle</h1><span class='price'>€20</span>"
                         "<button class='add-to-cart'>Add to cart</button>")
    assert enabled.availability == "InStock"


def test_a_news_sites_subscription_markup_is_no_product() -> None:
    paywall = ld('{"@type":"NewsArticle","headline":"Bridge vote","isAccessibleForFree":false,'
                 '"isPartOf":{"@type":["CreativeWork","Product"],"name":"The Daily",'
                 '"productID":"daily.example:basic"}}')
    assert extract_product(parse(f"<html><head>{paywall}</head><body><p>{PARA}</p></body></html>"),
                           "https://news.example/a") is None


def test_a_zero_price_is_a_placeholder() -> None:
    p = product_of(ld('{"@type":"Product","name":"Kettle","offers":{"price":"0.00"}}')
                   + "<h1>Kettle</h1><span class='price'>€24.50</span>"
                   "<button class='add-to-cart'>Add to cart</button>")
    assert p.price == "24.50"


def test_of_several_products_the_one_the_h1_names() -> None:
    related = ld('{"@type":"Product","name":"Teapot","sku":"T-9","image":"t.jpg",'
                 '"offers":{"price":"35","priceCurrency":"EUR","availability":"InStock"}}')
    own = ld('{"@type":"Product","name":"Kettle","sku":"K-1","offers":{"price":"20","priceCurrency":"EUR"}}')
    p = product_of(related + own + "<h1>Kettle</h1>")
    assert (p.name, p.sku, p.price) == ("Kettle", "K-1", "20")


def test_stock_wording_counts_from_the_products_title_on() -> None:
    before = product_of("<header><div class='promo'>Sold out: last season's kettle</div></header>"
                        "<h1>Kettle</h1><span class='price'>€20</span><p>Ships in 2 days</p>")
    assert before.availability == "InStock"
    after = product_of("<header><div class='promo'>Free shipping</div></header>"
                       "<h1>Kettle</h1><span class='price'>€20</span><p>Sold out</p>")
    assert after.availability == "OutOfStock"
