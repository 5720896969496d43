"""Conversation history: one SQLite file, searched, exported, pruned.

    store = HistoryStore()                  # data dir/history.sqlite3, opened on first use
    store.append("s-1", [user, answer], title="Solar kettles", url="https://…")
    store.load("s-1")                       # the model's view: neutral messages
    store.list("kettle")                    # newest first, full-text search
    export.render(store.get("s-1"), "markdown")
"""

from native_host.history.store import MAX_MESSAGES, HistoryStore, NotFound, trim

__all__ = ["HistoryStore", "MAX_MESSAGES", "NotFound", "trim"]
