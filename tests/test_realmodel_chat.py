"""The whole chat path against a real model: the host subprocess, the agent, the router and
llama.cpp serving SmolLM2-135M on loopback. A 135M model answers poorly; what this proves is
that a real server's real output travels through every layer and comes out clean."""

from __future__ import annotations

import pytest

from tests.support.hostproc import HostProcess

pytestmark = pytest.mark.realmodel

PAGE = """<html><head><title>SunBrew 3000 solar kettle</title></head><body><h1>SunBrew 3000</h1>
<p>The SunBrew 3000 is a solar kettle that boils a litre of water in 11 minutes in full sun.
It folds flat and weighs 900 g.</p><p>Price: 89 euros. Ships in two days.</p>
<button>Add to cart</button></body></html>"""


def test_chat_about_a_page_with_a_real_model(tabmate_home, llama_server):
    url, _ = llama_server
    with HostProcess(tabmate_home) as host:
        saved = host.request({"type": "set_settings", "id": "s", "settings": {
            "provider": "openai_compatible", "base_url": url + "/v1", "max_iterations": 3}})
        assert saved["type"] == "settings", saved
        ok = host.request({"type": "test_connection", "id": "t"}, timeout=60)
        assert ok["type"] == "test_result" and ok["ok"] is True, ok
        host.send({"type": "chat", "id": "c", "session": "tab-1", "text": "How much does the kettle cost?",
                   "page": {"url": "https://shop.example/sunbrew", "title": "SunBrew 3000 solar kettle", "html": PAGE}})
        msgs = host.recv_until(lambda m: m["type"] in ("response", "error"), timeout=120)
    final = msgs[-1]
    assert final["type"] == "response", final
    assert final["text"].strip() and 1 <= final["iterations"] <= 3
    for leak in ("<<<", "PAGE-DATA", "<tool_call>", "<get_page", "</think>"):
        assert leak not in final["text"]
    streamed = "".join(m["text"] for m in msgs if m["type"] == "delta")
    assert streamed.strip(), "a real model's text should reach the sidebar as deltas"


def test_a_draft_prompt_gives_a_draft_card_with_a_real_model(tabmate_home, llama_server):
    """SmolLM2 calls no tool; a draft-kind prompt still ends in a draft card (a draft_email request
    the sidebar turns into the card with Insert into page)."""
    url, _ = llama_server
    with HostProcess(tabmate_home) as host:
        saved = host.request({"type": "set_settings", "id": "s", "settings": {
            "provider": "openai_compatible", "base_url": url + "/v1", "max_iterations": 2, "temperature": 0.0}})
        assert saved["type"] == "settings", saved
        host.send({"type": "chat", "id": "d", "session": "tab-2", "text": "ask if it ships to Spain",
                   "prompt": "reply-politely"})
        got = host.recv_until(lambda m: m["type"] in ("tool_request", "response", "error"), timeout=180)
        drafts = []
        while got[-1]["type"] == "tool_request":
            req = got[-1]
            if req["tool"] == "draft_email":
                drafts.append(req["args"])
            host.send({"type": "tool_result", "id": req["id"], "ok": True,
                       "result": {"shown_to_user": True} if req["tool"] == "draft_email" else {"html": PAGE}})
            got = host.recv_until(lambda m: m["type"] in ("tool_request", "response", "error"), timeout=180)
    assert got[-1]["type"] == "response", got[-1]
    assert len(drafts) == 1, (drafts, got[-1])
    body = drafts[0]["body"]
    assert body.strip() and "<tool_call>" not in body and "PAGE-DATA" not in body
