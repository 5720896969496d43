"""Every RDFa offer is read, as in microdata (issue 15, session 14): RDFa kept only the first
value of a property, so a product whose first offer lives only in hidden tags (a list
price, ``<meta property="price" content="18.00">`` in a box the page does not show) and
whose second is the one shown (17.10) read the hidden one. Offers now all count, each
saying whether it shows anything, and the shown one wins (`bench/product_variants.py`,
"microdata as RDFa": price 0.964 → 0.978, A 0.951 → 0.984, B unchanged)."""

from __future__ import annotations

from tests.page.test_product_shops import product_of

_HIDDEN = ("<div property='offers' typeof='Offer'><meta property='price' content='18.00'>"
           "<meta property='priceCurrency' content='EUR'></div>")
_SHOWN = ("<div property='offers' typeof='Offer'><meta property='priceCurrency' content='EUR'>"
          "<meta property='price' content='17.10'><strong>€ 17,10</strong></div>")


def test_the_shown_offer_wins_over_a_first_one_only_in_hidden_tags() -> None:
    p = product_of(f"<div vocab='https://schema.org/' typeof='Product'><h1 property='name'>Fairy Oak</h1>"
                   f"{_HIDDEN}<p>Prezzo solo online:</p>{_SHOWN}</div>")
    assert p is not None and p.price == "17.10"


def test_one_offer_is_read_as_before() -> None:
    p = product_of(f"<div vocab='https://schema.org/' typeof='Product'><h1 property='name'>Fairy Oak</h1>{_SHOWN}</div>")
    assert p is not None and p.price == "17.10" and p.currency == "EUR"


def test_of_two_shown_offers_the_first_is_read_as_before() -> None:
    second = _SHOWN.replace("17.10", "19.90").replace("17,10", "19,90")
    p = product_of(f"<div vocab='https://schema.org/' typeof='Product'><h1 property='name'>Fairy Oak</h1>"
                   f"{_SHOWN}{second}</div>")
    assert p is not None and p.price == "17.10"
