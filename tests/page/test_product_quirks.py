"""Hand-written fixtures for each JSON-LD / microdata / meta quirk the extractor handles."""

from __future__ import annotations

import json

import pytest

from native_host.page.parse import parse
from native_host.page.product import extract_product, normalise_availability, normalise_price
from tests.page.test_product_shops import product_of


def ld(text: str) -> str:
    return f'<script type="application/ld+json">{text}</script>'


def test_plain_jsonld_product() -> None:
    p = product_of(ld('{"@context":"https://schema.org","@type":"Product","name":"Kettle","sku":"K-1",'
                      '"brand":{"@type":"Brand","name":"Acme"},'
                      '"aggregateRating":{"ratingValue":"4.5","reviewCount":"12"},'
                      '"offers":{"@type":"Offer","price":"1299.00","priceCurrency":"EUR",'
                      '"availability":"https://schema.org/InStock"}}'))
    assert p is not None
    assert (p.name, p.price, p.currency, p.availability, p.sku, p.brand) == (
        "Kettle", "1299.00", "EUR", "InStock", "K-1", "Acme")
    assert p.rating == 4.5 and p.review_count == 12


def test_graph_and_top_level_array() -> None:
    graph = ld('{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"x"},'
               '{"@type":"Product","name":"In graph","offers":{"price":5,"priceCurrency":"USD"}}]}')
    assert product_of(graph).name == "In graph"
    array = ld('[{"@type":"BreadcrumbList"},{"@type":["Product","Thing"],"name":"In array",'
               '"offers":{"price":"7.50"}}]')
    p = product_of(array)
    assert p.name == "In array" and p.price == "7.50"


def test_offers_as_list_takes_first_priced_offer() -> None:
    p = product_of(ld('{"@type":"Product","name":"L","offers":[{"@type":"Offer"},'
                      '{"@type":"Offer","price":"19.99","availability":"OutOfStock"},'
                      '{"@type":"Offer","price":"29.99"}]}'))
    assert p.price == "19.99" and p.availability == "OutOfStock"


def test_aggregate_offer_low_price() -> None:
    p = product_of(ld('{"@type":"Product","name":"A","offers":{"@type":"AggregateOffer",'
                      '"lowPrice":"10.00","highPrice":"30.00","priceCurrency":"GBP","offerCount":3}}'))
    assert p.price == "10.00" and p.currency == "GBP"


def test_price_specification() -> None:
    p = product_of(ld('{"@type":"Product","name":"S","offers":{"@type":"Offer","priceSpecification":['
                      '{"@type":"UnitPriceSpecification","priceType":"https://schema.org/ListPrice",'
                      '"price":99.0},{"@type":"UnitPriceSpecification","price":79.5,'
                      '"priceCurrency":"CHF"}]}}'))
    assert p.price == "79.5" and p.currency == "CHF"


@pytest.mark.parametrize("value", ["http://schema.org/InStock", "https://schema.org/InStock",
                                   "InStock", "schema:InStock", "in_stock", "In Stock",
                                   "http://schema.org/InStock/"])
def test_availability_spellings(value: str) -> None:
    assert normalise_availability(value) == "InStock"
    p = product_of(ld('{"@type":"Product","name":"x","offers":{"price":"1","availability":"%s"}}' % value))
    assert p.availability == "InStock"


def test_other_availability_names() -> None:
    assert normalise_availability("https://schema.org/PreOrder") == "PreOrder"
    assert normalise_availability("SoldOut") == "OutOfStock"  # what consumers compare
    assert normalise_availability("http://schema.org/Discontinued") == "Discontinued"
    assert normalise_availability("whatever") is None


def test_trailing_semicolon_and_html_comment_wrapping() -> None:
    p = product_of(ld('<!-- {"@type":"Product","name":"Semi","offers":{"price":"3.00"}}; -->'))
    assert p.name == "Semi" and p.price == "3.00"


def test_comment_damaged_and_trailing_comma_json() -> None:
    damaged = ld('{"@type":"Product", // the product\n"name":"Damaged",'
                 '"offers":{"price":"4.25",},}')
    p = product_of(damaged)
    assert p is not None and p.name == "Damaged" and p.price == "4.25"


def test_broken_jsonld_falls_back_to_microdata() -> None:
    body = (ld("{ this is not json at all")
            + '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Micro</h1>'
            '<meta itemprop="sku" content="M-9"><div itemprop="offers" itemscope '
            'itemtype="https://schema.org/Offer"><span itemprop="price" content="12,50">12,50 €</span>'
            '<meta itemprop="priceCurrency" content="EUR">'
            '<link itemprop="availability" href="http://schema.org/OutOfStock"></div></div>')
    p = product_of(body)
    assert (p.name, p.sku, p.price, p.currency, p.availability) == ("Micro", "M-9", "12.50", "EUR", "OutOfStock")


def test_microdata_nested_brand_and_rating() -> None:
    body = ('<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Shoe</span>'
            '<div itemprop="brand" itemscope itemtype="http://schema.org/Brand">'
            '<span itemprop="name">Runner</span></div>'
            '<div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating">'
            '<span itemprop="ratingValue">4.1</span><span itemprop="reviewCount">230</span></div>'
            '<div itemprop="offers" itemscope itemtype="http://schema.org/Offer">'
            '<span itemprop="price">59.90</span></div></div>')
    p = product_of(body)
    assert (p.brand, p.rating, p.review_count, p.price) == ("Runner", 4.1, 230, "59.90")


def test_opengraph_product_meta() -> None:
    head = ('<meta property="og:type" content="product"><meta property="og:title" content="OG Lamp">'
            '<meta property="product:price:amount" content="1,299.00">'
            '<meta property="product:price:currency" content="USD">'
            '<meta property="product:availability" content="in stock">'
            '<meta property="product:retailer_item_id" content="LAMP-7">')
    p = product_of("<p>A lamp.</p>", head)
    assert (p.name, p.price, p.currency, p.availability, p.sku) == ("OG Lamp", "1299.00", "USD", "InStock", "LAMP-7")


def test_jsonld_wins_over_meta_but_meta_fills_gaps() -> None:
    head = '<meta property="product:price:amount" content="50"><meta property="product:retailer_item_id" content="META">'
    p = product_of(ld('{"@type":"Product","name":"J","offers":{"price":"40"}}'), head)
    assert p.price == "40" and p.sku == "META"


def test_visible_page_heuristics() -> None:
    body = ('<h1>Garden Chair</h1><div class="product-price"><span>€ 1.234,56</span></div>'
            '<del class="old-price">€ 1.500,00</del><p>SKU: GC-2231</p>'
            '<div class="stock-status">Out of stock</div><button class="add-to-cart" disabled>Add to cart</button>')
    p = product_of(body)
    assert p is not None
    assert (p.name, p.price, p.currency, p.sku, p.availability) == ("Garden Chair", "1234.56", "EUR", "GC-2231", "OutOfStock")


def test_add_to_cart_means_in_stock() -> None:
    body = '<h1>Mug</h1><span class="price">$12.00</span><button id="add-to-cart">Add to cart</button>'
    assert product_of(body).availability == "InStock"


def test_article_page_is_not_a_product() -> None:
    assert product_of("<h1>News</h1><p>Prices rose 3.5% this year, said the bank.</p>") is None


@pytest.mark.parametrize("raw,expected", [
    ("1,299.00", "1299.00"), ("1.299,00", "1299.00"), ("12,50 €", "12.50"), ("$ 7", "7"),
    ("1 299,95", "1299.95"), (19.9, "19.9"), (5, "5"), ("1,299", "1299"), ("23.450", "23.450"),
    ("free", None), (None, None), (True, None),
])
def test_normalise_price(raw, expected) -> None:
    assert normalise_price(raw) == expected


def test_shown_product_code_wins_over_a_differing_markup_sku() -> None:
    """JSON-LD sku is often an internal/variant id; the code shown under a product-code
    label is the one shoppers quote."""
    ld = ('<script type="application/ld+json">{"@type":"Product","name":"Speaker","sku":"238368885",'
          '"offers":{"price":"49.00","priceCurrency":"GBP"}}</script>')
    page = f"<html><head>{ld}</head><body><h1>Speaker</h1><p>Product code: 83810610</p></body></html>"
    assert extract_product(parse(page)).sku == "83810610"
    # a model number is the manufacturer's: it does not replace the shop's sku
    page = f"<html><head>{ld}</head><body><h1>Speaker</h1><p>Model number: NC5100EF</p></body></html>"
    assert extract_product(parse(page)).sku == "238368885"
    # an element whose attributes name it the product reference, without a label
    page = (f"<html><head>{ld}</head><body><h1>Boots</h1>"
            "<span data-qa-qualifier='product-reference'>1002/710</span></body></html>")
    assert extract_product(parse(page)).sku == "1002/710"


def test_implausible_markup_skus_are_cleaned() -> None:
    def sku(value: str) -> str | None:
        ld = ('<script type="application/ld+json">{"@type":"Product","name":"x","sku":%s,'
              '"offers":{"price":"5"}}</script>') % json.dumps(value)
        return extract_product(parse(f"<html><head>{ld}</head><body></body></html>")).sku

    assert sku("TE502955-1293415 Housse de chaise") == "TE502955-1293415"
    assert sku("Fake Wounds") is None
    assert sku("AB-1234") == "AB-1234"


def test_currently_unavailable_outweighs_other_buy_buttons() -> None:
    page = ("<html><body><h1>Pan set</h1><span class='price'>£29.99</span>"
            "<div>Actuellement indisponible.</div>"
            "<div class='recs'><button>Add to cart</button></div></body></html>")
    assert extract_product(parse(page)).availability == "OutOfStock"
