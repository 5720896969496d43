"""Saved prompts, the model picker and the chat comforts in real headless Chromium, against the
real host and the loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import answers, configure, shot, text_reply, wait_answered, wait_idle

pytestmark = pytest.mark.e2e


def last_request(fake) -> str:
    messages = [r for r in fake.requests if r.path.endswith("/chat/completions")][-1].json["messages"]
    return "\n".join(m.get("content") or "" for m in messages)


def user_bubbles(sidebar):
    return sidebar.locator("[data-testid=message][data-role=user]")


def test_slash_menu_completes_and_runs_a_saved_prompt(chromium, fake):
    configure(fake)
    fake.add(text_reply("Solar kettles boil water with sunlight."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    box = sidebar.get_by_test_id("chat-input")
    sidebar.locator(".actions[data-loaded=true]").wait_for(state="attached")  # the library is in
    box.type("/tr")
    menu = sidebar.get_by_test_id("slash-menu")
    menu.wait_for(state="visible")
    items = menu.get_by_test_id("slash-item")
    assert items.first.get_attribute("data-prompt") == "translate"
    assert "Translate" in items.first.inner_text()
    shot(sidebar, "slash-menu")
    box.press("Enter")  # completes, does not send
    assert box.input_value() == "/translate "
    assert menu.is_hidden() and user_bubbles(sidebar).count() == 0
    box.type("keep it short")
    box.press("Enter")
    wait_answered(sidebar, 1)
    assert user_bubbles(sidebar).last.inner_text().startswith("Translate: keep it short")
    assert "Solar kettles boil water" in answers(sidebar).last.inner_text()
    sent = last_request(fake)
    assert "Translate this into English" in sent and "keep it short" in sent
    assert "/translate" not in sent
    assert chromium.problems == []


def test_prompt_library_drives_chips_and_the_context_menu(chromium, fake):
    configure(fake)
    fake.add(text_reply("Like you're five: the sun heats the water."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("action-draft").wait_for()
    sidebar.get_by_test_id("open-settings").click()
    rows = sidebar.get_by_test_id("prompt-row")
    rows.first.wait_for()
    # hide Summarize from the quick actions
    summarize = sidebar.locator("[data-testid=prompt-row][data-prompt=summarize]")
    summarize.get_by_test_id("prompt-chip").uncheck()
    sidebar.get_by_test_id("action-summarize").wait_for(state="detached")
    # a new prompt, shown as a chip and in the context menu
    sidebar.get_by_test_id("prompt-add").click()
    sidebar.get_by_test_id("prompt-title").fill("Like I'm five")
    sidebar.get_by_test_id("prompt-id").fill("eli5")
    sidebar.get_by_test_id("prompt-template").fill("Explain {{selection}} like I'm five.")
    sidebar.get_by_test_id("prompt-save").click()
    new = sidebar.locator("[data-testid=prompt-row][data-prompt=eli5]")
    new.wait_for()
    new.get_by_test_id("prompt-chip").check()
    new.get_by_test_id("prompt-menu").check()
    sidebar.get_by_test_id("action-eli5").wait_for(state="attached")
    shot(sidebar, "saved-prompts")
    # the background built a context-menu entry for it
    worker = chromium.context.service_workers[0]
    worker_entries = lambda: worker.evaluate("globalThis.tabmate.menuEntries()")  # noqa: E731
    sidebar.wait_for_timeout(300)
    assert {"id": "eli5", "title": "Like I'm five", "menuId": "tabmate-prompt:eli5"} in worker_entries()
    # the browser's click on it (the same handler chrome.contextMenus.onClicked calls)
    tab = chromium.tab_id(sidebar, page.url)
    worker.evaluate("""([tab, url]) => globalThis.tabmate.menuClicked(
        {menuItemId: "tabmate-prompt:eli5", selectionText: "solar kettle", pageUrl: url},
        {id: tab, windowId: 1, url})""", [tab, page.url])
    sidebar.get_by_test_id("open-settings").click()  # back to the chat
    wait_idle(sidebar)
    user_bubbles(sidebar).first.wait_for()
    assert user_bubbles(sidebar).last.inner_text().startswith("Like I'm five")
    assert "the sun heats the water" in answers(sidebar).last.inner_text()
    sent = last_request(fake)
    assert "like I'm five" in sent and "solar kettle" in sent
    assert chromium.problems == []


def test_regenerate_edit_with_arrow_up_copy_and_escape(chromium, fake):
    configure(fake)
    fake.add(text_reply("First answer."), text_reply("Second answer."), text_reply("Answer to the edit."))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    box = sidebar.get_by_test_id("chat-input")
    box.fill("How heavy is it?")
    box.press("Enter")
    wait_answered(sidebar, 1)
    assert "First answer." in answers(sidebar).last.inner_text()
    # regenerate: the same question, a new answer in place of the old one
    sidebar.get_by_test_id("regenerate").click()
    answers(sidebar).filter(has_text="Second answer.").wait_for()
    wait_idle(sidebar)
    assert answers(sidebar).count() == 1 and user_bubbles(sidebar).count() == 1
    sent = last_request(fake)
    assert "First answer." not in sent and sent.count("How heavy is it?") == 1
    # ↑ in the empty composer edits the last question; sending replaces it
    box.click()
    box.press("ArrowUp")
    assert box.input_value() == "How heavy is it?"
    sidebar.get_by_test_id("editing").wait_for(state="visible")
    box.fill("How heavy is it, folded?")
    box.press("Enter")
    wait_idle(sidebar)
    assert [b.inner_text() for b in user_bubbles(sidebar).all()] == ["How heavy is it, folded?"]
    assert "Answer to the edit." in answers(sidebar).last.inner_text()
    sent = last_request(fake)
    assert "Second answer." not in sent and "How heavy is it?" not in sent
    # copy the whole conversation
    chromium.context.grant_permissions(["clipboard-read", "clipboard-write"])
    sidebar.get_by_test_id("copy-chat").click()
    copied = sidebar.evaluate("navigator.clipboard.readText()")
    assert "**You:** How heavy is it, folded?" in copied and "**Tabmate:** Answer to the edit." in copied
    # Esc stops a running answer, wherever the focus is
    fake.add(text_reply("a slow answer " * 20, pieces=20, delay=0.3))
    box.fill("Tell me more")
    box.press("Enter")
    sidebar.get_by_test_id("stop").wait_for(state="visible")
    sidebar.locator("#log").click()
    sidebar.keyboard.press("Escape")
    wait_idle(sidebar)
    assert "[Request cancelled]" in answers(sidebar).last.inner_text()
    assert chromium.problems == []


def test_model_picker_switches_profile_and_model_for_this_chat(chromium, fake):
    from tests.e2e.conftest import API_KEY, auth_checking_default
    from tests.support.fake_provider import FakeProvider

    with FakeProvider() as other:
        other.default = auth_checking_default
        configure(fake, profiles={"Big": {"provider": "openai_compatible", "base_url": other.url + "/v1",
                                          "model": "m-large", "api_key": API_KEY}})
        page = chromium.open_page("/article")
        sidebar = chromium.open_sidebar(page)
        picker = sidebar.get_by_test_id("picker")
        picker.filter(has_text="Default · m").wait_for()
        picker.click()
        sidebar.get_by_test_id("picker-pop").wait_for(state="visible")
        sidebar.get_by_test_id("picker-profile").select_option("Big")
        model = sidebar.get_by_test_id("picker-model")
        model.locator("option[value=m]").wait_for(state="attached")  # the profile's server listed its models
        model.select_option("m")
        assert picker.inner_text().startswith("Big · m")
        shot(sidebar, "model-picker")
        sidebar.get_by_test_id("chat-input").fill("Which model are you?")
        sidebar.get_by_test_id("send").click()
        wait_idle(sidebar)
        asked = [r for r in other.requests if r.path.endswith("/chat/completions")]
        assert len(asked) == 1 and asked[0].json["model"] == "m"
        assert asked[0].headers["authorization"] == f"Bearer {API_KEY}"
        assert not [r for r in fake.requests if r.path.endswith("/chat/completions")]
        # remembered with the conversation: the sidebar reopened shows the same choice
        url = sidebar.url
        sidebar.close()
        again = chromium.watch(chromium.context.new_page())
        again.goto(url)
        again.get_by_test_id("picker").filter(has_text="Big · m").wait_for()
        # Test connection per profile, in Settings → Profiles
        again.get_by_test_id("open-settings").click()
        row = again.locator("[data-testid=profile-row][data-profile=Big]")
        row.get_by_test_id("profile-test").click()
        row.locator("[data-testid=profile-test-result][data-ok=true]").wait_for()
        assert "m-large" in row.get_by_test_id("profile-test-result").inner_text()
        shot(again, "profiles")
        # a new chat starts with the defaults again
        again.get_by_test_id("new-chat").click()
        again.get_by_test_id("picker").filter(has_text="Default · m").wait_for()
        # and the conversation opened again from History comes back with its profile / model
        again.get_by_test_id("open-history").click()
        again.get_by_test_id("history-item").first.get_by_test_id("history-open").click()
        again.get_by_test_id("history").wait_for(state="hidden")
        again.get_by_test_id("picker").filter(has_text="Big · m").wait_for()
        assert again.locator("[data-testid=message][data-role=user]").first.inner_text() == "Which model are you?"
        assert chromium.problems == []


def test_settings_export_has_no_keys_and_import_restores_the_rest(chromium, fake, tmp_path):
    import json

    from tests.e2e.conftest import API_KEY
    from native_host.settings import SettingsStore

    configure(fake, system_prompt="Answer in German.", profiles={"Other": {
        "provider": "openai_compatible", "base_url": fake.url + "/v1", "api_key": "sk-profile-secret"}})
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("open-settings").click()
    sidebar.get_by_test_id("system-prompt").wait_for()
    with sidebar.expect_download() as got:
        sidebar.get_by_test_id("export-settings").click()
    text = open(got.value.path(), encoding="utf-8").read()
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
    with sidebar.expect_file_chooser() as chooser:
        sidebar.get_by_test_id("import-settings").click()
    chooser.value.set_files(str(changed))
    sidebar.get_by_test_id("system-prompt").filter(has_text="").wait_for()
    sidebar.wait_for_timeout(500)
    assert sidebar.get_by_test_id("system-prompt").input_value() == "Answer in French."
    store = SettingsStore()
    settings, key = store.resolve()
    assert settings.system_prompt == "Answer in French." and key == API_KEY
    assert settings.mcp_servers == {} and settings.allowed_sites == {}
    _, profile_key = store.resolve({"profile": "Other"})
    assert profile_key == "sk-profile-secret"
    assert chromium.problems == []
