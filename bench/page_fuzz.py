#!/usr/bin/env python3
"""Fuzz the page reader: real corpus pages, mutated, through ``build_context``; print every
stage that failed.

    python bench/page_fuzz.py [--pages N] [--seed S]

``build_context`` never raises: a stage that fails (parse, product, interactive elements,
content…) is logged as ``page_extract_failed`` and the page is read without it, so a bug
there shows as a page that quietly lost its article. This counts those events. Each of
``--pages`` trafilatura-eval pages (a seeded sample) is read three times, each time with one
kind of damage:

* a control character or non-character (``\\x0b``, U+FFFE as written or as a character
  reference) inside the page's own sentences, where the article readers join and rewrite
  text (lxml refuses to write such text back: session 9's and session 10's crashes);
* the page cut at a random byte;
* one hostile fragment inserted at a random place: JSON-LD with huge numbers or 3,000-deep
  arrays, a 5,000-digit price, a 100,000-character heading, a forged extension stamp…;
* five fragments or lone ``<`` ``>`` ``"`` ``<div>`` ``</div>`` ``&#0;`` inserted at random.

The goal is 0 failures; a failure prints its stage, the error and the page it came from.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "trafilatura-eval" / "html"
_SENTENCE_END = re.compile(r">[^<]{40,}?\. ")
_ODD_CHARACTERS = ["\x0b", "\x0c", "\x01", "\ufffe", "&#xFFFE;", "&#0;", "&#xD800;"]
_FRAGMENTS = [
    '<script type="application/ld+json">{"@type":"Product","name":"x","offers":{"price":1e999}}</script>',
    '<script type="application/ld+json">{"@type":["Product"],"offers":[{"price":"' + "9" * 5000 + '"}]}</script>',
    '<script type="application/ld+json">' + "[" * 3000 + "]" * 3000 + "</script>",
    '<script type="application/ld+json">{"@graph":[{"@type":"NewsArticle","datePublished":{"x":1}}]}</script>',
    '<meta property="article:published_time" content="' + "x" * 10000 + '">',
    '<div itemscope itemtype="http://schema.org/Product"><span itemprop="price" content="NaN">NaN</span></div>',
    "<h1>" + "A " * 20000 + "</h1>", "<h2>" + "x" * 100000 + "</h2>",
    '<button class="add-to-cart" onclick="buy(' + "(" * 5000 + '">Buy</button>',
    '<a href="javascript:void(0)" data-tabmate-index="007">x</a>', '<span class="price">' + "1" * 5000 + " €</span>",
    '<time datetime="' + "9" * 5000 + '">x</time>', '<input id="a" aria-labelledby="' + "a " * 5000 + '">',
    '<label for="">x</label><input id="">', '<div style="' + "left:-9999px;" * 2000 + '">x</div>', "\udcff",
    "loose words beside a block \x0b and more loose words, long enough to be a run<p>x</p>",
]


def mutate(html: str, rnd: random.Random) -> str:
    kind = rnd.random()
    if kind < 0.25:
        spots = [m.end() for m in _SENTENCE_END.finditer(html)]
        for pos in sorted(rnd.sample(spots, min(5, len(spots))), reverse=True):
            html = html[:pos] + rnd.choice(_ODD_CHARACTERS) + html[pos:]
        return html
    if kind < 0.4:
        return html[:rnd.randrange(len(html) + 1)]
    pieces = _FRAGMENTS if kind < 0.7 else _FRAGMENTS + ["<", ">", '"', "<div>", "</div>"]
    for _ in range(1 if kind < 0.7 else 5):
        pos = rnd.randrange(len(html) + 1)
        html = html[:pos] + rnd.choice(pieces) + html[pos:]
    return html


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    from native_host.page import context
    from native_host.page.cli import SavedPage, _read

    failures: collections.Counter = collections.Counter()
    where: dict[tuple, str] = {}
    current = [""]

    def log(event: str, **fields: object) -> None:
        if event == "page_extract_failed":
            key = (fields.get("stage"), str(fields.get("error", ""))[:100])
            failures[key] += 1
            where.setdefault(key, current[0])

    context.log = log  # (the module's own name for it: every stage reports through it)
    rnd = random.Random(args.seed)
    files = sorted(_CORPUS.glob("*.html.gz"))
    if not files:
        print(f"no pages in {_CORPUS} (the shared corpus sits beside the clone)", file=sys.stderr)
        return 2
    reads = 0
    for path in rnd.sample(files, min(args.pages, len(files))):
        page = _read(path)
        for _ in range(3):
            current[0] = path.name
            try:
                ctx = context.build_context(SavedPage(url="https://example.com/page", html=mutate(page, rnd)), 6000)
                json.dumps(ctx.as_dict())
            except Exception as e:  # build_context must never raise
                failures[("raised", repr(e)[:100])] += 1
                where.setdefault(("raised", repr(e)[:100]), path.name)
            reads += 1
    print(f"page fuzz (seed {args.seed}): {reads} mutated reads of {reads // 3} trafilatura-eval pages, "
          f"{sum(failures.values())} stage failures")
    for (stage, error), count in failures.most_common():
        print(f"  {count} × {stage}: {error} (e.g. {where[(stage, error)]})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
