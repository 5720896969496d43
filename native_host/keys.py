"""API keys, each bound to the one origin it was saved for.

A key is stored per ``(slot, origin)``: ``slot`` names whose key it is (a provider name
today, a profile name for provider profiles), ``origin`` is ``scheme://host[:port]`` of the
server the user saved it for (:func:`origin_of`).  A key is only ever handed out for the
exact origin it was saved with, so pointing a slot at another server — an unsaved
override, a changed ``base_url``, a redirect — never carries the key there; the user enters
it again for the new server.

The whole API::

    store = KeyStore(folder)                       # keychain when usable, else folder/keys.json (0600)
    store.set(slot, origin, key)                   # store; an empty key removes that entry
    store.get(slot, origin) -> (key, source)       # source: "keychain" | "file" | "env", or (None, None)
    store.origins(slot) -> [origin, ...]           # where this slot has keys (to tell the user why not here)
    store.forget(slot=None) -> int                 # remove every key of the slot (None: every key)
    store.entries() -> [(slot, origin), ...]       # what is stored (no secrets; for uninstall --purge)
    origin_of(url) -> "https://api.openai.com"     # the binding unit; default ports dropped
    plain_http_to_remote(origin) -> bool           # a key must not travel there unencrypted

``keys.json`` holds the secrets when there is no keychain, and otherwise only the list of
(slot, origin) pairs in the keychain (keychains cannot be listed), so :meth:`forget` finds
them all.  ``OPENAI_API_KEY``, ``OPENROUTER_API_KEY`` and ``ANTHROPIC_API_KEY`` count only
for their provider's own origin.  Keys stored by older versions (one per provider) are
bound on first use to the origin ``legacy_origin(slot)`` names, and rewritten.
"""

from __future__ import annotations

import ipaddress
import json
import os
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlsplit

from native_host import logs, storage

KEYRING_SERVICE = "tabmate"
# environment keys: slot → (variable, the only origin it is sent to)
ENV_KEYS = {
    "openai": ("OPENAI_API_KEY", "https://api.openai.com"),
    "openrouter": ("OPENROUTER_API_KEY", "https://openrouter.ai"),
    "anthropic": ("ANTHROPIC_API_KEY", "https://api.anthropic.com"),
}
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of an http(s) URL, lower-cased, IDN as punycode, default port dropped."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").rstrip(".")
    try:
        host = host.encode("idna").decode("ascii") if not host.isascii() else host.lower()
    except UnicodeError:
        host = host.lower()
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None or port == _DEFAULT_PORTS.get(scheme):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def is_loopback(host: str) -> bool:
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def plain_http_to_remote(origin: str) -> bool:
    """True for ``http://`` to anything but this machine: a key would cross the network in clear."""
    parts = urlsplit(origin)
    return parts.scheme == "http" and not is_loopback(parts.hostname or "")


def _name(slot: str, origin: str) -> str:
    return f"{slot} {origin}"  # the keychain user name; a slot never contains a space


class KeyStore:
    """Keys per (slot, origin): the OS keychain when usable, else a 0600 file; env as fallback."""

    def __init__(self, folder: Path, use_keyring: bool | None = None,
                 legacy_origin: Callable[[str], str] | None = None) -> None:
        self._file = folder / "keys.json"
        self._keyring: Any = None
        self._keyring_checked = False
        self._legacy_origin = legacy_origin
        self._migrated: set[str] = set()
        # default: the keychain, except under TABMATE_HOME (tests must never touch the real one)
        if use_keyring is None:
            use_keyring = not os.environ.get("TABMATE_HOME") and os.environ.get("TABMATE_KEYRING") != "0"
        self._use_keyring = use_keyring

    # ------------------------------------------------------------------ public
    def get(self, slot: str, origin: str) -> tuple[str | None, str | None]:
        """The key saved for exactly this (slot, origin), and where it came from."""
        self._migrate(slot)
        entries = self._entries()
        entry = entries.get(_name(slot, origin))
        if entry is not None:
            if "key" in entry:
                logs.register_secret(entry["key"])
                return entry["key"], "file"
            key = self._keyring_get(_name(slot, origin))
            if key:
                return key, "keychain"
        env, env_origin = ENV_KEYS.get(slot, (None, None))
        if env and origin == env_origin and os.environ.get(env):
            key = os.environ[env]
            logs.register_secret(key)
            return key, "env"
        return None, None

    def set(self, slot: str, origin: str, key: str | None) -> None:
        """Store ``key`` for (slot, origin); an empty or None key removes that entry."""
        if " " in slot:
            raise ValueError("a key slot has no spaces")
        logs.register_secret(key)
        self._migrate(slot)
        name = _name(slot, origin)
        entries = self._entries()
        backend = self._backend()
        if not key:
            if entries.pop(name, None) is not None and backend is not None:
                self._keyring_delete(name)
            self._write(entries)
            return
        if backend is not None:
            try:
                backend.set_password(KEYRING_SERVICE, name, key)
                entries[name] = {"slot": slot, "origin": origin, "in": "keychain"}
                self._write(entries)
                return
            except Exception as e:
                logs.log("keyring_write_failed", level="warning", reason=type(e).__name__)
        entries[name] = {"slot": slot, "origin": origin, "key": key}
        self._write(entries)

    def origins(self, slot: str) -> list[str]:
        """The origins this slot has a stored key for (environment keys not included)."""
        self._migrate(slot)
        return sorted(e["origin"] for e in self._entries().values() if e["slot"] == slot)

    def entries(self) -> list[tuple[str, str]]:
        """Every stored (slot, origin), keychain or file (no secrets)."""
        return sorted((e["slot"], e["origin"]) for e in self._entries().values())

    def forget(self, slot: str | None = None) -> int:
        """Remove every stored key of ``slot`` (every key at all with None); returns how many."""
        entries = self._entries()
        gone = [n for n, e in entries.items() if slot is None or e["slot"] == slot]
        for name in gone:
            if entries.pop(name).get("in") == "keychain":
                self._keyring_delete(name)
        for legacy in self._legacy_slots(slot):
            self._keyring_delete(legacy)
            gone.append(legacy)
        self._write(entries)
        if slot is None and self._file.exists():
            self._file.unlink()
        return len(gone)

    # ------------------------------------------------------------------ file
    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self._file.read_text("utf-8"))
            return data if isinstance(data, dict) else {}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            logs.log("keys_file_damaged", level="warning", path=str(self._file))
            return {}

    def _entries(self) -> dict[str, dict[str, str]]:
        data = self._read()
        raw = data.get("keys") if data.get("version") == 2 else None
        out: dict[str, dict[str, str]] = {}
        for e in raw if isinstance(raw, list) else []:
            if (isinstance(e, dict) and isinstance(e.get("slot"), str) and isinstance(e.get("origin"), str)
                    and (isinstance(e.get("key"), str) or e.get("in") == "keychain")):
                out[_name(e["slot"], e["origin"])] = e
        return out

    def _write(self, entries: dict[str, dict[str, str]]) -> None:
        legacy = {k: v for k, v in self._read().items() if k not in ("version", "keys")}
        if not entries and not legacy and not self._file.exists():
            return
        storage.write_json(self._file, {**legacy, "version": 2, "keys": list(entries.values())})

    # ------------------------------------------------------------------ older versions
    def _legacy_slots(self, slot: str | None) -> list[str]:
        data = self._read()
        names = [k for k, v in data.items() if isinstance(v, str) and k not in ("version",)]
        from native_host.settings import PROVIDERS  # keychain entries of older versions: one per provider

        names += [p for p in PROVIDERS if p not in names]
        return [n for n in names if slot is None or n == slot]

    def _migrate(self, slot: str) -> None:
        """Bind a key stored by an older version (one per provider, no origin) and rewrite it."""
        if self._legacy_origin is None or slot in self._migrated:
            return
        self._migrated.add(slot)
        data = self._read()
        key = data.get(slot) if isinstance(data.get(slot), str) else None
        from_file = key is not None
        if key is None and self._backend() is not None:
            key = self._keyring_get(slot)
        if not key:
            return
        origin = self._legacy_origin(slot)
        if from_file:
            data.pop(slot)
            storage.write_json(self._file, data)
        else:
            self._keyring_delete(slot)
        if _name(slot, origin) not in self._entries():
            self.set(slot, origin, key)
        logs.log("key_bound_to_origin", slot=slot, origin=origin)

    # ------------------------------------------------------------------ keychain
    def _backend(self) -> Any:
        if self._keyring_checked:
            return self._keyring
        self._keyring_checked = True
        if not self._use_keyring:
            return None
        try:
            import keyring
            from keyring.backends import fail

            backend = keyring.get_keyring()
            if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
                return None
            self._keyring = backend
        except Exception as e:  # no keychain on this machine: fall back to the file
            logs.log("keyring_unavailable", reason=type(e).__name__)
        return self._keyring

    def _keyring_get(self, name: str) -> str | None:
        backend = self._backend()
        if backend is None:
            return None
        try:
            key = backend.get_password(KEYRING_SERVICE, name)
        except Exception as e:
            logs.log("keyring_read_failed", level="warning", reason=type(e).__name__)
            return None
        logs.register_secret(key)
        return key or None

    def _keyring_delete(self, name: str) -> None:
        backend = self._backend()
        if backend is None:
            return
        try:
            backend.delete_password(KEYRING_SERVICE, name)
        except Exception:
            pass
