"""Edge cases: a damaged install record, a host that never answers, a manifest that is not JSON."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from installer import probe, record
from installer.cli import install_main, uninstall_main


def test_damaged_record_is_set_aside_and_rewritten(make_system) -> None:
    system = make_system("linux")
    system.record_path.parent.mkdir(parents=True)
    system.record_path.write_text("{not json")
    assert install_main(["--browser", "firefox"], system) == 0
    assert [e.browser for e in record.load(system.record_path).entries] == ["firefox"]
    assert list(system.record_path.parent.glob("install.json.damaged-*"))
    assert uninstall_main([], system) == 0
    assert not (system.home / ".mozilla/native-messaging-hosts/tabmate_host.json").exists()


@pytest.mark.skipif(os.name == "nt", reason="POSIX launcher")
def test_ping_gives_up_on_a_silent_host(tmp_path: Path) -> None:
    silent = tmp_path / "silent.sh"
    silent.write_text("#!/bin/sh\nexec sleep 30\n")
    silent.chmod(0o755)
    result = probe.ping([str(silent), "chrome-extension://x/"], {"PATH": "/usr/bin:/bin"}, timeout=1)
    assert not result.ok and "no answer within 1 s" in result.detail


@pytest.mark.skipif(os.name == "nt", reason="POSIX launcher")
def test_ping_reports_stray_output(tmp_path: Path) -> None:
    noisy = tmp_path / "noisy.sh"
    noisy.write_text("#!/bin/sh\necho hello\n")
    noisy.chmod(0o755)
    result = probe.ping([str(noisy)], {"PATH": "/usr/bin:/bin"}, timeout=5)
    assert not result.ok and "not a frame" in result.detail


def test_browser_env_is_minimal() -> None:
    env = probe.browser_env({"HOME": "/h", "PATH": "/opt/venv/bin:/usr/bin", "VIRTUAL_ENV": "/opt/venv",
                             "TABMATE_HOME": "/t"})
    if os.name != "nt":
        assert env == {"HOME": "/h", "PATH": "/usr/bin:/bin", "TABMATE_HOME": "/t"}
