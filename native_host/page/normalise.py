"""Product field values in one form: prices as plain decimal strings, availability as a
schema.org name, identifiers and names as trimmed text."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Any

from native_host.page.lazyre import Lazy
from native_host.page.stock import wording

# schema.org names and the spellings shops and feeds use for them (OpenGraph / Facebook
# catalogue values: "in stock", "oos", "available for order", "preorder").  ``SoldOut`` is
# read as ``OutOfStock``: the same for a shopper, and the value every consumer compares.
_AVAILABILITY = {
    "instock": "InStock", "outofstock": "OutOfStock", "preorder": "PreOrder",
    "presale": "PreOrder", "backorder": "BackOrder", "discontinued": "Discontinued",
    "limitedavailability": "LimitedAvailability", "soldout": "OutOfStock",
    "onlineonly": "OnlineOnly", "instoreonly": "InStoreOnly", "available": "InStock",
    "unavailable": "OutOfStock", "notavailable": "OutOfStock", "preordered": "PreOrder",
    "oos": "OutOfStock", "availablefororder": "InStock", "limited": "LimitedAvailability",
    "backordered": "BackOrder", "preorderable": "PreOrder", "nostock": "OutOfStock",
}


# the names that say a shopper cannot buy the product now
SOLD_OUT = frozenset({"OutOfStock", "Discontinued"})


def normalise_availability(value: Any) -> str | None:
    """``http://schema.org/InStock``, ``in_stock``, ``In Stock`` … → ``InStock``."""
    if isinstance(value, list):
        value = value[0] if value else None
    if isinstance(value, dict):
        value = value.get("@id") or value.get("name")
    if not isinstance(value, str):
        return None
    tail = re.split(r"[/#:]", value.strip().rstrip("/"))[-1]
    key = re.sub(r"[^a-z]", "", tail.lower())
    if key in _AVAILABILITY or len(value) > 60 or "schema.org" in value:
        return _AVAILABILITY.get(key)
    # free text a shop put in the markup ("Auf Lager", "Épuisé", "Sold out online")
    said = wording(value)
    return "OutOfStock" if said == "out" else "InStock" if said == "in" else None


_NUMBER = Lazy(r"\d[\d\s\u00a0\u202f.,'’]*")


def normalise_price(value: Any, structured: bool = True) -> str | None:
    """A price as a plain decimal string ("1299.00"); None when there is no number.

    A single ``.`` is the decimal point ("23.450" is 23.45, as price parsers read it); a
    single ``,`` is a decimal comma unless three digits follow ("1,299" is 1299).
    """
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float)):
        text = repr(value) if isinstance(value, float) else str(value)
        return text if value > 0 else None
    if isinstance(value, list):
        return normalise_price(value[0], structured) if value else None
    if isinstance(value, dict):
        return normalise_price(value.get("price") or value.get("value"), structured)
    m = _NUMBER.search(str(value))
    if not m:
        return None
    raw = re.sub(r"[\s\u00a0\u202f'’]", "", m.group(0)).rstrip(".,")
    dots, commas = raw.count("."), raw.count(",")
    if dots and commas:
        decimal_sep = "." if raw.rfind(".") > raw.rfind(",") else ","
        thousands = "," if decimal_sep == "." else "."
        raw = raw.replace(thousands, "").replace(decimal_sep, ".")
    elif commas:
        head, _, tail = raw.rpartition(",")
        raw = raw.replace(",", "") if commas > 1 or len(tail) == 3 else f"{head.replace(',', '')}.{tail}"
    elif dots > 1:
        raw = raw.replace(".", "")
    try:
        if Decimal(raw) == 0:
            return None  # "0" / "0.00": a placeholder (price on request, not loaded yet)
    except InvalidOperation:
        return None
    return raw


def _text(value: Any) -> str | None:
    if isinstance(value, list):
        value = next((v for v in value if v not in (None, "")), None)
    if isinstance(value, dict):
        value = value.get("name") or value.get("@id") or value.get("value")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return None
    value = " ".join(value.split())
    return value[:300] or None


def _sku(value: Any) -> str | None:
    """An identifier: "TE502955-1293415 Housse de canapé" is its first word; a phrase
    without digits ("Fake Wounds") is a name, not a code."""
    text = _text(value)
    if not text:
        return None
    if " " in text:
        first = text.split()[0]
        if re.search(r"\d", first) and len(first) >= 4:
            return first
        if len(text) > 20 or not re.search(r"\d", text):
            return None
    return text[:80]


def _currency(value: Any) -> str | None:
    text = _text(value)
    return text[:12] if text else None


def _float(value: Any) -> float | None:
    text = _text(value)
    if not text:
        return None
    price = normalise_price(text)
    return float(price) if price is not None else None


def _int(value: Any) -> int | None:
    text = _text(value)
    digits = re.sub(r"[^\d]", "", text or "")
    return int(digits) if digits and len(digits) < 12 else None


_NORMALISE = {
    "name": _text, "price": normalise_price, "currency": _currency,
    "availability": normalise_availability, "sku": _sku, "brand": _text,
    "rating": _float, "review_count": _int,
}
