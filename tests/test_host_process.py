"""The host as a real subprocess over real pipes: ping, concurrency, cancel, big answers, EOF."""

from __future__ import annotations

import struct
import time

import pytest

from tests.support.hostproc import HostProcess

STANDIN = {"TABMATE_AGENT": "tests.support.standin_agent:run_chat"}


@pytest.fixture
def host(tabmate_home):
    with HostProcess(tabmate_home, env=STANDIN) as h:
        yield h


def test_ping_pong(host):
    reply = host.request({"type": "ping", "id": "p1"})
    assert reply["type"] == "pong" and reply["id"] == "p1"
    assert reply["protocol"] == 1 and reply["version"]


def test_three_concurrent_chats_interleave_without_crosstalk(host):
    for i, label in enumerate("abc"):
        host.send({"type": "chat", "id": f"c{i}", "session": f"s{i}", "text": f"stream 8 {label}"})
    got, responses = [], {}
    while len(responses) < 3:
        m = host.recv()
        got.append(m)
        if m["type"] == "response":
            responses[m["id"]] = m
    label_of = {"c0": "a", "c1": "b", "c2": "c"}
    for m in got:
        assert m["type"] in ("delta", "response")
        assert all(w.startswith(label_of[m["id"]]) for w in m["text"].split()), m
    for cid, label in label_of.items():
        deltas = "".join(m["text"] for m in got if m["type"] == "delta" and m["id"] == cid)
        assert deltas == responses[cid]["text"] == "".join(f"{label}{i} " for i in range(8))
    # they really ran at the same time: the first response came after deltas of every chat
    first_response = next(i for i, m in enumerate(got) if m["type"] == "response")
    assert {m["id"] for m in got[:first_response]} == {"c0", "c1", "c2"}


def test_cancel_one_chat_leaves_the_others(host):
    host.send({"type": "chat", "id": "keep", "session": "s1", "text": "stream 15 k"})
    host.send({"type": "chat", "id": "stop", "session": "s2", "text": "stream 200 x"})
    host.recv_until(lambda m: m["type"] == "delta" and m["id"] == "stop")
    host.send({"type": "cancel", "id": "stop"})
    msgs = host.recv_until(lambda m: m["type"] == "response" and m["id"] == "stop")
    stopped = msgs[-1]
    assert stopped["interrupted"] is True
    assert stopped["text"].endswith("[Request cancelled]")
    assert stopped["text"].startswith("x0 ")  # the partial text is kept
    rest = host.recv_until(lambda m: m["type"] == "response" and m["id"] == "keep")
    assert rest[-1]["interrupted"] is False
    assert rest[-1]["text"] == "".join(f"k{i} " for i in range(15))


def test_ping_is_answered_while_a_long_chat_streams(host):
    host.send({"type": "chat", "id": "long", "session": "s", "text": "stream 100 y"})
    host.recv_until(lambda m: m["type"] == "delta")
    host.send({"type": "ping", "id": "during"})
    msgs = host.recv_until(lambda m: m["type"] == "pong")
    assert not any(m["type"] == "response" for m in msgs)
    host.send({"type": "cancel", "id": "long"})


def test_second_chat_in_a_busy_session_is_refused_clearly(host):
    host.send({"type": "chat", "id": "one", "session": "same", "text": "stream 30 z"})
    host.send({"type": "chat", "id": "two", "session": "same", "text": "hello"})
    msgs = host.recv_until(lambda m: m["id"] == "two")
    assert msgs[-1]["type"] == "error" and "still answering" in msgs[-1]["message"]


def test_three_mib_answer_arrives_in_frames_under_one_mib(host):
    size = 3 * 1024 * 1024
    host.send({"type": "chat", "id": "big", "session": "s", "text": f"big {size}"})
    msgs = host.recv_until(lambda m: m["type"] == "response", timeout=30)
    assert all(s <= 1024 * 1024 for s in host.raw_sizes)
    assert len(msgs) >= 4  # at least three parts and the response
    parts = [m for m in msgs if m["type"] == "part"]
    assert all(p["id"] == "big" and p["field"] == "text" for p in parts)
    text = "".join(p["text"] for p in parts) + msgs[-1]["text"]
    assert text == ("Ünïcödé ✓ text " * (size // 20 + 1))[:size]


def test_print_inside_a_handler_does_not_corrupt_the_channel(host):
    reply = host.request({"type": "chat", "id": "pr", "session": "s", "text": "print"})
    assert reply == {"type": "response", "id": "pr", "text": "printed", "interrupted": False, "iterations": 1}
    assert host.request({"type": "ping", "id": 2})["type"] == "pong"
    deadline = time.monotonic() + 5  # stderr is read on a thread of its own: let it catch up
    while "stray output from a handler" not in host.stderr() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert "stray output from a handler" in host.stderr()


def test_tool_request_round_trip(host):
    host.send({"type": "chat", "id": "t", "session": "s", "text": "tool get_page"})
    req = host.recv()
    assert req["type"] == "tool_request" and req["chat"] == "t" and req["tool"] == "get_page"
    host.send({"type": "tool_result", "id": req["id"], "ok": True, "result": {"title": "Hi"}})
    assert host.recv()["text"] == "ok=True result={'title': 'Hi'} error=None"


def test_tool_request_times_out_with_a_clear_error(host):
    host.send({"type": "chat", "id": "t", "session": "s", "text": "tool get_page 0.3"})
    assert host.recv()["type"] == "tool_request"
    assert "did not answer within 0.3 s" in host.recv()["text"]


def test_confirm_round_trip(host):
    host.send({"type": "chat", "id": "c", "session": "s", "text": "confirm"})
    req = host.recv()
    assert req["type"] == "confirm_request" and req["summary"] == "Click “Buy”"
    host.send({"type": "confirm_result", "id": req["id"], "approved": False})
    assert host.recv()["text"] == "approved=False"


def test_friendly_and_internal_errors(host):
    err = host.request({"type": "chat", "id": "f", "session": "s", "text": "fail"})
    assert err == {"type": "error", "id": "f", "code": "auth_error",
                   "message": "Invalid API key — double-check your provider key in Settings", "retryable": False}
    crash = host.request({"type": "chat", "id": "x", "session": "s", "text": "crash"})
    assert crash["code"] == "internal" and "sk-" not in crash["message"]
    assert "sk-abcdefghijklmnop" not in host.stderr()


def test_eof_exits_zero_within_two_seconds(host):
    assert host.request({"type": "ping", "id": 1})["type"] == "pong"
    t0 = time.monotonic()
    host.close_stdin()
    assert host.wait(5) == 0
    assert time.monotonic() - t0 < 2.0


def test_eof_during_a_running_chat_still_exits_promptly(host):
    host.send({"type": "chat", "id": "long", "session": "s", "text": "stream 500 q"})
    host.recv_until(lambda m: m["type"] == "delta")
    t0 = time.monotonic()
    host.close_stdin()
    assert host.wait(5) == 0
    assert time.monotonic() - t0 < 2.0


def test_frame_header_is_native_byte_order(host):
    payload = b'{"type":"ping","id":"n"}'
    host.send_raw(payload, header=struct.pack("=I", len(payload)))
    assert host.recv()["id"] == "n"
