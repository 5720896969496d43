"""The history database's schema: numbered migrations, applied once, in order, under a lock.

``PRAGMA user_version`` holds the number of migrations applied. Two hosts opening the same
file at once (two browser windows) both run :func:`migrate`; ``BEGIN IMMEDIATE`` makes the
second wait and then find nothing left to do.

The full-text index is not a migration: it needs SQLite's FTS5, which not every Python
build has. :func:`ensure_fts` creates it (and its triggers) where FTS5 exists and drops the
triggers where it does not, so that a database written by one build still works in another;
a rebuilt index is filled from the messages.
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
)

FTS_TABLE = """
CREATE VIRTUAL TABLE IF NOT EXISTS messages_fts USING fts5(
    text, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2')
"""
FTS_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS messages_fts_ai AFTER INSERT ON messages WHEN new.text IS NOT NULL BEGIN
    INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER IF NOT EXISTS messages_fts_ad AFTER DELETE ON messages WHEN old.text IS NOT NULL BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER IF NOT EXISTS messages_fts_au AFTER UPDATE OF text ON messages BEGIN
    INSERT INTO messages_fts(messages_fts, rowid, text)
        SELECT 'delete', old.id, old.text WHERE old.text IS NOT NULL;
    INSERT INTO messages_fts(rowid, text) SELECT new.id, new.text WHERE new.text IS NOT NULL;
END;
"""
FTS_TRIGGER_NAMES = ("messages_fts_ai", "messages_fts_ad", "messages_fts_au")


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
    """Set the full-text index up (``use``) or take its triggers away; returns whether it is on."""
    db.execute("BEGIN IMMEDIATE")
    try:
        triggers = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'messages_fts_%'")}
        if use:
            if triggers != set(FTS_TRIGGER_NAMES):
                # new, or written meanwhile by a build without FTS5: index everything again
                db.execute(FTS_TABLE)
                for statement in _statements(FTS_TRIGGERS):
                    db.execute(statement)
                db.execute("INSERT INTO messages_fts(messages_fts) VALUES ('rebuild')")
        else:
            for name in triggers:
                db.execute(f"DROP TRIGGER IF EXISTS {name}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return use


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
