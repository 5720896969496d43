"""Lay out the unpacked extension for each browser family: build/chromium and build/firefox.

One source tree (this folder) and one manifest source (manifest.src.json: a ``common`` part
plus a part per family; ``"permissions+"`` appends to the common list).  The Chromium manifest
gets the pinned public ``key`` from installer/extension_key.py so the unpacked extension's id
is the same on every machine.  No npm step: the markdown renderer and sanitizer are vendored
in vendor/.  Standard library only.
"""

from __future__ import annotations

import ast
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FAMILIES = ("chromium", "firefox")
SKIP = shutil.ignore_patterns("build.py", "manifest.src.json", "__pycache__", "*.pyc", ".*")


def public_key() -> str:
    """PUBLIC_KEY_B64 from installer/extension_key.py, read without importing the package."""
    src = (ROOT / "installer" / "extension_key.py").read_text("utf-8")
    for node in ast.parse(src).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "PUBLIC_KEY_B64" for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise SystemExit("build.py: PUBLIC_KEY_B64 not found in installer/extension_key.py")


def manifest_for(family: str, source: dict | None = None) -> dict:
    source = source or json.loads((HERE / "manifest.src.json").read_text("utf-8"))
    manifest = json.loads(json.dumps(source["common"]))
    for key, value in source[family].items():
        if key.endswith("+"):
            manifest[key[:-1]] = manifest.get(key[:-1], []) + value
        else:
            manifest[key] = value
    if family == "chromium":
        manifest["key"] = public_key()
    return manifest


def build(out_root: Path = ROOT / "build") -> dict[str, Path]:
    outs = {}
    for family in FAMILIES:
        out = out_root / family
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(HERE, out, ignore=SKIP)
        (out / "manifest.json").write_text(json.dumps(manifest_for(family), indent=2) + "\n", "utf-8")
        outs[family] = out
    return outs


if __name__ == "__main__":
    out_dir = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT / "build"
    for family, path in build(out_dir).items():
        print(f"extension ({family}) built in {path}")
