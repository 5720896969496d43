"""The JSON file per tab that Tabmate kept before the history database, read once to import.

``sessions/<session>-<digest>.json`` held ``{"version": 1, "messages": [...]}`` in the neutral
message shape; a user message's content ended with ``(on page: TITLE — URL)``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from native_host import logs, storage

_PAGE_LINE = re.compile(r"\n\(on page: (?P<title>.*) — (?P<url>\S+)\)\s*$", re.S)
_ACTION = re.compile(r"^\[(summarize|draft|explain_selection)\]\s*")
_DIGEST = re.compile(r"-[0-9a-f]{12}$")


class _ToolCall(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    name: str
    arguments: dict[str, Any] = {}


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[_ToolCall] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class _SessionFile(BaseModel):
    version: Literal[1] = 1
    messages: list[_Message] = []


class Legacy(BaseModel):
    """One old session file, ready to import."""

    session: str
    messages: list[dict[str, Any]]
    title: str
    url: str | None
    time: float
    path: Path


def shown_text(content: str) -> tuple[str, str | None, str | None]:
    """A stored user message → (what the user asked, page title, page URL)."""
    title = url = None
    found = _PAGE_LINE.search(content)
    if found:
        title, url = found["title"], found["url"]
        content = content[: found.start()]
    return _ACTION.sub("", content).strip(), title, url


def read_folder(folder: Path) -> Iterator[Legacy]:
    """Every readable session file in ``folder``; a damaged one is set aside and logged."""
    for path in sorted(folder.glob("*.json")):
        try:
            data = _SessionFile.model_validate_json(path.read_bytes())
        except (OSError, ValidationError):
            try:
                moved = storage.set_aside(path)
            except OSError:
                continue
            logs.log("session_damaged", level="warning", path=str(path), moved_to=str(moved))
            continue
        messages = [m.model_dump(exclude_none=True) for m in data.messages]
        first = next((m for m in messages if m["role"] == "user"), None)
        asked, page_title, url = shown_text(first["content"]) if first else ("", None, None)
        yield Legacy(session=_DIGEST.sub("", path.stem) or path.stem, messages=messages,
                     title=asked or page_title or "", url=url, time=path.stat().st_mtime, path=path)
