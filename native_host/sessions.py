"""Conversation history per session id, persisted atomically under the data dir.

Messages use one neutral shape that every provider translates:
``{"role": "system"|"user"|"assistant"|"tool", "content": str,
   "tool_calls"?: [{"id", "name", "arguments": {...}}], "tool_call_id"?: str, "name"?: str}``.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from native_host import logs, storage

MAX_MESSAGES = 100


class ToolCallRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")
    id: str
    name: str
    arguments: dict[str, Any] = {}


class Message(BaseModel):
    model_config = ConfigDict(extra="ignore")
    role: Literal["system", "user", "assistant", "tool"]
    content: str = ""
    tool_calls: list[ToolCallRecord] | None = None
    tool_call_id: str | None = None
    name: str | None = None


class SessionFile(BaseModel):
    version: Literal[1] = 1
    messages: list[Message] = []


def trim(messages: list[dict[str, Any]], limit: int = MAX_MESSAGES) -> list[dict[str, Any]]:
    """Keep the last ``limit`` messages; a leading system message always stays.

    The cut never starts on a ``tool`` result whose call was dropped.
    """
    system = [m for m in messages[:1] if m.get("role") == "system"]
    rest = messages[len(system):]
    keep = limit - len(system)
    if len(rest) > keep:
        rest = rest[len(rest) - keep:]
        while rest and rest[0].get("role") == "tool":
            rest = rest[1:]
    return system + rest


class SessionStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or (storage.data_dir() / "sessions")

    def _path(self, session: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9_-]", "_", session)[:40]
        digest = hashlib.sha256(session.encode("utf-8")).hexdigest()[:12]
        return self.folder / f"{safe}-{digest}.json"

    def load(self, session: str) -> list[dict[str, Any]]:
        path = self._path(session)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return []
        try:
            data = SessionFile.model_validate_json(raw)
        except ValidationError:
            moved = storage.set_aside(path)
            logs.log("session_damaged", level="warning", session=session, moved_to=str(moved))
            return []
        return [m.model_dump(exclude_none=True) for m in data.messages]

    def save(self, session: str, messages: list[dict[str, Any]]) -> None:
        kept = trim(messages)
        body = {"version": 1, "messages": kept}
        storage.atomic_write(self._path(session), json.dumps(body, ensure_ascii=False).encode("utf-8"))

    def clear(self, session: str) -> None:
        try:
            self._path(session).unlink()
        except FileNotFoundError:
            pass
