"""The product's id carried both in the page's address and in an attribute named for it
(issue 15, session 15). Shops put the product's id on the controls that act on it — the
compare, wishlist and price-alert buttons, the product block of a storefront platform
(`pid="pd1hjfqnc2j"`, `data-pid="…"`, `<product-form product-id="…">`) — and name the
page by it. Session 5's rule read only `data-…` names (`data-product-id`, `data-sku`), so
an id with few digits ("pd1hjfqnc2j", below the address rule's five) was lost when the
page shows no code (smartprix, half B, on every variant without JSON-LD)."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of

_URL = "https://compare.example/nf/pd/pd1hjfqnc2j"


def _page(attrs: str) -> str:
    return ("<h1>Bloom ceiling fan 1250 mm</h1><div class='a1'><span class='a2'>₹2,433</span>"
            "<button class='a3'>Buy now</button></div>"
            f"<div class='a4'><span {attrs}>add to compare</span></div><p>Three blades, 8300 cfm.</p>")


@pytest.mark.parametrize("attrs", ['pid="pd1hjfqnc2j"', 'data-pid="pd1hjfqnc2j"',
                                   'product-id="pd1hjfqnc2j"', 'sku="pd1hjfqnc2j"'])
def test_an_id_named_attribute_that_the_address_holds_is_the_code(attrs: str) -> None:
    p = product_of(_page(attrs), url=_URL)
    assert p is not None and p.sku == "pd1hjfqnc2j"


@pytest.mark.parametrize("attrs", [
    'pid="xk2mmqa9t0z"',  # another product's id (a compared product), not in the address
    'rid="pd1hjfqnc2j"',  # an attribute whose name does not say product id
    'data-pidgin="pd1hjfqnc2j"',  # a name that only begins like one
])
def test_no_code_from_other_attributes(attrs: str) -> None:
    p = product_of(_page(attrs), url=_URL)
    assert p is not None and p.sku is None
