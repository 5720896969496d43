"""A minimal WebDriver BiDi client for Firefox (no geckodriver): enough to install a
temporary add-on, navigate, evaluate script in a context and take screenshots."""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import subprocess
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class BiDiError(AssertionError):
    pass


class Firefox:
    """``firefox --headless --remote-debugging-port`` with its own profile and HOME."""

    def __init__(self, binary: str, profile: Path, env: dict[str, str], log: Path,
                 prefs: dict[str, Any] | None = None) -> None:
        self.port = free_port()
        profile.mkdir(parents=True, exist_ok=True)
        (profile / "user.js").write_text(
            'user_pref("app.update.enabled", false);\n'
            'user_pref("browser.shell.checkDefaultBrowser", false);\n'
            'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
            'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);\n'
            'user_pref("browser.startup.homepage_override.mstone", "ignore");\n'
            + "".join(f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in (prefs or {}).items())
        )
        self.log = log
        self._log_file = open(log, "w")
        self.proc = subprocess.Popen(
            [binary, "--headless", "--profile", str(profile), "--no-remote",
             "--remote-debugging-port", str(self.port), "--remote-allow-system-access"],
            env=env, stdout=subprocess.DEVNULL, stderr=self._log_file,
        )
        self.ws: Any = None
        self._n = 0
        self.events: list[dict[str, Any]] = []  # BiDi events seen while waiting for replies

    async def start(self, timeout: float = 30.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                self.ws = await websockets.connect(f"ws://127.0.0.1:{self.port}/session", max_size=None)
                break
            except OSError:
                if loop.time() > deadline or self.proc.poll() is not None:
                    raise BiDiError(f"Firefox's BiDi endpoint did not come up; log: {self.log.read_text()[-2000:]}")
                await asyncio.sleep(0.2)
        # a file picker opened by a page is left to the client (input.fileDialogOpened + input.setFiles)
        await self.cmd("session.new", {"capabilities": {"alwaysMatch": {"unhandledPromptBehavior": {"file": "ignore"}}}})

    async def cmd(self, method: str, params: dict[str, Any], timeout: float = 30.0) -> dict[str, Any]:
        self._n += 1
        my = self._n
        await self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        async with asyncio.timeout(timeout):
            while True:
                reply = json.loads(await self.ws.recv())
                if "method" in reply and "id" not in reply:
                    self.events.append(reply)
                    if reply["method"] == "browsingContext.userPromptOpened":  # dismiss, as Playwright does
                        self._n += 1
                        await self.ws.send(json.dumps({"id": self._n, "method": "browsingContext.handleUserPrompt",
                                                       "params": {"context": reply["params"]["context"], "accept": False}}))
                    continue
                if reply.get("id") == my:
                    if reply.get("type") == "error":
                        raise BiDiError(f"{method}: {reply.get('error')}: {reply.get('message')}")
                    return reply["result"]

    async def contexts(self) -> list[dict[str, Any]]:
        return (await self.cmd("browsingContext.getTree", {}))["contexts"]

    async def context_with(self, prefix: str, timeout: float = 15.0) -> str:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            for c in await self.contexts():
                if c["url"].startswith(prefix):
                    return c["context"]
            await asyncio.sleep(0.2)
        raise BiDiError(f"no browsing context at {prefix}")

    async def evaluate(self, context: str, expression: str) -> Any:
        res = await self.cmd("script.evaluate", {
            "expression": expression, "target": {"context": context}, "awaitPromise": True,
            "resultOwnership": "none", "serializationOptions": {"maxDomDepth": 0}})
        if res.get("type") == "exception":
            raise BiDiError(f"script error: {res['exceptionDetails'].get('text')}")
        return _value(res["result"])

    async def wait_for(self, context: str, expression: str, timeout: float = 20.0) -> Any:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = await self.evaluate(context, expression)
            if value:
                return value
            if loop.time() > deadline:
                raise BiDiError(f"timed out waiting for {expression}")
            await asyncio.sleep(0.2)

    async def pointer(self, context: str, actions: list[dict[str, Any]]) -> None:
        """Real (trusted) mouse input."""
        await self.cmd("input.performActions", {"context": context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": actions}]})

    async def click_at(self, context: str, x: float, y: float) -> None:
        """A real (trusted) mouse click at viewport coordinates."""
        await self.pointer(context, [{"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport"},
                                     {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}])

    async def keys(self, context: str, actions: list[dict[str, Any]]) -> None:
        """Real (trusted) key input to whatever has the focus in the context."""
        await self.cmd("input.performActions", {"context": context, "actions": [
            {"type": "key", "id": "keyboard", "actions": actions}]})

    async def screenshot(self, context: str, path: Path) -> None:
        res = await self.cmd("browsingContext.captureScreenshot", {"context": context})
        path.write_bytes(base64.b64decode(res["data"]))

    async def close(self) -> None:
        try:
            if self.ws is not None:
                await self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self._log_file.close()


def _value(remote: dict[str, Any]) -> Any:
    kind = remote.get("type")
    if kind in ("string", "number", "boolean"):
        return remote["value"]
    if kind in ("null", "undefined"):
        return None
    if kind == "array":
        return [_value(v) for v in remote.get("value", [])]
    if kind == "object":
        return {k: _value(v) for k, v in remote.get("value", [])}
    return remote
