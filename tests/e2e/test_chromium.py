"""The extension in real headless Chromium, against the real host and a loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import answers, configure, text_reply, tool_reply, wait_answered, wait_idle

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


DRAFT = {"to": "ada@example.com", "subject": "Re: SunBrew 3000",
         "body": "Hi Ada,\nyes, the SunBrew 3000 is still for sale.\nBest"}


def _draft_card(sidebar, fake):
    """Ask for a reply; the scripted model calls draft_email and the card appears."""
    fake.add(tool_reply("draft_email", DRAFT), text_reply("I drafted a reply above."))
    sidebar.get_by_test_id("chat-input").fill("Draft a reply to Ada")
    sidebar.get_by_test_id("send").click()
    sidebar.wait_for_selector(".draft-card")
    wait_idle(sidebar)
    card = sidebar.locator(".draft-card")
    assert "Subject: Re: SunBrew 3000" in card.inner_text()
    return card


def _insert(sidebar, state: str) -> str:
    sidebar.get_by_test_id("draft-insert").click()
    sidebar.wait_for_selector(f"[data-testid=draft-insert-result][data-state={state}]")
    return sidebar.get_by_test_id("draft-insert-result").inner_text()


# Insert into the focused textarea runs in both browsers: tests/e2e/test_flows.py


def test_draft_insert_asks_for_a_box_then_fills_a_rich_editor(chromium, fake):
    configure(fake)
    page = chromium.open_page("/compose")
    sidebar = chromium.open_sidebar(page)
    _draft_card(sidebar, fake)
    # two boxes and none focused: a hint instead of a guess
    assert _insert(sidebar, "error") == "Click into the reply box on the page, then press Insert again."
    assert page.input_value("#reply") == "" and page.inner_text("#rich") == ""
    page.click("#rich")
    assert _insert(sidebar, "ok") == "Inserted into the page"
    lines = [line for line in page.inner_text("#rich").splitlines() if line.strip()]
    assert lines == DRAFT["body"].split("\n")
    assert int(page.inner_text("#rich-events")) >= 1
    assert page.input_value("#reply") == ""
    assert chromium.problems == []
