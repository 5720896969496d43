"""The product's own price and stock beside other products' (carousels, recommendations,
variants), and currencies as ISO 4217 codes."""

from __future__ import annotations

import pytest

from native_host.page.currency import to_iso
from native_host.page.parse import parse
from native_host.page.product import extract_product


def product_of(body: str, head: str = "", url: str = "https://shop.example/p/1", lang: str = ""):
    attr = f' lang="{lang}"' if lang else ""
    return extract_product(parse(f"<html{attr}><head>{head}</head><body>{body}</body></html>"), url)


CAROUSEL = ('<div class="a-carousel"><ul><li><a href="/other"><span class="price">$9.99</span></a>'
            '</li></ul></div>')


def test_carousel_price_is_not_the_products() -> None:
    body = (f"<h1>Desk lamp</h1>{CAROUSEL}<div id='buybox'><span class='price'>$48.99</span>"
            "<button id='add-to-cart'>Add to cart</button></div>")
    assert product_of(body).price == "48.99"
    # the carousel comes first and is the only price-classed element after the title
    body = (f"<div id='buybox'><span class='price'>$48.99</span><button>Add to cart</button></div>"
            f"<h1>Desk lamp</h1>{CAROUSEL}")
    assert product_of(body).price == "48.99"


@pytest.mark.parametrize("region", [
    '<section aria-roledescription="carousel">{}</section>',
    '<div class="customers-also-bought">{}</div>',
    '<div id="recommendations">{}</div>',
    '<div class="sponsored-products">{}</div>',
    '<div class="related-products">{}</div>',
])
def test_other_products_regions_are_ignored(region: str) -> None:
    other = region.format('<span class="price">€ 2,86</span>')
    body = f"<h1>Teapot</h1>{other}<p>Currently unavailable.</p>"
    p = product_of(body)
    assert p is None or p.price is None


def test_out_of_stock_page_with_only_other_products_prices_has_no_price() -> None:
    body = (f"<h1>Oats</h1>{CAROUSEL}<div id='availability'><span>Currently unavailable.</span>"
            "<span>We don't know when or if this item will be back in stock.</span></div>"
            "<p>SKU: OAT-1</p>")
    p = product_of(body)
    assert p.price is None and p.availability == "OutOfStock"


def test_back_in_stock_notice_is_not_in_stock() -> None:
    body = ("<h1>Boots</h1><span class='price'>€ 20</span>"
            "<div class='stock'>We'll email you when it is back in stock</div>")
    assert product_of(body).availability == "OutOfStock"


def test_struck_old_price_inside_the_price_wrapper_is_skipped() -> None:
    body = ("<h1>Phone</h1><div class='product-price'><s>49 890 тг.</s><span>44 890 тг.</span></div>"
            "<button>Add to cart</button>")
    p = product_of(body, url="https://shop.example.kz/p/1")
    assert (p.price, p.currency) == ("44890", "KZT")


def test_price_link_tiles_are_other_products() -> None:
    body = ("<h1>Insoles</h1><a class='card' href='/x'><span class='price'>169,00 Kn</span></a>"
            "<p>SKU: INS-2</p>")
    p = product_of(body)
    assert p is None or p.price is None


def test_amount_beside_the_buy_button_without_price_class() -> None:
    body = ("<h1>Jerky</h1><div class='box'><ul><li>Was: <strike>1,390</strike></li></ul>"
            "<div class='deal'>Now $<span>99</span> per pack</div>"
            "<a id='buy_btn' href='#'>Buy</a></div><div class='promo'><span class='price'>$129</span></div>")
    assert product_of(body, url="https://shop.example.tw/p").price == "99"


def test_price_attribute_on_the_buy_button() -> None:
    body = "<h1>Mug</h1><button class='add-to-cart' data-price='12.50'>Add to cart</button>"
    assert product_of(body).price == "12.50"


def test_visible_microdata_offer_wins_over_a_meta_only_offer() -> None:
    body = ('<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Book</h1>'
            '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">'
            '<meta itemprop="price" content="18.00"></div>'
            '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">'
            '<meta itemprop="price" content="17.10"><span>€ 17,10</span> <s>€ 18,00</s></div></div>')
    assert product_of(body).price == "17.10"


def test_one_variant_in_stock_means_in_stock() -> None:
    def node(size: str, stock: str) -> str:
        return ('{"@type":"Product","name":"Boots","sku":"B-%s","offers":{"@type":"Offer",'
                '"price":"69.95","priceCurrency":"EUR","availability":"http://schema.org/%s"}}'
                % (size, stock))
    ld = f'<script type="application/ld+json">[{node("35", "OutOfStock")},{node("36", "InStock")}]</script>'
    assert product_of("<h1>Boots</h1>", ld).availability == "InStock"
    ld = f'<script type="application/ld+json">[{node("35", "OutOfStock")},{node("36", "OutOfStock")}]</script>'
    assert product_of("<h1>Boots</h1>", ld).availability == "OutOfStock"
    offers = ('{"@type":"Product","name":"Shirt","offers":[{"price":"10","availability":"OutOfStock"},'
              '{"price":"10","availability":"InStock"}]}')
    assert product_of("", f'<script type="application/ld+json">{offers}</script>').availability == "InStock"


@pytest.mark.parametrize("value,url,lang,expected", [
    ("EUR", "", "", "EUR"), ("eur", "", "", "EUR"), ("€", "", "", "EUR"), ("£", "", "", "GBP"),
    ("₹", "", "", "INR"), ("zł", "", "", "PLN"), ("R$", "", "", "BRL"), ("₽", "", "", "RUB"),
    ("Kč", "", "", "CZK"), ("тг.", "", "", "KZT"), ("Kn", "", "", "HRK"), ("ر.س", "", "", "SAR"),
    ("$", "https://www.shop.com/p", "", "USD"), ("$", "https://www.bestbuy.ca/en-ca/p", "en-CA", "CAD"),
    ("$", "https://www.shop.com/p", "es-CL", "CLP"), ("$", "https://www.shop.com.au/p", "", "AUD"),
    ("$", "https://i3fresh.tw/x", "", "TWD"), ("¥", "https://shop.example/", "zh-CN", "CNY"),
    ("¥", "https://shop.example/", "ja", "JPY"), ("円", "", "", "JPY"),
    ("kr", "https://shop.se/", "", "SEK"), ("kr", "https://shop.example/", "da", "DKK"),
    ("kr", "https://shop.example/", "", None), ("Rs", "https://www.olx.com.pk/item", "", "PKR"),
    ("Rs.", "", "", "INR"), ("Lei", "https://www.emag.ro/p", "", "RON"), ("US$", "", "", "USD"),
    ("", "", "", None), (None, "", "", None), ("gold coins", "", "", None),
])
def test_currency_as_iso_4217(value, url, lang, expected) -> None:
    assert to_iso(value, url, lang) == expected


def test_currency_from_the_page_is_a_code() -> None:
    body = "<h1>Mug</h1><span class='price'>$12.00</span><button>Add to cart</button>"
    assert product_of(body, url="https://www.shop.ca/mug").currency == "CAD"
    assert product_of(body, url="https://www.shop.com/mug", lang="en-US").currency == "USD"
    head = '<meta property="og:type" content="product"><meta property="product:price:amount" content="5">' \
           '<meta property="product:price:currency" content="nzd">'
    assert product_of("<h1>Dress</h1>", head).currency == "NZD"


def test_currency_shown_with_the_markup_price() -> None:
    body = ('<div itemscope itemtype="http://schema.org/Product"><h1 itemprop="name">Book</h1>'
            '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">'
            '<meta itemprop="price" content="17.10"><span class="shipping">€ 3,00</span>'
            '<span class="p">€ 17,10</span></div></div>')
    assert product_of(body, url="https://shop.example/x").currency == "EUR"


def test_legacy_codes_are_current_ones() -> None:
    assert to_iso("RUR") == "RUB" and to_iso("BYR") == "BYN"
