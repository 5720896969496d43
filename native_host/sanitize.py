"""The final answer's cleanup: no tool markup, no hidden reasoning, no template tokens, everything else kept.

Removed: hidden reasoning (``<think>`` blocks closed or unclosed, an orphan ``</think>``, harmony
``analysis`` messages… — :mod:`native_host.toolcalls.tokens`), a next turn the model invented, tool
calls in any dialect (:func:`native_host.toolcalls.scan`), hallucinated tool-like XML
(``<tool_response>``, ``<function_calls>``, ``<parameter …>``…), orphaned tags of tools or such
markup, and chat-template control tokens (``<|im_end|>``, ``<｜end▁of▁sentence｜>``,
``[TOOL_CALLS]``, harmony headers…) whatever the parser made of them.
Kept: the text around all of these, markdown, code blocks (even with XML or tokens inside) and
ordinary angle brackets.
"""

from __future__ import annotations

import re

from native_host import tools
from native_host.toolcalls import MARKUP, mask_code, scan
from native_host.toolcalls.text import cut
from native_host.toolcalls.tokens import THINK_BLOCK, hidden_spans, token_spans, turn_end

__all__ = ["PAGE_DATA_MARKER", "THINK_BLOCK", "sanitize", "strip_thinking"]

# the fences prompt.untrusted() puts around page data; a model that echoes them must not show them,
# also when it copies them badly (a bracket lost or added, END on its own, lower case)
PAGE_DATA_MARKER = re.compile(
    r"(?i:<{2,}[ \t]*(?:END[ \t]+)?PAGE-DATA\b[^<>\n]*(?:>+|(?=\n)|\Z)"  # opened with <<
    r"|(?:END[ \t]+)?PAGE-DATA\b[^<>\n]*>{2,})"  # or closed with >>
    r"[ \t]*\n?")


def _markup_names() -> str:
    return "|".join(map(re.escape, list(MARKUP) + tools.names()))


def strip_thinking(text: str) -> str:
    """``text`` without hidden reasoning and without a next turn the model invented."""
    masked, _ = mask_code(text)
    end = turn_end(masked)
    return cut(text[:end], hidden_spans(masked[:end]))


def sanitize(text: str) -> str:
    """The answer as the user should see it."""
    text = strip_thinking(text)
    spans = [(s.start, s.end) for s in scan(text)]
    masked, _ = mask_code(text)
    names = _markup_names()
    # hallucinated results and call wrappers with their content
    if "<" in masked:
        for m in re.finditer(r"<((?i:tool_response|tool_result|tool_use|function_calls|function_call|tools))\b[^>]*>.*?(?:</(?i:\1)\s*>|\Z)",
                             masked, re.S):
            spans.append((m.start(), m.end()))
        # orphaned opening/closing tags (and self-closing ones) of tools and tool-like markup
        for m in re.finditer(rf"</?(?i:{names})\b[^<>]*>|<parameter=[\w-]+>|<function=[\w.-]+>", masked):
            spans.append((m.start(), m.end()))
    if "PAGE-DATA" in masked.upper():
        spans += [(m.start(), m.end()) for m in PAGE_DATA_MARKER.finditer(masked)]
    spans += token_spans(masked)
    cleaned = cut(text, spans)
    masked, _ = mask_code(cleaned, fill="x")  # blank runs left by removals, outside code only
    cleaned = cut(cleaned, [(m.start() + 2, m.end()) for m in re.finditer(r"\n[ \t]*\n(?:[ \t]*\n)+", masked)])
    return cleaned.strip()
