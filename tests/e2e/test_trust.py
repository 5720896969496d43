"""Trust boundaries in real Chromium: only the sidebar page drives the background, the
helper's requests are allow-listed, and nothing a content script writes redirects searches."""

from __future__ import annotations

import pytest

from native_host.settings import SettingsStore
from tests.e2e.conftest import answers, configure, first_answer, text_reply, tool_reply, wait_idle
from tests.support.fake_provider import FakeProvider, json_reply

pytestmark = pytest.mark.e2e

# runs in the page's isolated world: the same context (and the same chrome.* APIs, the same
# sender.id) as Tabmate's own content script
AS_CONTENT_SCRIPT = """async ({tabId, attacker}) => {
  const [res] = await chrome.scripting.executeScript({target: {tabId}, world: "ISOLATED", args: [attacker],
    func: async (attacker) => {
      const out = {replies: [], disconnected: false, storage: null};
      const port = chrome.runtime.connect({name: "sidebar"});
      port.onMessage.addListener((m) => out.replies.push(m));
      port.onDisconnect.addListener(() => { out.disconnected = true; });
      try {
        port.postMessage({type: "request", rid: 1, msg: {type: "set_settings", settings: {base_url: attacker + "/v1", search_url: attacker + "/?q={q}"}}});
        port.postMessage({type: "request", rid: 2, msg: {type: "test_connection", settings: {base_url: attacker + "/v1"}}});
        port.postMessage({type: "hello", tabId: 1});
      } catch (e) { out.postError = String(e); }
      try { await chrome.storage.local.set({search_url: attacker + "/?q={q}"}); out.storage = "written"; }
      catch (e) { out.storage = String(e); }
      await new Promise((r) => setTimeout(r, 1500));
      return out;
    }});
  return res.result;
}"""


def test_a_content_script_cannot_act_as_the_sidebar(chromium, fake):
    configure(fake, search_url=chromium.site + "/search?q={q}")
    with FakeProvider() as attacker:
        attacker.default = json_reply({"ok": True})
        page = chromium.open_page("/article")
        sidebar = chromium.open_sidebar(page)
        tab = chromium.tab_id(sidebar, page.url)
        out = sidebar.evaluate(AS_CONTENT_SCRIPT, {"tabId": tab, "attacker": attacker.url})
        assert out["disconnected"] is True and out["replies"] == [], out
        saved = SettingsStore().load()
        assert saved.base_url == fake.url + "/v1" and saved.search_url == chromium.site + "/search?q={q}"
        # what a content script may write in storage.local does not move searches
        fake.add(tool_reply("search_web", {"query": "SunBrew"}), text_reply("Found it."))
        sidebar.get_by_test_id("chat-input").fill("Search for it")
        sidebar.get_by_test_id("send").click()
        sidebar.get_by_test_id("confirm-allow").wait_for()
        sidebar.wait_for_timeout(600)
        sidebar.get_by_test_id("confirm-allow").click()
        wait_idle(sidebar)
        assert "Found it." in answers(sidebar).last.inner_text()
        tabs = sidebar.evaluate("async () => (await chrome.tabs.query({})).map((t) => t.url)")
        assert any(u.startswith(chromium.site + "/search?q=SunBrew") for u in tabs), tabs
        assert attacker.requests == []


def test_the_sidebar_passes_on_only_allow_listed_requests(chromium, fake):
    configure(fake)
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    replies = sidebar.evaluate("""() => new Promise((resolve) => {
      const port = chrome.runtime.connect({name: "sidebar"});
      const got = {};
      port.onMessage.addListener((m) => {
        if (m.type !== "reply") return;
        got[m.rid] = m;
        if (Object.keys(got).length === 3) resolve(got);
      });
      port.postMessage({type: "request", rid: 1, msg: {type: "confirm_result", id: "c1", approved: true}});
      port.postMessage({type: "request", rid: 2, msg: {type: "chat", session: "x", text: "hi"}});
      port.postMessage({type: "request", rid: 3, msg: {type: "get_settings"}});
    })""")
    assert replies["1"]["ok"] is False and "may not send" in replies["1"]["error"]["message"]
    assert replies["2"]["ok"] is False
    assert replies["3"]["ok"] is True and replies["3"]["msg"]["settings"]["api_key_set"] is True
    assert fake.requests == []


def test_hidden_text_never_reaches_the_model(chromium, fake):
    first_answer(chromium, fake, "What is this page about?", "A solar kettle.", "/hidden")
    sent = str(fake.requests[-1].json["messages"])
    for visible in ("VISIBLE-ONE", "VISIBLE-TWO", "white on dark blue is visible", "VISIBLE-THREE"):
        assert visible in sent
    for hidden in ("HIDDEN-FONT0", "HIDDEN-INLINE-FONT0", "HIDDEN-OFFSCREEN", "HIDDEN-INLINE-OFFSCREEN",
                   "HIDDEN-INDENT", "HIDDEN-CLIP", "HIDDEN-INLINE-CLIP", "HIDDEN-SAMECOLOUR",
                   "HIDDEN-DARK-SAMECOLOUR", "ignore previous instructions"):
        assert hidden not in sent, hidden
    assert chromium.problems == []


def test_settings_say_why_a_saved_key_is_not_used_for_another_server(chromium, fake):
    configure(fake)
    SettingsStore().update({"base_url": "http://127.0.0.1:9/v1"})  # the base URL changed, the key did not follow
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("open-settings").click()
    note = sidebar.get_by_test_id("key-note")
    note.wait_for(state="visible")
    assert fake.url in note.inner_text() and "http://127.0.0.1:9" in note.inner_text()
    assert sidebar.get_by_test_id("api-key").get_attribute("placeholder") == "Not set"
