"""Start the launcher exactly as a browser does and ask it for a ``pong``.

Chromium: argv[1] = ``chrome-extension://<id>/``; Firefox: argv[1] = manifest path,
argv[2] = add-on id.  Working directory = the launcher's folder; a desktop's minimal PATH.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

from installer.extension_key import CHROMIUM_ORIGIN, FIREFOX_ID

HEADER = struct.Struct("=I")
MINIMAL_PATH = "/usr/bin:/bin"
TIMEOUT = 15.0


@dataclass
class PingResult:
    ok: bool
    detail: str


def browser_argv(launcher: Path, family: str, manifest: Path) -> list[str]:
    if family == "chromium":
        return [str(launcher), CHROMIUM_ORIGIN]
    return [str(launcher), str(manifest), FIREFOX_ID]


def browser_env(environ: dict[str, str]) -> dict[str, str]:
    """What a browser started from a desktop passes on: little more than HOME and a short PATH."""
    if os.name == "nt":
        return dict(environ)
    keep = ("HOME", "USER", "LANG", "TABMATE_HOME", "DISPLAY", "XDG_RUNTIME_DIR")
    env = {k: environ[k] for k in keep if k in environ}
    env["PATH"] = MINIMAL_PATH
    return env


def ping(argv: list[str], env: dict[str, str], timeout: float = TIMEOUT) -> PingResult:
    payload = json.dumps({"type": "ping", "id": "doctor"}).encode("utf-8")
    try:
        proc = subprocess.Popen(argv, cwd=str(Path(argv[0]).parent), env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        return PingResult(False, f"could not start it: {e.strerror or e}")
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    try:
        out, err = proc.communicate(HEADER.pack(len(payload)) + payload)
    finally:
        timer.cancel()
    return _judge(out, err, proc.returncode, timeout)


def _judge(out: bytes, err: bytes, code: int, timeout: float) -> PingResult:
    tail = _last_line(err)
    if len(out) < HEADER.size:
        if code is not None and code < 0:
            return PingResult(False, f"no answer within {timeout:.0f} s")
        return PingResult(False, f"the host exited (code {code}) without answering" + (f": {tail}" if tail else ""))
    (size,) = HEADER.unpack(out[:4])
    try:
        reply = json.loads(out[4:4 + size].decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return PingResult(False, f"the host wrote something that is not a frame: {out[:40]!r}")
    if reply.get("type") == "pong" and reply.get("id") == "doctor":
        return PingResult(True, f"pong (version {reply.get('version')}, protocol {reply.get('protocol')})")
    return PingResult(False, f"unexpected reply {reply!r}")


def _last_line(err: bytes) -> str:
    lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
    return lines[-1].strip()[:300] if lines else ""
