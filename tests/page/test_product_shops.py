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


def _shop(control: str) -> str:
    # no product markup and class names that say nothing: only the words and the structure
    return (f"<h1>Long strappy dress</h1><div class='x1'><span class='x2'>49,90 €</span></div>"
            f"<div class='x3'>{control}</div><p class='x4'>Free returns within 30 days</p>")


@pytest.mark.parametrize("control", [
    "<button class='x5'>Comprar</button>", "<button>Buy</button>", "<input type='submit' value='Acheter'>",
    "<a role='button' href='/cart'>Kaufen</a>",
    "<button type='submit' aria-label='Add Long strappy dress'>Add</button>",
    "<a href='/tickets/1'>Comprar Entrada</a>", "<a href='/tickets/1'>Buy tickets</a>",
    # session 6: order verbs, Arabic "add to shopping bag / cart" in both spellings
    "<button type='button'>Naroči</button>", "<button>Objednat</button>",
    "<input type='submit' value='Commander'>", "<button>Order now</button>",
    "<a href='/cart/'>اضف الى حقيبة التسوق</a>", "<a href='/cart/'>أضف إلى عربة التسوق</a>",
    # session 7: an image whose click handler calls the shop's buy function
    "<a href='javascript:void(0)' onclick=\"if (!window.h) return false; buy('')\"><img src='b.png'></a>",
    "<a href='#' onclick='addToCart(1409); return false'><img src='cart.png'></a>",
    "<button type='button' onclick='shop.add_to_cart(7)'><img src='cart.png'></button>",
    # a classified ad's way to buy: reach the seller
    "<button type='button'><span>Chat with seller</span></button>", "<a href='/contact/1'>contact seller</a>",
    "<a href='/kontakt/1' role='button'>Kontaktieren</a>",
    # an accessible name that adds the named product to the cart, whatever the text says
    "<a href='#popup-add' title='Ajouter Long strappy dress à votre panier'>Je fonce</a>",
    "<button aria-label='Add Long strappy dress to cart'><svg></svg></button>",
    # a price-comparison site's list of the shops' offers
    "<a href='/offers/1'>See Prices</a>", "<a href='/offers/1'>Сравнить все цены (2)</a>",
])
def test_buy_controls_without_the_usual_buy_words_mark_a_shop_page(control: str) -> None:
    p = product_of(_shop(control))
    assert p is not None and p.price == "49.90" and p.availability == "InStock"


@pytest.mark.parametrize("control", [
    "<a href='/buy'>Buy</a>",  # a plain link "Buy": a site's section ("Buy · Sell · Rent")
    "<button>Add</button>",  # "Add" that does not say what it adds
    "<button aria-label='Add Long strappy dress to wishlist'>Add</button>",
    "<button>Buy better</button>",
    "<a href='/orders'>Bestellen</a>",  # a plain link: a site's section, not the product's button
    "<button>Order</button>", "<button>Bestellung verfolgen</button>", "<button>Submit</button>",
    # a news site's subscription form ("Zeitung bestellen", "Zamów prenumeratę") is no product
    "<input type='submit' value='Bestellen'>", "<input type='submit' value='ZAMÓW'>",
    # click handlers that only sound like buying
    "<a href='#' onclick='buyersGuide()'><img src='g.png'></a>", "<a href='#' onclick='track(\"buy\")'>Guide</a>",
    "<a href='#' onclick='rebuy(1)'><img src='r.png'></a>",
    # a comment's reply, a site's contact page, a seller's other items
    "<button>Reply</button>", "<a href='/contact'>Contact us</a>", "<a href='/seller/1'>See other items</a>",
    "<a href='/contact'>Contact the seller of this blog</a>",
    "<a href='#' title='Add Long strappy dress to your wishlist'>♡</a>", "<a href='#' title='Add your review'>Go</a>",
    "<a href='/cart' title='Shopping cart'>Cart</a>",
    # a review's affiliate box
    "<a href='https://amazon.example/dp/1'>See prices at Amazon</a>", "<a href='/go/1'>Check price</a>",
])
def test_words_that_do_not_buy_the_product_do_not_mark_a_shop_page(control: str) -> None:
    assert product_of(_shop(control)) is None


def test_a_bid_button_marks_an_auction_whose_next_bid_is_not_the_price() -> None:
    p = product_of("<h1>Pair of pillows</h1><div class='x1'><span class='x2'>$200</span></div>"
                   "<div class='x3'><p class='x6'>Next bid</p><p class='x7'>$225</p>"
                   "<button type='button'>Place Bid</button></div>")
    assert p is not None and p.price == "200" and p.availability == "InStock"


def test_delivery_and_warranty_prices_in_the_buy_form_are_not_the_products_price() -> None:
    p = product_of("<h1>Robot mower</h1><div class='product-price'><span class='price'><span>978,00</span>"
                   "<span>€</span></span></div>"
                   "<form class='product-form'><div class='warranty-select'><span>12 months: 146,70 €</span></div>"
                   "<div class='delivery-options'><div class='courier'>Delivery from"
                   "<span class='price'>10,99 €</span></div></div>"
                   "<button class='add'>Add to cart</button></form>")
    assert p is not None and p.price == "978.00"


@pytest.mark.parametrize("url", ["https://shop.example/Tommy-Jeans-sneakers-x3410048.php",
                                 "https://shop.example/products/3410048/sneakers"])
def test_the_id_in_the_url_shown_alone_on_the_page_is_the_product_code(url: str) -> None:
    p = product_of("<h1>Sneakers</h1><span class='price'>79,99 €</span><button>Add to cart</button>"
                   "<div class='details'><div>Colour: white</div><div>3410048</div></div>", url=url)
    assert p is not None and p.sku == "3410048"


def test_an_id_in_the_url_inside_longer_text_is_not_taken() -> None:
    # (an address with two numbers: with one, that one is the code since session 14,
    # test_product_url_id.py; shown inside a longer text it does not pick one of two)
    p = product_of("<h1>Sneakers</h1><span class='price'>79,99 €</span><button>Add to cart</button>"
                   "<p>Order 3410048 shipped</p>", url="https://shop.example/c/10455/products/3410048/sneakers")
    assert p is not None and p.sku is None


def test_a_price_in_an_image_slider_named_block_is_the_price() -> None:
    # "slider" names the product's picture slider here, not a price-range filter
    p = product_of("<h1>Orthopaedic insoles</h1><div class='ek-slider'><div class='ek-slider-price'>"
                   "<span class='ek-slider-pricenew'>270,00 Kn</span> <span class='ek-slider-priceold'>"
                   "540,00 Kn</span></div><form><a class='ek-slider-cta' href='#'>Kupi</a></form></div>", LD)
    assert p is not None and p.price == "270.00"


def test_a_price_range_slider_is_still_no_price() -> None:
    p = product_of("<div class='price-slider'><span class='price-slider-min'>10 €</span></div>"
                   "<h1>Orthopaedic insoles</h1><p>Made to measure.</p>", LD)
    assert p is None or p.price is None


@pytest.mark.parametrize("label", ["<div class='a'>Nr ref.</div><span class='b'>45979556</span>",
                                   "<td>Numer referencyjny:</td><td>45979556</td>"])
def test_polish_reference_number_labels(label: str) -> None:
    p = product_of(f"<h1>Panel tapicerowany</h1><span class='price'>32,00 zł</span><table><tr>{label}</tr></table>"
                   if "td" in label else f"<h1>Panel tapicerowany</h1><span class='price'>32,00 zł</span>{label}")
    assert p is not None and p.sku == "45979556"


def test_a_title_showing_its_price_in_an_element_of_its_own_marks_a_classified_ad() -> None:
    # no buy button, no markup, no telling class names: the ad's h1 shows the price
    body = ("<nav><h1>Manchester &gt; appliances</h1></nav><section><h1><span><span class='a'>"
            "Indesit Washing Machine 6kg</span> - <span class='b'>£50</span><small> (Salford)</small>"
            "</span></h1><p class='c'>Works fine, collection only.</p><p>post id: 7235216655</p></section>")
    p = product_of(body)
    assert p is not None and p.price == "50" and p.availability == "InStock" and p.sku == "7235216655"


@pytest.mark.parametrize("h1", ["<h1>Tesla shares fall to $200 after the report</h1>",
                                "<h1><a href='/x'>Markets</a></h1>", "<h1 hidden><span>£50</span> Old ad</h1>"])
def test_a_headline_with_an_amount_in_its_words_is_no_classified_ad(h1: str) -> None:
    assert product_of(f"{h1}<p>The company said on Monday that it would cut 5% of jobs.</p>") is None
