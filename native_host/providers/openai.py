"""OpenAI chat completions — and the base for every OpenAI-style server.

OpenRouter, Ollama's ``/v1`` and the ``openai_compatible`` servers subclass
:class:`OpenAIProvider` and change only the URL, headers and :class:`Quirks`.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from typing import Any, AsyncIterator

import httpx

from native_host import logs
from native_host.providers.base import (
    ChatRequest, End, Event, ReasoningDelta, TextDelta, ToolCallEvent, UsageEvent,
)
from native_host.providers.errors import LABELS, ProviderError, stream_error
from native_host.providers.sse import drain, get_json, open_response, sse_data


@dataclass(frozen=True)
class Quirks:
    """The small ways OpenAI-style servers differ."""

    name: str = "openai"
    max_tokens_field: str = "max_tokens"
    stream_usage: bool = True  # send stream_options.include_usage
    split_think: bool = False  # <think>…</think> inside content is reasoning
    headers: dict[str, str] = field(default_factory=dict)


def to_openai_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral messages → chat-completions messages."""
    out: list[dict[str, Any]] = []
    for m in messages:
        role = m["role"]
        if role == "assistant" and m.get("tool_calls"):
            out.append({
                "role": "assistant",
                "content": m.get("content") or None,
                "tool_calls": [
                    {"id": c["id"], "type": "function", "function": {
                        "name": c["name"],
                        "arguments": c["arguments"] if isinstance(c["arguments"], str)
                        else json.dumps(c["arguments"], ensure_ascii=False)}}
                    for c in m["tool_calls"]
                ],
            })
        elif role == "tool":
            out.append({"role": "tool", "tool_call_id": m.get("tool_call_id", ""),
                        "content": m.get("content", "")})
        elif m.get("images"):  # vision: text first, then each image as a data URL
            out.append({"role": role, "content": [
                {"type": "text", "text": m.get("content", "")},
                *({"type": "image_url", "image_url": {"url": url}} for url in m["images"])]})
        else:
            out.append({"role": role, "content": m.get("content", "")})
    return out


def to_openai_tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"type": "function", "function": {
        "name": t["name"], "description": t.get("description", ""),
        "parameters": t.get("parameters") or {"type": "object", "properties": {}}}} for t in tools]


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


class _ToolCalls:
    """Joins streamed tool-call fragments: by ``index``, or (Gemini) by id/name order."""

    def __init__(self) -> None:
        self.slots: dict[int, list[Any]] = {}  # index → [id, name, [argument pieces]]
        self.last = -1

    def add(self, tc: dict[str, Any]) -> None:
        idx = tc.get("index")
        fn = tc.get("function") or {}
        if not isinstance(idx, int):
            last = self.slots.get(self.last)
            new_id = tc.get("id") and (last is None or last[0] != tc["id"])
            new_name = fn.get("name") and (last is None or (last[1] and not tc.get("id")))
            idx = self.last + 1 if (last is None or new_id or new_name) else self.last
        slot = self.slots.setdefault(idx, ["", "", []])
        self.last = idx
        if tc.get("id"):
            slot[0] = tc["id"]
        if fn.get("name") and not slot[1]:
            slot[1] = fn["name"]
        args = fn.get("arguments")
        if isinstance(args, (dict, list)):
            args = json.dumps(args, ensure_ascii=False)
        if args:
            slot[2].append(args)

    def events(self) -> list[ToolCallEvent]:
        return [ToolCallEvent(id=s[0] or f"call_{uuid.uuid4().hex[:12]}", name=s[1],
                              arguments="".join(s[2]) or "{}")
                for _, s in sorted(self.slots.items())]


class _ThinkSplitter:
    """Moves ``<think>…</think>`` out of streamed content into reasoning."""

    def __init__(self) -> None:
        self.inside = False
        self.buf = ""

    def feed(self, text: str) -> list[Event]:
        self.buf += text
        out: list[Event] = []
        while self.buf:
            tag = "</think>" if self.inside else "<think>"
            at = self.buf.find(tag)
            if at < 0:
                keep = next((k for k in range(len(tag) - 1, 0, -1) if self.buf.endswith(tag[:k])), 0)
                chunk, self.buf = self.buf[: len(self.buf) - keep], self.buf[len(self.buf) - keep:]
                if chunk:
                    out.append(ReasoningDelta(chunk) if self.inside else TextDelta(chunk))
                break
            if at:
                piece = self.buf[:at]
                out.append(ReasoningDelta(piece) if self.inside else TextDelta(piece))
            self.buf = self.buf[at + len(tag):]
            self.inside = not self.inside
        return out


async def parse_chat_stream(
    response: httpx.Response, provider: str, base_url: str, split_think: bool = False,
) -> AsyncIterator[Event]:
    """OpenAI-style SSE → normalized events, ending with tool calls, usage and :class:`End`."""
    calls = _ToolCalls()
    think = _ThinkSplitter() if split_think else None
    stop: str | None = None
    usage: UsageEvent | None = None
    done = parsed = False
    bad = 0
    lines = sse_data(response)
    async for _event, data in lines:
        if data == "[DONE]":
            done = True
            await drain(lines)
            break
        try:
            chunk = json.loads(data)
        except ValueError:
            bad += 1
            logs.log("stream_bad_chunk", level="warning", provider=provider, chunk=data[:200])
            continue
        if not isinstance(chunk, dict):
            continue
        if chunk.get("error"):
            raise stream_error(provider, chunk["error"], base_url)
        parsed = True
        u = chunk.get("usage")
        if isinstance(u, dict):
            usage = UsageEvent(_int(u.get("prompt_tokens")), _int(u.get("completion_tokens")))
        choices = chunk.get("choices") or []
        if not choices:
            continue
        choice = choices[0]
        if not isinstance(choice, dict):
            continue
        delta = choice.get("delta") or choice.get("message") or {}
        reasoning = delta.get("reasoning") or delta.get("reasoning_content")
        if reasoning and isinstance(reasoning, str):
            yield ReasoningDelta(reasoning)
        content = delta.get("content")
        if content and isinstance(content, str):
            if think is None:
                yield TextDelta(content)
            else:
                for ev in think.feed(content):
                    yield ev
        for tc in delta.get("tool_calls") or ():
            if isinstance(tc, dict):
                calls.add(tc)
        if choice.get("finish_reason"):
            stop = choice["finish_reason"]
    if think is not None and think.buf:
        yield ReasoningDelta(think.buf) if think.inside else TextDelta(think.buf)
    label = LABELS.get(provider, provider)
    if not parsed and bad:
        raise ProviderError("invalid_request", f"The server at {base_url} did not answer like an "
                            "OpenAI-compatible API — check the base URL", retryable=False)
    if not done and stop is None:
        raise ProviderError("network_error", f"The answer from {label} was cut off — try again",
                            retryable=True, detail="stream ended without [DONE]")
    tool_events = calls.events()
    for ev in tool_events:
        yield ev
    if usage is not None:
        yield usage
    if tool_events and stop in (None, "stop"):
        stop = "tool_calls"
    yield End(stop or "stop")


class OpenAIProvider:
    name = "openai"
    default_base_url = "https://api.openai.com/v1"
    default_model = "gpt-4o-mini"
    quirks = Quirks(name="openai", max_tokens_field="max_completion_tokens")

    def __init__(
        self, http: httpx.AsyncClient, *, base_url: str | None = None, api_key: str | None = None,
        timeout: httpx.Timeout | None = None, quirks: Quirks | None = None,
    ) -> None:
        self.http = http
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        if quirks is not None:
            self.quirks = quirks

    def headers(self) -> dict[str, str]:
        h = {"Content-Type": "application/json", "Accept": "text/event-stream", **self.quirks.headers}
        if self.api_key:
            h["Authorization"] = f"Bearer {self.api_key}"
        return h

    def body(self, request: ChatRequest) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": request.model,
            "messages": to_openai_messages(request.messages),
            "stream": True,
        }
        if self.quirks.stream_usage:
            body["stream_options"] = {"include_usage": True}
        if request.tools:
            body["tools"] = to_openai_tools(request.tools)
        if request.temperature is not None and self.takes_temperature(request.model):
            body["temperature"] = request.temperature
        if request.max_tokens:
            body[self.quirks.max_tokens_field] = request.max_tokens
        body.update(request.extra)
        if not request.tools:
            body.pop("tool_choice", None)
            body.pop("parallel_tool_calls", None)
        return body

    def takes_temperature(self, model: str) -> bool:
        return True

    @property
    def shown_url(self) -> str:
        """The URL error messages name (the one the user typed in Settings)."""
        return self.base_url

    async def stream(self, request: ChatRequest) -> AsyncIterator[Event]:
        async with open_response(
            self.http, self.name, self.shown_url, "POST", f"{self.base_url}/chat/completions",
            headers=self.headers(), json=self.body(request), timeout=self.timeout, model=request.model,
        ) as response:
            async for event in parse_chat_stream(response, self.name, self.shown_url, self.quirks.split_think):
                yield event

    async def list_models(self) -> list[str]:
        data = await get_json(self.http, self.name, self.shown_url, f"{self.base_url}/models",
                              self.headers(), self.timeout)
        items = data.get("data") if isinstance(data, dict) else data
        return sorted({str(m.get("id")) for m in items or [] if isinstance(m, dict) and m.get("id")})


class OpenAI(OpenAIProvider):
    """api.openai.com itself: reasoning models take no temperature."""

    def takes_temperature(self, model: str) -> bool:
        return not model.startswith(("o1", "o3", "o4", "gpt-5"))


Provider = OpenAI
