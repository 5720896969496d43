"""The local socket between ``tabmate mcp serve`` (started by another agent) and the host the
browser started — the only way in to the user's browser, and only for the user.

The host listens on a Unix socket in a 0700 directory (a named pipe on Windows) and writes
``<pid>.json`` (0600) beside it: the socket's address and a random token.  A client must send
that token first; anything else is refused.  Messages are one JSON object per line::

    → {"token": "…", "agent": "Claude Desktop"}      ← {"ok": true}
    → {"id": 1, "tool": "get_page", "args": {}}       ← {"id": 1, "ok": true, "result": …}

Tools (:data:`TOOLS`) run in the browser's active tab through the extension; every one that
changes something is confirmed in the sidebar naming the asking program ("Claude Desktop
wants to click 'Send'"), whatever the user's grants say.  No dependencies beyond the
standard library: the host starts the listener at start-up without slowing it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import itertools
import json
import os
import secrets
import tempfile
from pathlib import Path
from typing import Any, Callable

from native_host import logs, outgoing, protocol, storage

TOOLS = ("get_page", "get_selection", "list_tabs", "open_url", "click_element", "fill_input", "scroll")
CHANGING = {  # what the confirmation says the program wants to do
    "open_url": "open {url}",
    "click_element": "click element {index}",
    "fill_input": "type “{text}” into element {index}",
    "scroll": "scroll the page {direction}",
}
TOOL_TIMEOUT = 30.0
CONFIRM_TIMEOUT = 300.0
MAX_LINE = 1 << 20  # a request line; replies may be longer (pages)
PAGE_BUDGET = 12000  # tokens of page context a get_page answers with
_ids = itertools.count(1)


# ------------------------------------------------------------------ where
def run_dir() -> Path:
    """Per-user folder for the token files (and the sockets, when the path is short enough);
    the same for the host and for ``mcp serve`` whatever their environments (``TABMATE_HOME`` aside)."""
    return storage.data_dir() / "run"


def _private_dir(path: Path) -> Path:
    """Create ``path`` as 0700 and make sure it is ours and nobody else's."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if os.name != "nt":
        st = path.stat()
        if st.st_uid != os.getuid():
            raise PermissionError(f"{path} belongs to another user")
        if st.st_mode & 0o077:
            os.chmod(path, 0o700)
    return path


def _socket_path(folder: Path) -> Path:
    path = folder / f"{os.getpid()}.sock"
    if len(str(path)) < 100:  # AF_UNIX paths are limited to ~104 bytes
        return path
    short = Path(tempfile.gettempdir()) / f"tabmate-{os.getuid()}-{hashlib.sha1(str(folder).encode()).hexdigest()[:8]}"
    return _private_dir(short) / f"{os.getpid()}.sock"


def endpoints() -> list[dict[str, Any]]:
    """Running hosts' bridges (newest first) as their token files describe them."""
    found = []
    folder = run_dir()
    for f in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) if folder.is_dir() else []:
        try:
            info = json.loads(f.read_text("utf-8"))
            if isinstance(info, dict) and info.get("address") and info.get("token"):
                found.append(info)
        except (OSError, ValueError):
            continue
    return found


# ------------------------------------------------------------------ the host's side
class AgentChannel:
    """Browser requests on behalf of another program: tool_request / confirm_request with
    ``agent`` (the program's name) and no chat; the extension runs them in the active tab."""

    def __init__(self, agent: str, send: Callable[[dict[str, Any]], None], pending: dict[str, asyncio.Future[Any]]):
        self.agent, self._send, self._pending = agent, send, pending
        self.chat = f"agent-{next(_ids)}"

    async def _ask(self, message: dict[str, Any], timeout: float) -> Any:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._pending[message["id"]] = future
        try:
            self._send({**message, "agent": self.agent})
            return await asyncio.wait_for(future, timeout)
        finally:
            self._pending.pop(message["id"], None)

    async def run(self, tool: str, args: dict[str, Any]) -> Any:
        """The tool's result, or raises :class:`BridgeError` with the sentence to show."""
        if tool in CHANGING:
            summary = f"{self.agent} wants to {_fill(CHANGING[tool], args)}"
            ask = outgoing.ConfirmRequestMsg(id=f"ac{next(_ids)}", chat=self.chat, tool=tool, args=args, summary=summary)
            try:
                answer = await self._ask(ask.wire(), CONFIRM_TIMEOUT)
            except asyncio.TimeoutError:
                raise BridgeError(f"Nobody answered the confirmation in the Tabmate sidebar: {tool} was not run.") from None
            logs.log("agent_confirm", agent=self.agent, tool=tool, approved=answer.approved)
            if not answer.approved:
                raise BridgeError(f"The user denied {tool} in the Tabmate sidebar; it was not run. Do not retry it.")
        req = outgoing.ToolRequestMsg(id=f"at{next(_ids)}", chat=self.chat, tool=tool, args=args)
        try:
            answer = await self._ask(req.wire(), TOOL_TIMEOUT)
        except asyncio.TimeoutError:
            raise BridgeError(f"The browser did not answer {tool} within {TOOL_TIMEOUT:g} s.") from None
        if not answer.ok:
            raise BridgeError(f"{tool} failed in the browser: {answer.error or 'no reason given'}")
        return _shape(tool, answer.result)


class BridgeError(Exception):
    pass


def _fill(template: str, args: dict[str, Any]) -> str:
    values = {k: (str(v) if len(str(v)) <= 60 else str(v)[:59] + "…") for k, v in args.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template.split(" {")[0]


def _shape(tool: str, result: Any) -> Any:
    """What the other program gets: the page as the same context the sidebar's model reads."""
    from native_host import prompt

    if tool == "get_page" and isinstance(result, dict) and ({"html", "text"} & set(result)):
        snapshot = protocol.PageSnapshot.model_validate(result)
        body, _ = prompt.page_context(snapshot, PAGE_BUDGET)
        return prompt.untrusted("the page open in the user's browser", body)
    if tool == "get_selection":
        text = (result.get("selection") or result.get("text")) if isinstance(result, dict) else result
        return prompt.untrusted("text the user selected", str(text or "(nothing is selected)"))
    return result


def _check_args(tool: str, args: Any) -> dict[str, Any]:
    from jsonschema import Draft202012Validator

    from native_host import tools

    if not isinstance(args, dict):
        raise BridgeError("arguments must be an object")
    spec = tools.get(tool)
    if spec is not None:
        errors = sorted(Draft202012Validator(spec.parameters).iter_errors(args), key=str)
        if errors:
            raise BridgeError(f"invalid arguments for {tool}: {errors[0].message}")
    return args


class Bridge:
    """The host's listener. ``start`` never raises: without a bridge the host still works."""

    def __init__(self, send: Callable[[dict[str, Any]], None], pending: dict[str, asyncio.Future[Any]]):
        self.send, self.pending = send, pending
        self.token = secrets.token_urlsafe(32)
        self.server: Any = None
        self.info_file: Path | None = None
        self.address = ""

    async def start(self) -> bool:
        try:
            folder = _private_dir(run_dir())
            if os.name == "nt":
                self.address = rf"\\.\pipe\tabmate-bridge-{os.getpid()}-{secrets.token_hex(4)}"
                loop = asyncio.get_running_loop()
                self.server = await loop.start_serving_pipe(  # type: ignore[attr-defined]
                    lambda: asyncio.StreamReaderProtocol(asyncio.StreamReader(limit=MAX_LINE), self._client), self.address)
            else:
                path = _socket_path(folder)
                path.unlink(missing_ok=True)
                old = os.umask(0o177)
                try:
                    self.server = await asyncio.start_unix_server(self._client, str(path), limit=MAX_LINE)
                finally:
                    os.umask(old)
                self.address = str(path)
            self.info_file = folder / f"{os.getpid()}.json"
            storage.write_json(self.info_file, {"address": self.address, "token": self.token, "pid": os.getpid()})
            logs.log("bridge_listening", address=self.address)
            return True
        except Exception as e:  # noqa: BLE001 — the sidebar works without it
            logs.log("bridge_failed", level="warning", problem=repr(e))
            return False

    async def close(self) -> None:
        if self.info_file is not None:
            self.info_file.unlink(missing_ok=True)
        if self.server is not None:
            self.server.close()
        if self.address and os.name != "nt":
            Path(self.address).unlink(missing_ok=True)

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        def reply(obj: dict[str, Any]) -> None:
            writer.write(json.dumps(obj, ensure_ascii=False, default=str).encode() + b"\n")

        try:
            hello = json.loads(await asyncio.wait_for(reader.readline(), 10.0) or b"{}")
            token = hello.get("token") if isinstance(hello, dict) else None
            if not isinstance(token, str) or not hmac.compare_digest(token.encode(), self.token.encode()):
                logs.log("bridge_refused", level="warning")
                reply({"ok": False, "error": "wrong token"})
                return
            agent = " ".join(str(hello.get("agent") or "An MCP client").split())[:60]
            reply({"ok": True})
            channel = AgentChannel(agent, self.send, self.pending)
            while line := await reader.readline():
                req = json.loads(line)
                try:
                    tool = req.get("tool")
                    if tool not in TOOLS:
                        raise BridgeError(f"unknown tool {tool!r}; Tabmate offers {', '.join(TOOLS)}")
                    result = await channel.run(tool, _check_args(tool, req.get("args", {})))
                    reply({"id": req.get("id"), "ok": True, "result": result})
                except BridgeError as e:
                    reply({"id": req.get("id"), "ok": False, "error": str(e)})
                await writer.drain()
        except (ValueError, OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass
        finally:
            try:
                await writer.drain()
                writer.close()
            except (OSError, RuntimeError):
                pass


# ------------------------------------------------------------------ the client's side
NO_BROWSER = ("Tabmate is not running in your browser. Open the Tabmate sidebar in your browser "
              "(that starts Tabmate's helper), then try again.")


async def call(agent: str, tool: str, args: dict[str, Any], timeout: float = CONFIRM_TIMEOUT + TOOL_TIMEOUT + 5) -> Any:
    """Run one browser tool through the newest running host; raises :class:`BridgeError`."""
    refused = False
    for info in endpoints():
        try:
            reader, writer = await _connect(info["address"])
        except OSError:
            continue  # a host that has gone away left its file behind
        try:
            writer.write(json.dumps({"token": info["token"], "agent": agent}).encode() + b"\n")
            hello = json.loads(await asyncio.wait_for(reader.readline(), 10.0) or b"{}")
            if not hello.get("ok"):
                refused = True
                continue
            writer.write(json.dumps({"id": 1, "tool": tool, "args": args}).encode() + b"\n")
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line:
                raise BridgeError("The browser closed the connection (was it closed?). Open the Tabmate sidebar and try again.")
            answer = json.loads(line)
            if not answer.get("ok"):
                raise BridgeError(answer.get("error") or f"{tool} failed")
            return answer.get("result")
        except asyncio.TimeoutError:
            raise BridgeError(f"The browser did not answer {tool} in time.") from None
        finally:
            writer.close()
    raise BridgeError("Tabmate refused the connection (wrong token)." if refused else NO_BROWSER)


async def _connect(address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    if os.name == "nt":
        loop = asyncio.get_running_loop()
        reader = asyncio.StreamReader(limit=1 << 26)
        transport, proto = await loop.create_pipe_connection(  # type: ignore[attr-defined]
            lambda: asyncio.StreamReaderProtocol(reader), address)
        return reader, asyncio.StreamWriter(transport, proto, reader, loop)
    return await asyncio.open_unix_connection(address, limit=1 << 26)
