"""Retries, the tools-rejection fallback and its memory, cancellation."""

from __future__ import annotations

import asyncio
import time
from contextlib import aclosing

import pytest

from native_host.errors import TabmateError
from native_host.providers.base import ChatRequest, End, TextDelta, ToolsOff
from tests.router.conftest import collect
from tests.support.fake_provider import json_reply, ollama_reply, sse_reply

HI = [{"role": "user", "content": "hi"}]
TOOLS = [{"name": "get_page", "description": "read the page", "parameters": {"type": "object", "properties": {}}}]
OK = sse_reply([{"choices": [{"delta": {"content": "fine"}, "finish_reason": "stop"}]}])


def req(tools=None) -> ChatRequest:
    return ChatRequest(model="", messages=HI, tools=tools, extra={"tool_choice": "auto"} if tools else {})


async def test_429_honours_retry_after(make_router, fake_provider, sleeper):
    fake_provider.add(json_reply({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": "7"}),
                      json_reply({"error": {"message": "slow"}}, status=429, headers={"retry-after-ms": "250"}),
                      OK)
    events = await collect(make_router(), req())
    assert events == [TextDelta("fine"), End("stop")]
    assert sleeper.delays == [7.0, 0.25]


async def test_server_errors_back_off_then_give_up(make_router, fake_provider, sleeper):
    fake_provider.default = json_reply({"error": {"message": "down"}}, status=500)
    with pytest.raises(TabmateError) as info:
        await collect(make_router(), req())
    assert info.value.code == "server_error"
    assert len(fake_provider.requests) == 3
    assert 0.75 <= sleeper.delays[0] <= 1.25 and 1.5 <= sleeper.delays[1] <= 2.5


async def test_non_retryable_fails_at_once(make_router, fake_provider, sleeper):
    fake_provider.default = json_reply({"error": {"message": "bad key"}}, status=401)
    with pytest.raises(TabmateError):
        await collect(make_router(), req())
    assert len(fake_provider.requests) == 1 and sleeper.delays == []


async def test_retry_recovers_from_a_cut_before_any_text(make_router, fake_provider, sleeper):
    fake_provider.add(sse_reply([{"choices": [{"delta": {"role": "assistant"}}]}] * 3, cut_after=1), OK)
    events = await collect(make_router(), req())
    assert events == [TextDelta("fine"), End("stop")] and len(sleeper.delays) == 1


REJECTIONS = [
    ("ollama", json_reply({"error": "registry.ollama.ai/library/gemma:2b does not support tools"}, status=400)),
    ("openrouter", json_reply({"error": {"code": 404, "message": "No endpoints found that support tool use."}}, status=404)),
    ("openai_compatible", json_reply({"error": {"code": 500, "message": "tools param requires --jinja flag"}}, status=500)),
    ("openai_compatible", json_reply({"object": "error", "message": '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'}, status=400)),
    ("openai", json_reply({"error": {"message": "Unrecognized request argument supplied: functions"}}, status=422)),
]


@pytest.mark.parametrize("provider,rejection", REJECTIONS)
async def test_tools_rejection_falls_back_once_and_is_remembered(make_router, fake_provider, services, sleeper, provider, rejection):
    ok = ollama_reply("fine", usage=None) if provider == "ollama" else OK
    fake_provider.add(rejection, ok, ok)
    router = make_router(provider)
    assert router.tools_supported
    events = await collect(router, req(TOOLS))
    assert isinstance(events[0], ToolsOff) and events[1:] == [TextDelta("fine"), End("stop")]
    assert (provider, "m") in services.tools_off and not router.tools_supported
    first, second = fake_provider.requests[0].json, fake_provider.requests[1].json
    assert "tools" in first and "tools" not in second and "tool_choice" not in second
    assert sleeper.delays == []
    # the next turn (a new router, same services) does not pay the failed request again
    again = make_router(provider)
    assert not again.tools_supported
    events = await collect(again, req(TOOLS))
    assert isinstance(events[0], ToolsOff) and len(fake_provider.requests) == 3
    assert "tools" not in fake_provider.requests[2].json


async def test_unrelated_400_is_not_a_tools_rejection(make_router, fake_provider, services):
    fake_provider.default = json_reply({"error": {"message": "Unsupported value: 'temperature' does not support 0.3"}}, status=400)
    with pytest.raises(TabmateError) as info:
        await collect(make_router(), req(TOOLS))
    assert info.value.code == "invalid_request" and services.tools_off == set()


async def test_anthropic_tools_rejection(make_router, fake_provider, services):
    from tests.support.fake_provider import anthropic_reply

    fake_provider.add(
        json_reply({"type": "error", "error": {"type": "invalid_request_error", "message": "tools: this model does not support tool use"}}, status=400),
        anthropic_reply([{"type": "message_start", "message": {"usage": {"input_tokens": 1}}},
                         {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "ok"}},
                         {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}},
                         {"type": "message_stop"}]))
    events = await collect(make_router("anthropic"), req(TOOLS))
    assert isinstance(events[0], ToolsOff) and TextDelta("ok") in events
    assert ("anthropic", "m") in services.tools_off


async def test_cancel_mid_stream_closes_the_connection_at_once(make_router, fake_provider):
    chunks = [{"choices": [{"delta": {"content": f"w{i} "}}]} for i in range(200)]
    fake_provider.default = sse_reply(chunks, delay=0.02)
    router = make_router()
    got: list[str] = []
    first = asyncio.Event()

    async def consume() -> None:
        async with aclosing(router.stream(req())) as stream:
            async for e in stream:
                got.append(e.text)
                first.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(first.wait(), 5)
    task.cancel()
    started = time.monotonic()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert time.monotonic() - started < 0.5
    deadline = time.monotonic() + 5
    while fake_provider.disconnects == 0 and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert fake_provider.disconnects == 1
    assert 0 < len(got) < 200


async def test_finished_streams_give_the_connection_back_to_the_pool(make_router, fake_provider):
    fake_provider.default = lambda rec: sse_reply([{"choices": [{"delta": {"content": "x"}, "finish_reason": "stop"}]},
                                                   {"choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 1}}])
    router = make_router()
    for _ in range(3):
        await collect(router, req())
    assert len({r.client_port for r in fake_provider.requests}) == 1
