"""Placeholder until the LLM router lands (issue 3)."""

from __future__ import annotations

from typing import Any

from native_host.channel import Services
from native_host.errors import TabmateError
from native_host.settings import Settings


async def test_connection(settings: Settings, api_key: str | None, services: Services) -> dict[str, Any]:
    raise TabmateError("invalid_request", "Connecting to providers is not available yet.", retryable=False)


async def list_models(settings: Settings, api_key: str | None, services: Services) -> list[str]:
    raise TabmateError("invalid_request", "Listing models is not available yet.", retryable=False)
