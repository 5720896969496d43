"""The user's MCP servers, real ones over real stdio, through the agent loop and the loopback model.

Servers: one written with the SDK (servers/sdk_server.py), one raw JSON-RPC without the SDK
(servers/raw_server.py), the reference ``mcp-server-time`` from PyPI, and broken ones.
"""

from __future__ import annotations

import json

import pytest

from native_host.mcp.config import MASK
from tests.agent.script import Sidebar, call, chat, run, say, sent_messages
from tests.mcp.conftest import TIME_SERVER, exits_at_start, hangs, raw_server, sdk_server

PAGE = {"url": "https://docs.example/a", "title": "Docs", "text": "Some documentation."}


def tool_names(fake, n=0):
    return [t["function"]["name"] for t in fake.requests[n].json.get("tools", [])]


async def test_tools_reach_the_model_named_by_server_and_calls_are_confirmed(fake_provider, services):
    services.settings.update({"mcp_servers": {"notes": sdk_server(), "raw": raw_server(trust="read")}})
    fake_provider.add(call(("mcp__notes__add", {"a": 2, "b": 40})),
                      say('<mcp__raw__shout text="quiet please" />'),
                      say("2 + 40 = 42, and QUIET PLEASE."))
    side = Sidebar()
    out = await run(chat("add and shout", PAGE), side, services)
    assert out.text == "2 + 40 = 42, and QUIET PLEASE."
    names = tool_names(fake_provider)
    assert {"get_page", "click_element", "mcp__notes__add", "mcp__notes__huge", "mcp__raw__shout"} <= set(names)
    system = sent_messages(fake_provider, 0)[0]["content"]
    assert "| mcp__raw__shout |" in system and '<mcp__raw__shout text="…" />' in system  # XML form too
    # the ask-server's call was confirmed, the read-trusted one was not
    asks = side.of("confirm_request")
    assert [a["tool"] for a in asks] == ["mcp__notes__add"]
    assert asks[0]["args"] == {"a": 2, "b": 40} and "notes" in asks[0]["summary"]
    result = sent_messages(fake_provider, 1)[-1]
    assert result["role"] == "tool" and "42" in result["content"] and "PAGE-DATA" in result["content"]
    shouted = json.dumps(sent_messages(fake_provider, 2)[-1])
    assert "QUIET PLEASE" in shouted and "PAGE-DATA" in shouted  # fenced as untrusted data
    assert not side.of("tool_request")  # MCP tools run in the host, not in the browser


async def test_denied_call_is_not_run(fake_provider, services, tmp_path):
    services.settings.update({"mcp_servers": {"notes": sdk_server()}})
    fake_provider.add(call(("mcp__notes__crash", {})), say("I was not allowed."))
    side = Sidebar(approve=False)
    out = await run(chat("crash it", PAGE), side, services)
    assert out.text == "I was not allowed."
    assert "denied" in sent_messages(fake_provider, 1)[-1]["content"]


@pytest.mark.skipif(TIME_SERVER is None, reason="mcp-server-time (test extra) is not installed")
async def test_a_real_server_from_pypi(fake_provider, services):
    services.settings.update({"mcp_servers": {"time": {"command": TIME_SERVER, "args": ["--local-timezone", "UTC"],
                                                        "trust": "read"}}})
    fake_provider.add(call(("mcp__time__get_current_time", {"timezone": "Asia/Tokyo"})), say("It is late in Tokyo."))
    out = await run(chat("time in Tokyo?", PAGE), Sidebar(), services)
    assert out.text == "It is late in Tokyo."
    assert "mcp__time__convert_time" in tool_names(fake_provider)
    result = sent_messages(fake_provider, 1)[-1]["content"]
    assert "Asia/Tokyo" in result and "+09:00" in result


async def test_broken_servers_never_break_a_chat_and_are_reported(fake_provider, services, quick_start):
    services.settings.update({"mcp_servers": {"dead": exits_at_start(), "stuck": hangs(), "raw": raw_server(trust="read")}})
    fake_provider.add(call(("mcp__raw__shout", {"text": "ok"})), say("Fine."))
    side = Sidebar()
    try:
        from native_host.agent import run_chat

        out = await run_chat(chat("hi", PAGE), side.channel(chat("hi", PAGE)), services)
        assert out.text == "Fine."
        names = tool_names(fake_provider)
        assert "mcp__raw__shout" in names and not [n for n in names if n.startswith(("mcp__dead", "mcp__stuck"))]
        assert any(m["type"] == "status" and "Starting MCP" in m["label"] for m in side.sent)
        report = {s["name"]: s for s in await services.mcp().status(services.settings.load().mcp_servers, start=False)}
        assert report["dead"]["state"] == "failed" and "exited" in report["dead"]["error"]
        assert "boom: NOTES_TOKEN is missing" in report["dead"]["stderr"]
        assert report["stuck"]["state"] == "failed" and "did not start within 4 s" in report["stuck"]["error"]
        assert report["raw"]["state"] == "ready" and report["raw"]["tools"][0]["name"] == "mcp__raw__shout"
        # a second chat does not wait for the broken ones again
        fake_provider.add(say("Still fine."))
        side2 = Sidebar()
        out = await run_chat(chat("again", PAGE, id="c2"), side2.channel(chat("again", PAGE, id="c2")), services)
        assert out.text == "Still fine." and not any("Starting MCP" in m.get("label", "") for m in side2.sent)
    finally:
        await services.aclose()


async def test_huge_result_is_cut_and_fenced(fake_provider, services):
    services.settings.update({"mcp_servers": {"notes": sdk_server(trust="read")}})
    fake_provider.add(call(("mcp__notes__huge", {"chars": 3_000_000})), say("It is long."))
    out = await run(chat("huge", PAGE), Sidebar(), services)
    assert out.text == "It is long."
    fed = sent_messages(fake_provider, 1)[-1]["content"]
    assert len(fed) < 120_000 and "cut to fit" in fed
    assert fed.startswith("<<<PAGE-DATA") and "untrusted" in fed.splitlines()[0]


async def test_a_hanging_call_times_out_and_a_crash_is_reported(fake_provider, services):
    services.settings.update({"mcp_servers": {"notes": sdk_server(trust="read", timeout=1)}})
    fake_provider.add(call(("mcp__notes__slow", {"seconds": 30})), call(("mcp__notes__crash", {})), say("Both failed."))
    out = await run(chat("slow then crash", PAGE), Sidebar(), services)
    assert out.text == "Both failed."
    assert "did not answer within 1 s" in sent_messages(fake_provider, 1)[-1]["content"]
    crashed = sent_messages(fake_provider, 2)[-1]["content"]
    assert "stopped while running crash" in crashed and "disk on fire" in crashed


async def test_env_secrets_are_kept_like_api_keys(fake_provider, services, tabmate_home):
    store = services.settings
    store.update({"mcp_servers": {"mcpServers": {"notes": sdk_server(env={"NOTES_TOKEN": "s3cret-token-value"},
                                                                      trust="read")}}})  # pasted Claude Desktop shape
    assert store.public()["mcp_servers"]["notes"]["env"] == {"NOTES_TOKEN": MASK}
    on_disk = "".join(p.read_text() for p in tabmate_home.rglob("settings.json"))
    assert "s3cret" not in on_disk and MASK in on_disk
    # the sidebar sends the masked value back when saving other changes: the secret stays
    store.update({"mcp_servers": store.public()["mcp_servers"], "temperature": 0.5})
    fake_provider.add(call(("mcp__notes__secret_env", {})), say("Done."))
    await run(chat("check", PAGE), Sidebar(), services)
    assert "token=set" in sent_messages(fake_provider, 1)[-1]["content"]
    # removing the server forgets its secret
    store.update({"mcp_servers": {}})
    assert store.keys.origins("mcp:notes") == []


@pytest.mark.parametrize("value, problem", [
    ({"x": {"args": ["a"]}}, "give either 'command'"),
    ({"x": {"url": "ftp://h/mcp"}}, "http(s)"),
    ({"x": {"url": "http://h/sse", "type": "sse"}}, "SSE servers are not supported"),
    ({"bad name!": {"command": "x"}}, "server name"),
    ({"x": {"command": "x", "trust": "always"}}, "trust"),
])
def test_invalid_servers_get_a_clear_error(services, value, problem):
    from native_host.errors import TabmateError

    with pytest.raises(TabmateError) as e:
        services.settings.update({"mcp_servers": value})
    assert problem in e.value.message and "mcp_servers" in e.value.message
