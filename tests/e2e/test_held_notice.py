"""Real Chromium: a notice the helper sends while no sidebar is open is kept in session storage,
so the service worker being stopped before a sidebar opens does not lose it (the helper says
each notice only once).

Chromium only: Firefox never suspends an event page while its native port is open (docs/firefox.md),
and a notice only arrives over an open port, so there is no Firefox path to the loss."""

from __future__ import annotations

import json

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import configure

pytestmark = pytest.mark.e2e


def test_a_notice_held_for_the_next_sidebar_survives_a_worker_restart(chromium, fake):
    configure(fake)
    path = SettingsStore().path
    path.write_text(json.dumps({**json.loads(path.read_text("utf-8")), "temperature": "hot"}), "utf-8")
    page = chromium.open_page("/article")
    worker = chromium.context.service_workers[0]
    tab = worker.evaluate("async (url) => (await chrome.tabs.query({})).find((t) => t.url === url).id", page.url)
    # the helper starts with no sidebar open (as for a chat left running in a closed panel)
    worker.evaluate("globalThis.tabmate.connect()")
    worker.evaluate("""async () => {
        for (let i = 0; i < 200; i++) {
            if ((await globalThis.tabmate.heldNotices()).length) return;
            await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error("no notice held");
    }""")
    stopped = chromium.context.new_cdp_session(page)
    stopped.send("ServiceWorker.enable")
    stopped.send("ServiceWorker.stopAllWorkers")
    stopped.detach()
    # the sidebar loaded once, pinned to the page's tab (Browser.open_sidebar loads it twice)
    sidebar = chromium.watch(chromium.context.new_page())
    sidebar.goto(f"chrome-extension://{chromium.ext_id}/sidebar.html?tab={tab}")
    notice = sidebar.get_by_test_id("notice")
    notice.wait_for(state="visible")
    assert "'temperature'" in notice.inner_text()
    # shown once: no copy is held for the next sidebar
    assert chromium.context.service_workers[-1].evaluate("async () => globalThis.tabmate.heldNotices()") == []
    assert chromium.problems == []
