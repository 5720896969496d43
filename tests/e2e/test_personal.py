"""Saved prompts, the model picker and the chat comforts, written once against
tests/e2e/driver.py and run in real Chromium and real Firefox ESR, against the real host and the
loopback fake provider."""

from __future__ import annotations

import json

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import API_KEY, auth_checking_default, configure, text_reply
from tests.e2e.driver import ANSWER, open_settings, tid
from tests.support.fake_provider import FakeProvider

pytestmark = pytest.mark.e2e

USER = "[data-testid=message][data-role=user]"


def last_request(fake) -> str:
    messages = [r for r in fake.requests if r.path.endswith("/chat/completions")][-1].json["messages"]
    return "\n".join(m.get("content") or "" for m in messages)


def shows(view, css: str, text: str) -> None:
    """Until an element matching css shows text (like Playwright's filter(has_text=…).wait_for())."""
    view.wait_for(f"[...document.querySelectorAll({json.dumps(css)})].some((e) => e.checkVisibility() "
                  f"&& e.innerText.includes({json.dumps(text)})) || null")


def gone(view, css: str) -> None:
    view.wait_for(f"!document.querySelector({json.dumps(css)}) || null")


def test_slash_menu_completes_and_runs_a_saved_prompt(browser, fake):
    configure(fake)
    fake.add(text_reply("Solar kettles boil water with sunlight."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.wait_for("document.querySelector('.actions[data-loaded=true]')")  # the library is in
    sidebar.type("chat-input", "/tr")
    menu = tid("slash-menu")
    sidebar.wait(menu)
    items = f"{menu} {tid('slash-item')}"
    assert sidebar.attr(items, "data-prompt") == "translate"
    assert "Translate" in sidebar.texts(items)[0]
    sidebar.shot("slash-menu")
    sidebar.press("chat-input", "Enter")  # completes, does not send
    assert sidebar.value(tid("chat-input")) == "/translate "
    assert not sidebar.eval(f"document.querySelector('{menu}')?.checkVisibility() ?? false")
    assert sidebar.count(USER) == 0
    sidebar.type("chat-input", "keep it short")
    sidebar.press("chat-input", "Enter")
    sidebar.wait_answered(1)
    assert sidebar.text(USER).startswith("Translate: keep it short")
    assert "Solar kettles boil water" in sidebar.text(ANSWER)
    sent = last_request(fake)
    assert "Translate this into English" in sent and "keep it short" in sent
    assert "/translate" not in sent
    assert browser.problems == []


def saved(sidebar) -> None:
    """Every change to the prompt list has come back from the helper (the list is drawn anew)."""
    sidebar.wait_for("!document.querySelector('#prompts-section[data-saving]')")


def test_prompt_library_drives_chips_and_the_context_menu(browser, fake):
    configure(fake)
    fake.add(text_reply("Like you're five: the sun heats the water."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.wait(tid("action-draft"))
    open_settings(sidebar)
    sidebar.wait(tid("prompt-row"))
    # hide Summarize from the quick actions
    sidebar.uncheck_css(f"[data-testid=prompt-row][data-prompt=summarize] {tid('prompt-chip')}")
    gone(sidebar, tid("action-summarize"))
    # a new prompt, shown as a chip and in the context menu
    sidebar.click("prompt-add")
    sidebar.fill("prompt-title", "Like I'm five")
    sidebar.fill("prompt-id", "eli5")
    sidebar.fill("prompt-template", "Explain {{selection}} like I'm five.")
    sidebar.click("prompt-save")
    new = "[data-testid=prompt-row][data-prompt=eli5]"
    sidebar.wait(new)
    # both boxes ticked in one go: the second change is made to the list the first one left
    # (each used to save the list as drawn, so the second undid the first)
    sidebar.eval(f"document.querySelector(\"{new} {tid('prompt-chip')}\").click();"
                 f"document.querySelector(\"{new} {tid('prompt-menu')}\").click(); true")
    saved(sidebar)
    assert sidebar.eval(f"document.querySelector(\"{new} {tid('prompt-chip')}\").checked") is True
    assert sidebar.eval(f"document.querySelector(\"{new} {tid('prompt-menu')}\").checked") is True
    sidebar.wait_for(f"document.querySelector('{tid('action-eli5')}')")
    sidebar.shot("saved-prompts")
    # the background built a context-menu entry for it
    entry = {"id": "eli5", "title": "Like I'm five", "menuId": "tabmate-prompt:eli5"}
    for _ in range(100):  # until the background has it (the settings reach it through the host)
        if entry in browser.in_background("bg.tabmate.menuEntries()"):
            break
        sidebar.pause(0.1)
    assert entry in browser.in_background("bg.tabmate.menuEntries()")
    # the browser's click on it (the same handler (chrome|browser).contextMenus.onClicked calls)
    tab = sidebar.eval(f"(async () => (await (globalThis.browser ?? chrome).tabs.query({{}})).find("
                       f"(t) => t.url === {json.dumps(page.url)}).id)()")
    browser.in_background(f"""bg.tabmate.menuClicked(
        {{menuItemId: "tabmate-prompt:eli5", selectionText: "solar kettle", pageUrl: {json.dumps(page.url)}}},
        {{id: {tab}, windowId: 1, url: {json.dumps(page.url)}}})""")
    sidebar.click("open-settings")  # back to the chat
    sidebar.wait_answered(1)
    assert sidebar.text(USER).startswith("Like I'm five")
    assert "the sun heats the water" in sidebar.text(ANSWER)
    sent = last_request(fake)
    assert "like I'm five" in sent and "solar kettle" in sent
    assert browser.problems == []


def test_regenerate_edit_with_arrow_up_copy_and_escape(browser, fake):
    configure(fake)
    fake.add(text_reply("First answer."), text_reply("Second answer."), text_reply("Answer to the edit."))
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    sidebar.fill("chat-input", "How heavy is it?")
    sidebar.press("chat-input", "Enter")
    sidebar.wait_answered(1)
    assert "First answer." in sidebar.text(ANSWER)
    # regenerate: the same question, a new answer in place of the old one
    sidebar.click("regenerate")
    shows(sidebar, ANSWER, "Second answer.")
    sidebar.wait_idle()
    assert sidebar.count(ANSWER) == 1 and sidebar.count(USER) == 1
    sent = last_request(fake)
    assert "First answer." not in sent and sent.count("How heavy is it?") == 1
    # ↑ in the empty composer edits the last question; sending replaces it
    sidebar.click("chat-input")
    sidebar.press("chat-input", "ArrowUp")
    assert sidebar.value(tid("chat-input")) == "How heavy is it?"
    sidebar.wait(tid("editing"))
    sidebar.fill("chat-input", "How heavy is it, folded?")
    sidebar.press("chat-input", "Enter")
    shows(sidebar, ANSWER, "Answer to the edit.")
    sidebar.wait_idle()
    assert sidebar.texts(USER) == ["How heavy is it, folded?"]
    assert "Answer to the edit." in sidebar.text(ANSWER)
    sent = last_request(fake)
    assert "Second answer." not in sent and "How heavy is it?" not in sent
    # copy the whole conversation
    browser.allow_clipboard()
    sidebar.click("copy-chat")
    sidebar.wait_for("document.querySelector('[data-testid=copy-chat]')")  # still there after the copy
    copied = sidebar.clipboard()
    assert "**You:** How heavy is it, folded?" in copied and "**Tabmate:** Answer to the edit." in copied
    # Esc stops a running answer, wherever the focus is
    fake.add(text_reply("a slow answer " * 20, pieces=20, delay=0.3))
    sidebar.fill("chat-input", "Tell me more")
    sidebar.press("chat-input", "Enter")
    sidebar.wait(tid("stop"))
    sidebar.click_css("#log")
    sidebar.press_key("Escape")
    shows(sidebar, ANSWER, "[Request cancelled]")
    sidebar.wait_idle()
    assert "[Request cancelled]" in sidebar.text(ANSWER)
    assert browser.problems == []


def test_model_picker_switches_profile_and_model_for_this_chat(browser, fake):
    with FakeProvider() as other:
        other.default = auth_checking_default
        configure(fake, profiles={"Big": {"provider": "openai_compatible", "base_url": other.url + "/v1",
                                          "model": "m-large", "api_key": API_KEY}})
        page = browser.open_page("/article")
        sidebar = browser.open_sidebar(page)
        picker = tid("picker")
        shows(sidebar, picker, "Default · m")
        sidebar.click("picker")
        sidebar.wait(tid("picker-pop"))
        sidebar.select("picker-profile", "Big")
        sidebar.wait_for(f"document.querySelector('{tid('picker-model')} option[value=m]')")  # the profile's server listed its models
        sidebar.select("picker-model", "m")
        assert sidebar.text(picker).startswith("Big · m")
        sidebar.shot("model-picker")
        sidebar.fill("chat-input", "Which model are you?")
        sidebar.click("send")
        sidebar.wait_answered(1)
        asked = [r for r in other.requests if r.path.endswith("/chat/completions")]
        assert len(asked) == 1 and asked[0].json["model"] == "m"
        assert asked[0].headers["authorization"] == f"Bearer {API_KEY}"
        assert not [r for r in fake.requests if r.path.endswith("/chat/completions")]
        # remembered with the conversation: the sidebar reopened shows the same choice
        again = sidebar.reopen()
        shows(again, picker, "Big · m")
        # Test connection per profile, in Settings → Profiles
        open_settings(again)
        row = "[data-testid=profile-row][data-profile=Big]"
        again.click_css(f"{row} {tid('profile-test')}")
        again.wait(f"{row} [data-testid=profile-test-result][data-ok=true]")
        assert "m-large" in again.text(f"{row} {tid('profile-test-result')}")
        again.shot("profiles")
        # a new chat starts with the defaults again
        again.click("new-chat")
        shows(again, picker, "Default · m")
        # and the conversation opened again from History comes back with its profile / model
        again.click("open-history")
        again.click_css(f"{tid('history-item')} {tid('history-open')}")
        again.wait_for(f"!document.querySelector('{tid('history')}')?.checkVisibility() || null")
        shows(again, picker, "Big · m")
        shows(again, USER, "Which model are you?")  # the conversation follows when the host has sent it
        assert again.texts(USER)[0] == "Which model are you?"
        assert browser.problems == []


def test_settings_export_has_no_keys_and_import_restores_the_rest(browser, fake, tmp_path):
    configure(fake, system_prompt="Answer in German.", profiles={"Other": {
        "provider": "openai_compatible", "base_url": fake.url + "/v1", "api_key": "sk-profile-secret"}})
    page = browser.open_page("/article")
    sidebar = browser.open_sidebar(page)
    open_settings(sidebar)
    sidebar.wait(tid("system-prompt"))
    text = sidebar.download(tid("export-settings")).read_text("utf-8")
    assert API_KEY not in text and "sk-profile-secret" not in text and "api_key" not in text
    exported = json.loads(text)["settings"]
    assert exported["system_prompt"] == "Answer in German." and "Other" in exported["profiles"]
    # change it, add a key the file must not be able to set, and import it again
    exported["system_prompt"] = "Answer in French."
    exported["api_key"] = "sk-from-a-file"
    exported["profiles"]["Other"]["api_key"] = "sk-from-a-file"
    exported["mcp_servers"] = {"evil": {"command": "rm", "args": ["-rf", "/"]}}
    exported["allowed_sites"] = {"https://evil.example": ["click_element"]}
    changed = tmp_path / "settings.json"
    changed.write_text(json.dumps({"settings": exported}), "utf-8")
    sidebar.upload("import-settings", changed)
    sidebar.wait_for(f"document.querySelector('{tid('system-prompt')}').value === 'Answer in French.' || null")
    store = SettingsStore()
    for _ in range(100):  # until the host has stored it (the sidebar shows it as it saves)
        if store.load().system_prompt == "Answer in French.":
            break
        sidebar.pause(0.1)
    settings, key = store.resolve()
    assert settings.system_prompt == "Answer in French." and key == API_KEY
    assert settings.mcp_servers == {} and settings.allowed_sites == {}
    _, profile_key = store.resolve({"profile": "Other"})
    assert profile_key == "sk-profile-secret"
    assert browser.problems == []
