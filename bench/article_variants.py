#!/usr/bin/env python3
"""A harder main-text evaluation: the article corpora's pages rewritten to look like sites
unlike the dev ones, scored against the same gold, Tabmate beside trafilatura.

The rules of the main-text extractor were written looking at these pages, and many of them
read class and id words ("related", "share", "byline") or HTML5 section tags.  A site that
names nothing, or builds everything of ``<div>``, keeps only the words and the structure.
The variants take one signal away each (the way ``product_variants.py`` does for shops):

* ``as is`` — the page unchanged;
* ``names scrambled`` — every ``class`` and ``id`` a meaningless token (same name, same token);
* ``no HTML5 tags`` — ``article``, ``main``, ``section``, ``aside``, ``nav``, ``header``,
  ``footer``, ``figure``, ``figcaption`` and ``time`` become ``div`` / ``span``, and ARIA
  ``role`` attributes go: a site written before HTML5;
* ``both`` — names scrambled and no HTML5 tags;
* ``div soup`` — no HTML5 tags, and paragraphs, subheadings and quotes all ``div``, bold and
  italics ``span``: a page a script framework draws from styled divs (its ``h1``, lists,
  tables and links kept);
* ``blocks wrapped`` — each paragraph, subheading, list, quote, table and figure in two
  ``div`` boxes of its own whose class names say nothing: a page drawn by components;
* ``boilerplate added`` — a share bar, an author bio, a newsletter box, a related-stories list
  and a comment thread added inside and beside the article, with class names that say
  nothing; each box's text a must-not snippet (a precision proxy: article_boilerplate.py).

The gold is what a person (trafilatura-eval) or Readability.js (readability/) took from the
original page; the rewrites keep every word, so it stays valid.  A drop from ``as is`` says how
much a system leans on the signal taken away; the gap to trafilatura on the same variant is the
fair comparison.  Halves A | B as in bench_page.py.

    python bench/article_variants.py [--variant NAME] [--corpus trafilatura-eval|readability]
                                     [--limit N] [--system tabmate]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any, Callable

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from page_systems import tabmate_extract, trafilatura_article  # noqa: E402
from article_boilerplate import inject  # noqa: E402
from page_text import TextCorpus, readability_corpus, snippet_corpus  # noqa: E402
from product_variants import rewrite, scrambled  # noqa: E402

_AS_DIV = ("article", "main", "section", "aside", "nav", "header", "footer", "figure", "figcaption",
           "hgroup", "details", "summary")
_AS_SPAN = ("time", "mark")


def scrambled_names(root: etree._Element) -> None:
    """Class and id names scrambled (``product_variants.scrambled``), and the page's links to
    its own ids (``href="#name"``) renamed with them: a site whose names say nothing still
    links to its own places, and a link left pointing at a name no element has any more is a
    broken page, not an unfamiliar one."""
    def token(name: str) -> str:  # as product_variants.scrambled names an id
        return "x" + hashlib.sha1(name.encode("utf-8")).hexdigest()[:7]

    scrambled(root)
    for a in root.iter("a"):
        href = a.get("href") or ""
        if href.startswith("#") and len(href) > 1:
            a.set("href", "#" + token(href[1:]))
        if a.get("name"):  # an old-style anchor is a place's name too
            a.set("name", token(a.get("name", "")))


def no_html5(root: etree._Element) -> None:
    for el in root.iter(*_AS_DIV, *_AS_SPAN):
        el.tag = "div" if el.tag in _AS_DIV else "span"
    for el in root.iter(etree.Element):
        el.attrib.pop("role", None)


_SOUP = ("p", "h2", "h3", "h4", "h5", "h6", "blockquote")


def div_soup(root: etree._Element) -> None:
    """Paragraphs, subheadings and quotes as ``div``, inline ``b``/``i``/``strong``/``em`` as
    ``span``, on top of :func:`no_html5`: a page built by a script framework that styles
    divs, keeping its ``h1``, lists, tables and links."""
    no_html5(root)
    for el in root.iter(*_SOUP, "b", "i", "strong", "em"):
        el.tag = "div" if el.tag in _SOUP else "span"


_BLOCKS = ("p", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "figure")


def wrapped(root: etree._Element) -> None:
    """Each block of text (paragraph, subheading, list, quote, table, figure) in two ``div``
    wrappers of its own, with class names that say nothing: a page drawn by components, each
    block a component (a "rich text" block in a "paragraph" block), so the text sits three
    levels below the article's container instead of one."""
    body = root.find("body")
    for el in list((body if body is not None else root).iter(*_BLOCKS)):
        parent = el.getparent()
        if parent is None:
            continue
        outer = etree.Element("div", {"class": "qz7k"})  # names that say nothing
        inner = etree.SubElement(outer, "div", {"class": "qz7k-in"})
        outer.tail, el.tail = el.tail, None
        parent.replace(el, outer)
        inner.append(el)


def both(root: etree._Element) -> None:
    scrambled_names(root)
    no_html5(root)


VARIANTS: dict[str, Callable[[etree._Element], None] | None] = {
    "as is": None, "names scrambled": scrambled_names, "no HTML5 tags": no_html5, "both": both,
    "div soup": div_soup, "blocks wrapped": wrapped, "boilerplate added": None,
}
_GOLD_AWARE = {"boilerplate added"}  # rewrites that place text by the gold and add to it
SYSTEMS: dict[str, Callable[[str], str]] = {"tabmate": tabmate_extract, "trafilatura": trafilatura_article}


def variant(markup: str, name: str) -> str:
    if name in _GOLD_AWARE:
        raise ValueError(f"{name!r} needs the page's gold: variant_page()")
    return rewrite(markup, VARIANTS[name])


def variant_page(key: str, markup: str, gold: Any, name: str) -> tuple[str, Any]:
    """One page of a corpus rewritten, with its gold: a snippet gold is ``(with, without)``,
    a readability/ gold the article's text."""
    if name not in _GOLD_AWARE:
        return variant(markup, name), gold
    snippet = isinstance(gold, tuple)
    probes = list(gold[0]) if snippet else [line[:50] for line in gold.splitlines() if len(line) >= 60]
    added: list[str] = []

    def change(root: etree._Element) -> None:
        added.extend(inject(root, key, probes))

    out = rewrite(markup, change)
    return (out, (gold[0], list(gold[1]) + added)) if snippet else (out, gold)


def table(corpus: TextCorpus, names: list[str], systems: list[str], digits: int = 3) -> list[str]:
    out = [f"Main text on rewritten pages — {corpus.title}", "",
           "| variant | system | F1 (P / R), all pages | half A | half B |", "|---|---|---|---|---|"]
    for name in names:
        rewritten = TextCorpus(corpus.name, corpus.title,
                               [(key, *variant_page(key, source, gold, name)) for key, source, gold in corpus.pages],
                               corpus.score, corpus.summary)
        for system in systems:
            rows, _ = rewritten.run(SYSTEMS[system])
            f1, p, r = rewritten.figure(rows)[:3]
            a, b = rewritten.figure(rows, "A")[0], rewritten.figure(rows, "B")[0]
            d = digits
            out.append(f"| {name} | {system} | {f1:.{d}f} ({p:.{d}f} / {r:.{d}f}) | {a:.{d}f} | {b:.{d}f} |")
            print(out[-1], file=sys.stderr, flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", action="append", choices=list(VARIANTS))
    ap.add_argument("--corpus", action="append", choices=["trafilatura-eval", "readability"])
    ap.add_argument("--system", action="append", choices=list(SYSTEMS))
    ap.add_argument("--limit", type=int, default=None, help="first N pages of each corpus")
    ap.add_argument("--digits", type=int, default=3, help="decimals in the figures (5 to compare two versions)")
    args = ap.parse_args()
    corpora = {"trafilatura-eval": snippet_corpus, "readability": readability_corpus}
    for name in args.corpus or list(corpora):
        print("\n".join(table(corpora[name](args.limit), args.variant or list(VARIANTS),
                              args.system or list(SYSTEMS), args.digits)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
