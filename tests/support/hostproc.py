"""Run the host as a real subprocess and talk frames to it over its real pipes.

    with HostProcess(home=tmp_path) as host:
        host.send({"type": "ping", "id": "1"})
        assert host.recv()["type"] == "pong"
"""

from __future__ import annotations

import json
import os
import queue
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

HEADER = struct.Struct("=I")


class HostProcess:
    def __init__(
        self,
        home: Path,
        env: dict[str, str] | None = None,
        argv: list[str] | None = None,
        cwd: Path | None = None,
    ) -> None:
        full_env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
        full_env.update({"TABMATE_HOME": str(home), "PYTHONUNBUFFERED": "1"})
        full_env.update(env or {})
        self.proc = subprocess.Popen(
            argv or [sys.executable, "-m", "native_host"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=full_env, cwd=cwd,
        )
        self.frames: queue.Queue[dict[str, Any] | Exception | None] = queue.Queue()
        self.raw_sizes: list[int] = []  # byte size of every frame received
        self.stderr_lines: list[str] = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    # -------------------------------------------------------------- reading
    def _read_stdout(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            header = out.read(4)
            if not header:
                self.frames.put(None)
                return
            if len(header) < 4:
                self.frames.put(AssertionError(f"stdout ended inside a frame header: {header!r}"))
                return
            (size,) = HEADER.unpack(header)
            body = out.read(size)
            self.raw_sizes.append(size)
            try:
                self.frames.put(json.loads(body.decode("utf-8")))
            except Exception as e:  # a corrupted channel is a test failure, not a hang
                self.frames.put(AssertionError(f"host wrote a non-JSON frame ({size} bytes): {body[:80]!r} ({e})"))

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_lines.append(line.decode("utf-8", "replace"))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        try:
            item = self.frames.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no frame from host within {timeout} s; stderr: {self.stderr()[-2000:]}") from None
        if item is None:
            raise AssertionError(f"host closed stdout; stderr: {self.stderr()[-2000:]}")
        if isinstance(item, Exception):
            raise item
        return item

    def recv_until(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20.0
    ) -> list[dict[str, Any]]:
        """Receive frames until one matches ``pred``; return all of them, the match last."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.05, deadline - time.monotonic()))
            got.append(msg)
            if pred(msg):
                return got

    def stderr(self) -> str:
        return "".join(self.stderr_lines)

    # -------------------------------------------------------------- writing
    def send(self, message: dict[str, Any]) -> None:
        self.send_raw(json.dumps(message).encode("utf-8"))

    def send_raw(self, payload: bytes, header: bytes | None = None) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((header if header is not None else HEADER.pack(len(payload))) + payload)
        self.proc.stdin.flush()

    def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        self.send(message)
        return self.recv(timeout)

    def close_stdin(self) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass

    def wait(self, timeout: float = 5.0) -> int:
        return self.proc.wait(timeout)

    def __enter__(self) -> "HostProcess":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close_stdin()
        try:
            self.proc.wait(3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
