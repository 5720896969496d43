"""``tabmate ask TEXT [--page FILE.html|.pdf] [--tab FILE]… [--image FILE.png]``: the sidebar's agent from a terminal.

The same loop as the sidebar (:func:`native_host.agent.run_turn`); there is no browser, so
``get_page`` answers from the page file, ``get_selection`` is empty, ``draft_email`` prints
the draft to stderr and the other browser tools report that they are unavailable.
The answer streams to stdout; progress goes to stderr; ``--json`` prints one object instead.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import uuid
from pathlib import Path
from typing import Any

from native_host import protocol
from native_host.channel import ChatChannel, Confirmation, ToolOutcome

NO_BROWSER = "not available from the terminal (there is no browser): answer from the page context or say what you could not do"


def read_page(path: Path, url: str | None) -> protocol.PageSnapshot:
    """A saved page or a PDF file as the snapshot its tab would send (title from <title>)."""
    from dataclasses import asdict

    from native_host.page.cli import read_snapshot

    page = protocol.PageSnapshot(**asdict(read_snapshot(path, url or path.resolve().as_uri(), title="")))
    if page.html is not None:
        from lxml import html as lxml_html

        try:
            title = (lxml_html.fromstring(page.html).findtext(".//title") or "").strip()
        except Exception:  # an empty or odd file still makes a page, just without a title
            title = ""
        page.title = title or path.name
    return page


def read_image(path: Path) -> str:
    """An image file as the data URL a screenshot arrives as (PNG, JPEG, WebP or GIF)."""
    from native_host.images import data_url_of

    return data_url_of(path.read_bytes())


class TerminalChannel(ChatChannel):
    """A chat channel whose sidebar is the terminal and whose browser is the page file."""

    def __init__(self, chat: protocol.Chat, page: protocol.PageSnapshot | None, stream: bool) -> None:
        super().__init__(chat, self._show, {})
        self.page, self.stream, self.tools_used = page, stream, []  # type: ignore[var-annotated]

    def _show(self, msg: dict[str, Any]) -> None:
        if not self.stream:
            return
        if msg["type"] == "delta":
            sys.stdout.write(msg["text"])
            sys.stdout.flush()
        elif msg["type"] == "status":
            print(f"[{msg['label']}]", file=sys.stderr, flush=True)

    async def call_tool(self, tool: str, args: dict[str, Any], timeout: float = 30.0,
                        site: str | None = None, dest: str | None = None,
                        stay_on_site: bool | None = None) -> ToolOutcome:
        self.tools_used.append({"tool": tool, "args": args})
        if tool == "get_page":
            if self.page is None:
                return ToolOutcome(False, error="no page was given (tabmate ask --page FILE.html)")
            return ToolOutcome(True, self.page.model_dump(exclude_none=True))
        if tool == "get_selection":
            return ToolOutcome(True, {"text": ""})
        if tool == "draft_email":
            head = "".join(f"{k.title()}: {args[k]}\n" for k in ("to", "subject") if args.get(k))
            print(f"--- draft ---\n{head}\n{args.get('body', '')}\n-------------", file=sys.stderr, flush=True)
            return ToolOutcome(True, {"shown": True, "note": "the draft was shown to the user"})
        return ToolOutcome(False, error=f"{tool} is {NO_BROWSER}")

    async def confirm(self, tool: str, args: dict[str, Any], summary: str, site: str | None = None,
                      timeout: float | None = 600.0, details: dict[str, Any] | None = None) -> Confirmation:
        return Confirmation(True)  # nothing can act from here: the tool itself reports that


def main(argv: list[str]) -> int:
    from native_host.cli_provider import add_provider_options, resolve

    parser = argparse.ArgumentParser(prog="tabmate ask", description="Ask the agent from the terminal.")
    parser.add_argument("text", nargs="*", help="the question (with --prompt: its {{input}}, may be empty)")
    parser.add_argument("--page", type=Path, metavar="FILE.html", help="a saved page or a PDF to ask about")
    parser.add_argument("--url", help="the page's URL (default: the file's)")
    parser.add_argument("--tab", type=Path, action="append", default=[], metavar="FILE.html",
                        help="another tab as context (.html or .pdf; repeatable)")
    parser.add_argument("--image", type=Path, metavar="FILE.png", help="a screenshot for a vision model")
    parser.add_argument("--action", choices=["summarize", "draft", "explain_selection"], help="a sidebar action")
    parser.add_argument("--session", help="keep a conversation across runs under this name")
    parser.add_argument("--prompt", metavar="ID", help="run a saved prompt (tabmate config show lists them)")
    add_provider_options(parser)
    args = parser.parse_args(argv)
    if not args.text and not args.prompt and not args.action:
        parser.error("say what to ask (or use --prompt ID)")
    from native_host.errors import TabmateError

    reading = args.page
    try:
        page = read_page(args.page, args.url) if args.page else None
        tabs = []
        for reading in args.tab:
            tabs.append(read_page(reading, None))
        if args.image:
            reading = args.image
            page = page or protocol.PageSnapshot(url="", title=args.image.name)
            page.screenshot = read_image(args.image)
    except (OSError, ValueError) as e:
        print(f"tabmate ask: cannot read {reading}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
        return 2
    if len(tabs) > protocol.MAX_TABS:
        print(f"tabmate ask: at most {protocol.MAX_TABS} --tab files", file=sys.stderr)
        return 2
    chat = protocol.Chat(type="chat", id="cli", session=args.session or f"cli-{uuid.uuid4().hex[:8]}",
                         text=" ".join(args.text), page=page, action=args.action, tabs=tabs or None,
                         prompt=args.prompt, language=os.environ.get("LC_ALL") or os.environ.get("LANG"))
    channel = TerminalChannel(chat, page, stream=not args.json)
    try:
        settings, key = resolve(args)
        outcome = asyncio.run(_ask(chat, channel, settings, key))
    except TabmateError as e:
        if args.json:
            print(json.dumps({"ok": False, "code": e.code, "message": e.message}))
        else:
            print(f"\ntabmate ask: {e.message}", file=sys.stderr)
        return 2 if e.code == "invalid_request" else 1
    except KeyboardInterrupt:
        print("\n[Request cancelled]", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps({"ok": True, "text": outcome.text, "iterations": outcome.iterations,
                          "usage": outcome.usage.model_dump() if outcome.usage else None,
                          "tools": channel.tools_used}, ensure_ascii=False))
    else:
        shown = "".join(channel.streamed)
        print("" if shown.endswith(outcome.text) else ("\n\n" if shown else "") + outcome.text)
    return 0


async def _ask(chat: protocol.Chat, channel: TerminalChannel, settings: Any, key: str | None) -> Any:
    from native_host.agent import run_turn
    from native_host.channel import Services

    services = Services()
    try:
        return await run_turn(chat, channel, services, settings, key)
    finally:
        await services.aclose()
