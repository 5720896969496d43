"""The extension in real headless Chromium, against the real host and a loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (answers, configure, shot, text_reply, tool_reply, wait_idle)

pytestmark = pytest.mark.e2e


def test_dark_mode_screenshots(chromium_factory, fake):
    """The sidebar follows the browser's dark preference (screenshots for the README)."""
    configure(fake)
    browser = chromium_factory(color_scheme="dark")
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    assert sidebar.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
    fake.add(text_reply("**SunBrew 3000** in short:\n\n1. Boils a litre in *11 minutes*\n2. Folds flat, `900 g`\n3. Costs 89 euros\n\n"
                        "Verdict: great for campers, weak on cloudy days."),
             tool_reply("click_element", {"index": 2}))
    sidebar.get_by_test_id("action-summarize").click()
    wait_idle(sidebar)
    bg = sidebar.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert bg != "rgb(255, 255, 255)"
    shot(sidebar, "chat-dark")
    sidebar.get_by_test_id("chat-input").fill("Open the other article")
    sidebar.get_by_test_id("send").click()
    sidebar.get_by_test_id("confirm-allow").wait_for()
    sidebar.wait_for_timeout(400)
    shot(sidebar, "confirmation-dark")
    sidebar.get_by_test_id("stop").click()
    wait_idle(sidebar)
    sidebar.get_by_test_id("open-settings").click()
    sidebar.wait_for_selector("[data-testid=provider]")
    sidebar.wait_for_function("() => document.querySelector('[data-testid=model]').value === 'm'")
    shot(sidebar, "settings-dark")
    assert browser.problems == []


def test_survives_service_worker_restart(chromium, fake):
    configure(fake)
    fake.add(text_reply("First answer."), text_reply("Second answer, after the restart."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("chat-input").fill("one")
    sidebar.get_by_test_id("send").click()
    wait_idle(sidebar)
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
    wait_idle(again)
    assert "after the restart" in answers(again).last.inner_text()
    # the host kept the session: the second request carries the first exchange
    assert "First answer." in str(fake.requests[-1].json["messages"])


def test_draft_quick_action_shows_a_draft_card(chromium, fake):
    configure(fake)
    fake.add(tool_reply("draft_email", {"to": "shop@example.com", "subject": "SunBrew 3000",
                                        "body": "Hello,\nis the SunBrew 3000 in stock?\nThanks"}),
             text_reply("I drafted the email above."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("action-draft").click()
    wait_idle(sidebar)
    card = sidebar.locator(".draft-card")
    assert "To: shop@example.com" in card.inner_text() and "is the SunBrew 3000 in stock?" in card.inner_text()
    mail = card.get_by_text("Open in mail app")
    assert mail.get_attribute("href").startswith("mailto:shop%40example.com?subject=SunBrew%203000")
    assert "drafted" in answers(sidebar).last.inner_text()
    assert chromium.problems == []


DRAFT = {"to": "ada@example.com", "subject": "Re: SunBrew 3000",
         "body": "Hi Ada,\nyes, the SunBrew 3000 is still for sale.\nBest"}


def _draft_card(sidebar, fake):
    """Ask for a reply; the scripted model calls draft_email and the card appears."""
    fake.add(tool_reply("draft_email", DRAFT), text_reply("I drafted a reply above."))
    sidebar.get_by_test_id("chat-input").fill("Draft a reply to Ada")
    sidebar.get_by_test_id("send").click()
    wait_idle(sidebar)
    card = sidebar.locator(".draft-card")
    assert "Subject: Re: SunBrew 3000" in card.inner_text()
    return card


def _insert(sidebar, state: str) -> str:
    sidebar.get_by_test_id("draft-insert").click()
    sidebar.wait_for_selector(f"[data-testid=draft-insert-result][data-state={state}]")
    return sidebar.get_by_test_id("draft-insert-result").inner_text()


def test_draft_insert_fills_the_focused_textarea_only_after_the_click(chromium, fake):
    configure(fake)
    page = chromium.open_page("/compose")
    sidebar = chromium.open_sidebar(page)
    page.click("#reply")  # the user was in the reply box before turning to the sidebar
    _draft_card(sidebar, fake)
    # the draft is only shown: nothing goes into the page before the user presses Insert
    sidebar.wait_for_timeout(300)
    assert page.input_value("#reply") == "" and page.inner_text("#reply-events") == "0"
    page.evaluate("""() => new MutationObserver((changes) => {
        if (changes.some((c) => [...c.addedNodes].some((n) => n.hasAttribute?.('data-tabmate-highlight'))))
            window.__highlighted = true; }).observe(document.documentElement, {childList: true})""")
    assert _insert(sidebar, "ok") == "Inserted into the page"
    assert page.input_value("#reply") == DRAFT["body"]
    assert int(page.inner_text("#reply-events")) >= 1  # the page's own listeners saw it
    assert page.inner_text("#rich") == ""
    assert page.evaluate("() => window.__highlighted === true")  # shown where it went
    assert chromium.problems == []


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


def test_search_web_opens_the_results_in_a_new_tab(chromium, fake):
    # no internet in tests: the search goes to the local site's results page
    configure(fake, search_url=chromium.site + "/search?q={q}")
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    fake.add(tool_reply("search_web", {"query": "SunBrew 3000 price"}),
             text_reply("Camping World sells it for **79 euros**."))
    sidebar.get_by_test_id("chat-input").fill("Is it cheaper elsewhere?")
    sidebar.get_by_test_id("send").click()
    # searching sends the words to another server: the card says what goes where first
    sidebar.get_by_test_id("confirm-allow").wait_for()
    card = sidebar.locator(".confirm").inner_text()
    assert "SunBrew 3000 price" in card and "127.0.0.1" in card
    sidebar.wait_for_timeout(600)
    sidebar.get_by_test_id("confirm-allow").click()
    wait_idle(sidebar)
    assert "79 euros" in answers(sidebar).last.inner_text()
    # the results page's text went back to the model as the tool's result
    sent = str(fake.requests[-1].json["messages"])
    assert "Results for SunBrew 3000 price" in sent and "Kettle Kingdom" in sent
    # ...from a new tab, opened beside the page without taking the focus, and left open
    tabs = sidebar.evaluate("""async () => (await chrome.tabs.query({})).map(
        (t) => ({url: t.url, active: t.active, opener: t.openerTabId ?? null}))""")
    search = [t for t in tabs if t["url"].startswith(chromium.site + "/search?q=")]
    assert len(search) == 1, tabs
    assert search[0]["url"].endswith("q=SunBrew+3000+price")
    assert search[0]["active"] is False
    assert search[0]["opener"] == chromium.tab_id(sidebar, page.url)
    assert page.url == chromium.site + "/article"  # the chat's own tab stayed where it was
    assert chromium.problems == []
