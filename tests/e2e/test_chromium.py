"""The extension in real headless Chromium, against the real host and a loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import answers, configure, text_reply, wait_answered

pytestmark = pytest.mark.e2e


def test_survives_service_worker_restart(chromium, fake):
    configure(fake)
    fake.add(text_reply("First answer."), text_reply("Second answer, after the restart."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("chat-input").fill("one")
    sidebar.get_by_test_id("send").click()
    wait_answered(sidebar, 1)
    chromium.context.service_workers[0].evaluate("globalThis.__before_restart = true")
    cdp = chromium.context.new_cdp_session(sidebar)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    sidebar.wait_for_timeout(500)
    # reopening the sidebar wakes the worker, which restores the tab's chat from session storage
    url = sidebar.url
    sidebar.close()
    again = chromium.watch(chromium.context.new_page())
    again.goto(url)
    again.wait_for_selector("body[data-ready=true]")
    workers = chromium.context.service_workers
    assert workers and workers[-1].evaluate("globalThis.__before_restart === undefined")  # a fresh worker
    assert "First answer." in answers(again).last.inner_text()
    again.get_by_test_id("chat-input").fill("two")
    again.get_by_test_id("send").click()
    wait_answered(again, 2)
    assert "after the restart" in answers(again).last.inner_text()
    # the host kept the session: the second request carries the first exchange
    assert "First answer." in str(fake.requests[-1].json["messages"])


# Insert into page (a focused textarea, a rich editor) runs in both browsers: tests/e2e/test_flows.py
