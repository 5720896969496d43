"""The text tool-call dialects, one small recogniser each, declared in :data:`DIALECTS`.

Every recogniser gets a :class:`Scan` (the answer, the answer with code and hidden reasoning
blanked to the same length, the visible fenced blocks) and yields :class:`Span`s: where a call is
written (with its raw ``{name, arguments}``) or where dialect markup with no usable call sits.  It
locates on ``masked`` — so code shown to the user and reasoning are never calls — and reads
arguments from ``text``.  A row runs only when one of its ``marks`` occurs in the masked text, which
keeps an ordinary answer to a few substring searches.  Names are taken as written, so MCP tools
(``mcp__server__tool``) parse in every dialect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Iterable

from native_host import tools
from native_host.toolcalls.text import (FUNCTION_TAG, INVOKE_TAG, Fence, Raw, Span, body_calls, json_calls,
                                        python_calls, tag_args)


@dataclass
class Scan:
    text: str
    masked: str  # code, hidden reasoning and invented turns blanked (same length as text)
    fences: list[Fence]  # fenced code blocks outside hidden regions


@dataclass(frozen=True)
class Dialect:
    name: str
    example: str  # the form, as the model writes it
    source: str  # where the form is documented
    marks: tuple[str, ...]  # the row runs only if one of these occurs in the masked text ("" = always)
    find: Callable[[Scan], Iterable[Span]]
    alone: bool = False  # only when no other dialect found anything (whole-reply forms)


def _spans(start: int, end: int, calls: list[Raw]) -> list[Span]:
    return [Span(start, end, c) for c in calls] or [Span(start, end)]


# ------------------------------------------------------------------ recogniser factories
def _wrapped(tag: str) -> Callable[[Scan], Iterable[Span]]:
    """``<tag>BODY</tag>`` (closed, unclosed at the end, or cut by the next ``<tag>``)."""
    pattern = re.compile(rf"<{re.escape(tag)}>(.*?)(?:</{re.escape(tag)}>|(?=<{re.escape(tag)}>)|\Z)", re.S)

    def find(s: Scan) -> Iterable[Span]:
        for m in pattern.finditer(s.masked):
            yield from _spans(m.start(), m.end(), body_calls(s.text[m.start(1):m.end(1)]))
    return find


_TOKEN_AHEAD = r"(?=</s>|<\|[\w/]+\|>|<｜)"


def _led(lead: str, end: str = _TOKEN_AHEAD) -> Callable[[Scan], Iterable[Span]]:
    """``LEAD BODY`` up to ``end`` (by default the next control token) or the end of the answer."""
    pattern = re.compile(rf"{lead}(.*?)(?:{end}|\Z)", re.S)

    def find(s: Scan) -> Iterable[Span]:
        for m in pattern.finditer(s.masked):
            yield from _spans(m.start(), m.end(), body_calls(s.text[m.start(1):m.end(1)]))
    return find


def _tagged(pattern: re.Pattern[str]) -> Callable[[Scan], Iterable[Span]]:
    """A self-describing tag: group 1 the name, group 2 the body (``<function=…>``, ``<invoke …>``)."""
    def find(s: Scan) -> Iterable[Span]:
        for m in pattern.finditer(s.masked):
            yield Span(m.start(), m.end(), {"name": m[1], "arguments": tag_args(m[1], "", s.text[m.start(2):m.end(2)])})
    return find


def _sectioned(section: str, call: str, read: Callable[[str, str], Raw]) -> Callable[[Scan], Iterable[Span]]:
    """A section of calls (DeepSeek, Kimi): every call shares the section's span; calls outside one stand alone."""
    section_re, call_re = re.compile(section, re.S), re.compile(call, re.S)

    def find(s: Scan) -> Iterable[Span]:
        covered = 0
        for sec in section_re.finditer(s.masked):
            calls = [read(s.text[c.start(1):c.end(1)], s.text[c.start(2):c.end(2)])
                     for c in call_re.finditer(s.masked, sec.start(), sec.end())]
            yield from _spans(sec.start(), sec.end(), calls)
            covered = sec.end()
        for c in call_re.finditer(s.masked, covered):
            yield Span(c.start(), c.end(), read(s.text[c.start(1):c.end(1)], s.text[c.start(2):c.end(2)]))
    return find


# ------------------------------------------------------------------ recognisers
_ATTRS = r"""((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>/]+))*)\s*"""


def _registered_tags(s: Scan) -> Iterable[Span]:
    names = "|".join(map(re.escape, sorted(tools.names(), key=len, reverse=True)))
    for m in re.finditer(rf"<({names})\b{_ATTRS}(/?)>", s.masked):
        name, end, body = m[1], m.end(), ""
        if not m[3]:
            close = re.compile(rf"</{re.escape(name)}\s*>").search(s.masked, m.end())
            if close:
                body, end = s.text[m.end():close.start()], close.end()
            elif not re.search(r"<[A-Za-z/]", s.masked[m.end():]):  # unclosed at the end
                body, end = s.text[m.end():], len(s.text)
        yield Span(m.start(), end, {"name": name, "arguments": tag_args(name, s.text[m.start(2):m.end(2)], body)})


def _fenced_json(s: Scan) -> Iterable[Span]:
    for f in s.fences:  # a fenced block that is itself a JSON call of a tool we have
        if f.lang.lower() in ("", "json", "tool_call", "tool", "jsonc") and f.body.lstrip()[:1] in ("{", "[") \
                and (calls := json_calls(f.body, True)):
            yield from _spans(f.start, f.end, calls)


def _tool_code(s: Scan) -> Iterable[Span]:
    for f in s.fences:
        if f.lang.lower() == "tool_code":
            yield from _spans(f.start, f.end, python_calls(f.body) or [])


_ACTION = re.compile(r"Action:[ \t]*\n?[ \t]*\Z")


def _command_r(s: Scan) -> Iterable[Span]:
    for f in s.fences:
        action = _ACTION.search(s.masked, max(0, f.start - 40), f.start)
        if action and f.lang.lower() in ("", "json") and (calls := json_calls(f.body, False)):
            # "directly_answer" is Command-R's way of saying "no tool": the block is hidden, not run
            yield from _spans(action.start(), f.end, [c for c in calls if c.get("tool_name", c.get("name")) != "directly_answer"])


def _mistral(s: Scan) -> Iterable[Span]:
    start = s.masked.find("[TOOL_CALLS]")
    end = re.compile(_TOKEN_AHEAD).search(s.masked, start) if start >= 0 else None
    if start < 0:
        return
    stop = end.start() if end else len(s.text)
    calls: list[Raw] = []
    for piece in s.text[start:stop].split("[TOOL_CALLS]")[1:]:
        v11 = re.match(r"\s*([\w.-]+)\s*(?:\[CALL_ID\]\s*\w+\s*)?\[ARGS\](.*)", piece, re.S)  # name[ARGS]{…}
        calls += [{"name": v11[1], "arguments": v11[2].strip()}] if v11 else body_calls(piece)
    yield from _spans(start, stop, calls)


def _deepseek_call(head: str, rest: str) -> Raw:
    if head.strip() == "function":  # V3 / R1: function<sep>NAME\n```json\n{…}\n```
        m = re.match(r"\s*([\w.-]+)\s*(?:```[\w]*\s*(.*?)\s*(?:```|\Z)|(.*))", rest, re.S)
        if m:
            return {"name": m[1], "arguments": (m[2] if m[2] is not None else m[3] or "").strip()}
    return {"name": head.strip(), "arguments": rest.strip()}  # V3.1: NAME<sep>{…}


_DS = r"<[｜|]\s*tool[▁_ ]{w}[▁_ ]?{x}\s*[｜|]>"


def _kimi_call(ident: str, args: str) -> Raw:
    m = re.fullmatch(r"\s*(?:functions\.)?([\w.-]+?)(?::\d+)?\s*", ident)
    return {"name": m[1] if m else ident.strip(), "arguments": args.strip()}


_HARMONY = re.compile(
    r"(?:<\|start\|>\s*assistant\s*)?(?:to=([\w.-]+)\s*)?<\|channel\|>\s*\w*\s*(?:to=([\w.-]+)\s*)?"
    r"(?:<\|constrain\|>\s*)?(?:\w+\s*)?<\|message\|>(.*?)(?:<\|call\|>|<\|end\|>|(?=<\|start\|>)|\Z)", re.S)


def _harmony(s: Scan) -> Iterable[Span]:
    for m in _HARMONY.finditer(s.masked):
        recipient = m[1] or m[2]
        if recipient:  # a message with a recipient is a tool call; others are text (final / preamble)
            yield Span(m.start(), m.end(), {"name": recipient, "arguments": s.text[m.start(3):m.end(3)].strip()})


_FUNCTIONARY = re.compile(r">>>([A-Za-z_][\w.-]*)[ \t]*\n(?=\s*\{)")


def _functionary(s: Scan) -> Iterable[Span]:
    for m in _FUNCTIONARY.finditer(s.masked):
        if m[1] == "all":
            continue
        nxt = s.masked.find(">>>", m.end())
        end = nxt if nxt >= 0 else len(s.text)
        yield Span(m.start(), end, {"name": m[1], "arguments": s.text[m.end():end].strip()})


_FG_CALL = re.compile(r"<start_function_call>\s*call:([\w.-]+)\s*\{(.*?)\}\s*(?:<end_function_call>|\Z)", re.S)
_FG_ARG = re.compile(r"([\w-]+)\s*:\s*(?:<escape>(.*?)<escape>|([^,}]*))", re.S)


def _function_gemma(s: Scan) -> Iterable[Span]:
    for m in _FG_CALL.finditer(s.masked):
        body = s.text[m.start(2):m.end(2)]
        yield Span(m.start(), m.end(), {"name": m[1], "arguments": {a[1]: a[2] if a[2] is not None else a[3].strip()
                                                                      for a in _FG_ARG.finditer(body)}})


def _dsml(s: Scan) -> Iterable[Span]:
    for m in re.finditer(r"<｜DSML｜function_calls>(.*?)(?:</｜DSML｜function_calls>|\Z)", s.masked, re.S):
        yield from _spans(m.start(), m.end(), body_calls(s.text[m.start(1):m.end(1)].replace("｜DSML｜", "")))


_FIRST_SEGMENT = re.compile(r"([\w.-]+)[ \t]*\n\s*(\{.*)", re.S)
_TRAILING_JSON = re.compile(r'[ \t]*\[?[ \t]*\{[ \t]*"(?:name|tool_name)"\s*:')


def _whole_reply(s: Scan) -> Iterable[Span]:
    """The visible reply is a call of a tool we have: bare JSON (Llama 3, xLAM arrays), a pythonic
    list, Functionary's first ``NAME\\n{…}`` segment — or prose ending in a JSON call."""
    first = re.search(r"\S", s.masked)
    if not first:
        return
    p = first.start()
    if s.text[p] in "{[":
        rest = s.text[p:]
        calls = json_calls(rest, True)
        if not calls and rest[0] == "[":
            calls = python_calls(rest)
            calls = calls if calls and all(tools.get(c["name"]) for c in calls) else None
        if calls:
            yield from _spans(p, len(s.text), calls)
            return
    head = _FIRST_SEGMENT.match(s.text, p)
    if head and tools.get(head[1]):
        yield Span(p, len(s.text), {"name": head[1], "arguments": head[2]})
        return
    key = s.masked.find('name"', p + 1)
    while key >= 0:  # prose, then JSON calls on lines of their own
        line = s.masked.rfind("\n", 0, key) + 1
        if _TRAILING_JSON.match(s.masked, line) and (calls := json_calls(s.text[line:], True)):
            yield from _spans(line, len(s.text), calls)
            return
        key = s.masked.find('name"', key + 5)


# ------------------------------------------------------------------ the table
VLLM = "https://github.com/vllm-project/vllm/tree/main/vllm/tool_parsers"
LLAMA_CPP = "https://github.com/ggml-org/llama.cpp/blob/master/tests/test-chat.cpp"
DIALECTS: list[Dialect] = [
    Dialect("tabmate-xml", '<search_web query="tea" />', "tools.xml_instructions()", ("<",), _registered_tags),
    Dialect("hermes", '<tool_call>{"name": "f", "arguments": {…}}</tool_call> (also Qwen3-Coder <function=…>, '
            "GLM-4.5/4.6 f<arg_key>k</arg_key><arg_value>v</arg_value>, xLAM, Granite double-encoded)",
            f"{VLLM}/hermes_tool_parser.py, glm4_moe_tool_parser.py, qwen3coder_tool_parser.py",
            ("<tool_call>",), _wrapped("tool_call")),
    Dialect("minimax-m2", '<minimax:tool_call><invoke name="f"><parameter name="k">v</parameter></invoke></minimax:tool_call>',
            f"{VLLM}/minimax_m2_tool_parser.py", ("<minimax:tool_call>",), _wrapped("minimax:tool_call")),
    Dialect("minimax-m1 / jamba", '<tool_calls>\n{"name": "f", "arguments": {…}}\n</tool_calls>',
            f"{VLLM}/minimax_tool_parser.py, jamba_tool_parser.py", ("<tool_calls>",), _wrapped("tool_calls")),
    Dialect("seed-oss", "<seed:tool_call><function=f><parameter=k>v</parameter></function></seed:tool_call>",
            f"{VLLM}/seed_oss_tool_parser.py", ("<seed:tool_call>",), _wrapped("seed:tool_call")),
    Dialect("nemotron", '<TOOLCALL>[{"name": "f", "arguments": {…}}]</TOOLCALL>', LLAMA_CPP, ("<TOOLCALL>",), _wrapped("TOOLCALL")),
    Dialect("function_calls", '<function_calls><invoke name="f">…</invoke></function_calls> (Olmo 3: f(k="v"))',
            f"{VLLM}/olmo3_tool_parser.py", ("<function_calls>",), _wrapped("function_calls")),
    Dialect("deepseek-v3.2 dsml", '<｜DSML｜function_calls><｜DSML｜invoke name="f">…', "DeepSeek-V3.2 encoding_dsv32.py",
            ("<｜DSML｜",), _dsml),
    Dialect("qwen3-coder / functionary-v3.1", "<function=f><parameter=k>v</parameter></function> or <function=f>{…}</function>",
            f"{VLLM}/qwen3coder_tool_parser.py; {LLAMA_CPP} (Functionary v3.1)", ("<function=",), _tagged(FUNCTION_TAG)),
    Dialect("invoke", '<invoke name="f"><parameter name="k">v</parameter></invoke>', f"{VLLM}/minimax_m2_tool_parser.py",
            ("<invoke",), _tagged(INVOKE_TAG)),
    Dialect("mistral", '[TOOL_CALLS][{"name": "f", "arguments": {…}}] / [TOOL_CALLS]f[ARGS]{…} / [TOOL_CALLS]f{…}',
            f"{VLLM}/mistral_tool_parser.py", ("[TOOL_CALLS]",), _mistral),
    Dialect("llama-3.x", '<|python_tag|>{"name": "f", "parameters": {…}} / brave_search.call(query="…")',
            f"{VLLM}/llama_tool_parser.py; Llama 3.1 model card", ("<|python_tag|>",), _led(r"<\|python_tag\|>")),
    Dialect("llama-4 pythonic", '<|python_start|>[f(k="v")]<|python_end|>', f"{VLLM}/llama4_pythonic_tool_parser.py",
            ("<|python_start|>",), _led(r"<\|python_start\|>", r"<\|python_end\|>")),
    Dialect("granite / phi-4-mini", '<|tool_call|>[{"name": "f", "arguments": {…}}]<|/tool_call|>',
            f"{VLLM}/granite_tool_parser.py; Phi-4-mini-instruct model card", ("<|tool_call|>",), _led(r"<\|tool_call\|>")),
    Dialect("phi-4-mini (vLLM) / firefunction", 'functools[{"name": "f", "arguments": {…}}]',
            f"{VLLM}/phi4mini_tool_parser.py; {LLAMA_CPP} (FireFunction v2)", ("functools[",), _led(r"functools(?=\[)")),
    Dialect("granite-20b-fc", '<function_call> {"name": "f", "arguments": {…}}', f"{VLLM}/granite_20b_fc_tool_parser.py",
            ("<function_call>",), _led(r"<function_call>", r"</function_call>|(?=<function_call>)|" + _TOKEN_AHEAD)),
    Dialect("lfm2", '<|tool_call_start|>[f(k="v")]<|tool_call_end|>', "LFM2 model card (Liquid AI)",
            ("<|tool_call_start|>",), _led(r"<\|tool_call_start\|>", r"<\|tool_call_end\|>")),
    Dialect("command-r7b", '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "f", "parameters": {…}}]<|END_ACTION|>',
            f"{LLAMA_CPP} (Command R7B)", ("<|START_ACTION|>",), _led(r"<\|START_ACTION\|>", r"<\|END_ACTION\|>")),
    Dialect("command-r", 'Action: ```json\n[{"tool_name": "f", "parameters": {…}}]\n```',
            "Cohere Command-R tool-use prompt template (huggingface.co/CohereForAI/c4ai-command-r-v01)", ("Action:",), _command_r),
    Dialect("deepseek-v3 / r1 / v3.1", "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{…}\n```"
            "<｜tool▁call▁end｜><｜tool▁calls▁end｜> (V3.1: <｜tool▁call▁begin｜>f<｜tool▁sep｜>{…})",
            f"{VLLM}/deepseekv3_tool_parser.py, deepseekv31_tool_parser.py", ("<｜tool", "<|tool▁", "<｜ tool"),
            _sectioned(_DS.format(w="calls", x="begin") + r"(.*?)(?:" + _DS.format(w="calls", x="end") + r"|\Z)",
                       _DS.format(w="call", x="begin") + r"(.*?)" + _DS.format(w="sep", x="") + r"(.*?)(?:"
                       + _DS.format(w="call", x="end") + "|(?=" + _DS.format(w="call", x="begin") + ")|"
                       + _DS.format(w="calls", x="end") + r"|\Z)", _deepseek_call)),
    Dialect("kimi-k2", "<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{…}"
            "<|tool_call_end|><|tool_calls_section_end|>", f"{VLLM}/kimi_k2_tool_parser.py", ("<|tool_call_begin|>",),
            _sectioned(r"<\|tool_calls?_section_begin\|>(.*?)(?:<\|tool_calls?_section_end\|>|\Z)",
                       r"<\|tool_call_begin\|>(.*?)<\|tool_call_argument_begin\|>(.*?)(?:<\|tool_call_end\|>"
                       r"|(?=<\|tool_call_begin\|>)|<\|tool_calls?_section_end\|>|\Z)", _kimi_call)),
    Dialect("gpt-oss harmony", "<|channel|>commentary to=functions.f <|constrain|>json<|message|>{…}<|call|>",
            "https://cookbook.openai.com/articles/openai-harmony; " + f"{VLLM}/openai_tool_parser.py",
            ("<|channel|>",), _harmony),
    Dialect("functionary-v3.2", '>>>f\n{…}  (>>>all\\n is text)', f"{LLAMA_CPP} (Functionary v3.2)", (">>>",), _functionary),
    Dialect("function-gemma", "<start_function_call>call:f{k:<escape>v<escape>}<end_function_call>",
            "FunctionGemma model card (google/functiongemma-270m-it)", ("<start_function_call>",), _function_gemma),
    Dialect("gemma tool_code", '```tool_code\nf(k="v")\n```', "ai.google.dev/gemma/docs/capabilities/function-calling",
            ("",), _tool_code),
    Dialect("fenced json", '```json\n{"name": "f", "arguments": {…}}\n```', f"{VLLM}/xlam_tool_parser.py", ("",), _fenced_json),
    Dialect("bare json / pythonic / xLAM", '{"name": "f", "parameters": {…}} · [f(k="v")] · [{"name": "f", "arguments": {…}}]',
            f"{VLLM}/llama_tool_parser.py, pythonic_tool_parser.py, xlam_tool_parser.py", ("",), _whole_reply, alone=True),
]
