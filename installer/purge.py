"""``tabmate uninstall --purge``: remove everything Tabmate keeps about the user, after
saying exactly what.

Keys first (the OS keychain entries too: ``keys.json`` lists them, and the one-per-provider
names of older versions are tried), then Tabmate's own folders — settings and keys file
(config), conversation history and the install record (data), the page cache, the logs.
With ``TABMATE_HOME=DIR`` those are DIR/config, DIR/data, DIR/cache and DIR/logs; DIR itself
and anything else in it stay.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from native_host import storage

FOLDERS = (
    ("config", "settings and the keys file", storage.config_dir),
    ("data", "conversation history", storage.data_dir),
    ("cache", "page cache", storage.cache_dir),
    ("logs", "logs", storage.log_dir),
)


def keys():  # type: ignore[no-untyped-def]
    from native_host.keys import KeyStore

    return KeyStore(storage.config_dir())


def plan() -> list[str]:
    """One line per thing --purge removes (what, where); no secret in them."""
    lines = []
    stored = keys()
    entries = [f"{slot} for {origin}" for slot, origin in stored.entries()]
    lines.append(f"API keys: {', '.join(entries) if entries else 'none stored'} "
                 "(in the OS keychain or the keys file)")
    for _, what, folder in FOLDERS:
        path = folder()
        lines.append(f"{what}: {path}{'' if path.exists() else ' (absent)'}")
    return lines


def purge() -> list[tuple[str, str]]:
    """Remove it all; returns (what, status) pairs."""
    done = [("API keys", f"{keys().forget()} removed")]
    for _, what, folder in FOLDERS:
        path: Path = folder()
        if path.exists():
            shutil.rmtree(path)
            done.append((f"{what}: {path}", "removed"))
        else:
            done.append((f"{what}: {path}", "absent"))
    return done
