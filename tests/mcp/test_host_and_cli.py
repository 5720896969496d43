"""MCP servers through the real host subprocess (Settings' status, no orphans) and ``tabmate mcp list``."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.mcp.conftest import exits_at_start, raw_server, sdk_server
from tests.support.hostproc import HostProcess


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie waiting for its reaper is gone for our purposes
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except OSError:
        return True


def wait_gone(pid: int, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(os.name == "nt", reason="POSIX process checks")
@pytest.mark.parametrize("how", ["stdin closed", "SIGTERM", "SIGKILL"])
def test_servers_start_from_settings_and_stop_with_the_host(tmp_path, how):
    pidfile = tmp_path / "server.pid"
    servers = {"notes": sdk_server(env={"PIDFILE": str(pidfile), "NOTES_TOKEN": "s3cret-token-value"}),
               "dead": exits_at_start()}
    with HostProcess(home=tmp_path / "home") as host:
        saved = host.request({"type": "set_settings", "id": "s", "settings": {"mcp_servers": servers}})
        assert saved["type"] == "settings"
        assert saved["settings"]["mcp_servers"]["notes"]["env"]["NOTES_TOKEN"] == "••••••"
        status = host.request({"type": "mcp_status", "id": "m"}, timeout=30)
        assert status["type"] == "mcp_status"
        by_name = {s["name"]: s for s in status["servers"]}
        assert by_name["notes"]["state"] == "ready"
        assert "mcp__notes__add" in [t["name"] for t in by_name["notes"]["tools"]]
        assert by_name["dead"]["state"] == "failed" and "boom" in by_name["dead"]["stderr"]
        assert "s3cret" not in json.dumps(status) + json.dumps(saved)
        pid = int(pidfile.read_text())
        assert alive(pid)
        if how == "stdin closed":
            host.close_stdin()
        else:
            host.proc.send_signal(getattr(signal, how))
        # SIGKILL leaves no chance to clean up: the server still ends, on its stdin's end of file
        assert host.wait(15) == (-signal.SIGKILL if how == "SIGKILL" else 0)
    assert wait_gone(pid), "the MCP server outlived the host"


def run_cli(home, *args, timeout=60):
    env = {**os.environ, "TABMATE_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "native_host.cli", *args], capture_output=True, text=True,
                          env=env, timeout=timeout)


def test_config_set_and_mcp_list(tmp_path):
    home = tmp_path / "home"
    pasted = json.dumps({"mcpServers": {"raw": raw_server(trust="read"), "dead": exits_at_start()}})
    done = run_cli(home, "config", "set", "mcp_servers", pasted)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["mcp_servers"]["raw"]["trust"] == "read"
    listed = run_cli(home, "mcp", "list", "--json")
    assert listed.returncode == 1  # one server failed
    report = {s["name"]: s for s in json.loads(listed.stdout)["servers"]}
    assert report["raw"]["state"] == "ready" and report["raw"]["tools"][0]["name"] == "mcp__raw__shout"
    assert report["dead"]["state"] == "failed" and "boom: NOTES_TOKEN is missing" in report["dead"]["stderr"]
    text = run_cli(home, "mcp", "list")
    assert "✓ raw (stdio, trust: read) — ready" in text.stdout and "mcp__raw__shout" in text.stdout
    assert "✗ dead" in text.stdout and "boom" in text.stdout
    bad = run_cli(home, "config", "set", "mcp_servers", '{"x": {"args": []}}')
    assert bad.returncode == 2 and "give either 'command'" in bad.stderr
