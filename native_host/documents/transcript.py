"""A video's captions ("[mm:ss] text" lines, as the extension sends them) as page text.

Lines are grouped into paragraphs of about a minute, each starting with its time, so the
budget cuts between minutes and the model can cite times ("at 12:40 …").
"""

from __future__ import annotations

import re

_STAMP = re.compile(r"^\s*\[?((?:\d{1,2}:)?\d{1,2}:\d{2})(?:[.,]\d+)?\]?\s*(.*)$")
PARAGRAPH_SECONDS = 60


def seconds(stamp: str) -> int:
    total = 0
    for part in stamp.split(":"):
        total = total * 60 + int(part)
    return total


def stamp(secs: int) -> str:
    h, rest = divmod(max(0, secs), 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def parse(transcript: str) -> list[tuple[int | None, str]]:
    """(seconds or None, text) per caption line; repeated lines (rolling captions) dropped."""
    out: list[tuple[int | None, str]] = []
    for line in (transcript or "").splitlines():
        m = _STAMP.match(line)
        at, text = (seconds(m.group(1)), m.group(2)) if m else (None, line)
        text = " ".join(text.split())
        if text and not (out and out[-1][1] == text):
            out.append((at, text))
    return out


def duration_minutes(transcript: str) -> int:
    """Minutes up to the last caption (repeated lines count: they still take time)."""
    times = [seconds(m.group(1)) for line in (transcript or "").splitlines() if (m := _STAMP.match(line))]
    return round(max(times) / 60) if times else 0


def as_text(transcript: str) -> str:
    """Paragraphs of about a minute, each headed by its start time in brackets."""
    paragraphs: list[str] = []
    current: list[str] = []
    start: int | None = None
    for at, text in parse(transcript):
        if at is not None and (start is None or at - start >= PARAGRAPH_SECONDS) and current:
            paragraphs.append(_para(start, current))
            current, start = [], None
        if start is None:
            start = at
        current.append(text)
    if current:
        paragraphs.append(_para(start, current))
    return "\n\n".join(paragraphs)


def _para(start: int | None, lines: list[str]) -> str:
    body = " ".join(lines)
    return f"[{stamp(start)}] {body}" if start is not None else body


def description(transcript: str) -> str:
    minutes = duration_minutes(transcript)
    length = f", {minutes} min" if minutes else ""
    return f"Video transcript{length} (captions; cite times as [m:ss])"
