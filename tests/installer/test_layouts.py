"""Where install writes on each OS, what it writes, with which modes, and what uninstall removes."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from installer import browsers, install
from installer.cli import install_main, uninstall_main
from installer.extension_key import CHROMIUM_ORIGIN, FIREFOX_ID
from installer.registry import FakeRegistry
from native_host import storage

LINUX = {
    "firefox": ".mozilla/native-messaging-hosts",
    "librewolf": ".librewolf/native-messaging-hosts",
    "chrome": ".config/google-chrome/NativeMessagingHosts",
    "chromium": ".config/chromium/NativeMessagingHosts",
    "brave": ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    "edge": ".config/microsoft-edge/NativeMessagingHosts",
    "vivaldi": ".config/vivaldi/NativeMessagingHosts",
}
MAC_ROOT = "Library/Application Support"
MAC = {
    "firefox": f"{MAC_ROOT}/Mozilla/NativeMessagingHosts",
    "librewolf": f"{MAC_ROOT}/LibreWolf/NativeMessagingHosts",
    "chrome": f"{MAC_ROOT}/Google/Chrome/NativeMessagingHosts",
    "chromium": f"{MAC_ROOT}/Chromium/NativeMessagingHosts",
    "brave": f"{MAC_ROOT}/BraveSoftware/Brave-Browser/NativeMessagingHosts",
    "edge": f"{MAC_ROOT}/Microsoft Edge/NativeMessagingHosts",
    "vivaldi": f"{MAC_ROOT}/Vivaldi/NativeMessagingHosts",
}
WINDOWS_KEYS = {
    "firefox": ["Software\\Mozilla"],
    "librewolf": ["Software\\LibreWolf", "Software\\Mozilla"],
    "chrome": ["Software\\Google\\Chrome"],
    "chromium": ["Software\\Chromium"],
    "brave": ["Software\\BraveSoftware\\Brave-Browser", "Software\\Google\\Chrome"],
    "edge": ["Software\\Microsoft\\Edge"],
    "vivaldi": ["Software\\Vivaldi", "Software\\Google\\Chrome"],
}


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _all(names: list[str]) -> list[str]:
    return [arg for n in names for arg in ("--browser", n)]


def _check_manifest(path: Path, family: str, launcher: Path) -> None:
    raw = path.read_bytes()
    assert not raw.startswith(b"\xef\xbb\xbf")
    manifest = json.loads(raw.decode("utf-8"))
    assert manifest["name"] == "tabmate_host"
    assert manifest["type"] == "stdio"
    assert manifest["path"] == str(launcher)
    if family == "chromium":
        assert manifest["allowed_origins"] == [CHROMIUM_ORIGIN]
        assert CHROMIUM_ORIGIN.endswith("/")
        assert "allowed_extensions" not in manifest
    else:
        assert manifest["allowed_extensions"] == [FIREFOX_ID]
        assert "allowed_origins" not in manifest


@pytest.mark.parametrize("os_name,layout", [("linux", LINUX), ("darwin", MAC)])
def test_every_browser_on_posix(make_system, home: Path, os_name: str, layout: dict[str, str]) -> None:
    system = make_system(os_name)
    assert install_main(_all(list(layout)), system) == 0
    launcher = storage.data_dir() / "tabmate_host.sh"
    assert system.launcher_path == launcher
    assert _mode(launcher) == 0o755
    text = launcher.read_text()
    assert text.startswith("#!/bin/sh\n")
    assert f"exec '{system.python}' -I -m native_host \"$@\"\n" in text
    for name, rel in layout.items():
        manifest = home / rel / "tabmate_host.json"
        assert _mode(manifest) == 0o644
        _check_manifest(manifest, browsers.get(name).family, launcher)
    written = sorted(p for p in home.rglob("*") if p.is_file())
    assert written == sorted(home / rel / "tabmate_host.json" for rel in layout.values())

    assert uninstall_main([], system) == 0
    assert not any(p.is_file() for p in home.rglob("*"))
    assert not launcher.exists()
    assert not system.record_path.exists()


def test_windows_registry_and_bat(make_system) -> None:
    system = make_system("windows")
    registry = system.registry
    assert isinstance(registry, FakeRegistry)
    assert install_main(_all(list(WINDOWS_KEYS)), system) == 0
    launcher = storage.data_dir() / "tabmate_host.bat"
    assert system.launcher_path == launcher
    bat = launcher.read_bytes().decode("utf-8")
    assert bat.startswith("@echo off\r\n")
    assert "/" not in bat.split(" -I -m native_host")[0].split("\r\n")[-1].strip('"')  # backslashes only
    chromium_manifest = storage.data_dir() / "manifests" / "chromium" / "tabmate_host.json"
    firefox_manifest = storage.data_dir() / "manifests" / "firefox" / "tabmate_host.json"
    _check_manifest(chromium_manifest, "chromium", launcher)
    _check_manifest(firefox_manifest, "firefox", launcher)
    expected = {}
    for name, vendors in WINDOWS_KEYS.items():
        target = firefox_manifest if browsers.get(name).family == "firefox" else chromium_manifest
        for vendor in vendors:
            expected[f"HKCU\\{vendor}\\NativeMessagingHosts\\tabmate_host"] = str(target)
    assert registry.values == expected

    # Uninstalling Brave keeps Chrome's key (Chrome and Vivaldi still use it).
    assert uninstall_main(["--browser", "brave"], system) == 0
    gone = "HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\tabmate_host"
    assert set(registry.values) == set(expected) - {gone}
    assert chromium_manifest.exists()
    assert uninstall_main([], system) == 0
    assert registry.values == {}
    assert not chromium_manifest.exists() and not firefox_manifest.exists() and not launcher.exists()


def test_windows_system_wide_uses_hklm(make_system) -> None:
    system = make_system("windows")
    assert install_main(["--browser", "edge", "--system"], system) == 0
    assert list(system.registry.values) == ["HKLM\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\tabmate_host"]


def test_bat_quotes_every_path() -> None:
    from installer.launcher import interpreter, render_bat

    bat = render_bat("C:/Program Files/Py thon/python.exe", "C:/Users/A B/tm")
    assert 'if not defined TABMATE_HOME set "TABMATE_HOME=C:\\Users\\A B\\tm"\r\n' in bat
    assert '"C:\\Program Files\\Py thon\\python.exe" -I -m native_host %*\r\n' in bat
    assert interpreter(bat) == "C:\\Program Files\\Py thon\\python.exe"


def test_user_data_dir(make_system, tmp_path: Path, capsys) -> None:
    system = make_system("linux")
    profile = tmp_path / "profile"
    assert install_main(["--browser", "chromium", "--user-data-dir", str(profile)], system) == 0
    manifest = profile / "NativeMessagingHosts" / "tabmate_host.json"
    _check_manifest(manifest, "chromium", system.launcher_path)
    assert "Chromium" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        install_main(["--browser", "opera"], system)
    assert install_main(["--browser", "firefox", "--user-data-dir", str(profile)], system) == 1


def test_idempotent_and_dry_run(make_system, home: Path, capsys) -> None:
    system = make_system("linux")
    assert install_main(["--browser", "firefox", "--dry-run", "--json"], system) == 0
    report = json.loads(capsys.readouterr().out)
    assert {a["status"] for a in report["actions"]} == {"would write"}
    assert not (home / ".mozilla").exists() and not system.launcher_path.exists()
    assert not system.record_path.exists()

    assert install_main(["--browser", "firefox", "--json"], system) == 0
    assert {a["status"] for a in json.loads(capsys.readouterr().out)["actions"]} == {"written"}
    before = system.record_path.read_bytes()
    assert install_main(["--browser", "firefox", "--json"], system) == 0
    assert {a["status"] for a in json.loads(capsys.readouterr().out)["actions"]} == {"unchanged"}
    assert system.record_path.read_bytes() == before

    # A launcher someone made non-executable is repaired on re-install.
    system.launcher_path.chmod(0o644)
    assert install_main(["--browser", "firefox"], system) == 0
    assert _mode(system.launcher_path) == 0o755


def test_uninstall_removes_only_what_was_written(make_system, home: Path) -> None:
    system = make_system("linux")
    other = home / ".mozilla/native-messaging-hosts/someone_else.json"
    other.parent.mkdir(parents=True)
    other.write_text("{}")
    assert install_main(["--browser", "firefox", "--browser", "chrome"], system) == 0
    assert uninstall_main(["--browser", "chrome"], system) == 0
    assert not (home / LINUX["chrome"] / "tabmate_host.json").exists()
    assert (home / LINUX["firefox"] / "tabmate_host.json").exists()
    assert system.launcher_path.exists()  # firefox still needs it
    assert uninstall_main([], system) == 0
    assert other.exists()
    assert not system.launcher_path.exists()
    assert uninstall_main([], system) == 0  # nothing left: says so, succeeds


def test_default_is_detected_browsers(make_system, home: Path, capsys) -> None:
    (home / ".config/google-chrome").mkdir(parents=True)
    system = make_system("linux", which={"firefox": "/usr/bin/firefox"})
    assert [b.name for b in browsers.detected(system)] == ["firefox", "chrome"]
    assert install_main(["--json"], system) == 0
    report = json.loads(capsys.readouterr().out)
    assert [b["name"] for b in report["browsers"]] == ["firefox", "chrome"]
    assert report["browsers"][0]["evidence"] == ["/usr/bin/firefox"]
    assert not (home / LINUX["chromium"]).exists()


def test_nothing_detected_installs_for_all_and_says_so(make_system, home: Path, capsys) -> None:
    system = make_system("linux")
    assert install_main([], system) == 0
    out = capsys.readouterr().out
    assert "No browser detected" in out
    for rel in LINUX.values():
        assert (home / rel / "tabmate_host.json").is_file()


def test_system_wide_without_a_folder_is_skipped(make_system) -> None:
    system = make_system("linux")
    targets, notes = install.plan(system, [browsers.get("vivaldi")], system_wide=True)
    assert targets == [] and "Vivaldi" in notes[0]
    targets, _ = install.plan(system, [browsers.get("chrome")], system_wide=True)
    assert targets[0].manifest == Path("/etc/opt/chrome/native-messaging-hosts/tabmate_host.json")
