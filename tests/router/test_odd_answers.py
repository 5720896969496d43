"""Smaller things a careful client handles: a web page where the API should be, a message
that would start lower-case, temp files left by a killed write."""

from __future__ import annotations

import os
import time

import pytest

from native_host import outgoing, storage
from native_host.errors import TabmateError
from native_host.providers.base import ChatRequest
from tests.router.conftest import collect
from tests.support.fake_provider import Reply
from tests.support.hostproc import HostProcess

PORTAL = Reply(status=200, headers={"Content-Type": "text/html; charset=utf-8"},
               chunks=[b"<html><body><h1>Welcome to Airport Wi-Fi</h1><form>Accept</form></body></html>"])


@pytest.mark.parametrize("provider", ["openai", "anthropic", "openai_compatible"])
async def test_a_web_page_instead_of_the_api_is_named_and_not_retried(make_router, fake_provider, sleeper, provider):
    fake_provider.default = PORTAL
    with pytest.raises(TabmateError) as info:
        await collect(make_router(provider), ChatRequest(model="", messages=[{"role": "user", "content": "hi"}]))
    e = info.value
    assert e.code == "invalid_request" and not e.retryable
    assert "web page instead of the API" in e.message and "base URL" in e.message and "login page" in e.message
    assert len(fake_provider.requests) == 1 and sleeper.delays == []


def test_messages_people_read_start_with_a_capital():
    err = outgoing.ErrorMsg(code="timeout", message="the server timed out — try again").wire()
    assert err["message"] == "The server timed out — try again"
    assert outgoing.ErrorMsg(code="x", message="«quoted» stays").wire()["message"] == "«quoted» stays"


def test_temp_files_of_killed_writes_are_cleaned_at_start(tabmate_home):
    config = storage.config_dir()
    config.mkdir(parents=True)
    stale, fresh, other = config / ".settings.json.k2j3.tmp", config / ".settings.json.a1b2.tmp", config / "notes.tmp"
    for path in (stale, fresh, other):
        path.write_text("{")
    old = time.time() - 2 * storage.STALE_AFTER
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    with HostProcess(tabmate_home) as host:
        assert host.request({"type": "ping", "id": 1})["type"] == "pong"
        host.request({"type": "ping", "id": 2})
    assert not stale.exists() and fresh.exists() and other.exists()
