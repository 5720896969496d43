"""The one error type that crosses module boundaries and reaches the sidebar.

``message`` is the sentence a person reads; it never contains a secret.
Codes are the ones CONTRACT.md lists for the protocol's ``error`` message.
"""

from __future__ import annotations

from typing import Literal

ErrorCode = Literal[
    "auth_error",
    "permission_error",
    "model_not_found",
    "rate_limit",
    "server_error",
    "network_error",
    "timeout",
    "invalid_request",
    "context_length",
    "bad_message",
    "internal",
]

RETRYABLE_BY_DEFAULT: frozenset[str] = frozenset(
    {"rate_limit", "server_error", "network_error", "timeout"}
)


class TabmateError(Exception):
    """An error with a protocol code, a friendly message and whether retrying may help."""

    def __init__(
        self,
        code: ErrorCode,
        message: str,
        *,
        retryable: bool | None = None,
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.code: ErrorCode = code
        self.message = message
        self.retryable = code in RETRYABLE_BY_DEFAULT if retryable is None else retryable
        self.status = status  # HTTP status behind it, when there was one
        self.retry_after = retry_after  # seconds the server asked us to wait

    def __repr__(self) -> str:
        return f"TabmateError({self.code!r}, {self.message!r}, retryable={self.retryable})"

