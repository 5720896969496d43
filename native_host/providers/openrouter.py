"""OpenRouter: OpenAI-style chat with attribution headers; reasoning in ``delta.reasoning``."""

from __future__ import annotations

from native_host.providers.openai import OpenAIProvider, Quirks


class Provider(OpenAIProvider):
    name = "openrouter"
    default_base_url = "https://openrouter.ai/api/v1"
    default_model = "openai/gpt-4o-mini"
    quirks = Quirks(
        name="openrouter",
        headers={"HTTP-Referer": "https://tabmate.app", "X-Title": "Tabmate"},
    )
