"""``tabmate install`` and ``tabmate uninstall``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from installer import browsers, install, sandbox
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
    args = parser.parse_args(argv)
    system = system or System.current()
    if args.system:
        system = system.for_all_users()
    try:
        outcome = install.uninstall(system, args.browser or None, args.dry_run)
    except (install.InstallError, OSError) as e:
        return _fail("uninstall", e, args.json)
    if args.json:
        print(json.dumps({"ok": True, "dry_run": args.dry_run, "notes": outcome.notes,
                          "actions": [a.to_json() for a in outcome.actions]}, indent=2))
        return 0
    _print_actions(outcome.actions)
    for note in outcome.notes:
        print(f"note: {note}")
    return 0


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
