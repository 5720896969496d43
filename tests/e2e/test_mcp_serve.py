"""Another agent reads the page open in the browser: the SDK's MCP client → `tabmate mcp serve`
→ the bridge → the host the browser started → the extension → the tab; a click is confirmed in
the sidebar, naming the program and the button. Written once against tests/e2e/driver.py and run
in real Chromium and real Firefox ESR."""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.e2e.driver import tid

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(os.name == "nt", reason="Unix-socket bridge")]


def call_tool(home: Path, tool: str, args: dict) -> tuple[bool, str]:
    """One MCP session, as Claude Desktop would run it: start `tabmate mcp serve`, call, stop."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client
    from mcp_types import Implementation

    async def go() -> tuple[bool, str]:
        params = StdioServerParameters(command=sys.executable, args=["-m", "native_host.cli", "mcp", "serve"],
                                       env={"TABMATE_HOME": str(home), "PYTHONPATH": os.getcwd()})
        async with Client(stdio_client(params), mode="legacy",
                          client_info=Implementation(name="claude-ai", version="1")) as client:
            result = await client.call_tool(tool, args)
        return result.is_error, "\n".join(b.text for b in result.content if getattr(b, "type", "") == "text")

    return asyncio.run(go())


def in_thread(fn, *args):
    out: dict = {}
    thread = threading.Thread(target=lambda: out.setdefault("value", fn(*args)), daemon=True)
    thread.start()
    return thread, out


def wait_for_bridge(home: Path, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if list((home / "data" / "run").glob("*.json")):
            return
        time.sleep(0.1)
    raise AssertionError("the host the browser started did not open its bridge")


def test_an_mcp_client_reads_the_page_open_in_the_browser(browser, tabmate_home):
    page = browser.open_page("/compose")
    sidebar = browser.open_sidebar(page)  # the sidebar connects: the browser starts the host
    wait_for_bridge(tabmate_home)
    page.front()  # the agent acts on the active tab

    thread, out = in_thread(call_tool, tabmate_home, "get_page", {})
    thread.join(90)
    is_error, text = out["value"]
    assert not is_error, text
    assert "Message from Ada" in text and "Is the SunBrew 3000 still for sale?" in text
    send = re.search(r"\[(\d+)\][^\n]*Send", text)
    assert send, text

    # a click asks in the sidebar, naming the program and the button; denied → an error, not clicked
    thread, out = in_thread(call_tool, tabmate_home, "click_element", {"index": int(send[1])})
    sidebar.wait(tid("confirm-deny"), timeout=60)
    card = sidebar.text(".confirm")
    assert "Claude Desktop wants to click 'Send'" in card, card
    assert not sidebar.eval("document.querySelector('#confirm-remember')?.checkVisibility() ?? false")  # no "always allow" for other programs
    sidebar.click("confirm-deny")
    thread.join(60)
    is_error, text = out["value"]
    assert is_error and "denied click_element" in text
    assert browser.problems == [], browser.problems
    json.dumps(out)  # plain data crossed the threads
