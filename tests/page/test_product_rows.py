"""Rows of other products' cards (issue 15, session 12): a "You may also like" row whose
class names say nothing (made up by a build tool, or in the shop's language) is found by
its shape — like cards, each with its own amount — so its buy buttons, prices and "Sold
out" badges are not the product's (`bench/shop_decoys.py`, "visible only, scrambled,
decoys: related products": price 0.408 → 0.940 on main's figures)."""

from __future__ import annotations

from tests.page.test_product_shops import product_of


def _row(first_sold_out: bool = False) -> str:
    cards = []
    for i, (name, price) in enumerate((("Crew T-shirt", "$19.99"), ("Tote bag", "$24.50"),
                                       ("Beanie", "$12.00"), ("Card holder", "$39.95"))):
        sold = first_sold_out and i == 0 or i == 2
        button = "<button class='q1' disabled>Sold out</button>" if sold else "<button class='q1'>Add to cart</button>"
        badge = "<span class='q2'>Sold out</span>" if sold else ""
        cards.append(f"<li class='x7'><div class='x8'>{badge}<h3><a href='/p/{i}'>{name}</a></h3>"
                     f"<span class='x9'>{price}</span>{button}</div></li>")
    return f"<section class='x5'><h2>Customers also bought</h2><ul class='x6'>{''.join(cards)}</ul></section>"


def test_a_row_of_cards_between_the_title_and_the_price_is_not_the_price() -> None:
    p = product_of(f"<h1>Teddy bear, 30 cm</h1>{_row()}<div class='a1'><span>Price:</span>"
                   "<span class='a2'>$12.99</span></div><p>Soft and washable.</p>")
    assert p is not None and p.price == "12.99"


def test_the_cards_buy_buttons_do_not_make_a_sold_out_product_buyable() -> None:
    p = product_of(f"<h1>Potato chips, sour cream</h1><div class='a1'><span class='a3'>Currently unavailable.</span>"
                   f"</div>{_row()}")
    assert p is None or (p.price is None and p.availability != "InStock")


def test_a_sold_out_badge_in_a_card_is_not_the_products_stock() -> None:
    p = product_of(f"<h1>Teddy bear, 30 cm</h1><div class='a1'><span class='a2'>$12.99</span>"
                   f"<button class='a4'>Add to cart</button></div>{_row(first_sold_out=True)}")
    assert p is not None and p.price == "12.99" and p.availability == "InStock"


def test_the_products_own_buy_box_beside_one_other_box_is_still_read() -> None:
    # two like blocks with amounts (the product and one bundle offer) are no row of cards
    box = "<div class='a1'><span class='a2'>{}</span><button class='a4'>Add to cart</button></div>"
    p = product_of(f"<h1>Teddy bear, 30 cm</h1><div>{box.format('$12.99')}{box.format('$22.99')}</div>")
    assert p is not None and p.price == "12.99" and p.availability == "InStock"


def test_an_amount_per_quantity_beside_the_buy_button_is_not_the_price() -> None:
    # names that say nothing: the box is read by its words and amounts alone
    p = product_of("<h1>Olive oil, 500 ml</h1><div class='a0'><span class='a2'>€9.90</span></div>"
                   "<div class='a1'><small>Unit price: €1.98 / 100 ml</small><button class='a4'>Add to cart</button></div>")
    assert p is not None and p.price == "9.90"


def test_a_price_per_piece_is_still_the_price() -> None:
    p = product_of("<h1>WC set</h1><div class='a1'><span class='a2'>997 zł/szt.</span>"
                   "<button class='a4'>Dodaj do koszyka</button></div>")
    assert p is not None and p.price == "997"


def _priced_cards() -> str:
    # cards whose amounts carry the class word "price", as most shop themes write them
    cards = "".join(f"<div class='k2'><a href='/p/{i}'><img src='/i/{i}.jpg' alt=''>{name}</a>"
                    f"<div class='k2-price'>{price}</div><button>Add to cart</button></div>"
                    for i, (name, price) in enumerate((("Mug", "€7.50"), ("Tote", "€18.00"), ("Cap", "€12.00"))))
    return f"<section class='k1'><h3>You may also like</h3><div class='k3'>{cards}</div></section>"


def test_a_card_amount_named_price_is_not_the_products_price() -> None:
    p = product_of("<h1>Teddy bear, 30 cm</h1><div class='a1'><span>€12.99</span>"
                   f"<button class='a4'>Add to cart</button></div>{_priced_cards()}")
    assert p is not None and p.price == "12.99"
    # and on a product page that shows no price of its own, none is taken from the cards
    p = product_of(f"<h1>Teddy bear, 30 cm</h1><p>Currently unavailable.</p>{_priced_cards()}")
    assert p is None or p.price is None


def _deep_cards() -> str:
    # (session 22) cards whose amount sits six levels down (li > div > div > div > div >
    # p.price > span), as eBay's "People who viewed this item also viewed" row draws them
    cards = "".join(f"<li class='r1'><div class='r2'><div class='r3'><div class='r4'><a href='/itm/{i}'>"
                    f"<img src='/i/{i}.jpg' alt=''></a></div><div class='r4'><div class='r5'>"
                    f"<a href='/itm/{i}'><p class='r6'>{name}</p></a><p class='r7-price'><span>{price}</span></p>"
                    f"<p class='r8'><span>+ £8.37 P&amp;P</span></p></div></div></div></div></li>"
                    for i, (name, price) in enumerate((("Webbing harness set", "£72.99"), ("Cart harness", "£64.99"),
                                                       ("Shetland harness", "£34.00"))))
    return f"<h2>People who viewed this item also viewed</h2><ul class='r0'>{cards}</ul>"


def test_a_card_amount_deep_in_its_card_is_not_the_products_price() -> None:
    # the row between the title and the price, or above all on a page whose title cannot be
    # told (no h1, a document title that names the shop only): not the product's amount
    for page in (f"<h1>Pony cart harness</h1>{_deep_cards()}",
                 f"<div class='t1'>Pony cart harness</div>{_deep_cards()}"):
        p = product_of(f"{page}<div class='a1'><span>Price:</span><span class='a2-price'>£115.00</span></div>"
                       + "<div>" * 8 + "<button class='a4'>Add to basket</button>" + "</div>" * 8,
                       "<title>Online Shop</title>")
        assert p is not None and p.price == "115.00", page[:30]


def test_the_rows_of_the_products_own_price_table_are_no_row_of_cards() -> None:
    # list price · price · you save, each a classless row with an amount: the product's own
    rows = ("<table><tr><td>List price:</td><td><s>£59.99</s></td></tr>"
            "<tr><td>Price:</td><td><span class='b1-price'>£48.99</span></td></tr>"
            "<tr><td>You save:</td><td>£11.00 (18%)</td></tr></table>")
    p = product_of(f"<h1>Walking boots</h1>{rows}<button class='a4'>Add to basket</button>")
    assert p is not None and p.price == "48.99"


def test_a_logo_or_a_box_put_in_one_row_of_the_price_table_makes_it_no_card() -> None:
    # a card of a row of other products leads away (a link, a picture), and so do the others
    # of its row: one row of the price table holding a payment logo, or a shelf a shop put
    # beside its price, does not turn the table into cards (amazon.co.uk read "5", session 13)
    for beside in ("<div class='k1'><span>or 3 payments of £16.33</span><img src='/klarna.svg' alt='Klarna'></div>",
                   "<div class='k2'><a href='/p/7'><img src='/7.jpg' alt=''>Saucepan</a> £18.99</div>"):
        rows = ("<table><tr><td>List price:</td><td><s>£59.99</s></td></tr>"
                f"<tr><td>Price:</td><td><span class='b1-price'>£48.99</span>{beside}</td></tr>"
                "<tr><td>You save:</td><td>£11.00 (18%)</td></tr></table>")
        p = product_of(f"<h1>Tefal 5 piece pan set</h1>{rows}<button class='a4'>Add to basket</button>")
        assert p is not None and p.price == "48.99", beside


def test_an_instalment_beside_the_buy_button_is_not_the_price() -> None:
    for line in ("or 3 payments of 13,33 €", "ou 4 paiements sans frais de 10,00 €", "oder 3 Raten à 13,33 €",
                 "13,33 €/mo with Klarna"):
        # (the shop's theme names its one price "old": vsezaoci.si's "price-old-live")
        p = product_of("<h1>Reading glasses</h1><div class='a1'><ul><li class='price'><span class='price-old-live'>40.00€</span></li>"
                       f"<div class='a5'><span>{line}</span></div></ul><button class='a4'>V košarico</button></div>")
        assert p is not None and p.price == "40.00", line
