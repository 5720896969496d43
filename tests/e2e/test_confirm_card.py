"""The confirmation card in real Chromium: full text, real destination, link href, no focus
stolen, no early or synthetic answers, Enter in the composer never answers it; grants in Settings."""

from __future__ import annotations

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import configure, first_answer, text_reply, tool_reply, wait_answered, wait_idle

pytestmark = pytest.mark.e2e

LONG = "Hello team,\n" + "\n".join(f"line {i}: please find the details of the order below." for i in range(40))


def _ask(chromium, fake, *calls):
    configure(fake)
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    for name, args in calls:
        fake.add(tool_reply(name, args))
    fake.add(text_reply("OK."))
    return page, sidebar


def _asked_to_click(chromium, fake, selector, question, reply):
    """After one plain exchange on /article, the model asks to click the element at ``selector``
    (then answers ``reply``); returns (page, sidebar) once the card is shown."""
    page, sidebar = first_answer(chromium, fake)
    index = int(page.get_attribute(selector, "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": index}), text_reply(reply))
    sidebar.get_by_test_id("chat-input").fill(question)
    sidebar.get_by_test_id("send").click()
    sidebar.get_by_test_id("confirm-allow").wait_for()
    return page, sidebar


def test_the_card_shows_the_whole_text_and_cannot_be_answered_by_accident(chromium, fake):
    page, sidebar = _ask(chromium, fake, ("fill_input", {"index": 0, "text": LONG}))
    # something that clicks Allow the instant it appears (a script, or a user mid-click)
    sidebar.evaluate("""() => new MutationObserver(() => {
        const b = document.querySelector("[data-testid=confirm-allow]");
        if (b && !window.__poked) { window.__poked = true; b.click(); b.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
      }).observe(document.body, {subtree: true, childList: true})""")
    box = sidebar.get_by_test_id("chat-input")
    box.fill("Fill in the email")
    # The sidebar's clock is paused and moved by hand, so the real click below lands 400 ms
    # after the card appeared however loaded this machine is (a 300 ms guard fails this test).
    sidebar.clock.install()
    sidebar.clock.pause_at(sidebar.evaluate("() => Date.now()") + 1000)
    box.press("Enter")
    box.fill("still typing")
    allow = sidebar.get_by_test_id("confirm-allow")
    allow.wait_for()
    sidebar.clock.run_for(400)
    allow.click(force=True, no_wait_after=True)  # a real click 400 ms after the card appeared
    box.press("Enter")  # Enter in the composer never answers the card
    sidebar.clock.run_for(200)
    sidebar.clock.resume()
    assert sidebar.evaluate("() => document.activeElement.dataset.testid") == "chat-input"
    assert sidebar.locator(".confirm").count() == 1
    text = sidebar.locator(".confirm-text")
    assert text.inner_text() == LONG  # all of it, not a 60-character preview
    assert sidebar.evaluate("() => { const t = document.querySelector('.confirm-text'); return t.scrollHeight > t.clientHeight; }")
    assert sidebar.evaluate("() => window.__poked") is True
    sidebar.wait_for_timeout(600)
    assert sidebar.locator(".confirm").count() == 1 and page.input_value("#email") == ""
    sidebar.get_by_test_id("confirm-deny").click()
    wait_idle(sidebar)
    assert page.input_value("#email") == ""
    assert "denied" in str(fake.requests[-1].json["messages"])
    assert chromium.problems == []


def test_navigation_cards_name_the_real_destination(chromium, fake):
    page, sidebar = _ask(chromium, fake, ("open_url", {"url": "https://bank.example@evil.example/login"}),
                         ("open_url", {"url": "https://bücher.example/"}))
    sidebar.get_by_test_id("chat-input").fill("open my bank")
    sidebar.get_by_test_id("send").click()
    sidebar.get_by_test_id("confirm-allow").wait_for()
    card = sidebar.locator(".confirm")
    assert card.locator("strong").inner_text() == "https://evil.example"
    assert "bank.example@" in card.locator(".confirm-warn").inner_text()
    sidebar.get_by_test_id("confirm-deny").click()
    sidebar.locator(".confirm strong", has_text="xn--bcher-kva.example").wait_for()
    assert "bücher.example" in sidebar.locator(".confirm-warn").inner_text()
    sidebar.get_by_test_id("confirm-deny").click()
    wait_idle(sidebar)
    assert page.url == chromium.site + "/article"


def test_a_link_click_card_shows_the_href(chromium, fake):
    page, sidebar = _asked_to_click(chromium, fake, "a[href='/other']", "open the other article", "OK.")
    card = sidebar.locator(".confirm").inner_text()
    assert chromium.site + "/other" in card and "Link goes to" in card
    sidebar.get_by_test_id("confirm-deny").click()
    wait_idle(sidebar)


def test_always_allowed_clicks_still_ask_before_a_link_leaves_the_site(chromium, fake):
    """Clicks allowed for good on this site: a link within it runs at once; a link to another
    origin gets a card naming where it goes, and Deny leaves the tab where it was."""
    other = chromium.site.replace("127.0.0.1", "localhost")  # same server, another origin
    configure(fake, allowed_sites={chromium.site: ["click_element"]})
    page = chromium.open_page("/article")
    page.evaluate("""away => document.body.insertAdjacentHTML('beforeend',
        `<p><a id="away" href="${away}">Away</a></p>`)""", other + "/other?from=article")
    sidebar = chromium.open_sidebar(page)
    fake.add(text_reply("Hi."))
    sidebar.get_by_test_id("chat-input").fill("hello")
    sidebar.get_by_test_id("send").click()
    wait_answered(sidebar, 1)
    away = int(page.get_attribute("#away", "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": away}), text_reply("Not opened."))
    sidebar.get_by_test_id("chat-input").fill("open the away link")
    sidebar.get_by_test_id("send").click()
    sidebar.get_by_test_id("confirm-deny").wait_for()
    card = sidebar.locator(".confirm").inner_text()
    assert "leaves 127.0.0.1" in card and other.split("//")[1] in card
    sidebar.wait_for_timeout(600)  # the card's activation guard
    sidebar.get_by_test_id("confirm-deny").click()
    wait_answered(sidebar, 2)
    assert page.url == chromium.site + "/article"  # not followed
    same = int(page.get_attribute("a[href='/other']", "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": same}), text_reply("Opened."))
    sidebar.get_by_test_id("chat-input").fill("open the other article")
    sidebar.get_by_test_id("send").click()
    wait_answered(sidebar, 3)
    page.wait_for_url(chromium.site + "/other")  # followed without a card
    assert sidebar.locator(".confirm").count() == 0


def test_settings_lists_the_grants_and_revokes_each(chromium, fake):
    configure(fake, allowed_sites={"https://mail.example": ["open_url https://docs.example", "scroll"]})
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("open-settings").click()
    grants = sidebar.get_by_test_id("grant")
    grants.first.wait_for()
    assert grants.count() == 2
    assert "Open pages on https://mail.example → https://docs.example" in sidebar.get_by_test_id("grants").inner_text()
    grants.filter(has_text="Open pages").get_by_test_id("revoke-grant").click()
    sidebar.wait_for_function("() => document.querySelectorAll('[data-testid=grant]').length === 1")
    assert SettingsStore().load().allowed_sites == {"https://mail.example": ["scroll"]}


def test_an_allowed_action_does_not_run_once_the_tab_is_on_another_origin(chromium, fake):
    page, sidebar = _asked_to_click(chromium, fake, "#buy", "press buy", "It did not work.")
    assert chromium.site in sidebar.locator(".confirm-meta").inner_text()
    # the tab moves to another origin (same server, other host name) before the user answers
    other = chromium.site.replace("127.0.0.1", "localhost")
    page.goto(other + "/article")
    sidebar.wait_for_timeout(600)
    sidebar.get_by_test_id("confirm-allow").click()
    wait_idle(sidebar)
    assert page.inner_text("#out") == "not bought"
    sent = str(fake.requests[-1].json["messages"])
    assert "not run" in sent and other in sent
