"""``tabmate install`` and ``tabmate uninstall``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from installer import browsers, install, purge, sandbox
from installer.extension_key import CHROMIUM_ID, FIREFOX_ID
from installer.system import System


def _parser(prog: str, description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--browser", action="append", choices=browsers.NAMES, default=[],
                        metavar="B", help=f"one of {', '.join(browsers.NAMES)}; repeat for several")
    parser.add_argument("--dry-run", action="store_true", help="show what would change, change nothing")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def install_main(argv: list[str], system: System | None = None) -> int:
    parser = _parser("tabmate install", "Register the Tabmate host with your browsers "
                     "(default: every browser detected).")
    parser.add_argument("--user-data-dir", type=Path, metavar="DIR",
                        help="a Chromium user-data dir: write DIR/NativeMessagingHosts/tabmate_host.json "
                        "(browser defaults to chromium)")
    parser.add_argument("--system", action="store_true",
                        help="register for every user of this machine (needs admin rights)")
    args = parser.parse_args(argv)
    system = system or System.current()
    try:
        if args.system:
            if problems := system.untrusted_for_all_users():
                raise install.InstallError(
                    "--system makes every user's browser run this Python, but " + "; ".join(problems)
                    + " — install Tabmate for all users first (e.g. as root: pip install into a root-owned "
                    "environment) and run that environment's `tabmate install --system`.")
            system = system.for_all_users()
        chosen, notes = install.choose(system, args.browser, args.user_data_dir)
        targets, more = install.plan(system, chosen, args.user_data_dir, args.system)
        outcome = install.install(system, targets, args.dry_run)
    except (install.InstallError, OSError) as e:
        return _fail("install", e, args.json)
    notes += more + outcome.notes
    if args.system:
        notes.append(f"The launcher runs {system.python} from {system.launcher_path}; "
                     "other users need read and execute access to it.")
    notes += [f.summary for f in sandbox.findings(system) if not args.user_data_dir]
    report = {
        "ok": True, "dry_run": args.dry_run,
        "browsers": [{"name": b.name, "label": b.label, "evidence": browsers.detect(b, system)} for b in chosen],
        "actions": [a.to_json() for a in outcome.actions],
        "notes": notes, "chromium_id": CHROMIUM_ID, "firefox_id": FIREFOX_ID,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    title = "Would register" if args.dry_run else "Registered"
    print(f"{title} the Tabmate host for: {', '.join(b.label for b in chosen) or 'nothing'}")
    _print_actions(outcome.actions)
    for note in notes:
        print(f"note: {note}")
    print(f"Extension ids allowed: Chromium {CHROMIUM_ID}, Firefox {FIREFOX_ID}")
    if not args.dry_run:
        print("Next: (re)start the browser with the extension loaded, then run `tabmate doctor`.")
    return 0


def uninstall_main(argv: list[str], system: System | None = None) -> int:
    parser = _parser("tabmate uninstall", "Remove what `tabmate install` wrote "
                     "(default: everything it recorded).")
    parser.add_argument("--system", action="store_true", help="remove a --system install (needs admin rights)")
    parser.add_argument("--purge", action="store_true",
                        help="also remove your API keys (keychain included), settings, history, cache and logs")
    parser.add_argument("--yes", action="store_true", help="with --purge: do not ask (for scripts)")
    args = parser.parse_args(argv)
    system = system or System.current()
    if args.system:
        system = system.for_all_users()
    if args.purge and not args.dry_run and not _agreed(args):
        return 1
    try:
        outcome = install.uninstall(system, args.browser or None, args.dry_run)
        purged = purge.purge() if args.purge and not args.dry_run else []
    except (install.InstallError, OSError) as e:
        return _fail("uninstall", e, args.json)
    if args.json:
        print(json.dumps({"ok": True, "dry_run": args.dry_run, "notes": outcome.notes,
                          "actions": [a.to_json() for a in outcome.actions],
                          "purge": purge.plan() if args.purge and args.dry_run else
                          [{"what": w, "status": st} for w, st in purged]}, indent=2))
        return 0
    _print_actions(outcome.actions)
    if args.purge and args.dry_run:
        print("--purge would also remove:\n" + "\n".join(f"  {line}" for line in purge.plan()))
    for what, status in purged:
        print(f"  {status:<13} {what}")
    for note in outcome.notes:
        print(f"note: {note}")
    return 0


def _agreed(args: argparse.Namespace) -> bool:
    """Say what --purge removes; go on only with --yes or a "y" typed at the terminal."""
    stream = sys.stderr if args.json else sys.stdout
    print("tabmate uninstall --purge removes, besides the browser registrations:", file=stream)
    for line in purge.plan():
        print(f"  {line}", file=stream)
    if args.yes:
        return True
    if not sys.stdin.isatty():
        print("Nothing removed: run again with --yes to confirm (or --dry-run to look).", file=sys.stderr)
        return False
    answer = input("Remove all of this? This cannot be undone. [y/N] ").strip().lower()
    if answer not in ("y", "yes"):
        print("Nothing removed.", file=stream)
        return False
    return True


def _print_actions(actions: list[install.Action]) -> None:
    for action in actions:
        owner = f" [{action.browser}]" if action.browser else ""
        print(f"  {action.kind:<9} {action.status:<13} {action.where}{owner}")


def _fail(command: str, error: Exception, as_json: bool) -> int:
    message = str(error)
    if isinstance(error, PermissionError):
        message = f"{error.strerror}: {error.filename} — run as an administrator for --system, or drop it."
    if as_json:
        report: dict[str, Any] = {"ok": False, "error": message}
        print(json.dumps(report, indent=2))
    else:
        print(f"tabmate {command}: {message}", file=sys.stderr)
    return 1
