"""Items marked up in the page: microdata (``itemscope`` / ``itemprop``) and RDFa
(``typeof`` / ``property``, plain or ``schema:``-prefixed), read by one walker into the
dict shape the JSON-LD reader takes.

The two syntaxes differ only in their attribute names, how a property's value is read, and
what is kept when a property repeats: microdata keeps every value (offers, variants), RDFa
the first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import hidden_by_markup, text_of

El = etree._Element
SHOWN = "_shown"  # a nested microdata item says whether it shows anything to a shopper
_DEPTH = 8


@dataclass(frozen=True)
class Syntax:
    prop: str  # the attribute naming a property
    scope: str  # the attribute that starts a nested item
    names: Callable[[str], list[str]]  # property attribute → keys ([] to ignore it)
    value: Callable[[El], Any]  # a plain property's value
    item: Callable[[El, int], dict[str, Any]]  # a nested item at a depth
    keep_all: bool  # every value of a repeated property (a list), or only the first


def properties(scope: El, syntax: Syntax, out: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    """Fill ``out`` with ``scope``'s properties in document order, without recursion into
    plain elements; a nested item (depth-limited) is read as its own dict and its inside
    is not ``scope``'s."""
    stack = list(reversed(scope))
    while stack:
        el = stack.pop()
        if not isinstance(el.tag, str):
            continue
        names = syntax.names(el.get(syntax.prop) or "")
        nested = el.get(syntax.scope) is not None
        if names:
            value = syntax.item(el, depth + 1) if nested and depth < _DEPTH else syntax.value(el)
            for name in names:
                if syntax.keep_all or (nested and name == "offers"):  # (RDFa: every offer too)
                    out.setdefault(name, []).append(value)
                else:
                    out.setdefault(name, value)
        if not nested:
            stack.extend(reversed(el))
    return out


# ------------------------------------------------------------------ microdata


def _microdata_value(el: El) -> Any:
    for attr in ("content", "value"):
        if el.get(attr) is not None:
            return el.get(attr)
    if el.tag in ("a", "link", "area"):
        return el.get("href")
    if el.tag in ("img", "source", "video", "audio", "iframe"):
        return el.get("src")
    if el.tag == "time" and el.get("datetime"):
        return el.get("datetime")
    return " ".join(text_of(el).split())


def _shown(scope: El) -> bool:
    """Whether a microdata item shows anything to a shopper (not only ``<meta>`` tags)."""
    if hidden_by_markup(scope):
        return False
    return any(t.strip() for t in scope.itertext("*")
               if t.strip() and not t.strip().startswith(("{", "<")))


def microdata_item(scope: El, depth: int = 0) -> dict[str, list[Any]]:
    """One microdata item: property → values, nested items as dicts (depth-limited); nested
    items say whether they show anything (``SHOWN``)."""
    props: dict[str, list[Any]] = {"@type": [scope.get("itemtype") or ""]}
    if depth:
        props[SHOWN] = [_shown(scope)]
    return properties(scope, MICRODATA, props, depth)


MICRODATA = Syntax("itemprop", "itemscope", lambda v: [re.split(r"[/#]", n)[-1] for n in v.split()],
                   _microdata_value, microdata_item, keep_all=True)


def flatten_item(item: dict[str, list[Any]]) -> dict[str, Any]:
    """A microdata item with single values unwrapped (as JSON-LD has them)."""
    out: dict[str, Any] = {"@type": item.get("@type", [""])[0].split()}
    for key, values in item.items():
        if key == "@type":
            continue
        flat = [flatten_item(v) if isinstance(v, dict) else v for v in values]
        out[key] = flat[0] if len(flat) == 1 else flat
    return out


# ------------------------------------------------------------------ RDFa

_PRODUCT = Lazy(r"(?:^|[\s:/#])(?:Product|IndividualProduct|ProductModel|ProductGroup)$")
_OTHER_VOCABULARIES = ("og:", "fb:", "product:", "twitter:")


def _rdfa_name(value: str) -> str:
    """``schema:price`` / ``https://schema.org/price`` / ``price`` → ``price``."""
    return re.split(r"[/#:]", value)[-1]


def _rdfa_names(value: str) -> list[str]:
    names = value.split()
    if any(n.startswith(_OTHER_VOCABULARIES) for n in names):
        return []  # OpenGraph and friends are read from the meta tags
    return [_rdfa_name(n) for n in names]


def _rdfa_value(el: El) -> Any:
    for attr in ("content", "resource", "href", "src"):
        if el.get(attr) is not None:
            return el.get(attr)
    if el.tag == "time" and el.get("datetime"):
        return el.get("datetime")
    return " ".join(text_of(el).split())


def rdfa_item(scope: El, depth: int = 0) -> dict[str, Any]:
    """One RDFa node: property → value (first one wins), nested ``typeof`` nodes as dicts.
    Its offers are all kept, each saying whether it shows anything (``SHOWN``), as in
    microdata: a shop may put an offer only in hidden tags (a list price) before the one
    it shows, and the first one is not the price then."""
    out: dict[str, Any] = {"@type": [_rdfa_name(t) for t in (scope.get("typeof") or "").split()]}
    if depth:
        out[SHOWN] = _shown(scope)
    return properties(scope, RDFA, out, depth)


RDFA = Syntax("property", "typeof", _rdfa_names, _rdfa_value, rdfa_item, keep_all=False)


def rdfa_products(root: El, typed: list[El] | None = None) -> list[dict[str, Any]]:
    """Every RDFa node typed as a product, outermost first (at most 20); ``typed``: the
    page's elements with a ``typeof``, in document order, when the caller has them."""
    found = []
    for el in root.iter(etree.Element) if typed is None else typed:
        if "typeof" in el.keys() and any(_PRODUCT.search(t) for t in (el.get("typeof") or "").split()):
            found.append(rdfa_item(el))
            if len(found) >= 20:
                break
    return found
