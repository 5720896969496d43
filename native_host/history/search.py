"""Listing and searching conversations: FTS5 where SQLite has it, a LIKE scan where not.

A search matches a conversation whose title and messages together hold every word of
the query; the last word also matches as a prefix (search as you type). Results are
newest first either way, each with a short ``snippet`` around the first hit.
"""

from __future__ import annotations

import re
import sqlite3
from typing import Any, Sequence

MAX_LIMIT = 500
_WORD = re.compile(r"\w+", re.UNICODE)
_COLUMNS = "c.session, c.title, c.url, c.site, c.created, c.updated, c.message_count"


def words(query: str) -> list[str]:
    return _WORD.findall(query)[:16]


def fts_query(terms: list[str]) -> str:
    """Every word quoted (so no word is read as an FTS operator); the last one as a prefix."""
    quoted = [f'"{t}"' for t in terms]
    quoted[-1] += "*"
    return " ".join(quoted)


def _like(term: str) -> str:
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def find(db: sqlite3.Connection, query: str | None, limit: int = 50, before: float | None = None,
         *, fts: bool) -> list[dict[str, Any]]:
    limit = max(1, min(int(limit), MAX_LIMIT))
    where, args = [], []
    if before is not None:
        where.append("c.updated < ?")
        args.append(float(before))
    terms = words(query or "")
    if query and query.strip() and not terms:
        terms = [query.strip()]  # only punctuation: look for it as it is
        use_fts = False
    else:
        use_fts = fts
    if terms and use_fts:
        where.append("c.id IN (SELECT rowid FROM conversations_fts WHERE conversations_fts MATCH ?)")
        args.append(fts_query(terms))
    for term in terms if not use_fts else []:
        where.append("(c.title LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM messages m WHERE m.conversation = c.id "
                     "AND m.text LIKE ? ESCAPE '\\'))")
        args += [_like(term), _like(term)]
    # newest first through the index, stopping at the limit: a common word's thousands of
    # matches are never read in full or sorted
    sql = f"SELECT c.id, {_COLUMNS} FROM conversations c INDEXED BY conversations_updated"
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY c.updated DESC LIMIT ?"
    rows = db.execute(sql, (*args, limit)).fetchall()
    items = [item(row[1:]) for row in rows]
    if terms:
        for it, row in zip(items, rows):
            it["snippet"] = snippet(db, row[0], terms, it["title"])
    return items


def item(row: Sequence[Any], count: int | None = None) -> dict[str, Any]:
    session, title, url, site, created, updated, *rest = row
    out: dict[str, Any] = {"session": session, "title": title or site or "Untitled conversation",
                           "created": round(created, 3), "updated": round(updated, 3),
                           "messages": count if count is not None else rest[0]}
    if url:
        out["url"] = url
    if site:
        out["site"] = site
    return out


_MARKUP = re.compile(r"\*\*|__|`+|^#+\s|^>\s|!?\[([^\]]*)\]\([^)]*\)", re.M)


def snippet(db: sqlite3.Connection, cid: int, terms: list[str], title: str = "", width: int = 140) -> str:
    """About ``width`` characters of plain text around the first word found in the conversation,
    preferring a message other than the one the title already shows (SQLite finds the message;
    its ``lower`` folds ASCII only, so otherwise the first message)."""
    low = [t.casefold() for t in terms]
    hit = " OR ".join("instr(lower(text), ?) > 0" for _ in low)
    row = db.execute(f"SELECT text FROM messages WHERE conversation = ? AND text IS NOT NULL AND ({hit}) "
                     "ORDER BY text = ?, id LIMIT 1", (cid, *low, title)).fetchone() or db.execute(
        "SELECT text FROM messages WHERE conversation = ? AND text IS NOT NULL ORDER BY id LIMIT 1", (cid,)).fetchone()
    text = _MARKUP.sub(lambda m: m.group(1) or "", row[0]) if row else ""
    folded = text.casefold()
    at = min((folded.find(t) for t in low if t in folded), default=-1)
    start = max(0, at - width // 3) if at >= 0 else 0
    piece = " ".join(text[start:start + width].split())
    return ("…" if start else "") + piece + ("…" if start + width < len(text) else "")
