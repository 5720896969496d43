"""Host manifests: what each browser family expects, and how a found one is checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from installer.browsers import HOST_NAME, Family
from installer.extension_key import CHROMIUM_ORIGIN, FIREFOX_ID

FILE_NAME = f"{HOST_NAME}.json"
DESCRIPTION = "Tabmate — the AI sidebar's native helper"


def build(family: Family, launcher: Path) -> dict[str, Any]:
    manifest: dict[str, Any] = {
        "name": HOST_NAME,
        "description": DESCRIPTION,
        "path": str(launcher),
        "type": "stdio",
    }
    if family == "chromium":
        manifest["allowed_origins"] = [CHROMIUM_ORIGIN]
    else:
        manifest["allowed_extensions"] = [FIREFOX_ID]
    return manifest


def render(manifest: dict[str, Any]) -> bytes:
    """UTF-8 without a BOM (Chromium on Windows rejects a BOM), one trailing newline."""
    return (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def load(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The manifest at ``path``, or ``(None, problem)``."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, "missing"
    except OSError as e:
        return None, f"unreadable ({e.strerror})"
    if raw.startswith(b"\xef\xbb\xbf"):
        return None, "starts with a UTF-8 BOM, which Chromium rejects"
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return None, f"not valid JSON ({e})"
    if not isinstance(value, dict):
        return None, "not a JSON object"
    return value, None


def problems(manifest: dict[str, Any], family: Family, launcher: Path | None = None) -> list[tuple[str, str]]:
    """Everything that would make the browser refuse ``manifest``, as ``(aspect, message)``
    with aspect ``name`` | ``type`` | ``path`` | ``ids``; empty when it is fine."""
    found: list[tuple[str, str]] = []
    if manifest.get("name") != HOST_NAME:
        found.append(("name", f"name is {manifest.get('name')!r}, expected {HOST_NAME!r}"))
    if manifest.get("type") != "stdio":
        found.append(("type", f"type is {manifest.get('type')!r}, expected 'stdio'"))
    path = manifest.get("path")
    if not isinstance(path, str) or not path:
        found.append(("path", "path is missing"))
    elif not _is_absolute(path):
        found.append(("path", f"path {path!r} is not absolute"))
    elif launcher is not None and Path(path) != launcher:
        found.append(("path", f"path {path!r} is not the launcher {str(launcher)!r}"))
    if family == "chromium":
        origins = manifest.get("allowed_origins")
        if not isinstance(origins, list) or CHROMIUM_ORIGIN not in origins:
            found.append(("ids", f"allowed_origins {origins!r} does not list {CHROMIUM_ORIGIN!r}"))
    else:
        ids = manifest.get("allowed_extensions")
        if not isinstance(ids, list) or FIREFOX_ID not in ids:
            found.append(("ids", f"allowed_extensions {ids!r} does not list {FIREFOX_ID!r}"))
    return found


def _is_absolute(path: str) -> bool:
    # Judged for either OS: a manifest may be inspected on a different one in tests.
    return path.startswith("/") or (len(path) > 2 and path[1] == ":" and path[2] in "\\/")
