"""The sidebar's flows, written once against tests/e2e/driver.py and run in real Chromium and
real Firefox ESR, each against the real host and a loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import configure, text_reply, tool_reply
from tests.e2e.driver import ANSWER, ask, open_settings, tid

pytestmark = pytest.mark.e2e

USER = "[data-testid=message][data-role=user]"
API = "(globalThis.browser ?? globalThis.chrome)"


def test_chat_about_the_page_streams_an_answer(browser, fake):
    configure(fake)
    fake.add(text_reply("The **SunBrew 3000** boils a litre in *eleven minutes*.", pieces=6, delay=0.15))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "How fast does it boil water?")
    # streaming: part of the answer is visible before the whole of it
    sidebar.wait(tid("stop"))
    sidebar.wait(ANSWER)
    sidebar.wait_idle()
    assert "SunBrew 3000" in sidebar.text(ANSWER)
    assert sidebar.text(ANSWER + " strong") == "SunBrew 3000"
    assert sidebar.count(USER) == 1 and sidebar.text(USER) == "How fast does it boil water?"
    # the page went to the provider as context
    flat = str(fake.requests[-1].json["messages"])
    assert "eleven minutes of direct sunlight" in flat and "How fast does it boil water?" in flat
    assert browser.problems == [] and browser.dialogs == []
    # the conversation is kept for the tab and comes back when the sidebar reopens
    again = sidebar.reopen()
    again.wait(ANSWER)
    assert "SunBrew 3000" in again.text(ANSWER)
    assert again.count(USER) == 1 and again.text(USER) == "How fast does it boil water?"
    # New chat starts over
    again.click("new-chat")
    again.wait("#empty")
    assert again.count("[data-testid=message]") == 0
    assert browser.problems == []


def test_summarize_quick_action(browser, fake):
    configure(fake)
    fake.add(text_reply("- Boils a litre in 11 minutes\n- Folds flat, 900 g\n- Costs 89 euros"))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.click("action-summarize")
    sidebar.wait(ANSWER)
    sidebar.wait_idle()
    assert sidebar.eval(f"[...document.querySelectorAll('{ANSWER}')].pop().querySelectorAll('li').length") == 3
    assert "Costs 89 euros" in sidebar.text(ANSWER)
    assert "Summarize" in sidebar.text(USER)
    assert "eleven minutes of direct sunlight" in str(fake.requests[-1].json["messages"])
    sidebar.shot("chat")
    assert browser.problems == []


def test_click_after_allow(browser, fake):
    configure(fake)
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    # one chat first, so the page is stamped and we know the button's index
    fake.add(text_reply("Sure."))
    ask(sidebar, "hello")
    sidebar.wait(ANSWER)
    sidebar.wait_idle()
    buy = int(page.attr("#buy", "data-tabmate-index"))
    fake.add(tool_reply("click_element", {"index": buy}), text_reply("Done — I pressed **Buy now**."))
    ask(sidebar, "Press the buy button")
    sidebar.wait(tid("confirm-allow"))
    card = sidebar.text(".confirm")
    assert "Click" in card and 'button "Buy now"' in card  # names the target
    assert page.text("#out") == "not bought"  # nothing before the user allows it
    sidebar.pause(0.4)  # the card's entry animation
    sidebar.shot("confirmation")
    sidebar.click("confirm-allow")
    sidebar.wait_for("document.querySelector('.confirm') === null")
    sidebar.wait_idle()
    assert page.text("#out") == "bought"
    assert "pressed" in sidebar.text(ANSWER)
    # the tool result went back to the model
    assert "clicked" in str(fake.requests[-1].json["messages"])
    assert browser.problems == []


def test_nothing_happens_after_deny(browser, fake):
    configure(fake)
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    fake.add(tool_reply("click_element", {"index": 3}), text_reply("OK, I did not press it."))
    ask(sidebar, "Press the buy button")
    sidebar.click("confirm-deny")
    sidebar.wait_for("document.querySelector('.confirm') === null")
    sidebar.wait_idle()
    assert page.text("#out") == "not bought"
    assert sidebar.count(".confirm") == 0
    assert "did not press" in sidebar.text(ANSWER)
    assert "denied" in str(fake.requests[-1].json["messages"])
    assert browser.problems == []


def test_settings_test_connection_ok_then_bad_key(browser, fake):
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    open_settings(sidebar)
    sidebar.select("provider", "openai_compatible")
    sidebar.fill("base-url", fake.url + "/v1")
    sidebar.fill("model", "m")
    sidebar.fill("api-key", "sk-test")
    sidebar.click("save-settings")
    sidebar.wait("#save-result.ok")
    # the key is kept by the host, never shown back, never in browser storage
    assert sidebar.value(tid("api-key")) == ""
    assert "Set" in sidebar.attr(tid("api-key"), "placeholder")
    stored = sidebar.eval(f"(async () => JSON.stringify([await {API}.storage.local.get(null), "
                          f"await {API}.storage.session.get(null)]))()")
    assert "sk-test" not in stored
    sidebar.click("test-connection")
    sidebar.wait("[data-testid=test-result][data-ok]")
    result = tid("test-result")
    assert sidebar.attr(result, "data-ok") == "true", sidebar.text(result)
    assert "ms" in sidebar.text(result)
    sidebar.shot("settings")
    sidebar.fill("api-key", "sk-wrong")
    sidebar.click("test-connection")
    sidebar.wait("[data-testid=test-result][data-ok=false]")
    text = sidebar.text(result)
    assert "key" in text.lower() and "401" not in text and "Traceback" not in text
    assert browser.problems == []


def _a_long_answer_coming(browser, fake):
    """The sidebar while a long answer (60 words over 6 s) is still streaming in."""
    configure(fake)
    fake.add(text_reply("word " * 60, pieces=60, delay=0.1))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "Tell me a long story")
    sidebar.wait_for(f"(document.querySelector('{ANSWER}')?.innerText ?? '').includes('word') || null")
    return sidebar


def test_stop_cancels(browser, fake):
    sidebar = _a_long_answer_coming(browser, fake)
    sidebar.click("stop")
    sidebar.wait_idle(timeout=5)
    text = sidebar.text(ANSWER)
    assert "[Request cancelled]" in text
    assert text.count("word") < 60
    # the next message works
    fake.add(text_reply("Fresh answer."))
    ask(sidebar, "again")
    sidebar.wait_for(f"[...document.querySelectorAll('{ANSWER}')].length === 2")
    sidebar.wait_idle()
    assert sidebar.text(ANSWER).startswith("Fresh answer.")
    assert browser.problems == []


# what each browser itself says when no native messaging host is registered
NO_HOST = {"chromium": "Specified native messaging host not found", "firefox": "No such native application"}


def test_host_absent_shows_install_hint(browser_factory):
    browser = browser_factory(install=False)
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.wait(tid("host-missing"))
    text = sidebar.text(tid("host-missing"))
    assert "Tabmate's helper is not installed — run `tabmate install`" in text
    assert NO_HOST[browser.name] in text  # the browser's own words
    ask(sidebar, "hello?")
    sidebar.wait("[data-testid=message][data-role=error]")
    assert "tabmate install" in sidebar.text("[data-testid=message][data-role=error]")


XSS = """Here you go:
<script>alert('script')</script>
<img src=x onerror="alert('img')">
<svg onload="alert('svg')"><circle r=4></circle></svg>
<iframe src="javascript:alert('iframe')"></iframe>
<a href="javascript:alert('a')" onclick="alert('click')">html link</a>
[md link](javascript:alert('md'))
![pic](x" onerror="alert('mdimg'))
<details open ontoggle="alert('toggle')">x</details>
<style>body{display:none}</style>
"""


def test_xss_answer_renders_as_text(browser, fake):
    configure(fake)
    fake.add(text_reply(XSS, pieces=5))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "show me")
    sidebar.wait(ANSWER)
    sidebar.wait_idle()
    md = f"[...document.querySelectorAll('{ANSWER}')].pop().querySelector('.md')"
    assert sidebar.eval(f"{md}.querySelectorAll('script, img, svg, iframe, style, details, [onerror], [onload], [onclick]').length") == 0
    assert "<script>alert('script')</script>" in sidebar.eval(f"{md}.innerText")  # shown, not run
    hrefs = sidebar.eval(f"[...{md}.querySelectorAll('a')].map(a => a.getAttribute('href'))")
    assert all(h is None or h.startswith(("http:", "https:", "mailto:")) for h in hrefs), hrefs
    for i in range(sidebar.count(ANSWER + " .md a:not([href])")):  # the neutralised javascript: links
        sidebar.click_css(ANSWER + " .md a:not([href])", i)
    sidebar.pause(0.3)
    assert sidebar.eval("getComputedStyle(document.body).display") != "none"
    assert browser.dialogs == []
    assert browser.problems == []


def test_dark_mode_screenshots(browser_factory, fake):
    """The sidebar follows the browser's dark preference (screenshots for the README)."""
    configure(fake)
    browser = browser_factory(color_scheme="dark")
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    assert sidebar.eval("matchMedia('(prefers-color-scheme: dark)').matches")
    fake.add(text_reply("**SunBrew 3000** in short:\n\n1. Boils a litre in *11 minutes*\n2. Folds flat, `900 g`\n3. Costs 89 euros\n\n"
                        "Verdict: great for campers, weak on cloudy days."),
             tool_reply("click_element", {"index": 2}))
    sidebar.click("action-summarize")
    sidebar.wait(ANSWER)
    sidebar.wait_idle()
    assert sidebar.eval("getComputedStyle(document.body).backgroundColor") != "rgb(255, 255, 255)"
    sidebar.shot("chat-dark")
    ask(sidebar, "Open the other article")
    sidebar.wait(tid("confirm-allow"))
    sidebar.pause(0.4)
    sidebar.shot("confirmation-dark")
    sidebar.click("stop")
    sidebar.wait_idle()
    open_settings(sidebar)
    sidebar.wait(tid("provider"))
    sidebar.wait_for("document.querySelector('[data-testid=model]').value === 'm'")
    sidebar.shot("settings-dark")
    assert browser.problems == []


def test_search_web_opens_the_results_in_a_new_tab(browser, fake):
    # no internet in tests: the search goes to the local site's results page
    configure(fake, search_url=browser.site + "/search?q={q}")
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    fake.add(tool_reply("search_web", {"query": "SunBrew 3000 price"}),
             text_reply("Camping World sells it for **79 euros**."))
    ask(sidebar, "Is it cheaper elsewhere?")
    # searching sends the words to another server: the card says what goes where first
    sidebar.wait(tid("confirm-allow"))
    card = sidebar.text(".confirm")
    assert "SunBrew 3000 price" in card and "127.0.0.1" in card
    sidebar.pause(0.6)
    sidebar.click("confirm-allow")
    sidebar.wait_for("document.querySelector('.confirm') === null")
    sidebar.wait_idle()
    assert "79 euros" in sidebar.text(ANSWER)
    # the results page's text went back to the model as the tool's result
    sent = str(fake.requests[-1].json["messages"])
    assert "Results for SunBrew 3000 price" in sent and "Kettle Kingdom" in sent
    # ...from a new tab, opened beside the page without taking the focus, and left open
    tabs = sidebar.eval(f"""(async () => (await {API}.tabs.query({{}})).map(
        (t) => ({{url: t.url, active: t.active, opener: t.openerTabId ?? null, id: t.id}})))()""")
    search = [t for t in tabs if t["url"].startswith(browser.site + "/search?q=")]
    assert len(search) == 1, tabs
    assert search[0]["url"].endswith("q=SunBrew+3000+price")
    assert search[0]["active"] is False
    article = [t for t in tabs if t["url"] == browser.site + "/article"]
    assert len(article) == 1 and search[0]["opener"] == article[0]["id"], tabs
    assert page.eval("location.href") == browser.site + "/article"  # the chat's own tab stayed where it was
    assert browser.problems == []


def test_the_chat_goes_on_after_the_background_restarts(browser, fake):
    """Chromium stops an idle service worker, Firefox suspends an idle event page: the tab's
    chat comes back from session storage and the host still holds the conversation."""
    configure(fake)
    fake.add(text_reply("First answer."), text_reply("Second answer, after the restart."),
             text_reply("Third answer, the sidebar stayed open."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "one")
    sidebar.wait_answered(1)
    browser.stop_background()
    # reopening the sidebar wakes the background, which restores the tab's chat from session storage
    again = sidebar.reopen()
    again.wait(ANSWER)
    assert browser.background_is_fresh()
    assert "First answer." in again.text(ANSWER)
    ask(again, "two")
    again.wait_answered(2)
    assert "after the restart" in again.text(ANSWER)
    # the host kept the session: the second request carries the first exchange
    assert "First answer." in str(fake.requests[-1].json["messages"])
    # stopped again while the sidebar stays open: it reconnects by itself and the chat goes on
    browser.stop_background()
    ask(again, "three")
    again.wait_answered(3)
    assert browser.background_is_fresh()
    assert "the sidebar stayed open" in again.text(ANSWER)
    assert again.count(USER) == 3 and again.count(ANSWER) == 3
    sent = str(fake.requests[-1].json["messages"])
    assert "First answer." in sent and "after the restart" in sent
    assert browser.problems == []


def test_an_answer_cut_by_a_background_restart_can_be_retried(browser, fake):
    sidebar = _a_long_answer_coming(browser, fake)
    browser.stop_background()  # while the answer is still coming
    error = "[data-testid=message][data-role=error]"
    sidebar.wait(error)
    assert "restarted while answering" in sidebar.text(error)
    assert browser.background_is_fresh()
    fake.add(text_reply("The story, told again."))
    sidebar.click_css(error + " button")
    sidebar.wait_for(f"[...document.querySelectorAll('{ANSWER}')].pop()?.innerText.includes('told again') || null")
    sidebar.wait_idle()
    assert "Tell me a long story" in str(fake.requests[-1].json["messages"])
    # the cut answer and its error make way for the new answer to the same question
    assert sidebar.count(error) == 0 and sidebar.count(USER) == 1 and sidebar.count(ANSWER) == 1
    assert browser.problems == []
