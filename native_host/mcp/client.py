"""The user's MCP servers: started on demand with the official ``mcp`` SDK, offered as tools.

One :class:`Connection` per configured server owns its SDK client in a task of its own (the
SDK's transports are task-scoped), keeps the server's stderr in a temporary file for the last
lines a person needs, and is stopped — the whole process tree — when the host exits.  The
:class:`Manager` (one per host) reconciles connections with the settings, starts them in
parallel, and turns their tools into :class:`native_host.tools.Tool` declarations named
``mcp__<server>__<tool>``: ``trust: read`` servers run freely, others are confirmed.

Nothing here raises into a chat: a server that will not start, crashes or hangs becomes a
state (``failed``) with a readable error and its stderr tail; a failing call becomes an
``Error: …`` result the model reads.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import tempfile
import time
import warnings
from contextlib import AsyncExitStack
from typing import Any, Callable

from native_host import __version__, logs, tools
from native_host.mcp.config import McpServer, with_secrets

START_TIMEOUT = float(os.environ.get("TABMATE_MCP_START_TIMEOUT") or 20.0)  # to start and list its tools
CHAT_WAIT = 10.0  # the longest a chat waits for starting servers (they go on starting for the next one)
STOP_TIMEOUT = 8.0  # the SDK closes stdin, then SIGTERM, then SIGKILL (2 s each)
MAX_RESULT_CHARS = 200_000  # a call's text kept from the server before the agent fits it to the context
MAX_TOOLS = 64  # per server
STDERR_TAIL = 2000


def tool_name(server: str, tool: str) -> str:
    """``mcp__<server>__<tool>``, limited to what every provider accepts (``[A-Za-z0-9_-]{1,64}``)."""
    name = re.sub(r"[^A-Za-z0-9_-]", "_", f"mcp__{server}__{tool}")
    if len(name) > 64:
        name = name[:55] + "_" + hashlib.sha1(name.encode()).hexdigest()[:8]
    return name


def _clean(text: str | None, limit: int) -> str:
    text = " ".join((text or "").replace("|", "/").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _schema(raw: Any) -> dict[str, Any]:
    """The tool's input schema if it is a usable object schema, else one that takes any object."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    if isinstance(raw, dict) and raw.get("type", "object") == "object":
        schema = {k: v for k, v in raw.items() if k != "$schema"}
        schema.setdefault("type", "object")
        schema.setdefault("properties", {})
        try:
            Draft202012Validator.check_schema(schema)
            return schema
        except SchemaError:
            pass
    return {"type": "object", "properties": {}}


def render(result: Any) -> str:
    """A ``CallToolResult`` as the text the model reads (images and binaries named, not inlined)."""
    parts: list[str] = []
    size = 0
    for block in result.content or []:
        kind = getattr(block, "type", "")
        if kind == "text":
            part = block.text
        elif kind in ("image", "audio"):
            part = f"[{kind} {block.mime_type}, about {len(block.data) * 3 // 4:,} bytes — not shown]"
        elif kind == "resource":
            res = block.resource
            part = getattr(res, "text", None) or f"[binary resource {res.uri}]"
        elif kind == "resource_link":
            part = f"[resource {block.name}: {block.uri}]"
        else:
            part = f"[{kind or 'unknown'} content]"
        parts.append(part[: MAX_RESULT_CHARS - size])
        size += len(parts[-1])
        if size >= MAX_RESULT_CHARS:
            parts.append(f"[… the rest of the result was cut: more than {MAX_RESULT_CHARS:,} characters]")
            break
    if not parts and result.structured_content is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False)[:MAX_RESULT_CHARS])
    text = "\n".join(parts) or "(the tool returned nothing)"
    return f"Error: the tool reported a failure: {text}" if result.is_error else text


def _describe(e: BaseException) -> str:
    """One readable line for an exception, digging into anyio's exception groups."""
    while isinstance(e, BaseExceptionGroup) and e.exceptions:
        e = e.exceptions[0]
    if isinstance(e, FileNotFoundError):
        return f"the command was not found ({e.filename or e})"
    if isinstance(e, PermissionError):
        return f"the command may not be run ({e.filename or e})"
    text = str(e).strip() or type(e).__name__
    if "Connection closed" in text or type(e).__name__ in ("EndOfStream", "ClosedResourceError", "BrokenResourceError"):
        return "the server closed the connection (it exited)"
    return logs.redact(text)[:300]


class Connection:
    """One configured server: its state, tools and SDK client."""

    def __init__(self, name: str, config: McpServer) -> None:
        self.name, self.config = name, config
        self.state = "stopped"  # stopped | starting | ready | failed
        self.error: str | None = None
        self.tools: list[Any] = []  # mcp_types.Tool
        self.client: Any = None
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._stderr: Any = None
        self.http_status: int | None = None  # the last HTTP error status of a streamable-HTTP server

    # ---------------------------------------------------------------- life cycle
    async def start(self, timeout: float | None = None) -> None:
        timeout = timeout or START_TIMEOUT
        if self.state == "ready" or (self._task is not None and not self._task.done()):
            if self._task is not None and not self._ready.is_set():
                await asyncio.wait([asyncio.ensure_future(self._ready.wait())], timeout=timeout)
            return
        self.state, self.error, self.http_status = "starting", None, None
        self._ready.clear()
        self._stop.clear()
        self._task = asyncio.ensure_future(self._own())
        done, _ = await asyncio.wait([asyncio.ensure_future(self._ready.wait())], timeout=timeout)
        if not done:
            await self.stop()
            self._fail(f"did not start within {timeout:g} s (it may be waiting for input or hung)")

    async def _own(self) -> None:
        """The task that owns the SDK client: enter, list tools, wait for stop, exit."""
        from mcp import Client
        from mcp_types import Implementation

        try:
            async with AsyncExitStack() as stack:
                transport = await self._transport(stack)
                client = await stack.enter_async_context(Client(
                    transport, mode="legacy", client_info=Implementation(name="tabmate", version=__version__)))
                listed, cursor = [], None
                for _ in range(10):
                    page = await client.list_tools(cursor=cursor)
                    listed += page.tools
                    cursor = page.next_cursor
                    if not cursor or len(listed) >= MAX_TOOLS:
                        break
                self.tools, self.client, self.state = listed[:MAX_TOOLS], client, "ready"
                logs.log("mcp_started", server=self.name, tools=len(self.tools))
                self._ready.set()
                await self._stop.wait()
        except asyncio.CancelledError:
            raise
        except BaseException as e:  # noqa: BLE001 — every failure becomes the server's state
            status = self.http_status
            hint = f" (HTTP {status}{': check its headers' if status in (401, 403) else ''})" if status else ""
            self._fail(_describe(e) + hint)
        finally:
            self.client = None
            if self.state in ("ready", "starting"):
                self.state = "stopped"
            self._ready.set()

    async def _transport(self, stack: AsyncExitStack) -> Any:
        cfg = self.config
        if cfg.command:
            from mcp.client.stdio import StdioServerParameters, stdio_client

            self._stderr = self._stderr or tempfile.TemporaryFile("w+b")
            params = StdioServerParameters(command=cfg.command, args=cfg.args, env=cfg.env or None, cwd=cfg.cwd)
            return stdio_client(params, errlog=self._stderr)
        import httpx2
        from mcp.client.streamable_http import streamable_http_client

        async def note(response: Any) -> None:  # the SDK keeps no status code in its errors
            if response.status_code >= 400:
                self.http_status = response.status_code

        http = await stack.enter_async_context(httpx2.AsyncClient(
            headers=cfg.headers, timeout=httpx2.Timeout(30.0, read=cfg.timeout + 5), event_hooks={"response": [note]}))
        return streamable_http_client(cfg.url or "", http_client=http)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is None or task.done():
            return
        self._stop.set()
        done, _ = await asyncio.wait([task], timeout=2.0)
        if not done:  # stuck in start-up or a call: cancel; the SDK still stops the process tree
            task.cancel()
            await asyncio.wait([task], timeout=STOP_TIMEOUT)

    def _fail(self, error: str) -> None:
        self.state, self.error = "failed", error
        logs.log("mcp_failed", level="warning", server=self.name, problem=error)

    def stderr_tail(self) -> str:
        if self._stderr is None:
            return ""
        try:
            self._stderr.seek(0, 2)
            size = self._stderr.tell()
            self._stderr.seek(max(0, size - STDERR_TAIL))
            return logs.redact(self._stderr.read().decode("utf-8", "replace")).strip()
        except (OSError, ValueError):
            return ""

    # ---------------------------------------------------------------- use
    async def alive(self, timeout: float = 3.0) -> bool:
        """A quick ping; a server that crashed or hangs is marked failed."""
        client = self.client
        if self.state != "ready" or client is None:
            return False
        try:
            with warnings.catch_warnings():  # ping is kept for handshake-era connections (mode="legacy")
                warnings.simplefilter("ignore")
                await asyncio.wait_for(client.send_ping(), timeout)
            return True
        except Exception as e:  # noqa: BLE001
            hung = isinstance(e, (asyncio.TimeoutError, TimeoutError))
            self._fail("stopped answering (hung)" if hung else _describe(e))
            await self.stop()
            return False

    async def call(self, tool: str, args: dict[str, Any]) -> str:
        client, limit = self.client, self.config.timeout
        if client is None:
            return f"Error: the MCP server '{self.name}' is not running ({self.error or 'stopped'})."
        started = time.monotonic()
        try:
            result = await asyncio.wait_for(client.call_tool(tool, args, read_timeout_seconds=limit), limit + 2)
        except (asyncio.TimeoutError, TimeoutError):
            logs.log("mcp_call_timeout", level="warning", server=self.name, tool=tool)
            return f"Error: {tool} on the MCP server '{self.name}' did not answer within {limit:g} s."
        except Exception as e:  # noqa: BLE001
            problem = _describe(e)
            if "timed out" in problem.lower():
                return f"Error: {tool} on the MCP server '{self.name}' did not answer within {limit:g} s."
            if not await self.alive():
                tail = self.stderr_tail().splitlines()[-3:]
                return (f"Error: the MCP server '{self.name}' stopped while running {tool}: {self.error}"
                        + (f" (its last output: {' / '.join(tail)})" if tail else ""))
            return f"Error: {tool} on the MCP server '{self.name}' failed: {problem}"
        logs.log("mcp_call", server=self.name, tool=tool, ms=round((time.monotonic() - started) * 1000))
        return render(result)

    def declared(self) -> list[tools.Tool]:
        """This server's tools as Tabmate tools (declared once: native and XML calls alike)."""
        out = []
        for t in self.tools:
            desc = _clean(t.description or t.title or t.name, 400)

            async def run(args: dict[str, Any], _tool: str = t.name) -> str:
                return await self.call(_tool, args)

            out.append(tools.Tool(
                name=tool_name(self.name, t.name),
                description=f"[MCP server '{self.name}'] {desc}",
                when=f"the request needs {_clean(t.name, 60)} from the user's MCP server '{self.name}'",
                parameters=_schema(t.input_schema),
                permission="read" if self.config.trust == "read" else "act",
                runs_in="host",
                label=f"Running {_clean(t.name, 60)} on {self.name}…",
                confirm=f"Let the MCP server '{self.name}' run {_clean(t.name, 60)}?",
                run=run,
                timeout=self.config.timeout + 5,
            ))
        return out

    def status(self) -> dict[str, Any]:
        return {
            "name": self.name, "transport": self.config.kind, "trust": self.config.trust,
            "state": self.state, "error": self.error, "stderr": self.stderr_tail() if self.state == "failed" else "",
            "tools": [{"name": tool_name(self.name, t.name), "tool": t.name, "description": _clean(t.description, 200)}
                      for t in self.tools] if self.state == "ready" else [],
        }


class Manager:
    """Every configured server of this host process."""

    def __init__(self, keys: Any) -> None:
        self.keys = keys
        self.connections: dict[str, Connection] = {}
        self._jobs: set[asyncio.Future[None]] = set()

    def _reconcile(self, servers: dict[str, McpServer]) -> list[Connection]:
        wanted = {name: with_secrets(self.keys, name, cfg) for name, cfg in servers.items()}
        stale = [c for n, c in self.connections.items() if n not in wanted or c.config != wanted[n]]
        for conn in stale:
            del self.connections[conn.name]
        for name, cfg in wanted.items():
            self.connections.setdefault(name, Connection(name, cfg))
        return stale

    async def ensure(self, servers: dict[str, McpServer], retry: bool = False,
                     notify: Callable[[], None] | None = None, wait: float | None = None) -> None:
        """Start (in parallel) what is configured and not running; stop what is no longer wanted.

        A failed server is tried again only with ``retry`` (Settings, ``mcp list``) or when its
        settings change, so a broken server costs a chat nothing.  ``wait`` bounds how long this
        call waits; starts go on in the background after it.
        """
        stale = self._reconcile(servers)
        starting = [c for c in self.connections.values()
                    if c.state == "stopped" or (retry and c.state == "failed")]
        if starting and notify is not None:
            notify()
        jobs = [asyncio.ensure_future(c.stop()) for c in stale] + [
            asyncio.ensure_future(c.start()) for c in self.connections.values()
            if c in starting or c.state == "starting"]
        self._jobs.update(jobs)
        for job in jobs:
            job.add_done_callback(self._jobs.discard)
        if jobs:
            await asyncio.wait(jobs, timeout=wait)

    async def tools(self, servers: dict[str, McpServer], notify: Callable[[], None] | None = None) -> list[tools.Tool]:
        """The tools of every server that is (or could now be) running; ``notify`` before a start."""
        if not servers and not self.connections:
            return []
        await self.ensure(servers, notify=notify, wait=CHAT_WAIT)
        return [t for c in self.connections.values() if c.state == "ready" for t in c.declared()]

    async def status(self, servers: dict[str, McpServer], start: bool = True) -> list[dict[str, Any]]:
        if start:
            await self.ensure(servers, retry=True)
        else:
            self._reconcile(servers)
        await asyncio.gather(*(c.alive() for c in self.connections.values() if c.state == "ready"))
        return [c.status() for c in self.connections.values()]

    async def aclose(self) -> None:
        for job in list(self._jobs):
            job.cancel()
        await asyncio.gather(*(c.stop() for c in self.connections.values()), return_exceptions=True)
        for c in self.connections.values():
            if c._stderr is not None:
                c._stderr.close()
        self.connections.clear()
