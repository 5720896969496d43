"""The history view in real headless Chromium, over the real host and its SQLite history:
search as you type, open and continue, rename, export, delete, clear all, a reopened tab."""

from __future__ import annotations

import json
import sqlite3
import time
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from native_host.history import HistoryStore
from native_host.settings import SettingsStore
from tests.e2e.conftest import answers, configure, shot, text_reply, wait_idle

pytestmark = pytest.mark.e2e


def ask(sidebar, text: str) -> None:
    """Send a question and wait for its answer to be complete."""
    before = answers(sidebar).count()
    sidebar.get_by_test_id("chat-input").fill(text)
    sidebar.get_by_test_id("send").click()
    expect(answers(sidebar)).to_have_count(before + 1)
    wait_idle(sidebar)


def open_history(sidebar):
    sidebar.get_by_test_id("open-history").click()
    sidebar.get_by_test_id("history").wait_for(state="visible")
    return sidebar.get_by_test_id("history-item")


def titles(sidebar) -> list[str]:
    return sidebar.get_by_test_id("history-title").all_inner_texts()


def seed_older_conversations() -> None:
    store = HistoryStore()
    store.append("s-bread", [{"role": "user", "content": "How long should sourdough rise?"},
                             {"role": "assistant", "content": "About **8 to 12 hours** at room temperature."}],
                 title="How long should sourdough rise?", url="https://bread.example/sourdough")
    store.append("s-rye", [{"role": "user", "content": "Is rye flour gluten free?"},
                           {"role": "assistant", "content": "No, rye contains gluten (secalin)."}],
                 title="Is rye flour gluten free?", url="https://bread.example/rye")
    store.close()


def test_search_reopen_continue_and_delete(chromium, fake):
    configure(fake)
    seed_older_conversations()
    fake.add(text_reply("It boils a litre in eleven minutes."), text_reply("A new chat about the kettle."),
             text_reply("Start the dough the evening before."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    ask(sidebar, "How fast does the SunBrew boil?")
    sidebar.get_by_test_id("new-chat").click()  # a new chat: a new conversation, the old one kept
    sidebar.wait_for_selector("#empty:visible")
    ask(sidebar, "Does it fold flat?")

    items = open_history(sidebar)
    items.nth(3).wait_for()
    assert titles(sidebar) == ["Does it fold flat?", "How fast does the SunBrew boil?",
                               "Is rye flour gluten free?", "How long should sourdough rise?"]
    assert "bread.example" in items.nth(3).inner_text() and "2 messages" in items.nth(3).inner_text()
    items.first.hover()  # shows the row's tools: rename, export (MD, JSON), delete
    sidebar.wait_for_timeout(250)  # their fade-in
    shot(sidebar, "history")

    # search as you type: every word, the last one as a prefix, in questions and answers
    search = sidebar.get_by_test_id("history-search")
    search.press_sequentially("room temp", delay=40)
    expect(items).to_have_count(1)
    assert titles(sidebar) == ["How long should sourdough rise?"]
    assert "room temperature" in items.first.inner_text()  # the snippet shows the hit
    shot(sidebar, "history-search")
    search.fill("nothing-like-this")
    sidebar.get_by_test_id("history-empty").wait_for(state="visible")
    assert "matches" in sidebar.get_by_test_id("history-empty").inner_text()
    search.fill("sourdough")
    expect(items).to_have_count(1)

    # open it in this tab and continue: the model gets the old exchange back from the host
    items.first.get_by_test_id("history-open").click()
    sidebar.get_by_test_id("history").wait_for(state="hidden")
    user = sidebar.locator("[data-testid=message][data-role=user]")
    assert user.first.inner_text() == "How long should sourdough rise?"
    assert "8 to 12 hours" in answers(sidebar).first.inner_text()
    assert answers(sidebar).first.locator("strong").inner_text() == "8 to 12 hours"
    ask(sidebar, "When should I start it?")
    assert "evening before" in answers(sidebar).last.inner_text()
    sent = json.dumps(fake.requests[-1].json["messages"])
    assert "How long should sourdough rise?" in sent and "8 to 12 hours" in sent
    items = open_history(sidebar)
    expect(sidebar.get_by_test_id("history-title").first).to_have_text("How long should sourdough rise?")
    assert "4 messages" in items.first.inner_text()  # continued, and now the newest

    # delete one: gone from the list, from the host, and from the tab that showed it
    items.first.hover()  # the row's tools show on hover, as for a person
    items.first.get_by_test_id("history-delete").click()
    expect(items).to_have_count(3)
    assert "How long should sourdough rise?" not in titles(sidebar)
    assert [i["session"] for i in HistoryStore().list("sourdough")] == []
    sidebar.get_by_test_id("close-history").click()
    sidebar.wait_for_selector("#empty:visible")
    assert chromium.problems == [] and chromium.dialogs == []


def test_rename_export_and_clear_all(chromium, fake, tmp_path):
    configure(fake)
    seed_older_conversations()
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    items = open_history(sidebar)
    items.nth(1).wait_for()

    items.first.hover()  # the row's tools show on hover, as for a person

    items.first.get_by_test_id("history-rename").click()
    box = sidebar.get_by_test_id("history-rename-input")
    box.fill("Rye and gluten")
    box.press("Enter")
    expect(sidebar.get_by_test_id("history-title").first).to_have_text("Rye and gluten")
    assert HistoryStore().get("s-rye")["title"] == "Rye and gluten"

    with sidebar.expect_download() as got:
        items.first.hover()  # the row's tools show on hover, as for a person
        items.first.get_by_test_id("history-export-markdown").click()
    md = got.value
    assert md.suggested_filename.endswith("-rye-and-gluten.md")
    target = tmp_path / md.suggested_filename
    md.save_as(target)
    text = target.read_text("utf-8")
    assert text.startswith("# Rye and gluten\n") and "No, rye contains gluten (secalin)." in text
    with sidebar.expect_download() as got:
        items.first.hover()  # the row's tools show on hover, as for a person
        items.first.get_by_test_id("history-export-json").click()
    target = tmp_path / got.value.suggested_filename
    got.value.save_as(target)
    assert json.loads(target.read_text("utf-8"))["messages"][0]["text"] == "Is rye flour gluten free?"

    # keeping conversations 30 days deletes older ones at once
    with sqlite3.connect(HistoryStore().path) as db:
        db.execute("UPDATE conversations SET updated = ? WHERE session = 's-bread'", (time.time() - 40 * 86400,))
    sidebar.get_by_test_id("close-history").click()
    items = open_history(sidebar)
    expect(items).to_have_count(2)
    expect(sidebar.get_by_test_id("history-retention")).to_have_value("")  # default: forever
    sidebar.get_by_test_id("history-retention").select_option("30")
    expect(items).to_have_count(1)
    assert SettingsStore().load().history_retention == 30 and [i["session"] for i in HistoryStore().list()] == ["s-rye"]
    sidebar.get_by_test_id("history-retention").select_option("")
    store = HistoryStore()
    store.append("s-new", [{"role": "user", "content": "One more"}, {"role": "assistant", "content": "Sure."}], title="One more")
    store.close()
    sidebar.get_by_test_id("close-history").click()
    items = open_history(sidebar)
    expect(items).to_have_count(2)

    # clear all asks first; Cancel keeps everything
    sidebar.get_by_test_id("history-clear-all").click()
    sidebar.get_by_test_id("history-clear-cancel").click()
    assert items.count() == 2 and len(HistoryStore().list()) == 2
    sidebar.get_by_test_id("history-clear-all").click()
    sidebar.get_by_test_id("history-clear-confirm").wait_for(state="visible")
    shot(sidebar, "history-clear-all")
    sidebar.get_by_test_id("history-clear-confirm").click()
    sidebar.get_by_test_id("history-empty").wait_for(state="visible")
    assert items.count() == 0 and HistoryStore().list() == []
    assert chromium.problems == [] and chromium.dialogs == []


def test_a_reopened_tab_gets_its_chat_back(chromium, fake):
    configure(fake)
    fake.add(text_reply("Eleven minutes."), text_reply("89 euros."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    ask(sidebar, "How fast?")
    url = page.url
    sidebar.close()
    page.close()  # the tab is closed…
    again = chromium.open_page("/article")  # …and opened again on the same page
    sidebar = chromium.open_sidebar(again)
    answers(sidebar).first.wait_for()
    assert sidebar.locator("[data-testid=message][data-role=user]").first.inner_text() == "How fast?"
    ask(sidebar, "And the price?")
    assert "Eleven minutes." in json.dumps(fake.requests[-1].json["messages"])  # the same conversation
    items = open_history(sidebar)
    items.first.wait_for()
    assert items.count() == 1 and "4 messages" in items.first.inner_text()
    assert urlsplit(url).hostname in items.first.inner_text()


def test_history_in_dark_mode(chromium_factory, fake):
    configure(fake)
    seed_older_conversations()
    browser = chromium_factory(color_scheme="dark")
    sidebar = browser.open_sidebar(browser.open_page("/article"))
    items = open_history(sidebar)
    expect(items).to_have_count(2)
    sidebar.get_by_test_id("history-search").fill("gluten")
    expect(items).to_have_count(1)
    items.first.hover()
    sidebar.wait_for_timeout(250)
    background = sidebar.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(255, 255, 255)"  # the dark palette, not a white page
    shot(sidebar, "history-dark")
    assert browser.problems == []
