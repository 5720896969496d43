"""Product data in RDFa (``typeof="Product"`` / ``typeof="schema:Product"`` with ``property``
attributes): the same shape as microdata, read into the same dict the JSON-LD reader takes."""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from native_host.page.parse import text_of

El = etree._Element
_PRODUCT = re.compile(r"(?:^|[\s:/#])(?:Product|IndividualProduct|ProductModel|ProductGroup)$")


def _name(value: str) -> str:
    """``schema:price`` / ``https://schema.org/price`` / ``price`` → ``price``."""
    return re.split(r"[/#:]", value)[-1]


def _value(el: El) -> Any:
    for attr in ("content", "resource", "href", "src"):
        if el.get(attr) is not None:
            return el.get(attr)
    if el.tag == "time" and el.get("datetime"):
        return el.get("datetime")
    return " ".join(text_of(el).split())


def _item(scope: El, depth: int = 0) -> dict[str, Any]:
    """One RDFa node: property → value (first one wins), nested ``typeof`` nodes as dicts."""
    out: dict[str, Any] = {"@type": [_name(t) for t in (scope.get("typeof") or "").split()]}
    stack = list(reversed(scope))
    while stack:
        el = stack.pop()
        if not isinstance(el.tag, str):
            continue
        names = (el.get("property") or "").split()
        nested = el.get("typeof") is not None
        if names and not any(n.startswith(("og:", "fb:", "product:", "twitter:")) for n in names):
            value = _item(el, depth + 1) if nested and depth < 8 else _value(el)
            for name in names:
                out.setdefault(_name(name), value)
        if not nested:
            stack.extend(reversed(el))
    return out


def rdfa_products(root: El, typed: list[El] | None = None) -> list[dict[str, Any]]:
    """Every RDFa node typed as a product, outermost first (at most 20); ``typed``: the
    page's elements with a ``typeof``, in document order, when the caller has them."""
    found = []
    for el in root.iter(etree.Element) if typed is None else typed:
        if "typeof" in el.keys() and any(_PRODUCT.search(t) for t in (el.get("typeof") or "").split()):
            found.append(_item(el))
            if len(found) >= 20:
                break
    return found
