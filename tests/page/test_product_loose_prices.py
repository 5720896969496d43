"""A page with no product markup and no buy button (session 15, lead): nothing says it sells
one thing, so a price-classed amount is its price only where a shop shows one — with the
title. An article that lists places to go, each with its prices in a ``class="price"`` line,
is no product page (mitvergnuegen's guide to autumn outings was read as a product at "85")."""

from __future__ import annotations

from tests.page.test_product_shops import product_of

_PLACE = ("<h2>{name}</h2><p>{blurb}</p><ul><li class='address'>Seepromenade {n}, Neuruppin</li>"
          "<li class='price icon-euro'>Tageskarte: {price} Euro, Abendtarif: 30 Euro</li></ul>"
          "<a class='button' href='https://example.org/{n}'>Mehr Info</a>")


def _guide(places: int = 6) -> str:
    blurb = "Ein Ausflug ins Grüne, mit See, Wald und einem Café am Ufer, das bis spät offen hat. " * 2
    body = "".join(_PLACE.format(name=f"Ort {n}", blurb=blurb, n=n, price=80 + n) for n in range(places))
    return f"<h1>Schöne Ausflugsziele für den Herbst</h1><p>{blurb}</p>" + "<p>Mehr dazu.</p>" * 30 + body


def test_prices_far_down_an_article_are_no_product() -> None:
    assert product_of(_guide()) is None


def test_a_price_shown_with_the_title_is_still_read() -> None:
    # a classified ad or a sold-out shop page: no buy button, the price right by the title
    p = product_of("<h1>Indesit washing machine 6kg</h1><p>Collection only.</p><span class='price'>£50</span>"
                   + "<p>More from this seller.</p>" * 40)
    assert p is not None and p.price == "50"


def test_a_page_without_a_title_to_judge_by_keeps_its_price() -> None:
    # drawn without h1 or <title>: how far the price is from the title cannot be told
    p = product_of("<p>Menu</p>" * 40 + "<div>Indesit washing machine 6kg</div><span class='price'>£50</span>")
    assert p is not None and p.price == "50"
