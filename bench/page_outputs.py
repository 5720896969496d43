"""Dump what the page extractor gives for every page of the three corpora, to prove a speed
change leaves the output identical.

    python bench/page_outputs.py /tmp/before.jsonl          # on main (e.g. a `git archive` copy)
    python bench/page_outputs.py /tmp/after.jsonl           # on the branch
    python bench/page_outputs.py --compare /tmp/before.jsonl /tmp/after.jsonl

One JSON line per page: ``build_context`` (budgets 6000 and 1500: main text, product,
interactive elements with their selectors, counts), ``extract`` and ``extract_product``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from page_products import product_pages  # noqa: E402
from page_text import readability_corpus, snippet_corpus  # noqa: E402


def dump(path: str) -> int:
    from native_host.page.content import extract
    from native_host.page.context import build_context
    from native_host.page.parse import parse
    from native_host.page.product import extract_product
    from native_host.protocol import PageSnapshot

    pages = [("r:" + k, s, "https://example.com/") for k, s, _ in readability_corpus(None).pages]
    pages += [("t:" + k, s, "https://example.com/") for k, s, _ in snippet_corpus(None).pages]
    pages += [("p:" + k, s, g.get("url") or "") for k, s, g in product_pages()]
    with open(path, "w", encoding="utf-8") as out:
        for key, source, url in pages:
            record: dict = {"k": key}
            for budget in (6000, 1500):
                ctx = build_context(PageSnapshot(url=url, title="", html=source), budget)
                record[f"ctx{budget}"] = ctx.as_dict()
            record["extract"] = extract(parse(source))
            product = extract_product(parse(source), url)
            record["product"] = product.as_dict() if product else None
            out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(pages)} pages written to {path}")
    return 0


def compare(before: str, after: str) -> int:
    old = Path(before).read_text(encoding="utf-8").splitlines()
    new = Path(after).read_text(encoding="utf-8").splitlines()
    differ = [json.loads(a)["k"] for a, b in zip(old, new) if a != b]
    if len(old) != len(new):
        print(f"page counts differ: {len(old)} vs {len(new)}")
    print(f"{len(old)} pages, {len(differ)} differ" + (": " + ", ".join(differ[:20]) if differ else ""))
    return 1 if differ or len(old) != len(new) else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--compare", action="store_true", help="compare two dumps (exit 1 on any difference)")
    args = ap.parse_args()
    if args.compare:
        if len(args.paths) != 2:
            ap.error("--compare takes two dumps")
        return compare(*args.paths)
    return dump(args.paths[0])


if __name__ == "__main__":
    sys.exit(main())
