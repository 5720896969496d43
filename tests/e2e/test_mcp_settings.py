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
