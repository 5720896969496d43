"""Fixtures for the router tests: shared services and a router aimed at the fake provider."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from native_host.channel import Services
from native_host.router import Router
from native_host.settings import Settings


class NoSleep:
    """Injectable sleep: records the delays instead of waiting."""

    def __init__(self) -> None:
        self.delays: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.delays.append(seconds)


@pytest.fixture
async def services():
    s = Services()
    yield s
    await s.aclose()


@pytest.fixture
def sleeper() -> NoSleep:
    return NoSleep()


BASE_PATHS = {"openai": "/v1", "openrouter": "/api/v1", "ollama": "", "anthropic": "",
              "openai_compatible": "/v1"}


@pytest.fixture
def make_router(fake_provider, services, sleeper) -> Callable[..., Router]:
    def make(provider: str = "openai", model: str | None = "m", key: str | None = "sk-test-key-123456",
             **kw: Any) -> Router:
        settings = Settings(provider=provider, model=model,
                            base_url=fake_provider.url + BASE_PATHS[provider])
        kw.setdefault("sleep", sleeper)
        kw.setdefault("timeout", 5.0)
        return Router(settings, key, services, **kw)

    return make


async def collect(router: Router, request) -> list[Any]:
    return [e async for e in router.stream(request)]
