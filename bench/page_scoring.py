"""How bench_page.py scores extractions, and how it splits each corpus in two.

* Articles (``corpus/readability``): the article-extraction-benchmark metric — 4-gram
  shingles of ``\\w+`` tokens, precision and recall per page, averaged, F1 of the means.
* Snippets (``corpus/trafilatura-eval``): trafilatura's own evaluation — whitespace
  normalised, a "with" snippet found is a true positive (else a false negative), a
  "without" snippet found a false positive (else a true negative), counts summed over pages.
* Products (``corpus/products-dev``): the product benchmark's exact match per field, price
  as Decimal, availability as InStock/OutOfStock, currency as ISO 4217.
* Halves: every page belongs to half A or B by a hash of its key (fixed, about even), so
  a change can be tuned on one half and reported on the other.
"""

from __future__ import annotations

import hashlib
import re
import statistics
from collections import Counter
from decimal import Decimal, InvalidOperation
from typing import Any

# ------------------------------------------------------------------ halves


def half(key: str) -> str:
    """"A" or "B": which half of its corpus a page is in (stable across runs and machines)."""
    return "A" if hashlib.sha1(key.encode("utf-8")).digest()[0] % 2 == 0 else "B"


# ------------------------------------------------------------------ articles

_TOKEN = re.compile(r"\w+", re.UNICODE)


def shingles(text: str, n: int = 4) -> Counter:
    tokens = _TOKEN.findall(text or "")
    return Counter(tuple(tokens[i:i + n]) for i in range(max(1, len(tokens) - n + 1)) if tokens[i:i + n])


def tp_fp_fn(true: str, pred: str) -> tuple[float, float, float]:
    t, p = shingles(true), shingles(pred)
    tp = sum(min(t[k], p[k]) for k in t.keys() & p.keys())
    fp = sum(p.values()) - tp
    fn = sum(t.values()) - tp
    s = tp + fp + fn
    return (tp / s, fp / s, fn / s) if s else (0.0, 0.0, 0.0)


def _prec(tp: float, fp: float, fn: float) -> float:
    return 1.0 if fp == fn == 0 else 0.0 if tp == fp == 0 else tp / (tp + fp)


def _rec(tp: float, fp: float, fn: float) -> float:
    return 1.0 if fp == fn == 0 else 0.0 if tp == fn == 0 else tp / (tp + fn)


def article_scores(rows: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    p = statistics.mean([_prec(*r) for r in rows if r[0] + r[1] > 0] or [0.0])
    r = statistics.mean([_rec(*r) for r in rows if r[0] + r[2] > 0] or [0.0])
    return (2 * p * r / (p + r) if p + r else 0.0), p, r


# ------------------------------------------------------------------ snippets

_WS = re.compile(r"\s+")


def snippet_counts(text: str, with_: list[str], without: list[str]) -> tuple[int, int, int, int]:
    """(tp, fp, fn, tn) of one page's extracted text against its snippets."""
    flat = _WS.sub(" ", text or "")
    found = [(_WS.sub(" ", s).strip() in flat) for s in with_]
    leaked = [(_WS.sub(" ", s).strip() in flat) for s in without]
    return sum(found), sum(leaked), len(found) - sum(found), len(leaked) - sum(leaked)


def snippet_scores(rows: list[tuple[int, int, int, int]]) -> tuple[float, float, float, float]:
    """F1, precision, recall, accuracy of summed counts."""
    tp, fp, fn, tn = (sum(r[i] for r in rows) for i in range(4))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    acc = (tp + tn) / (tp + fp + fn + tn) if rows else 0.0
    return (2 * p * r / (p + r) if p + r else 0.0), p, r, acc


# ------------------------------------------------------------------ products

FIELDS = ("price", "availability", "sku", "currency")

# The gold ``currency`` is what the page shows ("€", "$", "Lei", "EUR"); Tabmate answers
# ISO 4217 codes, so gold signs are read as codes here: a fixed table, and for "$" / "Rs"
# the country of the URL's domain (the only hint the ground truth carries).
_GOLD_SIGNS = {"€": "EUR", "£": "GBP", "₽": "RUB", "₹": "INR", "zł": "PLN", "lei": "RON",
               "kn": "HRK", "тг": "KZT", "ر.س": "SAR", "r$": "BRL", "kč": "CZK", "ft": "HUF"}
_GOLD_DOLLAR = {"ca": "CAD", "au": "AUD", "nz": "NZD", "cl": "CLP", "mx": "MXN", "tw": "TWD",
                "sg": "SGD", "hk": "HKD", "ar": "ARS", "co": "COP"}
_GOLD_RUPEE = {"pk": "PKR", "lk": "LKR", "np": "NPR"}


def gold_currency(value: str, url: str) -> str:
    from urllib.parse import urlsplit

    sign = value.strip().rstrip(".").lower()
    tld = (urlsplit(url).hostname or "").rsplit(".", 1)[-1]
    if sign == "$":
        return _GOLD_DOLLAR.get(tld, "USD")
    if sign == "rs":
        return _GOLD_RUPEE.get(tld, "INR")
    return _GOLD_SIGNS.get(sign, value.strip().upper())


def _decimal(value: Any) -> Decimal | None:
    if value is None:
        return None
    text = re.sub(r"[^\d.,]", "", str(value))
    if "," in text and "." not in text and re.search(r",\d{1,2}$", text):
        text = text.replace(",", ".")
    text = text.replace(",", "")
    try:
        return Decimal(text) if text else None
    except InvalidOperation:
        return None


# currencies with three decimals, whose "23.450" is 23.45
_THREE_DECIMALS = {"kwd", "bhd", "omr", "jod", "tnd", "lyd", "iqd", "kd", "bd", "د.ك", "د.ب", "ر.ع"}


def _gold_decimal(value: Any, currency: Any = None) -> Decimal | None:
    """A ground-truth price as a person wrote it: "23.450" — one dot and three digits
    after it, the page showing "Rs 23,450" — is 23450, as "23,450" is, unless the gold's
    currency has three decimals (KWD, BHD…). A program's price is a plain decimal string
    and is read by :func:`_decimal` as it is."""
    signs = {str(c).strip().lower() for c in (currency if isinstance(currency, list) else [currency]) if c}
    text = str(value).strip() if value is not None else ""
    if re.fullmatch(r"[1-9]\d{0,2}\.\d{3}", text) and not signs & _THREE_DECIMALS:
        text = text.replace(".", "")
    return _decimal(text)


def _binary_availability(value: Any) -> str | None:
    if not value:
        return None
    v = str(value).lower().rstrip("/").rsplit("/", 1)[-1].replace(" ", "").replace("_", "")
    if v.endswith(("instock", "limitedavailability", "presale", "preorder", "instoreonly",
                   "onlineonly", "backorder")):
        return "InStock"
    if v.endswith(("outofstock", "soldout", "discontinued")):
        return "OutOfStock"
    return None


def score_field(gold: dict, pred: dict, field: str) -> tuple[int, int, int]:
    true = set(gold.get(field) or [])
    value = pred.get(field)
    if field == "price":
        true = {d for d in (_gold_decimal(x, gold.get("currency")) for x in true) if d is not None}
        value = _decimal(value)
    elif field == "availability":
        value = _binary_availability(value)
    elif field == "currency":
        true = {gold_currency(str(x), gold.get("url", "")) for x in true}
        value = str(value).strip() if value else None
    elif value is not None:
        value = str(value).strip()
        true = {str(x).strip() for x in true}
    if value is None:
        return 0, 0, int(bool(true))
    if value in true:
        return 1, 0, 0
    return 0, 1, int(bool(true))


def f1_of(counts: list[tuple[int, int, int]]) -> tuple[float, float, float]:
    tp, fp, fn = (sum(c[i] for c in counts) for i in range(3))
    p = _prec(tp, fp, fn)
    r = _rec(tp, fp, fn)
    return (2 * p * r / (p + r) if p + r else 0.0), p, r
