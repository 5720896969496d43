"""Ollama's own /api/chat over real HTTP: NDJSON lines, options.num_ctx, images, tool calls,
errors, and the /v1 fallback for a server without the native API."""

from __future__ import annotations

import json

import pytest

from native_host.errors import TabmateError
from native_host.providers.base import (
    ChatRequest, End, ReasoningDelta, TextDelta, ToolCallEvent, ToolsOff, UsageEvent,
)
from native_host.providers.ollama import CONTEXT_STEPS
from tests.router.conftest import collect
from tests.support.fake_provider import Reply, json_reply, ndjson_reply, ollama_reply, sse_reply

HI = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]
TOOLS = [{"name": "search_web", "description": "search", "parameters": {"type": "object", "properties": {"query": {"type": "string"}}}}]


def req(**kw) -> ChatRequest:
    return ChatRequest(model=kw.pop("model", ""), messages=kw.pop("messages", HI), **kw)


def text(events) -> str:
    return "".join(e.text for e in events if isinstance(e, TextDelta))


async def test_a_chat_streams_from_api_chat_with_its_options(make_router, fake_provider):
    fake_provider.add(ollama_reply("Hello ✓ there", pieces=3, usage=(26, 7)))
    events = await collect(make_router("ollama", key=None), req(temperature=0.2, max_tokens=50))
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["Hello", " ✓ th", "ere"]
    assert events[-2:] == [UsageEvent(26, 7), End("stop")]
    sent = fake_provider.requests[0]
    assert sent.path == "/api/chat" and "authorization" not in sent.headers
    assert sent.json == {"model": "m", "messages": HI, "stream": True,
                         "options": {"num_ctx": 8192, "temperature": 0.2, "num_predict": 50}}


async def test_a_base_url_ending_in_v1_still_reaches_the_native_api(fake_provider, services):
    from native_host.router import Router
    from native_host.settings import Settings

    fake_provider.add(ollama_reply("ok"))
    router = Router(Settings(provider="ollama", model="m", base_url=fake_provider.url + "/v1"), None, services)
    assert text(await collect(router, req())) == "ok"
    assert fake_provider.requests[0].path == "/api/chat"


async def test_a_long_page_gets_a_context_that_holds_it(make_router, fake_provider):
    """Ollama's default context (2048/4096) would silently cut a long page: num_ctx covers it."""
    page = "The kettle boils in eleven minutes. " * 2700  # ~97 000 characters: a page at its budget
    messages = [{"role": "system", "content": "rules " * 1000}, {"role": "user", "content": page}]
    fake_provider.add(ollama_reply("ok"), ollama_reply("ok"), ollama_reply("ok"))
    await collect(make_router("ollama", model="llama3.2"), req(messages=messages))
    await collect(make_router("ollama", model="llama3.2"), req())
    await collect(make_router("ollama", model="smollm2:360m"), req(messages=messages))
    long, short, small_model = (r.json["options"]["num_ctx"] for r in fake_provider.requests)
    need = sum(len(m["content"]) for m in messages) // 4  # the budget's own estimate
    assert long in CONTEXT_STEPS and long >= need + 2048 and long == 32768
    assert short == 8192  # a small chat keeps a small context
    assert small_model == 8192  # never above what the model can hold


async def test_whole_tool_calls_with_object_arguments_and_their_results_go_back(make_router, fake_provider):
    fake_provider.add(ollama_reply(tool_calls=[
        {"id": "call_x1", "function": {"index": 0, "name": "search_web", "arguments": {"query": "kettles"}}},
        {"function": {"name": "get_page", "arguments": {}}}]), ollama_reply("Done."))
    router = make_router("ollama")
    events = await collect(router, req(tools=TOOLS))
    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [("search_web", {"query": "kettles"}), ("get_page", {})]
    assert calls[0].id == "call_x1" and calls[1].id  # a missing id is made up
    assert events[-1] == End("tool_calls")
    assert fake_provider.requests[0].json["tools"] == [{"type": "function", "function": TOOLS[0]}]
    history = [*HI, {"role": "assistant", "content": "", "tool_calls": [
        {"id": "call_x1", "name": "search_web", "arguments": '{"query": "kettles"}'}]},
        {"role": "tool", "tool_call_id": "call_x1", "name": "search_web", "content": "3 results"}]
    await collect(router, req(messages=history, tools=TOOLS))
    sent = fake_provider.requests[1].json["messages"]
    assert sent[2]["tool_calls"] == [{"id": "call_x1", "function": {"name": "search_web", "arguments": {"query": "kettles"}}}]
    assert sent[3] == {"role": "tool", "content": "3 results", "tool_name": "search_web", "tool_call_id": "call_x1"}


async def test_thinking_field_and_think_tags_are_reasoning(make_router, fake_provider):
    fake_provider.add(ollama_reply("<think>hmm</think>Answer", pieces=4, thinking="first, the units"))
    events = await collect(make_router("ollama"), req())
    assert [e.text for e in events if isinstance(e, ReasoningDelta)] == ["first, the units", "hmm"]
    assert text(events) == "Answer"


async def test_a_model_that_is_not_pulled(make_router, fake_provider):
    fake_provider.add(json_reply({"error": "model 'llama9' not found"}, status=404))
    with pytest.raises(TabmateError) as info:
        await collect(make_router("ollama", model="llama9"), req())
    assert info.value.code == "model_not_found" and "ollama pull llama9" in info.value.message
    assert len(fake_provider.requests) == 1  # not retried, and not taken for a server without /api/chat


async def test_a_model_without_tools_gets_the_text_fallback(make_router, fake_provider, services):
    fake_provider.add(json_reply({"error": "registry.ollama.ai/library/gemma:2b does not support tools"}, status=400),
                      ollama_reply("fine"))
    events = await collect(make_router("ollama"), req(tools=TOOLS))
    assert isinstance(events[0], ToolsOff) and text(events) == "fine"
    assert "tools" not in fake_provider.requests[1].json and ("ollama", "m") in services.tools_off


async def test_an_error_line_inside_the_stream(make_router, fake_provider, sleeper):
    fake_provider.add(ndjson_reply([{"error": "an error was encountered while running the model: unexpected EOF"}]),
                      ollama_reply("fine"))
    events = await collect(make_router("ollama"), req())
    assert text(events) == "fine" and len(sleeper.delays) == 1  # before any text: retried
    fake_provider.add(ndjson_reply([{"message": {"role": "assistant", "content": "Half"}, "done": False},
                                    {"error": "llama runner process has terminated: signal: killed"}]))
    with pytest.raises(TabmateError) as info:
        await collect(make_router("ollama"), req())
    assert info.value.code == "server_error" and "stopped mid-answer" in info.value.message
    assert "signal: killed" in info.value.message


async def test_a_stream_cut_before_done_is_an_error(make_router, fake_provider):
    fake_provider.default = ndjson_reply([{"message": {"role": "assistant", "content": "Hal"}, "done": False}])
    with pytest.raises(TabmateError) as info:
        await collect(make_router("ollama"), req())
    assert info.value.code == "network_error" and "cut off" in info.value.message


async def test_a_web_server_answering_200_in_another_format(make_router, fake_provider):
    fake_provider.default = Reply(headers={"Content-Type": "text/plain"}, chunks=[b"hello\nworld\n"])
    with pytest.raises(TabmateError) as info:
        await collect(make_router("ollama"), req())
    assert info.value.code == "invalid_request" and "did not answer like Ollama" in info.value.message
    assert len(fake_provider.requests) == 1


async def test_a_server_without_api_chat_is_spoken_to_over_v1(make_router, fake_provider):
    """LM Studio or llama.cpp chosen as "Ollama": 404 on /api/chat (no word about a model)."""
    fake_provider.add(Reply(status=404, headers={"Content-Type": "text/plain"}, chunks=[b"404 page not found"], path="/api/chat"),
                      sse_reply([{"choices": [{"index": 0, "delta": {"content": "via v1"}, "finish_reason": "stop"}]}]),
                      sse_reply([{"choices": [{"index": 0, "delta": {"content": "again"}, "finish_reason": "stop"}]}]))
    router = make_router("ollama")
    assert text(await collect(router, req())) == "via v1"
    assert text(await collect(router, req())) == "again"
    assert [r.path for r in fake_provider.requests] == ["/api/chat", "/v1/chat/completions", "/v1/chat/completions"]


async def test_test_connection_asks_for_a_few_tokens_and_names_the_server(fake_provider, services):
    from native_host import router
    from native_host.settings import Settings

    fake_provider.add(ollama_reply("ok"))
    result = await router.test_connection(Settings(provider="ollama", model="qwen3:4b", base_url=fake_provider.url),
                                          None, services)
    assert result["ok"] and result["message"] == f"Connected to {fake_provider.url} — qwen3:4b answered"
    assert fake_provider.requests[0].json["options"]["num_predict"] == 5
