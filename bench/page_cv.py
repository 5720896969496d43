"""2-fold cross-validation of the extractor's tunable settings (:data:`GRID`), for bench_page.py.

For each half of a corpus (:func:`page_scoring.half`), the settings that score best on the
*other* half (by coordinate ascent from the shipped ones) are chosen and scored on this one;
the held-out pages of both folds are pooled."""

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
             "native_host.page.leads._LEAD_CHARS": (60, 100),
             "native_host.page.scoring._BONUS_TEXT": (1.0, 2.0),
             "native_host.page.scoring._TITLE_SHARE": (0.4, 0.3, 0.5),
             "native_host.page.scoring._NEAR_CHARS": (1000, 600, 1500),
             "native_host.page.anchor._FAR_CHARS": (1500, 1000, 2000),
             "native_host.page.scoring._WRAPPED_PLACES": (2, 10),  # 10: never (the window)
             "native_host.page.scoring._LEAF_WRAPPERS": (3, 0),
             "native_host.page.cleaning._PROSE_CHARS": (150, 80, 10**9),  # 10**9: never
             "native_host.page.leftovers._ROW_OWN_CHARS": (40, 20, -1),  # -1: never
             "native_host.page.leftovers._PITCH_CHARS": (300, 150, 0)},  # 0: never
    "products": {"native_host.page.heuristics._PRICE_MEANS_IN_STOCK": (True, False),
                 "native_host.page.heuristics._REGION": (400, 200, 800),
                 "native_host.page.heuristics._NEAR_TITLE": (8, 4, 16),
                 "native_host.page.pageprice._NEAR_TITLE": (30, 15, 60)},
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


def neighbours(kind: str, point: dict[str, Any]) -> list[dict[str, Any]]:
    """The points that differ from ``point`` in one setting of :data:`GRID` ``kind``."""
    return [{**point, path: value} for path, values in GRID[kind].items()
            for value in values if value != point[path]]


def cross_validate(kind: str, shipped: list[dict], run: Callable[[int], dict],
                   figure: Callable[[int, dict, str | None], Any],
                   objective: Callable[[list], float]) -> tuple[list, list, dict]:
    """2-fold cross-validation of :data:`GRID` ``kind`` over corpora ``0..n-1``.

    ``shipped[c]`` holds corpus c's rows with the shipped settings, ``run(c)`` scores it
    under the current settings; ``figure(c, rows, half)`` summarises, ``objective`` turns
    the tuning half's figures of all corpora into one number to maximise.

    The settings are chosen on the tuning half by coordinate ascent from the shipped
    point: move to the best neighbour (one setting changed) while it scores strictly
    higher.  Every point is run once over the whole corpus and shared by both folds, so
    the grid's cost grows with its number of values, not with their product.  Returns
    each corpus's whole-corpus figure, its pooled held-out figure and the settings
    chosen per held-out half (with the number of points run under ``"points"``)."""
    n = len(shipped)
    start = {path: values[0] for path, values in GRID[kind].items()}
    results: dict[tuple, list[dict]] = {tuple(start.items()): shipped}

    def rows(point: dict[str, Any]) -> list[dict]:
        key = tuple(point.items())
        if key not in results:
            with settings(point):
                results[key] = [run(c) for c in range(n)]
        return results[key]

    def score(point: dict[str, Any], tune: str) -> float:
        return round(objective([figure(c, rows(point)[c], tune) for c in range(n)]), 6)

    held: list[dict] = [{} for _ in range(n)]
    chosen: dict[str, Any] = {}
    for h in HALVES:
        tune = "B" if h == "A" else "A"
        point, best = start, score(start, tune)
        while True:
            scored = [(score(p, tune), p) for p in neighbours(kind, point)]
            top = max(scored, key=lambda sp: sp[0], default=(best, point))
            if top[0] <= best:
                break
            best, point = top
        chosen[h] = point
        for c in range(n):
            held[c].update({k: r for k, r in rows(point)[c].items() if half(k) == h})
    chosen["points"] = len(results)
    return ([figure(c, shipped[c], None) for c in range(n)],
            [figure(c, held[c], None) for c in range(n)], chosen)


def settings_note(chosen: dict) -> str:
    def short(point: dict) -> str:
        return ", ".join(f"{k.split('.')[-2]}.{k.rsplit('.', 1)[-1].strip('_')}={v}"
                         for k, v in point.items())

    note = "; ".join(f"half {h} held out → {short(p)}" for h, p in chosen.items() if h in HALVES)
    return note + f" ({chosen['points']} points run, coordinate ascent from the shipped one)"
