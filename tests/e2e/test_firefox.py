"""The same extension in Firefox ESR: installed as a temporary add-on over WebDriver BiDi,
one chat through the native host registered by `tabmate install --browser firefox`.

BiDi cannot navigate to moz-extension:// pages or open the sidebar (that needs a user
gesture), so the test build adds a tiny driver to the background scripts (tests/e2e/driver.py):
when a tab loads a URL ending in #tabmate-e2e-sidebar, it opens sidebar.html?tab=<that tab> in
a new tab. BiDi can evaluate script in that extension page, so the real sidebar UI is driven.
The flows of tests/e2e/test_flows.py run in Firefox the same way; this one also checks history."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from tests.conftest import need
from tests.e2e.conftest import FIREFOX, configure, tabmate, text_reply
from tests.e2e.driver import firefox_test_build

pytestmark = pytest.mark.e2e

def test_firefox_chat_through_native_host(extension_dirs, site, fake, tmp_path, tabmate_home):
    need(FIREFOX is not None, "firefox-esr")
    try:
        from tests.e2e.bidi import Firefox
    except ImportError:
        need(False, "websockets (pip)")
        raise
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "TABMATE_HOME": str(tabmate_home), "MOZ_HEADLESS": "1"}
    tabmate("install", "--browser", "firefox", env=env)
    assert (home / ".mozilla" / "native-messaging-hosts" / "tabmate_host.json").exists()
    configure(fake)
    fake.add(text_reply("Firefox says: the **SunBrew 3000** costs 89 euros.", pieces=5, delay=0.05))
    ext = firefox_test_build(extension_dirs["firefox"], tmp_path / "ext-firefox")

    async def run() -> None:
        fx = Firefox(FIREFOX, tmp_path / "profile", env, tmp_path / "firefox.log")
        try:
            await fx.start()
            installed = await fx.cmd("webExtension.install", {"extensionData": {"type": "path", "path": str(ext)}})
            assert installed["extension"] == "tabmate@tabmate.app"
            page = (await fx.contexts())[0]["context"]
            await fx.cmd("browsingContext.navigate", {"context": page, "url": f"{site}/article#tabmate-e2e-sidebar",
                                                       "wait": "complete"})
            sidebar = await fx.context_with("moz-extension://")
            await fx.wait_for(sidebar, "document.body.dataset.ready === 'true'")
            await fx.evaluate(sidebar, """(() => {
                const input = document.querySelector('[data-testid=chat-input]');
                input.value = 'How much is it?';
                document.querySelector('[data-testid=send]').click();
            })()""")
            try:
                text = await fx.wait_for(sidebar, """(() => {
                    const a = [...document.querySelectorAll('[data-testid=message][data-role=assistant]')].pop();
                    const idle = !document.querySelector('[data-testid=send]').hidden;
                    return idle && a ? a.innerText : null; })()""")
            except AssertionError as e:
                shown = await fx.evaluate(sidebar, "document.body.innerText")
                raise AssertionError(f"{e}\nsidebar shows: {shown}\nlog: {fx.log.read_text()[-3000:]}") from None
            assert "costs 89 euros" in text
            bold = await fx.evaluate(sidebar, "document.querySelector('[data-role=assistant] strong')?.textContent")
            assert bold == "SunBrew 3000"
            errors = await fx.evaluate(sidebar, "[...document.querySelectorAll('[data-role=error]')].map(e => e.innerText)")
            assert errors == []
            # the history view lists the conversation and finds it by a word of the answer
            await fx.evaluate(sidebar, "document.querySelector('[data-testid=open-history]').click()")
            titles = await fx.wait_for(sidebar, """(() => {
                const t = [...document.querySelectorAll('[data-testid=history-title]')].map(e => e.textContent);
                return t.length ? t : null; })()""")
            assert titles == ["How much is it?"]
            search = """((q) => {
                const box = document.querySelector('[data-testid=history-search]');
                box.value = q;
                box.dispatchEvent(new Event('input'));
            })"""
            await fx.evaluate(sidebar, search + "('euros')")
            snippet = await fx.wait_for(sidebar, "document.querySelector('.history-snippet')?.textContent")
            assert "89 euros" in snippet
            await fx.evaluate(sidebar, search + "('euros nothing-like-this')")
            await fx.wait_for(sidebar, "!document.querySelector('[data-testid=history-empty]').hidden || null")
        finally:
            await fx.close()

    asyncio.run(run())
    sent = json.dumps(fake.requests[-1].json["messages"])
    assert "How much is it?" in sent
    # the content script read the page in Firefox too (host permission granted to the add-on)
    assert "eleven minutes of direct sunlight" in sent
