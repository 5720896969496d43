"""Fixtures for the browser tests: the built extension, a local site, the real host
registered by `tabmate install`, a loopback fake provider, and a Chromium with the
extension loaded (Playwright, Debian's chromium — never a downloaded browser)."""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tests.conftest import need
from tests.e2e.site import loopback_server, site_route
from tests.support.fake_provider import FakeProvider, Recorded, Reply, json_reply, sse_reply

REPO = Path(__file__).resolve().parents[2]
DOCS_SCREENSHOTS = REPO / "docs" / "screenshots"
# The README shows docs/screenshots; the e2e run rewrites them only when asked (CI, or
# TABMATE_SCREENSHOTS=1 to refresh them), so a developer's run leaves the tree clean.
SAVE_TO_DOCS = os.environ.get("TABMATE_SCREENSHOTS") == "1" or os.environ.get("CI") == "true"
CHROMIUM = next((p for p in (os.environ.get("TABMATE_CHROMIUM"), shutil.which("chromium"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)
FIREFOX = next((p for p in (os.environ.get("TABMATE_FIREFOX"), shutil.which("firefox-esr"),
                            "/usr/bin/firefox-esr") if p and Path(p).exists()), None)
API_KEY = "sk-test"


# ------------------------------------------------------------------ the extension
@pytest.fixture(scope="session")
def extension_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    sys.path.insert(0, str(REPO / "extension"))
    try:
        import build as ext_build  # extension/build.py
    finally:
        sys.path.pop(0)
    return ext_build.build(tmp_path_factory.mktemp("ext"))


def tabmate_cmd() -> list[str]:
    script = Path(sys.executable).parent / "tabmate"
    if script.exists():
        return [str(script)]
    found = shutil.which("tabmate")
    if found:
        return [found]
    return [sys.executable, "-c", "import sys; from native_host.cli import main; sys.exit(main())"]


def tabmate(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, **(env or {})}
    res = subprocess.run([*tabmate_cmd(), *args], capture_output=True, text=True, env=full, timeout=60)
    assert res.returncode == 0, f"tabmate {' '.join(args)} failed: {res.stdout}\n{res.stderr}"
    return res


# ------------------------------------------------------------------ a local web site (tests/e2e/site.py)
@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    with loopback_server(site_route) as url:
        yield url


# ------------------------------------------------------------------ fake provider helpers
def text_events(text: str, pieces: int = 4) -> list[dict[str, Any]]:
    size = max(1, len(text) // pieces + 1)
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    events: list[dict[str, Any]] = [{"choices": [{"index": 0, "delta": {"role": "assistant", "content": c}, "finish_reason": None}]} for c in chunks]
    events.append({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return events


def text_reply(text: str, pieces: int = 4, delay: float = 0.0) -> Reply:
    return sse_reply(text_events(text, pieces), delay=delay, path="/chat/completions")


def tool_reply(name: str, args: dict[str, Any], call_id: str = "call_1") -> Reply:
    events = [
        {"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": call_id, "type": "function",
                     "function": {"name": name, "arguments": json.dumps(args)}}]}, "finish_reason": None}]},
        {"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
    ]
    return sse_reply(events, path="/chat/completions")


def auth_checking_default(rec: Recorded) -> Reply:
    """What the fake answers when nothing is queued: a short 'ok', or 401 for a wrong key."""
    if rec.headers.get("authorization") != f"Bearer {API_KEY}":
        return json_reply({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error",
                                     "code": "invalid_api_key"}}, status=401)
    if rec.path.split("?")[0].endswith("/models"):
        return json_reply({"object": "list", "data": [{"id": "m", "object": "model"}, {"id": "m-large", "object": "model"}]})
    return sse_reply(text_events("ok", 1))


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with FakeProvider() as f:
        f.default = auth_checking_default
        yield f


def configure(fake: FakeProvider, **extra: Any) -> None:
    """Point the host's settings (in this test's TABMATE_HOME) at the fake provider."""
    from native_host.settings import SettingsStore

    SettingsStore().update({"provider": "openai_compatible", "base_url": fake.url + "/v1", "model": "m",
                            "api_key": API_KEY, **extra})


# ------------------------------------------------------------------ Chromium with the extension
@dataclass
class Browser:
    context: Any
    ext_id: str
    site: str
    profile: Path
    problems: list[str] = field(default_factory=list)  # console errors, page errors, dialogs
    dialogs: list[str] = field(default_factory=list)

    def watch(self, page: Any) -> Any:
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))

        def on_dialog(d: Any) -> None:
            self.dialogs.append(f"{d.type}: {d.message}")
            d.dismiss()

        page.on("dialog", on_dialog)
        return page

    def open_page(self, path: str = "/article") -> Any:
        """A new tab on ``path`` of the local site, or on a full URL (another loopback server, file://)."""
        page = self.watch(self.context.new_page())
        page.goto(path if "://" in path else self.site + path)
        return page

    def tab_id(self, where: Any, url: str) -> int:
        return where.evaluate("""async (url) => {
            const tabs = await chrome.tabs.query({});
            const t = tabs.find((t) => t.url === url);
            return t ? t.id : null; }""", url)

    def open_sidebar(self, page: Any, width: int = 400, height: int = 720) -> Any:
        """The side panel's page in a tab of its own, pinned to ``page``'s tab (?tab=ID), loaded
        once (a notice the helper sends the first sidebar is shown there). The tab's id comes from
        the service worker, or, while it is stopped, from a first load of the page."""
        sidebar = self.watch(self.context.new_page())
        sidebar.set_viewport_size({"width": width, "height": height})
        if self.context.service_workers:
            tab = self.tab_id(self.context.service_workers[-1], page.url)
        else:
            sidebar.goto(f"chrome-extension://{self.ext_id}/sidebar.html")
            tab = self.tab_id(sidebar, page.url)
        assert tab is not None, f"no tab for {page.url}"
        sidebar.goto(f"chrome-extension://{self.ext_id}/sidebar.html?tab={tab}")
        sidebar.wait_for_selector("body[data-ready=true]")
        return sidebar


def launch_chromium(playwright: Any, ext_dir: Path, profile: Path, color_scheme: str = "light") -> Any:
    return playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, color_scheme=color_scheme,
        args=[f"--disable-extensions-except={ext_dir}", f"--load-extension={ext_dir}", "--no-sandbox",
              "--disable-background-networking", "--disable-component-update", "--no-first-run",
              "--disable-gpu"],
    )


def pinned_extension_id(ext_dir: Path) -> str:
    """The id Chromium gives the unpacked extension: from the manifest's pinned ``key``."""
    import base64
    import hashlib

    key = json.loads((ext_dir / "manifest.json").read_text("utf-8"))["key"]
    return "".join(chr(ord("a") + int(c, 16)) for c in hashlib.sha256(base64.b64decode(key)).hexdigest()[:32])


def allow_file_access(profile: Path, ext_dir: Path, allowed: bool) -> None:
    """chrome://extensions → Details → "Allow access to file URLs", as the profile stores it."""
    prefs_file = profile / "Default" / "Preferences"
    prefs_file.parent.mkdir(parents=True, exist_ok=True)
    prefs = json.loads(prefs_file.read_text("utf-8")) if prefs_file.exists() else {}
    ext = prefs.setdefault("extensions", {}).setdefault("settings", {}).setdefault(pinned_extension_id(ext_dir), {})
    ext["newAllowFileAccess"] = allowed
    prefs_file.write_text(json.dumps(prefs), "utf-8")


def extension_id(context: Any) -> str:
    workers = context.service_workers or [context.wait_for_event("serviceworker", timeout=15000)]
    return workers[0].url.split("/")[2]


@pytest.fixture
def chromium_factory(extension_dirs: dict[str, Path], site: str, tmp_path: Path, tabmate_home: Path):
    need(CHROMIUM is not None, "chromium")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        need(False, "playwright (pip)")
        raise
    pw = sync_playwright().start()
    contexts: list[Any] = []

    def start(install: bool = True, color_scheme: str = "light", file_access: bool | None = None) -> Browser:
        """file_access: the extension's "Allow access to file URLs" switch, set in the new
        profile's Preferences before the first launch (None: Chromium's own default)."""
        profile = tmp_path / f"profile{len(contexts)}"
        profile.mkdir()
        if file_access is not None:
            allow_file_access(profile, extension_dirs["chromium"], file_access)
        if install:
            tabmate("install", "--browser", "chromium", "--user-data-dir", str(profile))
            assert (profile / "NativeMessagingHosts" / "tabmate_host.json").exists()
        ctx = launch_chromium(pw, extension_dirs["chromium"], profile, color_scheme)
        contexts.append(ctx)
        return Browser(ctx, extension_id(ctx), site, profile)

    yield start
    for ctx in contexts:
        try:
            ctx.close()
        except Exception:
            pass
    pw.stop()


@pytest.fixture
def chromium(chromium_factory: Callable[..., Browser]) -> Browser:
    return chromium_factory()


@functools.cache
def screenshot_dir() -> Path:
    """docs/screenshots under CI or TABMATE_SCREENSHOTS=1, else a temporary folder for this run."""
    if SAVE_TO_DOCS:
        DOCS_SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        return DOCS_SCREENSHOTS
    return Path(tempfile.mkdtemp(prefix="tabmate-screenshots-"))


def screenshot_path(name: str) -> Path:
    return screenshot_dir() / f"{name}.png"


def assert_png(path: Path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000, f"no screenshot at {path}"


def shot(page: Any, name: str) -> None:
    path = screenshot_path(name)
    page.screenshot(path=str(path))
    assert_png(path)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report ends with the helper's own log (secrets are never logged),
    so a flake seen once in CI says what the host was doing, not only what the page showed."""
    outcome = yield
    report = outcome.get_result()
    home = getattr(item, "funcargs", {}).get("tabmate_home")
    if report.failed and report.when == "call" and isinstance(home, Path):
        for log in sorted(home.rglob("host.log")):
            tail = log.read_text("utf-8", errors="replace").splitlines()[-40:]
            report.sections.append((f"host log {log.relative_to(home)} (last 40 lines)", "\n".join(tail)))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if screenshot_dir.cache_info().currsize and not SAVE_TO_DOCS:
        terminalreporter.write_line(f"e2e screenshots: {screenshot_dir()} "
                                    "(TABMATE_SCREENSHOTS=1 writes them to docs/screenshots)")


def answers(sidebar: Any) -> Any:
    return sidebar.locator("[data-testid=message][data-role=assistant]")


def wait_idle(sidebar: Any, timeout: float = 15000) -> None:
    """Until the chat is no longer running (Send is back)."""
    sidebar.wait_for_selector("[data-testid=send]:visible", timeout=timeout)


def first_answer(chromium: Browser, fake: FakeProvider, question: str = "hello", reply: str = "Hi.",
                 path: str = "/article", **settings: Any) -> tuple[Any, Any]:
    """(page, sidebar): the fake provider configured (with ``settings``), ``path`` open (see
    Browser.open_page) with the sidebar pinned to it, and ``question`` sent and answered with
    ``reply`` — the page's elements then carry their indexes."""
    configure(fake, **settings)
    page = chromium.open_page(path)
    sidebar = chromium.open_sidebar(page)
    fake.add(text_reply(reply))
    sidebar.get_by_test_id("chat-input").fill(question)
    sidebar.get_by_test_id("send").click()
    wait_answered(sidebar, 1)
    return page, sidebar


def answered(count: int) -> str:
    """JS: `count` answers (assistant or error) are shown and Send is back. Send alone is not
    enough: it stays visible until the background's first state arrives after a click."""
    return (f"document.querySelectorAll('[data-testid=message][data-role=assistant],"
            f"[data-testid=message][data-role=error]').length >= {count} "
            "&& document.querySelector('[data-testid=send]')?.checkVisibility() || null")


def wait_answered(sidebar: Any, count: int = 1, timeout: float = 15000) -> None:
    """Until the conversation holds `count` answers and Send is back (see answered)."""
    sidebar.wait_for_function(f"() => {answered(count)}", timeout=timeout)  # a function: the CSP forbids eval


# ------------------------------------------------------------------ either browser (tests/e2e/driver.py)
@pytest.fixture(params=["chromium", "firefox"])
def browser_factory(request: pytest.FixtureRequest, extension_dirs: dict[str, Path], site: str,
                    tmp_path: Path, tabmate_home: Path):
    """start(install=True, color_scheme="light") -> a driver session in Chromium or Firefox ESR."""
    from tests.e2e import driver, driver_firefox

    if request.param == "chromium":
        chromium_start = request.getfixturevalue("chromium_factory")
        yield lambda **kw: driver.PwSession(chromium_start(**kw))
        return
    need(FIREFOX is not None, "firefox-esr")
    need(importlib.util.find_spec("websockets") is not None, "websockets (pip)")
    sessions: list[Any] = []

    def start(install: bool = True, color_scheme: str = "light", file_access: bool | None = None) -> Any:
        # file_access is Chromium's "Allow access to file URLs": Firefox add-ons never read file://
        tmp = tmp_path / f"firefox{len(sessions)}"
        tmp.mkdir()
        s = driver_firefox.start_firefox(FIREFOX, extension_dirs["firefox"], site, tmp, tabmate_home, install, color_scheme)
        sessions.append(s)
        return s

    yield start
    for s in sessions:
        driver_firefox.close_firefox(s)


@pytest.fixture
def browser(browser_factory: Callable[..., Any]) -> Any:
    return browser_factory()
