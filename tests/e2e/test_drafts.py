"""Drafts, written once against tests/e2e/driver.py and run in real Chromium and real Firefox
ESR: the Draft quick action shows a card (nothing is sent), and Insert puts the draft into the
page's reply box — a textarea or a rich editor — only when the user presses it."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import configure, text_reply, tool_reply
from tests.e2e.driver import ANSWER, ask, tid

pytestmark = pytest.mark.e2e


def test_draft_quick_action_shows_a_draft_card(browser, fake):
    configure(fake)
    fake.add(tool_reply("draft_email", {"to": "shop@example.com", "subject": "SunBrew 3000",
                                        "body": "Hello,\nis the SunBrew 3000 in stock?\nThanks"}),
             text_reply("I drafted the email above."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.click("action-draft")
    sidebar.wait(".draft-card")
    sidebar.wait_for(f"[...document.querySelectorAll('{ANSWER}')].pop()?.innerText.includes('drafted') || null")
    sidebar.wait_idle()
    card = sidebar.text(".draft-card")
    assert "To: shop@example.com" in card and "is the SunBrew 3000 in stock?" in card
    mail = sidebar.eval("[...document.querySelectorAll('.draft-card a')].find((a) => a.innerText.includes('Open in mail app'))"
                        "?.getAttribute('href')")
    assert mail.startswith("mailto:shop%40example.com?subject=SunBrew%203000")
    assert "drafted" in sidebar.text(ANSWER)
    assert browser.problems == []


DRAFT = {"to": "ada@example.com", "subject": "Re: SunBrew 3000",
         "body": "Hi Ada,\nyes, the SunBrew 3000 is still for sale.\nBest"}


def _draft_card(sidebar, fake) -> None:
    """Ask for a reply; the scripted model calls draft_email and the card appears."""
    fake.add(tool_reply("draft_email", DRAFT), text_reply("I drafted a reply above."))
    ask(sidebar, "Draft a reply to Ada")
    sidebar.wait(".draft-card")
    sidebar.wait_for(f"[...document.querySelectorAll('{ANSWER}')].pop()?.innerText.includes('drafted') || null")
    sidebar.wait_idle()
    assert "Subject: Re: SunBrew 3000" in sidebar.text(".draft-card")


def _insert(sidebar, state: str) -> str:
    sidebar.click("draft-insert")
    sidebar.wait(f"[data-testid=draft-insert-result][data-state={state}]")
    return sidebar.text(tid("draft-insert-result"))


def test_draft_insert_fills_the_focused_textarea_only_after_the_click(browser, fake):
    configure(fake)
    page = browser.open_page("/compose")
    sidebar = browser.open_sidebar(page)
    page.click_css("#reply")  # the user was in the reply box before turning to the sidebar
    _draft_card(sidebar, fake)
    # the draft is only shown: nothing goes into the page before the user presses Insert
    sidebar.pause(0.3)
    assert page.value("#reply") == "" and page.text("#reply-events") == "0"
    page.eval("""(new MutationObserver((changes) => {
        if (changes.some((c) => [...c.addedNodes].some((n) => n.hasAttribute?.('data-tabmate-highlight'))))
            window.__highlighted = true; }).observe(document.documentElement, {childList: true}), true)""")
    assert _insert(sidebar, "ok") == "Inserted into the page"
    assert page.value("#reply") == DRAFT["body"]
    assert int(page.text("#reply-events")) >= 1  # the page's own listeners saw it
    assert page.text("#rich") == ""
    assert page.eval("window.__highlighted === true")  # shown where it went
    assert browser.problems == []


def test_draft_insert_asks_for_a_box_then_fills_a_rich_editor(browser, fake):
    configure(fake)
    page = browser.open_page("/compose")
    sidebar = browser.open_sidebar(page)
    _draft_card(sidebar, fake)
    # two boxes and none focused: a hint instead of a guess
    assert _insert(sidebar, "error") == "Click into the reply box on the page, then press Insert again."
    assert page.value("#reply") == "" and page.text("#rich") == ""
    page.click_css("#rich")  # content.js is already in the page (the first Insert put it there)
    assert _insert(sidebar, "ok") == "Inserted into the page"
    lines = [line for line in page.text("#rich").splitlines() if line.strip()]
    assert lines == DRAFT["body"].split("\n")
    assert int(page.text("#rich-events")) >= 1
    assert page.value("#reply") == ""
    assert browser.problems == []
