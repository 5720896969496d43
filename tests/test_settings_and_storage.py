"""Settings, keys, conversations and logs: atomic, validated, never leaking a key."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest

from native_host import logs, storage
from native_host.errors import TabmateError
from native_host.history import HistoryStore, trim
from native_host.settings import SettingsStore
from tests.support.hostproc import HostProcess

PLANTED = "sk-planted-SECRET-0123456789abcdef"


def test_defaults_and_update_round_trip(tabmate_home):
    store = SettingsStore()
    assert store.load().max_iterations == 10 and store.load().confirm_actions is True
    store.update({"provider": "openai", "model": "gpt-4o-mini", "temperature": 0.5})
    again = SettingsStore().load()
    assert (again.provider, again.model, again.temperature) == ("openai", "gpt-4o-mini", 0.5)
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600


@pytest.mark.parametrize("patch,field", [
    ({"temperature": 9}, "temperature"),
    ({"max_iterations": 0}, "max_iterations"),
    ({"provider": "skynet"}, "provider"),
    ({"colour": "blue"}, "colour"),
    ({"confirm_actions": "sometimes"}, "confirm_actions"),
    ({"api_key": 12345}, "api_key"),
])
def test_invalid_settings_name_the_field_and_lose_nothing(tabmate_home, patch, field):
    store = SettingsStore()
    store.update({"provider": "anthropic", "temperature": 0.7})
    before = store.path.read_bytes()
    with pytest.raises(TabmateError) as e:
        store.update(patch)
    assert e.value.code == "invalid_request" and f"'{field}'" in e.value.message
    assert store.path.read_bytes() == before
    assert SettingsStore().load().provider == "anthropic"


def test_atomic_write_survives_a_crash_between_write_and_rename(tabmate_home, monkeypatch):
    store = SettingsStore()
    store.update({"model": "first"})
    before = store.path.read_bytes()

    def crash(src, dst):
        raise OSError("power cut")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        with pytest.raises(OSError):
            store.update({"model": "second"})
    assert store.path.read_bytes() == before
    assert [p.name for p in store.path.parent.iterdir() if p.name.endswith(".tmp")] == []
    assert SettingsStore().load().model == "first"


def test_damaged_settings_file_is_set_aside_with_a_warning(tabmate_home, capsys):
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    store.path.write_text("{ this is not json")
    assert store.load().provider == "ollama"  # defaults, no crash
    aside = [p for p in store.path.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_text() == "{ this is not json"
    assert "settings_damaged" in capsys.readouterr().err


def test_keys_are_stored_0600_and_never_shown(tabmate_home):
    store = SettingsStore()
    store.update({"provider": "openai", "api_key": PLANTED})
    assert store.keys.get("openai", "https://api.openai.com") == (PLANTED, "file")
    keys_file = store.folder / "keys.json"
    assert stat.S_IMODE(os.stat(keys_file).st_mode) == 0o600
    public = store.public()
    assert public["api_key_set"] is True and PLANTED not in json.dumps(public)
    assert PLANTED not in store.path.read_text()


def test_env_key_fallback(tabmate_home, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-from-env-123456")
    store = SettingsStore()
    store.update({"provider": "anthropic"})
    assert store.public()["api_key_source"] == "env"
    assert store.resolve()[1] == "sk-ant-from-env-123456"


def test_override_does_not_touch_stored_settings(tabmate_home):
    store = SettingsStore()
    store.update({"provider": "openai", "api_key": "sk-stored-000000000"})
    settings, key = store.resolve({"provider": "ollama", "base_url": "http://127.0.0.1:9"})
    assert settings.provider == "ollama" and key is None
    assert store.load().provider == "openai"


def test_key_never_in_config_show_get_settings_or_log(tabmate_home):
    env = {**os.environ, "TABMATE_HOME": str(tabmate_home)}
    run = lambda *a, **kw: subprocess.run([sys.executable, "-m", "native_host.cli", *a], env=env,
                                          capture_output=True, text=True, timeout=30, **kw)
    assert run("config", "set", "provider", "openrouter").returncode == 0
    out = run("config", "set", "api_key", "-", input=PLANTED + "\n")
    assert out.returncode == 0 and PLANTED not in out.stdout + out.stderr
    shown = run("config", "show")
    assert json.loads(shown.stdout)["api_key_set"] is True and PLANTED not in shown.stdout
    bad = run("config", "set", "temperature", "hot")
    assert bad.returncode == 2 and "'temperature'" in bad.stderr
    with HostProcess(tabmate_home, env={"TABMATE_AGENT": "tests.support.standin_agent:run_chat"}) as host:
        got = host.request({"type": "get_settings", "id": "g"})
        assert got["settings"]["api_key_set"] is True and PLANTED not in json.dumps(got)
        changed = host.request({"type": "set_settings", "id": "s", "settings": {"api_key": PLANTED + "2", "model": "x"}})
        assert changed["settings"]["model"] == "x" and PLANTED not in json.dumps(changed)
        refused = host.request({"type": "set_settings", "id": "s2", "settings": {"temperature": "hot"}})
        assert refused["code"] == "invalid_request" and "'temperature'" in refused["message"]
        # a crash whose text contains the key must not leak it anywhere
        host.request({"type": "chat", "id": "c", "session": "s", "text": f"echo {PLANTED}"})
    log_text = "".join(p.read_text() for p in (tabmate_home / "logs").glob("host.log*"))
    assert "settings_saved" in log_text
    assert PLANTED not in log_text and PLANTED not in host.stderr()


def test_redact_blanks_registered_secrets_and_key_shapes():
    logs.register_secret("hunter2-very-secret")
    text = 'x hunter2-very-secret y Authorization: Bearer abc.def.ghijklmnop "api_key": "zzzzzzzz" sk-or-v1-abcdefghijkl'
    red = logs.redact(text)
    for secret in ("hunter2-very-secret", "abc.def.ghijklmnop", "zzzzzzzz", "sk-or-v1-abcdefghijkl"):
        assert secret not in red
    assert red.count("[REDACTED]") == 4


def test_trim_never_starts_on_an_orphaned_tool_result():
    msgs = [{"role": "system", "content": "s"}]
    for i in range(60):
        msgs += [{"role": "assistant", "content": "", "tool_calls": [{"id": f"t{i}", "name": "get_page", "arguments": {}}]},
                 {"role": "tool", "content": "r", "tool_call_id": f"t{i}"}]
    kept = trim(msgs, 100)
    assert kept[0]["role"] == "system" and kept[1]["role"] != "tool" and len(kept) <= 100


def test_clear_message_removes_the_session(tabmate_home):
    HistoryStore().append("s9", [{"role": "user", "content": "hi"}])
    with HostProcess(tabmate_home) as host:
        assert host.request({"type": "clear", "id": "k", "session": "s9"}) == {"type": "cleared", "id": "k"}
    assert HistoryStore().load("s9") == []


def test_paths_follow_tabmate_home(tabmate_home):
    assert storage.config_dir() == tabmate_home / "config"
    assert storage.log_dir() == tabmate_home / "logs"


@pytest.mark.parametrize("url", ["ftp://x", "notaurl", "http://", "javascript:alert(1)"])
def test_base_url_must_be_http(tabmate_home, url):
    with pytest.raises(TabmateError) as e:
        SettingsStore().update({"base_url": url})
    assert "'base_url'" in e.value.message and "http(s) URL" in e.value.message


def test_base_url_is_normalised(tabmate_home):
    assert SettingsStore().update({"base_url": " http://127.0.0.1:8080/v1/ "}).base_url == "http://127.0.0.1:8080/v1"


def test_keys_go_to_the_keychain_when_one_is_usable(tabmate_home, memory_keyring):
    from native_host.settings import KeyStore

    folder = tabmate_home / "config"
    origin = "https://api.openai.com"
    keys = KeyStore(folder, use_keyring=True, legacy_origin=lambda slot: origin)
    storage.write_json(folder / "keys.json", {"openai": "sk-old-file-key-000"})
    keys.set("openai", origin, PLANTED)
    assert memory_keyring.store[("tabmate", f"openai {origin}")] == PLANTED
    text = (folder / "keys.json").read_text()
    assert PLANTED not in text and "sk-old-file-key-000" not in text  # the file copy is dropped
    assert keys.get("openai", origin) == (PLANTED, "keychain")
    keys.set("openai", origin, "")
    assert f"openai {origin}" not in {u for _, u in memory_keyring.store} and keys.get("openai", origin) == (None, None)


def test_a_broken_keychain_falls_back_to_the_file(tabmate_home, memory_keyring, monkeypatch):
    from native_host.settings import KeyStore

    def locked(service, user, password):
        raise RuntimeError("locked")

    monkeypatch.setattr(memory_keyring, "set_password", locked)
    keys = KeyStore(tabmate_home / "config", use_keyring=True)
    keys.set("anthropic", "https://api.anthropic.com", PLANTED)
    assert keys.get("anthropic", "https://api.anthropic.com") == (PLANTED, "file")
