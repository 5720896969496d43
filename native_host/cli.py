"""``tabmate`` — the command line. Each command lives in its own module, imported on use.

A command is ``"module:function"``; the function takes the remaining argv and returns the
exit code.  A command whose module has not been built yet says so and exits 2.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys

from native_host import __version__

COMMANDS: dict[str, tuple[str, str]] = {
    "host": ("native_host.host:main", "run the native messaging host on stdin/stdout"),
    "install": ("installer.cli:install_main", "register the host with your browsers"),
    "uninstall": ("installer.cli:uninstall_main", "remove what install wrote"),
    "doctor": ("installer.doctor:main", "check the installation and the provider"),
    "test-connection": ("native_host.cli_provider:test_connection_main", "check that the provider answers"),
    "models": ("native_host.cli_provider:models_main", "list the provider's models"),
    "ask": ("native_host.cli_ask:main", "ask the agent from the terminal"),
    "extract": ("native_host.page.cli:main", "print the page context the agent would inject"),
    "history": ("native_host.cli_history:main", "past conversations: list, search, show, export, delete"),
    "config": ("native_host.cli:config_main", "show or change settings (show | set KEY VALUE | path)"),
    "mcp": ("native_host.mcp.cli:main", "MCP servers: list the configured ones, or serve this browser to other agents"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help", "help"):
        _usage(sys.stdout)
        return 0 if argv else 2
    if argv[0] == "--version":
        print(f"tabmate {__version__}")
        return 0
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        print(f"tabmate: unknown command {name!r}\n", file=sys.stderr)
        _usage(sys.stderr)
        return 2
    target = COMMANDS[name][0]
    module, _, func = target.partition(":")
    if importlib.util.find_spec(module) is None:
        print(f"tabmate {name}: not available yet", file=sys.stderr)
        return 2
    if name not in ("host", "config"):
        from native_host import logs

        logs.mirror_to_stderr(False)  # these commands report problems themselves; the log file keeps all
    return int(getattr(importlib.import_module(module), func)(rest) or 0)


def _usage(stream: object) -> None:
    lines = [f"tabmate {__version__} — the AI sidebar's helper\n", "usage: tabmate COMMAND [options]\n"]
    lines += [f"  {name:<16} {help_}" for name, (_, help_) in COMMANDS.items()]
    lines.append("\nRun 'tabmate COMMAND --help' for a command's options.")
    print("\n".join(lines), file=stream)  # type: ignore[arg-type]


def config_main(argv: list[str]) -> int:
    from native_host import storage
    from native_host.errors import TabmateError
    from native_host.settings import EDITABLE, SettingsStore

    parser = argparse.ArgumentParser(prog="tabmate config", description="Read and change settings.")
    sub = parser.add_subparsers(dest="action", required=True)
    sub.add_parser("show", help="print the settings as JSON (never a key)")
    setp = sub.add_parser("set", help="change one setting; for api_key, '-' reads it from stdin")
    setp.add_argument("key", choices=EDITABLE)
    setp.add_argument("value")
    sub.add_parser("path", help="print where Tabmate keeps its files")
    args = parser.parse_args(argv)
    store = SettingsStore()
    store.load()
    if store.notice:
        print(f"tabmate config: {store.notice}", file=sys.stderr)
    if args.action == "path":
        for label, folder in (("config", storage.config_dir()), ("data", storage.data_dir()),
                              ("cache", storage.cache_dir()), ("logs", storage.log_dir())):
            print(f"{label}: {folder}")
        print(f"settings: {store.path}")
        print(f"history: {storage.data_dir() / 'history.sqlite3'}")
        return 0
    if args.action == "show":
        print(json.dumps(store.public(), indent=2))
        return 0
    value: object = args.value
    if args.key == "api_key":
        if value == "-":
            value = sys.stdin.readline().strip()
    elif args.key not in ("model", "base_url", "provider"):
        try:
            value = json.loads(args.value)
        except ValueError:
            pass
    elif value in ("null", "default"):
        value = None
    try:
        store.update({args.key: value})
    except TabmateError as e:
        print(f"tabmate config: {e.message}", file=sys.stderr)
        return 2
    print(json.dumps(store.public(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
