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


@dataclass
class _Watch:
    last: float
    started: bool = False
    inside: bool = False  # the consumer is awaiting the provider's next event
    expired: ProviderError | None = None
    turn: float = 0.0  # when the loop last got a turn from us


async def watched(events: AsyncIterator[T], patience: Patience, say: Say | None, who: str) -> AsyncIterator[T]:
    """``events`` passed through, with statuses while waiting and the timeouts (module doc).

    A ticker task does the watching, so passing an event on costs two clock reads: a long
    answer streams at full speed. Only the time spent waiting on the provider counts, never
    the time the consumer spends with an event.
    """
    consumer = asyncio.current_task()
    assert consumer is not None
    watch = _Watch(last=time.monotonic())
    ticker = asyncio.get_running_loop().create_task(_tick(watch, consumer, patience, say, who))
    it = events.__aiter__()
    try:
        while True:
            watch.inside = True
            try:
                event = await it.__anext__()
            except StopAsyncIteration:
                return
            except asyncio.CancelledError:
                # our own cancel (the provider took too long), unless someone else cancelled too
                if watch.expired is not None and consumer.uncancel() == 0:
                    raise watch.expired from None
                raise
            finally:
                watch.inside = False
            watch.started = True
            yield event
            now = time.monotonic()
            if now - watch.turn > 0.005:
                # events arriving back to back never wait on the loop: give pings and other
                # chats their turn every 5 ms
                watch.turn = now
                await asyncio.sleep(0)
                now = time.monotonic()
            watch.last = now
    finally:
        ticker.cancel()
        close = getattr(it, "aclose", None)
        if close is not None:
            try:
                await close()
            except (RuntimeError, StopAsyncIteration):  # already running or closed
                pass


async def _tick(watch: _Watch, consumer: asyncio.Task[object], patience: Patience, say: Say | None, who: str) -> None:
    """Wake at every ``every`` seconds of waiting: say so, or give up past the limit."""
    while True:
        limit = patience.stall if watch.started else patience.first_byte
        waited = time.monotonic() - watch.last
        wake = min((int(waited / patience.every) + 1) * patience.every, limit)
        await asyncio.sleep(max(0.0, wake - waited) + 0.001)
        if not watch.inside:
            continue
        limit = patience.stall if watch.started else patience.first_byte
        waited = time.monotonic() - watch.last
        if waited >= limit:
            watch.expired = timed_out(who, waited, watch.started, patience)
            consumer.cancel()
            return
        if waited >= patience.every and say is not None:
            say(waiting_label(who, waited, watch.started, patience))


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
