"""The one mapping from a provider failure to the sentence a person reads.

:func:`friendly_error` turns an HTTP status and body, or a transport exception, into a
:class:`TabmateError` with a contract code, ``retryable`` and ``retry_after``.  The
provider's own words are kept (redacted) in ``error.detail`` so the router can spot a
tools rejection; they never reach the user verbatim except for plain 400s.
"""

from __future__ import annotations

import email.utils
import json
import re
import time
from typing import Any, Mapping
from urllib.parse import urlsplit

from native_host import logs
from native_host.errors import ErrorCode, TabmateError

LABELS = {
    "openai": "OpenAI",
    "openrouter": "OpenRouter",
    "ollama": "Ollama",
    "anthropic": "Anthropic",
    "openai_compatible": "the server",
}

# Anthropic error types (also used in streams) → the HTTP status they stand for
ANTHROPIC_TYPES = {
    "invalid_request_error": 400, "authentication_error": 401, "billing_error": 402,
    "permission_error": 403, "not_found_error": 404, "request_too_large": 413,
    "rate_limit_error": 429, "api_error": 500, "overloaded_error": 529,
}

_CONTEXT = re.compile(
    r"context[_ ]length|maximum context|context window|too many tokens|prompt is too long"
    r"|reduce the length|input is too long|exceeds? the (?:max|context)|n_ctx|request_too_large",
    re.I,
)


class ProviderError(TabmateError):
    """A :class:`TabmateError` that also remembers what the provider said (redacted)."""

    def __init__(self, code: ErrorCode, message: str, *, detail: str = "", **kw: Any) -> None:
        super().__init__(code, message, **kw)
        self.detail = detail


def error_detail(body: str | None) -> str:
    """The provider's own error sentence from any of the body shapes we know."""
    if not body:
        return ""
    try:
        data: Any = json.loads(body)
    except ValueError:
        return body.strip()[:500]
    if isinstance(data, list) and data:  # Gemini: [{"error": {...}}]
        data = data[0]
    if isinstance(data, dict):
        err = data.get("error", data)
        if isinstance(err, str):
            return err
        if isinstance(err, dict):
            msg = err.get("message") or err.get("detail") or err.get("type") or ""
            code = err.get("code") or err.get("type")
            meta = err.get("metadata")
            raw = meta.get("raw") if isinstance(meta, dict) else None
            text = str(msg)
            if code and str(code) not in text:
                text = f"{text} [{code}]"
            if raw:
                text = f"{text} ({str(raw)[:300]})"
            return text.strip()
        if "detail" in data:
            return str(data["detail"])[:500]
    return body.strip()[:500]


def parse_retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``retry-after`` (a positive delay, or None)."""
    if not headers:
        return None
    delay: float | None = None
    ms = headers.get("retry-after-ms")
    if ms:
        try:
            delay = float(ms) / 1000
        except ValueError:
            pass
    ra = headers.get("retry-after")
    if delay is None and ra:
        try:
            delay = float(ra)
        except ValueError:
            try:
                when = email.utils.parsedate_to_datetime(ra)
                delay = when.timestamp() - time.time()
            except (TypeError, ValueError):
                delay = None
    if delay is not None and delay > 0:
        return delay  # above the router's cap it does not retry, and says how long to wait
    return None


def _host(base_url: str) -> str:
    return urlsplit(base_url).netloc or base_url


def _is_loopback(base_url: str) -> bool:
    host = urlsplit(base_url).hostname or ""
    return host in ("localhost", "127.0.0.1", "::1", "0.0.0.0") or host.startswith("127.")


def friendly_error(
    provider: str,
    status: int | None,
    body: str | None,
    exc: Exception | None,
    base_url: str,
    *,
    headers: Mapping[str, str] | None = None,
    model: str | None = None,
) -> ProviderError:
    """Map one failure to the contract code, a friendly message and whether to retry."""
    label = LABELS.get(provider, provider)
    detail = logs.redact(error_detail(body))
    if exc is not None and status is None:
        return _transport_error(provider, label, exc, base_url)

    def err(code: ErrorCode, message: str, retryable: bool | None = None) -> ProviderError:
        return ProviderError(
            code, message, retryable=retryable, status=status, detail=detail,
            retry_after=parse_retry_after(headers) if retryable is not False else None,
        )

    s = status or 0
    if s in (400, 413, 422) and (s == 413 or _CONTEXT.search(detail)):
        return err("context_length", "The conversation is too long for this model — start a new "
                   "chat or choose a model with a larger context window", False)
    if s == 401:
        return err("auth_error", "Invalid API key — double-check your provider key in Settings", False)
    if s == 402:
        if provider == "openrouter":
            return err("permission_error", "Out of credits — add credits at openrouter.ai", False)
        return err("permission_error", f"{label} says payment is required — check your account's billing", False)
    if s == 403:
        if provider == "openrouter":
            return err("permission_error", "API key has no credits or is invalid — add credits at openrouter.ai", False)
        if provider == "openai":
            return err("permission_error", "API key invalid or no billing — check platform.openai.com", False)
        if provider == "anthropic":
            return err("permission_error", "Your API key may not use this model — check console.anthropic.com", False)
        return err("permission_error", f"Access denied by {label} — check your API key and account", False)
    if s == 404:
        if provider == "ollama":
            hint = f" (run `ollama pull {model}`)" if model else ""
            return err("model_not_found", f"Model not found — check the model name in Settings{hint}", False)
        if provider == "openai_compatible" and "model" not in detail.lower():
            return err("model_not_found", "Model not found — check the model name in Settings "
                       f"(and that the base URL {base_url} ends in /v1)", False)
        return err("model_not_found", "Model not found — check the model name in Settings", False)
    if s == 408:
        return err("timeout", f"{label} timed out — try again", True)
    if s == 409:
        return err("server_error", f"{label} had a conflict handling the request — try again", True)
    if s == 429:
        if "insufficient_quota" in detail or (provider == "openai" and "quota" in detail.lower()):
            return err("permission_error", "Your OpenAI account has no quota left — check billing at "
                       "platform.openai.com", False)
        return err("rate_limit", "Rate limited — wait and try again", True)
    if s >= 500:
        return err("server_error", f"Server error — {label} may be down; try again in a moment", True)
    if s in (400, 422):
        said = f": {detail[:300]}" if detail else ""
        return err("invalid_request", f"{label} rejected the request{said}", False)
    said = f" ({detail[:200]})" if detail else ""
    return err("server_error", f"{label} answered with an unexpected error {s or ''}{said}".strip(), s >= 500)


def _transport_error(provider: str, label: str, exc: Exception, base_url: str) -> ProviderError:
    import httpx

    if isinstance(exc, httpx.TimeoutException):
        what = "connect" if isinstance(exc, httpx.ConnectTimeout) else "answer"
        return ProviderError("timeout", f"{label} did not {what} in time — try again, or check "
                             "that the server is not overloaded", retryable=True, detail=type(exc).__name__)
    if isinstance(exc, httpx.ConnectError):
        local = _is_loopback(base_url)
        if provider == "ollama":
            msg = f"Cannot reach Ollama at {base_url} — is it running?"
        elif local:
            msg = f"Cannot reach the server at {base_url} — is it running?"
        else:
            msg = f"Cannot reach {_host(base_url)} — check your internet connection and the base URL"
        # nothing listening on this machine will not start listening in the next few seconds
        return ProviderError("network_error", msg, retryable=not local, detail=logs.redact(str(exc)))
    if isinstance(exc, (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError)):
        return ProviderError("network_error", f"The connection to {label} was interrupted — try again",
                             retryable=True, detail=logs.redact(str(exc)))
    if isinstance(exc, httpx.UnsupportedProtocol) or isinstance(exc, httpx.InvalidURL):
        return ProviderError("invalid_request", f"The base URL {base_url!r} is not a valid http(s) URL — "
                             "fix it in Settings", retryable=False, detail=str(exc))
    return ProviderError("network_error", f"Could not talk to {label}: {logs.redact(str(exc))[:200]}",
                         retryable=True, detail=logs.redact(repr(exc)))


def stream_error(provider: str, err: Any, base_url: str) -> ProviderError:
    """An ``error`` object that arrived inside a 200 stream (OpenRouter, Anthropic)."""
    status: int | None = None
    if isinstance(err, dict):
        code, etype = err.get("code"), err.get("type")
        if isinstance(code, int) or (isinstance(code, str) and code.isdigit()):
            status = int(code)
        elif etype in ANTHROPIC_TYPES:
            status = ANTHROPIC_TYPES[str(etype)]
        elif code in ANTHROPIC_TYPES:
            status = ANTHROPIC_TYPES[str(code)]
    body = json.dumps({"error": err})
    if status is None:  # judge by the words: a string code such as "context_length_exceeded"
        words = error_detail(body)
        status = 400 if _CONTEXT.search(words) else 429 if "rate_limit" in words else None
    e = friendly_error(provider, status or 500, body, None, base_url)
    if status is None and e.code == "server_error":
        label = LABELS.get(provider, provider)
        said = f": {e.detail[:200]}" if e.detail else ""
        e = ProviderError("server_error", f"{label} reported an error mid-answer{said}",
                          retryable=True, detail=e.detail)
    return e
