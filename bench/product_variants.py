#!/usr/bin/env python3
"""A harder product evaluation: each products-dev page rewritten to look like a shop
unlike the dev ones, scored against the same ground truth.

The 73 dev pages are the pages the product rules were written against, so their own
figures overstate what unseen shops get.  A reading that works only through one signal
(a JSON-LD block, a ``price`` class name) shows up when that signal is taken away:

* ``as is`` — the page unchanged;
* ``no JSON-LD`` — ``<script type="application/ld+json">`` blocks removed;
* ``no microdata/RDFa`` — ``itemscope``/``itemtype``/``itemprop`` and RDFa ``typeof``/
  ``property``/``vocab`` attributes dropped (``<meta>``/``<link>`` carrying them removed);
* ``microdata as RDFa`` — the same microdata written as RDFa Lite (``typeof``/``property``);
* ``no OG/meta`` — ``og:*``/``product:*`` and other product ``<meta>`` tags removed;
* ``visible page only`` — all three removed: what a shop without markup shows;
* ``names scrambled`` — every ``class`` and ``id`` replaced by a meaningless token (same
  token for the same name), markup kept: a shop whose CSS names say nothing;
* ``visible only, names scrambled`` — both: only the words and the structure are left;
* ``visible only, prices split`` — no markup, and every shown price drawn in pieces as
  some big shops do ("€" · "12" · "," · "99", "12<sup>€99</sup>", "12<sup>99</sup> €");
* ``visible only, scrambled, prices split`` — all of it;
* ``visible only, no h1`` — no markup, and the ``h1`` drawn as a ``div`` (shops that name
  the product in a ``div`` or ``h2``, or keep their ``h1`` for the logo);
* ``visible only, div buttons`` — no markup, and every ``button`` (and submit input) drawn
  as a ``<div role="button">``, as script-driven shops draw them;
* ``visible only, lists as divs`` — no markup, and lists and tables (``ul``/``li``,
  ``table``/``tr``/``td``, ``dl``) drawn as ``div``s, as grid-styled themes draw them;
* ``visible only, scrambled, no h1`` — no markup, names scrambled and the ``h1`` a ``div``;
* ``visible only, currency codes`` — no markup, and every shown price's sign written as
  its ISO code where the sign stood ("EUR 12.99", "12,99 EUR", "<span>GBP</span>4");
* ``visible only, buttons as links`` — no markup, and every button a link styled as one
  (``<a href="#" class="btn">Add to cart</a>``);
* ``visible only, icon buttons`` — no markup, and every button's short label drawn as an
  icon, the words only in its ``aria-label``;
* ``visible only, h1 as h2`` — no markup, the ``h1`` an ``h2``;
* ``visible only, no h1, site first`` (also scrambled) — no markup, no ``h1``, and the
  document ``<title>`` written site first ("Shop | Product", "Amazon.de: Product: …");
* ``visible only, stock icons`` — no markup, and a text that is only stock wording shown
  as an ``<img alt="In stock">``;
* ``visible only, local thousands`` — no markup, and prices of four digits or more grouped
  as French ("1\u202f299,00\u202f€") or Swiss ("CHF 1’299.00", "1'299.00") shops write them;
* ``visible only, scrambled, buttons as links`` / ``…, div buttons`` — both with names scrambled;
* ``visible only, image buttons`` (also scrambled) — no markup, and every button with a short
  label an image submit button, the label only in its ``alt``, as older shop systems draw them;
* ``visible only, no h1, no title`` — no markup, no ``h1`` and no document ``<title>``:
  nothing names the product where a reader of markup looks;
* ``decoys: …``, ``visible only, decoys: …`` and ``visible only, scrambled, decoys: …``
  (:mod:`shop_decoys`) — what a live shop
  draws around its product and must not change the reading: a cart drawer, a promotion
  bar, other products' row, a picker with sold-out options, hidden "Sold out" templates,
  and the offer's extras (low stock, list price, instalments, unit price, sticky bar).

Fields the ground truth holds but a variant no longer shows (an SKU only in JSON-LD)
lower recall for every system alike; precision is what a variant measures best, and the
``stock flips`` column counts the worst errors: a page the gold calls in stock read as
out of stock, and the reverse.

    python bench/product_variants.py [--variant NAME] [--show-errors [--half A|B]]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Callable

from lxml import etree, html

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_scoring import _binary_availability, f1_of, half, score_field  # noqa: E402
from shop_drawings import (buttons_as_links, currency_codes, div_buttons, h1_as_h2, icon_buttons,  # noqa: E402
                           image_buttons, lists_as_divs, local_groups, no_h1, no_title, prices_split, site_first_title,
                           stock_icons)
from shop_decoys import DECOYS  # noqa: E402

SCORED = ("price", "availability", "sku")
_RDFA = ("typeof", "property", "vocab", "about", "resource", "prefix")
_MICRODATA = ("itemscope", "itemtype", "itemprop", "itemid", "itemref")


def _tree(markup: str) -> etree._Element:
    return html.document_fromstring(markup.encode("utf-8"), parser=html.HTMLParser(
        encoding="utf-8", huge_tree=True, remove_comments=False))


def _out(root: etree._Element) -> str:
    return html.tostring(root, encoding="unicode", doctype="<!DOCTYPE html>")


def _drop(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is not None:
        el.drop_tree() if hasattr(el, "drop_tree") else parent.remove(el)


def no_jsonld(root: etree._Element) -> None:
    for el in list(root.iter("script")):
        if "ld+json" in (el.get("type") or "").lower():
            _drop(el)


def no_microdata(root: etree._Element) -> None:
    for el in list(root.iter(etree.Element)):
        if el.tag in ("meta", "link") and any(el.get(a) is not None for a in ("itemprop", "property")) \
                and not (el.get("property") or "").lower().startswith(("og:", "product:", "fb:", "twitter:")):
            _drop(el)
            continue
        for attr in (*_MICRODATA, *_RDFA):
            if el.tag == "meta" and attr == "property":
                continue  # OpenGraph uses ``property``: that is the OG variant's business
            if attr in el.attrib:
                del el.attrib[attr]


def no_meta(root: etree._Element) -> None:
    for el in list(root.iter("meta")):
        key = (el.get("property") or el.get("name") or "").lower()
        if key.startswith(("og:", "product:", "twitter:")) or key in ("price", "sku", "availability"):
            _drop(el)


def scrambled(root: etree._Element) -> None:
    def token(name: str) -> str:
        return "x" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:7]

    for el in root.iter(etree.Element):
        if el.get("class"):
            el.set("class", " ".join(token(c) for c in el.get("class", "").split()))
        if el.get("id"):
            el.set("id", token(el.get("id", "")))


def as_rdfa(root: etree._Element) -> None:
    """Microdata rewritten as RDFa Lite: ``itemtype`` → ``typeof``, ``itemprop`` → ``property``."""
    for el in root.iter(etree.Element):
        if el.get("itemtype"):
            el.set("typeof", " ".join(t.rstrip("/").rsplit("/", 1)[-1] for t in el.get("itemtype", "").split()))
            el.set("vocab", "https://schema.org/")
        if el.get("itemprop"):
            el.set("property", el.get("itemprop", ""))
        for attr in _MICRODATA:
            el.attrib.pop(attr, None)


def visible_only(root: etree._Element) -> None:
    no_jsonld(root)
    no_microdata(root)
    no_meta(root)


def _visible(*changes: Callable[[etree._Element], None]) -> Callable[[etree._Element], None]:
    """No markup (:func:`visible_only`), then ``changes`` in turn."""
    def change(root: etree._Element) -> None:
        visible_only(root)
        for one in changes:
            one(root)
    return change


VARIANTS: dict[str, Callable[[etree._Element], None] | None] = {
    "as is": None, "no JSON-LD": no_jsonld, "no microdata/RDFa": no_microdata,
    "microdata as RDFa": as_rdfa, "no OG/meta": no_meta, "visible page only": visible_only, "names scrambled": scrambled,
    "visible only, names scrambled": _visible(scrambled), "visible only, prices split": _visible(prices_split),
    "visible only, scrambled, prices split": _visible(prices_split, scrambled), "visible only, no h1": _visible(no_h1),
    "visible only, div buttons": _visible(div_buttons), "visible only, lists as divs": _visible(lists_as_divs),
    "visible only, scrambled, no h1": _visible(scrambled, no_h1), "visible only, currency codes": _visible(currency_codes),
    "visible only, buttons as links": _visible(buttons_as_links), "visible only, icon buttons": _visible(icon_buttons),
    "visible only, h1 as h2": _visible(h1_as_h2), "visible only, no h1, site first": _visible(no_h1, site_first_title),
    "visible only, scrambled, no h1, site first": _visible(scrambled, no_h1, site_first_title),
    "visible only, stock icons": _visible(stock_icons), "visible only, local thousands": _visible(local_groups),
    "visible only, scrambled, buttons as links": _visible(scrambled, buttons_as_links),
    "visible only, scrambled, div buttons": _visible(scrambled, div_buttons),
    "visible only, image buttons": _visible(image_buttons),
    "visible only, scrambled, image buttons": _visible(scrambled, image_buttons),
    "visible only, no h1, no title": _visible(no_h1, no_title),
}


def _decoyed(decoy: Callable[[etree._Element], None], visible: bool,
             *changes: Callable[[etree._Element], None]) -> Callable[[etree._Element], None]:
    """``decoy`` added (it reads the product's price from the markup), then, when ``visible``,
    the markup taken away (:func:`visible_only`), then ``changes`` in turn."""
    def change(root: etree._Element) -> None:
        decoy(root)
        if visible:
            visible_only(root)
        for one in changes:
            one(root)
    return change


for _name, _decoy in DECOYS.items():
    VARIANTS[f"decoys: {_name}"] = _decoyed(_decoy, False)
    VARIANTS[f"visible only, decoys: {_name}"] = _decoyed(_decoy, True)
    VARIANTS[f"visible only, scrambled, decoys: {_name}"] = _decoyed(_decoy, True, scrambled)


def rewrite(markup: str, change: Callable[[etree._Element], None] | None) -> str:
    """``markup`` with ``change`` made to its tree (None: as it is)."""
    if change is None:
        return markup
    root = _tree(markup)
    change(root)
    return _out(root)


def variant(markup: str, name: str) -> str:
    return rewrite(markup, VARIANTS[name])


def flips(gold: dict, pred: dict) -> tuple[int, int]:
    """(in stock read as out, out of stock read as in) for one page."""
    true = {_binary_availability(v) for v in gold.get("availability") or []}
    got = _binary_availability(pred.get("availability"))
    return int(true == {"InStock"} and got == "OutOfStock"), int(true == {"OutOfStock"} and got == "InStock")


def run(pages: list[tuple[str, str, dict]], systems: dict[str, Callable], names: list[str],
        show_errors: str | None = None) -> dict[tuple[str, str], dict[str, dict]]:
    """(variant, system) → page key → {"price": (tp, fp, fn), …, "_flips": (in→out, out→in)}."""
    results: dict[tuple[str, str], dict[str, dict]] = {}
    for name in names:
        for key, markup, gold in pages:
            source = variant(markup, name)
            for system, fn in systems.items():
                try:
                    pred = fn(source, gold.get("url", "")) or {}
                except Exception as e:  # a reference crashing on a page counts as no answer
                    print(f"  ! {system} {name} {key[:10]}: {type(e).__name__}: {e}", file=sys.stderr)
                    pred = {}
                row = {f: score_field(gold, pred, f) for f in SCORED}
                row["_flips"] = flips(gold, pred)
                results.setdefault((name, system), {})[key] = row
                if system == "tabmate" and show_errors in ("all", half(key)):
                    for f in SCORED:
                        if row[f][1] or row[f][2]:
                            print(f"  [{name}] {f:<12} gold={gold.get(f)} got={pred.get(f)!r} "
                                  f"{key[:10]} {gold.get('url', '')[:60]}", file=sys.stderr)
    return results


def table(results: dict[tuple[str, str], dict[str, dict]], n: int) -> list[str]:
    out = [f"Product data on rewritten pages — the {n} `corpus/products-dev` pages with a signal taken "
           "away, same ground truth (F1 (P / R); tabmate's halves A | B; stock flips: gold in stock "
           "read as out / the reverse)", "",
           "| variant | system | price | availability | sku | tabmate price A \\| B | "
           "availability A \\| B | sku A \\| B | stock flips |", "|---|---|---|---|---|---|---|---|---|"]
    for (name, system), rows in results.items():
        cells = []
        for f in SCORED:
            fig = f1_of([r[f] for r in rows.values()])
            cells.append(f"{fig[0]:.3f} ({fig[1]:.3f} / {fig[2]:.3f})")
        halves = []
        for f in SCORED:
            if system != "tabmate":
                halves.append("")
                continue
            a, b = (f1_of([r[f] for k, r in rows.items() if half(k) == h])[0] for h in "AB")
            halves.append(f"{a:.3f} \\| {b:.3f}")
        wrong_out = sum(r["_flips"][0] for r in rows.values())
        wrong_in = sum(r["_flips"][1] for r in rows.values())
        out.append(f"| {name} | {system} | " + " | ".join(cells + halves) + f" | {wrong_out} / {wrong_in} |")
    return out


def main() -> int:
    import page_products
    import page_systems

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", action="append", choices=list(VARIANTS))
    ap.add_argument("--show-errors", action="store_true")
    ap.add_argument("--half", choices=("A", "B"))
    ap.add_argument("--no-extruct", action="store_true")
    args = ap.parse_args()
    pages = page_products.product_pages()
    systems = {"tabmate": page_systems.tabmate_product}
    if not args.no_extruct:
        systems["extruct"] = page_systems.extruct_product
    errors = (args.half or "all") if args.show_errors else None
    print("\n".join(table(run(pages, systems, args.variant or list(VARIANTS), errors), len(pages))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
