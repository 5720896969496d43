"""The native messaging protocol (version 1): ids, and every message the extension sends.

Incoming messages are parsed with :func:`parse_message`, which turns any malformed frame
into a :class:`BadMessage` naming the problem.  What the host sends back is in
:mod:`native_host.outgoing` (the ``*Msg`` models, sent as plain dicts with ``.wire()``).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, PlainValidator, TypeAdapter, ValidationError

from native_host.textsafe import scrub

PROTOCOL_VERSION = 1
MAX_TABS = 10  # other tabs one chat message may carry

# An id is repeated in every reply, so it must stay small: a huge id could not fit in a 1 MiB
# reply frame. Strict: ``true`` or ``1.0`` is not an id (lax mode would answer ``true`` as ``1``).
MAX_ID_CHARS = 256
MAX_ID_INT = 2**63 - 1


def _check_id(value: Any) -> Any:
    """A short string (kept exactly, even a lone surrogate) or a modest integer; never a bool."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError("must be a string or an integer")
    if isinstance(value, str) and len(value) > MAX_ID_CHARS:
        raise ValueError(f"must have at most {MAX_ID_CHARS} characters, not {len(value)}")
    if isinstance(value, int) and not -MAX_ID_INT <= value <= MAX_ID_INT:
        raise ValueError("is too large a number")
    return value


# A plain validator hands the Python value through untouched: pydantic-core would refuse a str
# holding a lone surrogate, which JSON (and so the extension) may send as "\ud800".
Id = Annotated[Any, PlainValidator(_check_id), PlainSerializer(lambda v: v, return_type=Any)]
MAX_DEPTH = 100  # JSON nesting accepted in a frame (deeper would exhaust Python's recursion)


class Message(BaseModel):
    """A protocol message; ``.wire()`` is the dict that goes into a frame."""

    model_config = ConfigDict(extra="ignore", frozen=False)

    def wire(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)


# ---------------------------------------------------------------- extension → host


class PageSnapshot(BaseModel):
    model_config = ConfigDict(extra="ignore")
    url: str = ""
    title: str = ""
    html: str | None = None
    text: str | None = None
    selection: str | None = None
    tab_id: int | None = None
    lang: str | None = None
    content_type: str | None = None  # the tab's document type, e.g. application/pdf
    pdf: str | None = None  # a PDF tab's bytes, base64
    screenshot: str | None = None  # data:image/png|jpeg;base64,… of the visible tab
    transcript: str | None = None  # a video's captions, "[mm:ss] text" lines


class Ping(Message):
    type: Literal["ping"]
    id: Id


class Chat(Message):
    type: Literal["chat"]
    id: Id
    session: str = Field(min_length=1)
    text: str
    page: PageSnapshot | None = None
    action: Literal["summarize", "draft", "explain_selection"] | None = None
    tabs: list[PageSnapshot] | None = Field(default=None, max_length=MAX_TABS)  # other tabs the user added
    prompt: str | None = Field(default=None, min_length=1, max_length=40)  # a saved prompt's id
    profile: str | None = Field(default=None, min_length=1, max_length=40)  # a named provider set-up
    model: str | None = Field(default=None, min_length=1, max_length=200)  # this chat only
    language: str | None = Field(default=None, max_length=35)  # the user's language tag ({{language}})
    redo: bool = False  # replace the last exchange (regenerate, or edit and resend the last question)


class Cancel(Message):
    type: Literal["cancel"]
    id: Id


class TestConnection(Message):
    type: Literal["test_connection"]
    id: Id
    settings: dict[str, Any] | None = None


class GetSettings(Message):
    type: Literal["get_settings"]
    id: Id


class SetSettings(Message):
    type: Literal["set_settings"]
    id: Id
    settings: dict[str, Any]


class ListModels(Message):
    type: Literal["list_models"]
    id: Id
    settings: dict[str, Any] | None = None


class Clear(Message):
    type: Literal["clear"]
    id: Id
    session: str = Field(min_length=1)


class HistoryList(Message):
    type: Literal["history_list"]
    id: Id
    query: str | None = Field(default=None, max_length=500)
    limit: int = Field(default=50, ge=1, le=500)
    before: float | None = None  # only conversations last updated before this (epoch seconds)


class HistoryGet(Message):
    type: Literal["history_get"]
    id: Id
    session: str = Field(min_length=1)


class HistoryExport(Message):
    type: Literal["history_export"]
    id: Id
    session: str = Field(min_length=1)
    format: Literal["markdown", "json"] = "markdown"


class HistoryDelete(Message):
    type: Literal["history_delete"]
    id: Id
    session: str | None = Field(default=None, min_length=1)
    all: bool = False


class HistoryRename(Message):
    type: Literal["history_rename"]
    id: Id
    session: str = Field(min_length=1)
    title: str = Field(min_length=1, max_length=500)


class ToolResult(Message):
    type: Literal["tool_result"]
    id: Id
    ok: bool
    result: Any = None
    error: str | None = None


class McpStatus(Message):
    type: Literal["mcp_status"]
    id: Id


class ConfirmResult(Message):
    type: Literal["confirm_result"]
    id: Id
    approved: bool
    remember: bool = False  # "always for this site"


Incoming = Annotated[
    Union[
        Ping,
        Chat,
        Cancel,
        TestConnection,
        GetSettings,
        SetSettings,
        ListModels,
        Clear,
        HistoryList,
        HistoryGet,
        HistoryExport,
        HistoryDelete,
        HistoryRename,
        ToolResult,
        ConfirmResult,
        McpStatus,
    ],
    Field(discriminator="type"),
]
INCOMING_TYPES = (
    "ping chat cancel test_connection get_settings set_settings list_models clear "
    "history_list history_get history_export history_delete history_rename tool_result confirm_result mcp_status"
).split()

_incoming = TypeAdapter(Incoming)


class BadMessage(Exception):
    """A frame that is not a valid protocol message. ``id`` is kept when it could be read."""

    def __init__(self, message: str, id: Id | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.id = id


def parse_message(payload: bytes) -> Ping | Chat | Cancel | TestConnection | GetSettings | SetSettings | ListModels | Clear | ToolResult | ConfirmResult:
    """Decode and validate one frame's payload, or raise :class:`BadMessage`."""
    if not payload:
        raise BadMessage("empty message (zero-length frame)")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadMessage(f"message is not valid UTF-8 (byte {e.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadMessage(f"message is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise BadMessage(f"message is nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as e:  # an integer of more than 4300 digits
        raise BadMessage(f"message is not valid JSON: {str(e)[:120]}") from None
    if not isinstance(data, dict):
        raise BadMessage(f"message must be a JSON object, not {type(data).__name__}")
    raw_id = data.get("id")
    msg_id = raw_id if _echoable(raw_id) else None
    if _too_deep(data):
        raise BadMessage(f"message is nested more than {MAX_DEPTH} levels deep", msg_id)
    data = {**scrub({k: v for k, v in data.items() if k != "id"}), **({"id": raw_id} if "id" in data else {})}
    kind = data.get("type")
    if kind is None:
        raise BadMessage("message has no 'type'", msg_id)
    if kind not in INCOMING_TYPES:
        raise BadMessage(f"unknown message type {_short(kind)}", msg_id)
    try:
        return _incoming.validate_python(data)
    except ValidationError as e:
        raise BadMessage(f"invalid {kind!r} message: {describe(e)}", msg_id) from None


def _echoable(raw_id: Any) -> bool:
    """An id a reply may repeat: a short string or a modest integer (never a bool)."""
    try:
        _check_id(raw_id)
        return True
    except ValueError:
        return False


def _too_deep(data: Any) -> bool:
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item if isinstance(v, (dict, list)))
    return False


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "…"


def describe(e: ValidationError) -> str:
    """One readable line per problem, naming the field: ``'text': Field required``."""
    seen: dict[str, str] = {}
    for err in e.errors():
        loc = [str(p) for p in err["loc"] if not (isinstance(p, str) and p in _NOISE)]
        where = ".".join(loc) or "message"
        seen.setdefault(where, err["msg"].removeprefix("Value error, "))  # a union reports each member; the first says enough
    return "; ".join(f"'{where}': {msg}" for where, msg in list(seen.items())[:5])


# location parts pydantic adds for discriminated unions and union members
_NOISE = frozenset(INCOMING_TYPES) | {"str", "int", "float", "bool", "dict", "list", "none"}
