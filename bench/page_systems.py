"""The systems bench_page.py compares, and the corpora's places: Tabmate's main text and
``tabmate extract`` path, trafilatura and readability-lxml, Tabmate's product reading and a
plain extruct one, plus the timing helpers every table uses."""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
READABILITY = SHARED / "corpus" / "readability"
SNIPPETS = SHARED / "corpus" / "trafilatura-eval"
PRODUCTS = SHARED / "corpus" / "products-dev"


def html_to_text(markup: str) -> str:
    """Gold/reference HTML → text with block boundaries kept (same for every system)."""
    from native_host.page.parse import parse
    from native_host.page.render import render

    return render(parse(markup).find("body"))


def read_gz(path: Path) -> str:
    from native_host.page.parse import decode

    return decode(gzip.decompress(path.read_bytes()))


# ------------------------------------------------------------------ main text


def tabmate_article(markup: str) -> str:
    from native_host.page.content import extract
    from native_host.page.parse import parse

    return extract(parse(markup))


def tabmate_extract(markup: str) -> str:
    """What ``tabmate extract`` does for a page: the whole context at the default budget,
    with the command's logging (warnings only: ``page/cli.py`` turns the per-page info line
    off, which otherwise writes to the host's log file for every page — ~2 % of the time)."""
    from native_host import logs
    from native_host.page.budget import MAX_PAGE_TOKENS
    from native_host.page.context import build_context
    from native_host.protocol import PageSnapshot

    logs.only_warnings()
    return build_context(PageSnapshot(url="https://example.com/", title="", html=markup),
                         MAX_PAGE_TOKENS).main_text


def trafilatura_article(markup: str) -> str:
    import trafilatura

    return trafilatura.extract(markup, include_comments=False, include_tables=True) or ""


def readability_article(markup: str) -> str:
    from readability import Document

    return html_to_text(Document(markup).summary())


# ------------------------------------------------------------------ products


def tabmate_product(markup: str, url: str = "") -> dict:
    from native_host.page.parse import parse
    from native_host.page.product import extract_product

    product = extract_product(parse(markup), url)
    return product.as_dict() if product else {}


def extruct_product(markup: str, url: str = "") -> dict:
    """A plain extruct reading: first Product in JSON-LD, microdata, then OpenGraph."""
    import extruct

    data = extruct.extract(markup, base_url=url or None, uniform=True,
                           syntaxes=["json-ld", "microdata", "opengraph"], errors="ignore")
    item: dict = {}
    for syntax in ("json-ld", "microdata"):
        for entry in data.get(syntax) or []:
            types = entry.get("@type")
            types = types if isinstance(types, list) else [types]
            if any("Product" in str(t) for t in types):
                offers = entry.get("offers") or {}
                if isinstance(offers, list):
                    offers = offers[0] if offers else {}
                if not isinstance(offers, dict):
                    offers = {}
                item.setdefault("sku", entry.get("sku") or entry.get("productID"))
                item.setdefault("price", offers.get("price") or offers.get("lowPrice"))
                item.setdefault("currency", offers.get("priceCurrency"))
                item.setdefault("availability", offers.get("availability"))
                break
    for entry in data.get("opengraph") or []:
        item.setdefault("price", entry.get("product:price:amount") or entry.get("og:price:amount"))
        item.setdefault("availability", entry.get("product:availability") or entry.get("og:availability"))
        item.setdefault("currency", entry.get("product:price:currency") or entry.get("og:price:currency"))
    return {k: (str(v) if v is not None else None) for k, v in item.items()}


# ------------------------------------------------------------------ timing


def timed(fn: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    try:
        out = fn(*args)
    except Exception as e:  # a reference crashing on a page counts as an empty answer
        print(f"  ! {fn.__name__}: {type(e).__name__}: {e}", file=sys.stderr)
        out = None
    return out, time.perf_counter() - t0


def timing(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    return f"{statistics.median(ms):.1f} | {p90:.1f} | {ms[-1]:.1f}"
