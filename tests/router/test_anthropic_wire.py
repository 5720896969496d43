"""Anthropic Messages over real HTTP: request shape and event stream."""

from __future__ import annotations

from native_host.providers.base import (
    ChatRequest, End, ReasoningDelta, TextDelta, ToolCallEvent, UsageEvent,
)
from tests.router.conftest import collect
from tests.support.fake_provider import anthropic_reply

TOOLS = [{"name": "click_element", "description": "click", "parameters": {"type": "object", "properties": {"index": {"type": "integer"}}}}]


def block_delta(index: int, **delta) -> dict:
    return {"type": "content_block_delta", "index": index, "delta": delta}


STREAM = [
    {"type": "message_start", "message": {"id": "msg_1", "usage": {"input_tokens": 25, "output_tokens": 1}}},
    {"type": "ping"},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}},
    block_delta(0, type="thinking_delta", thinking="The user wants a click."),
    block_delta(0, type="signature_delta", signature="abc"),
    {"type": "content_block_stop", "index": 0},
    {"type": "content_block_start", "index": 1, "content_block": {"type": "text", "text": ""}},
    block_delta(1, type="text_delta", text="Clicking "),
    block_delta(1, type="text_delta", text="now."),
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "click_element", "input": {}}},
    block_delta(2, type="input_json_delta", partial_json=""),
    block_delta(2, type="input_json_delta", partial_json='{"ind'),
    block_delta(2, type="input_json_delta", partial_json='ex": 4}'),
    {"type": "content_block_stop", "index": 2},
    {"type": "some_future_event", "data": 1},
    {"type": "message_delta", "delta": {"stop_reason": "tool_use"}, "usage": {"output_tokens": 42}},
    {"type": "message_stop"},
]


async def test_stream_with_thinking_text_tool_use_and_usage(make_router, fake_provider):
    fake_provider.add(anthropic_reply(STREAM))
    events = await collect(make_router("anthropic"), ChatRequest(model="", messages=[{"role": "user", "content": "click"}], tools=TOOLS))
    assert events == [
        ReasoningDelta("The user wants a click."), TextDelta("Clicking "), TextDelta("now."),
        ToolCallEvent("toolu_1", "click_element", '{"index": 4}'),
        UsageEvent(25, 42), End("tool_calls"),
    ]


async def test_request_shape(make_router, fake_provider):
    fake_provider.add(anthropic_reply([{"type": "message_start", "message": {"usage": {}}},
                                       {"type": "message_delta", "delta": {"stop_reason": "end_turn"}},
                                       {"type": "message_stop"}]))
    history = [
        {"role": "system", "content": "You are Tabmate."},
        {"role": "user", "content": "click 4"},
        {"role": "assistant", "content": "ok", "tool_calls": [
            {"id": "t1", "name": "click_element", "arguments": {"index": 4}},
            {"id": "t2", "name": "get_page", "arguments": "{}"}]},
        {"role": "tool", "tool_call_id": "t1", "content": "clicked"},
        {"role": "tool", "tool_call_id": "t2", "content": "page"},
    ]
    events = await collect(make_router("anthropic"), ChatRequest(model="", messages=history, tools=TOOLS, temperature=0.3))
    assert events[-1] == End("stop")
    sent = fake_provider.requests[0]
    assert sent.path == "/v1/messages"
    assert sent.headers["x-api-key"] == "sk-test-key-123456"
    assert sent.headers["anthropic-version"] == "2023-06-01"
    body = sent.json
    assert body["system"] == "You are Tabmate." and body["max_tokens"] > 0 and body["stream"] is True
    assert body["tools"] == [{"name": "click_element", "description": "click", "input_schema": TOOLS[0]["parameters"]}]
    assert body["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "click 4"}]},
        {"role": "assistant", "content": [
            {"type": "text", "text": "ok"},
            {"type": "tool_use", "id": "t1", "name": "click_element", "input": {"index": 4}},
            {"type": "tool_use", "id": "t2", "name": "get_page", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "clicked"},
            {"type": "tool_result", "tool_use_id": "t2", "content": "page"}]},
    ]


async def test_malformed_event_skipped(make_router, fake_provider):
    from tests.support.fake_provider import Reply

    chunks = [b'event: message_start\ndata: {"type":"message_start","message":{"usage":{}}}\n\n',
              b"event: content_block_delta\ndata: {oops\n\n",
              b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"hi"}}\n\n',
              b'event: message_stop\ndata: {"type":"message_stop"}\n\n']
    fake_provider.add(Reply(headers={"Content-Type": "text/event-stream"}, chunks=chunks))
    events = await collect(make_router("anthropic"), ChatRequest(model="", messages=[{"role": "user", "content": "x"}]))
    assert TextDelta("hi") in events and events[-1] == End("stop")
