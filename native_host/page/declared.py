"""The article body a page declares in its JSON-LD (schema.org ``articleBody``).

News sites that render the story by script often still declare its text for search
engines; :func:`content.extract_limited` takes it when the visible page gives much less.
"""

from __future__ import annotations

import json
from typing import Any

from lxml import etree

El = etree._Element


def declared_body(root: El) -> str:
    """The longest ``articleBody`` in the page's JSON-LD blocks, as paragraphs ("" when
    there is none).  Blocks without the word are not parsed."""
    best = ""
    for script in root.iter("script"):
        raw = script.text or ""
        if "articleBody" not in raw or "ld+json" not in (script.get("type") or "").lower():
            continue
        try:
            data = json.loads(raw.strip().rstrip(";"))
        except ValueError:
            continue
        for value in _bodies(data):
            if len(value) > len(best):
                best = value
    return _paragraphs(best) if best else ""


def _bodies(data: Any) -> list[str]:
    found: list[str] = []
    stack = [data]
    seen = 0
    while stack and seen < 5000:
        item = stack.pop()
        seen += 1
        if isinstance(item, dict):
            value = item.get("articleBody")
            if isinstance(value, str):
                found.append(value)
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, (dict, list)))
    return found


def _paragraphs(value: str) -> str:
    """Plain text with blank lines between paragraphs; markup, when the site put HTML in
    the field, rendered as the page's own would be."""
    if "<" in value and ">" in value:
        from native_host.page.parse import parse
        from native_host.page.render import render

        body = parse(f"<html><body>{value}</body></html>").find("body")
        return render(body) if body is not None else ""
    lines = (" ".join(line.split()) for line in value.splitlines())
    return "\n\n".join(line for line in lines if line)
