"""Which ``h1`` is the product's title (issue 15, session 15, `page/titleh1.py`). Some
shops show another ``h1`` before the product's: the logo, the header's account link or
empty cart box, a classified site's trail, a dialog a script draws ("Added to cart").
The product's ``h1`` begins the way the document ``<title>`` (or one of its parts) does;
when the first ``h1`` does not and a later one does, the later one is the title, the
anchor of the price after it and of the product's part of the page."""

from __future__ import annotations

import pytest

from native_host.page.parse import parse
from native_host.page.shopview import title_at, visible_blocks
from tests.page.test_product_shops import product_of


def _title(head: str, body: str) -> str | None:
    blocks = visible_blocks(parse(f"<html><head><title>{head}</title></head><body>{body}</body></html>"))
    at = title_at(blocks)
    return None if at is None else blocks[at][1]


@pytest.mark.parametrize("head, first", [
    ("Indesit Washing Machine 6kg - appliances - by owner", "<h1>Manchester &gt; appliances – by owner</h1>"),
    ("Brassière de sport microfibre Lingerie - noir - Kiabi", "<h1>Mon compte</h1><h1>Votre panier est vide :(</h1>"),
    ("Kiabi | Brassière de sport microfibre", "<h1><a href='/'>Kiabi</a></h1>"),  # the logo, site first
    ("Amazon.it: Brassière de sport microfibre: Casa", "<h1>Aggiunto al Carrello</h1>"),
])
def test_a_later_h1_that_begins_like_the_document_title_is_the_title(head: str, first: str) -> None:
    name = "Indesit Washing Machine 6kg" if "Indesit" in head else "Brassière de sport microfibre - noir"
    assert _title(head, f"{first}<div>Menu</div><h1>{name}</h1>") == name


@pytest.mark.parametrize("head, body, expected", [
    # the first h1 begins like the title: a later one that does too is not taken
    ("Nike Air Max 90 | Shop", "<h1>Nike Air Max 90</h1><h1>Nike Air Max 90 reviews</h1>", "Nike Air Max 90"),
    # no h1 begins like the title: the first
    ("Shop - Zdravlje svima", "<h1>Zdravstvene usluge</h1><h1>Ortopedski ulošci S-plus</h1>", "Zdravstvene usluge"),
    # a later h1 that shares only one leading word is not enough
    ("Bloom fan 1250 mm | Shop", "<h1>Fans</h1><h1>Bloom</h1>", "Fans"),
    # a hidden h1 is never the title
    ("Bloom fan 1250 mm | Shop", "<h1>Fans</h1><h1 hidden>Bloom fan 1250 mm</h1>", "Fans"),
])
def test_the_first_h1_stays_the_title(head: str, body: str, expected: str) -> None:
    assert _title(head, body) == expected


@pytest.mark.parametrize("header, product_h1, head, price", [
    ("<header><h1>Mon compte</h1><div class='b1'>25,00 €</div></header>",
     "Brassière de sport microfibre - noir", "Brassière de sport microfibre - noir - Kiabi", "12,99 €"),
    # (session 17) the product's h1 holds the title's words after "Details about"
    ("<div class='acct'><h1>My account</h1><div class='b1'>£22.20</div></div>",
     "Details about Pony Cart Harness - Fit Up To 10/11 Hh", "Pony Cart Harness - Fit Up To 10/11 Hh | eBay", "£115.00"),
])
def test_the_price_after_the_products_h1_not_after_the_header_one(header: str, product_h1: str, head: str,
                                                                   price: str) -> None:
    # the amount alone after the title (no price class, no buy box): the header's h1 came first
    p = product_of(f"{header}<h1>{product_h1}</h1><div class='b2'>{price}</div>",
                   f"<title>{head}</title>"
                   '<script type="application/ld+json">{"@type": "Product", "name": "Product"}</script>')
    assert p is not None and p.price == price.strip("£ €").replace(",", ".")


def test_the_name_is_the_products_h1_when_markup_gives_none() -> None:
    body = ("<header><h1>Mon compte</h1></header><h1>Brassière de sport microfibre - noir</h1>"
            "<div class='b2'>12,99 €</div><button class='b3'>Ajouter au panier</button>")
    p = product_of(body, "<title>Brassière de sport microfibre - noir - Kiabi</title>")
    assert p is not None and p.name == "Brassière de sport microfibre - noir"


# (session 16) the shop's name in a logo h1 is a whole piece of the title, at its end or start
@pytest.mark.parametrize("head", [
    "Blue Kettle 1.7 L – Northwind Outfitters",
    "Northwind Outfitters | Blue Kettle 1.7 L",
    "Blue Kettle 1.7 L - Kitchen - Northwind Outfitters",
])
def test_a_logo_h1_that_is_the_shops_name_in_the_title_is_not_the_title(head: str) -> None:
    body = "<header><h1><a href='/'>Northwind Outfitters</a></h1></header><nav>Menu</nav><h1>Blue Kettle 1.7 L</h1>"
    assert _title(head, body) == "Blue Kettle 1.7 L"


def test_the_price_after_the_products_h1_not_after_the_logo() -> None:
    body = ("<header><h1>Northwind Outfitters</h1><div class='b1'>Free delivery over 25,00 €</div></header>"
            "<h1>Blue Kettle 1.7 L</h1><div class='b2'>12,99 €</div><button class='b3'>Add to cart</button>")
    p = product_of(body, "<title>Blue Kettle 1.7 L – Northwind Outfitters</title>")
    assert p is not None and p.name == "Blue Kettle 1.7 L"


@pytest.mark.parametrize("head, body, expected", [
    # the product's h1 is the title's first piece: a later h1 with the shop's name is not taken
    ("Blue Kettle 1.7 L – Northwind Outfitters",
     "<h1>Blue Kettle 1.7 L</h1><h1>Northwind Outfitters</h1>", "Blue Kettle 1.7 L"),
    # site first: the product's h1 is the title's last piece
    ("Northwind Outfitters | Blue Kettle 1.7 L",
     "<h1>Blue Kettle 1.7 L</h1><footer><h1>Northwind Outfitters</h1></footer>", "Blue Kettle 1.7 L"),
    # a piece as long as the later h1's match: the first stays
    ("Blue Kettle – Northwind Outfitters", "<h1>Northwind Outfitters</h1><h1>Blue Kettle</h1>",
     "Northwind Outfitters"),
])
def test_a_first_h1_that_names_as_much_of_the_title_stays(head: str, body: str, expected: str) -> None:
    assert _title(head, body) == expected


# (session 17) the product's h1 holds the title's words, but does not begin with them:
# "Details about" + the title (eBay), or the name without the brand the title begins with
@pytest.mark.parametrize("head, product_h1", [
    ("Pony Cart Harness - Fit Up To 10/11 Hh | eBay", "Details about Pony Cart Harness - Fit Up To 10/11 Hh"),
    ("Angel Teddy Bear | eBay", "Dettagli su Angel Teddy Bear- mostra il titolo originale"),
    ("Glorious Gangsta MAVIS - Winter coat - black - Zalando.ie", "MAVIS - Winter coat"),
    ("Superdry SPIRIT SPORTS PUFFER - Välikausitakki - Zalando.fi", "SPIRIT SPORTS PUFFER - Välikausitakki"),
])
@pytest.mark.parametrize("header", [
    "<div class='acct'><h1>My account</h1><a href='/login'>Sign in</a></div>",
    "<div role='dialog'><h1>We value your privacy</h1><button>Accept all</button></div>",
])
def test_a_later_h1_with_a_run_of_the_titles_words_is_the_title(head: str, product_h1: str, header: str) -> None:
    assert _title(head, f"{header}<div>Menu</div><h1>{product_h1}</h1>") == product_h1


@pytest.mark.parametrize("head, body, expected", [
    # a run of the site's or category's pieces is not the product's name: the trail stays
    # behind the product's h1
    ("Indesit Washing Machine 6kg - appliances - by owner",
     "<h1>Manchester &gt; appliances – by owner</h1><h1>Indesit Washing Machine 6kg - £50</h1>",
     "Indesit Washing Machine 6kg - £50"),
    # two words of the title in a row, not at the h1's start, are not enough
    ("Bloom fan 1250 mm | Shop", "<h1>Fans</h1><h1>Our Bloom fan</h1>", "Fans"),
    # a first h1 with a run of the title's words is the title: a later one that begins like it is not taken
    ("Pony Cart Harness | eBay", "<h1>Details about Pony Cart Harness</h1><h1>Pony Cart Harness reviews</h1>",
     "Details about Pony Cart Harness"),
])
def test_runs_of_the_titles_words_guards(head: str, body: str, expected: str) -> None:
    assert _title(head, body) == expected


# (session 18) the only h1 is the logo's or the shop's name, the product named in a div or
# an h2: the text the document title names is the title
@pytest.mark.parametrize("head, logo", [
    ("Blue Kettle 1.7 L – Northwind Outfitters", "Northwind Outfitters"),  # the title's last piece
    ("Northwind Outfitters | Blue Kettle 1.7 L", "Northwind Outfitters"),  # site first
    ("Blue Kettle 1.7 L", "Northwind Outfitters"),  # a name the title does not give
])
@pytest.mark.parametrize("product", ["<div class='n'>{}</div>", "<h2>{}</h2>", "<div><span>{}</span></div>"])
def test_the_text_the_document_title_names_when_no_h1_does(head: str, logo: str, product: str) -> None:
    body = (f"<header><h1><a href='/'>{logo}</a></h1><nav><a href='/'>Home</a><a href='/sale'>Sale</a></nav></header>"
            f"<div>Free delivery on orders over 50 €</div>{product.format('Blue Kettle 1.7 L')}")
    assert _title(head, body) == "Blue Kettle 1.7 L"


def test_the_price_after_the_products_name_not_after_the_logo_h1() -> None:
    # the amount alone after the title (no price class, no buy box): the basket's came first
    body = ("<header><h1><a href='/'>Northwind Outfitters</a></h1><div class='b1'>£22.20</div></header>"
            "<div class='t'>Blue Kettle 1.7 L</div><div class='b2'>£24.99</div>")
    p = product_of(body, "<title>Blue Kettle 1.7 L – Northwind Outfitters</title>"
                   '<script type="application/ld+json">{"@type": "Product", "name": "Blue Kettle"}</script>')
    assert p is not None and p.price == "24.99"


@pytest.mark.parametrize("head, body, expected", [
    # the page shows nothing the title names: the h1 stays
    ("Bloom fan 1250 mm | Shop", "<h1>Fans</h1><div>Ceiling fans for every room</div>", "Fans"),
    # the title's words only in a link (a trail, another product's card): the h1 stays
    ("Bloom fan 1250 mm | Shop", "<h1>Fans</h1><a href='/bloom'>Bloom fan 1250 mm</a>", "Fans"),
    # the h1 holds the text the title names, after a category's word: the h1 is the title
    ("BabyBjorn One купить в Минске недорого", "<h1>Сумка-кенгуру BabyBjorn One</h1><small>BabyBjorn One</small>",
     "Сумка-кенгуру BabyBjorn One"),
    # the title's text before the h1: the h1 is the title
    ("Bloom fan 1250 mm | Shop", "<div>Bloom fan 1250 mm</div><h1>Fans</h1>", "Fans"),
    # the product's h1 is the title's shorter piece, the shop's name shown after it: the h1 stays
    ("Blue Kettle 1.7 L – Northwind Outfitters",
     "<h1>Blue Kettle 1.7 L</h1><footer><div>Northwind Outfitters</div></footer>", "Blue Kettle 1.7 L"),
])
def test_the_h1_stays_when_no_other_text_names_the_product(head: str, body: str, expected: str) -> None:
    assert _title(head, body) == expected


@pytest.mark.parametrize("logo, expected", [
    # (session 18) the logo's h1 is no name for the product: the text the document title begins with
    ("<a href='/'>Northwind Outfitters</a>", "Blue Kettle 1.7 L"),
    ("<a href='/'>Kettles &amp; more</a>", "Blue Kettle 1.7 L"),
    # an h1 that names the product stays its name
    ("Blue Kettle 1.7 L stainless", "Blue Kettle 1.7 L stainless"),
])
def test_the_name_is_not_a_logo_h1s(logo: str, expected: str) -> None:
    body = (f"<header><h1>{logo}</h1></header><div class='n'>Blue Kettle 1.7 L</div>"
            "<div class='b2'>12,99 €</div><button class='b3'>Add to cart</button>")
    p = product_of(body, "<title>Blue Kettle 1.7 L – Northwind Outfitters</title>")
    assert p is not None and p.name == expected


_BOXED = ("<h1><div class='t1'>VADHOLMA</div><div class='t2'><span>Rack for kitchen island, black</span></div></h1>"
          "<div class='b2'>£50</div>")


def test_a_title_drawn_in_two_boxes_is_read_with_a_space_between_them() -> None:
    # (session 23) the name a shopper reads, not "VADHOLMARack …"; inline pieces stay together
    p = product_of(_BOXED + "<button class='b3'>Add to bag</button>")
    assert p is not None and p.name == "VADHOLMA Rack for kitchen island, black"
    p = product_of("<h1>Rack <b>VAD</b>HOLMA</h1><div class='b2'>£50</div><button>Add to bag</button>")
    assert p is not None and p.name == "Rack VADHOLMA"


@pytest.mark.parametrize("note", ["VADHOLMA Rack for kitchen island, black – Sold out",
                                  "Out of stock: VADHOLMA Rack for kitchen island, black"])
def test_a_sold_out_note_naming_a_title_drawn_in_two_boxes(note: str) -> None:
    # (session 23) the note names the product as it reads; its colour is the name's, not a variant's
    p = product_of(f"<div class='q1'>{_BOXED}<p class='q2'>{note}</p></div>")
    assert p is not None and p.availability == "OutOfStock"


# (session 23b) the product's h1 drawn in boxes is weighed with its boxes apart, as a shopper
# reads it: "VADHOLMA Rack", not one word "VADHOLMARack" that begins nothing of the title
@pytest.mark.parametrize("header", [
    "<div class='acct'><h1>My account</h1><a href='/login'>Sign in</a></div>",
    "<header><h1><a href='/'>IKEA</a></h1></header>",
])
def test_a_later_h1_drawn_in_boxes_that_begins_like_the_title_is_the_title(header: str) -> None:
    body = f"{header}<div>Menu</div><h1><div>VADHOLMA</div><div>Rack</div></h1><div class='b2'>£50</div>"
    blocks = visible_blocks(parse(f"<html><head><title>VADHOLMA Rack | IKEA</title></head><body>{body}</body></html>"))
    at = title_at(blocks)
    assert at is not None and blocks[at][1] == "VADHOLMA"


def test_of_several_products_in_markup_the_one_the_h1_in_boxes_names() -> None:
    ld = ('<script type="application/ld+json">[{"@type": "Product", "name": "HEMNES Shelf", "sku": "111",'
          ' "offers": {"price": "20.00", "priceCurrency": "GBP"}}, {"@type": "Product", "name": "VADHOLMA Rack",'
          ' "sku": "222", "offers": {"price": "50.00", "priceCurrency": "GBP"}}]</script>')
    p = product_of("<h1><div>VADHOLMA</div><div>Rack</div></h1>", ld)
    assert p is not None and p.sku == "222" and p.price == "50.00"
