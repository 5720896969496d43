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
