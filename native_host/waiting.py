"""Waiting on a provider is never silent: a status every few seconds, and limits that fit it.

    patience = patience_for("ollama")                    # how long to wait, and how often to say so
    async for event in watched(provider_events, patience, say, who="Ollama at 127.0.0.1:11434"):
        ...

:func:`watched` passes the provider's events through. While none has arrived yet, or the
stream has stalled, it calls ``say(label)`` at least every ``patience.every`` seconds
("Waiting for Ollama at 127.0.0.1:11434 — 20 s") and gives up with a ``timeout`` error when
the wait exceeds ``first_byte`` (before the first event) or ``stall`` (between two events).

The limits fit the provider: a cloud API starts answering within seconds, so two minutes
without a byte means trouble; a local server on a CPU may need minutes just to read a long
page before its first token, so it gets ten, and the status says that this is normal.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import AsyncIterator, Callable, TypeVar

from native_host.providers.errors import ProviderError

T = TypeVar("T")
Say = Callable[[str], None]

LOCAL = ("ollama", "openai_compatible")
SLOW_HINT_AFTER = 30.0


@dataclass(frozen=True)
class Patience:
    first_byte: float  # seconds until the provider's first event
    stall: float  # seconds between two events
    every: float = 10.0  # a status at least this often while waiting
    local: bool = False


def patience_for(provider: str, limit: float | None = None, every: float = 10.0) -> Patience:
    """The limits for ``provider``; ``limit`` (tests, Test connection) replaces both."""
    local = provider in LOCAL
    if limit is not None:
        return Patience(limit, limit, every, local)
    if local:
        return Patience(first_byte=600.0, stall=180.0, every=every, local=True)
    return Patience(first_byte=120.0, stall=90.0, every=every, local=False)


def seconds(n: float) -> str:
    n = round(n)
    if n < 90:
        return f"{n} s"
    minutes, rest = divmod(n, 60)
    return f"{minutes} min {rest} s" if rest and minutes < 10 else f"{round(n / 60)} min"


def waiting_label(who: str, waited: float, started: bool, patience: Patience) -> str:
    if started:
        return f"{who} has paused — nothing for {seconds(waited)}, still waiting"
    label = f"Waiting for {who} — {seconds(waited)}"
    if patience.local and waited >= SLOW_HINT_AFTER:
        label += " (a local model on a CPU can take minutes to read a long page)"
    return label


def timed_out(who: str, waited: float, started: bool, patience: Patience) -> ProviderError:
    if started:
        return ProviderError("timeout", f"{who} stopped sending the answer — nothing for {seconds(waited)}. "
                             "Try again.", retryable=not patience.local, detail="stall")
    if patience.local:
        return ProviderError("timeout", f"{who} did not start answering within {seconds(waited)} — a model "
                             "running on a CPU can be this slow with a long page or a large model: try a "
                             "smaller model, or a shorter question.", retryable=False, detail="first byte")
    return ProviderError("timeout", f"{who} did not start answering within {seconds(waited)} — it may be "
                         "overloaded; try again in a moment.", retryable=True, detail="first byte")


async def watched(events: AsyncIterator[T], patience: Patience, say: Say | None, who: str) -> AsyncIterator[T]:
    """``events`` passed through, with statuses while waiting and the timeouts (module doc)."""
    it = events.__aiter__()
    last = time.monotonic()
    started = False
    try:
        while True:
            nxt: asyncio.Future[T] = asyncio.ensure_future(it.__anext__())
            try:
                while True:
                    limit = patience.stall if started else patience.first_byte
                    waited = time.monotonic() - last
                    if waited >= limit:
                        raise timed_out(who, waited, started, patience)
                    done, _ = await asyncio.wait({nxt}, timeout=min(patience.every, limit - waited))
                    if done:
                        break
                    waited = time.monotonic() - last
                    if say is not None and waited < limit:
                        say(waiting_label(who, waited, started, patience))
            except BaseException:
                nxt.cancel()  # closes the provider's response (and its connection) at once
                try:
                    await nxt
                except BaseException:
                    pass
                raise
            try:
                event = nxt.result()
            except StopAsyncIteration:
                return
            started = True
            last = time.monotonic()
            yield event
    finally:
        close = getattr(it, "aclose", None)
        if close is not None:
            try:
                await close()
            except RuntimeError:  # already running or closed
                pass


async def countdown(delay: float, reason: str, say: Say | None, sleep: Callable[[float], object],
                    every: float = 10.0) -> None:
    """Sleep ``delay`` seconds before a retry, saying so at least every ``every`` seconds."""
    left = delay
    while left > 0:
        if say is not None:
            say(f"Retrying in {seconds(max(1, left))} ({reason})")
        step = min(every, left)
        await sleep(step)  # type: ignore[misc]
        left -= step
