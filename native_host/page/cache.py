"""The last product contexts by URL, persisted so the agent can compare with the previous one.

One small JSON file under ``storage.cache_dir()``, bounded (oldest entries dropped) and
written atomically; a damaged file is set aside and the cache starts empty.  Addresses are
kept without their query strings (which may hold tokens); products only, never page text.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from native_host import storage
from native_host.logs import log
from native_host.page.product import Product

DEFAULT_LIMIT = 50


def _key(url: str) -> str:
    """URLs that differ only by fragment or trailing slash are the same product page; the
    query (?id=…) still tells products apart, but only as a digest: nothing it may carry (a
    session token, an e-mail address) is written to disk."""
    parts = urlsplit((url or "").strip())
    path = parts.path.rstrip("/") or "/"
    digest = hashlib.sha256(parts.query.encode("utf-8", "replace")).hexdigest()[:16] if parts.query else ""
    return urlunsplit((parts.scheme.lower(), (parts.hostname or "").lower() + _port(parts), path, digest, ""))


def _port(parts) -> str:  # type: ignore[no-untyped-def]
    try:
        return f":{parts.port}" if parts.port else ""
    except ValueError:
        return ""


def shown_url(url: str) -> str:
    """The page address as stored and shown later: no query, fragment or user name."""
    parts = urlsplit((url or "").strip())
    return urlunsplit((parts.scheme.lower(), (parts.hostname or "").lower() + _port(parts), parts.path, "", ""))


class ProductCache:
    def __init__(self, path: Path | None = None, limit: int = DEFAULT_LIMIT) -> None:
        self.path = Path(path) if path else storage.cache_dir() / "products.json"
        self.limit = max(1, limit)
        self._lock = threading.Lock()

    def _load(self) -> list[dict]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return []
        except (OSError, ValueError):
            try:
                where = storage.set_aside(self.path)
                log("product_cache_damaged", level="warning", moved_to=str(where))
            except OSError:
                pass
            return []
        entries = data.get("entries") if isinstance(data, dict) else None
        return [e for e in entries or [] if isinstance(e, dict) and isinstance(e.get("url"), str)]

    def remember(self, url: str, product: Product) -> None:
        """Store ``product`` as the newest entry for ``url`` (replacing an older one)."""
        if not url or product is None:
            return
        key = _key(url)
        with self._lock:
            entries = [e for e in self._load() if e.get("key", _key(e["url"])) != key]
            entries.append({"url": shown_url(url), "key": key, "at": round(time.time(), 3),
                            "product": product.as_dict()})
            entries = entries[-self.limit:]
            try:
                storage.write_json(self.path, {"version": 1, "entries": entries})
            except OSError as e:
                log("product_cache_write_failed", level="warning", error=str(e))

    def previous(self, exclude_url: str | None = None) -> tuple[str, Product] | None:
        """The most recent product whose page is not ``exclude_url``, or None."""
        skip = _key(exclude_url) if exclude_url else None
        with self._lock:
            entries = self._load()
        for entry in reversed(entries):
            if skip is not None and entry.get("key", _key(entry["url"])) == skip:
                continue
            try:
                return entry["url"], Product.from_dict(entry.get("product") or {})
            except ValueError:
                continue
        return None

    def entries(self) -> list[tuple[str, Product]]:
        """Everything stored, oldest first."""
        with self._lock:
            raw = self._load()
        out = []
        for entry in raw:
            try:
                out.append((entry["url"], Product.from_dict(entry.get("product") or {})))
            except ValueError:
                continue
        return out
