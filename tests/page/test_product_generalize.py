"""Product reading that holds on shops unlike the dev pages (issue 15, session 4): stock
wording about something else than the product, stock and buy wording in the languages
shops use, prices split over elements or written with spaces, and SoldOut as OutOfStock
where the scorer and the model read it."""

from __future__ import annotations

import pytest

from native_host.page.context import build_context
from native_host.protocol import PageSnapshot
from tests.page.test_product_shops import product_of


def test_unavailable_for_store_pickup_is_not_out_of_stock() -> None:
    p = product_of("<h1>Video doorbell</h1><div class='price'>$229.99</div>"
                   "<span class='availabilityMessage'>Available to ship</span>"
                   "<span class='availabilityMessage'>Unavailable for store pickup</span>"
                   "<p>Chat is unavailable</p><button class='add-to-cart'>Add to Cart</button>")
    assert p is not None and p.availability == "InStock"


@pytest.mark.parametrize("note", [
    "Size M sold out",
    # (session 20) the size or colour named without the word: a size token, a colour's name,
    # or a size / colour word in more languages
    "XL – Sold out", "S – Sold out", "Out of stock in XXL", "Sold out in EU 42", "Maat XL uitverkocht",
    "Black: Sold out", "Currently unavailable in Red", "Sold out: Navy / XL", "Nicht auf Lager in Schwarz",
    "Épuisé en XL", "Noir : Épuisé", "Esaurito in Nero", "Agotado en Negro", "Czarny: Wyprzedane",
    "Чёрный: Нет в наличии", "Farbe Rot ausverkauft", "Kleur: uitverkocht", "Размер 46: нет в наличии",
])
def test_sold_out_in_one_size_or_colour_says_nothing_about_the_product(note: str) -> None:
    p = product_of("<h1>Wool coat</h1><span class='price'>129,00 €</span>"
                   f"<p class='stock-note'>{note}</p><p>Free returns</p>")
    assert p is not None and p.availability != "OutOfStock"


@pytest.mark.parametrize("said", ["Sold out", "L'article est épuisé", "Artikel ist ausverkauft",
                                  "Currently unavailable.", "Rupture de stock"])
def test_sold_out_wording_without_a_size_or_colour_is_still_the_products(said: str) -> None:
    p = product_of(f"<h1>Wool coat</h1><span class='price'>129,00 €</span><p class='stock-note'>{said}</p>")
    assert p is not None and p.availability == "OutOfStock"


@pytest.mark.parametrize("title, note", [
    # (session 21) the colour or size is the product's own name's: the note names the product,
    # or stands beside its title in one short box
    ("FJANTIG hook, black", "<p class='stock-note'>FJANTIG hook, black – Sold out</p>"),
    ("Wool coat, Navy XL", "<p class='stock-note'>Out of stock: Wool coat, Navy XL</p>"),
    ("Manteau laine noir", "<p class='stock-note'>Épuisé</p>"),
])
def test_a_colour_in_the_products_own_name_does_not_silence_its_sold_out_note(title: str, note: str) -> None:
    p = product_of(f"<div class='head'><h1>{title}</h1>\n{note}</div><span class='price'>129,00 €</span><p>Free returns</p>")
    assert p is not None and p.availability == "OutOfStock"


@pytest.mark.parametrize("title, note", [
    # … but a colour or size the note names besides the product's name is still another one
    ("Wool coat, black", "Black: Sold out"), ("Wool coat, black", "XL – Sold out"),
    # and a name under 8 characters is not told from a colour word
    ("Red hat", "Red hat – Sold out"),
])
def test_a_colour_of_its_own_beside_the_products_name_still_says_nothing(title: str, note: str) -> None:
    p = product_of(f"<div class='head'><h1>{title}</h1>\n<p class='stock-note'>{note}</p></div>"
                   "<span class='price'>129,00 €</span>")
    assert p is not None and p.availability != "OutOfStock"


@pytest.mark.parametrize("said, name", [
    ("Nincs raktáron", "OutOfStock"), ("Ei varastossa", "OutOfStock"), ("Stokta yok", "OutOfStock"),
    ("Slut i lager", "OutOfStock"), ("在庫なし", "OutOfStock"), ("Hết hàng", "OutOfStock"),
    ("Na skladě", "InStock"), ("În stoc", "InStock"), ("På lager", "InStock"), ("Em estoque", "InStock"),
])
def test_stock_wording_in_many_languages(said: str, name: str) -> None:
    # no price shown: the wording alone has to say it
    p = product_of(f"<h1>Widget</h1><p class='availability'>{said}</p>",
                   head='<script type="application/ld+json">{"@type":"Product","name":"Widget","sku":"W-1"}</script>')
    assert p is not None and p.availability == name


@pytest.mark.parametrize("label", ["Ielikt grozā", "Добавить в корзину", "Adaugă în coș", "Do košíka",
                                   "Lägg i varukorgen", "カートに入れる", "Sepete Ekle", "Add to your basket",
                                   "Adicionar ao cesto", "Adicionar à sacola"])
def test_buy_buttons_in_many_languages_are_read_from_their_words(label: str) -> None:
    p = product_of(f"<h1>Widget</h1><div class='x1'><b class='x2'>49,90 €</b>"
                   f"<button class='x3'>{label}</button></div>")
    assert p is not None and p.price == "49.90" and p.availability == "InStock"


def test_price_and_currency_sign_in_elements_of_their_own_beside_the_buy_button() -> None:
    p = product_of("<h1>Robot mower</h1><div class='box'><div><span>978,00</span> <span>€</span></div>"
                   "<button class='btn'>Add to cart</button></div>"
                   "<div class='warranty-price'><span class='price'>10,99 €</span></div>")
    assert p is not None and p.price == "978.00"


def test_cents_in_superscript_are_the_decimals() -> None:
    p = product_of("<h1>Doorbell</h1><div class='price'>$229<sup>99</sup></div>"
                   "<button>Add to cart</button>")
    assert p is not None and p.price == "229.99"


def test_two_numbers_side_by_side_are_not_one_amount() -> None:
    p = product_of("<h1>Desktop PC</h1><div class='buy'><span>1,679</span> 1679 ₪"
                   "<button>Add to cart</button></div>")
    assert p is not None and p.price in ("1679", None)


def test_thousands_split_by_spaces_are_one_amount() -> None:  # kept while the amount changed
    p = product_of("<h1>Sofa</h1><div class='buy'><b>44 890 тг.</b><button>Add to cart</button></div>")
    assert p is not None and p.price == "44890"


def test_sold_out_markup_reaches_the_model_and_the_output_as_out_of_stock() -> None:
    html = ('<html><head><script type="application/ld+json">{"@type":"Product","name":"Kettle",'
            '"sku":"K-1","offers":{"price":"20","priceCurrency":"EUR",'
            '"availability":"https://schema.org/SoldOut"}}</script></head>'
            '<body><h1>Kettle</h1><p class="stock">Sold out</p></body></html>')
    ctx = build_context(PageSnapshot(url="https://shop.example/p/1", title="Kettle", html=html), 6000)
    assert ctx.product is not None and ctx.product.availability == "OutOfStock"
    assert "OutOfStock" in ctx.to_prompt() and "SoldOut" not in ctx.to_prompt()


@pytest.mark.parametrize("prefix, vocab", [("", ' vocab="https://schema.org/"'), ("schema:", "")])
def test_rdfa_product(prefix: str, vocab: str) -> None:
    p = product_of(f'<div{vocab} typeof="{prefix}Product"><h1 property="{prefix}name">Desk lamp</h1>'
                   f'<span property="{prefix}sku">L-9</span>'
                   f'<div property="{prefix}offers" typeof="{prefix}Offer">'
                   f'<span property="{prefix}price" content="39.90">39,90</span>'
                   f'<meta property="{prefix}priceCurrency" content="EUR">'
                   f'<link property="{prefix}availability" href="https://schema.org/SoldOut"></div></div>')
    assert p is not None
    assert (p.name, p.price, p.currency, p.availability, p.sku) == ("Desk lamp", "39.90", "EUR", "OutOfStock", "L-9")


def test_the_amount_right_after_the_title_is_the_price_when_nothing_names_it() -> None:
    sizes = "".join(f"<span>EU {n}</span>" for n in range(30, 92))  # the buy box is too big to read
    p = product_of("<h1>Winter coat</h1><div class='a1'><span class='b2'>€129.00</span></div>"
                   f"<div class='c3'>Choose your size {sizes}<button class='d4'>Add to bag</button></div>"
                   "<h2>You may also like</h2><a href='/p/2'><span>€93.00</span></a><span>€141.00</span>")
    assert p is not None and p.price == "129.00" and p.currency == "EUR" and p.availability == "InStock"


def test_not_available_for_store_pickup_in_a_label_beside_it_is_not_out_of_stock() -> None:
    p = product_of("<h1>Retro console</h1><span class='price'>$24.990</span>"
                   "<div class='availability'><p>Retiro en tienda</p><strong><span>No Disponible</span></strong></div>"
                   "<div class='availability'><p>Despacho a domicilio</p><span>Disponible</span></div>"
                   "<button class='add-to-cart'>Añadir al carro</button>", url="https://shop.example.cl/p/1")
    assert p is not None and p.availability == "InStock"
    sold = product_of("<h1>Retro console</h1><span class='price'>$24.990</span>"
                      "<div class='availability'><p>Producto</p><span>No Disponible</span></div>")
    assert sold is not None and sold.availability == "OutOfStock"


def test_article_number_label_names_the_product_code() -> None:
    p = product_of("<h1>FJANTIG hook</h1><span class='price'>£3</span>"
                   "<span class='label'>Article no.:</span> <span class='x9'>603.471.02</span>")
    assert p is not None and p.sku == "603.471.02"


def test_currency_sign_and_amount_in_elements_of_their_own_after_the_title() -> None:
    sizes = "".join(f"<span>EU {n}</span>" for n in range(30, 92))
    p = product_of("<h1>FJANTIG hook</h1><div class='p1'><span class='c1'>£</span><span class='i1'>3</span></div>"
                   f"<div class='c3'>{sizes}<button class='d4'>Add to shopping bag</button></div>")
    assert p is not None and p.price == "3" and p.currency == "GBP"


@pytest.mark.parametrize("said, name", [("Auf Lager", "InStock"), ("Épuisé", "OutOfStock"),
                                        ("Nicht auf Lager", "OutOfStock"), ("Sold out in size M", None)])
def test_free_text_availability_in_markup_reads_as_a_schema_org_name(said: str, name: str | None) -> None:
    p = product_of('<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1>'
                   '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">'
                   '<meta itemprop="priceCurrency" content="EUR"><span itemprop="price">20</span>'
                   f'<span itemprop="availability">{said}</span></div></div>'
                   "<button disabled>Add to cart</button>")
    assert p is not None and p.availability == name


def test_sold_out_on_one_choice_of_a_size_picker_is_not_the_products_stock() -> None:
    picker = "<ul><li>S</li><li>M</li><li>L – Sold out</li><li>XL</li></ul>"
    p = product_of(f"<h1>Linen shirt</h1><span class='price'>€49</span>{picker}")
    assert p is not None and p.availability == "InStock"
    sold = product_of("<h1>Linen shirt</h1><span class='price'>€49</span><p>Sold out</p>")
    assert sold is not None and sold.availability == "OutOfStock"


def test_cents_in_a_span_of_their_own_are_the_decimals() -> None:
    p = product_of("<h1>Doorbell</h1><div class='sale-price'>$229<span class='right'>99</span></div>")
    assert p is not None and p.price == "229.99"


def test_a_price_whose_currency_sign_is_a_sibling_comes_before_later_amounts() -> None:
    p = product_of("<h1>Chair cover</h1><div><span class='prod_price'>36,99</span><span class='money'>€</span></div>"
                   "<ul><li><span class='ship_price'>3,99€</span></li></ul>"
                   "<div><span class='popup_price'>4,99 €</span></div>")
    assert p is not None and p.price == "36.99" and p.currency == "EUR"


def test_an_articles_first_amount_after_its_title_is_no_price() -> None:
    para = "<p>" + "Wer einen Kredit aufnimmt, sollte die Zinsen vergleichen und die Laufzeit genau planen. " * 4 + "</p>"
    page = ("<h1>Wie hoch sind die Zinsen für einen Privatkredit?</h1><p><b>5.000 €</b></p>" + para
            + "<div class='price-box'>Vergleich</div>")
    assert product_of(page) is None
    shop = product_of(page.replace("</p><div", "</p><button>In den Warenkorb</button><div"))
    assert shop is not None and shop.price == "5.000"  # one "." is a decimal point (normalise_price)


@pytest.mark.parametrize("label", ["Tootekood:", "Tuotenumero :", "Tuotekoodi", "Varenummer:", "Cikkszám:",
                                   "Ürün kodu:", "Ad #", "AD ID", "Ad number:"])
def test_shop_and_classified_ad_code_labels_in_more_languages(label: str) -> None:
    # a strong label: it wins over a model number shown before it, as the shop's own code does
    p = product_of("<h1>Robot mower</h1><span class='price'>978,00 €</span>"
                   "<p>Modèle : IND-400</p>"
                   f"<p><span>{label}</span> <span>763127</span></p>")
    assert p is not None and p.sku == "763127"


def test_referencia_is_a_product_reference_label() -> None:
    p = product_of("<h1>Ténis</h1><span class='price'>49,99 €</span>"
                   "<p>Referência produto: 3410048</p>")
    assert p is not None and p.sku == "3410048"


def test_range_in_a_class_name_is_not_a_price_range_unless_it_is_one() -> None:
    # a shop whose CSS prefix is "range-" (its product range): its buy box price is the price
    buy_box = ("<div class='range-buy-module'><span class='range-price'><span class='range-currency'>£</span>"
               "<span class='range-integer'>3</span></span><span>/ 3 pack</span>"
               "<button class='range-btn'>Add to shopping bag</button></div>")
    p = product_of("<p>FJANTIG</p>" + buy_box)
    assert p is not None and (p.price, p.currency) == ("3", "GBP")
    # a price-range slider in the filters is still no price
    slider = product_of("<div class='price-range'><span>£</span><span>500</span></div>" + buy_box)
    assert slider is not None and slider.price == "3"


def test_a_buy_link_marks_a_shop_page_whose_names_say_nothing() -> None:
    # no product markup, no class names, the buy control a link: the amount after the title is the price
    p = product_of("<h1>Gormiti action figure</h1><div><span>€ 16,90</span></div>"
                   "<a href='/cart/add?id=7'>Aggiungi al carrello</a>")
    assert p is not None and p.price == "16.90"
    # the same page without the buy link is an article with a figure in it: no product
    assert product_of("<h1>Gormiti action figure</h1><div><span>€ 16,90</span></div>"
                      "<a href='/news'>Read more</a>") is None
