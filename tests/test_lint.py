"""Static checks that catch what a test run can miss: a name used but never defined (an import
lost in a merge fails only when that one line runs — in CI, minutes later), an import left
unused, a function silently redefined. pyflakes reads the code without running it."""

from __future__ import annotations

import io
from pathlib import Path

from pyflakes import api
from pyflakes.reporter import Reporter

ROOT = Path(__file__).resolve().parents[1]


def test_no_pyflakes_findings_in_the_project():
    out, err = io.StringIO(), io.StringIO()
    files = [p for d in ("native_host", "installer", "tests", "bench") for p in sorted((ROOT / d).rglob("*.py"))]
    assert len(files) > 100
    found = sum(api.checkPath(str(p), Reporter(out, err)) for p in files)
    assert found == 0, out.getvalue() + err.getvalue()
