"""The one small interface every provider implements, and the events all of them produce.

A provider turns our neutral messages and tool specs into its HTTP request, and its
response stream into the normalized events below.  Retries, the tools-rejection fallback
and friendly errors live in the router, once, for every provider.

Neutral message shape (also what sessions store)::

    {"role": "system" | "user" | "assistant" | "tool", "content": str,
     "tool_calls"?: [{"id": str, "name": str, "arguments": dict}],   # assistant only
     "tool_call_id"?: str, "name"?: str,                              # tool only
     "images"?: [data URL]}                                           # user only (vision)

Tool spec: ``{"name": str, "description": str, "parameters": <JSON schema object>}``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, AsyncIterator, Protocol, Union


@dataclass
class TextDelta:
    text: str


@dataclass
class ReasoningDelta:
    text: str


@dataclass
class ToolCallEvent:
    """A complete tool call. ``arguments`` is the raw JSON text as the model wrote it."""

    id: str
    name: str
    arguments: str


@dataclass
class UsageEvent:
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass
class End:
    stop_reason: str  # stop | length | tool_calls | content_filter | ...


@dataclass
class ToolsOff:
    """The server rejected native tools; the router retried without them (use XML)."""

    reason: str = ""


@dataclass
class ImagesOff:
    """The server rejected the images; the router retried once without them."""

    reason: str = ""


Event = Union[TextDelta, ReasoningDelta, ToolCallEvent, UsageEvent, End, ToolsOff, ImagesOff]


@dataclass
class ChatRequest:
    """One model call, provider-neutral."""

    model: str
    messages: list[dict[str, Any]]
    tools: list[dict[str, Any]] | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def arguments_object(value: Any) -> dict[str, Any]:
    """A tool call's arguments as an object (the stored JSON text parsed; {} for anything else)."""
    if isinstance(value, dict):
        return value
    try:
        parsed = json.loads(value or "{}")
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


class Provider(Protocol):
    """What each file in ``native_host/providers/`` provides (one class per provider)."""

    name: str
    default_base_url: str
    default_model: str

    def stream(self, request: ChatRequest) -> AsyncIterator[Event]:
        """Send the request and yield normalized events as they arrive.

        Raises ``TabmateError`` (with ``status`` set for HTTP errors) on failure.
        """
        ...

    async def list_models(self) -> list[str]: ...
