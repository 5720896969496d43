"""Shops that do not name the product in an ``h1`` (issue 15, session 10): a ``div`` or a
``span`` holds the name, or the ``h1`` is kept for the logo. The product's title is then
the visible text the page's ``<title>`` names it by — the anchor the price after the
title and the product's part of the page are read from."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.shopview import title_at, visible_blocks
from tests.page.test_product_shops import product_of

_PRODUCT = '<script type="application/ld+json">{"@type":"Product","name":"Boots"}</script>'


def _head(title: str, more: str = "") -> str:
    return f"<title>{title}</title>{more}"


@pytest.mark.parametrize("body, price", [
    # the amount alone after the title (no price class, no buy button)
    ("<div class='x1'>Menu</div><div class='x2'>Flat boots with track soles</div><div class='x3'>69,95 €</div>", "69.95"),
    # a price-classed amount before the title (a basket's) is not the product's
    ("<header><span class='cart-price'>22,20 €</span></header><div class='x2'>Flat boots with track soles</div>"
     "<span class='price'>12,99 €</span>", "12.99"),
])
def test_a_title_named_by_the_document_title_anchors_the_price(body: str, price: str) -> None:
    p = product_of(body, _head("Flat boots with track soles | Zara Belgium", _PRODUCT))
    assert p is not None and p.price == price


@pytest.mark.parametrize("body, expected", [
    # the shop's name is in the title too: the longer text, the product's, is the title
    ("<div>Zara Belgium Online Shop</div><div>Flat boots with track soles</div>", "Flat boots with track soles"),
    # a trail's link named like the product is not its title
    ("<nav><a href='/b'>Flat boots with track soles</a></nav><div>Flat boots with track soles</div>",
     "Flat boots with track soles"),
    # too short a part of the title names nothing
    ("<div>Zara</div><div>Shoes</div>", None),
    # an h1 is the title, whatever the document title says
    ("<div>Flat boots with track soles</div><h1>Boots</h1>", "Boots"),
])
def test_the_title_without_an_h1(body: str, expected: str | None) -> None:
    blocks = visible_blocks(parse(f"<html><head>{_head('Flat boots with track soles | Zara Belgium Online Shop')}</head>"
                                  f"<body>{body}</body></html>"))
    at = title_at(blocks)
    assert (None if at is None else blocks[at][1]) == expected
    if expected and "<nav>" in body:
        assert blocks[at][0].tag == "div"


_AD = "Fernbedienung TV in Feldkirch - TV, Projektoren - kostenlose Kleinanzeigen bei Laendleanzeiger.at"


@pytest.mark.parametrize("body, expected", [
    # (session 11) a classified ad's title begins the document title, though it is far
    # shorter than a third of it ("Ad title in Town - Category - site")
    ("<div>Kleinanzeigen</div><div>Fernbedienung TV</div>", "Fernbedienung TV"),
    # … the longest of those that begin it or one of its parts (the category's is shorter)
    ("<div>TV, Projektoren</div><div>Fernbedienung TV</div>", "Fernbedienung TV"),
    # a short text inside the title that begins none of its parts still names nothing
    ("<div>Kleinanzeigen</div><div>Feldkirch</div>", None),
    # … nor does it lower the bar for others once a short beginning was found
    ("<div>Fernbedienung</div><div>Projektoren - kostenlose</div>", "Fernbedienung"),
])
def test_a_short_title_that_begins_the_document_title(body: str, expected: str | None) -> None:
    blocks = visible_blocks(parse(f"<html><head>{_head(_AD)}</head><body>{body}</body></html>"))
    at = title_at(blocks)
    assert (None if at is None else blocks[at][1]) == expected


@pytest.mark.parametrize("title", ["Laendleanzeiger.at | Fernbedienung TV in Feldkirch - TV, Projektoren - Kleinanzeigen",
                                   "Amazon.de: Fernbedienung TV, universal, schwarz: Elektronik & Foto"])
def test_a_short_title_after_the_site_name_that_begins_the_document_title(title: str) -> None:
    blocks = visible_blocks(parse(f"<html><head>{_head(title)}</head><body><div>Kleinanzeigen</div>"
                                  "<div>Fernbedienung TV</div></body></html>"))
    at = title_at(blocks)
    assert at is not None and blocks[at][1] == "Fernbedienung TV"


def test_a_classified_ads_short_title_anchors_its_price() -> None:
    # laendleanzeiger (B, with its h1 drawn as a div): "€ 20,-" right after "Fernbedienung TV"
    p = product_of("<div class='a'><a href='/'>Start</a> <a href='/tv'>TV, Projektoren</a></div>"
                   "<div class='t'>Fernbedienung TV</div><div class='p'><strong>€ <span>20,-</span></strong>"
                   "<div>Verhandlungsbasis</div></div><p>Fernbedienung neuwertig, noch nie benutzt.</p>",
                   _head(_AD, '<script type="application/ld+json">{"@type":"Product","name":"Fernbedienung"}</script>'))
    assert p is not None and p.price == "20"


@pytest.mark.parametrize("head, body, price, availability, url", [
    # (session 11) craigslist with its h1 drawn as a div and no shop signal: the ad's title,
    # found as the text the document title begins with, shows its price beside it
    ("Indesit Washing Machine 6kg - appliances - by owner",
     "<div class='x1'><span class='x2'><span class='x3'>Indesit Washing Machine 6kg</span> - <span class='x4'>£50</span>"
     "<small> (Salford)</small></span></div><section class='x5'>Fully working, collection only.</section>", "50", "InStock",
     "https://manchester.craigslist.org/app/d/salford-indesit/7235216655.html"),
    # amazon.de sold out, the same way: "Derzeit nicht verfügbar." right after the title
    ("Geschenkkorb rund mittel, beige: Amazon.de: Küche & Haushalt",
     "<div class='x1'><span class='x2'>Geschenkkorb rund mittel, beige</span></div><div class='x3'>"
     "<span class='x4'>Derzeit nicht verfügbar.</span></div><div data-asin='B00BRMIU7A'><p>Wir wissen nicht, ob und wann.</p></div>",
     None, "OutOfStock",
     "https://www.amazon.de/dp/B00BRMIU7A"),
    # a title written site first: the ad's title begins the part after the site's name
    ("craigslist | Indesit Washing Machine 6kg - appliances - by owner",
     "<div class='x1'><span class='x2'><span class='x3'>Indesit Washing Machine 6kg</span> - <span class='x4'>£50</span>"
     "</span></div><section class='x5'>Fully working, collection only.</section>", "50", "InStock",
     "https://manchester.craigslist.org/app/d/salford-indesit/7235216655.html"),
])
def test_a_page_without_h1_or_shop_signal_is_read_from_its_document_titles_text(
        head: str, body: str, price: str | None, availability: str, url: str) -> None:
    p = product_of(body, _head(head), url)
    assert p is not None and (p.price, p.availability) == (price, availability)


@pytest.mark.parametrize("body", [
    # an article without an h1: its headline begins the document title, no price beside it
    "<div class='x1'>Reparaturcafé am 31. Januar</div><p>Bring your broken toaster; coffee costs €2.</p>",
    # a link that begins the title (a trail) is not the title, whatever it is followed by
    "<div><a href='/r'>Reparaturcafé am 31. Januar</a> <span>€2</span></div>",
])
def test_an_article_without_h1_stays_no_product(body: str) -> None:
    assert product_of(body, _head("Reparaturcafé am 31. Januar | Stadtteilzentrum")) is None


def _deep(html: str, levels: int = 11) -> str:
    return "<div>" * levels + html + "</div>" * levels


_NO_TITLE = _head("Online Shop")  # the document title names no shown text either


@pytest.mark.parametrize("price_box, price", [
    # (session 21) zalando with no h1 and no title to tell: the amount alone a few blocks
    # above the buy control, its add-to-cart form wrapped deeper than the buy box is looked for
    ("<span>Säästä jopa 25%</span><span>alkaen 74,95 €</span><span>99,95 €</span><span>sis. 24% alv</span>", "74.95"),
    ("<div>Superdry</div><div>SPIRIT SPORTS PUFFER</div><p>€129.00</p><span>VAT included</span>", "129.00"),
])
def test_without_a_title_the_amount_alone_above_the_buy_control_is_the_price(price_box: str, price: str) -> None:
    p = product_of(f"<nav><a href='/'>Naiset</a> <a href='/m'>Miehet</a></nav><div>{price_box}</div>"
                   "<div><span>Väri:</span><span>nautical yellow</span><span>Valitse koko</span></div>"
                   + _deep("<button type='submit'>Lisää ostoskoriin</button>")
                   + "<div><span>5-8 arkipäivässä</span><span>Materiaali & huolto</span></div>", _NO_TITLE)
    assert p is not None and (p.price, p.availability) == (price, "InStock")


@pytest.mark.parametrize("before", [
    # a bid control: the amount above it is the next bid, not the price
    "<span>Next bid</span><span>$225</span>",
    # an amount far above the control (more than a dozen blocks) is not its price
    "<span>$19.99</span>" + "".join(f"<p>Line {n} of the description</p>" for n in range(14)),
    # one in a link (another product's) or struck through (the list price) is not either
    "<a href='/p/2'>$19.99</a><s>$24.99</s>",
])
def test_without_a_title_other_amounts_above_the_buy_control_are_no_price(before: str) -> None:
    button = "<button>Place bid</button>" if "bid" in before else "<button>Add to cart</button>"
    p = product_of(f"<div>{before}</div>" + _deep(button), _NO_TITLE)
    assert p is None or p.price is None
