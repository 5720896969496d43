"""``tabmate mcp serve`` end to end: the SDK's MCP client → `tabmate mcp serve` (real stdio) →
the local bridge → a real host subprocess whose extension side this test plays over real pipes."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.hostproc import HostProcess

pytestmark = pytest.mark.skipif(os.name == "nt", reason="the Unix-socket bridge (Windows uses a named pipe)")

PAGE = {"url": "https://mail.example/compose", "title": "Compose",
        "html": "<html><body><main><h1>New message</h1><p>Write to Ada about the tea order.</p>"
                "<button>Send</button></main></body></html>"}


def serve_params(home: Path):
    from mcp.client.stdio import StdioServerParameters

    return StdioServerParameters(command=sys.executable, args=["-m", "native_host.cli", "mcp", "serve"],
                                 env={"TABMATE_HOME": str(home), "PYTHONPATH": os.getcwd()})


def mcp_client(home: Path, name: str = "claude-ai"):
    from mcp import Client
    from mcp.client.stdio import stdio_client
    from mcp_types import Implementation

    return Client(stdio_client(serve_params(home)), mode="legacy", client_info=Implementation(name=name, version="1"))


def wait_for_bridge(home: Path, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = home / "data" / "run"
        files = list(run.glob("*.json")) if run.is_dir() else []
        for f in files:
            return {"file": f, **json.loads(f.read_text())}
        time.sleep(0.05)
    raise AssertionError("the host did not open its bridge")


def text_of(result) -> str:
    return "\n".join(b.text for b in result.content if getattr(b, "type", "") == "text")


async def answer_next(host: HostProcess, kind: str) -> dict:
    msgs = await asyncio.to_thread(host.recv_until, lambda m: m["type"] == kind, 60)
    return msgs[-1]


async def test_another_agent_uses_the_browser_through_the_host(tmp_path):
    home = tmp_path / "home"
    with HostProcess(home=home) as host:
        info = wait_for_bridge(home)
        async with mcp_client(home) as client:
            names = sorted(t.name for t in (await client.list_tools()).tools)
            assert names == sorted(["get_page", "get_selection", "list_tabs", "open_url", "click_element",
                                    "fill_input", "scroll"])

            # get_page: the extension side answers with the active tab's snapshot
            call = asyncio.ensure_future(client.call_tool("get_page", {}))
            req = await answer_next(host, "tool_request")
            assert req["tool"] == "get_page" and req["agent"] == "Claude Desktop"
            host.send({"type": "tool_result", "id": req["id"], "ok": True, "result": PAGE})
            page = await asyncio.wait_for(call, 30)
            assert not page.is_error
            body = text_of(page)
            assert "Write to Ada about the tea order." in body and "Send" in body
            assert "PAGE-DATA" in body and "untrusted" in body  # fenced for the other agent too

            # a click is confirmed first, naming the program; denied → an error, nothing run
            call = asyncio.ensure_future(client.call_tool("click_element", {"index": 0}))
            ask = await answer_next(host, "confirm_request")
            assert ask["tool"] == "click_element" and ask["agent"] == "Claude Desktop"
            assert ask["summary"] == "Claude Desktop wants to click element 0"
            host.send({"type": "confirm_result", "id": ask["id"], "approved": False})
            denied = await asyncio.wait_for(call, 30)
            assert denied.is_error and "denied click_element" in text_of(denied)

            # allowed → the extension runs it
            call = asyncio.ensure_future(client.call_tool("fill_input", {"index": 1, "text": "Hello Ada"}))
            ask = await answer_next(host, "confirm_request")
            assert ask["summary"] == "Claude Desktop wants to type “Hello Ada” into element 1"
            host.send({"type": "confirm_result", "id": ask["id"], "approved": True})
            req = await answer_next(host, "tool_request")
            assert (req["tool"], req["args"]) == ("fill_input", {"index": 1, "text": "Hello Ada"})
            host.send({"type": "tool_result", "id": req["id"], "ok": True, "result": {"filled": True}})
            done = await asyncio.wait_for(call, 30)
            assert not done.is_error and json.loads(text_of(done)) == {"filled": True}

            # reading tools need no confirmation
            call = asyncio.ensure_future(client.call_tool("list_tabs", {}))
            req = await answer_next(host, "tool_request")
            assert req["tool"] == "list_tabs"
            host.send({"type": "tool_result", "id": req["id"], "ok": True,
                       "result": [{"tab_id": 3, "title": "Compose", "url": PAGE["url"], "active": True}]})
            assert json.loads(text_of(await asyncio.wait_for(call, 30)))[0]["title"] == "Compose"
        host.close_stdin()
        assert host.wait(10) == 0
    assert not info["file"].exists() and not Path(info["address"]).exists()  # cleaned up on exit


async def test_no_browser_gives_a_clear_error(tmp_path):
    async with mcp_client(tmp_path / "empty-home") as client:
        result = await client.call_tool("get_page", {})
    assert result.is_error and "Open the Tabmate sidebar" in text_of(result)


async def test_only_the_user_with_the_token_gets_in(tmp_path):
    from native_host.mcp import bridge

    home = tmp_path / "home"
    with HostProcess(home=home) as host:
        info = wait_for_bridge(home)
        folder = info["file"].parent
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        assert stat.S_IMODE(info["file"].stat().st_mode) == 0o600
        assert stat.S_IMODE(Path(info["address"]).parent.stat().st_mode) == 0o700

        async def hello(token: str) -> dict:
            reader, writer = await asyncio.open_unix_connection(info["address"])
            writer.write(json.dumps({"token": token, "agent": "x"}).encode() + b"\n")
            line = await reader.readline()
            rest = await reader.read()
            writer.close()
            return {"hello": json.loads(line), "closed": rest == b""}

        wrong = await hello("not-the-token")
        assert wrong == {"hello": {"ok": False, "error": "wrong token"}, "closed": True}
        # the client refuses to go on with a wrong token too
        info["file"].write_text(json.dumps({**{k: v for k, v in info.items() if k != "file"}, "token": "stale"}))
        with pytest.raises(bridge.BridgeError, match="wrong token"):
            os.environ["TABMATE_HOME"] = str(home)
            await bridge.call("x", "get_page", {})
        # another user cannot even open the socket (0700 folder)
        if os.getuid() == 0 and shutil.which("setpriv"):
            probe = subprocess.run(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
                 f"import socket; s = socket.socket(socket.AF_UNIX); s.connect({info['address']!r})"],
                capture_output=True, text=True, timeout=20)
            assert probe.returncode != 0 and "PermissionError" in probe.stderr
        assert not host.frames.qsize() or all(f and f.get("type") != "tool_request" for f in list(host.frames.queue))
