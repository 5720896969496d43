"""Articles are not shops: a story's affiliate box, subscription offer or its publisher's
paywall markup is not a product the page is about (18 of the 805 article-corpus pages read
as products before, with a price and "InStock": "Un troisième Français mort dans le séisme
au Népal — 39 EUR InStock")."""

from __future__ import annotations

import json

from tests.page.test_product_shops import product_of as shop_product_of

SHOP_BOX = ("<div class='offer'><span class='price'>€ 7,99</span>"
            "<button class='add-to-cart'>In den Warenkorb</button></div>")
PARA = "<p>" + "The council met on Tuesday and argued about the bridge for hours. " * 6 + "</p>"


def product_of(body: str, head: str = ""):
    return shop_product_of(body, head, "https://news.example/2024/story")  # a news site's page


def _ld(data: dict) -> str:
    return f"<script type='application/ld+json'>{json.dumps(data)}</script>"


def test_the_same_box_reads_as_a_product_on_a_page_that_does_not_say_it_is_a_story() -> None:
    p = product_of(f"<h1>Garden hose</h1>{SHOP_BOX}")
    assert p is not None and p.price == "7.99"


def test_a_news_article_with_an_affiliate_box_has_no_product() -> None:
    head = _ld({"@context": "https://schema.org", "@type": "NewsArticle", "headline": "Bridge vote"})
    assert product_of(f"<h1>Bridge vote</h1>{PARA}{SHOP_BOX}{PARA}", head) is None


def test_opengraphs_article_published_time_says_story_too() -> None:
    head = "<meta property='article:published_time' content='2024-03-01T10:00:00Z'>"
    assert product_of(f"<h1>Bridge vote</h1>{PARA}{SHOP_BOX}", head) is None
    # (OpenGraph product tags on such a page are its CMS's, not an offer: "price 1, in Stock")
    head += ("<meta property='og:type' content='article'><meta property='product:price:amount' content='1'>"
             "<meta property='product:price:currency' content='EUR'>")
    assert product_of(f"<h1>Bridge vote</h1>{PARA}", head) is None


def test_a_reviews_own_product_markup_still_counts_but_its_stock_is_not_guessed() -> None:
    head = _ld({"@context": "https://schema.org", "@type": "Review", "itemReviewed": {
        "@type": "Product", "name": "Trail bike X", "offers": {"@type": "Offer", "price": "1899",
                                                                "priceCurrency": "EUR"}},
        "isPartOf": {"@type": "BlogPosting", "headline": "Tested"}})
    head += "<meta property='article:published_time' content='2024-03-01T10:00:00Z'>"
    p = product_of(f"<h1>Trail bike X, tested</h1>{PARA}{SHOP_BOX}", head)
    assert p is not None and p.name == "Trail bike X" and p.price == "1899"
    assert p.availability is None  # a shop page's price would mean InStock; a review's does not


def test_a_paywall_product_the_article_is_part_of_is_not_the_pages() -> None:
    paywall = {"@type": ["NZZ", "Product"], "name": "Neue Zürcher Zeitung", "productID": "nzz.ch:WEB"}
    head = _ld({"@context": "https://schema.org", "@type": "WebPage", "isAccessibleForFree": False,
                "isPartOf": paywall})
    assert product_of(f"<h1>Bridge vote</h1>{PARA}", head) is None
    micro = ("<div itemscope itemtype='http://schema.org/WebPage'><span itemprop='isPartOf' itemscope "
             "itemtype='http://schema.org/CreativeWork%20http://schema.org/Product'>"
             "<meta itemprop='name' content='The Daily'><meta itemprop='productID' content='daily:basic'>"
             f"</span><h1>Bridge vote</h1>{PARA}</div>")
    assert product_of(micro) is None


def test_a_product_the_publisher_owns_is_not_the_pages() -> None:
    head = _ld({"@context": "https://schema.org", "@type": "Organization", "name": "Tofu Blog",
                "owns": [{"@type": "Product", "name": "KanjiApp", "brand": {"@type": "Brand", "name": "KanjiApp"}}]})
    assert product_of(f"<h1>How to read kanji</h1>{PARA}", head) is None
