"""Settings → MCP servers in real Chromium: paste the JSON, save, see each server's state."""

from __future__ import annotations

import json

import pytest

from tests.mcp.conftest import exits_at_start, raw_server

pytestmark = pytest.mark.e2e


def test_paste_servers_and_see_their_state(chromium):
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.click("[data-testid=open-settings]")
    pasted = {"mcpServers": {"raw": raw_server(trust="read", env={"RAW_TOKEN": "tok-123456"}), "dead": exits_at_start()}}
    sidebar.fill("[data-testid=mcp-servers]", json.dumps(pasted))
    sidebar.click("[data-testid=save-mcp]")
    sidebar.wait_for_selector("[data-testid=mcp-server][data-state=failed]", timeout=60000)
    sidebar.wait_for_selector("[data-testid=mcp-server][data-state=ready]", timeout=60000)
    status = sidebar.locator("[data-testid=mcp-status]").inner_text()
    assert "raw" in status and "shout" in status and "runs without asking" in status
    assert "boom: NOTES_TOKEN is missing" in status  # the failed server's last output
    saved = sidebar.input_value("[data-testid=mcp-servers]")
    assert "tok-123456" not in saved and "••••••" in saved and '"mcpServers"' not in saved
    sidebar.fill("[data-testid=mcp-servers]", "{not json")
    sidebar.click("[data-testid=save-mcp]")
    sidebar.wait_for_selector("#mcp-result.bad")
    assert "not valid JSON" in sidebar.inner_text("#mcp-result")
    assert chromium.problems == [], chromium.problems


def test_a_chat_uses_an_mcp_tool_after_the_user_allows_it(chromium, fake):
    from tests.e2e.conftest import answers, configure, text_reply, tool_reply, wait_idle
    from tests.mcp.conftest import sdk_server

    configure(fake, mcp_servers={"notes": sdk_server()})
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    fake.add(tool_reply("mcp__notes__add", {"a": 19, "b": 23}), text_reply("The sum is **42**."))
    sidebar.get_by_test_id("chat-input").fill("add 19 and 23 with my notes server")
    sidebar.get_by_test_id("send").click()
    allow = sidebar.get_by_test_id("confirm-allow")
    allow.wait_for(timeout=60000)
    card = sidebar.locator(".confirm").inner_text()
    assert "Run a tool of your MCP server?" in card and "Let the MCP server 'notes' run add?" in card
    assert '{"a":19,"b":23}' in card  # exactly what the server is given
    allow.click()
    wait_idle(sidebar, 60000)
    assert "42" in answers(sidebar).last.inner_text()
    fed = str(fake.requests[-1].json["messages"][-1])
    assert "42" in fed and "PAGE-DATA" in fed
    assert chromium.problems == [], chromium.problems
