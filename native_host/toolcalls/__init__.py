"""Tool calls written in model text: find them, repair them, validate them — text in, calls out.

:func:`parse` is pure: it takes the model's answer and returns the calls it writes (repaired and
validated against the tool registry) and the text before them; it runs nothing, so callers can put
their own checks on top.  The dialects it understands are declared once, in
:data:`native_host.toolcalls.dialects.DIALECTS` (one small recogniser each: Tabmate's XML tags,
Hermes/Qwen, Qwen3-Coder, GLM-4.5/4.6, MiniMax, DeepSeek V3/V3.1/R1, Kimi K2, gpt-oss harmony,
Llama 3.x/4, Mistral, Granite, Phi-4-mini, Gemma, Functionary, Command-R, xLAM…).  Code the model
shows the user (fenced or inline) and its hidden reasoning are never calls, except a fenced block
that is itself a JSON call or a Gemma ``tool_code`` block.

:mod:`native_host.toolcalls.tokens` knows the chat-template control tokens the sanitizer removes,
and :func:`hold_index` tells the streaming gate what may still become a call.
"""

from __future__ import annotations

import re

from native_host.toolcalls.dialects import DIALECTS, Dialect, Scan
from native_host.toolcalls.repair import ToolCall, check, new_id, problem_text, repair, validate
from native_host.toolcalls.stream import StreamView, hold_index, visible
from native_host.toolcalls.text import FENCE, INLINE, Span, blank, code_spans, mask_code
from native_host.toolcalls.tokens import hidden_spans, turn_end

__all__ = ["DIALECTS", "Dialect", "MARKUP", "Span", "StreamView", "ToolCall", "FENCE", "INLINE", "check", "hold_index", "mask_code",
           "new_id", "parse", "problem_text", "repair", "scan", "validate", "visible"]

# tool-like markup a model may write with no usable call in it (the sanitizer hides it)
MARKUP = ("tool_call", "tool_calls", "tool_response", "tool_result", "tool_use", "function_calls",
          "function_call", "function", "invoke", "parameter", "tools", "think", "thinking",
          "arg_key", "arg_value", "minimax:tool_call", "seed:tool_call", "TOOLCALL")


def _marks_finder() -> list[tuple[str | None, re.Pattern[str]]]:
    """The rows' marks as patterns (a literal first character keeps a regex search fast, faster than
    ``in``): one finding every mark that starts with "<", one for each other mark."""
    marks = sorted({m for d in DIALECTS for m in d.marks if m}, key=len, reverse=True)
    angle = "<(?:" + "|".join(re.escape(m[1:]) for m in marks if m.startswith("<")) + ")"
    return [(None, re.compile(angle)), *((m, re.compile(re.escape(m))) for m in marks if not m.startswith("<"))]


_MARKS = _marks_finder()


def _present(masked: str) -> set[str]:
    found = {""}
    for mark, pattern in _MARKS:
        if mark is None:
            found.update(pattern.findall(masked))
        elif pattern.search(masked):
            found.add(mark)
    return found


def scan(text: str) -> list[Span]:
    """Every tool call (span with ``call``) and dialect markup (span without) in ``text``."""
    code, fences = code_spans(text)
    hidden = hidden_spans(text, code=code)
    end = turn_end(text, code)  # an invented next turn is not the model's to act on
    if end < len(text):
        hidden.append((end, len(text)))
    if hidden:
        fences = [f for f in fences if not any(a <= f.start < b for a, b in hidden)]
        code = _merge(code + hidden)
    masked = blank(text, code)  # one copy: code, reasoning and invented turns blanked
    s = Scan(text, masked, fences)
    present = _present(masked)
    spans: list[Span] = []
    for d in DIALECTS:
        if (d.alone and spans) or present.isdisjoint(d.marks):
            continue
        spans += d.find(s)
    return _outermost(spans)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _outermost(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        if out and s.start < out[-1].end and not (s.start == out[-1].start and s.end == out[-1].end):
            continue  # inside an earlier span
        out.append(s)
    return out


def parse(text: str) -> tuple[list[ToolCall], str]:
    """The tool calls written in ``text`` (repaired and validated) and the text before them."""
    spans = [s for s in scan(text) if s.call is not None]
    if not spans:
        return [], text
    return [check(s.call) for s in spans], text[:spans[0].start]
