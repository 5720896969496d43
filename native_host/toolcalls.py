"""Tool calls: find them in model text, repair their shape and arguments, validate them.

Text formats understood (what open models write when native tools are off):
registered tags ``<get_page />``, ``<search_web query="x" />``, ``<draft_email to='a'>body</draft_email>``,
nested parameters ``<fill_input><index>3</index><text>hi</text></fill_input>``; Hermes/Qwen
``<tool_call>{json}</tool_call>`` (closed or not), Qwen3-Coder ``<function=NAME><parameter=P>v``,
Llama ``<|python_tag|>{json}``, Mistral ``[TOOL_CALLS][…]``, fenced ```json tool calls, a bare
JSON call or a pythonic list ``[f(a=1)]`` as the whole reply.  Code the model shows the user
(fenced or inline) is never a call, except a fenced block that is itself a JSON call.
"""

from __future__ import annotations

import ast
import html
import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

import json_repair
from jsonschema import Draft202012Validator

from native_host import tools


@dataclass
class ToolCall:
    id: str
    name: str
    arguments: dict[str, Any]
    type: str = "function"
    problems: list[str] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "arguments": self.arguments}


@dataclass
class Span:
    start: int
    end: int
    call: dict[str, Any] | None = None  # raw {name, arguments} when the span is a call


def new_id() -> str:
    return "call_" + uuid.uuid4().hex[:16]


# ------------------------------------------------------------------ repair and validation
def _loads(value: Any) -> Any:
    """Arguments as the model wrote them → a dict (json-repair for broken JSON)."""
    for _ in range(3):  # Granite and friends double-encode
        if not isinstance(value, str):
            break
        text = value.strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except ValueError:
            value = json_repair.loads(text)
            if value == "" or value == text:
                return {"_unparsed": text}
    return value


def _coerce(value: Any, schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    if isinstance(value, str):
        v = value.strip()
        if kind == "integer" and re.fullmatch(r"[+-]?\d+(\.0+)?", v):
            return int(float(v))
        if kind == "number" and re.fullmatch(r"[+-]?\d+(\.\d+)?", v):
            return float(v)
        if kind == "boolean" and v.lower() in ("true", "false"):
            return v.lower() == "true"
        if "enum" in schema and v.lower() in schema["enum"]:
            return v.lower()
    if kind == "integer" and isinstance(value, float) and value.is_integer():
        return int(value)
    if kind == "string" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


def repair(raw: Any) -> ToolCall:
    """Any tool-call shape → a :class:`ToolCall` with dict arguments, problems listed."""
    if isinstance(raw, str):
        raw = _loads(raw)
    if not isinstance(raw, dict):
        return ToolCall(new_id(), "", {}, problems=[f"a tool call must be an object, got {type(raw).__name__}"])
    call_id = raw.get("id") or new_id()
    kind = raw.get("type") or "function"
    body = raw.get("function") if isinstance(raw.get("function"), dict) else raw
    name = body.get("name") or body.get("tool") or body.get("tool_name") or ""
    args: Any = None
    for key in ("arguments", "parameters", "args", "input"):
        if key in body:
            args = body[key]
            break
    args = _loads(args) if args is not None else {}
    call = ToolCall(str(call_id), str(name).strip(), {}, kind)
    if not isinstance(args, dict):
        call.problems.append(f"arguments must be a JSON object, got {json.dumps(args)[:80]}")
        return call
    if "_unparsed" in args:
        call.problems.append(f"arguments are not valid JSON: {args['_unparsed'][:80]!r}")
        return call
    tool = tools.get(call.name)
    if tool is not None:  # coerce obvious types, drop arguments the tool does not have
        props = tool.parameters.get("properties", {})
        args = {k: _coerce(v, props[k]) for k, v in args.items() if k in props}
    call.arguments = args
    return call


def validate(call: ToolCall) -> ToolCall:
    """Adds schema problems (and unknown tools) to ``call.problems``; returns the call."""
    tool = tools.get(call.name)
    if not call.name:
        call.problems.append("the call has no tool name")
    elif tool is None:
        call.problems.append(f"unknown tool '{call.name}'; available tools: {', '.join(tools.names())}")
    elif not call.problems:
        for err in sorted(Draft202012Validator(tool.parameters).iter_errors(call.arguments), key=str):
            where = ".".join(str(p) for p in err.absolute_path)
            call.problems.append(f"'{where}': {err.message}" if where else err.message)
    return call


def check(raw: Any) -> ToolCall:
    return validate(repair(raw))


def problem_text(call: ToolCall) -> str:
    lines = "\n".join(f"- {p}" for p in call.problems)
    return (f"Error: the call to '{call.name or '?'}' was not run because:\n{lines}\n"
            "Fix the arguments and call it again, or answer without it.")


# ------------------------------------------------------------------ finding calls in text
FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n?(.*?)(?:\1|\Z)", re.S)
INLINE = re.compile(r"`[^`\n]+`")
_ATTR = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>/]+))""")
_ATTRS = r"""((?:\s+[\w-]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>/]+))*)\s*"""
_CHILD = re.compile(r"<(?:parameter=([\w-]+)|parameter\s+name=[\"']([\w-]+)[\"']|([\w-]+))\s*>(.*?)</(?:parameter|\3)>", re.S)
MARKUP = ("tool_call", "tool_calls", "tool_response", "tool_result", "tool_use", "function_calls",
          "function_call", "function", "invoke", "parameter", "tools", "think", "thinking")


def mask_code(text: str, fill: str = " ") -> tuple[str, list[re.Match[str]]]:
    """Text with code blocks and inline code blanked (same length), and the fenced blocks."""
    fences = list(FENCE.finditer(text))
    chars = list(text)
    for m in fences:
        chars[m.start():m.end()] = fill * (m.end() - m.start())
    masked = "".join(chars)
    for m in INLINE.finditer(masked):
        masked = masked[:m.start()] + fill * (m.end() - m.start()) + masked[m.end():]
    return masked, fences


def _json_calls(text: str, registered_only: bool) -> list[dict[str, Any]] | None:
    """``{"name":…, "arguments":…}`` or a list of them (``;``-separated too), else None."""
    text = text.strip().rstrip(";").strip()
    if not text or text[0] not in "{[":
        return None
    try:
        data = json.loads(text)
    except ValueError:
        if ";" in text and text.startswith("{"):
            parts = [_json_calls(p, registered_only) for p in re.split(r"(?<=\})\s*;\s*(?=\{)", text)]
            return None if not all(parts) else [c for p in parts for c in p]  # type: ignore[union-attr]
        data = json_repair.loads(text)
    items = data if isinstance(data, list) else [data]
    if not items or not all(isinstance(i, dict) and isinstance(i.get("name") or i.get("function"), (str, dict)) for i in items):
        return None
    if registered_only and not all(tools.get(repair(i).name) for i in items):
        return None
    if not all(set(i) & {"arguments", "parameters", "args", "function"} or set(i) == {"name"} for i in items):
        return None
    return items


def _pythonic(text: str) -> list[dict[str, Any]] | None:
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]") and "(" in text):
        return None
    try:
        tree = ast.parse(text, mode="eval").body
        calls = [{"name": c.func.id, "arguments": {k.arg: ast.literal_eval(k.value) for k in c.keywords}}
                 for c in tree.elts]  # type: ignore[attr-defined]
    except (SyntaxError, ValueError, AttributeError, TypeError):
        return None
    return calls if calls and all(tools.get(c["name"]) for c in calls) else None


def _tag_args(name: str, attrs: str, body: str) -> dict[str, Any]:
    args: dict[str, Any] = {m[1]: html.unescape(m[2] or m[3] or m[4] or "") for m in _ATTR.finditer(attrs)}
    body = body.strip()
    children = list(_CHILD.finditer(body))
    if children:
        for m in children:
            args[m[1] or m[2] or m[3]] = html.unescape(m[4].strip())
    elif body.startswith("{") and (parsed := _loads(body)) and isinstance(parsed, dict) and "_unparsed" not in parsed:
        args.update(parsed)
    elif body:
        tool = tools.get(name)
        if tool and tool.body_param:
            args[tool.body_param] = html.unescape(body)
    return args


def _wrapped(inner: str) -> list[dict[str, Any]]:
    """The inside of ``<tool_call>`` / after ``[TOOL_CALLS]``: JSON, ``<function=…>`` or ``name{…}``."""
    inner = inner.strip()
    fn = re.match(r"<function=([\w.-]+)>(.*?)(?:</function>|\Z)", inner, re.S)
    if fn:
        return [{"name": fn[1], "arguments": _tag_args(fn[1], "", fn[2])}]
    found = _json_calls(inner, registered_only=False)
    if found:
        return found
    named = re.match(r"([\w.-]+)\s*(\{.*)", inner, re.S)
    if named:
        return [{"name": named[1], "arguments": named[2]}]
    return [{"name": "", "arguments": inner}] if inner else []


def scan(text: str) -> list[Span]:
    """Every tool call (span with ``call``) and tool-like markup (span without) in ``text``."""
    masked, fences = mask_code(text)
    spans: list[Span] = []
    for m in fences:  # a fenced block that is itself a JSON tool call
        if m[2].lower() in ("", "json", "tool_call", "tool", "jsonc") and (calls := _json_calls(m[3], True)):
            spans += [Span(m.start(), m.end(), c) for c in calls]
    for m in re.finditer(r"<tool_call>(.*?)(?:</tool_call>|\Z)", masked, re.S):
        spans += [Span(m.start(), m.end(), c) for c in _wrapped(text[m.start(1):m.end(1)])] or [Span(m.start(), m.end())]
    for m in re.finditer(r"(\[TOOL_CALLS\]|<\|python_tag\|>)(.*)", masked, re.S):
        spans += [Span(m.start(), m.end(), c) for c in _wrapped(text[m.start(2):m.end(2)])] or [Span(m.start(), m.end())]
    for m in re.finditer(r"<function=([\w.-]+)>(.*?)(?:</function>|\Z)", masked, re.S):
        spans.append(Span(m.start(), m.end(), {"name": m[1], "arguments": _tag_args(m[1], "", text[m.start(2):m.end(2)])}))
    for m in re.finditer(r"<invoke\s+name=[\"']([\w.-]+)[\"']\s*>(.*?)(?:</invoke>|\Z)", masked, re.S):
        spans.append(Span(m.start(), m.end(), {"name": m[1], "arguments": _tag_args(m[1], "", text[m.start(2):m.end(2)])}))
    names = "|".join(map(re.escape, tools.names()))
    for m in re.finditer(rf"<({names})\b{_ATTRS}(/?)>", masked):
        name, end, body = m[1], m.end(), ""
        if not m[3]:
            close = re.compile(rf"</{name}\s*>").search(masked, m.end())
            if close:
                body, end = text[m.end():close.start()], close.end()
            elif not re.search(r"<[A-Za-z/]", masked[m.end():]):  # unclosed at the end
                body, end = text[m.end():], len(text)
        spans.append(Span(m.start(), end, {"name": name, "arguments": _tag_args(name, text[m.start(2):m.end(2)], body)}))
    stripped = masked.strip()
    if stripped and stripped[0] in "{[" and not spans:
        whole = _json_calls(text, True) or _pythonic(text)
        if whole:
            spans += [Span(0, len(text), c) for c in whole]
    return _outermost(spans)


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


# ------------------------------------------------------------------ streaming hold-back
_TAG_START = re.compile(r"<(/?)([A-Za-z_|][\w.:|=-]*)?")


def _suspicious(name: str) -> bool:
    low = name.lower().strip("|/")
    return (tools.get(low) is not None or low.split("=")[0] in MARKUP or low.startswith("python_tag")
            or low.startswith(("tool_", "function")))


def hold_index(text: str, start: int = 0) -> int | None:
    """Where text that may begin a tool call (or hidden markup) starts, from ``start`` on.

    Text before the returned index can be shown now; ``None`` means all of it can.
    """
    if start == 0 and text.lstrip()[:1] in ("{", "["):
        return len(text) - len(text.lstrip())
    i = start
    while True:
        j = min((k for k in (text.find("<", i), text.find("```", i), text.find("~~~", i), text.find("[", i)) if k >= 0),
                default=-1)
        if j < 0:
            return None
        if text.startswith(("```", "~~~"), j):
            m = FENCE.match(text, j)
            closed = m is not None and m.end() <= len(text) and text[m.end() - 3:m.end()] in ("```", "~~~") and m.end() - j > 6
            if not closed or (m is not None and m[2].lower() in ("", "json", "tool_call", "tool") and _json_calls(m[3], True)):
                return j
            i = m.end()  # type: ignore[union-attr]
            continue
        if text[j] == "[":
            rest = text[j:j + 12]
            if "[TOOL_CALLS]".startswith(rest) or rest.startswith("[TOOL_CALLS]"):
                return j
            i = j + 1
            continue
        m = _TAG_START.match(text, j)
        assert m is not None
        if m.end() >= len(text) and (m[2] or m[1] or j == len(text) - 1):
            return j  # the tag name may still be arriving
        if m[2] and _suspicious(m[2]):
            return j
        i = m.end() if m.end() > j else j + 1
