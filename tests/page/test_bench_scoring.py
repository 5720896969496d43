"""The bench's own scoring: trafilatura's snippet rule, the corpus halves, settings put back."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)  # type: ignore[union-attr]
        return module
    finally:
        sys.path.remove(str(ROOT / "bench"))


def test_snippets_match_after_whitespace_is_normalised() -> None:
    s = _load("page_scoring")
    text = "The  first\nparagraph.\n\nShare this article"
    assert s.snippet_counts(text, ["first paragraph.", "missing"], ["Share this", "Newsletter"]) == (1, 1, 1, 1)
    f1, p, r, acc = s.snippet_scores([(1, 1, 1, 1), (2, 0, 0, 2)])
    assert (p, r, acc) == (0.75, 0.75, 0.75) and abs(f1 - 0.75) < 1e-9


def test_halves_are_stable_and_about_even() -> None:
    s = _load("page_scoring")
    keys = [f"page-{i}" for i in range(400)]
    halves = [s.half(k) for k in keys]
    assert halves == [s.half(k) for k in keys]
    assert 150 < halves.count("A") < 250


def test_grid_settings_are_put_back() -> None:
    bench = _load("bench_page")
    from native_host.page import scoring

    shipped = scoring._SIBLING_SHARE
    points = bench.grid_points("text")
    assert points[0] == {k: v[0] for k, v in bench.GRID["text"].items()}
    for kind in bench.GRID:  # the first value of each setting is the one that ships
        for path, values in bench.GRID[kind].items():
            module, name = path.rsplit(".", 1)
            assert getattr(importlib.import_module(module), name) == values[0], path
    with bench.settings({"native_host.page.scoring._SIBLING_SHARE": 0.9}):
        assert scoring._SIBLING_SHARE == 0.9
    assert scoring._SIBLING_SHARE == shipped
