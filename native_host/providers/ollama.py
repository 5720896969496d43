"""Ollama: chat through its own ``/api/chat`` (NDJSON); models from ``/api/tags``.

The base URL is the server root (``http://localhost:11434``); one ending in ``/v1`` works too.

Why the native API and not Ollama's OpenAI-compatible ``/v1`` (issue 11 chose ``/v1``; issue 13
moved, by these wire facts):

* **Context length.** ``/v1`` takes no per-request ``options``, so every chat runs with the
  server's context length (``OLLAMA_CONTEXT_LENGTH``: 2048 tokens in older versions, 4096 in
  recent ones).  Tabmate budgets a page to the model's window (up to 24 000 tokens of page
  plus history), and Ollama silently drops what does not fit — the system rules or the page.
  Here each request says ``options.num_ctx``: the next step of 8k/16k/32k/64k/128k above what
  the request needs (by the budget's own estimate, plus a tenth and room for the answer),
  capped at the model's window.  Steps, because Ollama reloads the model when ``num_ctx``
  changes; small chats keep a small context (its memory grows with it: a page cut to the
  largest budget, 24 000 tokens, runs at 32k).
* **Images** go as Ollama's own ``images`` list of bare base64 strings on the message.
* Tool calls come whole, with ``arguments`` as an object; results go back as ``tool`` messages
  naming the tool (``tool_name``).  Thinking models stream ``message.thinking``; ``<think>``
  tags in content are split out as for ``/v1``.
* Errors are ``{"error": "…"}`` — as the HTTP body (404 model not found, 400 "does not support
  tools", 500 "missing data required for image input") or as a line inside a 200 stream.  The
  router's fallbacks (tools off, one retry without images) work on both.

A server named "Ollama" in Settings that has no ``/api/chat`` (an OpenAI-style server; 404
without a word about a model) is talked to over its ``/v1`` instead, from then on.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any, AsyncIterator

import httpx

from native_host import images, logs
from native_host.errors import TabmateError
from native_host.providers.base import (
    ChatRequest, End, Event, ReasoningDelta, TextDelta, ToolCallEvent, UsageEvent, arguments_object,
)
from native_host.providers.errors import ProviderError, friendly_error
from native_host.providers.openai import OpenAIProvider, Quirks, _ThinkSplitter, to_openai_tools
from native_host.providers.sse import get_json, open_response

CONTEXT_STEPS = (8_192, 16_384, 32_768, 65_536, 131_072)
CHARS_PER_TOKEN = 4  # the estimate the page and history budgets are cut by (prompt.tokens)
MARGIN = 1.1  # … plus a tenth, for text that tokenizes denser than that
IMAGE_TOKENS = 1_600  # what one screenshot costs a vision model (LLaVA 576 … Qwen-VL ~1 300)
ANSWER_ROOM = 2_048


def to_ollama_messages(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Neutral messages → ``/api/chat`` messages."""
    out: list[dict[str, Any]] = []
    for m in messages:
        msg: dict[str, Any] = {"role": m["role"], "content": m.get("content") or ""}
        if m["role"] == "assistant" and m.get("tool_calls"):
            msg["tool_calls"] = [{"id": c["id"], "function": {"name": c["name"], "arguments": arguments_object(c["arguments"])}}
                                 for c in m["tool_calls"]]
        elif m["role"] == "tool":
            msg["tool_name"] = m.get("name", "")
            msg["tool_call_id"] = m.get("tool_call_id", "")
        if m.get("images"):  # bare base64, no data: prefix
            msg["images"] = [parsed[1] for url in m["images"] if (parsed := images.parse_data_url(url))]
        out.append(msg)
    return out


def num_ctx_for(request: ChatRequest, window: int) -> int:
    """The context length this request needs, as a step of :data:`CONTEXT_STEPS` ≤ ``window``."""
    chars = sum(len(m.get("content") or "") + len(json.dumps(m.get("tool_calls") or "")) for m in request.messages)
    prompt = (chars + len(json.dumps(request.tools or ""))) / CHARS_PER_TOKEN
    prompt += IMAGE_TOKENS * sum(len(m.get("images") or ()) for m in request.messages)
    need = int(prompt * MARGIN) + (request.max_tokens or ANSWER_ROOM)
    step = next((s for s in CONTEXT_STEPS if s >= need), CONTEXT_STEPS[-1])
    return max(2_048, min(step, window))


async def parse_ndjson(response: httpx.Response, provider: str, base_url: str) -> AsyncIterator[Event]:
    """``/api/chat`` NDJSON lines → normalized events, ending with tool calls, usage and End."""
    think = _ThinkSplitter()
    calls: list[ToolCallEvent] = []
    said = parsed = False
    async for line in response.aiter_lines():
        if not line.strip():
            continue
        try:
            chunk = json.loads(line)
        except ValueError:
            logs.log("stream_bad_chunk", level="warning", provider=provider, chunk=line[:200])
            continue
        if not isinstance(chunk, dict):
            continue
        parsed = True
        if chunk.get("error"):
            raise _stream_error(provider, chunk["error"], base_url, said)
        msg = chunk.get("message") or {}
        if isinstance(msg.get("thinking"), str) and msg["thinking"]:
            said = True
            yield ReasoningDelta(msg["thinking"])
        if isinstance(msg.get("content"), str) and msg["content"]:
            said = True
            for ev in think.feed(msg["content"]):
                yield ev
        for tc in msg.get("tool_calls") or ():
            fn = (tc.get("function") or {}) if isinstance(tc, dict) else {}
            if fn.get("name"):
                args = fn.get("arguments")
                calls.append(ToolCallEvent(id=str(tc.get("id") or f"call_{uuid.uuid4().hex[:12]}"), name=fn["name"],
                                           arguments=args if isinstance(args, str) else json.dumps(args or {}, ensure_ascii=False)))
        if chunk.get("done"):
            if think.buf:
                yield ReasoningDelta(think.buf) if think.inside else TextDelta(think.buf)
            for ev in calls:
                yield ev
            if "prompt_eval_count" in chunk or "eval_count" in chunk:  # (left out when the prompt was cached)
                yield UsageEvent(_int(chunk.get("prompt_eval_count")), _int(chunk.get("eval_count")))
            reason = chunk.get("done_reason") or "stop"
            yield End("tool_calls" if calls and reason == "stop" else reason)
            return
    if not parsed:
        raise ProviderError("invalid_request", f"The server at {base_url} did not answer like Ollama — check "
                            "the base URL (Ollama's is http://localhost:11434)", retryable=False)
    raise ProviderError("network_error", "The answer from Ollama was cut off — try again",
                        retryable=True, detail="stream ended without done")


def _stream_error(provider: str, error: Any, base_url: str, said: bool) -> ProviderError:
    """An error line in a 200 stream: judged like the same words in an HTTP 500 body (so a
    model that cannot read images or use tools gets the router's fallback, before any text)."""
    text = error.get("message", "") if isinstance(error, dict) else str(error)
    status = 404 if re.search(r"model .*not found", text) else 500
    e = friendly_error(provider, status, json.dumps({"error": text}), None, base_url)
    if not said:
        return e
    return ProviderError("server_error", f"Ollama stopped mid-answer: {e.detail[:200]}", retryable=True,
                         status=status, detail=e.detail)


def _int(value: Any) -> int:
    return value if isinstance(value, int) else 0


class Provider(OpenAIProvider):
    name = "ollama"
    default_base_url = "http://localhost:11434"
    default_model = "llama3.2"
    quirks = Quirks(name="ollama", split_think=True)  # for a server without /api/chat (below)

    def __init__(self, http: httpx.AsyncClient, *, base_url: str | None = None, **kw: Any) -> None:
        root = (base_url or self.default_base_url).rstrip("/")
        if root.endswith("/v1"):
            root = root[:-3]
        self.root = root
        self.openai_style = False  # set when the server turns out to have only /v1
        super().__init__(http, base_url=f"{root}/v1", **kw)

    @property
    def shown_url(self) -> str:
        return self.root

    def native_body(self, request: ChatRequest) -> dict[str, Any]:
        from native_host.router import context_window_for

        options: dict[str, Any] = {"num_ctx": num_ctx_for(request, context_window_for(self.name, request.model))}
        if request.temperature is not None:
            options["temperature"] = request.temperature
        if request.max_tokens:
            options["num_predict"] = request.max_tokens
        body: dict[str, Any] = {"model": request.model, "messages": to_ollama_messages(request.messages),
                                "stream": True, "options": options}
        if request.tools:
            body["tools"] = to_openai_tools(request.tools)
        return body

    async def stream(self, request: ChatRequest) -> AsyncIterator[Event]:
        if self.openai_style:
            async for event in super().stream(request):
                yield event
            return
        headers = {**self.headers(), "Accept": "application/x-ndjson"}
        try:
            async with open_response(
                self.http, self.name, self.root, "POST", f"{self.root}/api/chat",
                headers=headers, json=self.native_body(request), timeout=self.timeout, model=request.model,
            ) as response:
                async for event in parse_ndjson(response, self.name, self.root):
                    yield event
            return
        except TabmateError as e:
            if not (e.status == 404 and "model" not in (getattr(e, "detail", "") or "").lower()):
                raise
        self.openai_style = True  # no /api/chat here: an OpenAI-style server
        async for event in super().stream(request):
            yield event

    async def list_models(self) -> list[str]:
        try:
            data = await get_json(self.http, self.name, self.root, f"{self.root}/api/tags",
                                  self.headers(), self.timeout)
        except TabmateError as e:
            if e.status != 404:  # an OpenAI-style server without Ollama's own API
                raise
            return await super().list_models()
        return sorted(str(m.get("name") or m.get("model")) for m in data.get("models") or [])
