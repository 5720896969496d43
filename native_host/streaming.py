"""One model call: its events read, its answer streamed through a gate that holds back tool calls.

:func:`call_model` returns the answer text, its tool calls (native, or written in the text),
the text before them and whether the server turned tools off; usage, refused images and
hidden reasoning are noted on the :class:`~native_host.agent.Turn` as they arrive.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from native_host import logs, toolcalls
from native_host.channel import ChatChannel
from native_host.providers.base import (ChatRequest, ImagesOff, ReasoningDelta, TextDelta, ToolCallEvent,
                                        ToolsOff, UsageEvent)
from native_host.sanitize import sanitize

if TYPE_CHECKING:
    from native_host.agent import Turn


class _Gate:
    """Streams answer text as it arrives, holding back whatever may start a tool call.

    What may be shown depends on the whole answer so far (code blocks, hidden reasoning), so
    each look costs time in proportion to its length. Looking after every delta would make a
    long answer quadratic; the gate looks again once the answer has grown by an eighth, or
    once it has been idle for four times as long as the last look took — linear in the answer,
    at most a fifth of the time spent looking, and short answers still stream delta by delta.
    """

    def __init__(self, channel: ChatChannel) -> None:
        self.channel, self.sent = channel, 0
        self.chunks: list[str] = []
        self.size = 0
        self.shown_parts: list[str] = []
        self.view = toolcalls.StreamView()  # visible text, re-reading only the unsettled tail
        self.closed = False
        self.separator = "\n\n" if channel.streamed else ""
        self.looked_at = 0  # answer size at the last look
        self.next_look = 0.0  # monotonic time from which the next look is due anyway

    @property
    def raw(self) -> str:
        if len(self.chunks) > 1:
            self.chunks = ["".join(self.chunks)]
        return self.chunks[0] if self.chunks else ""

    @property
    def shown(self) -> str:
        return "".join(self.shown_parts)

    def feed(self, delta: str) -> None:
        self.chunks.append(delta)
        self.size += len(delta)
        if self.closed:
            return
        now = time.monotonic()
        if self.size - self.looked_at < max(2048, self.looked_at // 8) and now < self.next_look:
            return
        self.look()
        self.next_look = time.monotonic() + 4 * (time.monotonic() - now)

    def look(self) -> None:
        self.looked_at = self.size
        view = self.view(self.raw)
        if not self.shown_parts:
            view = view.lstrip()
        hold = toolcalls.hold_index(view, self.sent)
        self._emit(view[self.sent:len(view) if hold is None else hold])

    def _emit(self, text: str) -> None:
        if text:
            self.channel.delta(self.separator + text if not self.shown_parts else text)
            self.shown_parts.append(text)
            self.sent += len(text)

    def finish(self, answer: str) -> None:
        shown = self.shown
        if not self.closed and answer.startswith(shown):
            self._emit(answer[len(shown):])


async def call_model(router: Any, request: ChatRequest, turn: Turn) -> tuple[str, list[toolcalls.ToolCall], str, bool]:
    """(text, tool calls — native or written in the text —, text before the calls, tools turned off)."""
    gate, calls, tools_off, thinking = _Gate(turn.channel), [], False, False
    async for ev in router.stream(request):
        if isinstance(ev, TextDelta):
            gate.feed(ev.text)
        elif isinstance(ev, ToolCallEvent):
            gate.closed = True
            calls.append(toolcalls.check({"id": ev.id, "name": ev.name, "arguments": ev.arguments}))
        elif isinstance(ev, UsageEvent):
            turn.usage.input_tokens += ev.input_tokens
            turn.usage.output_tokens += ev.output_tokens
        elif isinstance(ev, ToolsOff):
            tools_off = True
            logs.log("tools_off", provider=turn.settings.provider, reason=ev.reason)
        elif isinstance(ev, ImagesOff):
            turn.images_off = ev.reason
            logs.log("images_off", provider=turn.settings.provider, reason=ev.reason[:200])
            turn.channel.status("images_off", "This model does not accept images — answering without the screenshot…")
        elif isinstance(ev, ReasoningDelta) and not thinking:
            thinking = True
            turn.channel.status("thinking", "Thinking…")
    if not gate.closed and gate.size != gate.looked_at:
        gate.look()  # what the last deltas made showable
    preamble = gate.raw
    if not calls:
        calls, preamble = toolcalls.parse(gate.raw)
        if not calls:
            gate.finish(sanitize(gate.raw))
    return gate.raw, calls, preamble, tools_off
