"""OpenAI-style streams (OpenAI, OpenRouter, compatible servers) over real HTTP (Ollama: test_ollama_wire.py)."""

from __future__ import annotations

import json

import pytest

from native_host.providers.base import (
    ChatRequest, End, ReasoningDelta, TextDelta, ToolCallEvent, UsageEvent,
)
from tests.router.conftest import collect
from tests.support.fake_provider import Reply, sse_reply

HI = [{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}]
TOOLS = [{"name": "get_page", "description": "read the page", "parameters": {"type": "object", "properties": {}}}]


def req(**kw) -> ChatRequest:
    return ChatRequest(model="", messages=kw.pop("messages", HI), **kw)


def delta(**d) -> dict:
    return {"choices": [{"index": 0, "delta": d, "finish_reason": None}]}


def finish(reason: str = "stop") -> dict:
    return {"choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}


USAGE = {"choices": [], "usage": {"prompt_tokens": 11, "completion_tokens": 7}}


@pytest.mark.parametrize("provider", ["openai", "openrouter", "openai_compatible"])
async def test_plain_text_stream_and_usage(make_router, fake_provider, provider):
    fake_provider.add(sse_reply([delta(role="assistant", content=""), delta(content="Hel"),
                                 delta(content="lo ✓"), finish(), USAGE]))
    events = await collect(make_router(provider), req(temperature=0.2, max_tokens=50))
    assert [e.text for e in events if isinstance(e, TextDelta)] == ["Hel", "lo ✓"]
    assert events[-2:] == [UsageEvent(11, 7), End("stop")]
    sent = fake_provider.requests[0]
    assert sent.path.endswith("/chat/completions")
    assert sent.json["model"] == "m" and sent.json["stream"] is True
    assert sent.json["messages"] == HI
    assert sent.json["stream_options"] == {"include_usage": True}
    field = "max_completion_tokens" if provider == "openai" else "max_tokens"
    assert sent.json[field] == 50
    assert sent.headers["authorization"] == "Bearer sk-test-key-123456"
    if provider == "openrouter":
        assert sent.headers["x-title"] == "Tabmate" and sent.headers["http-referer"]


async def test_tool_call_fragments_joined_by_index(make_router, fake_provider):
    fake_provider.add(sse_reply([
        delta(tool_calls=[{"index": 0, "id": "call_a", "type": "function",
                           "function": {"name": "click_element", "arguments": ""}}]),
        delta(tool_calls=[{"index": 0, "function": {"arguments": '{"ind'}}]),
        delta(tool_calls=[{"index": 1, "id": "call_b", "function": {"name": "scroll", "arguments": '{"direction"'}}]),
        delta(tool_calls=[{"index": 0, "function": {"arguments": 'ex": 3}'}}]),
        delta(tool_calls=[{"index": 1, "function": {"arguments": ': "down"}'}}]),
        finish("tool_calls"), USAGE,
    ]))
    events = await collect(make_router(), req(tools=TOOLS))
    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    assert calls == [ToolCallEvent("call_a", "click_element", '{"index": 3}'),
                     ToolCallEvent("call_b", "scroll", '{"direction": "down"}')]
    assert events[-1] == End("tool_calls")
    body = fake_provider.requests[0].json
    assert body["tools"][0] == {"type": "function", "function": TOOLS[0]}


async def test_gemini_index_less_tool_calls(make_router, fake_provider):
    fake_provider.add(sse_reply([
        delta(tool_calls=[{"id": "g1", "type": "function", "function": {"name": "open_url", "arguments": '{"url": "https://a.b"}'}}]),
        delta(tool_calls=[{"type": "function", "function": {"name": "get_page", "arguments": "{}"}}]),
        finish("stop"),
    ]))
    events = await collect(make_router("openai_compatible"), req(tools=TOOLS))
    calls = [e for e in events if isinstance(e, ToolCallEvent)]
    assert [(c.name, c.arguments) for c in calls] == [("open_url", '{"url": "https://a.b"}'), ("get_page", "{}")]
    assert calls[0].id == "g1" and calls[1].id  # a missing id is made up
    assert events[-1] == End("tool_calls")


@pytest.mark.parametrize("field", ["reasoning", "reasoning_content"])
async def test_reasoning_fields(make_router, fake_provider, field):
    fake_provider.add(sse_reply([delta(**{field: "let me think"}), delta(content="42"), finish()]))
    events = await collect(make_router("openai_compatible"), req())
    assert events[:2] == [ReasoningDelta("let me think"), TextDelta("42")]


async def test_think_tags_split_across_chunks(make_router, fake_provider):
    fake_provider.add(sse_reply([delta(content="<thi"), delta(content="nk>hmm</th"),
                                 delta(content="ink>Answer"), finish()]))
    events = await collect(make_router("openai_compatible"), req())
    assert [e for e in events if isinstance(e, ReasoningDelta)] == [ReasoningDelta("hmm")]
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Answer"


async def test_keepalive_comments_crlf_and_split_utf8(make_router, fake_provider):
    text = json.dumps(delta(content="héllo"), ensure_ascii=False).encode()
    cut = text.index("é".encode()) + 1  # split inside the two-byte character
    chunks = [b": OPENROUTER PROCESSING\r\n\r\n", b"data: " + text[:cut], text[cut:] + b"\r\n\r\n",
              b"data: " + json.dumps(finish()).encode() + b"\r\n\r\ndata: [DONE]\r\n\r\n"]
    fake_provider.add(Reply(headers={"Content-Type": "text/event-stream"}, chunks=chunks))
    events = await collect(make_router("openrouter"), req())
    assert events == [TextDelta("héllo"), End("stop")]


async def test_malformed_chunk_is_skipped(make_router, fake_provider):
    fake_provider.add(sse_reply([delta(content="a"), "{not json", delta(content="b"), finish()]))
    events = await collect(make_router(), req())
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "ab"


async def test_vllm_null_choices_usage(make_router, fake_provider):
    fake_provider.add(sse_reply([delta(content="a"), finish(), {"choices": None, "usage": USAGE["usage"]}]))
    events = await collect(make_router("openai_compatible"), req())
    assert UsageEvent(11, 7) in events


async def test_neutral_tool_history_is_converted(make_router, fake_provider):
    fake_provider.add(sse_reply([delta(content="done"), finish()]))
    history = HI + [
        {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "name": "get_page", "arguments": {}}]},
        {"role": "tool", "tool_call_id": "c1", "name": "get_page", "content": "page text"},
    ]
    await collect(make_router(), req(messages=history))
    sent = fake_provider.requests[0].json["messages"]
    assert sent[2] == {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "get_page", "arguments": "{}"}}]}
    assert sent[3] == {"role": "tool", "tool_call_id": "c1", "content": "page text"}


async def test_openai_compatible_picks_the_servers_model(make_router, fake_provider):
    from tests.support.fake_provider import json_reply

    fake_provider.add(json_reply({"data": [{"id": "smol"}]}, path="/models"),
                      sse_reply([delta(content="x"), finish()]))
    router = make_router("openai_compatible", model=None)
    await collect(router, req())
    assert router.model == "smol" and fake_provider.requests[1].json["model"] == "smol"
