"""Settings → MCP servers, written once against tests/e2e/driver.py and run in real Chromium and
real Firefox ESR: paste the JSON, save, see each server's state; a chat uses an MCP tool after the
user allows it."""

from __future__ import annotations

import json

import pytest

from tests.e2e.conftest import configure, text_reply, tool_reply
from tests.e2e.driver import open_settings, tid
from tests.mcp.conftest import exits_at_start, raw_server, sdk_server

pytestmark = pytest.mark.e2e


def test_paste_servers_and_see_their_state(browser):
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    open_settings(sidebar)  # what the settings render above the MCP form moves its Save button
    pasted = {"mcpServers": {"raw": raw_server(trust="read", env={"RAW_TOKEN": "tok-123456"}), "dead": exits_at_start()}}
    sidebar.fill("mcp-servers", json.dumps(pasted))
    sidebar.click("save-mcp")
    sidebar.wait("[data-testid=mcp-server][data-state=failed]", timeout=60)
    sidebar.wait("[data-testid=mcp-server][data-state=ready]", timeout=60)
    status = sidebar.text(tid("mcp-status"))
    assert "raw" in status and "shout" in status and "runs without asking" in status
    assert "boom: NOTES_TOKEN is missing" in status  # the failed server's last output
    saved = sidebar.value(tid("mcp-servers"))
    assert "tok-123456" not in saved and "••••••" in saved and '"mcpServers"' not in saved
    sidebar.fill("mcp-servers", "{not json")
    sidebar.click("save-mcp")
    sidebar.wait("#mcp-result.bad")
    assert "not valid JSON" in sidebar.text("#mcp-result")
    assert browser.problems == [], browser.problems


def test_a_chat_uses_an_mcp_tool_after_the_user_allows_it(browser, fake):
    configure(fake, mcp_servers={"notes": sdk_server()})
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    fake.add(tool_reply("mcp__notes__add", {"a": 19, "b": 23}), text_reply("The sum is **42**."))
    sidebar.fill("chat-input", "add 19 and 23 with my notes server")
    sidebar.click("send")
    sidebar.wait(tid("confirm-allow"), timeout=60)
    card = sidebar.text(".confirm")
    assert "Run a tool of your MCP server?" in card and "Let the MCP server 'notes' run add?" in card
    assert '{"a":19,"b":23}' in card  # exactly what the server is given
    sidebar.click("confirm-allow")
    sidebar.wait_answered(1, timeout=60)
    assert "42" in sidebar.text("[data-testid=message][data-role=assistant]")
    fed = str(fake.requests[-1].json["messages"][-1])
    assert "42" in fed and "PAGE-DATA" in fed
    assert browser.problems == [], browser.problems
