"""The final answer's cleanup: no tool markup, no hidden reasoning, everything else kept.

Removed: ``<think>`` blocks (closed, unclosed at the end, or an orphan ``</think>`` closing
reasoning whose opening tag was in the prompt), tool calls in any text format
(:func:`native_host.toolcalls.scan`), hallucinated tool-like XML (``<tool_response>``,
``<function_calls>``, ``<parameter …>``…) and orphaned tags of tools or such markup.
Kept: markdown, code blocks (even with XML inside) and ordinary angle brackets.
"""

from __future__ import annotations

import re

from native_host import tools
from native_host.toolcalls import MARKUP, mask_code, scan

THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?(?:</\1>|\Z)", re.S | re.I)
# the fences prompt.untrusted() puts around page data; a model that echoes them must not show them
PAGE_DATA_MARKER = re.compile(r"<<<(?:END )?PAGE-DATA[^>]*>>>[ \t]*\n?")
_ORPHAN_THINK_END = re.compile(r"^.*?</(think|thinking|reasoning)>", re.S | re.I)


def _markup_names() -> str:
    return "|".join(map(re.escape, list(MARKUP) + tools.names()))


def strip_thinking(text: str) -> str:
    masked, _ = mask_code(text)
    m = _ORPHAN_THINK_END.match(masked)
    if m and not re.search(r"<(think|thinking|reasoning)>", masked[:m.end()], re.I):
        text, masked = text[m.end():], masked[m.end():]
    return _cut(text, [(m.start(), m.end()) for m in THINK_BLOCK.finditer(masked)])


def _cut(text: str, spans: list[tuple[int, int]]) -> str:
    out, pos = [], 0
    for start, end in sorted(spans):
        if start >= pos:
            out.append(text[pos:start])
            pos = end
        elif end > pos:
            pos = end
    out.append(text[pos:])
    return "".join(out)


def sanitize(text: str) -> str:
    """The answer as the user should see it."""
    text = strip_thinking(text)
    spans = [(s.start, s.end) for s in scan(text)]
    masked, _ = mask_code(text)
    names = _markup_names()
    # hallucinated results and call wrappers with their content
    for m in re.finditer(r"<(tool_response|tool_result|tool_use|function_calls|function_call|tools)\b[^>]*>.*?(?:</\1\s*>|\Z)",
                         masked, re.S | re.I):
        spans.append((m.start(), m.end()))
    spans += [(m.start(), m.end()) for m in PAGE_DATA_MARKER.finditer(masked)]
    # orphaned opening/closing tags (and self-closing ones) of tools and tool-like markup
    for m in re.finditer(rf"</?(?:{names})\b[^<>]*>|<parameter=[\w-]+>|<function=[\w.-]+>|<\|python_tag\|>|\[TOOL_CALLS\]",
                         masked, re.I):
        spans.append((m.start(), m.end()))
    cleaned = _cut(text, spans)
    masked, _ = mask_code(cleaned, fill="x")  # blank runs left by removals, outside code only
    cleaned = _cut(cleaned, [(m.start() + 2, m.end()) for m in re.finditer(r"\n[ \t]*\n(?:[ \t]*\n)+", masked)])
    return cleaned.strip()
