"""The history view over the real host and its SQLite history, written once against
tests/e2e/driver.py and run in real Chromium and real Firefox ESR: search as you type, open and
continue, rename, export, delete, clear all, a reopened tab."""

from __future__ import annotations

import json
import sqlite3
import time
from urllib.parse import urlsplit

import pytest

from native_host.history import HistoryStore
from native_host.settings import SettingsStore
from tests.e2e.conftest import configure, text_reply
from tests.e2e.driver import ANSWER, tid

pytestmark = pytest.mark.e2e

USER = "[data-testid=message][data-role=user]"
ITEM = tid("history-item")
TITLE = tid("history-title")


def ask(sidebar, text: str) -> None:
    """Send a question and wait for its answer to be complete."""
    before = sidebar.count(ANSWER)
    sidebar.fill("chat-input", text)
    sidebar.click("send")
    sidebar.wait_answered(before + 1)


def open_history(sidebar) -> None:
    sidebar.click("open-history")
    sidebar.wait(tid("history"))


def items(sidebar, n: int) -> None:
    """Until the list shows exactly n conversations."""
    sidebar.wait_for(f"document.querySelectorAll('{ITEM}').length === {n} || null")


def item_text(sidebar, nth: int) -> str:
    return sidebar.texts(ITEM)[nth]


def first_title_is(sidebar, title: str) -> None:
    sidebar.wait_for(f"document.querySelector('{TITLE}')?.innerText === {json.dumps(title)} || null")


def history_closed(sidebar) -> None:
    sidebar.wait_for(f"!document.querySelector('{tid('history')}')?.checkVisibility() || null")


def seed_older_conversations() -> None:
    store = HistoryStore()
    store.append("s-bread", [{"role": "user", "content": "How long should sourdough rise?"},
                             {"role": "assistant", "content": "About **8 to 12 hours** at room temperature."}],
                 title="How long should sourdough rise?", url="https://bread.example/sourdough")
    store.append("s-rye", [{"role": "user", "content": "Is rye flour gluten free?"},
                           {"role": "assistant", "content": "No, rye contains gluten (secalin)."}],
                 title="Is rye flour gluten free?", url="https://bread.example/rye")
    store.close()


def test_search_reopen_continue_and_delete(browser, fake):
    configure(fake)
    seed_older_conversations()
    fake.add(text_reply("It boils a litre in eleven minutes."), text_reply("A new chat about the kettle."),
             text_reply("Start the dough the evening before."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "How fast does the SunBrew boil?")
    sidebar.click("new-chat")  # a new chat: a new conversation, the old one kept
    sidebar.wait("#empty")
    ask(sidebar, "Does it fold flat?")

    open_history(sidebar)
    items(sidebar, 4)
    assert sidebar.texts(TITLE) == ["Does it fold flat?", "How fast does the SunBrew boil?",
                                    "Is rye flour gluten free?", "How long should sourdough rise?"]
    assert "bread.example" in item_text(sidebar, 3) and "2 messages" in item_text(sidebar, 3)
    sidebar.hover_css(ITEM)  # shows the row's tools: rename, export (MD, JSON), delete
    sidebar.pause(0.25)  # their fade-in, for the screenshot
    sidebar.shot("history")

    # search as you type: every word, the last one as a prefix, in questions and answers
    sidebar.type("history-search", "room temp")
    items(sidebar, 1)
    assert sidebar.texts(TITLE) == ["How long should sourdough rise?"]
    assert "room temperature" in item_text(sidebar, 0)  # the snippet shows the hit
    sidebar.shot("history-search")
    sidebar.fill("history-search", "nothing-like-this")
    sidebar.wait(tid("history-empty"))
    assert "matches" in sidebar.text(tid("history-empty"))
    sidebar.fill("history-search", "sourdough")
    items(sidebar, 1)

    # open it in this tab and continue: the model gets the old exchange back from the host
    sidebar.click_css(f"{ITEM} {tid('history-open')}")
    history_closed(sidebar)
    # the view closes at once; the conversation follows when the host has sent it
    sidebar.wait_for(f"document.querySelector('{USER}')?.innerText === 'How long should sourdough rise?' || null")
    assert sidebar.texts(USER)[0] == "How long should sourdough rise?"
    assert "8 to 12 hours" in sidebar.texts(ANSWER)[0]
    assert sidebar.texts(ANSWER + " strong")[0] == "8 to 12 hours"
    ask(sidebar, "When should I start it?")
    assert "evening before" in sidebar.text(ANSWER)
    sent = json.dumps(fake.requests[-1].json["messages"])
    assert "How long should sourdough rise?" in sent and "8 to 12 hours" in sent
    open_history(sidebar)
    first_title_is(sidebar, "How long should sourdough rise?")
    # continued, and now the newest: the list catches up when the host has saved the new turn
    # (it may open a moment before; history_changed reloads it)
    sidebar.wait_for(f"document.querySelector('{ITEM}')?.innerText.includes('4 messages') || null")

    # delete one: gone from the list, from the host, and from the tab that showed it
    sidebar.hover_css(ITEM)  # the row's tools show on hover, as for a person
    sidebar.click_css(f"{ITEM} {tid('history-delete')}")
    items(sidebar, 3)
    assert "How long should sourdough rise?" not in sidebar.texts(TITLE)
    assert [i["session"] for i in HistoryStore().list("sourdough")] == []
    sidebar.click("close-history")
    sidebar.wait("#empty")
    assert browser.problems == [] and browser.dialogs == []


def test_rename_export_and_clear_all(browser, fake):
    configure(fake)
    seed_older_conversations()
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    open_history(sidebar)
    items(sidebar, 2)

    sidebar.hover_css(ITEM)  # the row's tools show on hover, as for a person
    sidebar.click_css(f"{ITEM} {tid('history-rename')}")
    sidebar.fill("history-rename-input", "Rye and gluten")
    sidebar.press("history-rename-input", "Enter")
    first_title_is(sidebar, "Rye and gluten")
    assert HistoryStore().get("s-rye")["title"] == "Rye and gluten"

    sidebar.hover_css(ITEM)
    md = sidebar.download(f"{ITEM} {tid('history-export-markdown')}")
    assert md.name.endswith("-rye-and-gluten.md")
    text = md.read_text("utf-8")
    assert text.startswith("# Rye and gluten\n") and "No, rye contains gluten (secalin)." in text
    sidebar.hover_css(ITEM)
    exported = sidebar.download(f"{ITEM} {tid('history-export-json')}")
    assert json.loads(exported.read_text("utf-8"))["messages"][0]["text"] == "Is rye flour gluten free?"

    # keeping conversations 30 days deletes older ones at once
    with sqlite3.connect(HistoryStore().path) as db:
        db.execute("UPDATE conversations SET updated = ? WHERE session = 's-bread'", (time.time() - 40 * 86400,))
    sidebar.click("close-history")
    open_history(sidebar)
    items(sidebar, 2)
    retention = tid("history-retention")
    sidebar.wait_for(f"document.querySelector('{retention}').value === ''")  # default: forever
    sidebar.select("history-retention", "30")
    items(sidebar, 1)
    assert SettingsStore().load().history_retention == 30 and [i["session"] for i in HistoryStore().list()] == ["s-rye"]
    sidebar.select("history-retention", "")
    store = HistoryStore()
    store.append("s-new", [{"role": "user", "content": "One more"}, {"role": "assistant", "content": "Sure."}], title="One more")
    store.close()
    sidebar.click("close-history")
    open_history(sidebar)
    items(sidebar, 2)

    # clear all asks first; Cancel keeps everything
    sidebar.click("history-clear-all")
    sidebar.click("history-clear-cancel")
    assert sidebar.count(ITEM) == 2 and len(HistoryStore().list()) == 2
    sidebar.click("history-clear-all")
    sidebar.wait(tid("history-clear-confirm"))
    sidebar.shot("history-clear-all")
    sidebar.click("history-clear-confirm")
    sidebar.wait(tid("history-empty"))
    assert sidebar.count(ITEM) == 0 and HistoryStore().list() == []
    assert browser.problems == [] and browser.dialogs == []


def test_a_reopened_tab_gets_its_chat_back(browser, fake):
    configure(fake)
    fake.add(text_reply("Eleven minutes."), text_reply("89 euros."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    ask(sidebar, "How fast?")
    url = page.url
    sidebar.close()
    page.close()  # the tab is closed…
    again = browser.open_page("/article")  # …and opened again on the same page
    sidebar = browser.open_sidebar(again)
    sidebar.wait(ANSWER)
    assert sidebar.texts(USER)[0] == "How fast?"
    ask(sidebar, "And the price?")
    assert "Eleven minutes." in json.dumps(fake.requests[-1].json["messages"])  # the same conversation
    open_history(sidebar)
    sidebar.wait(ITEM)
    assert sidebar.count(ITEM) == 1 and "4 messages" in item_text(sidebar, 0)
    assert urlsplit(url).hostname in item_text(sidebar, 0)


def test_history_in_dark_mode(browser_factory, fake):
    configure(fake)
    seed_older_conversations()
    browser = browser_factory(color_scheme="dark")
    sidebar = browser.open_sidebar(browser.open_page("/article"))
    open_history(sidebar)
    items(sidebar, 2)
    sidebar.fill("history-search", "gluten")
    items(sidebar, 1)
    sidebar.hover_css(ITEM)
    sidebar.pause(0.25)  # the row's tools fade in, for the screenshot
    background = sidebar.eval("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"  # the dark palette, not a white page
    sidebar.shot("history-dark")
    assert browser.problems == []



def test_an_open_list_shows_chats_as_they_end_here_and_in_other_tabs(browser, fake):
    configure(fake)
    seed_older_conversations()
    here = browser.open_sidebar(browser.open_page("/article"))
    there = browser.open_sidebar(browser.open_page("/other"))
    # a slow answer in this tab, and the history opened while it streams
    fake.add(text_reply("It boils a litre in eleven minutes. " * 4, pieces=12, delay=0.25))
    here.front()
    here.fill("chat-input", "How fast does the SunBrew boil?")
    here.click("send")
    here.wait(tid("stop"))
    open_history(here)
    items(here, 2)
    # this tab's chat ends: the list shows it, without being opened again
    items(here, 3)
    first_title_is(here, "How fast does the SunBrew boil?")
    # a chat ending in another tab appears too, and the search typed is kept
    here.fill("history-search", "page")
    items(here, 0)
    fake.add(text_reply("Another page, with one short paragraph."))
    there.front()
    ask(there, "What is on this page?")
    items(here, 1)
    assert here.texts(TITLE) == ["What is on this page?"]
    assert here.value(tid("history-search")) == "page"
    assert browser.problems == []


def test_a_conversation_whose_profile_is_gone_continues_with_the_defaults(browser, fake):
    configure(fake)  # no profiles: "Work" was deleted after this conversation
    store = HistoryStore()
    store.append("s-work", [{"role": "user", "content": "Draft a note to the team."},
                            {"role": "assistant", "content": "Here is a short note."}],
                 title="Draft a note to the team.", url="https://mail.example/", profile="Work", model="work-large")
    store.close()
    sidebar = browser.open_sidebar(browser.open_page("/article"))
    picker = tid("picker")
    sidebar.wait_for(f"document.querySelector('{picker}')?.innerText.startsWith('Default · m') || null")
    open_history(sidebar)
    items(sidebar, 1)
    sidebar.click_css(tid("history-open"))
    history_closed(sidebar)
    note = "[data-testid=message][data-role=status]"
    sidebar.wait(note)
    said = sidebar.text(note)
    assert "“Work”" in said and "no longer exists" in said and "default set-up" in said
    assert sidebar.text(picker).startswith("Default · m")
    fake.add(text_reply("Hello team."))
    ask(sidebar, "Make it shorter.")
    assert "Hello team." in sidebar.texts(ANSWER)[-1]
    sent = fake.requests[-1].json
    assert sent["model"] == "m" and "Here is a short note." in json.dumps(sent["messages"])  # the same conversation
    assert browser.problems == []
