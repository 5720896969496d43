"""The agent loop over the real router and the loopback fake provider."""

from __future__ import annotations


from tests.agent.script import Sidebar, call, chat, last_user_text, run, say, sent_messages

PAGE = {"url": "https://shop.example/item/1", "title": "Acme Kettle",
        "text": "Acme Kettle. Price: $39.99. Boils 1.7 litres in 3 minutes."}


async def test_one_step_answer_streams_and_saves(fake_provider, services):
    fake_provider.add(say("The kettle costs **$39.99**."))
    side = Sidebar()
    out = await run(chat("How much?", PAGE), side, services)
    assert out.text == "The kettle costs **$39.99**."
    assert out.iterations == 1
    assert side.streamed() == out.text
    assert len(side.of("delta")) >= 2
    assert out.usage and out.usage.input_tokens == 10
    body = fake_provider.requests[0].json
    assert body["model"] == "m" and body["tools"]
    assert "$39.99" in last_user_text(fake_provider, 0)
    saved = services.history.load("s1")
    assert [m["role"] for m in saved] == ["user", "assistant"]
    assert "shop.example" in saved[0]["content"]


async def test_native_tool_call_result_then_answer(fake_provider, services):
    fake_provider.add(call(("search_web", {"query": "acme kettle reviews"})), say("Reviews are good."))
    side = Sidebar(tools={"search_web": {"url": "https://search.example/?q=x", "title": "results",
                                         "text": "Acme kettle: 4.5 stars"}})
    out = await run(chat("Reviews?", PAGE), side, services)
    assert out.text == "Reviews are good." and out.iterations == 2
    [req] = side.of("tool_request")
    assert req["tool"] == "search_web" and req["args"] == {"query": "acme kettle reviews"}
    assert any("Searching the web for" in s["label"] for s in side.of("status"))
    msgs = sent_messages(fake_provider, 1)
    assert msgs[-2]["tool_calls"][0]["function"]["name"] == "search_web"
    assert msgs[-1]["role"] == "tool" and "4.5 stars" in msgs[-1]["content"]
    assert "PAGE-DATA" in msgs[-1]["content"]
    saved = services.history.load("s1")
    assert [m["role"] for m in saved] == ["user", "assistant", "tool", "assistant"]


async def test_history_is_sent_on_follow_up(fake_provider, services):
    fake_provider.add(say("It is $39.99."), say("Yes, under $50."))
    await run(chat("Price?", PAGE), Sidebar(), services)
    await run(chat("Is that under 50?", PAGE, id="c2"), Sidebar(), services)
    msgs = sent_messages(fake_provider, 1)
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user"]
    assert msgs[2]["content"] == "It is $39.99."
