"""What the dialect recognisers are built from: code masking, and the ways one call's body is written.

A call *body* is what sits inside a dialect's delimiters.  Whatever the delimiters, models write it
in one of a few forms, all understood by :func:`body_calls`: JSON (an object, a list, or several
objects one after another), Qwen3-Coder / Functionary ``<function=NAME>…</function>``, Anthropic /
MiniMax ``<invoke name="NAME"><parameter name="P">v</parameter></invoke>``, GLM
``NAME<arg_key>P</arg_key><arg_value>v</arg_value>``, Python calls (``[f(a=1)]``, ``f(a=1)``,
``print(default_api.f(a=1))``), Mistral's ``NAME{json}`` and a bare tool name.
"""

from __future__ import annotations

import ast
import bisect
import html
import json
import re
from dataclasses import dataclass
from typing import Any

import json_repair

from native_host import tools
from native_host.toolcalls.repair import repair, _loads

Raw = dict[str, Any]  # {name, arguments} as written, before repair


@dataclass
class Span:
    start: int
    end: int
    call: Raw | None = None  # raw {name, arguments} when the span is a call (else: markup to hide)


# ------------------------------------------------------------------ code the model shows the user
FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n?(.*?)(?:\1|\Z)", re.S)
INLINE = re.compile(r"`[^`\n]+`")


_FENCE_HEAD = re.compile(r"(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n?")


class Fence:
    """A fenced code block (what ``FENCE`` matches), found without trying a pattern at every character."""

    __slots__ = ("start", "end", "lang", "_text", "_body")

    def __init__(self, text: str, start: int, end: int, lang: str, body: tuple[int, int]) -> None:
        self.start, self.end, self.lang, self._text, self._body = start, end, lang, text, body

    @property
    def body(self) -> str:
        return self._text[self._body[0]:self._body[1]]


def _fences(text: str) -> list[Fence]:
    out: list[Fence] = []
    ticks, tildes = text.find("```"), text.find("~~~")
    while ticks >= 0 or tildes >= 0:
        k = ticks if tildes < 0 or 0 <= ticks < tildes else tildes
        head = _FENCE_HEAD.match(text, k)
        assert head is not None
        close = text.find(head[1], head.end())
        end = close + len(head[1]) if close >= 0 else len(text)
        out.append(Fence(text, k, end, head[2], (head.end(), close if close >= 0 else len(text))))
        if 0 <= ticks < end:
            ticks = text.find("```", end)
        if 0 <= tildes < end:
            tildes = text.find("~~~", end)
    return out


def code_spans(text: str) -> tuple[list[tuple[int, int]], list[Fence]]:
    """Where code shown to the user is (fenced blocks and inline code, sorted), and the fenced blocks."""
    fences = _fences(text)
    spans = [(f.start, f.end) for f in fences]
    if "`" in text:  # inline code outside the fenced blocks
        inline = [m.span() for m in INLINE.finditer(text)]
        if spans:
            kept, k, n = [], 0, len(spans)
            for a, b in inline:
                while k < n and spans[k][1] <= a:
                    k += 1
                if k == n or b <= spans[k][0]:
                    kept.append((a, b))
            inline = kept
        spans = sorted(spans + inline)
    return spans, fences


def mask_code(text: str, fill: str = " ") -> tuple[str, list[Fence]]:
    """Text with code blocks and inline code blanked (same length), and the fenced blocks."""
    spans, fences = code_spans(text)
    return blank(text, spans, fill), fences


def inside(spans: list[tuple[int, int]], i: int) -> bool:
    """Whether position ``i`` falls in one of the sorted, disjoint ``spans``."""
    k = bisect.bisect_right(spans, (i, float("inf"))) - 1
    return k >= 0 and spans[k][0] <= i < spans[k][1]


def blank(text: str, spans: list[tuple[int, int]], fill: str = " ") -> str:
    """``text`` with each (sorted, disjoint) span replaced by ``fill`` of the same length."""
    if not spans:
        return text
    out, pos = [], 0
    for start, end in spans:
        if start < pos:
            start = pos
        if end <= start:
            continue
        out += [text[pos:start], fill * (end - start)]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def cut(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` without the spans (any order, may overlap)."""
    out, pos = [], 0
    for start, end in sorted(spans):
        if start >= pos:
            out.append(text[pos:start])
            pos = end
        elif end > pos:
            pos = end
    out.append(text[pos:])
    return "".join(out)


# ------------------------------------------------------------------ JSON bodies
_DECODER = json.JSONDecoder()
_SEP = re.compile(r"[\s;,]*")


def _json_values(text: str) -> list[Any] | None:
    """One JSON value, or several written one after another (JSON lines, ``;`` or ``,`` between)."""
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    values, pos = [], 0
    while pos < len(text):
        try:
            value, pos = _DECODER.raw_decode(text, pos)
        except ValueError:
            break
        values.append(value)
        pos = _SEP.match(text, pos).end()  # type: ignore[union-attr]
    if values:  # JSON, then something else: a call only if the rest is stray closing brackets
        return values if not text[pos:].strip(" \t\n}]") else None
    if len(text) > 100_000:
        return None
    repaired = json_repair.loads(text)
    return [repaired] if repaired not in ("", None) else None


def _is_call(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    named = isinstance(item.get("name") or item.get("tool_name") or item.get("function"), (str, dict))
    shaped = bool(set(item) & {"arguments", "parameters", "args", "function"}) or set(item) <= {"name", "tool_name", "id", "type", "tool_call_id"}
    return named and shaped


def json_calls(text: str, registered_only: bool) -> list[Raw] | None:
    """``{"name":…, "arguments":…}``, a list of them, or several in a row; else None."""
    text = text.strip().rstrip(";").strip()
    if not text or text[0] not in "{[":
        return None
    values = _json_values(text)
    if not values:
        return None
    items = [i for v in values for i in (v if isinstance(v, list) else [v])]
    if not items or not all(_is_call(i) for i in items):
        return None
    if registered_only and not all(tools.get(repair(i).name) for i in items):
        return None
    return items


# ------------------------------------------------------------------ Python-call bodies
_PY_CONST = {"true": True, "false": False, "null": None, "none": None}


def _py_value(node: ast.expr) -> Any:
    if isinstance(node, ast.Name) and node.id.lower() in _PY_CONST:
        return _PY_CONST[node.id.lower()]
    if isinstance(node, ast.List):
        return [_py_value(e) for e in node.elts]
    if isinstance(node, ast.Dict):
        return {_py_value(k): _py_value(v) for k, v in zip(node.keys, node.values) if k is not None}
    return ast.literal_eval(node)


def _py_call(node: ast.expr) -> Raw | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print" and len(node.args) == 1:
        node = node.args[0]  # Gemini / Gemma: print(default_api.f(a=1))
    if not isinstance(node, ast.Call) or node.args:
        return None
    func = node.func
    if isinstance(func, ast.Attribute):  # default_api.f(…) → f; brave_search.call(…) → brave_search (Llama 3.1)
        name = func.value.id if func.attr == "call" and isinstance(func.value, ast.Name) else func.attr
    elif isinstance(func, ast.Name):
        name = func.id
    else:
        return None
    return {"name": name, "arguments": {k.arg: _py_value(k.value) for k in node.keywords if k.arg}}


def python_calls(text: str) -> list[Raw] | None:
    """``[f(a=1), g(b="x")]``, ``f(a=1)`` lines, ``print(default_api.f(a=1))``; else None."""
    text = text.strip()
    if "(" not in text:
        return None
    try:
        body = ast.parse(text).body
        nodes: list[ast.expr] = []
        for stmt in body:
            if not isinstance(stmt, ast.Expr):
                return None
            nodes += stmt.value.elts if isinstance(stmt.value, (ast.List, ast.Tuple)) else [stmt.value]
        calls = [_py_call(n) for n in nodes]
    except (SyntaxError, ValueError, TypeError, RecursionError, MemoryError):
        return None
    return calls if calls and all(calls) else None  # type: ignore[return-value]


# ------------------------------------------------------------------ XML-style bodies
_ATTR = re.compile(r"""([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>/]+))""")
_CHILD = re.compile(r"<(?:parameter=([\w-]+)|parameter\s+name=[\"']([\w-]+)[\"'][^>]*|([\w-]+))\s*>(.*?)</(?:parameter|\3)>", re.S)
FUNCTION_TAG = re.compile(r"<function=([\w.-]+)>(.*?)(?:</function>|(?=<function=)|\Z)", re.S)
INVOKE_TAG = re.compile(r"<invoke\s+name=[\"']([\w.-]+)[\"']\s*>(.*?)(?:</invoke>|(?=<invoke\b)|\Z)", re.S)
_ARG_PAIR = re.compile(r"<arg_key>(.*?)</arg_key>\s*<arg_value>(.*?)(?:</arg_value>|\Z)", re.S)


def tag_args(name: str, attrs: str, body: str) -> dict[str, Any]:
    """Arguments from attributes, child elements / ``<parameter>``s, a JSON body or the tool's body parameter."""
    args: dict[str, Any] = {m[1]: html.unescape(m[2] or m[3] or m[4] or "") for m in _ATTR.finditer(attrs)}
    body = body.strip()
    children = list(_CHILD.finditer(body)) if "<" in body else []
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


def body_calls(inner: str) -> list[Raw]:
    """The calls in a dialect's body, in whichever form it is written (see the module docstring)."""
    inner = inner.strip()
    if not inner:
        return []
    if inner.startswith("<function="):
        return [{"name": m[1], "arguments": tag_args(m[1], "", m[2])} for m in FUNCTION_TAG.finditer(inner)]
    if inner.startswith("<invoke"):
        return [{"name": m[1], "arguments": tag_args(m[1], "", m[2])} for m in INVOKE_TAG.finditer(inner)]
    glm = re.match(r"([\w.-]+)\s*(?=<arg_key>|\Z)", inner)
    if glm:  # GLM-4.5/4.6: NAME<arg_key>k</arg_key><arg_value>v</arg_value>…, or a bare name
        return [{"name": glm[1], "arguments": {m[1].strip(): m[2].strip() for m in _ARG_PAIR.finditer(inner, glm.end())}}]
    if inner[0] in "{[":
        found = json_calls(inner, registered_only=False) or (python_calls(inner) if inner[0] == "[" else None)
        if found:
            return found
    elif re.match(r"[\w.]+\(", inner) and (found := python_calls(inner)):
        return found
    named = re.match(r"([\w.-]+)\s*(\{.*)", inner, re.S)  # Mistral: NAME{json}
    if named:
        return [{"name": named[1], "arguments": named[2]}]
    return [{"name": "", "arguments": inner}]  # unreadable: reported back to the model
