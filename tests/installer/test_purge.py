"""``tabmate uninstall --purge`` says what it removes, then removes keys (keychain too),
settings, history, cache and logs — and nothing without a yes."""

from __future__ import annotations

from pathlib import Path

from installer import purge
from installer.cli import install_main, uninstall_main
from native_host import storage
from native_host.keys import KeyStore
from native_host.settings import SettingsStore

SECRET = "sk-proj-purge-me-0123456789"


def _setup(monkeypatch, keychain) -> None:
    """A key in the (in-memory) keychain, one from an older version beside it, and a file in each folder."""
    keychain.store[("tabmate", "anthropic")] = "sk-ant-from-an-older-version"  # one key per provider, as before
    monkeypatch.setattr(purge, "keys", lambda: KeyStore(storage.config_dir(), use_keyring=True))
    SettingsStore().update({"provider": "openai", "model": "m"})
    purge.keys().set("openai", "https://api.openai.com", SECRET)
    for folder in (storage.data_dir(), storage.cache_dir(), storage.log_dir()):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "something").write_text("x")


def test_purge_asks_then_removes_everything(make_system, tabmate_home: Path, memory_keyring, monkeypatch, capsys) -> None:
    backend = memory_keyring
    _setup(monkeypatch, backend)
    system = make_system("linux")
    assert install_main(["--browser", "chrome"], system) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert uninstall_main(["--purge"], system) == 1  # no terminal, no --yes: nothing happens
    said = capsys.readouterr()
    assert "openai for https://api.openai.com" in said.out and str(storage.data_dir()) in said.out
    assert SECRET not in said.out + said.err and "--yes" in said.err
    assert ("tabmate", "openai https://api.openai.com") in backend.store and storage.config_dir().exists()

    assert uninstall_main(["--purge", "--yes"], system) == 0
    assert backend.store == {}  # the keychain entries, the old per-provider one included
    for folder in (storage.config_dir(), storage.data_dir(), storage.cache_dir(), storage.log_dir()):
        assert not folder.exists()
    assert tabmate_home.exists()  # TABMATE_HOME itself stays


def test_purge_dry_run_changes_nothing(make_system, tabmate_home: Path, memory_keyring, monkeypatch, capsys) -> None:
    _setup(monkeypatch, memory_keyring)
    assert uninstall_main(["--purge", "--dry-run"], make_system("linux")) == 0
    assert "--purge would also remove" in capsys.readouterr().out
    assert storage.config_dir().exists() and storage.data_dir().exists()
