"""PDF text extraction: pypdf (what Tabmate uses) beside pdfminer.six, in the same run.

    python bench/bench_pdf.py [--limit N] [--json]

Two sets of real PDFs, both available on a fresh machine:

* **Debian's manuals**: PDFs that Debian packages ship (``libtasn1-doc``, ``shared-mime-info``;
  ``.ci/setup`` installs them) — typeset by TeX/DocBook, the kind of file people open. No gold
  text exists, so they give speed and how far the two libraries agree.
* **Corpus as PDF**: the gold texts of ``../shared/corpus/readability`` written to PDF by fpdf2
  (a real PDF writer), one column and — every third article — two columns. The gold text is
  known, so they give quality: word F1 (bag of words) and order (difflib ratio of word
  sequences, first 3,000 words).
"""

from __future__ import annotations

import argparse
import difflib
import io
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
READABILITY = ROOT.parent / "shared" / "corpus" / "readability"
DEBIAN_PDFS = [Path("/usr/share/doc/libtasn1-doc/libtasn1.pdf"),
               Path("/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf")]


def with_pypdf(data: bytes) -> tuple[str, int]:
    from native_host.documents.pdf import read_pdf

    doc = read_pdf(data, max_pages=10_000, max_seconds=600, max_chars=10**9)
    return "\n\n".join(doc.pages), len(doc.pages)


def with_pdfminer(data: bytes) -> tuple[str, int]:
    from pdfminer.high_level import extract_text

    text = extract_text(io.BytesIO(data))
    return text, text.count("\f") or 1


SYSTEMS = {"pypdf": with_pypdf, "pdfminer.six": with_pdfminer}


def words(text: str) -> list[str]:
    return [w.strip(".,;:!?()[]\"'").lower() for w in text.split() if w.strip(".,;:!?()[]\"'")]


def f1(gold: list[str], got: list[str]) -> float:
    g, o = Counter(gold), Counter(got)
    tp = sum((g & o).values())
    if not tp:
        return 0.0
    p, r = tp / sum(o.values()), tp / sum(g.values())
    return 2 * p * r / (p + r)


def order(gold: list[str], got: list[str]) -> float:
    return difflib.SequenceMatcher(None, gold[:3000], got[:3000], autojunk=False).ratio()


def corpus_pdfs(limit: int) -> list[tuple[str, bytes, str]]:
    from bench.bench_page import html_to_text
    from tests.support.pdfs import _latin, columns_pdf, flowing_pdf

    out = []
    pages = sorted(d for d in READABILITY.iterdir() if (d / "expected.html").exists())[:limit]
    for n, page in enumerate(pages):
        gold = _latin(html_to_text((page / "expected.html").read_text(encoding="utf-8", errors="replace")))
        two = n % 3 == 2
        out.append((page.name + (" (2 col)" if two else ""), (columns_pdf if two else flowing_pdf)(gold), gold))
    return out


def timed(fn, data: bytes):  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    try:
        result = fn(data)
    except Exception as e:  # a library failing on a file is a result too  # noqa: BLE001
        result = (f"<error {type(e).__name__}>", 0)
    return result, (time.perf_counter() - started) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=45, help="corpus articles to write as PDF (default 45)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    report: dict = {"debian": [], "corpus": {}}

    print("Debian's manuals (no gold text: speed, and how far the two agree)")
    print(f"{'file':34} {'pages':>5} | {'pypdf ms':>9} {'chars':>7} | {'pdfminer ms':>11} {'chars':>7} | agree F1")
    for path in DEBIAN_PDFS:
        if not path.exists():
            print(f"{path.name:34} missing — run .ci/setup (Debian packages libtasn1-doc, shared-mime-info)")
            continue
        data = path.read_bytes()
        (a, pages), ta = timed(with_pypdf, data)
        (b, _), tb = timed(with_pdfminer, data)
        agree = f1(words(b), words(a))
        report["debian"].append({"file": path.name, "pages": pages, "pypdf_ms": round(ta), "pdfminer_ms": round(tb),
                                 "pypdf_chars": len(a), "pdfminer_chars": len(b), "agree_f1": round(agree, 3)})
        print(f"{path.name:34} {pages:>5} | {ta:9.0f} {len(a):7} | {tb:11.0f} {len(b):7} | {agree:.3f}")

    docs = corpus_pdfs(args.limit)
    print(f"\nCorpus as PDF ({len(docs)} articles from ../shared/corpus/readability written by fpdf2; gold known)")
    for name, fn in SYSTEMS.items():
        f1s, orders, ms, pages = [], [], [], 0
        for _, data, gold in docs:
            (text, n), dt = timed(fn, data)
            g, o = words(gold), words(text)
            f1s.append(f1(g, o))
            orders.append(order(g, o))
            ms.append(dt)
            pages += n
        report["corpus"][name] = {"f1_mean": round(statistics.mean(f1s), 4), "f1_min": round(min(f1s), 4),
                                  "order_mean": round(statistics.mean(orders), 4), "ms_total": round(sum(ms)),
                                  "ms_median": round(statistics.median(ms), 1), "pages": pages,
                                  "pages_per_s": round(pages / (sum(ms) / 1000), 1)}
    print(f"{'library':14} {'word F1':>8} {'min F1':>7} {'order':>6} | {'total ms':>9} {'median ms':>9} {'pages/s':>8}")
    for name, r in report["corpus"].items():
        print(f"{name:14} {r['f1_mean']:8.4f} {r['f1_min']:7.4f} {r['order_mean']:6.4f} | {r['ms_total']:9} "
              f"{r['ms_median']:9} {r['pages_per_s']:8}")
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
