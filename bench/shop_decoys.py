"""What real shop pages carry around the product, added to the dev pages: the rewrites of
:mod:`product_variants` that must NOT change the reading (the product's price, stock and
sku stay the gold's).

The dev pages were saved as single product pages, many without the cart drawer, the
promotion bar, the "You may also like" row or the variant picker that a live shop draws
around the product; held-out shops have them, and each holds amounts, buy buttons and
stock words that are not the product's.  Each rewrite draws its decoy in one of a few
markups (tags, class names, position before or after the product picked from the page's
title), in the page's language (``<html lang>``) and the way it writes its amounts:

* :func:`cart_drawer` — a header cart count and an empty mini-cart ("Your cart is empty",
  "Subtotal $0.00", a Checkout button), at the top or the bottom of the body;
* :func:`promo_banner` — an announcement bar with an amount ("Free shipping on orders over $50");
* :func:`related_products` — "You may also like" / "Recently viewed" / "Customers also
  bought": four other products, each with a price and a buy button, one "Sold out";
* :func:`sold_out_options` — a size or colour picker beside the buy button with options
  sold out (a disabled ``<option>`` "XL – Sold out", a struck swatch, a size note);
* :func:`hidden_stock` — hidden templates beside the buy button (``display:none``,
  ``hidden``, ``aria-hidden``, class ``hidden``) saying "Sold out" / "Notify me when
  available" / "Out of stock" for other variants;
* :func:`styled_hidden_stock` — the same hidden only by a class the page's own inline
  ``<style>`` sets to ``display:none`` (``.is-hidden``, ``.d-none``…; session 13);
* :func:`offer_extras` — "Only 3 left in stock", a struck list price and "You save $X",
  an instalment offer, a unit price and a sticky add-to-cart bar repeating the price.

The words and the patterns here are the bench's own, not the extractor's.
"""

from __future__ import annotations

import hashlib
import re
from decimal import ROUND_HALF_UP, Decimal

from lxml import etree, html

from shop_drawings import _SHOWN_PRICE

El = etree._Element

# the bench's own buy-button wording (the pages' languages), to find where the product is bought
_BUY = re.compile(r"^\W*(?:add to (?:cart|bag|basket)|buy now|(?:\w+ )?in den warenkorb|ajouter au panier|"
                  r"aggiungi al carrello|añadir al carrito|comprar|dodaj do koszyka|в корзину|добавить в корзину|"
                  r"купить|adaug[ăa] [îi]n co[sș]|kosárba|lisää ostoskoriin|ielikt grozā|do košíka|v košarico|"
                  r"lisa ostukorvi|הוסף לסל|加入購物車|加入购物车)\W*$", re.I)
_OUT = re.compile(r"out of stock|sold out|currently unavailable|nicht verfügbar|ausverkauft|rupture de stock|"
                  r"épuisé|indisponible|agotado|esaurito|non disponibile|niedostępny|нет в наличии", re.I)

# per language: cart, empty cart, subtotal, checkout, free shipping over {}, also-like,
# recently viewed, also bought, add, sold out, notify, out of stock, size, colour, low
# stock, was, you save {}, instalments {}, unit price
_WORDS = {
    "en": ("Cart", "Your cart is empty", "Subtotal", "Checkout", "Free shipping on orders over {}",
           "You may also like", "Recently viewed", "Customers also bought", "Add to cart", "Sold out",
           "Notify me when available", "Out of stock", "Size", "Colour", "Only 3 left in stock", "Was",
           "You save {}", "or 4 interest-free payments of {}", "Unit price"),
    "de": ("Warenkorb", "Ihr Warenkorb ist leer", "Zwischensumme", "Zur Kasse", "Kostenloser Versand ab {}",
           "Das könnte Ihnen auch gefallen", "Zuletzt angesehen", "Kunden kauften auch", "In den Warenkorb",
           "Ausverkauft", "Benachrichtigen, wenn verfügbar", "Nicht auf Lager", "Größe", "Farbe",
           "Nur noch 3 auf Lager", "Statt", "Sie sparen {}", "oder 4 zinsfreie Raten à {}", "Grundpreis"),
    "fr": ("Panier", "Votre panier est vide", "Sous-total", "Commander", "Livraison offerte dès {} d'achat",
           "Vous aimerez aussi", "Vus récemment", "Les clients ont aussi acheté", "Ajouter au panier",
           "Épuisé", "M'avertir quand disponible", "Rupture de stock", "Taille", "Couleur",
           "Plus que 3 en stock", "Au lieu de", "Vous économisez {}", "ou 4 paiements sans frais de {}",
           "Prix unitaire"),
    "it": ("Carrello", "Il tuo carrello è vuoto", "Subtotale", "Procedi all'acquisto",
           "Spedizione gratuita per ordini superiori a {}", "Potrebbe piacerti anche", "Visti di recente",
           "Chi ha acquistato questo ha acquistato anche", "Aggiungi al carrello", "Esaurito",
           "Avvisami quando disponibile", "Non disponibile", "Taglia", "Colore", "Solo 3 rimasti",
           "Prima", "Risparmi {}", "o 3 rate senza interessi da {}", "Prezzo unitario"),
    "es": ("Carrito", "Tu carrito está vacío", "Subtotal", "Finalizar compra", "Envío gratis a partir de {}",
           "También te puede gustar", "Vistos recientemente", "Los clientes también compraron",
           "Añadir al carrito", "Agotado", "Avísame cuando esté disponible", "Sin stock", "Talla", "Color",
           "Solo quedan 3", "Antes", "Ahorras {}", "o 4 pagos sin intereses de {}", "Precio unitario"),
    "pl": ("Koszyk", "Twój koszyk jest pusty", "Suma częściowa", "Do kasy", "Darmowa dostawa od {}",
           "Może Ci się spodobać", "Ostatnio oglądane", "Klienci kupili również", "Dodaj do koszyka",
           "Wyprzedane", "Powiadom o dostępności", "Brak w magazynie", "Rozmiar", "Kolor",
           "Zostały tylko 3 sztuki", "Cena regularna", "Oszczędzasz {}", "lub 4 raty 0% po {}", "Cena jednostkowa"),
    "ru": ("Корзина", "Ваша корзина пуста", "Итого", "Оформить заказ", "Бесплатная доставка от {}",
           "Вам может понравиться", "Вы недавно смотрели", "С этим товаром покупают", "В корзину",
           "Распродано", "Сообщить о поступлении", "Нет в наличии", "Размер", "Цвет", "Осталось 3 шт.",
           "Старая цена", "Экономия {}", "или 4 платежа по {}", "Цена за единицу"),
}
_EN = _WORDS["en"]
(CART, EMPTY, SUBTOTAL, CHECKOUT, FREE, ALSO, RECENT, BOUGHT, ADD, SOLD, NOTIFY, OUT, SIZE, COLOUR, LOW, WAS,
 SAVE, INSTAL, UNIT) = range(19)

_SIGNS = {"USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹", "RUB": "₽", "PLN": "zł", "CZK": "Kč",
          "RON": "Lei", "HUF": "Ft"}


class _Page:
    """What the decoys need to know of a page: its words, how it writes an amount, its
    product's price (from its markup, when it has one), where the product is bought."""

    def __init__(self, root: El) -> None:
        self.root = root
        self.body = root.find("body") if root.find("body") is not None else root
        said = root.get("lang") or next((m.get("content") for m in root.iter("meta") if (m.get("http-equiv") or
                                         m.get("property") or "").lower() in ("content-language", "og:locale")), None)
        lang = (said or "en")[:2].lower()
        self.words = _WORDS.get(lang, _EN)
        self.title = next((" ".join(h.text_content().split()) for h in root.iter("h1", "title")), "")
        self.price = _markup_price(root)
        self.pre, self.sign, self.sep = True, "$", "."
        for el in root.iter(etree.Element):
            if el.tag in ("script", "style", "title", "option") or not el.text or len(el.text) > 30:
                continue
            m = _SHOWN_PRICE.fullmatch(el.text)
            if m and (m.group("pre") or m.group("post")):
                self.pre, self.sign, self.sep = bool(m.group("pre")), (m.group("pre") or m.group("post")), m.group("sep")
                break
        self.buy = next((el for tags in (("button", "input"), ("a",)) for el in root.iter(*tags)
                         if _BUY.search(_label(el))), None)
        self.h1 = next(root.iter("h1"), None)
        self.text = " ".join(self.body.text_content().split()) if self.body is not None else ""

    def pick(self, salt: str, n: int) -> int:
        """One of ``n`` ways, the same for the page each run."""
        return int(hashlib.sha1((salt + self.title).encode("utf-8")).hexdigest(), 16) % n

    def money(self, amount: Decimal) -> str:
        shown = f"{amount.quantize(Decimal('0.01'), ROUND_HALF_UP)}".replace(".", self.sep)
        space = " " if self.sign[-1].isalpha() else ""  # "EUR 19,99", "$19.99"
        return f"{self.sign}{space}{shown}" if self.pre else f"{shown} {self.sign}"

    def w(self, which: int) -> str:
        return self.words[which]

    def anchor(self) -> El:
        """Where the product is bought: the buy button, else the h1, else the body's start."""
        for el in (self.buy, self.h1):
            if el is not None and el.getparent() is not None:
                return el
        return self.body[0] if len(self.body) else self.body

    def region(self) -> El:
        """The product's block: the nearest ancestor of the h1 holding the buy button (else
        the h1's grandparent), never the body itself."""
        start = self.h1 if self.h1 is not None else self.anchor()
        up = [a for a in start.iterancestors() if a.tag not in ("html", "body")]
        if self.buy is not None:
            for a in up:
                if self.buy in a.iterdescendants():
                    return a
        return up[1] if len(up) > 1 else (up[0] if up else start)


def _label(el: El) -> str:
    if el.tag == "input":
        return el.get("value") or "" if (el.get("type") or "").lower() in ("submit", "button") else ""
    return " ".join(el.text_content().split())


def _markup_price(root: El) -> Decimal | None:
    """The product's price as its markup gives it (microdata, OG, JSON-LD), else None."""
    for el in root.iter("meta", "span", "div", "p", "strong"):
        key = el.get("itemprop") or el.get("property") or ""
        if key in ("price", "product:price:amount", "og:price:amount"):
            value = el.get("content") or el.text_content()
            m = re.search(r"\d+(?:[.,]\d+)?", value or "")
            if m:
                return Decimal(m.group().replace(",", "."))
    for script in root.iter("script"):
        if "ld+json" not in (script.get("type") or ""):
            continue
        m = re.search(r'"price"\s*:\s*"?(\d+(?:\.\d+)?)', script.text or "")
        if m:
            return Decimal(m.group(1))
    return None


def _frag(markup: str) -> El:
    return html.fragment_fromstring(markup)


def _at_top(page: _Page, el: El) -> None:
    page.body.insert(0, el)


def _around(page: _Page, el: El, before: bool) -> None:
    """``el`` just before or just after the product's block."""
    region = page.region()
    if region.getparent() is None:
        page.body.append(el)
    elif before:
        region.addprevious(el)
    else:
        region.addnext(el)


def _by_buy(page: _Page, el: El, before: bool = True) -> None:
    """``el`` beside the buy button (before or after it), else after the h1."""
    at = page.anchor()
    if at is page.body:
        page.body.insert(0, el)
    elif before and at is page.buy:
        at.addprevious(el)
    else:
        at.addnext(el)


def cart_drawer(root: El) -> None:
    page = _Page(root)
    w, zero = page.w, page.money(Decimal(0))
    count = [f'<a class="header__cart" href="/cart"><span class="cart-count">0</span> {w(CART)}</a>',
             f'<div class="site-header__icons"><a href="/cart" aria-label="{w(CART)}"><svg></svg>'
             f'<span class="count-bubble">0</span></a></div>',
             f'<li class="nav-cart"><a href="/basket">{w(CART)} (0)</a></li>'][page.pick("count", 3)]
    drawer = [f'<div id="CartDrawer" class="drawer mini-cart" role="dialog" aria-label="{w(CART)}"><h2>{w(CART)}</h2>'
              f'<p class="cart__empty-text">{w(EMPTY)}</p><div class="totals"><span>{w(SUBTOTAL)}</span> '
              f'<span class="totals__subtotal-value">{zero}</span></div>'
              f'<button type="submit" name="checkout" class="button">{w(CHECKOUT)}</button></div>',
              f'<aside class="minicart"><ul class="minicart-items"></ul><div class="minicart__total">'
              f'{w(SUBTOTAL)}: <strong>{zero}</strong></div><a class="btn btn-primary" href="/checkout">{w(CHECKOUT)}</a>'
              f'<p>{w(EMPTY)}</p></aside>',
              f'<section class="side-cart js-drawer"><div class="side-cart__title">{w(CART)} (0)</div>'
              f'<p>{w(EMPTY)}.</p><dl><dt>{w(SUBTOTAL)}</dt><dd>{zero}</dd></dl>'
              f'<input type="submit" value="{w(CHECKOUT)}"></section>'][page.pick("drawer", 3)]
    header = next(root.iter("header"), None)
    (header if header is not None else page.body).insert(0, _frag(count))
    if page.pick("where", 2):
        page.body.append(_frag(drawer))
    else:
        _at_top(page, _frag(drawer))


def promo_banner(root: El) -> None:
    page = _Page(root)
    free = page.w(FREE).format(page.money(Decimal(50)))
    bar = [f'<div class="announcement-bar" role="region"><p class="announcement-bar__message">{free}</p></div>',
           f'<div class="promo-strip"><span>{free}</span> <a href="/shipping">Details</a></div>',
           f'<section class="top-banner"><strong>-20%</strong> {free}</section>'][page.pick("bar", 3)]
    if page.pick("where", 3) == 2:
        _around(page, _frag(bar), before=True)
    else:
        _at_top(page, _frag(bar))


_OTHERS = (("Classic Crew T-Shirt", Decimal("19.99")), ("Canvas Tote Bag", Decimal("24.50")),
           ("Wool Beanie", Decimal("12.00")), ("Leather Card Holder", Decimal("39.95")))


def related_products(root: El) -> None:
    page = _Page(root)
    w, style = page.w, page.pick("cards", 3)
    heading = w((ALSO, RECENT, BOUGHT)[page.pick("heading", 3)])
    cards = []
    for i, (name, price) in enumerate(_OTHERS):
        sold = i == 2
        button = (f'<button type="button" class="btn" disabled>{w(SOLD)}</button>' if sold
                  else f'<button type="submit" class="btn add-to-cart">{w(ADD)}</button>')
        badge = f'<span class="badge badge--sold-out">{w(SOLD)}</span>' if sold else ""
        if style == 0:
            cards.append(f'<li class="grid__item"><div class="card">{badge}<img src="/p/{i}.jpg" alt="{name}">'
                         f'<h3 class="card__heading"><a href="/products/{i}">{name}</a></h3>'
                         f'<span class="price-item price-item--regular">{page.money(price)}</span>{button}</div></li>')
        elif style == 1:
            cards.append(f'<div class="product-tile carousel-slide"><a href="/p/{i}"><img src="/p/{i}.jpg" alt="">'
                         f'<div class="product-tile__name">{name}</div></a>{badge}<div class="product-tile__price">'
                         f'<s>{page.money(price * Decimal("1.2"))}</s> <span>{page.money(price)}</span></div>{button}</div>')
        else:
            cards.append(f'<article class="item"><a href="/p/{i}">{name}</a><p class="price">{page.money(price)}</p>'
                         f'{badge or button}</article>')
    inner = "".join(cards)
    block = (f'<section class="related-products"><h2>{heading}</h2><ul class="grid product-grid">{inner}</ul></section>'
             if style == 0 else f'<div class="recommendations slider"><h3 class="title">{heading}</h3>'
             f'<div class="slider__track">{inner}</div></div>' if style == 1
             else f'<aside class="also-bought"><h4>{heading}</h4>{inner}</aside>')
    _around(page, _frag(block), before=page.pick("where", 4) == 0)


def sold_out_options(root: El) -> None:
    page = _Page(root)
    w = page.w
    picker = [f'<div class="product-form__input"><label for="opt-size">{w(SIZE)}</label>'
              f'<select id="opt-size" name="options[Size]"><option>S</option><option selected>M</option>'
              f'<option>L</option><option disabled>XL – {w(SOLD)}</option></select></div>',
              f'<fieldset class="swatches"><legend>{w(COLOUR)}</legend><input type="radio" id="c1" name="c" checked>'
              f'<label for="c1">Black</label><input type="radio" id="c2" name="c" disabled>'
              f'<label for="c2" class="swatch--soldout">Red – {w(SOLD)}</label><input type="radio" id="c3" name="c">'
              f'<label for="c3">Navy</label></fieldset>',
              f'<div class="size-selector"><span class="size-selector__label">{w(SIZE)}:</span>'
              f'<button type="button" class="size is-selected">38</button><button type="button" class="size" disabled>39'
              f'</button><button type="button" class="size">40</button><p class="size-note">39: {w(OUT)}</p></div>'
              ][page.pick("picker", 3)]
    _by_buy(page, _frag(picker), before=True)


def hidden_stock(root: El) -> None:
    page = _Page(root)
    w = page.w
    hidden = [f'<button type="button" class="btn btn--sold-out" style="display:none" disabled>{w(SOLD)}</button>',
              f'<div class="product-form__notify hidden"><p>{w(OUT)}</p><button type="button">{w(NOTIFY)}</button></div>',
              f'<span class="stock-message" hidden>{w(OUT)}</span>',
              f'<div class="variant-unavailable" aria-hidden="true" style="display: none;"><p>{w(SOLD)}</p>'
              f'<a class="button" href="#notify">{w(NOTIFY)}</a></div>'][page.pick("hidden", 4)]
    _by_buy(page, _frag(hidden), before=not page.pick("side", 2))


def styled_hidden_stock(root: El) -> None:
    """(session 13) A stock template hidden only by a class that the page's own inline style
    sheet sets to ``display:none`` (52 of the 73 products-dev pages carry such rules, 24 hide
    text with them): what a reader without a browser sees unless it reads those rules."""
    page = _Page(root)
    w = page.w
    name = ("is-hidden", "d-none", "hide", "js-hidden")[page.pick("styled", 4)]
    style = etree.SubElement(page.body, "style")  # (a theme's section styles sit in the body too)
    style.text = f".{name}{{display:none}}"
    hidden = [f'<p class="{name}">{w(SOLD)}</p>',
              f'<div class="product-form__notify {name}"><p>{w(OUT)}</p><button type="button">{w(NOTIFY)}</button></div>',
              f'<span class="stock-label {name}">{w(OUT)}</span>'][page.pick("styled-template", 3)]
    _by_buy(page, _frag(hidden), before=not page.pick("styled-side", 2))


def offer_extras(root: El) -> None:
    page = _Page(root)
    w = page.w
    parts = []
    if page.buy is not None and not _OUT.search(page.text):
        parts.append(['<p class="low-stock">{}</p>', '<span class="inventory inventory--low">{}</span>',
                      '<div class="stock-warning"><strong>{}</strong></div>'][page.pick("low", 3)].format(w(LOW)))
    if page.price:
        was = (page.price * Decimal("1.25")).quantize(Decimal(1))
        parts.append([f'<div class="price-compare"><span>{w(WAS)}</span> <s>{page.money(was)}</s> '
                      f'<span class="savings">{w(SAVE).format(page.money(was - page.price))}</span></div>',
                      f'<p class="old-price"><del>{page.money(was)}</del></p><p class="you-save">'
                      f'{w(SAVE).format(page.money(was - page.price))} (20%)</p>'][page.pick("was", 2)])
        parts.append(f'<div class="installments">{w(INSTAL).format(page.money(page.price / 4))} '
                     f'<img src="/i/klarna.svg" alt="Klarna"></div>')
        parts.append(f'<small class="unit-price">{w(UNIT)}: {page.money(page.price / 5)} / 100 g</small>')
    if page.price and page.money(page.price) in page.text:  # a sticky bar repeats a price the page shows
        page.body.append(_frag(f'<div class="sticky-atc" style="position:fixed;bottom:0">'
                               f'<span class="sticky-atc__title">{page.title[:80]}</span> '
                               f'<span class="sticky-atc__price">{page.money(page.price)}</span>'
                               f'<button type="button" class="button">{w(ADD)}</button></div>'))
    if parts:
        _by_buy(page, _frag(f'<div class="product__extras">{"".join(parts)}</div>'), before=True)


def all_decoys(root: El) -> None:
    for one in (offer_extras, hidden_stock, sold_out_options, related_products, promo_banner, cart_drawer):
        one(root)


DECOYS = {"cart drawer": cart_drawer, "promo banner": promo_banner, "related products": related_products,
          "sold-out options": sold_out_options, "hidden stock": hidden_stock,
          "hidden stock by style rule": styled_hidden_stock, "offer extras": offer_extras,
          "all decoys": all_decoys}

