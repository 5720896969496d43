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

_THINK_TAGS = r"think|thinking|reasoning|seed:think"
THINK_BLOCK = re.compile(rf"<({_THINK_TAGS})>.*?(?:</\1>|\Z)", re.S | re.I)
_THINK_END = re.compile(rf"</({_THINK_TAGS})>", re.I)
_THINK_OPEN = re.compile(rf"<({_THINK_TAGS})>", re.I)
HIDDEN = re.compile(
    rf"<({_THINK_TAGS})>.*?(?:</\1>|\Z)"
    r"|(?:<\|start\|>\s*assistant\s*)?<\|channel\|>\s*analysis\s*<\|message\|>.*?(?:<\|end\|>|(?=<\|start\|>)|\Z)"
    r"|<\|START_THINKING\|>.*?(?:<\|END_THINKING\|>|\Z)"
    r"|\[THINK\].*?(?:\[/THINK\]|\Z)",
    re.S | re.I)
HIDDEN_MARKS = ("<think", "<THINK", "<Think", "<thinking", "<reasoning", "<seed:think", "</", "analysis",
                "<|START_THINKING|>", "[THINK]")

_USER = r"(?:user|system|developer|tool|ipython)"
NEW_TURN = re.compile(
    rf"<\|im_start\|>\s*{_USER}\b|<\|start_header_id\|>\s*{_USER}\s*<\|end_header_id\|>"
    rf"|<start_of_turn>\s*{_USER}\b|<\|start\|>\s*{_USER}\b|<\|start_of_role\|>\s*{_USER}\s*<\|end_of_role\|>"
    r"|<[|｜](?:User|user|system|System)[|｜]>|<\|USER_TOKEN\|>|<\|SYSTEM_TOKEN\|>|\[INST\]")
TURN_MARKS = ("<|im_start|>", "<|start_header_id|>", "<start_of_turn>", "<|start|>", "<|start_of_role|>",
              "<｜User｜>", "<｜user｜>", "<|user|>", "<|system|>", "<|USER_TOKEN|>", "<|SYSTEM_TOKEN|>", "[INST]")

# role / channel headers that open a visible message, then single tokens
HEADER = re.compile(
    r"(?:<\|start\|>\s*assistant\s*)?<\|channel\|>\s*(?:final|commentary)\s*(?:<\|constrain\|>\s*\w+\s*)?<\|message\|>"
    r"|<\|im_start\|>\s*assistant\b\n?|<\|start_header_id\|>\s*assistant\s*<\|end_header_id\|>\n*"
    r"|<\|start_of_role\|>\s*assistant\s*<\|end_of_role\|>|<start_of_turn>\s*model\b\n?"
    r"|>>>all\n")
TOKEN = re.compile(
    r"<\|start\|>\s*assistant\b(?:\s*to=[\w.-]+)?|"  # a harmony role header left over
    r"<\|/?[\w.:=-]{1,48}\|>"  # <|im_end|> <|eot_id|> <|end|> <|return|> <|/tool_call|> …
    r"|<｜[^｜<>\n]{1,48}｜>"  # DeepSeek <｜end▁of▁sentence｜> <｜Assistant｜> …
    r"|<[|｜]tool[▁_ ]\w+[▁_ ]?\w*[|｜]>"  # DeepSeek tokens as mangled by small distills
    r"|\[/?(?:TOOL_CALLS|ARGS|CALL_ID|TOOL_RESULTS|TOOL_CONTENT|AVAILABLE_TOOLS|SYSTEM_PROMPT|INST|THINK)\]"
    r"|</?(?:start_of_turn|end_of_turn|bos|eos|pad|unk|start_function_call|end_function_call"
    r"|start_function_response|end_function_response|escape)>"
    r"|\A\s*<s>|</s>\s*\Z")
# tokens that end a message or name the assistant: nothing can follow them that they would be part of,
# so a streaming answer may drop them as soon as they are complete (the rest wait for the end)
SETTLED = re.compile(
    r"<\|(?:im_end|eot_id|eom_id|end|return|endoftext|end_of_text|END_RESPONSE|START_RESPONSE|END_OF_TURN_TOKEN"
    r"|CHATBOT_TOKEN|assistant|end_of_role)\|>|<｜(?:end▁of▁sentence|Assistant|assistant)｜>|<end_of_turn>|</s>|<eos>")
TOKEN_MARKS = ("<|", "<｜", "[TOOL_CALLS]", "[ARGS]", "[CALL_ID]", "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[TOOL_CONTENT]",
               "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]", "[/INST]", "[THINK]",
               "[/THINK]", "_turn>", "<bos>", "<eos>", "<pad>", "<unk>", "function_call>", "function_response>",
               "<escape>", "<s>", "</s>", ">>>all\n")


def _any(text: str, marks: tuple[str, ...]) -> bool:
    return any(m in text for m in marks)


def hidden_spans(masked: str, orphan: bool = True) -> list[tuple[int, int]]:
    """Reasoning regions of ``masked`` (code already blanked), in order; ``orphan``: also the text
    before a ``</think>`` whose opening tag is not in the text (it was in the prompt)."""
    spans: list[tuple[int, int]] = []
    if not _any(masked, HIDDEN_MARKS):
        return spans
    close = _THINK_END.search(masked) if orphan and "</" in masked else None
    if close and not _THINK_OPEN.search(masked, 0, close.start()):
        spans.append((0, close.end()))
    pos = spans[0][1] if spans else 0
    spans += [(m.start(), m.end()) for m in HIDDEN.finditer(masked, pos)]
    return spans


def turn_end(masked: str) -> int:
    """Where an invented next turn (user, system, tool…) begins, else ``len(masked)``."""
    if not _any(masked, TURN_MARKS):
        return len(masked)
    m = NEW_TURN.search(masked)
    return m.start() if m else len(masked)


def token_spans(masked: str, settled_only: bool = False) -> list[tuple[int, int]]:
    """Headers and single control tokens to remove (the text between them stays); ``settled_only``:
    of the single tokens only those no call or header can continue (for a half-streamed answer)."""
    if not _any(masked, TOKEN_MARKS):
        return []
    spans = [(m.start(), m.end()) for m in HEADER.finditer(masked)]
    spans += [(m.start(), m.end()) for m in (SETTLED if settled_only else TOKEN).finditer(masked)]
    return sorted(spans)
