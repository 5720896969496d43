"""Lay out the unpacked extension for each browser family (placeholder until issue 6)."""

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for family in ("chromium", "firefox"):
    out = ROOT / "build" / family
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(ROOT / "extension", out, ignore=shutil.ignore_patterns("build.py", "__pycache__"))
print("extension built in build/")
