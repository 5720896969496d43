"""``tabmate doctor --json`` reports each problem it is shown, with a fix, and exits 1."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from installer import doctor
from installer.cli import install_main
from installer.extension_key import CHROMIUM_ID, CHROMIUM_ORIGIN
from installer.findings import Finding

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX launcher")


async def _provider_ok() -> Finding:
    return Finding("provider", "ok", "fake provider answers")


def _doctor(system, capsys, provider=_provider_ok) -> tuple[int, dict[str, Any]]:
    code = doctor.main(["--json"], system, provider)
    return code, json.loads(capsys.readouterr().out)


def _failures(report: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["status"] == "fail"]


@pytest.fixture
def installed(make_system, tmp_path: Path, capsys):
    system = make_system("linux")
    profile = tmp_path / "profile"
    assert install_main(["--browser", "chromium", "--user-data-dir", str(profile)], system) == 0
    assert install_main(["--browser", "firefox"], system) == 0
    capsys.readouterr()
    return system, profile / "NativeMessagingHosts" / "tabmate_host.json"


def test_healthy_install_exits_zero(installed, capsys) -> None:
    system, _ = installed
    code, report = _doctor(system, capsys)
    assert code == 0, _failures(report)
    assert report["healthy"] is True
    checks = {(f["check"], f["browser"]) for f in report["findings"] if f["status"] == "ok"}
    for browser in ("chromium", "firefox"):
        for check in ("manifest", "launcher", "interpreter", "ping"):
            assert (check, browser) in checks
    assert ("provider", None) in checks


def test_nothing_installed(make_system, capsys) -> None:
    code, report = _doctor(make_system("linux"), capsys)
    assert code == 1
    assert [(f["check"], f["fix"]) for f in _failures(report)] == [("registration", "tabmate install")]


def test_missing_manifest(installed, capsys) -> None:
    system, manifest = installed
    manifest.unlink()
    code, report = _doctor(system, capsys)
    assert code == 1
    [fail] = _failures(report)
    assert fail["check"] == "manifest" and "missing" in fail["message"] and str(manifest) in fail["message"]
    assert fail["fix"] == f'tabmate install --browser chromium --user-data-dir "{manifest.parent.parent}"'


def test_wrong_path(installed, capsys, tmp_path: Path) -> None:
    system, manifest = installed
    value = json.loads(manifest.read_text())
    value["path"] = str(tmp_path / "nowhere" / "tabmate_host.sh")
    manifest.write_text(json.dumps(value))
    code, report = _doctor(system, capsys)
    assert code == 1
    checks = {f["check"] for f in _failures(report)}
    assert checks == {"manifest_path", "launcher"}
    assert all(f["fix"] for f in _failures(report))


def test_relative_path(installed, capsys) -> None:
    system, manifest = installed
    value = json.loads(manifest.read_text())
    value["path"] = "tabmate_host.sh"
    manifest.write_text(json.dumps(value))
    code, report = _doctor(system, capsys)
    assert code == 1 and any("not absolute" in f["message"] for f in _failures(report))


def test_invalid_manifest(installed, capsys) -> None:
    system, manifest = installed
    manifest.write_bytes(b"\xef\xbb\xbf" + manifest.read_bytes())
    code, report = _doctor(system, capsys)
    assert code == 1 and "BOM" in _failures(report)[0]["message"]


def test_launcher_not_executable(installed, capsys) -> None:
    system, _ = installed
    system.launcher_path.chmod(0o644)
    code, report = _doctor(system, capsys)
    assert code == 1
    fails = _failures(report)
    assert {f["check"] for f in fails} == {"launcher"}
    assert {f["browser"] for f in fails} == {"chromium", "firefox"}
    assert fails[0]["fix"] == f'chmod +x "{system.launcher_path}"'


def test_interpreter_gone(installed, capsys, tmp_path: Path) -> None:
    system, _ = installed
    gone = tmp_path / "old-venv" / "bin" / "python"
    text = system.launcher_path.read_text().replace(f"'{system.python}'", f"'{gone}'")
    system.launcher_path.write_text(text)
    code, report = _doctor(system, capsys)
    assert code == 1
    fails = _failures(report)
    assert {f["check"] for f in fails} == {"interpreter"}
    assert f"{gone} is gone" in fails[0]["message"] and "tabmate install" in fails[0]["fix"]


def test_interpreter_without_tabmate(installed, capsys, tmp_path: Path) -> None:
    system, _ = installed
    bare = tmp_path / "bare-python"
    bare.write_text("#!/bin/sh\necho 'No module named native_host' >&2\nexit 1\n")
    bare.chmod(0o755)
    system.launcher_path.write_text(system.launcher_path.read_text().replace(f"'{system.python}'", f"'{bare}'"))
    code, report = _doctor(system, capsys)
    assert code == 1 and "cannot import Tabmate" in _failures(report)[0]["message"]


def test_id_mismatch_in_manifest(installed, capsys) -> None:
    system, manifest = installed
    value = json.loads(manifest.read_text())
    value["allowed_origins"] = [CHROMIUM_ORIGIN.rstrip("/")]  # the classic missing slash
    manifest.write_text(json.dumps(value))
    code, report = _doctor(system, capsys)
    assert code == 1
    [fail] = _failures(report)
    assert fail["check"] == "extension_id" and CHROMIUM_ORIGIN in fail["message"]


def test_extension_loaded_under_another_id(installed, capsys, tmp_path: Path) -> None:
    system, manifest = installed
    ext = tmp_path / "unpacked"
    ext.mkdir()
    (ext / "manifest.json").write_text(json.dumps({"name": "Tabmate", "manifest_version": 3}))
    prefs = manifest.parent.parent / "Default" / "Preferences"
    prefs.parent.mkdir()
    other = "a" * 32
    prefs.write_text(json.dumps({"extensions": {"settings": {
        other: {"location": 4, "path": str(ext)},
        "b" * 32: {"location": 1, "manifest": {"name": "Something else"}},
    }}}))
    code, report = _doctor(system, capsys)
    assert code == 1
    [fail] = _failures(report)
    assert fail["check"] == "loaded_extension" and other in fail["message"] and CHROMIUM_ID in fail["message"]
    assert "make extension" in fail["fix"]

    prefs.write_text(json.dumps({"extensions": {"settings": {CHROMIUM_ID: {"path": str(ext)}}}}))
    code, report = _doctor(system, capsys)
    assert code == 0
    assert any(f["check"] == "loaded_extension" and f["status"] == "ok" for f in report["findings"])


def test_host_crashing_at_start(installed, capsys) -> None:
    system, _ = installed
    text = system.launcher_path.read_text().replace("exec ", "echo 'Traceback: boom at start' >&2; exit 3\nexec ")
    system.launcher_path.write_text(text)
    code, report = _doctor(system, capsys)
    assert code == 1
    fails = _failures(report)
    assert {f["check"] for f in fails} == {"ping"}
    assert "exited (code 3)" in fails[0]["message"] and "boom at start" in fails[0]["message"]


def test_registry_checks_on_windows(make_system, capsys) -> None:
    system = make_system("windows")
    assert install_main(["--browser", "chrome"], system) == 0
    key = "HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\tabmate_host"
    system.registry.values[key] = "C:\\elsewhere\\tabmate_host.json"
    checker_findings = doctor.run(system, provider=None)
    registry = [f for f in checker_findings if f.check == "registry"]
    assert registry[0].status == "fail" and "C:\\elsewhere" in registry[0].message
    del system.registry.values[key]
    registry = [f for f in doctor.run(system, provider=None) if f.check == "registry"]
    assert registry[0].status == "fail" and "missing" in registry[0].message


def test_unregistered_detected_browser_is_a_warning(installed, capsys) -> None:
    system, _ = installed
    (system.home / ".config/google-chrome").mkdir(parents=True)
    code, report = _doctor(system, capsys)
    assert code == 0
    [warn] = [f for f in report["findings"] if f["status"] == "warn"]
    assert warn["browser"] == "chrome" and warn["fix"] == "tabmate install --browser chrome"


def test_snap_and_flatpak(make_system, capsys) -> None:
    system = make_system("linux")
    (system.home / "snap/firefox").mkdir(parents=True)
    (system.home / ".var/app/com.google.Chrome").mkdir(parents=True)
    findings = {f.browser: f for f in doctor.run(system, provider=None) if f.check == "sandbox"}
    assert findings["firefox"].status == "warn"
    assert findings["firefox"].fix == "flatpak permission-set webextensions tabmate_host snap.firefox yes"
    assert findings["chrome"].status == "fail"
    assert "flatpak override --user --talk-name=org.freedesktop.Flatpak com.google.Chrome" in findings["chrome"].fix
    assert "flatpak-spawn --host" in findings["chrome"].fix


def test_snap_by_executable(make_system) -> None:
    system = make_system("linux", which={"chromium": "/snap/bin/chromium"})
    [f] = [f for f in doctor.run(system, provider=None) if f.check == "sandbox"]
    assert f.browser == "chromium" and f.status == "fail"


def test_provider_failure_is_a_finding_not_a_crash(installed, capsys) -> None:
    system, _ = installed
    code, report = _doctor(system, capsys, provider=doctor.provider_check)
    [provider] = [f for f in report["findings"] if f["check"] == "provider"]
    assert provider["status"] in ("ok", "fail")  # no provider configured here: normally fail
    if provider["status"] == "fail":
        assert code == 1 and provider["fix"]


def test_text_output(installed, capsys) -> None:
    system, manifest = installed
    manifest.unlink()
    assert doctor.main(["--no-provider"], system) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "fix: tabmate install --browser chromium" in out
