"""A loopback fake model server: real HTTP, scripted replies, error injection.

Each test queues the replies it wants; the server answers requests in order and records
what it received, so a test can check the exact wire format we sent.

    with FakeProvider() as fake:
        fake.add(sse_reply([{"choices": [{"delta": {"content": "hi"}}]}]))
        ... point the router at fake.url ...
        assert fake.requests[0].json["model"] == "m"
"""

from __future__ import annotations

import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable


@dataclass
class Reply:
    """One scripted answer.

    ``chunks`` are written one by one (flushed), waiting ``delay`` seconds before each;
    ``cut_after`` closes the connection after that many chunks (a stream cut mid-way).
    """

    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)
    chunks: list[bytes] = field(default_factory=list)
    delay: float = 0.0
    cut_after: int | None = None
    path: str | None = None  # only answer requests to this path (others fall through)


@dataclass
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    client_port: int = 0  # the same port on two requests: the connection was reused

    @property
    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


def json_reply(obj: Any, status: int = 200, headers: dict[str, str] | None = None, **kw: Any) -> Reply:
    h = {"Content-Type": "application/json", **(headers or {})}
    return Reply(status=status, headers=h, chunks=[json.dumps(obj).encode()], **kw)


def sse_reply(events: list[Any], done: bool = True, **kw: Any) -> Reply:
    """OpenAI-style SSE: each event a ``data:`` line (dicts are JSON-encoded)."""
    chunks = [
        (f"data: {e if isinstance(e, str) else json.dumps(e)}\n\n").encode() for e in events
    ]
    if done:
        chunks.append(b"data: [DONE]\n\n")
    return Reply(headers={"Content-Type": "text/event-stream"}, chunks=chunks, **kw)


def anthropic_reply(events: list[dict[str, Any]], **kw: Any) -> Reply:
    """Anthropic-style SSE: ``event: <type>`` + ``data: <json>`` per event."""
    chunks = [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]
    return Reply(headers={"Content-Type": "text/event-stream"}, chunks=chunks, **kw)


def ndjson_reply(objs: list[dict[str, Any]], **kw: Any) -> Reply:
    """Ollama native NDJSON: one JSON object per line."""
    chunks = [(json.dumps(o) + "\n").encode() for o in objs]
    return Reply(headers={"Content-Type": "application/x-ndjson"}, chunks=chunks, **kw)


def ollama_reply(text: str = "", *, pieces: int = 1, thinking: str = "", tool_calls: list[dict[str, Any]] | None = None,
                 done_reason: str = "stop", usage: tuple[int, int] | None = (10, 5), **kw: Any) -> Reply:
    """What Ollama's ``/api/chat`` streams: message lines (``thinking``, then ``content`` in
    ``pieces``, then whole ``tool_calls`` with object arguments), then the ``done`` line with
    ``done_reason`` and the token counts."""
    def line(**message: Any) -> dict[str, Any]:
        return {"model": "m", "created_at": "2026-11-23T10:00:00Z",
                "message": {"role": "assistant", "content": "", **message}, "done": False}

    size = max(1, -(-len(text) // pieces)) if text else 1
    objs = [line(content="", thinking=thinking)] if thinking else []
    objs += [line(content=text[i:i + size]) for i in range(0, len(text), size)]
    if tool_calls:
        objs.append(line(tool_calls=tool_calls))
    objs.append({"model": "m", "created_at": "2026-11-23T10:00:01Z", "message": {"role": "assistant", "content": ""},
                 "done": True, "done_reason": done_reason, "total_duration": 4_883_583, "load_duration": 1_334,
                 **({"prompt_eval_count": usage[0], "eval_count": usage[1]} if usage else {})})
    kw.setdefault("path", "/api/chat")
    return ndjson_reply(objs, **kw)


def images_in(body: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Every image a request body carries, as (wire format, media type, base64 data):
    ``image_url`` (OpenAI-style data URL content parts), ``anthropic`` (base64 ``image``
    blocks) or ``ollama`` (the native API's ``images`` list of bare base64 strings)."""
    found: list[tuple[str, str, str]] = []
    for m in body.get("messages") or []:
        content = m.get("content")
        for part in content if isinstance(content, list) else []:
            if part.get("type") == "image_url":
                url = part["image_url"]["url"] if isinstance(part["image_url"], dict) else part["image_url"]
                head, _, data = url.partition(",")
                found.append(("image_url", head[5:].split(";")[0], data))
            elif part.get("type") == "image":
                src = part["source"]
                found.append(("anthropic", src["media_type"], src["data"]))
        for data in m.get("images") or []:
            found.append(("ollama", "", data))
    return found


def images_rejected(provider: str = "openai") -> Reply:
    """What a text-only model's server answers to a request with an image (real messages)."""
    if provider == "anthropic":
        return json_reply({"type": "error", "error": {"type": "invalid_request_error",
                                                      "message": "messages.0.content.0: this model does not support image input"}},
                          status=400)
    if provider == "ollama":  # /api/chat (Ollama's server/prompt.go)
        return json_reply({"error": "this model is missing data required for image input"}, status=500)
    return json_reply({"error": {"message": "Invalid content type. image_url is only supported by certain models.",
                                 "type": "invalid_request_error", "param": "messages.[0].content.[1].type",
                                 "code": None}}, status=400)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def server_bind(self) -> None:
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().server_bind()

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, OSError)):  # a client hanging up is normal
            super().handle_error(request, client_address)


class FakeProvider:
    def __init__(self) -> None:
        self.replies: list[Reply] = []
        self.requests: list[Recorded] = []
        self.default: Reply | Callable[[Recorded], Reply] | None = None
        self.disconnects = 0  # streams the client closed before we finished writing
        self._lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _handle(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                rec = Recorded(self.command, self.path, {k.lower(): v for k, v in self.headers.items()}, body,
                               self.client_address[1])
                with fake._lock:
                    fake.requests.append(rec)
                    reply = fake._next(rec)
                fake._write(self, reply)

            do_GET = do_POST = do_DELETE = _handle

        self._server = _Server(("127.0.0.1", 0), Handler)
        self.port = self._server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def add(self, *replies: Reply) -> "FakeProvider":
        with self._lock:
            self.replies.extend(replies)
        return self

    def _next(self, rec: Recorded) -> Reply:
        for i, r in enumerate(self.replies):
            if r.path is None or rec.path.split("?")[0].endswith(r.path):
                return self.replies.pop(i)
        if callable(self.default):
            return self.default(rec)
        if self.default is not None:
            return self.default
        return json_reply({"error": {"message": f"fake provider: nothing scripted for {rec.path}"}}, status=500)

    def _write(self, h: BaseHTTPRequestHandler, reply: Reply) -> None:
        try:
            h.send_response(reply.status)
            streaming = reply.cut_after is not None or len(reply.chunks) != 1 or reply.delay
            for k, v in reply.headers.items():
                h.send_header(k, v)
            if streaming:
                h.send_header("Transfer-Encoding", "chunked")
            else:
                h.send_header("Content-Length", str(len(reply.chunks[0])))
            h.end_headers()
            h.wfile.flush()
            for n, chunk in enumerate(reply.chunks):
                if reply.cut_after is not None and n >= reply.cut_after:
                    h.close_connection = True
                    h.connection.shutdown(socket.SHUT_RDWR)
                    return
                if reply.delay:
                    time.sleep(reply.delay)
                if streaming:
                    h.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                else:
                    h.wfile.write(chunk)
                h.wfile.flush()
            if streaming:
                h.wfile.write(b"0\r\n\r\n")
                h.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            with self._lock:
                self.disconnects += 1
            h.close_connection = True

    def __enter__(self) -> "FakeProvider":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()
