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
  as a ``<div role="button">``, as script-driven shops draw them.

Fields the ground truth holds but a variant no longer shows (an SKU only in JSON-LD)
lower recall for every system alike; precision is what a variant measures best, and the
``stock flips`` column counts the worst errors: a page the gold calls in stock read as
out of stock, and the reverse.

    python bench/product_variants.py [--variant NAME] [--show-errors [--half A|B]]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path
from typing import Callable

from lxml import etree, html

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_scoring import _binary_availability, f1_of, half, score_field  # noqa: E402

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


def visible_scrambled(root: etree._Element) -> None:
    visible_only(root)
    scrambled(root)


# an amount with two decimals and a currency sign, the whole text of an element ("12,99 €",
# "$1,299.00", "EUR 45.50"): the bench's own pattern, not the extractor's
_SHOWN_PRICE = re.compile(r"\s*(?P<pre>[$€£¥₹₽]|[A-Z]{3}|zł|Kč|Lei|Rs\.?)?\s*(?P<int>\d{1,3}(?:[.,'\s\u00a0]\d{3})*|\d+)"
                          r"(?P<sep>[.,])(?P<frac>\d\d)\s*(?P<post>[$€£¥₹₽]|[A-Z]{3}|zł|Kč|kr\.?|Lei|лв\.?|руб\.?|грн|Ft)?\s*")


def _span(parent: etree._Element, tag: str = "span", text: str | None = None) -> etree._Element:
    child = etree.SubElement(parent, tag)
    child.text = text
    return child


def prices_split(root: etree._Element) -> None:
    """Each shown price ("12,99 €") drawn in pieces, the way big shops' themes do, one
    style per page (picked from its title): the sign, the whole units and the cents in
    elements of their own with no space between them (``€<span>12<span>,</span></span>
    <span>99</span>``), the cents after the sign in a ``<sup>`` ("12<sup>€99</sup>", French
    shops; "$1,299<sup>00</sup>"), or the cents in a ``<sup>`` and the sign in an element
    of its own or after them ("12<sup>99</sup> €", "<span>$</span>1,299<sup>00</sup>")."""
    title = next((" ".join(h.text_content().split()) for h in root.iter("h1", "title")), "")
    style = int(hashlib.sha1(title.encode("utf-8")).hexdigest(), 16) % 3
    for el in list(root.iter(etree.Element)):
        if len(el) or el.tag in ("script", "style", "title", "option", "textarea") or not el.text:
            continue
        m = _SHOWN_PRICE.fullmatch(el.text)
        if m is None or not (m.group("pre") or m.group("post")) or (m.group("pre") and m.group("post")):
            continue
        sign = m.group("pre") or m.group("post")
        el.text = None
        if style == 0:  # Amazon's way
            if m.group("pre"):
                _span(el, text=sign)
            whole = _span(el, text=m.group("int"))
            _span(whole, text=m.group("sep"))
            _span(el, text=m.group("frac"))
            if m.group("post"):
                _span(el, text=" " + sign)
        elif style == 1:  # "12€99", "$1,299⁰⁰"
            el.text = (sign if m.group("pre") else "") + m.group("int")
            _span(el, "sup", ("" if m.group("pre") else sign) + m.group("frac"))
        else:  # "12⁹⁹ €", "<span>$</span>1,299⁰⁰"
            if m.group("pre"):
                _span(el, text=sign).tail = m.group("int")
            else:
                el.text = m.group("int")
            cents = _span(el, "sup", m.group("frac"))
            if m.group("post"):
                cents.tail = " " + sign


def visible_split(root: etree._Element) -> None:
    visible_only(root)
    prices_split(root)


def no_h1(root: etree._Element) -> None:
    """Headings ``h1`` drawn as ``div``s (many shops name the product in a ``div`` or an
    ``h2``, or keep their ``h1`` for the logo)."""
    for el in root.iter("h1"):
        el.tag = "div"


def visible_no_h1(root: etree._Element) -> None:
    visible_only(root)
    no_h1(root)


def div_buttons(root: etree._Element) -> None:
    """Buttons drawn as ``<div role="button">`` (script-driven shops: the click handler is
    the script's, the element a styled ``div``); a submit input becomes one showing its value."""
    for el in list(root.iter("button", "input")):
        if el.tag == "input":
            if (el.get("type") or "").lower() not in ("submit", "button"):
                continue
            el.text = el.get("value")
            for attr in ("type", "value", "name"):
                el.attrib.pop(attr, None)
        for attr in ("type", "disabled", "form", "formaction", "name", "value"):
            if attr == "disabled" and attr in el.attrib:
                el.set("aria-disabled", "true")
            el.attrib.pop(attr, None)
        el.tag = "div"
        el.set("role", "button")


def visible_div_buttons(root: etree._Element) -> None:
    visible_only(root)
    div_buttons(root)


def visible_scrambled_split(root: etree._Element) -> None:
    visible_split(root)
    scrambled(root)


VARIANTS: dict[str, Callable[[etree._Element], None] | None] = {
    "as is": None, "no JSON-LD": no_jsonld, "no microdata/RDFa": no_microdata,
    "microdata as RDFa": as_rdfa, "no OG/meta": no_meta, "visible page only": visible_only, "names scrambled": scrambled,
    "visible only, names scrambled": visible_scrambled, "visible only, prices split": visible_split,
    "visible only, scrambled, prices split": visible_scrambled_split, "visible only, no h1": visible_no_h1,
    "visible only, div buttons": visible_div_buttons,
}


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
