"""A small browser-neutral driver for the e2e flows: each flow is written once and runs in
Chromium (Playwright) and Firefox ESR (WebDriver BiDi, tests/e2e/bidi.py).

    session.open_page(path) -> Page         a web page of the local site (or any URL) in a new tab
    session.open_sidebar(page) -> Sidebar   the sidebar's page in a tab, pinned to ``page``'s tab
    sidebar.click / fill / select(testid)   real (trusted) clicks, input events as a person makes
    x.click_css / hover_css / check_css / uncheck_css   the same by CSS (the nth match)
    x.type(testid, text) / press(testid, key) / press_key(key)   real key presses ("Enter", "ArrowUp", "Escape")
    sidebar.wait(css) / wait_for(js)        until a visible element / a truthy JS expression
    open_settings(sidebar)                  Settings open, with the host's settings in the form
    x.eval(js)                              a JS expression (a promise is awaited)
    x.text(css) / texts(css) / count / attr / value   the last match's text, every match's text…
    x.front() / x.close()                   bring its tab to the front / close it
    session.allow_clipboard(); x.clipboard()   what the system clipboard holds
    sidebar.shot(name)                      a screenshot (Firefox's are named firefox-<name>)
    sidebar.download(css) -> Path           click, and the file the browser saved
    sidebar.upload(testid, path)            click, and pick the file in the picker that opens
    session.in_background(js)               a JS expression in the extension's background (as `bg`)
    session.problems / session.dialogs      console errors and page errors / alerts seen
    session.stop_background()               stop the extension's background as the browser does when
                                            idle (Chromium's service worker, Firefox's event page)
    session.background_is_fresh()           the running background started after the last stop
    view.wait_answered(n)                   until n answers (or errors) are shown and Send is back

JS passed to eval/wait_for is an *expression*; use an async IIFE for several statements.
Firefox cannot navigate to moz-extension:// pages over BiDi, so its test build carries a tiny
background script (DRIVER) that opens sidebar.html for a tab when asked by a URL fragment.
Firefox's side is tests/e2e/driver_firefox.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.e2e.conftest import Browser, answered, shot

# test-only background script: a tab that loads <url>#tabmate-e2e-sidebar asks for the sidebar of
# the tab showing <url> (or of itself when there is none); the asking tab is then closed
DRIVER = """// test-only: opens the sidebar page for the page that asks for it, in a window of its own (as
// the real sidebar sits beside the tabs: the page's tab stays the one showing in its window)
const api = globalThis.browser;
const ASK = "#tabmate-e2e-sidebar";
api.tabs.onUpdated.addListener(async (tabId, info, tab) => {
  if (info.status !== "complete" || !(tab.url ?? "").endsWith(ASK)) return;
  const want = tab.url.slice(0, -ASK.length);
  const target = (await api.tabs.query({})).find((t) => t.url === want);
  if (target) {
    await api.tabs.remove(tabId);
    await api.tabs.update(target.id, { active: true });
  }
  await api.windows.create({ url: api.runtime.getURL(`sidebar.html?tab=${target ? target.id : tabId}`) });
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


ANSWER = "[data-testid=message][data-role=assistant]"  # the assistant's messages


def ask(sidebar: Any, text: str) -> None:
    """Type ``text`` into the chat box and press Send (the answer is not awaited)."""
    sidebar.fill("chat-input", text)
    sidebar.click("send")


def open_settings(sidebar: Any, button: str = "open-settings") -> None:
    """Press ``button`` and wait until the host's settings are in the form (the app enables its
    fieldset again). Clicking on at once raced it: what the settings render (site grants, prompts,
    profiles) can move a button between aim and click, and a value typed first can be replaced."""
    sidebar.click(button)
    sidebar.wait("#settings-fields:enabled")


EXTENSION_ID = "tabmate@tabmate.app"  # Firefox's (browser_specific_settings.gecko.id)
OLD_BACKGROUND = "__tabmateE2eStopped"  # set on a background before it is stopped


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

    def texts(self, css: str) -> list[str]:
        return self.p.locator(css).all_inner_texts()

    def click_css(self, css: str, nth: int = 0) -> None:
        self.p.locator(css).nth(nth).click()

    def hover_css(self, css: str, nth: int = 0) -> None:
        self.p.locator(css).nth(nth).hover()

    def check_css(self, css: str, nth: int = 0) -> None:
        self.p.locator(css).nth(nth).check()

    def type(self, testid: str, text: str) -> None:
        self.p.get_by_test_id(testid).press_sequentially(text)

    def press(self, testid: str, key: str) -> None:
        self.p.get_by_test_id(testid).press(key)

    def press_key(self, key: str) -> None:
        self.p.keyboard.press(key)

    def front(self) -> None:
        self.p.bring_to_front()

    def uncheck_css(self, css: str, nth: int = 0) -> None:
        self.p.locator(css).nth(nth).uncheck()

    def clipboard(self) -> str:
        """What the system clipboard holds now."""
        return self.p.evaluate("navigator.clipboard.readText()")

    def close(self) -> None:
        self.p.close()

    def upload(self, testid: str, path: Path) -> None:
        """Click what opens a file picker, and pick ``path`` in it."""
        with self.p.expect_file_chooser() as chooser:
            self.click(testid)
        chooser.value.set_files(str(path))

    def download(self, css: str, nth: int = 0) -> Path:
        with self.p.expect_download() as got:
            self.click_css(css, nth)
        target = self.session.b.profile.parent / "downloads" / got.value.suggested_filename
        got.value.save_as(target)
        return target

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

    def in_background(self, js: str) -> Any:
        return self._worker().evaluate(f"(async (bg) => ({js}))(globalThis)")

    def allow_clipboard(self) -> None:
        self.b.context.grant_permissions(["clipboard-read", "clipboard-write"])

    def stop_background(self) -> None:
        self.in_background(f"bg.{OLD_BACKGROUND} = true")
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
        return self.in_background(f"bg.{OLD_BACKGROUND} === undefined")
