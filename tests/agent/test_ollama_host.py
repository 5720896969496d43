"""Ollama through the real host subprocess: the sidebar's frames in, real Ollama NDJSON from
the loopback fake out — a screenshot, the screenshot tool, a model without vision, a model
that is not pulled, and Stop in the middle of an answer."""

from __future__ import annotations

import time

from tests.agent.test_hostproc import is_end
from tests.agent.test_hostproc import start as start_host
from tests.router.test_images_wire import B64, SHOT
from tests.support.fake_provider import FakeProvider, images_in, images_rejected, json_reply, ollama_reply
from tests.support.hostproc import HostProcess

PAGE = {"url": "https://stats.example/q3", "title": "Q3 sales", "text": "Sales by month, as a bar chart."}


def start(tmp_path, fake: FakeProvider, model: str = "llava") -> HostProcess:
    return start_host(tmp_path, fake, {"provider": "ollama", "base_url": fake.url, "model": model})


def test_a_screenshot_goes_as_ollama_images(tmp_path, fake_provider):
    fake_provider.add(ollama_reply("The bars rise from May to August.", pieces=3))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "what does the chart show?",
                   "page": {**PAGE, "screenshot": SHOT}})
        got = host.recv_until(is_end)
    assert got[-1]["type"] == "response" and got[-1]["text"] == "The bars rise from May to August."
    assert got[-1]["usage"] == {"input_tokens": 10, "output_tokens": 5}
    sent = fake_provider.requests[0]
    assert sent.path == "/api/chat" and sent.json["model"] == "llava"
    assert images_in(sent.json) == [("ollama", "", B64)]
    assert sent.json["messages"][-1]["images"] == [B64] and "Q3 sales" in sent.json["messages"][-1]["content"]
    assert sent.json["options"]["num_ctx"] >= 8192


def test_the_screenshot_tool_on_a_local_ollama_needs_no_confirmation(tmp_path, fake_provider):
    fake_provider.add(ollama_reply(tool_calls=[{"function": {"name": "screenshot", "arguments": {}}}]),
                      ollama_reply("Blue bars."))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "what colour are the bars?", "page": PAGE})
        got = host.recv_until(lambda m: m["type"] == "tool_request")
        assert not [m for m in got if m["type"] == "confirm_request"]  # the picture stays on this machine
        host.send({"type": "tool_result", "id": got[-1]["id"], "ok": True, "result": {"screenshot": SHOT}})
        end = host.recv_until(is_end)[-1]
    assert end["text"] == "Blue bars."
    second = fake_provider.requests[1].json
    assert images_in(second) == [("ollama", "", B64)]
    tool = next(m for m in second["messages"] if m["role"] == "tool")
    assert tool["tool_name"] == "screenshot" and "Screenshot taken" in tool["content"]
    assert second["messages"][-3]["tool_calls"][0]["function"] == {"name": "screenshot", "arguments": {}}


def test_a_model_without_vision_answers_without_the_image_and_says_why(tmp_path, fake_provider):
    fake_provider.add(images_rejected("ollama"), ollama_reply("It is a sales page."), ollama_reply("Still text only."))
    with start(tmp_path, fake_provider, model="llama3.2") as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "what does the chart show?",
                   "page": {**PAGE, "screenshot": SHOT}})
        got = host.recv_until(is_end)
        host.send({"type": "chat", "id": "c2", "session": "s", "text": "and now?", "page": {**PAGE, "screenshot": SHOT}})
        again = host.recv_until(is_end)
    answer = got[-1]["text"]
    assert answer.startswith("It is a sales page.") and "The screenshot was not used: llama3.2 does not accept images" in answer
    assert any(m["type"] == "status" and m["stage"] == "images_off" for m in got)
    assert [images_in(r.json) for r in fake_provider.requests] == [[("ollama", "", B64)], [], []]
    assert "screenshot was not used" in again[-1]["text"]  # not sent again this session, and said again
    assert len(fake_provider.requests) == 3  # one retry, then never the image again


def test_a_model_that_is_not_pulled(tmp_path, fake_provider):
    fake_provider.add(json_reply({"error": "model 'llava:13b' not found"}, status=404))
    with start(tmp_path, fake_provider, model="llava:13b") as host:
        end = host.request({"type": "chat", "id": "c1", "session": "s", "text": "hi", "page": PAGE})
        while not is_end(end):
            end = host.recv()
        assert host.request({"type": "ping", "id": "p"})["type"] == "pong"
    assert end["type"] == "error" and end["code"] == "model_not_found" and end["retryable"] is False
    assert "ollama pull llava:13b" in end["message"]
    assert len(fake_provider.requests) == 1


def test_stop_in_the_middle_of_an_answer_drops_the_connection(tmp_path, fake_provider):
    fake_provider.add(ollama_reply("one two three four five six seven eight", pieces=8, delay=0.4))
    with start(tmp_path, fake_provider) as host:
        host.send({"type": "chat", "id": "c1", "session": "s", "text": "count", "page": PAGE})
        host.recv_until(lambda m: m["type"] == "delta")
        host.send({"type": "cancel", "id": "c1"})
        end = host.recv_until(is_end)[-1]
        assert end["type"] == "response" and end["interrupted"] is True
        assert end["text"].startswith("one") and end["text"].endswith("[Request cancelled]")
        assert "eight" not in end["text"]
        deadline = time.monotonic() + 5
        while not fake_provider.disconnects and time.monotonic() < deadline:
            time.sleep(0.05)
        assert fake_provider.disconnects == 1  # the server saw the connection go: Ollama stops generating
        assert host.request({"type": "ping", "id": "p"})["type"] == "pong"
