"""Waiting is never silent: statuses while a server has not answered or has stalled, limits
that fit the provider, one retry at most after a timeout, and a long Retry-After told."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from native_host.errors import TabmateError
from native_host.providers.base import ChatRequest, TextDelta
from native_host.router import Router
from native_host.settings import Settings
from native_host.waiting import Patience, patience_for
from tests.router.conftest import NoSleep
from tests.support.fake_provider import json_reply, sse_reply

HI = [{"role": "user", "content": "hi"}]
SHORT = Patience(first_byte=1.0, stall=0.8, every=0.2)


class Silent:
    """A loopback server that accepts connections and reads the request, then says nothing
    (``first``: or sends the start of an SSE answer first, then nothing)."""

    def __init__(self, first: bytes = b"") -> None:
        self.first = first
        self.connections = 0
        self.server: asyncio.AbstractServer | None = None

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        with contextlib.suppress(Exception):
            await reader.readuntil(b"\r\n\r\n")
            if self.first:
                writer.write(self.first)
                await writer.drain()
            await reader.read()  # until the client hangs up
        writer.close()

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()


def _router(services, provider: str, url: str, statuses: list[str], sleeper=None) -> Router:
    settings = Settings(provider=provider, model="m", base_url=url + ("" if provider == "ollama" else "/v1"))
    return Router(settings, "sk-test-key-123456", services, sleep=sleeper or NoSleep(), patience=SHORT,
                  status=lambda stage, label: statuses.append(label))


async def _run(router: Router) -> list:
    return [e async for e in router.stream(ChatRequest(model="", messages=HI))]


async def test_a_local_server_that_never_answers_is_reported_then_given_up_without_retry(services):
    statuses: list[str] = []
    async with (server := Silent()) as url:
        with pytest.raises(TabmateError) as info:
            await _run(_router(services, "ollama", url, statuses))
    port = url.rsplit(":", 1)[1]
    assert len(statuses) >= 3 and all(s.startswith(f"Waiting for Ollama at 127.0.0.1:{port} — ") for s in statuses)
    e = info.value
    assert e.code == "timeout" and "did not start answering" in e.message and "CPU" in e.message
    assert server.connections == 1  # a busy local server is not sent the same request again


async def test_a_cloud_api_that_never_answers_is_retried_once(services):
    statuses: list[str] = []
    sleeper = NoSleep()
    async with (server := Silent()) as url:
        with pytest.raises(TabmateError) as info:
            await _run(_router(services, "openai", url, statuses, sleeper))
    assert info.value.code == "timeout" and server.connections == 2  # one retry, not two
    assert any(s.startswith("Retrying in") and "(no answer in time)" in s for s in statuses)
    assert sum(s.startswith("Waiting for OpenAI — ") for s in statuses) >= 6


async def test_a_stall_mid_answer_is_reported_and_ends_with_a_timeout(services):
    start = (b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n")
    chunk = b'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\n'
    start += f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    statuses: list[str] = []
    got: list = []
    async with (server := Silent(start)) as url:
        with pytest.raises(TabmateError) as info:
            async for event in _router(services, "openai_compatible", url, statuses).stream(ChatRequest(model="", messages=HI)):
                got.append(event)
    assert got == [TextDelta("Hel")]
    assert statuses and all("has paused — nothing for" in s for s in statuses)
    assert info.value.code == "timeout" and "stopped sending" in info.value.message
    assert server.connections == 1


async def test_retry_after_beyond_the_cap_is_told_not_retried(make_router, fake_provider, sleeper):
    fake_provider.default = json_reply({"error": {"message": "slow down"}}, status=429, headers={"Retry-After": "300"})
    with pytest.raises(TabmateError) as info:
        await _collect(make_router())
    assert info.value.code == "rate_limit" and "asks to wait 5 min" in info.value.message
    assert len(fake_provider.requests) == 1 and sleeper.delays == []


async def test_retries_say_what_they_wait_for(fake_provider, services):
    fake_provider.add(json_reply({"error": {"message": "down"}}, status=503, headers={"Retry-After": "4"}),
                      sse_reply([{"choices": [{"delta": {"content": "ok"}, "finish_reason": "stop"}]}]))
    statuses: list[str] = []
    router = _router(services, "openai", fake_provider.url, statuses)
    await _run(router)
    assert "Retrying in 4 s (server error 503)" in statuses


def test_limits_fit_the_provider():
    local, cloud = patience_for("ollama"), patience_for("anthropic")
    assert local.first_byte >= 300 and cloud.first_byte <= 180 and local.every <= 10 and cloud.every <= 10


async def _collect(router: Router) -> list:
    return await _run(router)
