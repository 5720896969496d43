"""A small browser-neutral driver for the e2e flows: each flow is written once and runs in
Chromium (Playwright) and Firefox ESR (WebDriver BiDi, tests/e2e/bidi.py).

    session.open_page(path) -> Page         a web page of the local site in a new tab
    session.open_sidebar(page) -> Sidebar   the sidebar's page in a tab, pinned to ``page``'s tab
    sidebar.click / fill / select(testid)   real (trusted) clicks, input events as a person makes
    sidebar.wait(css) / wait_for(js)        until a visible element / a truthy JS expression
    x.eval(js)                              a JS expression (a promise is awaited)
    sidebar.shot(name)                      a screenshot (Firefox's are named firefox-<name>)
    session.problems / session.dialogs      console errors and page errors / alerts seen
    session.stop_background()               stop the extension's background as the browser does when
                                            idle (Chromium's service worker, Firefox's event page)
    session.background_is_fresh()           the running background started after the last stop
    view.wait_answered(n)                   until n answers (or errors) are shown and Send is back

JS passed to eval/wait_for is an *expression*; use an async IIFE for several statements.
Firefox cannot navigate to moz-extension:// pages over BiDi, so its test build carries a tiny
background script (DRIVER) that opens sidebar.html for a tab when asked by a URL fragment."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Browser, assert_png, screenshot_path, shot, tabmate

# test-only background script: a tab that loads <url>#tabmate-e2e-sidebar asks for the sidebar of
# the tab showing <url> (or of itself when there is none); the asking tab is then closed
DRIVER = """// test-only: opens the sidebar page in a tab for the page that asks for it
const api = globalThis.browser;
const ASK = "#tabmate-e2e-sidebar";
api.tabs.onUpdated.addListener(async (tabId, info, tab) => {
  if (info.status !== "complete" || !(tab.url ?? "").endsWith(ASK)) return;
  const want = tab.url.slice(0, -ASK.length);
  const target = (await api.tabs.query({})).find((t) => t.url === want);
  await api.tabs.create({ url: api.runtime.getURL(`sidebar.html?tab=${target ? target.id : tabId}`) });
  if (target) await api.tabs.remove(tabId);
});
"""


def firefox_test_build(src: Path, dest: Path) -> Path:
    shutil.copytree(src, dest)
    (dest / "e2e_driver.js").write_text(DRIVER)
    manifest = json.loads((dest / "manifest.json").read_text())
    manifest["background"]["scripts"].append("e2e_driver.js")
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return dest


def tid(testid: str) -> str:
    return f"[data-testid={testid}]"


EXTENSION_ID = "tabmate@tabmate.app"  # Firefox's (browser_specific_settings.gecko.id)
OLD_BACKGROUND = "__tabmateE2eStopped"  # set on a background before it is stopped


def answered(count: int) -> str:
    """JS: `count` answers (assistant or error) are shown and Send is back. Send alone is not
    enough: it stays visible until the background's first state arrives after a click."""
    return (f"document.querySelectorAll('[data-testid=message][data-role=assistant],"
            f"[data-testid=message][data-role=error]').length >= {count} "
            "&& document.querySelector('[data-testid=send]')?.checkVisibility() || null")


# ------------------------------------------------------------------ Chromium (Playwright)
class PwView:
    """A Playwright page (web page or sidebar)."""

    def __init__(self, session: "PwSession", page: Any) -> None:
        self.session, self.p = session, page

    @property
    def url(self) -> str:
        return self.p.url

    def eval(self, js: str) -> Any:
        return self.p.evaluate(js)

    def text(self, css: str) -> str:
        return self.p.locator(css).last.inner_text()

    def count(self, css: str) -> int:
        return self.p.locator(css).count()

    def attr(self, css: str, name: str) -> str | None:
        return self.p.locator(css).first.get_attribute(name)

    def value(self, css: str) -> str:
        return self.p.locator(css).first.input_value()

    def click(self, testid: str) -> None:
        self.p.get_by_test_id(testid).click()

    def click_css(self, css: str, nth: int = 0) -> None:
        self.p.locator(css).nth(nth).click()

    def fill(self, testid: str, text: str) -> None:
        self.p.get_by_test_id(testid).fill(text)

    def select(self, testid: str, value: str) -> None:
        self.p.get_by_test_id(testid).select_option(value)

    def wait(self, css: str, timeout: float = 15.0) -> None:
        self.p.wait_for_selector(css, state="visible", timeout=timeout * 1000)

    def wait_for(self, js: str, timeout: float = 15.0) -> Any:
        return self.p.wait_for_function(f"() => ({js})", timeout=timeout * 1000).json_value()

    def pause(self, seconds: float) -> None:
        self.p.wait_for_timeout(seconds * 1000)

    def wait_idle(self, timeout: float = 15.0) -> None:
        self.wait(tid("send"), timeout)

    def wait_answered(self, count: int = 1, timeout: float = 15.0) -> None:
        self.wait_for(answered(count), timeout)

    def shot(self, name: str) -> None:
        shot(self.p, name)

    def reopen(self) -> "PwView":
        """Close the sidebar and open it again at the same address."""
        url = self.p.url
        self.p.close()
        again = self.session.b.watch(self.session.b.context.new_page())
        again.set_viewport_size({"width": 400, "height": 720})
        again.goto(url)
        again.wait_for_selector("body[data-ready=true]")
        return PwView(self.session, again)


class PwSession:
    name = "chromium"

    def __init__(self, b: Browser) -> None:
        self.b = b
        self.site = b.site

    @property
    def problems(self) -> list[str]:
        return self.b.problems

    @property
    def dialogs(self) -> list[str]:
        return self.b.dialogs

    def open_page(self, path: str = "/article") -> PwView:
        return PwView(self, self.b.open_page(path))

    def open_sidebar(self, page: PwView) -> PwView:
        return PwView(self, self.b.open_sidebar(page.p))

    def _worker(self) -> Any:
        return (self.b.context.service_workers or [self.b.context.wait_for_event("serviceworker")])[-1]

    def stop_background(self) -> None:
        self._worker().evaluate(f"globalThis.{OLD_BACKGROUND} = true")
        page = self.b.context.pages[0]
        cdp = self.b.context.new_cdp_session(page)
        stopped: list[str] = []
        mine = f"chrome-extension://{self.b.ext_id}/"
        cdp.on("ServiceWorker.workerVersionUpdated", lambda e: stopped.extend(
            v["versionId"] for v in e["versions"] if v["scriptURL"].startswith(mine) and v["runningStatus"] == "stopped"))
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        for _ in range(300):  # until Chromium reports it stopped (events arrive while Playwright waits)
            if stopped:
                break
            page.wait_for_timeout(50)
        cdp.detach()
        assert stopped, "the service worker did not stop"

    def background_is_fresh(self) -> bool:
        return self._worker().evaluate(f"globalThis.{OLD_BACKGROUND} === undefined")


# ------------------------------------------------------------------ Firefox ESR (BiDi)
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

    def click_css(self, css: str, nth: int = 0) -> None:
        """Like Playwright: wait until visible and enabled, then a real mouse click at its centre."""
        # a person clicks in the tab in front: pointer input goes to the active tab only. A tab
        # already in front is left alone: with an unconditional activate, two full runs each lost
        # one click in the sidebar tab (which was already in front).
        if self.eval("document.visibilityState") != "visible":
            self._run(self.fx.cmd("browsingContext.activate", {"context": self.ctx}))
            self.wait_for("document.visibilityState === 'visible' || null")
        # and, like Playwright, only once it stays put for two frames (a panel still filling in moves it)
        where = self.wait_for(f"""(async (e) => {{
            if (!e || !e.checkVisibility() || e.matches(':disabled')) return null;
            e.scrollIntoView({{block: 'center', inline: 'center'}});
            const a = e.getBoundingClientRect();
            await new Promise((go) => requestAnimationFrame(() => requestAnimationFrame(go)));
            const r = e.getBoundingClientRect();
            if (!e.isConnected || r.left !== a.left || r.top !== a.top || r.width !== a.width || r.height !== a.height) return null;
            return [r.left + r.width / 2, r.top + r.height / 2]; }})(document.querySelectorAll({json.dumps(css)})[{nth}])""")
        self._run(self.fx.click_at(self.ctx, *where))

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
            raise AssertionError(f"{e}\nFirefox shows: {shown[-1500:]}") from None

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

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    @property
    def problems(self) -> list[str]:
        self.run(self.fx.cmd("browsingContext.getTree", {"maxDepth": 0}))  # takes in pending events
        out = []
        for ev in self.fx.events:
            p = ev["params"]
            if ev["method"] == "log.entryAdded" and p.get("level") == "error":
                out.append(f"{p.get('type')}: {p.get('text')}")
        return out

    @property
    def dialogs(self) -> list[str]:
        return [f"{e['params'].get('type')}: {e['params'].get('message')}" for e in self.fx.events
                if e["method"] == "browsingContext.userPromptOpened"]

    def _privileged(self, js: str) -> Any:
        """JS in the browser's own (chrome) window: Firefox runs with --remote-allow-system-access."""
        tree = self.run(self.fx.cmd("browsingContext.getTree", {"moz:scope": "chrome"}))
        return self.run(self.fx.evaluate(tree["contexts"][0]["context"], js))

    def _in_background(self, js: str) -> Any:
        """JS in an open extension page that reaches the event page (waking it) as `bg`."""
        page = next(c["context"] for c in self.run(self.fx.contexts()) if c["url"].startswith("moz-extension://"))
        return self.run(self.fx.evaluate(page, f"(async () => {{ const bg = await browser.runtime.getBackgroundPage(); return {js}; }})()"))

    def stop_background(self) -> None:
        # what Firefox does to an idle event page (and about:debugging's "Terminate background
        # script"); Firefox keeps an event page with an open native port alive (an idle reset
        # "nativeapp"), and Tabmate's is open, so the test forces it as Chromium's CDP call does.
        # background_is_fresh() proves it went (an open sidebar wakes a new one at once).
        self._in_background(f"(bg.{OLD_BACKGROUND} = true)")
        self._privileged(f"""(async (x) => {{
            await x.terminateBackground({{ignoreDevToolsAttached: true, disableResetIdleForTest: true}});
            return true; }})(WebExtensionPolicy.getByID({json.dumps(EXTENSION_ID)}).extension)""")

    def background_is_fresh(self) -> bool:
        return self._in_background(f"bg.{OLD_BACKGROUND} === undefined")

    def context_ids(self) -> set[str]:
        return {c["context"] for c in self.run(self.fx.contexts())}

    def open_page(self, path: str = "/article") -> FxView:
        if self._first_page is None:
            ctx = self._first_page = self.run(self.fx.contexts())[0]["context"]
        else:
            ctx = self.run(self.fx.cmd("browsingContext.create", {"type": "tab"}))["context"]
        url = self.site + path
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
    prefs = {"ui.systemUsesDarkTheme": 1, "layout.css.prefers-color-scheme.content-override": 0} \
        if color_scheme == "dark" else {}
    loop = asyncio.new_event_loop()
    fx = Firefox(binary, tmp / "profile", env, tmp / "firefox.log", prefs=prefs)
    session = FxSession(fx, loop, site)
    try:
        session.run(fx.start())
        session.run(fx.cmd("session.subscribe", {"events": ["log.entryAdded", "browsingContext.userPromptOpened"]}))
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

