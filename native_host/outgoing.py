"""Every message the host sends to the extension (protocol version 1), as pydantic models.

Each is built with its fields and sent as a plain dict: ``ResponseMsg(id=…, text=…).wire()``.
What the extension sends, and how a frame is read, is in :mod:`native_host.protocol`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel

from native_host.protocol import PROTOCOL_VERSION, Id, Message


def sentence(text: str) -> str:
    """What a person reads starts with a capital ("the server timed out" → "The server…")."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


Sentence = Annotated[str, AfterValidator(sentence)]


class PongMsg(Message):
    type: Literal["pong"] = "pong"
    id: Id
    version: str
    protocol: int = PROTOCOL_VERSION


class DeltaMsg(Message):
    type: Literal["delta"] = "delta"
    id: Id
    text: str


class StatusMsg(Message):
    type: Literal["status"] = "status"
    id: Id
    stage: str
    label: str


class Usage(BaseModel):
    input_tokens: int = 0
    output_tokens: int = 0


class ResponseMsg(Message):
    type: Literal["response"] = "response"
    id: Id
    text: str
    interrupted: bool = False
    iterations: int = 0
    usage: Usage | None = None


class ErrorMsg(Message):
    type: Literal["error"] = "error"
    id: Id | None = None
    code: str
    message: Sentence
    retryable: bool = False


class ToolRequestMsg(Message):
    type: Literal["tool_request"] = "tool_request"
    id: str
    chat: Id
    tool: str
    args: dict[str, Any]
    site: str | None = None  # run only while the tab is on this origin (what the user allowed)
    dest: str | None = None  # where a send tool goes (search_web: the search address the user saw)
    stay_on_site: bool | None = None  # a click on a grant: answer {"leaves_site": url} rather than leave `site`


class ConfirmRequestMsg(Message):
    type: Literal["confirm_request"] = "confirm_request"
    id: str
    chat: Id
    tool: str
    args: dict[str, Any]
    summary: str
    site: str | None = None
    details: dict[str, Any] | None = None  # what goes where (native_host/permissions.py)


class TestResultMsg(Message):
    type: Literal["test_result"] = "test_result"
    id: Id
    ok: bool
    message: Sentence
    latency_ms: int
    model: str | None = None


class SettingsMsg(Message):
    type: Literal["settings"] = "settings"
    id: Id
    settings: dict[str, Any]


class ModelsMsg(Message):
    type: Literal["models"] = "models"
    id: Id
    models: list[str]


class NoticeMsg(Message):
    """Something the user must be told once (a damaged settings file was repaired…)."""

    type: Literal["notice"] = "notice"
    id: str
    code: str
    message: str
    path: str | None = None
    moved_to: str | None = None


class ClearedMsg(Message):
    type: Literal["cleared"] = "cleared"
    id: Id


class _Conversation(BaseModel):
    session: str
    title: str
    url: str | None = None
    site: str | None = None
    created: float  # epoch seconds
    updated: float


class HistoryItem(_Conversation):
    messages: int  # questions and answers
    snippet: str | None = None  # searches: text around the first hit


class HistoryMsg(Message):
    type: Literal["history"] = "history"
    id: Id
    items: list[HistoryItem]
    more: bool = False  # older conversations remain: ask again with before = the last item's updated


class HistoryMessage(BaseModel):
    role: str
    text: str
    time: float


class HistoryItemMsg(Message, _Conversation):
    type: Literal["history_item"] = "history_item"
    id: Id
    profile: str | None = None  # picked in the chat header for this conversation (absent: the defaults)
    model: str | None = None
    messages: list[HistoryMessage]
    omitted: int = 0  # earlier messages left out to keep the frame under 1 MiB (export has them all)


class ExportMsg(Message):
    type: Literal["export"] = "export"
    id: Id
    session: str
    format: Literal["markdown", "json"]
    filename: str
    text: str  # long text arrives after "part" frames, like any long text


class DeletedMsg(Message):
    type: Literal["deleted"] = "deleted"
    id: Id
    count: int


class RenamedMsg(Message):
    type: Literal["renamed"] = "renamed"
    id: Id
    session: str
    title: str


class McpStatusMsg(Message):
    """The user's MCP servers: state (ready | failed | starting | stopped), error, stderr tail, tools."""

    type: Literal["mcp_status"] = "mcp_status"
    id: Id
    servers: list[dict[str, Any]]
