"""Wrong-kind or malformed answers from the extension, and lone surrogates anywhere in what it
sends, reach the model as tool errors (or are cleaned) — never as ``internal``.

Through the real host subprocess, the real agent and a provider over loopback HTTP."""

from __future__ import annotations

import json

import pytest

from tests.agent.script import FAKE_SETTINGS, call, say
from tests.support.hostproc import HostProcess

PAGE = {"url": "https://shop.example/p", "title": "Kettle", "text": "A kettle for 20 EUR."}


def _host(tabmate_home, fake_provider) -> HostProcess:
    host = HostProcess(tabmate_home)
    settings = {**FAKE_SETTINGS, "base_url": fake_provider.url + "/v1", "confirm_actions": True}
    assert host.request({"type": "set_settings", "id": "s", "settings": settings})["type"] == "settings"
    return host


def _tool_text(fake_provider, n: int) -> str:
    return json.dumps([m for m in fake_provider.requests[n].json["messages"] if m["role"] == "tool"])


@pytest.mark.parametrize("answer, words", [
    (lambda rid: {"type": "confirm_result", "id": rid, "approved": True}, "answered with a confirm_result message"),
    (lambda rid: {"type": "tool_result", "id": rid, "ok": True, "result": {"html": 42, "url": "https://x"}},
     "returned a page Tabmate cannot read"),
    (lambda rid: {"type": "tool_result", "id": rid, "ok": True, "result": {"text": ["a"], "title": {"b": 1}}},
     "returned a page Tabmate cannot read"),
])
def test_a_malformed_tool_answer_is_a_tool_error_the_model_sees(tabmate_home, fake_provider, answer, words):
    fake_provider.add(call(("get_page", {})), say("Sorry, I could not read the page."))
    with _host(tabmate_home, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "what is this?", "page": PAGE})
        [req] = [m for m in host.recv_until(lambda m: m["type"] == "tool_request")[-1:]]
        host.send(answer(req["id"]))
        end = host.recv_until(lambda m: m["type"] in ("response", "error"))[-1]
        assert end["type"] == "response" and end["text"] == "Sorry, I could not read the page.", end
    assert words in _tool_text(fake_provider, 1)


def test_a_tool_result_for_a_permission_request_runs_nothing(tabmate_home, fake_provider):
    fake_provider.add(call(("click_element", {"index": 1})), say("I could not click it."))
    with _host(tabmate_home, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "buy it", "page": PAGE})
        confirm = host.recv_until(lambda m: m["type"] == "confirm_request")[-1]
        host.send({"type": "tool_result", "id": confirm["id"], "ok": True, "result": "clicked"})
        got = host.recv_until(lambda m: m["type"] in ("response", "error"))
        assert got[-1]["type"] == "response" and not [m for m in got if m["type"] == "tool_request"]
    assert "click_element was not run" in _tool_text(fake_provider, 1)


def test_lone_surrogates_in_text_page_model_and_key_never_give_internal(tabmate_home, fake_provider):
    fake_provider.add(say("fine"))
    with _host(tabmate_home, fake_provider) as host:
        host.send_raw(json.dumps({"type": "set_settings", "id": "s2", "settings": {"model": "m\ud800"}}).encode())
        assert host.recv()["settings"]["model"] == "m\ufffd"
        host.send_raw(json.dumps({"type": "set_settings", "id": "s3", "settings": {"api_key": "sk-\udfffabc"}}).encode())
        refused = host.recv()
        assert refused["type"] == "error" and refused["code"] == "invalid_request" and "api_key" in refused["message"]
        chat = {"type": "chat", "id": "c\ud800", "session": "s\udc00", "text": "hi \ud83d there",
                "page": {"url": "https://x.example/\udfff", "title": "T\ud800", "text": "body \udbff"}}
        host.send_raw(json.dumps(chat).encode())
        end = host.recv_until(lambda m: m["type"] in ("response", "error"))[-1]
        assert end["type"] == "response" and end["id"] == "c\ud800" and end["text"] == "fine", end
    sent = json.dumps(fake_provider.requests[0].json)
    assert "hi \\ufffd there" in sent or "hi \ufffd there" in sent
