"""Host cold start (spawn → pong) and ping round trip, beside a bare `import httpx, pydantic`.

    python bench/bench_host.py [--runs N]

Prints medians and p90 over N runs, all measured in this one run on this machine.
Goal (issue 2): cold start ≤ 250 ms. Reported, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import struct
import subprocess
import sys
import tempfile
import time

H = struct.Struct("=I")


def frame(msg: dict) -> bytes:
    body = json.dumps(msg).encode()
    return H.pack(len(body)) + body


def read_frame(stream) -> dict:
    (n,) = H.unpack(stream.read(4))
    return json.loads(stream.read(n))


def spawn(env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "native_host"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)


def cold_start(env: dict) -> float:
    t0 = time.perf_counter()
    p = spawn(env)
    p.stdin.write(frame({"type": "ping", "id": 1}))
    p.stdin.flush()
    assert read_frame(p.stdout)["type"] == "pong"
    elapsed = time.perf_counter() - t0
    p.stdin.close()
    p.wait()
    return elapsed


def ping_round_trips(env: dict, n: int) -> list[float]:
    p = spawn(env)
    times = []
    for i in range(n + 5):
        t0 = time.perf_counter()
        p.stdin.write(frame({"type": "ping", "id": i}))
        p.stdin.flush()
        read_frame(p.stdout)
        if i >= 5:  # warm-up
            times.append(time.perf_counter() - t0)
    p.stdin.close()
    p.wait()
    return times


def bare_import() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import httpx, pydantic"], check=True)
    return time.perf_counter() - t0


def bare_python() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - t0


def row(name: str, xs: list[float], unit: float = 1000) -> str:
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(len(xs) * 0.9))]
    return f"| {name} | {statistics.median(xs) * unit:.2f} | {p90 * unit:.2f} | {len(xs)} |"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=20)
    args = ap.parse_args()
    env = {**os.environ, "TABMATE_HOME": tempfile.mkdtemp(prefix="tabmate-bench-")}
    runs = args.runs
    # interleave so machine load affects every series alike
    host, imp, py = [], [], []
    for _ in range(runs):
        py.append(bare_python())
        imp.append(bare_import())
        host.append(cold_start(env))
    pings = ping_round_trips(env, 500)
    print("| what | median ms | p90 ms | runs |")
    print("|---|---|---|---|")
    print(row("python -c pass (floor)", py))
    print(row("python -c 'import httpx, pydantic' (reference)", imp))
    print(row("tabmate host cold start: spawn → pong", host))
    print(row("ping round trip on a running host", pings))
    print(f"\ngoal: cold start ≤ 250 ms → {'met' if statistics.median(host) <= 0.25 else 'NOT met'}")


if __name__ == "__main__":
    main()
