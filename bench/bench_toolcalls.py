"""The text tool-call parser's cost on a big answer, beside ``json.loads`` of the same size.

Builds a ~1 MB model answer of prose and code (markdown paragraphs with links, lists, tables,
inline code, fenced Python / TypeScript / HTML / JSON / shell blocks, a ``<think>`` block, angle and
square brackets used the ordinary way), and a ~1 MB JSON document (a list of chat messages with
text, numbers and nested objects).  Times, in one run, interleaved, median of ``--runs``:

* ``json.loads`` of the JSON document (the reference);
* ``toolcalls.parse`` of the answer (no call in it: every dialect row is considered) and of the
  same answer ending in a tool call;
* ``sanitize`` of the answer (what the user sees), and the streaming gate's ``visible`` + ``hold_index``
  over the whole answer at once;
* the streaming gate as the agent runs it: a 50 KB answer fed in 4-character deltas through
  ``StreamView`` + ``hold_index`` (total for the answer), beside the gate Tabmate had before
  (``THINK_BLOCK.sub`` over the whole answer per delta, the same ``hold_index``).

Times are CPU time of this process (``time.process_time``), so other work on a shared machine
does not count against either side.  Goal (issue 16): parse ≤ 2× json.loads.

    python bench/bench_toolcalls.py [--runs 15] [--size 1000000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from native_host.sanitize import sanitize  # noqa: E402
from native_host.toolcalls import StreamView, hold_index, parse, visible  # noqa: E402
from native_host.toolcalls.tokens import THINK_BLOCK  # noqa: E402

WORDS = ("the kettle boils water in about three minutes and the handle stays cool while the lid locks "
         "price stock review warranty steel glass temperature control gooseneck pour-over coffee tea").split()

BLOCKS = [
    "```python\ndef best(items: list[dict[str, float]]) -> dict | None:\n    \"\"\"Cheapest item with a rating >= 4.\"\"\"\n"
    "    good = [i for i in items if i['rating'] >= 4 and i[\"price\"] < 100]\n    return min(good, key=lambda i: i['price'], default=None)\n"
    "\nprint(best([{'price': 39.0, 'rating': 4.5}]))  # {'price': 39.0, 'rating': 4.5}\n```",
    "```ts\nexport function total<T extends { price: number }>(rows: Array<T>): number {\n  return rows.reduce((a, r) => a + r.price, 0);\n}\n"
    "const m = new Map<string, Array<number>>([[\"a\", [1, 2]]]);\n```",
    "```html\n<div class=\"card\"><h2>Stagg EKG</h2><p>Price: <b>$165</b></p><a href=\"/buy?id=3&amp;q=1\">Buy</a></div>\n```",
    "```json\n{\"name\": \"Stagg EKG\", \"price\": 165, \"tags\": [\"gooseneck\", \"electric\"], \"specs\": {\"volume\": 0.9}}\n```",
    "```bash\ncurl -s 'https://api.example/kettles?sort=price' | jq '.[] | {name, price}' > out.json && echo ok\n```",
]


def _sentence(rng: random.Random) -> str:
    words = rng.choices(WORDS, k=rng.randint(8, 22))
    words[0] = words[0].capitalize()
    extra = rng.choice(["", " (see [the review](https://a.example/r))", " — a < b but b > c", " `x[i] = y`", " [1]",
                        " under $40 [citation needed]", " e.g. `<b>` tags"])
    return " ".join(words) + extra + "."


def answer(size: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    parts = ["<think>\nThe user wants kettle advice. Compare price, speed and build.\n</think>\n"]
    total = 0
    while total < size:
        kind = rng.random()
        if kind < 0.55:
            part = " ".join(_sentence(rng) for _ in range(rng.randint(2, 6)))
        elif kind < 0.7:
            part = "\n".join(f"- [{'x' if rng.random() < .5 else ' '}] {_sentence(rng)}" for _ in range(rng.randint(2, 5)))
        elif kind < 0.8:
            part = "| model | price | rating |\n|---|---:|---:|\n" + "\n".join(
                f"| Kettle {rng.randint(1, 99)} | ${rng.randint(20, 200)} | {rng.randint(1, 5)}/5 |" for _ in range(4))
        else:
            part = rng.choice(BLOCKS)
        parts.append(part)
        total += len(part) + 2
    return "\n\n".join(parts)[:size]


def json_doc(size: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    items, total = [], 2
    while total < size:
        item = {"id": len(items), "role": rng.choice(["user", "assistant"]), "text": _sentence(rng),
                "usage": {"input": rng.randint(1, 9999), "output": rng.randint(1, 999)}, "score": rng.random(),
                "tags": rng.sample(WORDS, 3), "done": rng.random() < .5, "parent": None}
        items.append(item)
        total += len(json.dumps(item)) + 2
    return json.dumps(items)


def _gate(text: str, view: Callable[[str], str]) -> int:
    """What streaming._Gate does per delta; returns how much it showed."""
    raw, sent, shown = "", 0, False
    for i in range(0, len(text), 4):
        raw += text[i:i + 4]
        seen = view(raw)
        if not shown:
            seen = seen.lstrip()
        hold = hold_index(seen, sent)
        new = len(seen) if hold is None else hold
        if new > sent:
            sent, shown = new, True
    return sent


def _median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        times.append((time.process_time() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--size", type=int, default=1_000_000)
    args = ap.parse_args()
    text, doc = answer(args.size), json_doc(args.size)
    with_call = text + '\n\n<tool_call>\n{"name": "search_web", "arguments": {"query": "best kettle 2026"}}\n</tool_call>'
    calls, _ = parse(with_call)
    assert [c.name for c in calls] == ["search_web"] and parse(text)[0] == [], "the bench answer must parse as expected"
    view = visible(text)
    small = answer(50_000)
    rows = [
        ("json.loads (reference)", len(doc), lambda: json.loads(doc)),
        ("toolcalls.parse, no call", len(text), lambda: parse(text)),
        ("toolcalls.parse, call at the end", len(with_call), lambda: parse(with_call)),
        ("sanitize", len(text), lambda: sanitize(text)),
        ("stream gate: visible + hold_index", len(text), lambda: hold_index(visible(text), len(view) // 2)),
        ("stream gate, 50 KB in 4-char deltas (total)", len(small), lambda: _gate(small, StreamView())),
        ("same, the gate before issue 16 (total)", len(small), lambda: _gate(small, lambda r: THINK_BLOCK.sub("", r))),
    ]
    results = {name: [] for name, _, _ in rows}
    for _ in range(3):  # interleave, so load from other work spreads over every row
        for name, _, fn in rows:
            results[name].append(_median_ms(fn, max(1, args.runs // 3)))
    ref = statistics.median(results[rows[0][0]])
    print(f"answer {len(text):,} chars of prose and code; JSON document {len(doc):,} chars; Python {sys.version.split()[0]}")
    print("| what | size | median CPU ms | × json.loads |")
    print("|---|---:|---:|---:|")
    for name, size, _ in rows:
        ms = statistics.median(results[name])
        ratio = f"{ms / ref:.2f}" if abs(size - len(doc)) < len(doc) // 10 else "–"
        print(f"| {name} | {size / 1e6:.2f} MB | {ms:.2f} | {ratio} |")


if __name__ == "__main__":
    main()
