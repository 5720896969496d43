"""Per-turn overhead of our Router vs raw httpx vs litellm.acompletion, one run, side by side.

All three talk to the same zero-latency loopback server (a separate process, so it does not
share our GIL) that answers an OpenAI-style chat completion instantly:

* ``short``: one short answer — raw httpx and litellm ask non-streamed (JSON); the Router
  always streams, so it gets the same answer as a one-chunk SSE stream;
* ``stream50``: a 50-chunk SSE stream (plus the usage chunk and ``[DONE]``) for all three.

A fourth column, the Router talking to Ollama's own ``/api/chat`` (the same answers as NDJSON
lines, ending with the ``done`` line), shows what the native provider costs beside the
OpenAI-style one in the same run.

Overhead = a client's time per turn minus raw httpx's (the floor: the same HTTP exchange
with no library around it).  Goal: the Router's overhead ≤ ¼ of litellm's.

    python bench/bench_router.py [--turns 300] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import socket
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Awaitable, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CHUNKS = 50
MESSAGES = [{"role": "system", "content": "You are terse."}, {"role": "user", "content": "Say hello."}]


# ----------------------------------------------------------------------------- the server
def _replies() -> tuple[bytes, bytes, bytes]:
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "bench"}

    def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
        c = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
        return b"data: " + json.dumps(c).encode() + b"\n\n"

    usage = {**base, "choices": [], "usage": {"prompt_tokens": 12, "completion_tokens": CHUNKS, "total_tokens": 62}}
    tail = b"data: " + json.dumps(usage).encode() + b"\n\ndata: [DONE]\n\n"
    stream50 = b"".join([chunk({"role": "assistant", "content": ""})]
                        + [chunk({"content": f"w{i} "}) for i in range(CHUNKS - 1)]
                        + [chunk({"content": "end"}, "stop")]) + tail
    stream1 = chunk({"role": "assistant", "content": "Hello!"}, "stop") + tail
    full = json.dumps({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "bench",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello!"}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 2, "total_tokens": 14},
    }).encode()
    return stream50, stream1, full


def _ndjson_replies() -> tuple[bytes, bytes]:
    """The same answers as Ollama's /api/chat streams them."""
    def line(content: str, done: bool = False) -> bytes:
        obj: dict[str, Any] = {"model": "bench", "created_at": "2026-11-23T10:00:00Z",
                               "message": {"role": "assistant", "content": content}, "done": done}
        if done:
            obj.update(done_reason="stop", total_duration=1, prompt_eval_count=12, eval_count=CHUNKS)
        return json.dumps(obj).encode() + b"\n"

    stream50 = b"".join([line(f"w{i} ") for i in range(CHUNKS - 1)] + [line("end"), line("", done=True)])
    return stream50, line("Hello!") + line("", done=True)


def _http(status: bytes, ctype: bytes, body: bytes) -> bytes:
    return (b"HTTP/1.1 " + status + b"\r\nContent-Type: " + ctype + b"\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\nConnection: keep-alive\r\n\r\n" + body)


def serve(port_out: Any) -> None:
    stream50, stream1, full = _replies()
    ndjson50, ndjson1 = _ndjson_replies()
    answers = {
        "stream50": _http(b"200 OK", b"text/event-stream", stream50),
        "stream1": _http(b"200 OK", b"text/event-stream", stream1),
        "json": _http(b"200 OK", b"application/json", full),
        "ndjson50": _http(b"200 OK", b"application/x-ndjson", ndjson50),
        "ndjson1": _http(b"200 OK", b"application/x-ndjson", ndjson1),
    }

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sock = writer.get_extra_info("socket")
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line[:15].lower() == b"content-length:":
                        length = int(line[15:])
                body = await reader.readexactly(length) if length else b""
                streaming = b'"stream": true' in body or b'"stream":true' in body
                long = b"stream50" in body
                if head.startswith(b"POST /api/chat "):
                    writer.write(answers["ndjson50" if long else "ndjson1"])
                else:
                    writer.write(answers["json"] if not streaming else answers["stream50" if long else "stream1"])
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()

    async def main() -> None:
        server = await asyncio.start_server(handle, "127.0.0.1", 0)
        port_out.send(server.sockets[0].getsockname()[1])
        await server.serve_forever()

    asyncio.run(main())


# ----------------------------------------------------------------------------- the clients
def make_clients(url: str) -> dict[str, Callable[[str], Awaitable[int]]]:
    import httpx

    from native_host.channel import Services
    from native_host.providers.base import ChatRequest, TextDelta
    from native_host.router import Router
    from native_host.settings import Settings

    raw_client = httpx.AsyncClient(timeout=30)
    headers = {"Authorization": "Bearer sk-bench-0000"}

    async def raw(scenario: str) -> int:
        body: dict[str, Any] = {"model": "bench", "messages": MESSAGES}
        if scenario == "short":
            r = await raw_client.post(f"{url}/v1/chat/completions", json=body, headers=headers)
            return len(r.json()["choices"][0]["message"]["content"])
        body.update(model="stream50", stream=True)
        n = 0
        async with raw_client.stream("POST", f"{url}/v1/chat/completions", json=body, headers=headers) as r:
            async for line in r.aiter_lines():
                if line.startswith("data: ") and line != "data: [DONE]":
                    chunk = json.loads(line[6:])
                    if chunk["choices"] and chunk["choices"][0]["delta"].get("content"):
                        n += 1
        return n

    services = Services()
    settings = Settings(provider="openai_compatible", base_url=f"{url}/v1", model="bench")

    def turns(router: Router) -> Callable[[str], Awaitable[int]]:
        async def turn(scenario: str) -> int:
            model = "stream50" if scenario == "stream50" else "bench"
            n = 0
            async for e in router.stream(ChatRequest(model=model, messages=MESSAGES)):
                if isinstance(e, TextDelta):
                    n += 1
            return n

        return turn

    ours = turns(Router(settings, "sk-bench-0000", services))
    ours_ollama = turns(Router(Settings(provider="ollama", base_url=url, model="bench"), None, services))

    clients: dict[str, Callable[[str], Awaitable[int]]] = {"raw httpx": raw, "tabmate Router": ours,
                                                            "Router, Ollama native": ours_ollama}
    try:
        os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
        import litellm

        litellm.telemetry = False
        litellm.suppress_debug_info = True

        async def lite(scenario: str) -> int:
            if scenario == "short":
                r = await litellm.acompletion(model="openai/bench", api_base=f"{url}/v1", api_key="sk-bench-0000",
                                              messages=MESSAGES)
                return len(r.choices[0].message.content or "")
            n = 0
            stream = await litellm.acompletion(model="openai/stream50", api_base=f"{url}/v1",
                                               api_key="sk-bench-0000", messages=MESSAGES, stream=True)
            async for chunk in stream:
                if chunk.choices and chunk.choices[0].delta.content:
                    n += 1
            return n

        clients["litellm.acompletion"] = lite
    except ImportError:
        print("litellm is not installed (pip install litellm): its column is left out", file=sys.stderr)
    return clients


async def measure(fn: Callable[[str], Awaitable[int]], scenario: str, turns: int) -> float:
    """Median ms per turn over a few rounds (after a warm-up)."""
    for _ in range(max(5, turns // 10)):
        await fn(scenario)
    rounds = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(turns // 5):
            await fn(scenario)
        rounds.append((time.perf_counter() - t0) * 1000 / (turns // 5))
    return statistics.median(rounds)


async def run(turns: int) -> dict[str, dict[str, float]]:
    recv, send = multiprocessing.Pipe(duplex=False)
    server = multiprocessing.Process(target=serve, args=(send,), daemon=True)
    server.start()
    try:
        url = f"http://127.0.0.1:{recv.recv()}"
        clients = make_clients(url)
        results: dict[str, dict[str, float]] = {}
        for scenario, n in (("short", turns), ("stream50", max(50, turns // 3))):
            results[scenario] = {name: await measure(fn, scenario, n) for name, fn in clients.items()}
        return results
    finally:
        server.terminate()
        server.join(5)


def report(results: dict[str, dict[str, float]]) -> str:
    names = list(next(iter(results.values())))
    lines = [f"{'ms per turn':<14}" + "".join(f"{n:>22}" for n in names),]
    for scenario, row in results.items():
        lines.append(f"{scenario:<14}" + "".join(f"{row[n]:>22.3f}" for n in names))
    lines.append("")
    lines.append("overhead above raw httpx (ms per turn):")
    for scenario, row in results.items():
        floor = row["raw httpx"]
        ours = row["tabmate Router"] - floor
        text = f"  {scenario:<10} Router {ours:+.3f}"
        if "litellm.acompletion" in row:
            lite = row["litellm.acompletion"] - floor
            ratio = ours / lite if lite > 0 else float("nan")
            text += f"   litellm {lite:+.3f}   Router/litellm = {ratio:.2f} (goal ≤ 0.25)"
        lines.append(text)
    for scenario, row in results.items():
        lines.append(f"  {scenario:<10} Router over Ollama's /api/chat (NDJSON) {row['Router, Ollama native'] - row['raw httpx']:+.3f}"
                     f" (OpenAI-style SSE: {row['tabmate Router'] - row['raw httpx']:+.3f})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    os.environ.setdefault("TABMATE_HOME", str(Path(os.environ.get("TMPDIR", "/tmp")) / "tabmate-bench"))
    results = asyncio.run(run(args.turns))
    print(report(results))
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
