"""Firefox ESR's side of the browser-neutral e2e driver (tests/e2e/driver.py): the same views
and session, over WebDriver BiDi (tests/e2e/bidi.py, no geckodriver)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
from pathlib import Path
from typing import Any

from tests.e2e.conftest import assert_png, screenshot_path, tabmate
from tests.e2e.driver import EXTENSION_ID, OLD_BACKGROUND, answered, firefox_test_build, tid

# WebDriver's key codes for the keys the flows press (anything else is sent as typed)
KEYS = {"Enter": "\ue007", "ArrowUp": "\ue013", "ArrowDown": "\ue015", "Escape": "\ue00c",
        "Backspace": "\ue003", "Tab": "\ue004"}


# pdf.js reads the driver's #tabmate-e2e-sidebar (on the tab that asks for a PDF's sidebar) as a
# named destination in the document and logs that it has none: the driver's doing, not Tabmate's
ASK_ARTEFACT = 'for dest="tabmate-e2e-sidebar"'


class FxView:
    def __init__(self, session: "FxSession", context: str, url: str) -> None:
        self.session, self.ctx, self._url = session, context, url
        self.fx = session.fx

    @property
    def url(self) -> str:
        return self._url

    def _run(self, coro: Any) -> Any:
        return self.session.run(coro)

    def eval(self, js: str) -> Any:
        return self._run(self.fx.evaluate(self.ctx, js))

    def _on(self, css: str, body: str, last: bool = False) -> Any:
        pick = f"[...document.querySelectorAll({json.dumps(css)})].pop()" if last else \
            f"document.querySelector({json.dumps(css)})"
        return self.eval(f"((e) => {{ if (!e) throw new Error('no element ' + {json.dumps(css)}); return {body}; }})({pick})")

    def text(self, css: str) -> str:
        return self._on(css, "e.innerText", last=True)

    def count(self, css: str) -> int:
        return self.eval(f"document.querySelectorAll({json.dumps(css)}).length")

    def attr(self, css: str, name: str) -> str | None:
        return self._on(css, f"e.getAttribute({json.dumps(name)})")

    def value(self, css: str) -> str:
        return self._on(css, "e.value")

    def click(self, testid: str) -> None:
        self.click_css(tid(testid))

    def front(self) -> None:
        # a person clicks in the tab in front: pointer input goes to the active tab only. A tab
        # already in front is left alone: with an unconditional activate, two full runs each lost
        # one click in the sidebar tab (which was already in front).
        if self.eval("document.visibilityState") != "visible":
            self._run(self.fx.cmd("browsingContext.activate", {"context": self.ctx}))
            self.wait_for("document.visibilityState === 'visible' || null")

    def _centre(self, css: str, nth: int, watch: bool = False) -> list[int]:
        """Like Playwright: once visible and enabled, it stays put for two frames (a panel still
        filling in moves it) and the point is not covered by another element; in the tab in front.
        ``watch`` notes where the next click lands (see click_css)."""
        self.front()
        return self.wait_for(f"""(async (e) => {{
            if (!e || !e.checkVisibility() || e.matches(':disabled')) return null;
            e.scrollIntoView({{block: 'center', inline: 'center'}});
            const a = e.getBoundingClientRect();
            await new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)));
            const r = e.getBoundingClientRect();
            if (!e.isConnected || r.left !== a.left || r.top !== a.top || r.width !== a.width || r.height !== a.height) return null;
            const x = Math.trunc(r.left + r.width / 2), y = Math.trunc(r.top + r.height / 2);
            const hit = document.elementFromPoint(x, y);
            if (!hit || !(hit === e || e.contains(hit))) return null;
            if ({json.dumps(watch)}) {{
                window.__tabmateClick = null;
                document.addEventListener('click', (ev) => {{
                    const t = ev.target;
                    window.__tabmateClick = t === e || e.contains(t) ? 'ok'
                        : `${{t.tagName}}${{t.id ? '#' + t.id : ''}} "${{(t.innerText ?? '').slice(0, 60)}}"`;
                }}, {{capture: true, once: true}});
            }}
            return [x, y]; }})(document.querySelectorAll({json.dumps(css)})[{nth}])""")

    def click_css(self, css: str, nth: int = 0) -> None:
        """A real mouse click at the element's centre. A click that reaches no element (the page
        moved between the press and the release) is made again; one that lands on another
        element fails here, naming it, instead of as a later wait that times out."""
        for _ in range(2):
            self._run(self.fx.click_at(self.ctx, *self._centre(css, nth, watch=True)))
            try:  # undefined: the click navigated away; null: no click event yet
                landed = self.wait_for("window.__tabmateClick === undefined ? 'gone' : window.__tabmateClick", 3.0)
            except AssertionError:
                continue
            if landed in ("ok", "gone"):
                return
            raise AssertionError(f"the click meant for {css} landed on {landed}")
        raise AssertionError(f"two clicks on {css} reached no element")

    def hover_css(self, css: str, nth: int = 0) -> None:
        self._run(self.fx.pointer(self.ctx, [{"type": "pointerMove", "x": int(x), "y": int(y), "origin": "viewport"}
                                             for x, y in [self._centre(css, nth)]]))

    def check_css(self, css: str, nth: int = 0) -> None:
        if not self.eval(f"document.querySelectorAll({json.dumps(css)})[{nth}]?.checked"):
            self.click_css(css, nth)
        self.wait_for(f"document.querySelectorAll({json.dumps(css)})[{nth}]?.checked || null")

    def uncheck_css(self, css: str, nth: int = 0) -> None:
        if self.eval(f"document.querySelectorAll({json.dumps(css)})[{nth}]?.checked"):
            self.click_css(css, nth)
        self.wait_for(f"!document.querySelectorAll({json.dumps(css)})[{nth}]?.checked || null")

    def clipboard(self) -> str:
        """What the system clipboard holds now (read from the browser's own window)."""
        return self.session.privileged("navigator.clipboard.readText()")

    def texts(self, css: str) -> list[str]:
        return self.eval(f"[...document.querySelectorAll({json.dumps(css)})].map((e) => e.innerText)")

    def press_key(self, key: str) -> None:
        """A real key press wherever the focus is."""
        self.front()
        value = KEYS.get(key, key)
        self._run(self.fx.keys(self.ctx, [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]))

    def _focus(self, testid: str) -> None:
        self.front()
        self.wait(tid(testid))
        self._on(tid(testid), "(e.focus(), true)")

    def type(self, testid: str, text: str) -> None:
        """Real key presses, one character at a time, into the element (like Playwright's)."""
        self._focus(testid)
        self._run(self.fx.keys(self.ctx, [{"type": t, "value": c} for c in text for t in ("keyDown", "keyUp")]))

    def press(self, testid: str, key: str) -> None:
        self._focus(testid)
        self.press_key(key)

    def close(self) -> None:
        self._run(self.fx.cmd("browsingContext.close", {"context": self.ctx}))

    def upload(self, testid: str, path: Path) -> None:
        """Click, then give the file to the <input type=file> whose picker opened (BiDi's
        input.fileDialogOpened names it, even one the page never put in the document)."""
        if self.url.startswith("moz-extension://"):
            return self._upload_in_extension_page(testid, path)
        seen = len(self.fx.events)
        self.click(testid)

        async def picker() -> dict[str, Any]:
            for _ in range(100):
                await self.fx.cmd("browsingContext.getTree", {"maxDepth": 0})  # takes in pending events
                for ev in self.fx.events[seen:]:
                    if ev["method"] == "input.fileDialogOpened":
                        return ev["params"]
                await asyncio.sleep(0.1)
            raise AssertionError("no file picker opened")

        opened = self._run(picker())
        self._run(self.fx.cmd("input.setFiles", {"context": opened["context"], "element": opened["element"],
                                                 "files": [str(path)]}))

    def _upload_in_extension_page(self, testid: str, path: Path) -> None:
        # Firefox sends no input.fileDialogOpened for a picker an extension page opens (a web
        # page's is reported), so there the picker's part is played in the page: the next file
        # input clicked gets the file, with the input and change events a pick fires
        data = base64.b64encode(path.read_bytes()).decode()
        self.eval(f"""(() => {{
            const click = HTMLInputElement.prototype.click;
            HTMLInputElement.prototype.click = function () {{
                if (this.type !== "file") return click.call(this);
                HTMLInputElement.prototype.click = click;
                const picked = new DataTransfer();
                picked.items.add(new File([Uint8Array.from(atob("{data}"), (c) => c.charCodeAt(0))], {json.dumps(path.name)}));
                this.files = picked.files;
                this.dispatchEvent(new Event("input", {{bubbles: true}}));
                this.dispatchEvent(new Event("change", {{bubbles: true}}));
            }};
            return true; }})()""")
        self.click(testid)

    def download(self, css: str, nth: int = 0) -> Path:
        """Click, then the file Firefox saved (the profile saves into one folder without asking)."""
        folder = self.session.downloads
        before = set(folder.iterdir())
        self.click_css(css, nth)

        async def saved() -> Path:
            # until a new file is there and nothing is still being written: 30 s, as Playwright waits
            # for Chromium's and longer than the 15 s the sidebar allows an export's request to the
            # helper (on a loaded CI machine a Firefox export once took longer than 15 s)
            for _ in range(300):
                files = set(folder.iterdir())
                new = [f for f in files - before if not f.name.endswith(".part")]
                if new and not any(f.name.endswith(".part") for f in files) and new[0].stat().st_size:
                    return new[0]
                await asyncio.sleep(0.1)
            raise AssertionError(f"no download appeared in {folder}")

        return self._run(saved())

    def fill(self, testid: str, text: str) -> None:
        # like Playwright, only once it is visible and editable (a disabled fieldset included)
        self.wait_for(f"((e) => e?.checkVisibility() && !e.matches(':disabled') && !e.readOnly || null)"
                      f"(document.querySelector({json.dumps(tid(testid))}))")
        self._on(tid(testid), f"(e.focus(), e.value = {json.dumps(text)}, "
                 "e.dispatchEvent(new Event('input', {bubbles: true})), "
                 "e.dispatchEvent(new Event('change', {bubbles: true})), true)")

    def select(self, testid: str, value: str) -> None:
        self.fill(testid, value)

    def wait(self, css: str, timeout: float = 15.0) -> None:
        self.wait_for(f"document.querySelector({json.dumps(css)})?.checkVisibility() || null", timeout)

    def wait_for(self, js: str, timeout: float = 15.0) -> Any:
        try:
            return self._run(self.fx.wait_for(self.ctx, js, timeout))
        except AssertionError as e:
            shown = self.eval("document.body?.innerText ?? ''")
            if len(shown) > 8000:  # the start (a form's head) and the end (the newest output)
                shown = f"{shown[:4000]}\n[…]\n{shown[-4000:]}"
            raise AssertionError(f"{e}\nFirefox shows:\n{shown}") from None

    def pause(self, seconds: float) -> None:
        self._run(asyncio.sleep(seconds))

    def wait_idle(self, timeout: float = 15.0) -> None:
        self.wait(tid("send"), timeout)

    def wait_answered(self, count: int = 1, timeout: float = 15.0) -> None:
        self.wait_for(answered(count), timeout)

    def shot(self, name: str) -> None:
        path = screenshot_path(f"firefox-{name}")
        self._run(self.fx.screenshot(self.ctx, path))
        assert_png(path)

    def reopen(self) -> "FxView":
        """Close the sidebar and open it again at the same address (a new tab, as a person would)."""
        before = self.session.context_ids()
        self.eval("(async () => { await browser.tabs.create({url: location.href}); return true; })()")
        self._run(self.fx.cmd("browsingContext.close", {"context": self.ctx}))
        return self.session.new_sidebar(before, self._url)


class FxSession:
    name = "firefox"

    def __init__(self, fx: Any, loop: asyncio.AbstractEventLoop, site: str) -> None:
        self.fx, self.loop, self.site = fx, loop, site
        self._first_page: str | None = None
        self.downloads = Path()

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    @property
    def problems(self) -> list[str]:
        self.run(self.fx.cmd("browsingContext.getTree", {"maxDepth": 0}))  # takes in pending events
        out = []
        for ev in self.fx.events:
            p = ev["params"]
            if ev["method"] == "log.entryAdded" and p.get("level") == "error" \
                    and ASK_ARTEFACT not in (p.get("text") or ""):
                out.append(f"{p.get('type')}: {p.get('text')}")
        return out

    @property
    def dialogs(self) -> list[str]:
        return [f"{e['params'].get('type')}: {e['params'].get('message')}" for e in self.fx.events
                if e["method"] == "browsingContext.userPromptOpened"]

    def allow_clipboard(self) -> None:
        pass  # extension pages may write it; the driver reads it from the browser's own window

    def privileged(self, js: str) -> Any:
        """JS in the browser's own (chrome) window: Firefox runs with --remote-allow-system-access."""
        tree = self.run(self.fx.cmd("browsingContext.getTree", {"moz:scope": "chrome"}))
        return self.run(self.fx.evaluate(tree["contexts"][0]["context"], js))

    def in_background(self, js: str) -> Any:
        """Run from an open extension page, which reaches the event page (waking it) as `bg`."""
        page = next(c["context"] for c in self.run(self.fx.contexts()) if c["url"].startswith("moz-extension://"))
        return self.run(self.fx.evaluate(page, f"(async () => {{ const bg = await browser.runtime.getBackgroundPage(); return {js}; }})()"))

    def stop_background(self) -> None:
        # what Firefox does to an idle event page (and about:debugging's "Terminate background
        # script"); Firefox keeps an event page with an open native port alive (an idle reset
        # "nativeapp"), and Tabmate's is open, so the test forces it as Chromium's CDP call does.
        # background_is_fresh() proves it went (an open sidebar wakes a new one at once).
        self.in_background(f"(bg.{OLD_BACKGROUND} = true)")
        self.privileged(f"""(async (x) => {{
            await x.terminateBackground({{ignoreDevToolsAttached: true, disableResetIdleForTest: true}});
            return true; }})(WebExtensionPolicy.getByID({json.dumps(EXTENSION_ID)}).extension)""")

    def background_is_fresh(self) -> bool:
        return self.in_background(f"bg.{OLD_BACKGROUND} === undefined")

    def context_ids(self) -> set[str]:
        return {c["context"] for c in self.run(self.fx.contexts())}

    def open_page(self, path: str = "/article") -> FxView:
        if self._first_page is None:
            ctx = self._first_page = self.run(self.fx.contexts())[0]["context"]
        else:
            ctx = self.run(self.fx.cmd("browsingContext.create", {"type": "tab"}))["context"]
        url = path if "://" in path else self.site + path
        self.run(self.fx.cmd("browsingContext.navigate", {"context": ctx, "url": url, "wait": "complete"}))
        return FxView(self, ctx, url)

    def open_sidebar(self, page: FxView) -> FxView:
        before = self.context_ids()
        ask = self.run(self.fx.cmd("browsingContext.create", {"type": "tab"}))["context"]
        before.add(ask)
        self.run(self.fx.cmd("browsingContext.navigate", {"context": ask, "url": page.url + "#tabmate-e2e-sidebar",
                                                          "wait": "complete"}))
        return self.new_sidebar(before, None)

    def new_sidebar(self, before: set[str], url: str | None) -> FxView:
        async def find() -> tuple[str, str]:
            for _ in range(100):
                for c in await self.fx.contexts():
                    if c["context"] not in before and c["url"].startswith("moz-extension://"):
                        return c["context"], c["url"]
                await asyncio.sleep(0.15)
            raise AssertionError("the sidebar page did not open in Firefox")

        ctx, found = self.run(find())
        self.run(self.fx.cmd("browsingContext.setViewport", {"context": ctx, "viewport": {"width": 400, "height": 720}}))
        view = FxView(self, ctx, url or found)
        view.wait_for("document.body?.dataset.ready === 'true'")
        view._url = view.eval("location.href")
        return view


def start_firefox(binary: str, ext_src: Path, site: str, tmp: Path, tabmate_home: Path,
                  install: bool = True, color_scheme: str = "light") -> FxSession:
    """Firefox ESR with its own HOME (the host registered there by `tabmate install`) and the
    extension installed as a temporary add-on; close it with close_firefox()."""
    from tests.e2e.bidi import Firefox

    home = tmp / "home"
    home.mkdir(exist_ok=True)
    env = {**os.environ, "HOME": str(home), "TABMATE_HOME": str(tabmate_home), "MOZ_HEADLESS": "1"}
    if install:
        tabmate("install", "--browser", "firefox", env=env)
        assert (home / ".mozilla" / "native-messaging-hosts" / "tabmate_host.json").exists()
    ext = firefox_test_build(ext_src, tmp / "ext-firefox")
    downloads = tmp / "downloads"
    downloads.mkdir()
    # downloads go into one folder without asking (as Playwright's do)
    prefs: dict[str, Any] = {"browser.download.folderList": 2, "browser.download.dir": str(downloads),
                             "browser.download.useDownloadDir": True, "browser.download.alwaysOpenPanel": False,
                             "browser.download.always_ask_before_handling_new_types": False}
    if color_scheme == "dark":
        prefs |= {"ui.systemUsesDarkTheme": 1, "layout.css.prefers-color-scheme.content-override": 0}
    loop = asyncio.new_event_loop()
    fx = Firefox(binary, tmp / "profile", env, tmp / "firefox.log", prefs=prefs)
    session = FxSession(fx, loop, site)
    session.downloads = downloads
    try:
        session.run(fx.start())
        session.run(fx.cmd("session.subscribe", {"events": ["log.entryAdded", "browsingContext.userPromptOpened",
                                                            "input.fileDialogOpened"]}))
        installed = session.run(fx.cmd("webExtension.install", {"extensionData": {"type": "path", "path": str(ext)}}))
        assert installed["extension"] == EXTENSION_ID
    except BaseException:
        close_firefox(session)
        raise
    return session


def close_firefox(session: FxSession) -> None:
    try:
        session.run(session.fx.close())
    finally:
        session.loop.close()

