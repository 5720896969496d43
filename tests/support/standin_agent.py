"""A stand-in agent for testing the host's plumbing without a model.

The chat text is a small script: ``stream N label`` streams N deltas, ``big N`` answers
N bytes, ``print`` calls print() mid-answer, ``tool NAME`` asks the extension to run a tool,
``confirm`` asks the user, ``fail`` raises a friendly error, ``crash`` raises a bug.
"""

from __future__ import annotations

import asyncio

from native_host import protocol
from native_host.channel import ChatChannel, ChatOutcome, Services
from native_host.errors import TabmateError


async def run_chat(chat: protocol.Chat, channel: ChatChannel, services: Services) -> ChatOutcome:
    words = chat.text.split()
    cmd = words[0] if words else ""
    if cmd == "stream":
        n, label = int(words[1]), words[2]
        parts = []
        for i in range(n):
            await asyncio.sleep(0.02)
            part = f"{label}{i} "
            parts.append(part)
            channel.delta(part)
        return ChatOutcome("".join(parts), iterations=1)
    if cmd == "big":
        text = ("Ünïcödé ✓ text " * (int(words[1]) // 20 + 1))[: int(words[1])]
        return ChatOutcome(text, iterations=1)
    if cmd == "print":
        print("stray output from a handler")
        return ChatOutcome("printed", iterations=1)
    if cmd == "tool":
        outcome = await channel.call_tool(words[1], {"probe": True}, timeout=float(words[2]) if len(words) > 2 else 5)
        return ChatOutcome(f"ok={outcome.ok} result={outcome.result} error={outcome.error}")
    if cmd == "confirm":
        c = await channel.confirm("click_element", {"index": 1}, "Click “Buy”")
        return ChatOutcome(f"approved={c.approved}")
    if cmd == "fail":
        raise TabmateError("auth_error", "Invalid API key — double-check your provider key in Settings")
    if cmd == "crash":
        raise RuntimeError("secret sk-abcdefghijklmnop must not leak")
    return ChatOutcome(f"echo: {chat.text}", iterations=1)
