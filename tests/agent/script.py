"""Scripted model replies (OpenAI-style SSE for the loopback fake) and a recording sidebar."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, Callable

from native_host import protocol
from native_host.channel import ChatChannel, Services
from tests.support.fake_provider import FakeProvider, Reply, sse_reply

FAKE_SETTINGS = {"provider": "openai_compatible", "model": "m", "api_key": "sk-test"}


def say(text: str, pieces: int = 3, **kw: Any) -> Reply:
    """A streamed text answer, cut into ``pieces`` deltas."""
    size = max(1, -(-len(text) // pieces))
    parts = [text[i:i + size] for i in range(0, len(text), size)] or [""]
    events: list[Any] = [{"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]} for p in parts]
    events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    events.append({"choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 5}})
    return sse_reply(events, **kw)


def call(*calls: tuple[str, Any], text: str = "", **kw: Any) -> Reply:
    """Native tool calls: (name, arguments) — arguments a dict or the raw JSON text."""
    events: list[Any] = []
    if text:
        events.append({"choices": [{"index": 0, "delta": {"content": text}}]})
    for i, (name, args) in enumerate(calls):
        raw = args if isinstance(args, str) else json.dumps(args)
        half = len(raw) // 2
        events.append({"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": i, "id": f"call_{i}_{name}", "type": "function", "function": {"name": name, "arguments": raw[:half]}}]}}]})
        events.append({"choices": [{"index": 0, "delta": {"tool_calls": [
            {"index": i, "function": {"arguments": raw[half:]}}]}}]})
    events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
    return sse_reply(events, **kw)


def tools_rejected() -> Reply:
    from tests.support.fake_provider import json_reply

    return json_reply({"error": {"message": "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set"}}, status=400)


class Sidebar:
    """Records what the host sends and answers tool and confirm requests like the extension."""

    def __init__(self, tools: dict[str, Any] | None = None, approve: bool | Callable[[dict], bool] = True,
                 remember: bool = False, tool_delay: float = 0.0) -> None:
        self.tools = tools or {}
        self.approve = approve
        self.remember = remember
        self.tool_delay = tool_delay
        self.sent: list[dict[str, Any]] = []
        self.pending: dict[str, asyncio.Future[Any]] = {}

    def send(self, msg: dict[str, Any]) -> None:
        self.sent.append(msg)
        if msg["type"] == "tool_request":
            asyncio.get_running_loop().create_task(self._tool(msg))
        elif msg["type"] == "confirm_request":
            ok = self.approve(msg) if callable(self.approve) else self.approve
            self._answer(msg["id"], protocol.ConfirmResult(type="confirm_result", id=msg["id"], approved=ok, remember=self.remember))

    async def _tool(self, msg: dict[str, Any]) -> None:
        if self.tool_delay:
            await asyncio.sleep(self.tool_delay)
        answer = self.tools.get(msg["tool"], {"ok": True})
        if callable(answer):  # sees the args as content.js does: stay_on_site merged in (browser_tools.js)
            answer = answer({**msg["args"], **({"stay_on_site": True} if msg.get("stay_on_site") else {})})
        if not isinstance(answer, dict) or "ok" not in answer:
            answer = {"ok": True, "result": answer}
        self._answer(msg["id"], protocol.ToolResult(type="tool_result", id=msg["id"], **answer))

    def _answer(self, req_id: str, value: Any) -> None:
        fut = self.pending.get(req_id)
        if fut is not None and not fut.done():
            fut.set_result(value)

    def channel(self, chat: protocol.Chat) -> ChatChannel:
        return ChatChannel(chat, self.send, self.pending)

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]

    def streamed(self) -> str:
        return "".join(m["text"] for m in self.of("delta"))


def chat(text: str, page: dict[str, Any] | None = None, session: str = "s1", action: str | None = None, id: Any = "c1") -> protocol.Chat:
    data: dict[str, Any] = {"type": "chat", "id": id, "session": session, "text": text}
    if page is not None:
        data["page"] = page
    if action:
        data["action"] = action
    return protocol.Chat.model_validate(data)


def services_for(fake: FakeProvider, **settings: Any) -> Services:
    services = Services()
    services.settings.update({**FAKE_SETTINGS, "base_url": fake.url + "/v1", **settings})
    return services


def sent_messages(fake: FakeProvider, n: int) -> list[dict[str, Any]]:
    return fake.requests[n].json["messages"]


def last_user_text(fake: FakeProvider, n: int) -> str:
    """Everything the model saw after the system prompt in request ``n``, as one string."""
    return "\n".join(json.dumps(m) for m in sent_messages(fake, n)[1:])


def strip_ws(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


async def run(c: protocol.Chat, sidebar: Sidebar, services: Services):
    from native_host.agent import run_chat

    try:
        return await run_chat(c, sidebar.channel(c), services)
    finally:
        await services.aclose()
