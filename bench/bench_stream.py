"""A long streamed answer through the real host: time per size (is it linear?) and how long a
ping waits while it streams.

    python bench/bench_stream.py [--sizes 1,2,4]

The host is a real subprocess with the real agent; the provider is the loopback fake speaking
OpenAI's SSE, sending the answer in 16-character deltas (what a fast model streams). For each
size: seconds from chat to response, MB/s, and the ping round trip measured while the answer
streams (median and max) beside the ping round trip of an idle host — the reference measured
in the same run. Linear time shows as a flat MB/s across sizes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.fake_provider import FakeProvider, sse_reply  # noqa: E402
from tests.support.hostproc import HostProcess  # noqa: E402

DELTA = 16


def answer_reply(size: int):
    words = ("Tea is a drink made from leaves. " * (size // 33 + 1))[:size]
    events = [{"choices": [{"index": 0, "delta": {"content": words[i:i + DELTA]}}]} for i in range(0, size, DELTA)]
    events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return sse_reply(events), words


def pings(host: HostProcess, n: int, stop: threading.Event | None = None) -> list[float]:
    """Ping round trips (ms); other frames arriving meanwhile are set aside in ``host.others``."""
    times = []
    for i in range(n):
        if stop is not None and stop.is_set():
            break
        pid = f"p{time.monotonic_ns()}-{i}"
        t0 = time.perf_counter()
        host.send({"type": "ping", "id": pid})
        while True:
            msg = host.recv(60)
            if msg.get("id") == pid:
                break
            host.others.append(msg)
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.02)
    return times


def run(size_mb: float, fake: FakeProvider, home: Path) -> None:
    size = int(size_mb * 1024 * 1024)
    reply, words = answer_reply(size)
    fake.add(reply)
    with HostProcess(home) as host:
        host.others = []
        host.request({"type": "set_settings", "id": "s", "settings": {
            "provider": "openai_compatible", "model": "m", "base_url": fake.url + "/v1"}})
        idle = pings(host, 20)
        t0 = time.perf_counter()
        host.send({"type": "chat", "id": "c", "session": f"s{size}", "text": "tell me about tea"})
        busy = []
        while True:  # ping every 20 ms until the response is in
            busy += pings(host, 1)
            if any(m.get("type") in ("response", "error") and m.get("id") == "c" for m in host.others):
                break
        elapsed = time.perf_counter() - t0
        end = next(m for m in host.others if m.get("id") == "c" and m["type"] in ("response", "error"))
        text = "".join(m.get("text", "") for m in host.others if m.get("type") in ("part",) and m.get("id") == "c") + end.get("text", "")
        ok = end["type"] == "response" and text.strip() == words.strip()
        print(f"{size_mb:>4g} MB answer: {elapsed:6.2f} s, {size_mb / elapsed:5.2f} MB/s"
              f"{'' if ok else '  (answer differs!)'} — ping while streaming: median {statistics.median(busy):.1f} ms, "
              f"max {max(busy):.1f} ms ({len(busy)} pings); idle host: median {statistics.median(idle):.1f} ms")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="1,2,4")
    args = ap.parse_args()
    with FakeProvider() as fake:
        for s in args.sizes.split(","):
            with tempfile.TemporaryDirectory() as home:
                run(float(s), fake, Path(home))
    return 0


if __name__ == "__main__":
    sys.exit(main())
