"""``tabmate mcp list`` (the configured servers, started, with their tools or why they failed)
and ``tabmate mcp serve`` (the user's browser as an MCP server for other agents)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tabmate mcp", description="MCP servers, both ways.")
    sub = parser.add_subparsers(dest="action", required=True)
    lst = sub.add_parser("list", help="start the configured MCP servers and list their tools")
    lst.add_argument("--json", action="store_true", help="one JSON object: {servers: [...]}")
    serve = sub.add_parser("serve", help="an MCP server on stdin/stdout that lets another agent use this browser")
    serve.add_argument("--name", help="the program's name shown in confirmations (default: what the client says)")
    args = parser.parse_args(argv)
    if args.action == "serve":
        from native_host.mcp.serve import main as serve_main

        return serve_main(args.name)
    return asyncio.run(_list(args.json))


async def _list(as_json: bool) -> int:
    from native_host.mcp.client import Manager
    from native_host.settings import SettingsStore

    store = SettingsStore()
    servers = store.load().mcp_servers
    manager = Manager(store.keys)
    try:
        report = await manager.status(servers)
    finally:
        await manager.aclose()
    if as_json:
        print(json.dumps({"servers": report}, indent=2, ensure_ascii=False))
    else:
        _print(report)
    return 1 if any(s["state"] != "ready" for s in report) else 0


def _print(report: list[dict[str, Any]]) -> None:
    if not report:
        print("No MCP servers configured. Add them in the sidebar's Settings or with\n"
              "  tabmate config set mcp_servers '{\"NAME\": {\"command\": \"…\", \"args\": […]}}'")
        return
    for s in report:
        mark = "✓" if s["state"] == "ready" else "✗"
        print(f"{mark} {s['name']} ({s['transport']}, trust: {s['trust']}) — {s['state']}"
              + (f": {s['error']}" if s["error"] else ""))
        for t in s["tools"]:
            print(f"    {t['name']}  {t['description']}")
        if s["stderr"]:
            print("    its last output:")
            print("\n".join(f"      {line}" for line in s["stderr"].splitlines()[-10:]))
    sys.stdout.flush()
