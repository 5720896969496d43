"""Fuzz the real host: ≥ 100,000 generated frames over its real pipes; print crashes/hangs.

    python bench/bench_fuzz.py [--inputs N] [--seed S]

Frames are generated from a fixed seed: valid messages of every type, the same with bytes
flipped, cut or inserted, values of the wrong type, ids of every type and size (up to 2 MB),
lone surrogates, integers past Python's 4300-digit limit, JSON nested up to 50,000 deep and
plain random bytes. They are sent in batches; after each batch a ping must be answered
within 30 s. Counted: crashes (the host exited), hangs (no pong), frames over 1 MiB or not
JSON, and crashes the host caught and logged (``frame_crash``/``chat_crash``/…). The goal is
0 crashes / 0 hangs. The reference beside it: the same frames through ``parse_message``
in-process (what the host's own work per frame costs without pipes).
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from native_host import framing, protocol  # noqa: E402

H = struct.Struct("=I")
BATCH = 400
KINDS = protocol.INCOMING_TYPES


class Gen:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def text(self, n: int = 12) -> str:
        r = self.r
        pools = ["abc xyz", "éü中文🙂", "\x00\x1f\"\\/", "\ud800\udfff\udbff"]
        pool = r.choice(pools)
        return "".join(r.choice(pool) for _ in range(r.randint(0, n)))

    def value(self, depth: int = 0):
        r = self.r
        pick = r.randint(0, 9 if depth < 3 else 5)
        if pick == 0:
            return None
        if pick == 1:
            return r.choice([True, False])
        if pick == 2:
            return r.choice([0, -1, 2**31, 2**63, 2**64, -2**70, r.randint(-10**6, 10**6)])
        if pick == 3:
            return r.choice([0.5, -1e308, 1e-308, 3.14])
        if pick <= 5:
            return self.text()
        if pick <= 7:
            return [self.value(depth + 1) for _ in range(r.randint(0, 3))]
        return {self.text(6): self.value(depth + 1) for _ in range(r.randint(0, 3))}

    def an_id(self):
        r = self.r
        return r.choice([
            f"r{r.randint(0, 10**6)}", r.randint(-10**9, 10**9), self.text(), True, False, None, 1.0,
            [1], {"a": 1}, "x" * r.choice([255, 256, 257, 5000]), 2**63, -2**63, 2**64,
        ])

    def valid(self) -> dict:
        r = self.r
        kind = r.choice(KINDS)
        msg: dict = {"type": kind, "id": self.an_id() if r.random() < 0.3 else f"v{r.randint(0, 10**6)}"}
        if kind in ("chat", "clear", "history_get", "history_export", "history_rename"):
            msg["session"] = r.choice(["s1", "s2", self.text(), ""])
        if kind == "chat":
            msg["text"] = self.text(40)
            if r.random() < 0.3:
                msg["page"] = {"url": r.choice(["https://example.com/", self.text()]), "title": self.text(),
                               "text": self.text(80), "html": "<p>" + self.text(80) + "</p>"}
        if kind == "tool_result":
            msg.update(ok=r.choice([True, False, "yes"]), result=self.value(), error=r.choice([None, self.text()]))
        if kind == "confirm_result":
            msg.update(approved=r.choice([True, False, 1]), remember=r.choice([True, False]))
        if kind in ("set_settings", "test_connection", "list_models"):
            msg["settings"] = r.choice([{"model": self.text()}, {"temperature": self.value()}, self.value(), {}])
        for _ in range(r.randint(0, 2)):
            msg[self.text(5)] = self.value()
        return msg

    def frame(self) -> bytes:
        r = self.r
        pick = r.random()
        if pick < 0.45:
            return json.dumps(self.valid()).encode()  # ensure_ascii: lone surrogates as escapes
        if pick < 0.75:  # mutated bytes of a valid message
            data = bytearray(json.dumps(self.valid()).encode())
            for _ in range(r.randint(1, 4)):
                op = r.randint(0, 2)
                at = r.randint(0, max(0, len(data) - 1))
                if op == 0 and data:
                    data[at] = r.randint(0, 255)
                elif op == 1:
                    del data[at:at + r.randint(1, 8)]
                else:
                    data[at:at] = bytes(r.randint(0, 255) for _ in range(r.randint(1, 8)))
            return bytes(data)
        if pick < 0.90:  # a poison pill in a real or ignored field
            depth = r.choice([99, 100, 101, 500, 999, 1000, 5000, 50_000])
            pill = r.choice([
                "[" * depth + "]" * depth, '{"a":' * depth + "0" + "}" * depth,
                "1" * r.choice([4300, 4301, 10_000]), '"\\ud800"', '"a\\udfffb"', '"\\udbff\\udbff"',
                '"' + "i" * r.choice([300, 70_000, 2_000_000 if r.random() < 0.002 else 300]) + '"',
            ])
            field = r.choice(["id", "x", "text", "settings", "result", "page", "session", "type"])
            base = json.dumps({k: v for k, v in self.valid().items() if k != field})
            return (base[:-1] + ("," if len(base) > 2 else "") + f'"{field}":{pill}}}').encode()
        if pick < 0.97:
            return bytes(r.randint(0, 255) for _ in range(r.randint(0, 40)))
        return json.dumps(self.value()).encode()


class Host:
    def __init__(self, home: str) -> None:
        env = {**os.environ, "TABMATE_HOME": home}
        env.pop("TABMATE_AGENT", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "native_host"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.pongs: queue.Queue[str] = queue.Queue()
        self.oversize = self.not_json = self.internal = 0
        self.caught: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._errs, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            head = out.read(4)
            if len(head) < 4:
                self.pongs.put("<eof>")
                return
            (n,) = H.unpack(head)
            body = out.read(n)
            if n > framing.MAX_OUT:
                self.oversize += 1
            try:
                msg = json.loads(body)
            except ValueError:
                self.not_json += 1
                continue
            if msg.get("type") == "pong" and str(msg.get("id", "")).startswith("batch-"):
                self.pongs.put(msg["id"])
            elif msg.get("type") == "error" and msg.get("code") == "internal":
                self.internal += 1

    def _errs(self) -> None:
        for line in self.proc.stderr:
            text = line.decode("utf-8", "replace")
            if '"level": "error"' in text or "Traceback" in text:
                self.caught.append(text[:300])

    def send(self, payloads: list[bytes]) -> None:
        self.proc.stdin.write(b"".join(H.pack(len(p)) + p for p in payloads))
        self.proc.stdin.flush()

    def close(self) -> None:
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    gen = Gen(args.seed)
    home = tempfile.mkdtemp(prefix="tabmate-fuzz-")
    # valid chats meet a closed loopback port: refused at once, no waiting on a real server
    Path(home, "config").mkdir(parents=True)
    Path(home, "config", "settings.json").write_text(json.dumps({"provider": "ollama", "base_url": "http://127.0.0.1:9"}))
    crashes = hangs = sent = 0
    oversize = not_json = internal = 0
    caught: list[str] = []
    parse_s = 0.0
    host = Host(home)
    t0 = time.perf_counter()
    batch_no = 0
    while sent < args.inputs:
        batch = [gen.frame() for _ in range(min(BATCH, args.inputs - sent))]
        t1 = time.perf_counter()
        for p in batch:
            try:
                protocol.parse_message(p)
            except protocol.BadMessage:
                pass
        parse_s += time.perf_counter() - t1
        batch_no += 1
        tag = f"batch-{batch_no}"
        try:
            host.send(batch + [json.dumps({"type": "ping", "id": tag}).encode()])
            got = host.pongs.get(timeout=30)
        except (BrokenPipeError, OSError):
            got = "<eof>"
        except queue.Empty:
            got = None
        sent += len(batch)
        if got != tag:
            if got is None:
                hangs += 1
            else:
                crashes += 1
            keep = Path(home, f"failing-{tag}.bin")
            keep.write_bytes(b"".join(H.pack(len(p)) + p for p in batch))
            print(f"  {'hang' if got is None else 'crash'} in {tag}; frames kept in {keep}", flush=True)
            host.proc.kill()
            host.close()
            oversize, not_json, internal = oversize + host.oversize, not_json + host.not_json, internal + host.internal
            caught += host.caught
            host = Host(home)
    host.close()
    elapsed = time.perf_counter() - t0
    oversize, not_json, internal = oversize + host.oversize, not_json + host.not_json, internal + host.internal
    caught += host.caught
    print(f"fuzz: {sent:,} generated frames (seed {args.seed}) in {elapsed:.1f} s — "
          f"{sent / elapsed:,.0f} frames/s through the host; reference parse_message in-process "
          f"{sent / parse_s:,.0f} frames/s")
    print(f"crashes/hangs: {crashes}/{hangs}")
    print(f"frames over 1 MiB: {oversize}; frames not JSON: {not_json}; 'internal' errors: {internal}; "
          f"errors the host caught and logged: {len(caught)}")
    for line in caught[:5]:
        print("  ", line.strip())
    return 1 if crashes or hangs or oversize or not_json else 0


if __name__ == "__main__":
    sys.exit(main())
