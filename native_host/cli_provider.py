"""``tabmate test-connection`` and ``tabmate models``: the sidebar's checks from a terminal.

Provider options override the saved settings for this run only (nothing is stored).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from native_host.settings import PROVIDERS


def add_provider_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--provider", choices=PROVIDERS, help="provider to use instead of the saved one")
    parser.add_argument("--model", help="model name (default: the saved or the provider's default)")
    parser.add_argument("--base-url", help="server URL (openai_compatible: up to and including /v1)")
    parser.add_argument("--api-key-env", metavar="VAR", help="read the API key from this environment variable")
    parser.add_argument("--profile", metavar="NAME", help="use a saved profile (its server, model and key)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def resolve(args: argparse.Namespace) -> tuple[Any, str | None]:
    """Saved settings with the command-line overrides applied, and the key to use."""
    from native_host.errors import TabmateError
    from native_host.settings import SettingsStore

    override: dict[str, Any] = {"profile": args.profile} if getattr(args, "profile", None) else {}
    for name in ("provider", "model", "base_url"):
        value = getattr(args, name)
        if value is not None:
            override[name] = value
    if args.api_key_env:
        key = os.environ.get(args.api_key_env)
        if not key:
            raise TabmateError("invalid_request", f"The environment variable {args.api_key_env} is not set.",
                               retryable=False)
        override["api_key"] = key
    return SettingsStore().resolve(override)


async def _with_services(fn: Any, *args: Any) -> Any:
    from native_host.channel import Services

    services = Services()
    try:
        return await fn(*args, services)
    finally:
        await services.aclose()


def _fail(prog: str, e: Exception, as_json: bool) -> int:
    from native_host.errors import TabmateError

    if not isinstance(e, TabmateError):
        raise e
    if as_json:
        print(json.dumps({"ok": False, "code": e.code, "message": e.message}))
    else:
        print(f"{prog}: {e.message}", file=sys.stderr)
    return 1 if e.code != "invalid_request" else 2


def _run(prog: str, description: str, argv: list[str], call: str) -> tuple[argparse.Namespace, Any, Any]:
    """Parse the options, then run ``router.<call>``; returns (args, settings, result).

    On a failure the result is the exit code (the message is already printed).
    """
    parser = argparse.ArgumentParser(prog=prog, description=description)
    add_provider_options(parser)
    args = parser.parse_args(argv)
    from native_host import router
    from native_host.errors import TabmateError

    try:
        settings, key = resolve(args)
        return args, settings, asyncio.run(_with_services(getattr(router, call), settings, key))
    except TabmateError as e:
        return args, None, _fail(prog, e, args.json)


def test_connection_main(argv: list[str]) -> int:
    args, settings, result = _run("tabmate test-connection", "Check that the provider answers (sends 'Say ok').",
                                  argv, "test_connection")
    if isinstance(result, int):
        return result
    if args.json:
        print(json.dumps({**result, "provider": settings.provider}))
    else:
        mark = "ok" if result["ok"] else "FAILED"
        print(f"{mark}: {result['message']} ({result['latency_ms']} ms, {settings.provider}, "
              f"model {result.get('model') or '?'})")
    return 0 if result["ok"] else 1


def models_main(argv: list[str]) -> int:
    args, settings, models = _run("tabmate models", "List the provider's models.", argv, "list_models")
    if isinstance(models, int):
        return models
    if args.json:
        print(json.dumps({"provider": settings.provider, "models": models}))
    else:
        print("\n".join(models) if models else f"({settings.provider} lists no models)")
    return 0
