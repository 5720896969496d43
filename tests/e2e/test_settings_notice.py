"""Real Chromium: a settings file Tabmate had to repair is told once, in the sidebar, with the
problem, where the original was kept, and an Open Settings button; it is not told again."""

from __future__ import annotations

import json

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import configure, text_reply, wait_answered

pytestmark = pytest.mark.e2e


def _sidebar(chromium, page):
    """The sidebar pinned to ``page``'s tab, loaded once (Browser.open_sidebar loads it twice to
    find the tab id, and a notice sent to the first load would be shown there)."""
    worker = chromium.context.service_workers[0]
    tab = worker.evaluate("async (url) => (await chrome.tabs.query({})).find((t) => t.url === url).id", page.url)
    sidebar = chromium.watch(chromium.context.new_page())
    sidebar.set_viewport_size({"width": 400, "height": 720})
    sidebar.goto(f"chrome-extension://{chromium.ext_id}/sidebar.html?tab={tab}")
    sidebar.wait_for_selector("body[data-ready=true]")
    return sidebar


def test_a_repaired_settings_file_is_told_once_with_open_settings(chromium, fake):
    configure(fake)
    path = SettingsStore().path
    saved = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**saved, "temperature": "hot"}), "utf-8")  # one value a person broke by hand
    page = chromium.open_page("/article")
    sidebar = _sidebar(chromium, page)
    notice = sidebar.get_by_test_id("notice")
    notice.wait_for(state="visible")
    [aside] = path.parent.glob("settings.json.damaged*")
    said = notice.inner_text()
    assert "'temperature'" in said and str(aside) in said and "Check your provider, model and key in Settings" in said
    assert json.loads(aside.read_text("utf-8"))["temperature"] == "hot"  # the original is kept as it was
    # the banner keeps its own buttons once the quick actions arrive (they once took its place)
    sidebar.locator("#quick-actions[data-loaded=true]").wait_for(state="attached")
    assert notice.get_by_role("button").all_inner_texts() == ["Open Settings", "Dismiss"]
    assert sidebar.get_by_test_id("action-summarize").count() == 1
    sidebar.get_by_test_id("notice-open-settings").click()
    sidebar.get_by_test_id("save-settings").wait_for(state="visible")
    assert notice.is_hidden()
    assert sidebar.get_by_test_id("base-url").input_value() == fake.url + "/v1"  # what was readable is kept
    # told once: the sidebar opened again (the helper started afresh) chats without it
    sidebar.close()
    again = _sidebar(chromium, page)
    fake.add(text_reply("Hi."))
    again.get_by_test_id("chat-input").fill("hello")
    again.get_by_test_id("send").click()
    wait_answered(again, 1)
    assert again.get_by_test_id("notice").is_hidden()
    assert fake.requests[-1].json.get("temperature") != "hot"
    assert chromium.problems == []
