"""The native messaging host: reads frames, dispatches messages, runs chats concurrently.

One reader thread turns stdin into frames; everything else runs on one asyncio loop.
Each ``chat`` is its own task (one at a time per session), so ``ping``, ``cancel`` and
other chats are answered while a long answer streams.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import sys
import threading
import time
from typing import Any, BinaryIO, Awaitable, Callable

from native_host import __version__, framing, logs, outgoing, protocol
from native_host.channel import ChatChannel, ChatOutcome, Services
from native_host.errors import TabmateError

AgentFn = Callable[[protocol.Chat, ChatChannel, Services], Awaitable[ChatOutcome]]
CANCELLED_MARK = "[Request cancelled]"


def load_agent() -> AgentFn:
    """The chat handler: ``native_host.agent:run_chat``, or ``$TABMATE_AGENT`` (tests)."""
    spec = os.environ.get("TABMATE_AGENT", "native_host.agent:run_chat")
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def error_wire(e: BaseException, msg_id: Any = None) -> dict[str, Any]:
    if isinstance(e, TabmateError):
        return outgoing.ErrorMsg(id=msg_id, code=e.code, message=e.message, retryable=e.retryable).wire()
    return outgoing.ErrorMsg(
        id=msg_id, code="internal",
        message="Something went wrong inside Tabmate — the details are in the log (tabmate config path).",
    ).wire()


class Host:
    def __init__(self, send: Callable[[dict[str, Any]], None], services: Services | None = None) -> None:
        self.send = send
        self.services = services or Services()
        self.chats: dict[Any, asyncio.Task[None]] = {}  # chat id → task
        self.busy_sessions: dict[str, Any] = {}  # session → chat id
        self.pending: dict[str, asyncio.Future[Any]] = {}  # tool/confirm request id → answer
        self.tasks: set[asyncio.Task[Any]] = set()
        self._agent: AgentFn | None = None
        self._told = False

    def tell_notices(self) -> None:
        from native_host import notices, storage

        self.services.settings.load()  # a damaged settings file is found (and repaired) here
        gone = storage.clean_stale_temps(storage.config_dir(), storage.data_dir(), storage.cache_dir())
        if gone:
            logs.log("stale_temp_files_removed", count=gone)
        for n in notices.take():
            try:
                self.send(outgoing.NoticeMsg.model_validate(n).wire())
            except Exception as e:  # a notice file edited by hand: skip that one
                logs.log("notice_dropped", level="warning", problem=repr(e)[:200])

    # ------------------------------------------------------------ entry point per frame
    def handle_payload(self, payload: bytes) -> None:
        try:
            msg = protocol.parse_message(payload)
        except protocol.BadMessage as e:
            logs.log("bad_message", level="warning", problem=e.message)
            self.send(outgoing.ErrorMsg(id=e.id, code="bad_message", message=e.message).wire())
            return
        kind = msg.type
        if kind == "ping":
            self.send(outgoing.PongMsg(id=msg.id, version=__version__).wire())
            if not self._told:  # the extension is listening now: tell it what happened while it was not
                self._told = True
                self.tell_notices()
        elif kind == "chat":
            self.start_chat(msg)
        elif kind == "cancel":
            task = self.chats.get(msg.id)
            if task is not None:
                task.cancel()
        elif kind in ("tool_result", "confirm_result"):
            future = self.pending.get(str(msg.id))
            if future is not None and not future.done():
                future.set_result(msg)
            else:
                logs.log("late_answer", kind=kind, request=str(msg.id))
        else:
            self.spawn(self.answer(msg))

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # ------------------------------------------------------------ chats
    def start_chat(self, msg: protocol.Chat) -> None:
        if msg.id in self.chats:
            # no id: the error must not be taken for the end of the chat already running with it
            self.send(error_wire(TabmateError(
                "invalid_request", f"A chat with id {str(msg.id)[:80]!r} is already running: a new chat needs a new id.",
                retryable=False)))
            return
        if msg.session in self.busy_sessions:
            self.send(error_wire(TabmateError(
                "invalid_request",
                "Tabmate is still answering the previous message in this chat — wait or press Stop.",
                retryable=True), msg.id))
            return
        self.busy_sessions[msg.session] = msg.id
        task = self.spawn(self.run_chat(msg))
        self.chats[msg.id] = task

    async def run_chat(self, msg: protocol.Chat) -> None:
        channel = ChatChannel(msg, self.send, self.pending)
        started = time.monotonic()
        try:
            if self._agent is None:
                self._agent = load_agent()
            outcome = await self._agent(msg, channel, self.services)
            self.send(outgoing.ResponseMsg(
                id=msg.id, text=outcome.text, interrupted=False,
                iterations=outcome.iterations, usage=outcome.usage,
            ).wire())
            logs.log("chat_done", request=msg.id, session=msg.session,
                     ms=round((time.monotonic() - started) * 1000), iterations=outcome.iterations,
                     usage=outcome.usage.model_dump() if outcome.usage else None)
        except asyncio.CancelledError:
            partial = "".join(channel.streamed)
            text = f"{partial}\n\n{CANCELLED_MARK}" if partial else CANCELLED_MARK
            self.send(outgoing.ResponseMsg(id=msg.id, text=text, interrupted=True).wire())
            logs.log("chat_cancelled", request=msg.id, ms=round((time.monotonic() - started) * 1000))
        except TabmateError as e:
            logs.log("chat_error", level="warning", request=msg.id, code=e.code, problem=e.message)
            self.send(error_wire(e, msg.id))
        except Exception as e:
            logs.log("chat_crash", level="error", request=msg.id, problem=repr(e), trace=_trace())
            self.send(error_wire(e, msg.id))
        finally:
            self.chats.pop(msg.id, None)
            if self.busy_sessions.get(msg.session) == msg.id:
                del self.busy_sessions[msg.session]

    # ------------------------------------------------------------ the other requests
    async def answer(self, msg: Any) -> None:
        try:
            self.send(await self.reply_to(msg))
        except TabmateError as e:
            self.send(error_wire(e, msg.id))
        except Exception as e:
            logs.log("request_crash", level="error", kind=msg.type, problem=repr(e), trace=_trace())
            self.send(error_wire(e, msg.id))

    async def reply_to(self, msg: Any) -> dict[str, Any]:
        store = self.services.settings
        if msg.type == "get_settings":
            return outgoing.SettingsMsg(id=msg.id, settings=store.public()).wire()
        if msg.type == "set_settings":
            new = store.update(msg.settings)
            logs.log("settings_saved", request=msg.id, fields=sorted(msg.settings))
            if "history_retention" in msg.settings:
                await asyncio.to_thread(self.services.history.prune, new.history_retention)
            return outgoing.SettingsMsg(id=msg.id, settings=store.public(new)).wire()
        if msg.type == "clear":
            await asyncio.to_thread(self.services.history.delete, msg.session)
            return outgoing.ClearedMsg(id=msg.id).wire()
        if msg.type.startswith("history_"):
            from native_host.history import requests

            return await requests.reply(msg, self.services.history, store.load().history_retention)
        if msg.type == "mcp_status":  # the user's MCP servers, started if need be (Settings shows them)
            servers = await self.services.mcp().status(store.load().mcp_servers)
            return outgoing.McpStatusMsg(id=msg.id, servers=servers).wire()
        from native_host import router  # imported on first use: keeps start-up fast

        settings, api_key = store.resolve(msg.settings)
        if msg.type == "test_connection":
            result = await router.test_connection(settings, api_key, self.services)
            return outgoing.TestResultMsg(id=msg.id, **result).wire()
        if msg.type == "list_models":
            models = await router.list_models(settings, api_key, self.services)
            return outgoing.ModelsMsg(id=msg.id, models=models).wire()
        raise TabmateError("invalid_request", f"Unhandled message type {msg.type!r}.")

    async def shutdown(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=1.0)
        await self.services.aclose()


def _trace() -> str:
    import traceback

    return traceback.format_exc(limit=8)


_EOF = object()


def _reader(stream: BinaryIO, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[Any]) -> None:
    """Blocking reads on a thread of their own (works the same on every OS)."""
    while True:
        try:
            payload = framing.read_frame(stream)
        except (framing.FrameTooLarge, framing.TruncatedFrame) as e:
            loop.call_soon_threadsafe(queue.put_nowait, e)
            return
        except (OSError, ValueError):
            payload = None
        if payload is None:
            loop.call_soon_threadsafe(queue.put_nowait, _EOF)
            return
        loop.call_soon_threadsafe(queue.put_nowait, payload)


async def serve(inp: BinaryIO, out: BinaryIO, services: Services | None = None) -> int:
    writer = framing.FrameWriter(out)
    host = Host(writer.send, services)
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[Any] = asyncio.Queue()
    threading.Thread(target=_reader, args=(inp, loop, queue), daemon=True, name="frames").start()
    if os.name != "nt":  # a browser or OS asking the host to stop: shut down cleanly (MCP servers too)
        import signal

        try:
            loop.add_signal_handler(signal.SIGTERM, queue.put_nowait, _EOF)
        except (ValueError, RuntimeError):  # not the main thread (tests running serve() in a thread)
            pass
    logs.log("host_start", version=__version__, pid=os.getpid(), argv=sys.argv[1:3])
    from native_host.mcp.bridge import Bridge  # `tabmate mcp serve` reaches the browser through it

    bridge = Bridge(writer.send, host.pending)
    bridge_start = asyncio.ensure_future(bridge.start())
    code = 0
    while True:
        item = await queue.get()
        if item is _EOF:
            break
        if isinstance(item, framing.FrameTooLarge):
            sys.stderr.write(f"tabmate: {item}; closing the connection\n")
            writer.send(outgoing.ErrorMsg(code="bad_message", message=f"Message too large: {item}.").wire())
            logs.log("frame_too_large", level="warning", size=item.size)
            code = 1
            break
        if isinstance(item, framing.TruncatedFrame):
            sys.stderr.write(f"tabmate: {item}\n")
            logs.log("frame_truncated", level="warning", problem=str(item))
            break
        try:
            host.handle_payload(item)
        except Exception as e:  # whatever a frame does, the host keeps serving the others
            logs.log("frame_crash", level="error", problem=repr(e)[:300], trace=_trace())
            writer.send(error_wire(e))
    await bridge_start
    await bridge.close()
    await host.shutdown()
    logs.log("host_exit", code=code)
    return code


def main(argv: list[str] | None = None) -> int:
    """Run the host on this process's stdin/stdout (what the browser starts)."""
    # Keep the real stdout for frames only; point fd 1 and sys.stdout at stderr so that no
    # print(), library or child process can write a stray byte into the channel.
    sys.stdout.flush()
    out_fd = os.dup(1)
    os.dup2(2, 1)
    if os.name == "nt":
        import msvcrt

        msvcrt.setmode(out_fd, os.O_BINARY)
        msvcrt.setmode(sys.stdin.fileno(), os.O_BINARY)
    out = os.fdopen(out_fd, "wb")
    sys.stdout = sys.stderr
    try:
        code = asyncio.run(serve(sys.stdin.buffer, out))
    except KeyboardInterrupt:
        code = 0
    if any(t.name == "frames" and t.is_alive() for t in threading.enumerate()):
        # stopped by a signal while the reader still blocks on stdin: leave without the interpreter's
        # shutdown, which would abort on that thread's lock
        out.flush()
        sys.stderr.flush()
        os._exit(code)
    return code
