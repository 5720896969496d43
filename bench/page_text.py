"""Main-content tables of bench_page.py: the two article corpora, Tabmate beside trafilatura
and readability-lxml, ``tabmate extract``'s time against trafilatura's, and the
cross-validated figures.  A page is (key, source markup, gold); a corpus scores one
system's outputs."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any, Callable

from page_cv import cross_validate, settings_note
from page_scoring import article_scores, half, snippet_counts, snippet_scores, tp_fp_fn
from page_systems import (READABILITY, SNIPPETS, html_to_text, read_gz, readability_article,
                          tabmate_article, tabmate_extract, timed, timing, trafilatura_article)


class TextCorpus:
    def __init__(self, name: str, title: str, pages: list[tuple[str, str, Any]],
                 score: Callable[[Any, str], tuple], summary: Callable[[list], tuple]) -> None:
        self.name, self.title, self.pages, self.score, self.summary = name, title, pages, score, summary

    def run(self, fn: Callable[[str], str]) -> tuple[dict[str, tuple], list[float]]:
        rows, times = {}, []
        for key, source, gold in self.pages:
            out, dt = timed(fn, source)
            rows[key] = self.score(gold, out or "")
            times.append(dt)
        return rows, times

    def figure(self, rows: dict[str, tuple], which: str | None = None) -> tuple:
        return self.summary([r for k, r in rows.items() if which is None or half(k) == which])


def readability_corpus(limit: int | None) -> TextCorpus:
    pages = []
    for d in sorted(d for d in READABILITY.iterdir() if (d / "source.html").exists())[:limit]:
        gold = html_to_text((d / "expected.html").read_text(encoding="utf-8", errors="replace"))
        pages.append((d.name, (d / "source.html").read_text(encoding="utf-8", errors="replace"), gold))
    return TextCorpus("readability", f"{len(pages)} pages of `corpus/readability` (gold: "
                      "`expected.html`, Readability.js output; 4-gram F1 of per-page means)",
                      pages, tp_fp_fn, article_scores)


def snippet_corpus(limit: int | None) -> TextCorpus:
    truth = json.loads((SNIPPETS / "ground-truth.json").read_text(encoding="utf-8"))
    pages = [(key, read_gz(SNIPPETS / "html" / f"{key}.html.gz"), (g.get("with") or [], g.get("without") or []))
             for key, g in sorted(truth.items())[:limit]]
    return TextCorpus("trafilatura-eval", f"{len(pages)} pages of `corpus/trafilatura-eval` (gold: "
                      "human must/must-not snippets; counts summed over pages)", pages,
                      lambda gold, text: snippet_counts(text, *gold), snippet_scores)


# "tabmate" is the extractor (``extract``), which every change is judged by; "tabmate extract"
# is the ``main_text`` the command prints (the page's title heading is left out: the title
# is a field of its own), which is what a program scoring Tabmate reads
TEXT_SYSTEMS = {"tabmate": tabmate_article, "tabmate extract (main_text)": tabmate_extract,
                "trafilatura": trafilatura_article, "readability-lxml": readability_article}


def fig(t: tuple) -> str:
    return f"{t[0]:.3f} ({t[1]:.3f} / {t[2]:.3f})"


def bench_text(corpus: TextCorpus, show_errors: str | None, timed_extract: bool) -> tuple[list[str], dict]:
    rows, times = {}, {}
    for name, fn in TEXT_SYSTEMS.items():
        rows[name], times[name] = corpus.run(fn)
    if show_errors:
        for key, _, _ in corpus.pages:
            if show_errors in ("all", half(key)):
                ours, theirs = corpus.figure({key: rows["tabmate"][key]}), \
                    corpus.figure({key: rows["trafilatura"][key]})
                if ours[0] < min(0.9, theirs[0] + 0.05) or ours[1] < 0.9:
                    print(f"  {corpus.name} {key}: tabmate F1 {ours[0]:.2f} P {ours[1]:.2f} "
                          f"R {ours[2]:.2f}  trafilatura {theirs[0]:.2f}", file=sys.stderr)
    out = [f"Main content — {corpus.title}", "",
           "| system | F1 (P / R), all pages | half A | half B | median ms | p90 ms | max ms |",
           "|---|---|---|---|---|---|---|"]
    for name in TEXT_SYSTEMS:
        out.append(f"| {name} | {fig(corpus.figure(rows[name]))} | "
                   f"{corpus.figure(rows[name], 'A')[0]:.3f} | {corpus.figure(rows[name], 'B')[0]:.3f} "
                   f"| {timing(times[name])} |")
    if timed_extract:
        out += ["", extract_vs_trafilatura(corpus)]
    return out, rows["tabmate"]


def extract_vs_trafilatura(corpus: TextCorpus) -> str:
    """``tabmate extract``'s path against trafilatura, page by page in turn (so both meet the
    same load on a shared machine), in wall-clock and in CPU time of this process."""
    wall: dict[str, list[float]] = {"tabmate": [], "trafilatura": []}
    cpu = {"tabmate": 0.0, "trafilatura": 0.0}
    for fn in (trafilatura_article, tabmate_extract):  # imports are not per-page work
        fn("<html><body><p>warm up</p></body></html>")
    for _, source, _ in corpus.pages:
        for name, fn in (("trafilatura", trafilatura_article), ("tabmate", tabmate_extract)):
            c0 = time.process_time()
            wall[name].append(timed(fn, source)[1])
            cpu[name] += time.process_time() - c0
    ours, theirs = sum(wall["tabmate"]), sum(wall["trafilatura"])
    return (f"`tabmate extract` path (parse, main text, product, interactive elements, its default budget of 24000 tokens) "
            f"and trafilatura on the same pages, in turn: median {statistics.median(wall['tabmate']) * 1000:.1f} "
            f"vs {statistics.median(wall['trafilatura']) * 1000:.1f} ms; total {ours:.1f} vs {theirs:.1f} s "
            f"wall-clock = **{ours / max(theirs, 1e-9):.2f} ×**, CPU {cpu['tabmate']:.1f} vs "
            f"{cpu['trafilatura']:.1f} s = {cpu['tabmate'] / max(cpu['trafilatura'], 1e-9):.2f} ×")


def bench_text_cv(corpora: list[TextCorpus], shipped: list[dict]) -> list[str]:
    whole, held, chosen = cross_validate(
        "text", shipped, lambda c: corpora[c].run(tabmate_article)[0],
        lambda c, rows, which: corpora[c].figure(rows, which),
        lambda figs: sum(f[0] for f in figs))
    out = ["Main content, 2-fold cross-validation of the tunable settings (chosen on the other "
           "half of both article corpora at once, by the sum of their F1)", "",
           "| corpus | tabmate, all pages, shipped settings | tabmate, held-out halves pooled |",
           "|---|---|---|"]
    for c, corpus in enumerate(corpora):
        out.append(f"| {corpus.name} | {fig(whole[c])} | {fig(held[c])} |")
    return out + ["", f"Settings chosen: {settings_note(chosen)}."]
