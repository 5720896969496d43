"""The history database's schema: numbered migrations, applied once, in order, under a lock.

``PRAGMA user_version`` holds the number of migrations applied. Two hosts opening the same
file at once (two browser windows) both run :func:`migrate`; ``BEGIN IMMEDIATE`` makes the
second wait and then find nothing left to do.

The full-text index is not a migration: it needs SQLite's FTS5, which not every Python
build has. It holds one row per conversation (its title and every message a person reads,
from the ``conversation_text`` view), so a search ranks at most one row per conversation
however common the word. The store keeps it current (:func:`unindex` before a change,
:func:`index` after). A host without FTS5 marks it stale; the next host with FTS5 rebuilds
it (:func:`ensure_fts`).
"""

from __future__ import annotations

import sqlite3

MIGRATIONS: tuple[str, ...] = (
    # 1: conversations and their messages
    """
    CREATE TABLE conversations (
        id INTEGER PRIMARY KEY,
        session TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL DEFAULT '',
        renamed INTEGER NOT NULL DEFAULT 0,      -- 1: the user chose the title
        url TEXT,
        site TEXT,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        message_count INTEGER NOT NULL DEFAULT 0  -- messages a person reads (user + answers)
    );
    CREATE INDEX conversations_updated ON conversations(updated DESC);
    CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        conversation INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        content TEXT NOT NULL DEFAULT '',        -- what the model sees again next turn
        text TEXT,                               -- what a person reads (null: not shown)
        extra TEXT,                              -- JSON: tool_calls, tool_call_id, name
        time REAL NOT NULL
    );
    CREATE INDEX messages_conversation ON messages(conversation, id);
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    """,
    # 2: what the full-text index holds for a conversation
    """
    CREATE VIEW conversation_text AS SELECT c.id AS id, c.title AS title,
        coalesce((SELECT group_concat(m.text, char(10)) FROM messages m
                  WHERE m.conversation = c.id AND m.text IS NOT NULL), '') AS body
    FROM conversations c;
    """,
    # 3: the profile / model picked in the chat header for a conversation (null: the defaults)
    """
    ALTER TABLE conversations ADD COLUMN profile TEXT;
    ALTER TABLE conversations ADD COLUMN model TEXT;
    """,
)

FTS_TABLE = """
CREATE VIRTUAL TABLE IF NOT EXISTS conversations_fts USING fts5(
    title, body, content='conversation_text', content_rowid='id',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3', detail='none')
"""
# the first index (one row per message, kept by triggers) made common words slow to rank
OLD_INDEX = ("DROP TRIGGER IF EXISTS messages_fts_ai", "DROP TRIGGER IF EXISTS messages_fts_ad",
             "DROP TRIGGER IF EXISTS messages_fts_au", "DROP TABLE IF EXISTS messages_fts")


def fts5_available() -> bool:
    """Whether this Python's SQLite was built with FTS5."""
    probe = sqlite3.connect(":memory:")
    try:
        probe.execute("CREATE VIRTUAL TABLE t USING fts5(x)")
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        probe.close()


def migrate(db: sqlite3.Connection) -> int:
    """Bring the schema up to date; returns the version. Newer-than-known files are refused."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > len(MIGRATIONS):
            raise sqlite3.DatabaseError(
                f"history database is from a newer Tabmate (schema {version}, this one knows {len(MIGRATIONS)})")
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            for statement in _statements(script):
                db.execute(statement)
            db.execute(f"PRAGMA user_version = {number}")
        db.execute("COMMIT")
        return len(MIGRATIONS)
    except BaseException:
        db.execute("ROLLBACK")
        raise


def ensure_fts(db: sqlite3.Connection, use: bool) -> bool:
    """Set the full-text index up (``use``), or mark it stale for the next build that has FTS5."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if use:
            for statement in OLD_INDEX:
                db.execute(statement)
            exists = db.execute("SELECT 1 FROM sqlite_master WHERE name = 'conversations_fts'").fetchone()
            stale = db.execute("SELECT value FROM meta WHERE key = 'fts_stale'").fetchone()
            if not exists or stale:
                db.execute(FTS_TABLE)
                db.execute("INSERT INTO conversations_fts(conversations_fts) VALUES ('rebuild')")
                db.execute("DELETE FROM meta WHERE key = 'fts_stale'")
        else:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('fts_stale', '1')")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return use


def unindex(db: sqlite3.Connection, ids: list[int]) -> None:
    """Take conversations out of the index (before their text changes or they go)."""
    for cid in ids:
        db.execute("INSERT INTO conversations_fts(conversations_fts, rowid, title, body) "
                   "SELECT 'delete', id, title, body FROM conversation_text WHERE id = ?", (cid,))


def index(db: sqlite3.Connection, cid: int) -> None:
    db.execute("INSERT INTO conversations_fts(rowid, title, body) SELECT id, title, body FROM conversation_text "
               "WHERE id = ?", (cid,))


def _statements(script: str) -> list[str]:
    """Split a script into statements (``sqlite3.complete_statement`` keeps trigger bodies whole)."""
    out, current = [], ""
    for line in script.splitlines(keepends=True):
        if line.strip().startswith("--") and not current.strip():
            continue
        current += line
        if sqlite3.complete_statement(current):
            out.append(current.strip())
            current = ""
    if current.strip():
        out.append(current.strip())
    return out
