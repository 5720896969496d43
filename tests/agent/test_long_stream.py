"""A long answer in many small deltas streams whole (the gate looks at it in growing steps)."""

from __future__ import annotations

from tests.agent.script import Sidebar, chat, run, say


async def test_a_long_answer_in_small_deltas_arrives_whole_and_in_order(fake_provider, services):
    text = "".join(f"Line {i}: tea, <b>kettles</b> and `code {i}`.\n" for i in range(3000))
    fake_provider.add(say(text, pieces=6000))
    side = Sidebar()
    out = await run(chat("tell me everything"), side, services)
    assert out.text == text.strip()
    assert side.streamed().strip() == text.strip()
    assert len(side.of("delta")) > 20  # streamed as it came, not in one piece at the end


async def test_text_before_a_written_tool_call_is_shown_even_right_before_the_end(fake_provider, services):
    services.settings.update({"confirm_actions": False})
    preamble = "Let me search for that. " * 200
    fake_provider.add(say(preamble + '<search_web query="tea" />', pieces=400), say("Found."))
    side = Sidebar(tools={"search_web": {"url": "https://s.example/", "title": "R", "text": "tea"}})
    out = await run(chat("find tea"), side, services)
    assert out.text == "Found."
    assert side.streamed().startswith(preamble.strip()) and "<search_web" not in side.streamed()
