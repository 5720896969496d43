"""Where Tabmate keeps its files, and how it writes them without ever losing one.

Every file Tabmate writes lives under one of four folders.  With ``TABMATE_HOME=DIR`` they
are all under DIR (tests and checks always set it); otherwise platformdirs picks the
usual per-user places.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

APP = "tabmate"


def _base(kind: str) -> Path:
    home = os.environ.get("TABMATE_HOME")
    if home:
        return Path(home).expanduser().absolute() / kind
    import platformdirs  # imported lazily: it is only needed without TABMATE_HOME

    finder = {
        "config": platformdirs.user_config_dir,
        "data": platformdirs.user_data_dir,
        "cache": platformdirs.user_cache_dir,
        "logs": platformdirs.user_log_dir,
    }[kind]
    return Path(finder(APP, appauthor=False))


def config_dir() -> Path:
    return _base("config")


def data_dir() -> Path:
    return _base("data")


def cache_dir() -> Path:
    return _base("cache")


def log_dir() -> Path:
    return _base("logs")


def atomic_write(path: Path, data: bytes, mode: int = 0o600) -> None:
    """Write ``data`` to ``path`` so a reader sees either the old file or the new one.

    temp file in the same folder → fsync → rename over the old file → fsync the folder.
    On any failure the temp file is removed and the previous file is left untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_json(path: Path, value: Any, mode: int = 0o600) -> None:
    atomic_write(path, json.dumps(value, ensure_ascii=False, indent=1).encode("utf-8"), mode)


def set_aside(path: Path) -> Path:
    """Move a damaged file out of the way (keeping it for the user) and return where it went."""
    path = Path(path)
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return target


STALE_AFTER = 3600.0  # a temp file this old is left over from a write that was killed


def clean_stale_temps(*folders: Path, older_than: float = STALE_AFTER) -> int:
    """Remove temp files :func:`atomic_write` left behind when its process was killed.

    Only files named like its temp files (``.NAME.XXXX.tmp``) and older than ``older_than``
    seconds: a write in progress in another process is never touched. Returns how many went.
    """
    removed = 0
    now = time.time()
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if not (entry.name.startswith(".") and entry.name.endswith(".tmp")):
                continue
            try:
                if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                    os.unlink(entry.path)
                    removed += 1
            except OSError:
                pass
    return removed
