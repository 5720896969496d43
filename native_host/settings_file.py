"""Reading and writing ``settings.json`` so that no file, whatever its bytes, stops Tabmate.

    loaded = read(path, Settings)     # never raises: .settings, .unknown, .problems, .moved_to
    write(path, settings, unknown)    # atomically; keys a newer Tabmate wrote are kept

* **Newer versions:** keys this version does not know are kept (written back on every save)
  and otherwise ignored, so settings written by a newer Tabmate keep working here and there.
* **Damage** (bytes that are not UTF-8, JSON that does not parse, a value of the wrong type, a
  directory where the file should be): every value that still validates is kept, the rest
  fall back to their defaults, the original file is set aside as
  ``settings.json.damaged-<time>`` (nothing is lost) and a repaired file is written.
  :mod:`native_host.notices` records a notice so the user is told once, in the sidebar, and
  ``tabmate doctor`` lists the file set aside.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from native_host import storage
from native_host.textsafe import scrub

M = TypeVar("M", bound=BaseModel)


@dataclass
class Loaded:
    settings: Any
    unknown: dict[str, Any] = field(default_factory=dict)  # keys a newer version wrote
    problems: list[str] = field(default_factory=list)  # what was damaged, in words
    moved_to: Path | None = None  # where the damaged original was set aside


def read(path: Path, model: type[M]) -> Loaded:
    """Load settings from ``path``; never raises (a missing file gives the defaults)."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Loaded(model())
    except OSError as e:  # a directory in its place, no permission, an I/O error
        what = "a folder" if path.is_dir() else f"unreadable ({e.strerror or type(e).__name__})"
        return _damaged(path, Loaded(model(), problems=[f"the file is {what}"]))
    problems: list[str] = []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        text = data.decode("utf-8", errors="replace")
        problems.append(f"byte {e.start} is not UTF-8 text")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        return _damaged(path, Loaded(model(), problems=problems + ["it is not valid JSON"]))
    if not isinstance(raw, dict):
        return _damaged(path, Loaded(model(), problems=problems + [f"it holds a JSON {type(raw).__name__}, not an object"]))
    raw = scrub(raw)  # lone surrogates from "\ud800" escapes could never be written back
    known = {k: v for k, v in raw.items() if k in model.model_fields}
    unknown = {k: v for k, v in raw.items() if k not in model.model_fields}
    settings, bad = _salvage(model, known)
    problems += [f"'{name}' {why}" for name, why in bad]
    loaded = Loaded(settings, unknown, problems)
    return _damaged(path, loaded) if problems else loaded


def _salvage(model: type[M], values: dict[str, Any]) -> tuple[M, list[tuple[str, str]]]:
    """Validate ``values``, dropping each field that fails (it falls back to its default)."""
    bad: list[tuple[str, str]] = []
    for _ in range(len(values) + 1):
        try:
            return model.model_validate(values), bad
        except ValidationError as e:
            names = {str(err["loc"][0]) for err in e.errors() if err["loc"]}
            names &= set(values)
            if not names:  # a check across fields: keep nothing rather than guess
                bad += [(k, "could not be combined with the others") for k in values]
                return model(), bad
            for err in e.errors():
                name = str(err["loc"][0]) if err["loc"] else ""
                if name in names and all(n != name for n, _ in bad):
                    bad.append((name, "was invalid (" + err["msg"].removeprefix("Value error, ") + ")"))
            values = {k: v for k, v in values.items() if k not in names}
        except RecursionError:
            return model(), bad + [("settings", "were nested too deeply")]
    return model(), bad


def _damaged(path: Path, loaded: Loaded) -> Loaded:
    """Keep the damaged original beside the settings and write the repaired settings."""
    try:
        loaded.moved_to = storage.set_aside(path)
    except OSError:
        try:  # cannot move it (a read-only folder?): at least keep a copy
            target = path.with_name(path.name + ".damaged")
            shutil.copyfile(path, target)
            loaded.moved_to = target
        except OSError:
            loaded.moved_to = None
    try:
        write(path, loaded.settings, loaded.unknown)
    except OSError:
        pass  # the settings still work from memory; the notice says what happened
    return loaded


def write(path: Path, settings: BaseModel, unknown: dict[str, Any] | None = None) -> None:
    """Write ``settings`` (and the keys a newer version wrote, unchanged) atomically."""
    body = settings.model_dump(mode="json")
    body.update({k: v for k, v in (unknown or {}).items() if k not in body})
    storage.atomic_write(path, json.dumps(body, ensure_ascii=False, indent=1).encode("utf-8"))
