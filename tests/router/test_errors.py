"""Every failure becomes one friendly TabmateError with the contract code — and no key."""

from __future__ import annotations

import socket

import pytest

from native_host.errors import TabmateError
from native_host.providers.base import ChatRequest, TextDelta
from native_host.router import friendly_error
from tests.router.conftest import collect
from tests.support.fake_provider import anthropic_reply, json_reply, sse_reply

KEY = "sk-test-key-123456"
HI = [{"role": "user", "content": "hi"}]


def req() -> ChatRequest:
    return ChatRequest(model="", messages=HI)


def openai_error(message: str, code: str | None = None, etype: str = "invalid_request_error") -> dict:
    return {"error": {"message": message, "type": etype, "param": None, "code": code}}


CASES = [
    # provider, status, body, code, retryable, words in the message
    ("openai", 401, openai_error(f"Incorrect API key provided: {KEY}", "invalid_api_key"), "auth_error", False, "Invalid API key"),
    ("anthropic", 401, {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}, "auth_error", False, "Invalid API key"),
    ("openrouter", 402, {"error": {"code": 402, "message": "Insufficient credits"}}, "permission_error", False, "openrouter.ai"),
    ("openrouter", 403, {"error": {"code": 403, "message": "Key limit exceeded"}}, "permission_error", False, "no credits or is invalid"),
    ("openai", 403, openai_error("Country not supported"), "permission_error", False, "platform.openai.com"),
    ("anthropic", 403, {"type": "error", "error": {"type": "permission_error", "message": "no"}}, "permission_error", False, "console.anthropic.com"),
    ("openai", 404, openai_error("The model `gpt-9` does not exist", "model_not_found"), "model_not_found", False, "Model not found"),
    ("ollama", 404, {"error": "model 'llama9' not found"}, "model_not_found", False, "ollama pull m"),
    ("openai", 429, openai_error("Rate limit reached", "rate_limit_exceeded"), "rate_limit", True, "Rate limited"),
    ("openai", 429, openai_error("You exceeded your current quota", "insufficient_quota"), "permission_error", False, "billing"),
    ("anthropic", 429, {"type": "error", "error": {"type": "rate_limit_error", "message": "slow"}}, "rate_limit", True, "Rate limited"),
    ("openai", 500, openai_error("boom", etype="server_error"), "server_error", True, "Server error"),
    ("openrouter", 502, {"error": {"code": 502, "message": "upstream"}}, "server_error", True, "Server error"),
    ("openrouter", 503, {"error": {"code": 503, "message": "no provider"}}, "server_error", True, "Server error"),
    ("anthropic", 529, {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}, "server_error", True, "Server error"),
    ("openrouter", 408, {"error": {"code": 408, "message": "timeout"}}, "timeout", True, "timed out"),
    ("openai", 400, openai_error("This model's maximum context length is 128000 tokens", "context_length_exceeded"), "context_length", False, "too long"),
    ("anthropic", 413, {"type": "error", "error": {"type": "request_too_large", "message": "too big"}}, "context_length", False, "too long"),
    ("anthropic", 400, {"type": "error", "error": {"type": "invalid_request_error", "message": "prompt is too long: 210000 tokens"}}, "context_length", False, "too long"),
    ("openai_compatible", 400, [{"error": {"code": 400, "message": "Invalid JSON payload", "status": "INVALID_ARGUMENT"}}], "invalid_request", False, "Invalid JSON payload"),
    ("openai", 400, openai_error(f"bad request with {KEY}"), "invalid_request", False, "rejected the request"),
]


@pytest.mark.parametrize("provider,status,body,code,retryable,words", CASES)
async def test_http_status_maps_to_friendly_error(make_router, fake_provider, provider, status, body, code, retryable, words):
    fake_provider.default = json_reply(body, status=status)
    router = make_router(provider, max_attempts=1)
    with pytest.raises(TabmateError) as info:
        await collect(router, req())
    e = info.value
    assert (e.code, e.retryable, e.status) == (code, retryable, status)
    assert words in e.message
    assert KEY not in e.message and KEY not in getattr(e, "detail", "")


async def test_error_logs_never_carry_the_key(make_router, fake_provider, tabmate_home):
    fake_provider.default = json_reply(openai_error(f"Incorrect API key provided: {KEY}"), status=401)
    with pytest.raises(TabmateError):
        await collect(make_router(), req())
    logs = "".join(p.read_text() for p in tabmate_home.rglob("*.log"))
    assert "llm_error" in logs and KEY not in logs


@pytest.mark.parametrize("provider", ["openai", "openrouter", "openai_compatible"])
async def test_error_object_inside_a_200_stream(make_router, fake_provider, provider):
    fake_provider.default = sse_reply([
        {"choices": [{"delta": {"content": "par"}}]},
        {"error": {"code": 502, "message": "Provider returned error"}},
    ], done=False)
    events: list = []
    with pytest.raises(TabmateError) as info:
        async for e in make_router(provider).stream(req()):
            events.append(e)
    assert events == [TextDelta("par")]
    assert info.value.code == "server_error" and len(fake_provider.requests) == 1  # no retry after text


async def test_anthropic_error_event_inside_a_200_stream(make_router, fake_provider):
    fake_provider.add(anthropic_reply([
        {"type": "message_start", "message": {"usage": {"input_tokens": 3}}},
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    ]))
    fake_provider.default = anthropic_reply([{"type": "error", "error": {"type": "invalid_request_error", "message": "nope"}}])
    with pytest.raises(TabmateError) as info:
        await collect(make_router("anthropic"), req())
    assert info.value.code == "invalid_request"  # the overloaded one was retried
    assert len(fake_provider.requests) == 2


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
async def test_stream_cut_midway_after_text_raises_network_error(make_router, fake_provider, provider):
    if provider == "openai":
        reply = sse_reply([{"choices": [{"delta": {"content": "a"}}]}] * 3, cut_after=2)
    else:
        reply = anthropic_reply([{"type": "message_start", "message": {"usage": {}}},
                                 {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "a"}},
                                 {"type": "message_stop"}], cut_after=2)
    fake_provider.default = reply
    events: list = []
    with pytest.raises(TabmateError) as info:
        async for e in make_router(provider).stream(req()):
            events.append(e)
    assert info.value.code == "network_error" and "interrupted" in info.value.message
    assert TextDelta("a") in events and len(fake_provider.requests) == 1


async def test_stream_ending_without_done_is_cut_off(make_router, fake_provider, sleeper):
    fake_provider.default = sse_reply([{"choices": [{"delta": {"role": "assistant"}}]}], done=False)
    with pytest.raises(TabmateError) as info:
        await collect(make_router(), req())
    assert info.value.code == "network_error" and "cut off" in info.value.message
    assert len(fake_provider.requests) == 3 and len(sleeper.delays) == 2  # nothing shown: retried


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("provider,words", [
    ("ollama", "Cannot reach Ollama at http://127.0.0.1:{port} — is it running?"),
    ("openai_compatible", "Cannot reach the server at http://127.0.0.1:{port}/v1 — is it running?"),
])
async def test_connection_refused(services, sleeper, provider, words):
    from native_host.router import Router
    from native_host.settings import Settings

    port = _free_port()
    base = f"http://127.0.0.1:{port}" + ("/v1" if provider != "ollama" else "")
    router = Router(Settings(provider=provider, model="m", base_url=base), None, services, sleep=sleeper)
    with pytest.raises(TabmateError) as info:
        await collect(router, req())
    assert info.value.code == "network_error" and info.value.message == words.format(port=port)
    assert sleeper.delays == []  # nothing listens locally: no point retrying


async def test_slow_server_hits_the_timeout(make_router, fake_provider, sleeper):
    fake_provider.default = sse_reply([{"choices": [{"delta": {"content": "late"}}]}], delay=1.0)
    with pytest.raises(TabmateError) as info:
        await collect(make_router(timeout=0.2, max_attempts=2), req())
    assert info.value.code == "timeout" and info.value.retryable
    assert len(sleeper.delays) == 1


def test_friendly_error_unit_cases():
    e = friendly_error("openai", 429, '{"error":{"message":"slow down"}}', None, "https://api.openai.com/v1",
                       headers={"retry-after-ms": "1500"})
    assert e.code == "rate_limit" and e.retry_after == 1.5
    e = friendly_error("openai", 503, "<html>bad gateway</html>", None, "https://x", headers={"retry-after": "120"})
    assert e.retry_after == 120.0  # kept: the router does not retry past its cap, it says how long
    e = friendly_error("anthropic", 529, None, None, "https://api.anthropic.com")
    assert e.code == "server_error" and e.retryable


async def test_context_error_inside_a_stream(make_router, fake_provider):
    fake_provider.default = sse_reply([{"error": {"message": "This model's maximum context length is 8192 tokens",
                                                  "code": "context_length_exceeded"}}], done=False)
    with pytest.raises(TabmateError) as info:
        await collect(make_router("openai_compatible"), req())
    assert info.value.code == "context_length" and not info.value.retryable


async def test_odd_chunks_do_not_crash(make_router, fake_provider):
    fake_provider.default = sse_reply([{"choices": ["x"]}, {"choices": [{"delta": {"tool_calls": ["y"], "content": "ok"}}]},
                                       {"choices": [], "usage": {"prompt_tokens": "many"}},
                                       {"choices": [{"delta": {}, "finish_reason": "stop"}]}])
    events = await collect(make_router(), req())
    assert TextDelta("ok") in events
