"""Product tables of bench_page.py: Tabmate and a plain extruct reading on ``corpus/products-dev``,
by half, the cross-validated settings, and the rewritten pages of :mod:`product_variants`."""

from __future__ import annotations

import json
import sys
from typing import Callable

import product_variants
from page_cv import HALVES, cross_validate, settings_note
from page_scoring import FIELDS, f1_of, half, score_field
from page_systems import PRODUCTS, extruct_product, read_gz, tabmate_product, timed, timing


def product_pages() -> list[tuple[str, str, dict]]:
    truth = json.loads((PRODUCTS / "ground-truth.json").read_text(encoding="utf-8"))
    return [(key, read_gz(PRODUCTS / "html" / f"{key}.html.gz"), gold) for key, gold in sorted(truth.items())]


def run_products(pages: list, fn: Callable, show_errors: str | None = None) -> tuple[dict, list[float]]:
    rows: dict[str, dict] = {}
    times = []
    for key, markup, gold in pages:
        pred, dt = timed(fn, markup, gold.get("url", ""))
        pred = pred or {}
        times.append(dt)
        rows[key] = {field: score_field(gold, pred, field) for field in FIELDS}
        for field, c in rows[key].items():
            if show_errors in ("all", half(key)) and (c[1] or c[2]):
                print(f"  {field:<12} gold={gold.get(field)} got={pred.get(field)!r} "
                      f"{key[:10]} {gold.get('url', '')[:70]}", file=sys.stderr)
    return rows, times


def product_figure(rows: dict, which: str | None = None) -> dict[str, tuple]:
    return {field: f1_of([r[field] for k, r in rows.items() if which is None or half(k) == which])
            for field in FIELDS}


def bench_products(show_errors: str | None, cv: bool) -> list[str]:
    pages = product_pages()
    systems = {"tabmate": tabmate_product, "extruct": extruct_product}
    results = {name: run_products(pages, fn, show_errors if name == "tabmate" else None)
               for name, fn in systems.items()}
    out = [f"Product data — {len(pages)} pages of `corpus/products-dev` (F1 / precision / recall; "
           "price as Decimal, availability as InStock/OutOfStock, currency as ISO 4217)", "",
           "| system | pages | " + " | ".join(FIELDS) + " | median ms | p90 ms | max ms |",
           "|---|---|" + "---|" * len(FIELDS) + "---|---|---|"]
    for name, (rows, times) in results.items():
        for which in (None, *HALVES):
            fig = product_figure(rows, which)
            cells = " | ".join(f"{fig[f][0]:.3f} / {fig[f][1]:.3f} / {fig[f][2]:.3f}" for f in FIELDS)
            n = sum(1 for k in rows if which is None or half(k) == which)
            label = "all" if which is None else f"half {which}"
            out.append(f"| {name} | {label} ({n}) | {cells} | "
                       + (f"{timing(times)} |" if which is None else " | | |"))
    if cv:
        whole, held, chosen = cross_validate(
            "products", [results["tabmate"][0]], lambda c: run_products(pages, tabmate_product)[0],
            lambda c, rows, which: product_figure(rows, which),
            lambda figs: sum(figs[0][f][0] for f in ("price", "availability", "sku")))
        out += ["", "Product data, 2-fold cross-validation of the tunable settings (F1: all pages, "
                "shipped settings → held-out halves pooled)", "",
                "| " + " | ".join(FIELDS) + " |", "|" + "---|" * len(FIELDS),
                "| " + " | ".join(f"{whole[0][f][0]:.3f} → {held[0][f][0]:.3f}" for f in FIELDS) + " |",
                "", f"Settings chosen: {settings_note(chosen)}."]
    variants = product_variants.run(pages, systems, list(product_variants.VARIANTS))
    return (out + [""] + product_variants.table(variants, len(pages)) + ["", *stories_as_products()]
            + ["", *buy_controls_shown(pages)])


def stories_as_products() -> list[str]:
    """How many pages of the article corpora read as a product (the model is then told
    "Product: … price 39 EUR | InStock" about a news story).  A few are shops' pages (the
    evaluation set has some); the rest are affiliate boxes, subscription offers and
    paywall markup.  Lower is better, not zero."""
    from page_text import readability_corpus, snippet_corpus

    out = ["Article pages read as a product (a product is put in the model's context; some of "
           "trafilatura-eval's pages are shops)", "", "| corpus | pages | with a product | half A | half B |",
           "|---|---|---|---|---|"]
    for corpus in (readability_corpus(None), snippet_corpus(None)):
        found = {key: bool(tabmate_product(markup)) for key, markup, _ in corpus.pages}
        by_half = [sum(v for k, v in found.items() if half(k) == h) for h in HALVES]
        out.append(f"| {corpus.name} | {len(found)} | {sum(found.values())} | {by_half[0]} | {by_half[1]} |")
    return out


def buy_controls_shown(pages: list) -> list[str]:
    """On how many in-stock product pages the product's own buy control (as
    ``buybox.buy_buttons`` finds it) is among the controls the agent is given, so that "add
    it to my cart" can be done: a shop's menus and footers hold hundreds of links and
    buttons, and the list has room for 60.  Only pages where a buy control is found count."""
    from native_host.page.buybox import buy_buttons
    from native_host.page.context import build_context
    from native_host.page.interactive import _label
    from native_host.page.parse import parse
    from native_host.protocol import PageSnapshot

    out = ["The product's buy control among the page's controls (in-stock products-dev pages where one "
           "is found; the agent's list at budgets 2000 / 6000 tokens)", "",
           "| variant | pages | at 2000 | at 6000 |", "|---|---|---|---|"]
    for name in ("as is", "visible only, names scrambled"):
        counts, n = [0, 0], 0
        for key, markup, gold in pages:
            if "OutOfStock" in (gold.get("availability") or []):
                continue
            markup = product_variants.variant(markup, name)
            root = parse(markup)
            by_id = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
            labels = {_label(el, by_id, {}) for el in buy_buttons(root) if el.tag != "form"} - {""}
            if not labels:
                continue
            n += 1
            for i, budget in enumerate((2000, 6000)):
                ctx = build_context(PageSnapshot(url=gold.get("url") or "https://example.com/", html=markup), budget)
                counts[i] += any(item.label in labels for item in ctx.interactive)
        out.append(f"| {name} | {n} | {counts[0]} | {counts[1]} |")
    return out
