"""Install into a temp HOME / profile, then start the launcher exactly as a browser would
(argv with the origin, cwd = its folder, minimal PATH and env) and get ``pong``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from installer.cli import install_main
from installer.extension_key import CHROMIUM_ORIGIN, FIREFOX_ID
from tests.support.hostproc import HostProcess

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX launcher")
MINIMAL = {"PATH": "/usr/bin:/bin"}


def _ping(argv: list[str], cwd: Path, monkeypatch: pytest.MonkeyPatch, tabmate_home: Path) -> dict:
    # HostProcess starts from os.environ; a browser started from a desktop passes far less.
    for name in list(os.environ):
        monkeypatch.delenv(name)
    monkeypatch.setenv("PATH", MINIMAL["PATH"])
    with HostProcess(home=tabmate_home, argv=argv, cwd=cwd) as host:
        reply = host.request({"type": "ping", "id": "p1"})
        host.close_stdin()
        assert host.wait() == 0
    return reply


def test_chromium_profile_launch_answers_pong(make_system, tmp_path: Path, tabmate_home: Path, monkeypatch) -> None:
    system = make_system("linux")
    profile = tmp_path / "profile"
    assert install_main(["--browser", "chromium", "--user-data-dir", str(profile)], system) == 0
    manifest = json.loads((profile / "NativeMessagingHosts" / "tabmate_host.json").read_text())
    launcher = Path(manifest["path"])
    assert launcher.is_absolute()
    reply = _ping([str(launcher), CHROMIUM_ORIGIN], launcher.parent, monkeypatch, tabmate_home)
    assert reply["type"] == "pong" and reply["id"] == "p1" and reply["protocol"] == 1


def test_firefox_launch_answers_pong(make_system, tabmate_home: Path, monkeypatch) -> None:
    system = make_system("linux")
    assert install_main(["--browser", "firefox"], system) == 0
    manifest_path = system.home / ".mozilla/native-messaging-hosts/tabmate_host.json"
    launcher = Path(json.loads(manifest_path.read_text())["path"])
    reply = _ping([str(launcher), str(manifest_path), FIREFOX_ID], launcher.parent, monkeypatch, tabmate_home)
    assert reply["type"] == "pong"


def test_launcher_env_needs_nothing_but_path(make_system, tmp_path: Path, tabmate_home: Path) -> None:
    """Exactly {"PATH": "/usr/bin:/bin"}: no HOME, no TABMATE_HOME — the launcher supplies it."""
    system = make_system("linux")
    assert install_main(["--browser", "chrome"], system) == 0
    payload = json.dumps({"type": "ping", "id": 7}).encode()
    run = subprocess.run([str(system.launcher_path), CHROMIUM_ORIGIN], cwd=system.launcher_path.parent,
                         env=dict(MINIMAL), input=len(payload).to_bytes(4, sys.byteorder) + payload,
                         capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr
    size = int.from_bytes(run.stdout[:4], sys.byteorder)
    assert json.loads(run.stdout[4:4 + size])["type"] == "pong"
    assert (tabmate_home / "logs").exists()  # the host wrote under the install's TABMATE_HOME


def test_launcher_path_with_spaces_and_quotes(make_system, tmp_path: Path) -> None:
    # the environment itself reached through a path with a space and a quote: a bare symlink to
    # a venv's python would start the base interpreter without the venv's packages
    weird = tmp_path / "it's a dir" / "py thon"
    weird.parent.mkdir(parents=True)
    weird.symlink_to(sys.prefix, target_is_directory=True)
    link = weird / "bin" / Path(sys.executable).name
    system = make_system("linux")
    system.python = str(link)
    system.data_dir = tmp_path / "data with space"
    assert install_main(["--browser", "chromium", "--user-data-dir", str(tmp_path / "p")], system) == 0
    from installer.launcher import read_interpreter

    assert read_interpreter(system.launcher_path) == str(link)
    payload = json.dumps({"type": "ping", "id": 1}).encode()
    run = subprocess.run([str(system.launcher_path), CHROMIUM_ORIGIN], cwd=system.launcher_path.parent,
                         env={**MINIMAL, "TABMATE_HOME": str(tmp_path / "th")},
                         input=len(payload).to_bytes(4, sys.byteorder) + payload, capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert b'"pong"' in run.stdout


def _console_script() -> str:
    """``tabmate`` as pip installed it beside this interpreter (PATH need not contain .venv/bin)."""
    script = Path(sys.executable).parent / "tabmate"
    assert script.exists(), f"{script} is missing: install the project with pip install -e ."
    return str(script)


def test_console_script_user_data_dir(tmp_path: Path, tabmate_home: Path) -> None:
    """What the Chromium end-to-end tests run."""
    profile = tmp_path / "profile"
    run = subprocess.run([_console_script(), "install", "--browser", "chromium", "--user-data-dir", str(profile), "--json"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["ok"] and report["browsers"][0]["name"] == "chromium"
    assert (profile / "NativeMessagingHosts" / "tabmate_host.json").is_file()
    assert (tabmate_home / "data" / "tabmate_host.sh").is_file()
