"""Any OpenAI-compatible server (LM Studio, llama.cpp, vLLM, DeepSeek, Gemini…) by base URL.

The quirk profile is picked from the URL; everything else is the OpenAI wire format.
Index-less tool-call deltas and array error bodies (Gemini) are handled for every server.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import httpx

from native_host.providers.openai import OpenAIProvider, Quirks

PROFILES: dict[str, Quirks] = {
    "generic": Quirks(name="generic", split_think=True),
    "deepseek": Quirks(name="deepseek"),
    "gemini": Quirks(name="gemini"),
    "openai": Quirks(name="openai", max_tokens_field="max_completion_tokens"),
    "mistral": Quirks(name="mistral", stream_usage=False),
}


def profile_for(base_url: str) -> Quirks:
    host = (urlsplit(base_url).hostname or "").lower()
    if "deepseek" in host:
        return PROFILES["deepseek"]
    if "generativelanguage.googleapis.com" in host:
        return PROFILES["gemini"]
    if host == "api.openai.com":
        return PROFILES["openai"]
    if "mistral.ai" in host:
        return PROFILES["mistral"]
    return PROFILES["generic"]


class Provider(OpenAIProvider):
    name = "openai_compatible"
    default_base_url = "http://localhost:8080/v1"
    default_model = ""  # the server's first model (llama.cpp and LM Studio serve one)

    def __init__(self, http: httpx.AsyncClient, *, base_url: str | None = None, **kw: Any) -> None:
        super().__init__(http, base_url=base_url, **kw)
        if "quirks" not in kw:
            self.quirks = profile_for(self.base_url)
