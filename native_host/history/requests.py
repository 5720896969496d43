"""The sidebar's history messages (``history_list``, ``_get``, ``_export``, ``_delete``,
``_rename``) answered from the store. SQLite work runs on a worker thread, so a search
never holds up a streaming answer."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from native_host import logs, outgoing
from native_host.history import export
from native_host.history.store import HistoryStore
from native_host.errors import TabmateError

FRAME_BUDGET = 900 * 1024  # a history_item stays under the 1 MiB frame limit
CLIP_NOTE = "\n\n… (shortened here; export the conversation to read it whole)"


def fit(item: dict[str, Any], budget: int = FRAME_BUDGET) -> dict[str, Any]:
    """The latest messages that fit ``budget`` bytes; ``omitted`` counts the earlier ones."""
    kept: list[dict[str, Any]] = []
    used = len(json.dumps({k: v for k, v in item.items() if k != "messages"}, ensure_ascii=False).encode())
    for m in reversed(item["messages"]):
        size = len(json.dumps(m, ensure_ascii=False).encode()) + 1
        if used + size > budget:
            if not kept:  # one message bigger than a frame: its start, clipped
                room = max(0, (budget - used) // 4 - len(CLIP_NOTE))
                kept.append(dict(m, text=m["text"][:room] + CLIP_NOTE))
            break
        kept.append(m)
        used += size
    return {**item, "messages": kept[::-1], "omitted": len(item["messages"]) - len(kept)}


async def reply(msg: Any, store: HistoryStore, keep_days: int | None) -> dict[str, Any]:
    return await asyncio.to_thread(_reply, msg, store, keep_days)


def _reply(msg: Any, store: HistoryStore, keep_days: int | None) -> dict[str, Any]:
    store.prune(keep_days, force=False)
    if msg.type == "history_list":
        items = store.list(msg.query, msg.limit + 1, msg.before)
        return outgoing.HistoryMsg(id=msg.id, items=items[: msg.limit], more=len(items) > msg.limit).wire()
    if msg.type == "history_get":
        return outgoing.HistoryItemMsg(id=msg.id, **fit(store.get(msg.session))).wire()
    if msg.type == "history_export":
        item = store.get(msg.session)
        return outgoing.ExportMsg(id=msg.id, session=msg.session, format=msg.format,
                                  filename=export.filename(item, msg.format), text=export.render(item, msg.format)).wire()
    if msg.type == "history_delete":
        if msg.all:
            count = store.delete_all()
        elif msg.session:
            count = store.delete(msg.session)
        else:
            raise TabmateError("invalid_request", "Say which conversation to delete (session), or all: true.",
                               retryable=False)
        logs.log("history_deleted", request=msg.id, count=count, all=msg.all)
        return outgoing.DeletedMsg(id=msg.id, count=count).wire()
    if msg.type == "history_rename":
        title = store.rename(msg.session, msg.title)
        return outgoing.RenamedMsg(id=msg.id, session=msg.session, title=title).wire()
    raise TabmateError("invalid_request", f"Unhandled message type {msg.type!r}.")
