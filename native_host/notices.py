"""Things the user must be told once, even when no sidebar is open when they happen.

A notice is recorded in ``notices.json`` (config folder) by whichever Tabmate process found
the problem (the host, ``tabmate config``, ``tabmate doctor``); the host hands pending notices
to the extension after its first ``pong`` as ``notice`` messages and forgets them, and the
sidebar shows each one until the user dismisses it (docs/protocol.md).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from native_host import logs, storage

MAX_PENDING = 10


def _file() -> Path:
    return storage.config_dir() / "notices.json"


def _read() -> list[dict[str, Any]]:
    try:
        data = json.loads(_file().read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return []
    if not isinstance(data, list):
        return []
    return [n for n in data if isinstance(n, dict) and isinstance(n.get("message"), str)]


def add(code: str, message: str, **extra: Any) -> dict[str, Any]:
    notice = {"id": f"n{time.time_ns()}", "code": code, "message": message, **extra}
    pending = [n for n in _read() if n.get("code") != code or n.get("message") != message]
    try:
        storage.write_json(_file(), (pending + [notice])[-MAX_PENDING:])
    except OSError as e:
        logs.log("notice_not_saved", level="warning", reason=type(e).__name__)
    return notice


def take() -> list[dict[str, Any]]:
    """The pending notices, oldest first; they are not handed out again."""
    pending = _read()
    if pending:
        try:
            _file().unlink()
        except OSError:
            pass
    return pending


def settings_reset(path: Path, moved_to: Path | None, problems: list[str]) -> str:
    """Record (and log) that a damaged settings file was repaired; return the words for it."""
    kept = f" The original is kept as {moved_to}." if moved_to else ""
    message = (f"Tabmate could not read all of its settings ({'; '.join(problems)[:300]}), so those were reset "
               f"to their defaults.{kept} Check your provider, model and key in Settings.")
    logs.log("settings_damaged", level="warning", path=str(path), moved_to=str(moved_to), problem="; ".join(problems)[:500])
    add("settings_reset", message, path=str(path), moved_to=str(moved_to) if moved_to else None)
    return message
