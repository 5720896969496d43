"""The agent through the real host subprocess, the real router and the loopback fake."""

from __future__ import annotations

import json

from tests.agent.script import FAKE_SETTINGS, call, say
from tests.support.fake_provider import FakeProvider
from tests.support.hostproc import HostProcess

PAGE = {"url": "https://shop.example/k", "title": "Kettle", "text": "Kettle, $39.99. [0] button Buy"}


def start(tmp_path, fake: FakeProvider, settings: dict | None = None) -> HostProcess:
    """The host with its settings aimed at the fake (an OpenAI-compatible server unless told)."""
    host = HostProcess(home=tmp_path / "home")
    settings = settings or {**FAKE_SETTINGS, "base_url": fake.url + "/v1"}
    reply = host.request({"type": "set_settings", "id": "s", "settings": settings})
    assert reply["type"] == "settings", reply
    return host


def is_end(m):
    return m["type"] in ("response", "error")


def test_answer_streams_through_the_host(tmp_path, fake_provider):
    fake_provider.add(say("It costs $39.99.", pieces=4))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "price?", "page": PAGE})
        got = host.recv_until(is_end)
    deltas = "".join(m["text"] for m in got if m["type"] == "delta")
    assert deltas == "It costs $39.99."
    assert got[-1] == {"type": "response", "id": "c1", "text": "It costs $39.99.", "interrupted": False,
                       "iterations": 1, "usage": {"input_tokens": 10, "output_tokens": 5}}


def test_tool_request_round_trip_and_denied_confirmation(tmp_path, fake_provider):
    fake_provider.add(call(("get_page", {})), call(("click_element", {"index": 0})), say("I did not click Buy."))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "buy?", "page": PAGE})
        got = host.recv_until(lambda m: m["type"] == "tool_request")
        req = got[-1]
        assert req["tool"] == "get_page" and req["chat"] == "c1"
        assert any(m["type"] == "status" and m["label"] == "Reading page…" for m in got)
        host.send({"type": "tool_result", "id": req["id"], "ok": True, "result": PAGE})
        ask = host.recv_until(lambda m: m["type"] == "confirm_request")[-1]
        assert ask["tool"] == "click_element" and ask["site"] == "https://shop.example"
        host.send({"type": "confirm_result", "id": ask["id"], "approved": False})
        got = host.recv_until(is_end)
    assert not [m for m in got if m["type"] == "tool_request"]
    assert got[-1]["text"] == "I did not click Buy." and got[-1]["iterations"] == 3
    assert "denied" in json.dumps(fake_provider.requests[2].json["messages"][-1])


def test_cancel_during_a_tool_step(tmp_path, fake_provider):
    fake_provider.add(call(("search_web", {"query": "kettles"}), text="Searching. "))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "compare", "page": PAGE})
        ask = host.recv_until(lambda m: m["type"] == "confirm_request")[-1]  # searching asks first
        host.send({"type": "confirm_result", "id": ask["id"], "approved": True})
        host.recv_until(lambda m: m["type"] == "tool_request")
        host.send({"type": "cancel", "id": "c1"})
        end = host.recv_until(is_end)[-1]
        assert end["interrupted"] is True and end["text"] == "Searching. \n\n[Request cancelled]"
        assert host.request({"type": "ping", "id": "p"})["type"] == "pong"
    assert len(fake_provider.requests) == 1
