"""What a running chat sees of the host: a channel to the sidebar and the shared services.

The agent gets one :class:`ChatChannel` per ``chat`` message.  It streams text with
:meth:`ChatChannel.delta`, reports progress with :meth:`ChatChannel.status`, and asks the
extension to run browser tools or the user to confirm an action, awaiting the answers.
"""

from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field
from typing import Any, Callable

from native_host import outgoing, protocol
from native_host.history import HistoryStore
from native_host.settings import SettingsStore

_ids = itertools.count(1)


@dataclass
class ToolOutcome:
    ok: bool
    result: Any = None
    error: str | None = None


@dataclass
class Confirmation:
    approved: bool
    remember: bool = False
    problem: str | None = None  # no real answer came (the action was not run)


@dataclass
class ChatOutcome:
    """What the agent returns; the host turns it into the one ``response``."""

    text: str
    iterations: int = 0
    usage: outgoing.Usage | None = None


@dataclass
class Services:
    """Long-lived things shared by every request of one host process."""

    settings: SettingsStore = field(default_factory=SettingsStore)
    history: HistoryStore = field(default_factory=HistoryStore)
    # (provider, model) pairs whose server rejected native tools; the router fills it
    tools_off: set[tuple[str, str]] = field(default_factory=set)
    images_off: set[tuple[str, str]] = field(default_factory=set)  # (provider, model) that refused images
    _http: Any = None
    _mcp: Any = None

    def http(self) -> Any:
        """The one pooled ``httpx.AsyncClient`` (created on first use: keeps start-up fast)."""
        if self._http is None:
            import httpx

            self._http = httpx.AsyncClient(
                timeout=httpx.Timeout(60.0, connect=10.0),
                limits=httpx.Limits(max_connections=20, max_keepalive_connections=10),
                follow_redirects=False,  # providers/sse.py follows same-origin hops only
            )
        return self._http

    def mcp(self) -> Any:
        """The user's MCP servers (``native_host.mcp.client.Manager``), started on demand."""
        if self._mcp is None:
            from native_host.mcp.client import Manager

            self._mcp = Manager(self.settings.keys)
        return self._mcp

    async def aclose(self) -> None:
        self.history.close()
        if self._mcp is not None:
            await self._mcp.aclose()
            self._mcp = None
        if self._http is not None:
            await self._http.aclose()
            self._http = None


class ChatChannel:
    """The sidebar end of one chat. Every message sent here carries the chat's id."""

    def __init__(
        self,
        chat: protocol.Chat,
        send: Callable[[dict[str, Any]], None],
        pending: dict[str, asyncio.Future[Any]],
    ) -> None:
        self.chat = chat
        self.id = chat.id
        self._send = send
        self._pending = pending
        self.streamed: list[str] = []  # text already shown to the user, kept on cancel

    def delta(self, text: str) -> None:
        if text:
            self.streamed.append(text)
            self._send(outgoing.DeltaMsg(id=self.id, text=text).wire())

    def status(self, stage: str, label: str) -> None:
        self._send(outgoing.StatusMsg(id=self.id, stage=stage, label=label).wire())

    async def _ask(self, message: dict[str, Any], timeout: float | None) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[message["id"]] = future
        try:
            self._send(message)
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(message["id"], None)

    async def call_tool(self, tool: str, args: dict[str, Any], timeout: float = 30.0,
                        site: str | None = None, dest: str | None = None,
                        stay_on_site: bool | None = None) -> ToolOutcome:
        """Ask the extension to run a browser tool in the chat's tab (only while the tab is
        on ``site``, when given: the origin the user allowed the action on)."""
        req_id = f"t{next(_ids)}"
        msg = outgoing.ToolRequestMsg(id=req_id, chat=self.id, tool=tool, args=args, site=site, dest=dest,
                                      stay_on_site=stay_on_site).wire()
        try:
            answer = await self._ask(msg, timeout)
        except asyncio.TimeoutError:
            return ToolOutcome(False, error=f"the browser did not answer within {timeout:g} s")
        if not isinstance(answer, protocol.ToolResult):  # the extension answered with the wrong kind
            return ToolOutcome(False, error=f"the browser answered with a {answer.type} message instead of a result")
        return ToolOutcome(answer.ok, answer.result, answer.error)

    async def confirm(
        self, tool: str, args: dict[str, Any], summary: str, site: str | None = None,
        timeout: float | None = 600.0, details: dict[str, Any] | None = None,
    ) -> Confirmation:
        """Ask the user to allow an action. No answer in time counts as a denial."""
        req_id = f"c{next(_ids)}"
        msg = outgoing.ConfirmRequestMsg(
            id=req_id, chat=self.id, tool=tool, args=args, summary=summary, site=site, details=details,
        ).wire()
        try:
            answer = await self._ask(msg, timeout)
        except asyncio.TimeoutError:
            return Confirmation(False)
        if not isinstance(answer, protocol.ConfirmResult):  # the wrong kind is no permission
            return Confirmation(False, problem=f"the browser answered the permission request with a {answer.type} message")
        return Confirmation(answer.approved, answer.remember)
