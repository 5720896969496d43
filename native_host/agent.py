"""Placeholder until the agent loop lands (issue 4): says plainly that chat is not ready."""

from __future__ import annotations

from native_host import protocol
from native_host.channel import ChatChannel, ChatOutcome, Services
from native_host.errors import TabmateError


async def run_chat(chat: protocol.Chat, channel: ChatChannel, services: Services) -> ChatOutcome:
    raise TabmateError(
        "invalid_request",
        "No AI provider is configured yet — open Settings to choose one.",
        retryable=False,
    )
