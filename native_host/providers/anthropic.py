"""Anthropic Messages API: top-level system prompt, tool_use / tool_result blocks, SSE events."""

from __future__ import annotations

import json
from typing import Any, AsyncIterator

import httpx

from native_host import logs
from native_host.providers.base import (
    ChatRequest, arguments_object, End, Event, ReasoningDelta, TextDelta, ToolCallEvent, UsageEvent,
)
from native_host.providers.errors import ProviderError, stream_error
from native_host.providers.sse import drain, get_json, open_response, sse_data

VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 4096
STOP_REASONS = {"end_turn": "stop", "stop_sequence": "stop", "max_tokens": "length",
                "tool_use": "tool_calls", "refusal": "content_filter", "pause_turn": "pause"}


def to_anthropic(messages: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Neutral messages → (system prompt, Messages API messages with alternating roles)."""
    system: list[str] = []
    out: list[dict[str, Any]] = []

    def add(role: str, blocks: list[dict[str, Any]]) -> None:
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})

    for m in messages:
        role, content = m["role"], m.get("content") or ""
        if role == "system":
            system.append(content)
        elif role == "tool":
            add("user", [{"type": "tool_result", "tool_use_id": m.get("tool_call_id", ""),
                          "content": content}])
        elif role == "assistant":
            blocks: list[dict[str, Any]] = [{"type": "text", "text": content}] if content else []
            blocks += [{"type": "tool_use", "id": c["id"], "name": c["name"],
                        "input": arguments_object(c["arguments"])} for c in m.get("tool_calls") or ()]
            if blocks:
                add("assistant", blocks)
        else:
            add("user", [*_image_blocks(m.get("images") or ()), {"type": "text", "text": content}])
    return "\n\n".join(system), out


def _image_blocks(urls: Any) -> list[dict[str, Any]]:
    """Data URLs → base64 ``image`` blocks (images before the text, as Anthropic advises)."""
    from native_host.images import parse_data_url

    blocks = []
    for url in urls:
        parsed = parse_data_url(url)
        if parsed:
            blocks.append({"type": "image", "source": {"type": "base64", "media_type": parsed[0], "data": parsed[1]}})
    return blocks


async def parse_anthropic_stream(response: httpx.Response, base_url: str) -> AsyncIterator[Event]:
    tools: dict[int, list[Any]] = {}  # block index → [id, name, [json pieces]]
    input_tokens = output_tokens = 0
    stop: str | None = None
    finished = False
    lines = sse_data(response)
    async for event, data in lines:
        try:
            msg = json.loads(data)
        except ValueError:
            logs.log("stream_bad_chunk", level="warning", provider="anthropic", chunk=data[:200])
            continue
        if not isinstance(msg, dict):
            continue
        kind = msg.get("type") or event
        if kind == "content_block_delta":
            delta = msg.get("delta") or {}
            dtype = delta.get("type")
            if dtype == "text_delta" and delta.get("text"):
                yield TextDelta(delta["text"])
            elif dtype == "thinking_delta" and delta.get("thinking"):
                yield ReasoningDelta(delta["thinking"])
            elif dtype == "input_json_delta" and msg.get("index") in tools:
                tools[msg["index"]][2].append(delta.get("partial_json") or "")
        elif kind == "content_block_start":
            block = msg.get("content_block") or {}
            if block.get("type") == "tool_use":
                start = block.get("input")
                pieces = [json.dumps(start)] if start else []
                tools[msg.get("index", len(tools))] = [block.get("id", ""), block.get("name", ""), pieces]
        elif kind == "content_block_stop":
            slot = tools.pop(msg.get("index", -1), None)
            if slot is not None:
                yield ToolCallEvent(id=slot[0], name=slot[1], arguments="".join(slot[2]) or "{}")
        elif kind == "message_start":
            usage = (msg.get("message") or {}).get("usage") or {}
            input_tokens = int(usage.get("input_tokens") or 0)
            output_tokens = int(usage.get("output_tokens") or 0)
        elif kind == "message_delta":
            reason = (msg.get("delta") or {}).get("stop_reason")
            if reason:
                stop = STOP_REASONS.get(reason, reason)
            usage = msg.get("usage") or {}
            input_tokens = int(usage.get("input_tokens") or input_tokens)
            output_tokens = int(usage.get("output_tokens") or output_tokens)
        elif kind == "message_stop":
            finished = True
            await drain(lines)
            break
        elif kind == "error":
            raise stream_error("anthropic", msg.get("error") or msg, base_url)
    if not finished and stop is None:
        raise ProviderError("network_error", "The answer from Anthropic was cut off — try again",
                            retryable=True, detail="stream ended without message_stop")
    for slot in tools.values():  # a block the stream never closed
        yield ToolCallEvent(id=slot[0], name=slot[1], arguments="".join(slot[2]) or "{}")
    yield UsageEvent(input_tokens, output_tokens)
    yield End(stop or "stop")


class Provider:
    name = "anthropic"
    default_base_url = "https://api.anthropic.com"
    default_model = "claude-sonnet-4-5"

    def __init__(self, http: httpx.AsyncClient, *, base_url: str | None = None,
                 api_key: str | None = None, timeout: httpx.Timeout | None = None) -> None:
        self.http = http
        root = (base_url or self.default_base_url).rstrip("/")
        self.base_url = root[:-3] if root.endswith("/v1") else root
        self.api_key = api_key
        self.timeout = timeout

    def headers(self) -> dict[str, str]:
        h = {"Content-Type": "application/json", "anthropic-version": VERSION}
        if self.api_key:
            h["x-api-key"] = self.api_key
        return h

    def body(self, request: ChatRequest) -> dict[str, Any]:
        system, messages = to_anthropic(request.messages)
        body: dict[str, Any] = {
            "model": request.model, "messages": messages, "stream": True,
            "max_tokens": request.max_tokens or DEFAULT_MAX_TOKENS,
        }
        if system:
            body["system"] = system
        if request.tools:
            body["tools"] = [{"name": t["name"], "description": t.get("description", ""),
                              "input_schema": t.get("parameters") or {"type": "object", "properties": {}}}
                             for t in request.tools]
        if request.temperature is not None:
            body["temperature"] = min(request.temperature, 1.0)
        body.update(request.extra)
        if not request.tools:
            body.pop("tool_choice", None)
        return body

    async def stream(self, request: ChatRequest) -> AsyncIterator[Event]:
        async with open_response(
            self.http, self.name, self.base_url, "POST", f"{self.base_url}/v1/messages",
            headers=self.headers(), json=self.body(request), timeout=self.timeout, model=request.model,
        ) as response:
            async for event in parse_anthropic_stream(response, self.base_url):
                yield event

    async def list_models(self) -> list[str]:
        data = await get_json(self.http, self.name, self.base_url, f"{self.base_url}/v1/models?limit=1000",
                              self.headers(), self.timeout)
        return [str(m["id"]) for m in data.get("data") or [] if isinstance(m, dict) and m.get("id")]
