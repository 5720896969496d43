"""The confirmation card, written once against tests/e2e/driver.py and run in real Chromium and
real Firefox ESR: full text, real destination, link href, no focus stolen, no early or synthetic
answers, Enter in the composer never answers it; grants in Settings."""

from __future__ import annotations

import json

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import configure, text_reply, tool_reply
from tests.e2e.driver import ask, open_settings, tid

pytestmark = pytest.mark.e2e

LONG = "Hello team,\n" + "\n".join(f"line {i}: please find the details of the order below." for i in range(40))
CARD = ".confirm"
NO_CARD = "document.querySelector('.confirm') === null || null"

# The card's guard reads performance.now(); the test holds that clock still from the moment the
# card appears and moves it by hand, so a real click lands 400 ms (by the card's clock) after the
# card appeared however loaded this machine is — a 300 ms guard fails the test
HOLD_CLOCK_AT_CARD = """(() => {
    const now = performance.now.bind(performance);
    window.__held = null;
    performance.now = () => window.__held ?? now();
    new MutationObserver(() => {
        if (window.__held === null && document.querySelector('.confirm')) window.__held = now();
    }).observe(document.body, {subtree: true, childList: true});
    return true; })()"""


def _ask(browser, fake, *calls):
    configure(fake)
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    for name, args in calls:
        fake.add(tool_reply(name, args))
    fake.add(text_reply("OK."))
    return page, sidebar


def _first_answer(browser, fake, **settings):
    """/article with its sidebar, one plain exchange done (the page's elements carry their indexes)."""
    configure(fake, **settings)
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    fake.add(text_reply("Hi."))
    ask(sidebar, "hello")
    sidebar.wait_answered(1)
    return page, sidebar


def _asked_to_click(browser, fake, selector, question, reply):
    """After one plain exchange on /article, the model asks to click the element at ``selector``
    (then answers ``reply``); returns (page, sidebar) once the card is shown."""
    page, sidebar = _first_answer(browser, fake)
    index = int(page.attr(selector, "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": index}), text_reply(reply))
    ask(sidebar, question)
    sidebar.wait(tid("confirm-allow"))
    return page, sidebar


def test_the_card_shows_the_whole_text_and_cannot_be_answered_by_accident(browser, fake):
    page, sidebar = _ask(browser, fake, ("fill_input", {"index": 0, "text": LONG}))
    # something that clicks Allow the instant it appears (a script, or a user mid-click)
    sidebar.eval("""(new MutationObserver(() => {
        const b = document.querySelector("[data-testid=confirm-allow]");
        if (b && !window.__poked) { window.__poked = true; b.click(); b.dispatchEvent(new MouseEvent("click", {bubbles: true})); }
      }).observe(document.body, {subtree: true, childList: true}), true)""")
    sidebar.eval(HOLD_CLOCK_AT_CARD)
    sidebar.fill("chat-input", "Fill in the email")
    sidebar.press("chat-input", "Enter")
    sidebar.wait(tid("confirm-allow"))
    # the card takes no focus: what the person types still goes to the composer
    assert sidebar.eval("document.activeElement.dataset.testid") == "chat-input"
    sidebar.type("chat-input", "still")
    assert sidebar.value(tid("chat-input")) == "still"
    sidebar.eval("(window.__held += 400, true)")  # the card's clock: 400 ms after it appeared
    sidebar.click("confirm-allow")  # a real click, once the button is enabled (in real time)
    sidebar.press("chat-input", "Enter")  # Enter in the composer never answers the card
    assert sidebar.eval("window.__poked") is True
    sidebar.pause(0.6)
    assert sidebar.count(CARD) == 1 and page.value("#email") == ""
    assert sidebar.text(".confirm-text") == LONG  # all of it, not a 60-character preview
    assert sidebar.eval("((t) => t.scrollHeight > t.clientHeight)(document.querySelector('.confirm-text'))")
    sidebar.eval("(window.__held = undefined, true)")  # the card's clock runs again
    sidebar.click("confirm-deny")
    sidebar.wait_for(NO_CARD)
    sidebar.wait_idle()
    assert page.value("#email") == ""
    assert "denied" in str(fake.requests[-1].json["messages"])
    assert browser.problems == []


def test_navigation_cards_name_the_real_destination(browser, fake):
    page, sidebar = _ask(browser, fake, ("open_url", {"url": "https://bank.example@evil.example/login"}),
                         ("open_url", {"url": "https://bücher.example/"}))
    ask(sidebar, "open my bank")
    sidebar.wait(tid("confirm-allow"))
    assert sidebar.text(CARD + " strong") == "https://evil.example"
    assert "bank.example@" in sidebar.text(".confirm-warn")
    sidebar.click("confirm-deny")
    sidebar.wait_for("document.querySelector('.confirm strong')?.innerText.includes('xn--bcher-kva.example') || null")
    assert "bücher.example" in sidebar.text(".confirm-warn")
    sidebar.click("confirm-deny")
    sidebar.wait_for(NO_CARD)
    sidebar.wait_idle()
    assert page.eval("location.href") == browser.site + "/article"
    assert browser.problems == []


def test_a_link_click_card_shows_the_href(browser, fake):
    page, sidebar = _asked_to_click(browser, fake, "a[href='/other']", "open the other article", "OK.")
    card = sidebar.text(CARD)
    assert browser.site + "/other" in card and "Link goes to" in card
    sidebar.click("confirm-deny")
    sidebar.wait_idle()
    assert page.eval("location.href") == browser.site + "/article"


def test_always_allowed_clicks_still_ask_before_a_link_leaves_the_site(browser, fake):
    """Clicks allowed for good on this site: a link within it runs at once; a link to another
    origin gets a card naming where it goes, and Deny leaves the tab where it was."""
    other = browser.site.replace("127.0.0.1", "localhost")  # same server, another origin
    away = json.dumps(other + "/other?from=article")
    configure(fake, allowed_sites={browser.site: ["click_element"]})
    page = browser.open_page("/article")
    page.eval(f"""(() => {{ const p = document.createElement('p'), a = document.createElement('a');
        a.id = 'away'; a.href = {away}; a.textContent = 'Away'; p.append(a); document.body.append(p); return true; }})()""")
    sidebar = browser.open_sidebar(page)
    fake.add(text_reply("Hi."))
    ask(sidebar, "hello")
    sidebar.wait_answered(1)
    index = int(page.attr("#away", "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": index}), text_reply("Not opened."))
    ask(sidebar, "open the away link")
    sidebar.wait(tid("confirm-deny"))
    card = sidebar.text(CARD)
    assert "leaves 127.0.0.1" in card and other.split("//")[1] in card
    sidebar.click("confirm-deny")  # a real click waits for the card's guard
    sidebar.wait_answered(2)
    assert page.eval("location.href") == browser.site + "/article"  # not followed
    same = int(page.attr("a[href='/other']", "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": same}), text_reply("Opened."))
    ask(sidebar, "open the other article")
    sidebar.wait_answered(3)
    page.wait_for(f"location.href === {json.dumps(browser.site + '/other')} || null")  # followed without a card
    assert sidebar.count(CARD) == 0
    assert browser.problems == []


def test_settings_lists_the_grants_and_revokes_each(browser, fake):
    configure(fake, allowed_sites={"https://mail.example": ["open_url https://docs.example", "scroll"]})
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    open_settings(sidebar)
    sidebar.wait(tid("grant"))
    assert sidebar.count(tid("grant")) == 2
    assert "Open pages on https://mail.example → https://docs.example" in sidebar.text(tid("grants"))
    nth = ["Open pages" in t for t in sidebar.texts(tid("grant"))].index(True)
    sidebar.click_css(f"{tid('grant')} {tid('revoke-grant')}", nth)
    sidebar.wait_for(f"document.querySelectorAll('{tid('grant')}').length === 1 || null")
    assert SettingsStore().load().allowed_sites == {"https://mail.example": ["scroll"]}
    assert browser.problems == []


def test_an_allowed_action_does_not_run_once_the_tab_is_on_another_origin(browser, fake):
    page, sidebar = _asked_to_click(browser, fake, "#buy", "press buy", "It did not work.")
    assert browser.site in sidebar.text(".confirm-meta")
    # the tab moves to another origin (same server, other host name) before the user answers
    other = browser.site.replace("127.0.0.1", "localhost")
    page.eval(f"(location.href = {json.dumps(other + '/article')}, true)")
    page.wait_for(f"location.origin === {json.dumps(other)} && document.readyState === 'complete' || null")
    sidebar.click("confirm-allow")
    sidebar.wait_idle()
    assert page.text("#out") == "not bought"
    sent = str(fake.requests[-1].json["messages"])
    assert "not run" in sent and other in sent
