"""One conversation as a Markdown document or as JSON (what ``history_export`` sends)."""

from __future__ import annotations

import json
import time
from typing import Any, Literal

Format = Literal["markdown", "json"]
_ROLE = {"user": "You", "assistant": "Tabmate"}


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def render(item: dict[str, Any], fmt: Format) -> str:
    """``item`` is :meth:`HistoryStore.get`'s answer."""
    if fmt == "json":
        return json.dumps({"version": 1, **item}, ensure_ascii=False, indent=2)
    lines = [f"# {item['title']}", ""]
    if item.get("url"):
        lines.append(f"Page: <{item['url']}>  ")
    lines += [f"Started {_when(item['created'])}, last message {_when(item['updated'])}", ""]
    for m in item["messages"]:
        lines += [f"## {_ROLE.get(m['role'], m['role'].title())} · {_when(m['time'])}", "", m["text"].rstrip(), ""]
    return "\n".join(lines).rstrip() + "\n"


def filename(item: dict[str, Any], fmt: Format) -> str:
    """A safe file name such as ``tabmate-2026-11-23-solar-kettles-review.md``."""
    import re

    slug = re.sub(r"[^\w]+", "-", item["title"].casefold(), flags=re.UNICODE).strip("-")[:50] or "conversation"
    day = time.strftime("%Y-%m-%d", time.localtime(item["created"]))
    return f"tabmate-{day}-{slug}.{'md' if fmt == 'markdown' else 'json'}"
