"""Shared fixtures. Every test runs with its own TABMATE_HOME (nothing touches the real one)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from native_host import logs
from tests.support.fake_provider import FakeProvider

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
REQUIRE_E2E = os.environ.get("TABMATE_REQUIRE_E2E") == "1"


def need(available: bool, what: str) -> None:
    """Skip when a component (browser, model server, corpus) is missing — fail under CI."""
    if available:
        return
    if REQUIRE_E2E:
        pytest.fail(f"{what} is missing and TABMATE_REQUIRE_E2E=1 (CI) requires it")
    pytest.skip(f"{what} is not available here")


@pytest.fixture(autouse=True)
def tabmate_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "tabmate-home"
    monkeypatch.setenv("TABMATE_HOME", str(home))
    for var in ("OPENAI_API_KEY", "OPENROUTER_API_KEY", "ANTHROPIC_API_KEY", "TABMATE_AGENT"):
        monkeypatch.delenv(var, raising=False)
    logs.reset_for_tests()
    yield home
    logs.reset_for_tests()


@pytest.fixture(scope="session")
def llama_server(tmp_path_factory):
    """One real llama.cpp server (SmolLM2-135M) for every test that needs a real model."""
    from tests.support import llama_server as server

    need(server.available(), "llama.cpp server with the SmolLM2 model")
    with server.llama_server(tmp_path_factory.mktemp("llama") / "server.log") as running:
        yield running


@pytest.fixture
def fake_provider():
    with FakeProvider() as fake:
        yield fake


class MemoryKeyring:
    """An in-memory keyring backend: the real keyring API, no OS keychain."""

    priority = 10

    def __init__(self):
        self.store = {}

    def get_password(self, service, user):
        return self.store.get((service, user))

    def set_password(self, service, user, password):
        self.store[(service, user)] = password

    def delete_password(self, service, user):
        self.store.pop((service, user), None)


@pytest.fixture
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> MemoryKeyring:
    """keyring.get_keyring() answers with an empty in-memory backend for this test."""
    import keyring

    backend = MemoryKeyring()
    monkeypatch.setattr(keyring, "get_keyring", lambda: backend)
    return backend
