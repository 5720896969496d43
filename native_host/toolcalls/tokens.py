"""Chat-template control tokens and hidden reasoning: what a user must never see.

Servers that pass a model's raw text through (llama.cpp without ``--jinja``, older Ollama templates,
LM Studio, vLLM without a tool or reasoning parser) leave the template's special tokens in the
answer.  Three kinds matter here:

* **hidden regions** — reasoning the user does not read: ``<think>…</think>`` (and ``<thinking>``,
  ``<reasoning>``, Seed-OSS ``<seed:think>``), an orphan ``</think>`` whose opening tag was in the
  prompt, gpt-oss harmony ``analysis`` messages, Command R7B ``<|START_THINKING|>…``, Magistral
  ``[THINK]…[/THINK]``; an unclosed one hides everything after it;
* **a new turn** the model invented (``<|im_start|>user``, ``<|start_header_id|>user…``,
  ``<start_of_turn>user``, ``<｜User｜>``, ``<|user|>``…): it and everything after it go;
* **tokens** — ``<|…|>`` and DeepSeek's full-width ``<｜…｜>``, Mistral's ``[TOOL_CALLS]``,
  ``[INST]``…, Gemma's ``<start_of_turn>``/``<end_of_turn>``, harmony headers
  (``<|start|>assistant<|channel|>final<|message|>``) and role headers (``<|im_start|>assistant``)
  go; the text between them stays.
"""

from __future__ import annotations

import re

from native_host.toolcalls.text import inside

_THINK_TAGS = r"(?i:think|thinking|reasoning|seed:think)"
THINK_BLOCK = re.compile(rf"<({_THINK_TAGS})>.*?(?:</(?i:\1)>|\Z)", re.S)
_THINK_END = re.compile(rf"</{_THINK_TAGS}>")
_THINK_OPEN = re.compile(rf"<{_THINK_TAGS}>")
_HARMONY_END = r".*?(?:<\|end\|>|(?=<\|start\|>)|\Z)"
_USER = r"(?:user|system|developer|tool|ipython)"


def _after(lead: str, *alternatives: str, flags: int = 0) -> re.Pattern[str]:
    """One pattern: ``lead`` (a literal character) then any of ``alternatives``, so a long answer
    is searched for that character at C speed, and each alternative is written apart from the others."""
    return re.compile(re.escape(lead) + "(?:" + "|".join(alternatives) + ")", flags)


# Each table's patterns start with one literal character (the same speed reason).
HIDDEN = (
    _after("<", rf"({_THINK_TAGS})>.*?(?:</(?i:\1)>|\Z)",
           rf"(?:\|start\|>\s*assistant\s*<)?\|channel\|>\s*analysis\s*<\|message\|>{_HARMONY_END}",
           r"\|START_THINKING\|>.*?(?:<\|END_THINKING\|>|\Z)", flags=re.S),
    re.compile(r"\[THINK\].*?(?:\[/THINK\]|\Z)", re.S),
)
NEW_TURN = (
    _after("<", rf"\|im_start\|>\s*{_USER}\b", rf"\|start_header_id\|>\s*{_USER}\s*<\|end_header_id\|>",
           rf"start_of_turn>\s*{_USER}\b", rf"\|start\|>\s*{_USER}\b", rf"\|start_of_role\|>\s*{_USER}\s*<\|end_of_role\|>",
           rf"\|header_start\|>\s*{_USER}\s*<\|header_end\|>", r"\|im_(?:user|system)\|>", r"\|observation\|>",
           r"[|｜](?:User|user|system|System)[|｜]>", r"\|USER_TOKEN\|>", r"\|SYSTEM_TOKEN\|>",
           r"seed:bos>\s*(?:user|system|tool)\b"),
    re.compile(r"\[INST\]"),
    re.compile(r"\]~b\](?:user|system|tool)\b"),  # MiniMax-M2's template
)
# role / channel headers that open a visible message
HEADER = (
    _after("<", r"(?:\|start\|>\s*assistant\s*<)?\|channel\|>\s*(?:final|commentary)\s*(?:<\|constrain\|>\s*\w+\s*)?<\|message\|>",
           r"\|im_start\|>\s*assistant\b\n?", r"\|start_header_id\|>\s*assistant\s*<\|end_header_id\|>\n*",
           r"\|start_of_role\|>\s*assistant\s*<\|end_of_role\|>", r"start_of_turn>\s*model\b\n?",
           r"\|header_start\|>\s*assistant\s*<\|header_end\|>\n*", r"\|im_assistant\|>\s*assistant\s*<\|im_middle\|>",
           r"seed:bos>\s*assistant\b\n?"),
    re.compile(r">>>all\n"),
    re.compile(r"\]~b\]ai\b\n?"),
)
# single tokens
TOKEN = (
    _after("<", r"\|start\|>\s*assistant\b(?:\s*to=[\w.-]+)?",  # a harmony role header left over
           r"\|/?[\w.:=-]{1,48}\|>",  # <|im_end|> <|eot_id|> <|end|> <|return|> <|/tool_call|> …
           r"｜[^｜<>\n]{1,48}｜>",  # DeepSeek <｜end▁of▁sentence｜> <｜Assistant｜> …
           r"[|｜]tool[▁_ ]\w+[▁_ ]?\w*[|｜]>",  # DeepSeek tokens as mangled by small distills
           r"/?(?:start_of_turn|end_of_turn|bos|eos|pad|unk|start_function_call|end_function_call"
           r"|start_function_response|end_function_response|escape|seed:bos|seed:eos)>",
           r"/s>(?=\s*\Z)"),
    re.compile(r"\[/?(?:TOOL_CALLS|ARGS|CALL_ID|TOOL_RESULTS|TOOL_CONTENT|AVAILABLE_TOOLS|SYSTEM_PROMPT|INST|THINK)\]|\[e~\["),
    re.compile(r"\]~!?b\["),  # MiniMax-M2's template
)
# tokens that end a message or name the assistant: nothing can follow them that they would be part of,
# so a streaming answer may drop them as soon as they are complete (the rest wait for the end)
SETTLED = (
    _after("<", r"\|(?:im_end|eot_id|eom_id|end|return|endoftext|end_of_text|END_RESPONSE|START_RESPONSE"
           r"|END_OF_TURN_TOKEN|CHATBOT_TOKEN|assistant|end_of_role)\|>", r"｜(?:end▁of▁sentence|Assistant|assistant)｜>",
           r"end_of_turn>", r"/s>", r"eos>", r"seed:eos>"),
    re.compile(r"\[e~\["),
)
_BOS = re.compile(r"\s*<s>")


def _spans(patterns: tuple[re.Pattern[str], ...], text: str, pos: int = 0,
           code: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for p in patterns for m in p.finditer(text, pos) if not (code and inside(code, m.start()))]


def _first(pattern: re.Pattern[str], text: str, code: list[tuple[int, int]] | None, end: int | None = None) -> re.Match[str] | None:
    pos, end = 0, len(text) if end is None else end
    while (m := pattern.search(text, pos, end)) is not None and code and inside(code, m.start()):
        pos = m.start() + 1
    return m


def hidden_spans(masked: str, orphan: bool = True, code: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Reasoning regions, in order, of ``masked`` (code blanked) — or of the raw text with its ``code``
    spans given; ``orphan``: also the text before a ``</think>`` whose opening tag is not in the text
    (it was in the prompt)."""
    spans: list[tuple[int, int]] = []
    close = _first(_THINK_END, masked, code) if orphan else None
    if close and not _first(_THINK_OPEN, masked, code, close.start()):
        spans.append((0, close.end()))
    pos = spans[0][1] if spans else 0
    return sorted(spans + _spans(HIDDEN, masked, pos, code))


def turn_end(masked: str, code: list[tuple[int, int]] | None = None) -> int:
    """Where an invented next turn (user, system, tool…) begins, else ``len(masked)``."""
    found = [m.start() for p in NEW_TURN if (m := _first(p, masked, code))]
    return min(found, default=len(masked))


def token_spans(masked: str, settled_only: bool = False) -> list[tuple[int, int]]:
    """Headers and single control tokens to remove (the text between them stays); ``settled_only``:
    of the single tokens only those no call or header can continue (for a half-streamed answer)."""
    spans = _spans(HEADER, masked) + _spans(SETTLED if settled_only else TOKEN, masked)
    if (bos := _BOS.match(masked)) and not settled_only:
        spans.append((bos.start(), bos.end()))
    return sorted(spans)
