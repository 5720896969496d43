"""Cutting page text never splits an emoji into a lone surrogate (which the host would have to
replace): extension/text.js's clip(), run by Node, and content.js's copy of it.

No browser here, so nothing to run in Chromium and Firefox ESR: clip() is plain string code that
Node runs as the browsers would, and the second test reads the sources. The page text it cuts is
read in both browsers by the driver's flows (tests/e2e/test_flows.py, test_trust.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from tests.conftest import need

EXT = Path(__file__).resolve().parents[2] / "extension"


def test_clip_keeps_emoji_whole(tmp_path) -> None:
    node = shutil.which("node")
    need(node is not None, "node")
    script = tmp_path / "run.mjs"
    script.write_text(f'import {{ clip }} from "{(EXT / "text.js").as_uri()}";\n'
                      'const s = "ab\\u{1F600}cd";\n'
                      'console.log(JSON.stringify([1, 2, 3, 4, 5, 6, 9].map((n) => clip(s, n))));\n')
    out = subprocess.run([node, str(script)], capture_output=True, text=True, timeout=30, check=True).stdout
    assert json.loads(out) == ["a", "ab", "ab", "ab\U0001F600", "ab\U0001F600c", "ab\U0001F600cd", "ab\U0001F600cd"]


def test_content_script_has_the_same_clip() -> None:
    def body(js: str) -> str:
        found = re.search(r"function clip\(text, n\) \{.*?\n\s*\}\n", js, re.S)
        assert found, "clip() is missing"
        return re.sub(r"\s+", " ", found.group())

    assert body((EXT / "content.js").read_text("utf-8")) == body((EXT / "text.js").read_text("utf-8"))
    assert ".slice(0, MAX_TEXT)" not in (EXT / "content.js").read_text("utf-8")
