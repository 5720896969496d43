"""``tabmate history`` — past conversations from the terminal: list and search, show,
export, rename, delete. Reads the same SQLite file the host writes (safe while it runs)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from native_host.errors import TabmateError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabmate history", description="Past conversations, newest first.")
    parser.add_argument("--search", metavar="TEXT", help="only conversations holding every word of TEXT")
    parser.add_argument("--limit", type=int, default=20, metavar="N", help="at most N conversations (default 20)")
    parser.add_argument("--json", action="store_true", help="one JSON object per conversation, one per line")
    sub = parser.add_subparsers(dest="action", metavar="{show,export,rename,delete}")
    show = sub.add_parser("show", help="print one conversation")
    show.add_argument("session")
    show.add_argument("--format", choices=("markdown", "json"), default="markdown")
    exp = sub.add_parser("export", help="write one conversation as Markdown or JSON")
    exp.add_argument("session")
    exp.add_argument("--format", choices=("markdown", "json"), required=True)
    exp.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    ren = sub.add_parser("rename", help="give a conversation a title of your own")
    ren.add_argument("session")
    ren.add_argument("title")
    dele = sub.add_parser("delete", help="delete one conversation, or all of them with --all")
    who = dele.add_mutually_exclusive_group(required=True)
    who.add_argument("session", nargs="?")
    who.add_argument("--all", action="store_true", help="delete every conversation")
    return parser


def main(argv: list[str]) -> int:
    from native_host.history import HistoryStore, export
    from native_host.settings import SettingsStore

    args = _parser().parse_args(argv)
    store = HistoryStore()
    try:
        store.prune(SettingsStore().load().history_retention)
        if args.action is None:
            return _list(store, args)
        if args.action in ("show", "export"):
            text = export.render(store.get(args.session), args.format)
            if getattr(args, "output", None):
                Path(args.output).write_text(text, "utf-8")
                print(f"wrote {args.output}", file=sys.stderr)
            else:
                sys.stdout.write(text)
            return 0
        if args.action == "rename":
            print(store.rename(args.session, args.title))
            return 0
        count = store.delete_all() if args.all else store.delete(args.session)
        if not args.all and count == 0:
            print(f"tabmate history: no conversation {args.session!r}", file=sys.stderr)
            return 1
        print(f"deleted {count} conversation{'s' * (count != 1)}")
        return 0
    except TabmateError as e:
        print(f"tabmate history: {e.message}", file=sys.stderr)
        return 1
    finally:
        store.close()


def _list(store, args: argparse.Namespace) -> int:  # type: ignore[no-untyped-def]
    if args.limit < 1:
        print("tabmate history: --limit must be at least 1", file=sys.stderr)
        return 2
    items = store.list(args.search, args.limit)
    if args.json:
        for it in items:
            print(json.dumps(it, ensure_ascii=False))
        return 0
    if not items:
        print("no conversations" + (f" matching {args.search!r}" if args.search else ""), file=sys.stderr)
        return 0
    for it in items:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(it["updated"]))
        print(f"{when}  {it.get('site') or '-':<24.24}  {it['title']}  ({it['messages']} messages)  {it['session']}")
        if it.get("snippet"):
            print(f"{'':18}{it['snippet']}")
    return 0
