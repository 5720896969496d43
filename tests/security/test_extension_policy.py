"""The extension declares its own content security policy (no remote script, no plugins, no
framing, no form posts) rather than relying on the browser's default."""

from __future__ import annotations

import json
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "extension" / "manifest.src.json"


def test_explicit_csp():
    csp = json.loads(SRC.read_text())["common"]["content_security_policy"]["extension_pages"]
    rules = {d.split()[0]: d.split()[1:] for d in (p.strip() for p in csp.split(";")) if d}
    assert rules["script-src"] == ["'self'"] and rules["object-src"] == ["'none'"]
    assert rules["default-src"] == ["'self'"] and rules["frame-ancestors"] == ["'none'"]
    assert rules["base-uri"] == ["'none'"] and rules["form-action"] == ["'none'"]
    assert "http:" not in rules["img-src"] and "https:" not in rules["img-src"]  # no remote images (a leak channel)
