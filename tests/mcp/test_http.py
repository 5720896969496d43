"""A streamable-HTTP MCP server (the SDK's, on loopback) with a secret header."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest

from tests.agent.script import Sidebar, call, chat, run, say, sent_messages
from tests.mcp.conftest import SERVERS


@pytest.fixture
def http_server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, str(SERVERS / "http_server.py"), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/mcp"
    proc.terminate()
    proc.wait(10)


async def test_headers_reach_the_server_and_stay_secret(fake_provider, services, http_server, quick_start):
    services.settings.update({"mcp_servers": {
        "web": {"url": http_server, "headers": {"Authorization": "Bearer hdr-secret-123"}, "trust": "read"},
        "locked": {"url": http_server, "headers": {"Authorization": "Bearer wrong"}},
    }})
    assert services.settings.public()["mcp_servers"]["web"]["headers"] == {"Authorization": "••••••"}
    fake_provider.add(call(("mcp__web__whoami", {})), say("You are in."))
    side = Sidebar()
    out = await run(chat("who am I?", None), side, services)
    assert out.text == "You are in."
    assert "authorized caller" in sent_messages(fake_provider, 1)[-1]["content"]
    names = [t["function"]["name"] for t in fake_provider.requests[0].json["tools"]]
    assert "mcp__web__whoami" in names and not any(n.startswith("mcp__locked") for n in names)
    report = {s["name"]: s for s in await services.mcp().status(services.settings.load().mcp_servers)}
    await services.aclose()
    assert report["locked"]["state"] == "failed" and "401" in report["locked"]["error"]
    assert "hdr-secret" not in str(report) and "hdr-secret" not in str(side.sent)
