"""Streaming: what part of a half-written answer may be shown already.

:func:`visible` is the answer so far without hidden reasoning, invented turns and complete control
tokens (a prefix of it only grows as text arrives); :func:`hold_index` says where, in that view, text
starts that may still become a tool call or a control token, so the gate holds it back.
"""

from __future__ import annotations

import re

from native_host import tools
from native_host.toolcalls.text import FENCE, Fence, cut, json_calls, mask_code
from native_host.toolcalls.tokens import hidden_spans, token_spans, turn_end

_TAG_START = re.compile(r"<(/?)([A-Za-z_|][\w.:|=-]*)?")
_CALL_TAGS = ("tool_call", "tool_calls", "tool_response", "tool_result", "tool_use", "function_calls", "function_call",
              "function", "invoke", "parameter", "tools", "think", "thinking", "reasoning", "arg_key", "arg_value",
              "minimax:tool_call", "seed:tool_call", "seed:think", "toolcall", "start_function_call")
_BRACKETS = ("[TOOL_CALLS]", "[ARGS]", "[CALL_ID]", "[THINK]", "[/THINK]", "[INST]", "[/INST]", "[TOOL_RESULTS]",
             "[/TOOL_RESULTS]", "[TOOL_CONTENT]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]")
_WORDS = ("Action:", "functools[")  # Command-R, Phi-4-mini / FireFunction
_CALL_FENCES = ("", "json", "tool_call", "tool", "tool_code")
_NEEDLES = ("<", "```", "~~~", "[", ">>>")


def _view(raw: str) -> tuple[str, list[tuple[int, int]], list[Fence]]:
    """``raw`` cut at an invented turn, the spans to drop from it, and its fenced blocks."""
    masked, fences = mask_code(raw)
    end = turn_end(masked)
    masked = masked[:end]
    return raw[:end], sorted(hidden_spans(masked, orphan=False) + token_spans(masked, settled_only=True)), fences


def visible(raw: str) -> str:
    """The streamed answer as it may be shown so far (see the module docstring)."""
    raw, spans, _ = _view(raw)
    return cut(raw, spans)


class StreamView:
    """:func:`visible` for an answer that grows delta by delta, in time proportional to the delta.

    Text up to the last paragraph break that no code block, reasoning region or token spans is
    settled: its view is kept and only the text after it is looked at again.
    """

    def __init__(self) -> None:
        self._settled_raw = 0
        self._settled_view = ""

    def __call__(self, raw: str) -> str:
        tail, spans, fences = _view(raw[self._settled_raw:])
        whole = len(tail) == len(raw) - self._settled_raw  # no invented turn cut it
        p, n = tail.rfind("\n\n") + 2, len(tail)  # a span reaching the end may still be open: it blocks
        if whole and 2 < p < n and all(e <= p or s >= p for s, e in spans) and all(f.end <= p or f.start >= p for f in fences):
            head = cut(tail[:p], [sp for sp in spans if sp[1] <= p])
            self._settled_view += head
            self._settled_raw += p
            return self._settled_view + cut(tail[p:], [(s - p, e - p) for s, e in spans if s >= p])
        return self._settled_view + cut(tail, spans)


def _suspicious(name: str) -> bool:
    low = name.lower().strip("|/")
    return (tools.get(low) is not None or tools.get(name.strip("|/")) is not None or low.split("=")[0] in _CALL_TAGS
            or low.startswith(("python_tag", "tool_", "function", "start_of_turn", "end_of_turn")))


def _word_start(text: str, i: int) -> int | None:
    """Where a Command-R ``Action:`` or ``functools[`` starts (or may be starting, at the end) from ``i``."""
    best = None
    for word in _WORDS:
        k = text.find(word, i)
        if k >= 0 and (best is None or k < best):
            best = k
    line = text.rfind("\n") + 1
    tail = text[max(line, i):]
    if tail and any(w.startswith(tail.lstrip()) for w in _WORDS) and tail.strip():
        k = max(line, i) + len(tail) - len(tail.lstrip())
        best = k if best is None else min(best, k)
    return best


def hold_index(text: str, start: int = 0) -> int | None:
    """Where text that may begin a tool call (or hidden markup) starts, from ``start`` on.

    Text before the returned index can be shown now; ``None`` means all of it can.
    """
    if start == 0 and (lead := re.compile(r"\s*").match(text).end()) < len(text):  # type: ignore[union-attr]
        if text[lead] in "{[":
            return lead
        line = text.find("\n", lead)  # Functionary's first segment: NAME\n{…}
        first = text[lead:line if line >= 0 else len(text)]
        if re.fullmatch(r"[\w.-]+", first) and (
                any(n.startswith(first) for n in tools.names()) if line < 0
                else tools.get(first) and text[line:line + 200].lstrip()[:1] in ("", "{")):
            return lead
    word = _word_start(text, start)
    i = start
    found = {n: text.find(n, i) for n in _NEEDLES}  # next place of each; refreshed only once passed
    while True:
        for n, k in found.items():
            if 0 <= k < i:
                found[n] = text.find(n, i)
        j = min((k for k in found.values() if k >= 0), default=-1)
        if word is not None and (j < 0 or word < j):
            return word
        if j < 0:
            tail = len(text) - len(text.rstrip(">"))  # a Functionary ">>>" may be arriving
            return len(text) - tail if 0 < tail < 3 and len(text) - tail >= start else None
        if text.startswith(("```", "~~~"), j):
            m = FENCE.match(text, j)
            closed = m is not None and m.end() <= len(text) and text[m.end() - 3:m.end()] in ("```", "~~~") and m.end() - j > 6
            if not closed or (m is not None and (m[2].lower() == "tool_code" or (m[2].lower() in _CALL_FENCES and json_calls(m[3], True)))):
                return j
            i = m.end()  # type: ignore[union-attr]
            continue
        if text.startswith(">>>", j):
            if j + 3 >= len(text) or re.match(r"[A-Za-z_]", text[j + 3]):
                return j
            i = j + 3
            continue
        if text[j] == "[":
            rest = text[j:j + 18]
            if any(b.startswith(rest) or rest.startswith(b) for b in _BRACKETS):
                return j
            i = j + 1
            continue
        if text.startswith(("<|", "<｜"), j):
            return j  # a control token the view still holds: a call starts here, or it is not complete yet
        m = _TAG_START.match(text, j)
        assert m is not None
        if m.end() >= len(text) and (m[2] or m[1] or j == len(text) - 1):
            return j  # the tag name may still be arriving
        if m[2] and _suspicious(m[2]):
            return j
        i = m.end() if m.end() > j else j + 1
