"""2-fold cross-validation of the extractor's tunable settings (:data:`GRID`), for bench_page.py.

For each half of a corpus (:func:`page_scoring.half`), the setting that scores best on the
*other* half is chosen and scored on this one; the held-out pages of both folds are pooled."""

from __future__ import annotations

import contextlib
import importlib
import itertools
from typing import Any, Callable, Iterator

from page_scoring import half

HALVES = ("A", "B")

# Tunable settings, cross-validated: module attribute → values tried (the first is what
# ships).  Text settings are chosen on both article corpora at once, product ones on
# products-dev.
GRID: dict[str, dict[str, tuple]] = {
    "text": {"native_host.page.scoring._SIBLING_SHARE": (0.2, 0.3),
             "native_host.page.cleaning._LINK_DENSITY_MAX": (0.2, 0.33),
             "native_host.page.content._TAIL_BYTES": (80, 120),
             "native_host.page.scoring._LEAD_CHARS": (60, 100),
             "native_host.page.scoring._BONUS_TEXT": (1.0, 2.0),
             "native_host.page.scoring._TITLE_SHARE": (0.4, 0.3)},
    "products": {"native_host.page.heuristics._PRICE_MEANS_IN_STOCK": (True, False)},
}


@contextlib.contextmanager
def settings(values: dict[str, Any]) -> Iterator[None]:
    """Set module attributes for the block, then put the shipped values back."""
    old = {}
    for path, value in values.items():
        module, name = path.rsplit(".", 1)
        mod = importlib.import_module(module)
        old[path] = (mod, name, getattr(mod, name))
        setattr(mod, name, value)
    try:
        yield
    finally:
        for mod, name, value in old.values():
            setattr(mod, name, value)


def grid_points(kind: str) -> list[dict[str, Any]]:
    grid = GRID[kind]
    return [dict(zip(grid, combo)) for combo in itertools.product(*grid.values())]


def cross_validate(kind: str, shipped: list[dict], run: Callable[[int], dict],
                   figure: Callable[[int, dict, str | None], Any],
                   objective: Callable[[list], float]) -> tuple[list, list, dict]:
    """2-fold cross-validation of :data:`GRID` ``kind`` over corpora ``0..n-1``.

    ``shipped[c]`` holds corpus c's rows with the shipped settings, ``run(c)`` scores it
    under the current settings; ``figure(c, rows, half)`` summarises, ``objective`` turns
    the tuning half's figures of all corpora into one number to maximise.  Returns each
    corpus's whole-corpus figure, its pooled held-out figure and the settings chosen per
    held-out half."""
    points = grid_points(kind)
    n = len(shipped)
    results = [shipped]
    for point in points[1:]:
        with settings(point):
            results.append([run(c) for c in range(n)])
    held: list[dict] = [{} for _ in range(n)]
    chosen = {}
    for h in HALVES:
        tune = "B" if h == "A" else "A"
        best = max(range(len(points)), key=lambda i: (
            round(objective([figure(c, results[i][c], tune) for c in range(n)]), 6), -i))
        chosen[h] = points[best]
        for c in range(n):
            held[c].update({k: r for k, r in results[best][c].items() if half(k) == h})
    return ([figure(c, shipped[c], None) for c in range(n)],
            [figure(c, held[c], None) for c in range(n)], chosen)


def settings_note(chosen: dict) -> str:
    def short(point: dict) -> str:
        return ", ".join(f"{k.rsplit('.', 1)[-1].strip('_')}={v}" for k, v in point.items())

    return "; ".join(f"half {h} held out → {short(p)}" for h, p in chosen.items())
