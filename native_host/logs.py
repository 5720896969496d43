"""Structured logging: one JSON object per line in a rotating file, secrets redacted.

Every log line goes through :func:`redact` — the single place that removes API keys.
Nothing is ever written to stdout (that is the native messaging channel); warnings are
mirrored to stderr, which Chromium passes on and Firefox shows in the Browser Console.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import logging

from native_host.textsafe import clean

_SECRETS: set[str] = set()
_lock = threading.Lock()
_logger: logging.Logger | None = None
_mirror_to_stderr = True
_info_too = True  # False: only warnings and errors are written (see only_warnings)
_LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40, "critical": 50}  # logging's numbers

# Shapes of credentials that must never reach a log even if nobody registered them.
_PATTERNS = [
    re.compile(r"\b(sk-(?:ant-|or-|proj-)?[A-Za-z0-9_\-]{8,})"),
    re.compile(r"(?i)\b(bearer\s+)([A-Za-z0-9._\-]{8,})"),
    re.compile(r"(?i)(\"?(?:api[_-]?key|x-api-key|authorization)\"?\s*[:=]\s*\"?)(?!(?i:bearer)\s|\[REDACTED\])([^\s\",}]{4,})"),
]


def register_secret(value: str | None) -> None:
    """Remember a secret so every later log line has it blanked out."""
    if value and len(value) >= 4:
        with _lock:
            _SECRETS.add(value)


def redact(text: str) -> str:
    """Blank out registered secrets and anything shaped like a key."""
    with _lock:
        secrets = sorted(_SECRETS, key=len, reverse=True)
    for s in secrets:
        if s in text:
            text = text.replace(s, "[REDACTED]")
    text = _PATTERNS[0].sub("[REDACTED]", text)
    text = _PATTERNS[1].sub(lambda m: m.group(1) + "[REDACTED]", text)
    text = _PATTERNS[2].sub(lambda m: m.group(1) + "[REDACTED]", text)
    return text


def _get_logger() -> logging.Logger:
    global _logger
    if _logger is not None:
        return _logger
    with _lock:
        if _logger is not None:
            return _logger
        import logging  # (here: 14 ms a one-page `tabmate extract` needs only when it logs)
        import logging.handlers

        from native_host import storage

        logger = logging.getLogger("tabmate")
        logger.setLevel(logging.INFO)
        logger.propagate = False
        try:
            folder = storage.log_dir()
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            handler: logging.Handler = logging.handlers.RotatingFileHandler(
                folder / "host.log", maxBytes=1_000_000, backupCount=3, encoding="utf-8"
            )
        except OSError:
            handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
        _logger = logger
        return logger


def log(event: str, level: str = "info", **fields: Any) -> None:
    """Write one structured line: ``{"ts", "level", "event", **fields}``."""
    if not _info_too and level in ("debug", "info"):
        return
    record = {"ts": round(time.time(), 3), "level": level, "event": event, **fields}
    try:
        text = json.dumps(record, ensure_ascii=False, default=str)
    except (ValueError, RecursionError):  # a huge int or a deep value: keep the line, shortened
        text = json.dumps({k: v if isinstance(v, (str, float, bool)) or v is None else repr(v)[:200]
                           for k, v in record.items()}, ensure_ascii=False)
    line = redact(clean(text))  # a lone surrogate from a frame could not be written
    try:
        _get_logger().log(_LEVELS.get(level, 20), line)
    except Exception:  # logging must never take the host down
        pass
    if _mirror_to_stderr and level in ("warning", "error"):
        try:
            sys.stderr.write(f"tabmate: {line}\n")
            sys.stderr.flush()
        except Exception:
            pass


def mirror_to_stderr(enabled: bool) -> None:
    """Commands with their own report (doctor, ask) turn the stderr copy of warnings off."""
    global _mirror_to_stderr
    _mirror_to_stderr = enabled


def only_warnings() -> None:
    """`tabmate extract` prints its own results: its pages are not logged one by one (that
    opened the log file for every one-page run), only what went wrong."""
    global _info_too
    _info_too = False


def reset_for_tests() -> None:
    """Forget the file handler and the stderr switch (tests switch TABMATE_HOME between cases)."""
    global _logger, _mirror_to_stderr, _info_too
    _mirror_to_stderr = True
    _info_too = True
    with _lock:
        if _logger is not None:
            for h in list(_logger.handlers):
                _logger.removeHandler(h)
                h.close()
        _logger = None
