"""History search: 10,000 conversations / 200,000 messages, FTS5 beside a plain LIKE scan.

    python bench/bench_history.py [--conversations N] [--per 20] [--runs 15] [--no-write]

Builds a history database through ``HistoryStore.append`` (the agent's own write path, FTS
triggers included) from real article text (the readability corpus in ../shared), then times
``history_list`` searches — common, middling and rare words, two words, a prefix typed so
far, a word found nowhere — through the full-text index and through the LIKE scan that
Python builds without FTS5 use, in the same run on the same file. Prints the table and
writes it under ``## History search`` in docs/benchmarks.md. Goal (issue 12): median ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import collections
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from native_host.history import HistoryStore, schema, search  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "readability"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/readability")
DOC = ROOT / "docs" / "benchmarks.md"
HEADING = "## History search"
GOAL_MS = 50.0


def sentences() -> list[str]:
    from lxml import html

    out: list[str] = []
    for page in sorted(CORPUS.glob("*/expected.html")):
        text = " ".join(html.fromstring(page.read_bytes()).text_content().split())
        out += [s for s in re.split(r"(?<=[.!?])\s+", text) if 20 <= len(s) <= 400]
    if not out:
        raise SystemExit(f"no article text under {CORPUS}")
    return out


def build(path: Path, conversations: int, per: int, pool: list[str]) -> HistoryStore:
    rnd = random.Random(12)
    store = HistoryStore(path, fts=True)
    for n in range(conversations):
        messages = []
        for i in range(per):
            if i % 2 == 0:
                question = rnd.choice(pool)
                messages.append({"role": "user", "content": question + "\n(on page: x — https://e.example/)", "text": question})
            else:
                messages.append({"role": "assistant", "content": " ".join(rnd.choice(pool) for _ in range(rnd.randint(2, 5)))})
        store.append(f"s-{n}", messages, title=messages[0]["text"], url=f"https://site{n % 300}.example/page/{n}")
    return store


def pick_queries(pool: list[str]) -> dict[str, str]:
    counts = collections.Counter(w.casefold() for s in pool for w in re.findall(r"[A-Za-z]{4,}", s))
    ranked = [w for w, _ in counts.most_common()]
    return {
        f"common word ({ranked[20]})": ranked[20],
        f"middling word ({ranked[500]})": ranked[500],
        f"rare word ({ranked[6000]})": ranked[min(6000, len(ranked) - 1)],
        f"two words ({ranked[60]} {ranked[300]})": f"{ranked[60]} {ranked[300]}",
        f"typed so far ({ranked[200][:3]}…)": ranked[200][:3],
        "found nowhere (qzxvj)": "qzxvj",
    }


def plain_like(db, query: str, limit: int = 50) -> list:  # type: ignore[no-untyped-def]
    """The reference: every message read for every word, then the newest conversations."""
    words = search.words(query)
    where = " AND ".join("c.id IN (SELECT conversation FROM messages WHERE text LIKE ?)" for _ in words)
    return db.execute(f"SELECT c.session FROM conversations c WHERE {where} ORDER BY c.updated DESC LIMIT ?",
                      (*[f"%{w}%" for w in words], limit)).fetchall()


def timed(fn, runs: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    times, found = [], 0
    fn()  # warm the page cache
    for _ in range(runs):
        t = time.perf_counter()
        found = len(fn())
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--conversations", type=int, default=10_000)
    ap.add_argument("--per", type=int, default=20, help="messages per conversation")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--no-write", action="store_true", help="print only; leave docs/benchmarks.md alone")
    args = ap.parse_args()
    if not schema.fts5_available():
        raise SystemExit("this Python's SQLite has no FTS5: nothing to compare")
    pool = sentences()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "history.sqlite3"
        t = time.perf_counter()
        store = build(path, args.conversations, args.per, pool)
        built = time.perf_counter() - t
        db = store.db()
        total = db.execute("SELECT count(*) FROM messages").fetchone()[0]
        size = sum(p.stat().st_size for p in Path(tmp).iterdir()) / 1e6
        rows, fts_all, like_all, plain_all = [], [], [], []
        for label, query in pick_queries(pool).items():
            fts_ms, fts_n = timed(lambda: search.find(db, query, 50, fts=True), args.runs)
            like_ms, _ = timed(lambda: search.find(db, query, 50, fts=False), args.runs)
            plain_ms, _ = timed(lambda: plain_like(db, query), max(3, args.runs // 3))
            fts_all.append(fts_ms)
            like_all.append(like_ms)
            plain_all.append(plain_ms)
            rows.append(f"| {label} | {fts_n} | {fts_ms:.1f} | {like_ms:.1f} | {plain_ms:.1f} |")
        list_ms, _ = timed(lambda: search.find(db, None, 50, fts=True), args.runs)
        store.close()
    fts_med, like_med, plain_med = (statistics.median(x) for x in (fts_all, like_all, plain_all))
    lines = [
        f"{args.conversations:,} conversations, {total:,} messages ({size:.0f} MB with the index, "
        f"built through `HistoryStore.append` in {built:.0f} s); 50 results per search; median of "
        f"{args.runs} runs per query.", "",
        "| search | results | Tabmate, FTS5 ms | Tabmate without FTS5 (LIKE, newest first) ms | plain LIKE scan ms |",
        "|---|---|---|---|---|", *rows,
        f"| **median over the searches** | | **{fts_med:.1f}** | **{like_med:.1f}** | **{plain_med:.1f}** |",
        f"| slowest search | | {max(fts_all):.1f} | {max(like_all):.1f} | {max(plain_all):.1f} |",
        f"| newest 50, no search | 50 | {list_ms:.1f} | {list_ms:.1f} | {list_ms:.1f} |", "",
        f"Goal ≤ {GOAL_MS:.0f} ms median: {'met' if fts_med <= GOAL_MS else 'NOT met'} (FTS5 {fts_med:.1f} ms, "
        f"slowest {max(fts_all):.1f} ms; a plain LIKE scan {plain_med:.1f} ms). Without FTS5 Tabmate walks the "
        "conversations newest first and stops at 50 hits: quick for common words, a full scan for rare "
        "ones and misses.",
    ]
    print("\n".join(lines))
    if not args.no_write:
        write_doc(lines)
    return 0 if fts_med <= GOAL_MS else 1


def write_doc(lines: list[str]) -> None:
    section = "\n".join([HEADING, "", "`python bench/bench_history.py` — searching the conversation history "
                         "(`history_list` with a query, `tabmate history --search`), generated "
                         f"{time.strftime('%Y-%m-%d')}, Python {sys.version.split()[0]}, SQLite "
                         f"{__import__('sqlite3').sqlite_version}. Messages are sentences of the readability "
                         "corpus's articles. Time figures depend on the machine's load: compare the columns "
                         "of one run, not runs.", "", *lines, ""])
    old = DOC.read_text(encoding="utf-8") if DOC.exists() else "# Benchmarks\n"
    pattern = re.compile(rf"^{re.escape(HEADING)}\n.*?(?=^## |\Z)", re.DOTALL | re.MULTILINE)
    new = pattern.sub(lambda _: section + "\n", old, count=1) if pattern.search(old) else old.rstrip("\n") + "\n\n" + section
    DOC.write_text(new.rstrip("\n") + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
