"""The install record: exactly what ``tabmate install`` wrote, so ``uninstall`` removes
exactly that (and nothing a user or another program put there).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from native_host import storage

VERSION = 1


@dataclass
class Entry:
    browser: str
    family: str
    manifest: str
    registry_keys: list[str] = field(default_factory=list)

    @property
    def ident(self) -> tuple[str, str]:
        return (self.browser, self.manifest)


@dataclass
class Record:
    launcher: str | None = None
    python: str | None = None
    entries: list[Entry] = field(default_factory=list)

    def add(self, entry: Entry) -> None:
        self.entries = [e for e in self.entries if e.ident != entry.ident] + [entry]

    def split(self, browsers: set[str] | None) -> tuple[list[Entry], list[Entry]]:
        """(entries to remove, entries to keep) for the named browsers (all when None)."""
        gone = [e for e in self.entries if browsers is None or e.browser in browsers]
        kept = [e for e in self.entries if not (browsers is None or e.browser in browsers)]
        return gone, kept

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "launcher": self.launcher, "python": self.python,
                "entries": [asdict(e) for e in self.entries]}

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> "Record":
        entries = [Entry(browser=str(e["browser"]), family=str(e["family"]), manifest=str(e["manifest"]),
                         registry_keys=[str(k) for k in e.get("registry_keys", [])])
                   for e in value.get("entries", [])]
        return cls(launcher=value.get("launcher"), python=value.get("python"), entries=entries)


def load(path: Path) -> Record:
    """The record at ``path``; an empty one when there is none (a damaged one is set aside)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
        return Record.from_json(value)
    except FileNotFoundError:
        return Record()
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        storage.set_aside(path)
        return Record()


def save(path: Path, record: Record) -> None:
    storage.write_json(path, record.to_json(), mode=0o644)


def forget(path: Path) -> None:
    path.unlink(missing_ok=True)
