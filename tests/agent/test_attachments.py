"""What a message can carry besides one page: other tabs, a screenshot, a PDF, a transcript."""

from __future__ import annotations

import base64
import json

from native_host import protocol, tabs
from native_host.cli_ask import main as ask_main
from tests.agent.script import Sidebar, call, chat, run, say, sent_messages, services_for
from tests.router.test_images_wire import SHOT
from tests.support.fake_provider import images_in, images_rejected
from tests.support.pdfs import text_pdf


def shop(name: str, price: str, extra: int = 0) -> dict:
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name, "sku": name[:3].upper(),
                     "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR",
                                "availability": "https://schema.org/InStock"}})
    body = f"<h1>{name}</h1><p>{name} costs {price} EUR. It boils water fast.</p>" + "<p>Long review text. </p>" * extra
    return {"url": f"https://{name.split()[0].lower()}.example/p", "title": f"{name} — shop",
            "html": f"<html><head><title>{name} — shop</title><script type='application/ld+json'>{ld}</script></head>"
                    f"<body><main>{body}</main></body></html>"}


KETTLES = [shop("Acme Kettle", "39.99"), shop("Brio Kettle", "54.00"), shop("Cosy Kettle", "29.50")]


async def test_other_tabs_are_fenced_named_and_carry_their_product_data(fake_provider):
    fake_provider.add(say("Cosy is cheapest."))
    c = chat("compare these", page=KETTLES[0])
    c.tabs = [protocol.PageSnapshot.model_validate(t) for t in KETTLES[1:]]
    sidebar = Sidebar()
    outcome = await run(c, sidebar, services_for(fake_provider))
    assert outcome.text == "Cosy is cheapest."
    user = sent_messages(fake_provider, 0)[-1]["content"]
    for n, t in enumerate(KETTLES[1:], start=2):
        assert f"tab {n}: “{t['title']}” — {t['url']}" in user  # which text came from which tab
    assert user.count("<<<PAGE-DATA") == 3 and user.count("<<<END PAGE-DATA") == 3
    for name, price in (("Acme Kettle", "39.99"), ("Brio Kettle", "54.00"), ("Cosy Kettle", "29.50")):
        assert f"Product: {name} | price {price} EUR | InStock" in user
    assert user.index("Acme Kettle") < user.index("tab 2:") < user.index("Brio") < user.index("Cosy")


def test_the_budget_is_shared_fairly_between_tabs():
    pages = [protocol.PageSnapshot.model_validate(p) for p in
             (shop("Small One", "1.00"), shop("Huge Two", "2.00", extra=3000), shop("Huge Three", "3.00", extra=3000))]
    contexts = tabs.share(pages, 6000)
    small, big2, big3 = (c.tokens for c in contexts)
    assert small < 300 and not contexts[0].truncated
    assert contexts[1].truncated and contexts[2].truncated
    assert abs(big2 - big3) < 200  # the two long pages get equal shares
    assert small + big2 + big3 <= 6000 and big2 > 2000  # what the small tab left went to the long ones


async def test_a_screenshot_goes_to_the_model_as_an_image(fake_provider):
    fake_provider.add(say("The chart rises."))
    page = {"url": "https://stats.example/", "title": "Stats", "text": "A chart.", "screenshot": SHOT}
    sidebar = Sidebar()
    await run(chat("what does the chart show?", page=page), sidebar, services_for(fake_provider))
    body = fake_provider.requests[0].json
    assert images_in(body) == [("image_url", "image/png", SHOT.split(",", 1)[1])]


async def test_a_model_without_vision_answers_without_it_and_the_user_is_told(fake_provider):
    fake_provider.add(images_rejected(), say("It is a stats page."))
    page = {"url": "https://stats.example/", "title": "Stats", "text": "A chart.", "screenshot": SHOT}
    sidebar = Sidebar()
    outcome = await run(chat("what does the chart show?", page=page), sidebar, services_for(fake_provider))
    assert outcome.text.startswith("It is a stats page.")
    assert "The screenshot was not used: m does not accept images" in outcome.text
    assert sidebar.streamed() == outcome.text
    assert any(m["stage"] == "images_off" for m in sidebar.of("status"))
    assert images_in(fake_provider.requests[1].json) == []


async def test_the_screenshot_tool_asks_first_for_a_cloud_model(fake_provider):
    fake_provider.add(call(("screenshot", {})), say("Blue bars."))
    sidebar = Sidebar(tools={"screenshot": {"screenshot": SHOT}})
    services = services_for(fake_provider, provider="openai", base_url=fake_provider.url + "/v1")
    await run(chat("what colour are the bars?", page={"url": "https://s.example/", "text": "bars"}, session="asked"),
              sidebar, services)
    ask = sidebar.of("confirm_request")
    assert [a["tool"] for a in ask] == ["screenshot"] and "screenshot of the visible tab" in ask[0]["summary"]
    second = fake_provider.requests[1].json
    assert images_in(second) == [("image_url", "image/png", SHOT.split(",", 1)[1])]
    assert second["messages"][-2]["role"] == "tool" and "Screenshot taken" in second["messages"][-2]["content"]


async def test_the_screenshot_tool_denied_sends_nothing(fake_provider):
    fake_provider.add(call(("screenshot", {})), say("I could not look."))
    sidebar = Sidebar(tools={"screenshot": {"screenshot": SHOT}}, approve=False)
    services = services_for(fake_provider, provider="openai", base_url=fake_provider.url + "/v1")
    await run(chat("look", page={"url": "https://s.example/", "text": "x"}, session="denied"), sidebar, services)
    assert not sidebar.of("tool_request") and images_in(fake_provider.requests[1].json) == []


async def test_a_local_model_takes_a_screenshot_without_asking(fake_provider):
    fake_provider.add(call(("screenshot", {})), say("Blue."))
    sidebar = Sidebar(tools={"screenshot": {"screenshot": SHOT}})
    await run(chat("look", page={"url": "https://s.example/", "text": "x"}), sidebar,
              services_for(fake_provider))  # openai_compatible on 127.0.0.1
    assert not sidebar.of("confirm_request") and [m["tool"] for m in sidebar.of("tool_request")] == ["screenshot"]


async def test_a_transcript_is_the_page_content_with_times(fake_provider):
    fake_provider.add(say("At 1:05 they add salt."))
    lines = "\n".join(f"[{m}:{s:02d}] line {m * 60 + s}" for m in range(0, 18) for s in range(0, 60, 5))
    page = {"url": "https://video.example/watch", "title": "Pasta", "html": "<title>Pasta</title><body><video></video></body>",
            "transcript": lines.replace("line 65", "now add the salt")}
    await run(chat("when do they add salt?", page=page), Sidebar(), services_for(fake_provider))
    user = sent_messages(fake_provider, 0)[-1]["content"]
    assert "Video transcript, 18 min (captions; cite times as [m:ss])" in user
    assert "[1:00] line 60 line 65".replace("line 65", "now add the salt") in user


def test_ask_with_tabs_image_and_a_pdf_page(fake_provider, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    report = tmp_path / "report.pdf"
    report.write_bytes(text_pdf(["Revenue grew 12 percent.", "Costs fell."]))
    other = tmp_path / "brio.html"
    other.write_text(KETTLES[1]["html"], "utf-8")
    shot = tmp_path / "shot.png"
    shot.write_bytes(base64.b64decode(SHOT.split(",", 1)[1]))
    fake_provider.add(say("Revenue grew 12 percent (p. 1)."))
    code = ask_main(["How", "did", "revenue", "do?", "--page", str(report), "--tab", str(other), "--image", str(shot),
                     "--provider", "openai_compatible", "--base-url", fake_provider.url + "/v1", "--model", "m",
                     "--api-key-env", "FAKE_KEY"])
    assert code == 0 and "(p. 1)" in capsys.readouterr().out
    body = fake_provider.requests[0].json
    user = body["messages"][-1]["content"]
    text = user[0]["text"]
    assert "[Page 1]\nRevenue grew 12 percent." in text and "PDF document, 2 pages" in text
    assert "tab 2: “Brio Kettle — shop”" in text and "price 54.00 EUR" in text
    assert images_in(body)[0][:2] == ("image_url", "image/png")


def test_ask_rejects_a_file_that_is_not_an_image(tmp_path, capsys):
    bad = tmp_path / "x.png"
    bad.write_text("hello")
    assert ask_main(["hi", "--image", str(bad)]) == 2
    assert "not a PNG, JPEG, WebP or GIF image" in capsys.readouterr().err
