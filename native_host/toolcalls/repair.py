"""One tool call, whatever wrote it: repair its shape and arguments, validate it against the tool."""

from __future__ import annotations

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
        if kind in ("array", "object") and v.startswith(("[", "{")):  # a JSON value written as text (XML-style dialects)
            parsed = _loads(v)
            if isinstance(parsed, list if kind == "array" else dict) and not (isinstance(parsed, dict) and "_unparsed" in parsed):
                return parsed
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
    name = str(name).strip()
    if name.startswith("functions.") and tools.get(name) is None:  # harmony / Kimi namespace
        name = name[len("functions."):]
    call = ToolCall(str(call_id), name, {}, kind)
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


_VALIDATORS: dict[str, tuple[dict[str, Any], Draft202012Validator]] = {}


def _validator(name: str, schema: dict[str, Any]) -> Draft202012Validator:
    """The tool's schema validator, built once per schema (building one costs more than using it)."""
    cached = _VALIDATORS.get(name)
    if cached is None or cached[0] is not schema:
        cached = _VALIDATORS[name] = (schema, Draft202012Validator(schema))
    return cached[1]


def validate(call: ToolCall) -> ToolCall:
    """Adds schema problems (and unknown tools) to ``call.problems``; returns the call."""
    tool = tools.get(call.name)
    if not call.name:
        call.problems.append("the call has no tool name")
    elif tool is None:
        call.problems.append(f"unknown tool '{call.name}'; available tools: {', '.join(tools.names())}")
    elif not call.problems:
        for err in sorted(_validator(tool.name, tool.parameters).iter_errors(call.arguments), key=str):
            where = ".".join(str(p) for p in err.absolute_path)
            call.problems.append(f"'{where}': {err.message}" if where else err.message)
    return call


def check(raw: Any) -> ToolCall:
    return validate(repair(raw))


def problem_text(call: ToolCall) -> str:
    lines = "\n".join(f"- {p}" for p in call.problems)
    return (f"Error: the call to '{call.name or '?'}' was not run because:\n{lines}\n"
            "Fix the arguments and call it again, or answer without it.")
