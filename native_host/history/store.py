"""Every conversation, kept in one SQLite file in the data dir (``history.sqlite3``).

The agent reads a conversation back with :meth:`HistoryStore.load` (the neutral message
shape, the last :data:`MAX_MESSAGES`) and adds each turn with :meth:`HistoryStore.append`;
the sidebar and ``tabmate history`` list, search, read, rename, export and delete.

Several hosts may have the file open at once (one per browser window): WAL lets readers
go on while one writes, every write is one ``BEGIN IMMEDIATE`` transaction that only adds
or deletes rows, and a writer waits up to :data:`BUSY_MS` for another to finish.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urlsplit
from contextlib import contextmanager

from native_host import logs, storage
from native_host.errors import TabmateError
from native_host.history import legacy, schema, search

MAX_MESSAGES = 100  # read back into the model's context per conversation
BUSY_MS = 10_000
TITLE_CHARS = 80
PRUNE_EVERY = 3600.0  # seconds between retention checks after writes
_EXTRA = ("tool_calls", "tool_call_id", "name")


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


def site_of(url: str | None) -> str | None:
    host = urlsplit(url).hostname if url else None
    return host.removeprefix("www.") if host else None


def one_line(text: str, limit: int = TITLE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _shown(message: dict[str, Any]) -> bool:
    """Questions and answers are read again; tool calls, their results and preambles are not."""
    return message["role"] == "user" or (message["role"] == "assistant" and not message.get("tool_calls"))


def _tick(db: sqlite3.Connection, now: float) -> float:
    """A write's time in whole milliseconds, later than any other conversation's: the list's
    order (and paging with ``before``) never has ties, whatever the clocks of two hosts say."""
    latest = db.execute("SELECT max(updated) FROM conversations").fetchone()[0] or 0.0
    return round(max(now, latest + 0.001), 3)


class NotFound(TabmateError):
    def __init__(self, session: str) -> None:
        super().__init__("invalid_request", f"No conversation {session!r} in the history.", retryable=False)


class HistoryStore:
    """The conversation store. Opened on first use, so a host that only pings stays fast."""

    def __init__(self, path: Path | None = None, *, fts: bool | None = None,
                 legacy_folder: Path | None = None) -> None:
        self.path = Path(path) if path else storage.data_dir() / "history.sqlite3"
        self.legacy_folder = legacy_folder if legacy_folder is not None else self.path.parent / "sessions"
        self._want_fts = fts
        self.fts = False
        self._db: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._pruned_at = 0.0

    # ------------------------------------------------------------------ opening
    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        if not self.path.exists():  # 0600 from the start; SQLite gives -wal/-shm the same mode
            os.close(os.open(self.path, os.O_CREAT | os.O_RDWR, 0o600))
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            schema.migrate(db)
            want = schema.fts5_available() if self._want_fts is None else self._want_fts
            self.fts = schema.ensure_fts(db, want)
        except BaseException:
            db.close()
            raise
        return db

    def db(self) -> sqlite3.Connection:
        if self._db is None:
            try:
                self._db = self._open()
            except sqlite3.DatabaseError as e:
                if "newer Tabmate" in str(e) or not self.path.exists():
                    raise TabmateError("internal", f"The history cannot be opened: {e}.", retryable=False) from None
                # not a database (or damaged beyond use): keep it for the user, start a new one
                moved = storage.set_aside(self.path)
                for suffix in ("-wal", "-shm"):
                    Path(f"{self.path}{suffix}").unlink(missing_ok=True)
                logs.log("history_damaged", level="warning", path=str(self.path), moved_to=str(moved), problem=str(e))
                self._db = self._open()
            try:
                self._import_legacy(self._db)
            except (OSError, sqlite3.Error) as e:  # the files stay where they are; tried again next start
                logs.log("history_import_failed", level="warning", folder=str(self.legacy_folder), problem=repr(e))
        return self._db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self.db()
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def _import_legacy(self, db: sqlite3.Connection) -> None:
        """The old JSON session files, moved in once; each file is removed after its import commits."""
        folder = self.legacy_folder
        if not folder.is_dir():
            return
        imported: list[Path] = []
        for old in legacy.read_folder(folder):
            with self._lock:
                db.execute("BEGIN IMMEDIATE")
                try:
                    if db.execute("SELECT 1 FROM conversations WHERE session = ?", (old.session,)).fetchone() is None:
                        when = round(old.time, 3)
                        cid = self._create(db, old.session, old.title, old.url, when)
                        rows = [self._row(m, legacy.shown_text(m["content"])[0] if m["role"] == "user"
                                          else m["content"] if _shown(m) else None) for m in old.messages]
                        self._insert(db, cid, rows, when)
                        self._index(db, cid)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            imported.append(old.path)
        for path in imported:
            path.unlink(missing_ok=True)
        if imported:
            logs.log("history_imported", files=len(imported), folder=str(folder))
        try:
            folder.rmdir()  # only when nothing (such as a set-aside damaged file) is left
        except OSError:
            pass

    # ------------------------------------------------------------------ the agent's side
    def load(self, session: str) -> list[dict[str, Any]]:
        """The conversation's last messages in the neutral shape (empty for a new one)."""
        with self._lock:
            rows = self.db().execute(
                "SELECT m.role, m.content, m.extra FROM messages m JOIN conversations c ON c.id = m.conversation "
                "WHERE c.session = ? ORDER BY m.id DESC LIMIT ?", (session, MAX_MESSAGES)).fetchall()
        out = []
        for role, content, extra in reversed(rows):
            message: dict[str, Any] = {"role": role, "content": content}
            if extra:
                message.update(json.loads(extra))
            out.append(message)
        return trim(out)

    def append(self, session: str, messages: list[dict[str, Any]], *, title: str | None = None,
               url: str | None = None, profile: str | None = None, model: str | None = None) -> None:
        """Add one turn. A message may carry ``text``: what a person reads, when it differs
        from ``content`` (user messages: the question without the page); answers are shown as
        they are, tool traffic is not shown. ``title`` names a new conversation; ``profile`` /
        ``model`` are what this turn was asked with (None: the defaults), kept for reopening."""
        rows = [self._row(m, m.get("text", m.get("content")) if _shown(m) else None) for m in messages]
        with self._write() as db:
            now = _tick(db, time.time())
            found = db.execute("SELECT id, title, url FROM conversations WHERE session = ?", (session,)).fetchone()
            if found is None:
                cid = self._create(db, session, title or "", url, now)
            else:
                cid = found[0]
                self._unindex(db, [cid])
                if (not found[1] and title) or (not found[2] and url):
                    db.execute("UPDATE conversations SET title = CASE WHEN title = '' THEN ? ELSE title END, "
                               "url = coalesce(url, ?), site = coalesce(site, ?) WHERE id = ?",
                               (one_line(title or ""), url, site_of(url), cid))
            db.execute("UPDATE conversations SET profile = ?, model = ? WHERE id = ?", (profile, model, cid))
            self._insert(db, cid, rows, now)
            self._index(db, cid)

    @staticmethod
    def _row(message: dict[str, Any], text: str | None) -> tuple[str, str, str | None, str | None]:
        extra = {k: message[k] for k in _EXTRA if message.get(k) is not None}
        if text is not None and not text.strip():
            text = None
        return (message["role"], message.get("content") or "", text, json.dumps(extra, ensure_ascii=False) if extra else None)

    @staticmethod
    def _create(db: sqlite3.Connection, session: str, title: str, url: str | None, when: float) -> int:
        cur = db.execute(
            "INSERT INTO conversations (session, title, url, site, created, updated) VALUES (?, ?, ?, ?, ?, ?)",
            (session, one_line(title), url, site_of(url), when, when))
        return int(cur.lastrowid)

    @staticmethod
    def _insert(db: sqlite3.Connection, cid: int, rows: list[tuple[str, str, str | None, str | None]],
                when: float) -> None:
        db.executemany("INSERT INTO messages (conversation, role, content, text, extra, time) VALUES (?, ?, ?, ?, ?, ?)",
                       [(cid, *row, when) for row in rows])
        shown = sum(1 for r in rows if r[2] is not None)
        db.execute("UPDATE conversations SET updated = max(updated, ?), message_count = message_count + ? WHERE id = ?",
                   (when, shown, cid))

    def drop_last_turn(self, session: str) -> int:
        """Regenerate / edit and resend: the last question and everything after it leave the
        conversation (returns the number of messages removed)."""
        with self._write() as db:
            found = db.execute("SELECT id FROM conversations WHERE session = ?", (session,)).fetchone()
            last = found and db.execute("SELECT max(id) FROM messages WHERE conversation = ? AND role = 'user'",
                                        (found[0],)).fetchone()[0]
            if not last:
                return 0
            shown = db.execute("SELECT count(*) FROM messages WHERE conversation = ? AND id >= ? AND text IS NOT NULL",
                               (found[0], last)).fetchone()[0]
            self._unindex(db, [found[0]])
            removed = db.execute("DELETE FROM messages WHERE conversation = ? AND id >= ?", (found[0], last)).rowcount
            db.execute("UPDATE conversations SET message_count = max(0, message_count - ?) WHERE id = ?", (shown, found[0]))
            self._index(db, found[0])
            return removed

    # ------------------------------------------------------------------ the user's side
    def list(self, query: str | None = None, limit: int = 50, before: float | None = None) -> list[dict[str, Any]]:
        """Conversations, newest first; with ``query``, those with a message (or title) holding every word."""
        with self._lock:
            return search.find(self.db(), query, limit, before, fts=self.fts)

    def get(self, session: str) -> dict[str, Any]:
        """One conversation with the messages a person reads: ``{session, title, url, site,
        created, updated, profile?, model?, messages: [{role, text, time}]}``."""
        with self._lock:
            db = self.db()
            found = db.execute("SELECT id, session, title, url, site, created, updated, profile, model "
                               "FROM conversations WHERE session = ?", (session,)).fetchone()
            if found is None:
                raise NotFound(session)
            messages = [{"role": r, "text": t, "time": round(w, 3)} for r, t, w in db.execute(
                "SELECT role, text, time FROM messages WHERE conversation = ? AND text IS NOT NULL ORDER BY id",
                (found[0],))]
        item = search.item(found[1:7], len(messages))
        item.update({k: v for k, v in zip(("profile", "model"), found[7:]) if v})
        item["messages"] = messages
        return item

    def rename(self, session: str, title: str) -> str:
        title = one_line(title, 200)
        if not title:
            raise TabmateError("invalid_request", "A conversation's name cannot be empty.", retryable=False)
        with self._write() as db:
            ids = self._ids(db, "session = ?", session)
            if not ids:
                raise NotFound(session)
            self._unindex(db, ids)
            db.execute("UPDATE conversations SET title = ?, renamed = 1 WHERE id = ?", (title, ids[0]))
            self._index(db, ids[0])
        return title

    def delete(self, session: str) -> int:
        return self._delete("session = ?", session)

    def delete_all(self) -> int:
        count = self._delete("1")
        with self._lock:
            self.db().execute("PRAGMA wal_checkpoint(TRUNCATE)")  # deleted text leaves the WAL file too
        return count

    clear = delete

    def _delete(self, where: str, *args: Any) -> int:
        with self._write() as db:
            ids = self._ids(db, where, *args)
            self._unindex(db, ids)
            db.executemany("DELETE FROM conversations WHERE id = ?", [(i,) for i in ids])
        return len(ids)

    @staticmethod
    def _ids(db: sqlite3.Connection, where: str, *args: Any) -> list[int]:
        return [r[0] for r in db.execute(f"SELECT id FROM conversations WHERE {where}", args)]

    def _index(self, db: sqlite3.Connection, cid: int) -> None:
        if self.fts:
            schema.index(db, cid)

    def _unindex(self, db: sqlite3.Connection, ids: list[int]) -> None:
        if self.fts:
            schema.unindex(db, ids)

    def prune(self, keep_days: int | None, *, force: bool = True) -> int:
        """Delete conversations untouched for more than ``keep_days`` (None: keep everything).

        Without ``force`` it runs at most once per :data:`PRUNE_EVERY` (after each turn)."""
        now = time.time()
        if keep_days is None or (not force and now - self._pruned_at < PRUNE_EVERY):
            return 0
        self._pruned_at = now
        count = self._delete("updated < ?", now - keep_days * 86400)
        if count:
            logs.log("history_pruned", conversations=count, keep_days=keep_days)
        return count
