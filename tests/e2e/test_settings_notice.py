"""A settings file Tabmate had to repair is told once, in the sidebar, with the problem, where the
original was kept, and an Open Settings button; it is not told again. Written once against
tests/e2e/driver.py and run in real Chromium and real Firefox ESR (each loads the sidebar once)."""

from __future__ import annotations

import json

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import configure, text_reply
from tests.e2e.driver import open_settings, tid

pytestmark = pytest.mark.e2e

NOTICE = tid("notice")


def test_a_repaired_settings_file_is_told_once_with_open_settings(browser, fake):
    configure(fake)
    path = SettingsStore().path
    saved = json.loads(path.read_text("utf-8"))
    path.write_text(json.dumps({**saved, "temperature": "hot"}), "utf-8")  # one value a person broke by hand
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.wait(NOTICE)
    [aside] = path.parent.glob("settings.json.damaged*")
    said = sidebar.text(NOTICE)
    assert "'temperature'" in said and str(aside) in said and "Check your provider, model and key in Settings" in said
    assert json.loads(aside.read_text("utf-8"))["temperature"] == "hot"  # the original is kept as it was
    # the banner keeps its own buttons once the quick actions arrive (they once took its place)
    sidebar.wait_for("document.querySelector('#quick-actions[data-loaded=true]') || null")
    assert sidebar.texts(f"{NOTICE} button") == ["Open Settings", "Dismiss"]
    assert sidebar.count(tid("action-summarize")) == 1
    open_settings(sidebar, "notice-open-settings")
    sidebar.wait(tid("save-settings"))
    assert not sidebar.eval(f"document.querySelector('{NOTICE}')?.checkVisibility()")
    assert sidebar.value(tid("base-url")) == fake.url + "/v1"  # what was readable is kept
    # told once: the sidebar opened again (the helper started afresh) chats without it
    sidebar.close()
    again = browser.open_sidebar(page)
    fake.add(text_reply("Hi."))
    again.fill("chat-input", "hello")
    again.click("send")
    again.wait_answered(1)
    assert not again.eval(f"document.querySelector('{NOTICE}')?.checkVisibility()")
    assert fake.requests[-1].json.get("temperature") != "hot"
    assert browser.problems == []
