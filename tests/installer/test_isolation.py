"""The launcher runs Python in isolated mode: a ``native_host`` package in the directory the
browser starts it in (or on PYTHONPATH) is never imported instead of the installed one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from installer.cli import install_main
from installer.extension_key import CHROMIUM_ORIGIN

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX launcher")


def test_the_working_directory_cannot_shadow_the_host(make_system, tmp_path: Path) -> None:
    system = make_system("linux")
    assert install_main(["--browser", "chrome"], system) == 0
    assert " -I -m native_host " in system.launcher_path.read_text()
    evil = tmp_path / "downloads"
    (evil / "native_host").mkdir(parents=True)
    marker = tmp_path / "shadowed"
    (evil / "native_host" / "__init__.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    (evil / "native_host" / "__main__.py").write_text("")
    payload = json.dumps({"type": "ping", "id": 1}).encode()
    run = subprocess.run([str(system.launcher_path), CHROMIUM_ORIGIN], cwd=evil,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(evil), "TABMATE_HOME": str(tmp_path / "th")},
                         input=len(payload).to_bytes(4, sys.byteorder) + payload, capture_output=True, timeout=30)
    assert run.returncode == 0, run.stderr
    assert b'"pong"' in run.stdout and not marker.exists()


def test_a_system_install_does_not_point_every_user_at_one_users_files(make_system, tmp_path: Path, capsys) -> None:
    import dataclasses

    system = dataclasses.replace(make_system("linux"), shared_dir=tmp_path / "shared",
                                 environ={"TABMATE_HOME": str(tmp_path / "alice-home")})
    mine = dataclasses.replace(system, python=str(system.home / ".venv" / "bin" / "python"))
    assert install_main(["--browser", "chrome", "--system", "--dry-run"], mine) == 1
    assert "every user's browser run this Python" in capsys.readouterr().err
    assert install_main(["--browser", "chrome", "--system", "--dry-run", "--json"], system) == 0
    report = json.loads(capsys.readouterr().out)
    launcher = next(a for a in report["actions"] if a["kind"] == "launcher")
    assert launcher["where"] == str(tmp_path / "shared" / "tabmate_host.sh")
    shared = system.for_all_users()
    assert "TABMATE_HOME" not in shared.environ and shared.data_dir == tmp_path / "shared"
