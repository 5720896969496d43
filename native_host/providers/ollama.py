"""Ollama: chat through its OpenAI-compatible ``/v1``; models from ``/api/tags``.

The base URL is the server root (``http://localhost:11434``); one ending in ``/v1`` works too.

Why ``/v1`` and not Ollama's own NDJSON ``/api/chat`` (decided deliberately, issue 11):

* One wire format for every local and OpenAI-style server: streaming, native tool calls
  (``/v1`` streams them since Ollama 0.4), the tools-rejection fallback, usage
  (``stream_options``), ``<think>`` splitting and the error mapping are the code and tests
  that LM Studio, llama.cpp and vLLM already use. ``/api/chat`` would be a second parser
  (NDJSON, tool arguments as objects, errors as ``{"error": "…"}`` lines mid-stream) for the
  same answers.
* What ``/api/chat`` adds is per-request ``options`` — above all ``num_ctx`` — and
  ``keep_alive``. ``/v1`` runs with the server's context length (``OLLAMA_CONTEXT_LENGTH``,
  4096 tokens by default in recent versions), so a long page can be cut by the server. That
  is the one reason to switch, and it would be a provider-only change (this file), since
  the router and agent only see normalized events. Until then, set
  ``OLLAMA_CONTEXT_LENGTH`` for long pages.
* Waiting: a CPU-bound Ollama may take minutes before its first token on a long page; the
  router's patience for local servers (:mod:`native_host.waiting`) allows for that either way.
"""

from __future__ import annotations

from typing import Any

import httpx

from native_host.errors import TabmateError
from native_host.providers.openai import OpenAIProvider, Quirks
from native_host.providers.sse import get_json


class Provider(OpenAIProvider):
    name = "ollama"
    default_base_url = "http://localhost:11434"
    default_model = "llama3.2"
    quirks = Quirks(name="ollama", split_think=True)

    def __init__(self, http: httpx.AsyncClient, *, base_url: str | None = None, **kw: Any) -> None:
        root = (base_url or self.default_base_url).rstrip("/")
        if root.endswith("/v1"):
            root = root[:-3]
        self.root = root
        super().__init__(http, base_url=f"{root}/v1", **kw)

    @property
    def shown_url(self) -> str:
        return self.root

    async def list_models(self) -> list[str]:
        try:
            data = await get_json(self.http, self.name, self.root, f"{self.root}/api/tags",
                                  self.headers(), self.timeout)
        except TabmateError as e:
            if e.status != 404:  # an OpenAI-style server without Ollama's own API
                raise
            return await super().list_models()
        return sorted(str(m.get("name") or m.get("model")) for m in data.get("models") or [])
