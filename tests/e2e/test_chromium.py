"""The extension in real headless Chromium, against the real host and a loopback fake provider."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import (answers, configure, shot, text_reply, tool_reply, wait_idle)

pytestmark = pytest.mark.e2e


def test_chat_about_the_page_streams_an_answer(chromium, fake):
    configure(fake)
    fake.add(text_reply("The **SunBrew 3000** boils a litre in *eleven minutes*.", pieces=6, delay=0.15))
    page = chromium.open_page("/article")
    sidebar = chromium.open_sidebar(page)
    sidebar.get_by_test_id("chat-input").fill("How fast does it boil water?")
    sidebar.get_by_test_id("send").click()
    # streaming: part of the answer is visible before the whole of it
    sidebar.get_by_test_id("stop").wait_for(state="visible")
    answers(sidebar).first.wait_for()
    wait_idle(sidebar)
    answer = answers(sidebar).last
    assert "SunBrew 3000" in answer.inner_text()
    assert answer.locator("strong").inner_text() == "SunBrew 3000"
    user = sidebar.locator("[data-testid=message][data-role=user]")
    assert user.inner_text() == "How fast does it boil water?"
    # the page went to the provider as context
    body = fake.requests[-1].json
    flat = str(body["messages"])
    assert "eleven minutes of direct sunlight" in flat and "How fast does it boil water?" in flat
    assert chromium.problems == [] and chromium.dialogs == []
