from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from tests.agent.script import services_for

SERVERS = Path(__file__).parent / "servers"
PY = sys.executable
TIME_SERVER = shutil.which("mcp-server-time", path=str(Path(PY).parent)) or shutil.which("mcp-server-time")


def sdk_server(**extra):
    """The SDK server written for these tests (tools: add, secret_env, huge, slow, crash)."""
    return {"command": PY, "args": [str(SERVERS / "sdk_server.py")], **extra}


def raw_server(**extra):
    """A hand-written JSON-RPC server (no SDK): tool shout."""
    return {"command": PY, "args": [str(SERVERS / "raw_server.py")], **extra}


def exits_at_start():
    return {"command": PY, "args": ["-c", "import sys; sys.stderr.write('boom: NOTES_TOKEN is missing\\n'); sys.exit(2)"]}


def hangs():
    return {"command": PY, "args": ["-c", "import time; time.sleep(600)"]}


@pytest.fixture
def services(fake_provider):
    yield services_for(fake_provider)


@pytest.fixture
def quick_start(monkeypatch):
    from native_host.mcp import client

    monkeypatch.setattr(client, "START_TIMEOUT", 4.0)
    monkeypatch.setattr(client, "CHAT_WAIT", 15.0)
