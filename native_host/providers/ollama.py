"""Ollama: chat through its OpenAI-compatible ``/v1``; models from ``/api/tags``.

The base URL is the server root (``http://localhost:11434``); one ending in ``/v1`` works too.
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
