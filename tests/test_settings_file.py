"""A settings file, whatever its bytes, never stops Tabmate: what can be read is kept, keys a
newer version wrote survive, damage is set aside and the user is told once (sidebar, doctor)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from native_host import notices
from native_host.settings import SettingsStore
from tests.support.hostproc import HostProcess


def _write(home: Path, data: bytes) -> Path:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def _aside(path: Path) -> list[Path]:
    return sorted(path.parent.glob("settings.json.damaged*"))


def _first_contact(host: HostProcess) -> list[dict]:
    """What the extension sees on connecting: the pong, then any notices (before a 2nd pong)."""
    host.send({"type": "ping", "id": "hello"})
    host.send({"type": "ping", "id": "again"})
    return host.recv_until(lambda m: m.get("id") == "again")[:-1]


def test_a_byte_that_is_not_utf8_keeps_the_rest_and_tells_the_sidebar_once(tabmate_home):
    original = b'{"provider": "openai", "model": "gpt-4o-mini", "temperature": 0.9, "base_url": "https://x\xff.example"}'
    path = _write(tabmate_home, original)
    with HostProcess(tabmate_home) as host:
        got = _first_contact(host)
        assert [m["type"] for m in got] == ["pong", "notice"]
        notice = got[1]
        assert notice["code"] == "settings_reset" and "not UTF-8" in notice["message"]
        [kept] = _aside(path)
        assert notice["moved_to"] == str(kept) and str(kept) in notice["message"]
        assert kept.read_bytes() == original  # nothing lost
        s = host.request({"type": "get_settings", "id": "g"})["settings"]
        assert (s["provider"], s["model"], s["temperature"]) == ("openai", "gpt-4o-mini", 0.9)
        saved = host.request({"type": "set_settings", "id": "s", "settings": {"base_url": "https://api.example.com/v1"}})
        assert saved["type"] == "settings", saved  # repairable from the sidebar
    with HostProcess(tabmate_home) as host:  # told once: a new connection has nothing to say
        assert [m["type"] for m in _first_contact(host)] == ["pong"]
    assert json.loads(path.read_text("utf-8"))["base_url"] == "https://api.example.com/v1"


def test_a_folder_in_place_of_the_file(tabmate_home):
    path = tabmate_home / "config" / "settings.json"
    (path / "inside").mkdir(parents=True)
    run = subprocess.run([sys.executable, "-m", "native_host.cli", "config", "show"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert json.loads(run.stdout)["provider"] == "ollama"
    [kept] = _aside(path)
    assert kept.is_dir() and (kept / "inside").is_dir() and str(kept) in run.stderr
    assert path.is_file()  # repaired: defaults written in its place
    run = subprocess.run([sys.executable, "-m", "native_host.cli", "config", "set", "model", "llama3.2"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and json.loads(run.stdout)["model"] == "llama3.2", run.stderr
    # the sidebar is still told, though the CLI found it first
    with HostProcess(tabmate_home) as host:
        got = _first_contact(host)
        assert [m["type"] for m in got] == ["pong", "notice"] and "a folder" in got[1]["message"]


def test_keys_from_a_newer_version_are_kept_and_ignored(tabmate_home):
    future = {"provider": "anthropic", "model": "claude-x", "voice": {"enabled": True, "speed": 1.5},
              "themes": ["dark"]}
    path = _write(tabmate_home, json.dumps(future).encode())
    store = SettingsStore()
    assert (store.load().provider, store.load().model) == ("anthropic", "claude-x")
    assert store.notice is None and _aside(path) == [] and notices.take() == []
    store.update({"temperature": 1.1})
    on_disk = json.loads(path.read_text("utf-8"))
    assert on_disk["voice"] == future["voice"] and on_disk["themes"] == ["dark"] and on_disk["temperature"] == 1.1
    assert "voice" not in store.public()


@pytest.mark.parametrize("body,field,kept", [
    ({"provider": "openai", "model": "m1", "temperature": "hot"}, "temperature", {"provider": "openai", "model": "m1"}),
    ({"provider": "gemini-ultra", "model": "m2"}, "provider", {"provider": "ollama", "model": "m2"}),
    ({"provider": "openai", "base_url": "ftp://nope", "max_iterations": 99}, "base_url", {"provider": "openai"}),
])
def test_a_bad_value_resets_that_setting_only(tabmate_home, body, field, kept):
    path = _write(tabmate_home, json.dumps(body).encode())
    store = SettingsStore()
    loaded = store.load().model_dump()
    assert {k: loaded[k] for k in kept} == kept
    assert f"'{field}'" in store.notice and len(_aside(path)) == 1
    [pending] = notices.take()
    assert pending["code"] == "settings_reset" and f"'{field}'" in pending["message"]


@pytest.mark.parametrize("data", [b"", b"\xff\xfe\x00", b"[1, 2]", b"null", b"{" * 5000, b'{"model": "\\ud800x"}',
                                  b'{"max_iterations": 1' + b"0" * 5000 + b"}"])
def test_any_bytes_load(tabmate_home, data):
    _write(tabmate_home, data)
    s = SettingsStore().load()  # never raises
    assert s.provider == "ollama"
    SettingsStore().update({"model": "again"})  # and the file can be written afterwards
    assert SettingsStore().load().model == "again"


def test_doctor_names_the_file_set_aside(tabmate_home):
    from installer import doctor

    path = _write(tabmate_home, b"{ not json")
    [finding] = doctor.settings_findings()
    [kept] = _aside(path)
    assert finding.status == "warn" and str(kept) in finding.message and "Settings" in finding.fix
    SettingsStore().update({"model": "fine"})
    kept.unlink()
    assert [f.status for f in doctor.settings_findings()] == ["ok"]
