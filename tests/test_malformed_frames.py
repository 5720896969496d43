"""Every kind of bad input gets the right reaction, and the host keeps serving."""

from __future__ import annotations

import json
import struct

import pytest

from tests.support.hostproc import HostProcess

H = struct.Struct("=I")

# (name, raw bytes after the header, expected words in the error message, id echoed)
BAD_PAYLOADS = [
    ("bad json", b'{"type": "ping", "id": ', "not valid JSON", None),
    ("not an object", b'[1, 2, 3]', "must be a JSON object, not list", None),
    ("a bare string", b'"ping"', "must be a JSON object, not str", None),
    ("invalid utf-8", b'{"type": "ping", "id": "\xff\xfe"}', "not valid UTF-8", None),
    ("zero length", b"", "Empty message", None),
    ("unknown type", b'{"type": "launch_rockets", "id": "u1"}', "Unknown message type 'launch_rockets'", "u1"),
    ("no type", b'{"id": "n1"}', "no 'type'", "n1"),
    ("missing field", b'{"type": "chat", "id": "m1", "session": "s"}', "'text': Field required", "m1"),
    ("wrong field type", b'{"type": "chat", "id": "w1", "session": "s", "text": 42}', "'text': Input should be a valid string", "w1"),
    ("wrong nested type", b'{"type": "chat", "id": "w2", "session": "s", "text": "hi", "page": {"url": []}}', "'page.url'", "w2"),
    ("bad enum", b'{"type": "chat", "id": "e1", "session": "s", "text": "x", "action": "nuke"}', "'action'", "e1"),
    ("missing id", b'{"type": "ping"}', "'id': Field required", None),
    ("id of wrong type", b'{"type": "ping", "id": {"a": 1}}', "'id'", None),
    ("empty session", b'{"type": "clear", "id": "c1", "session": ""}', "'session'", "c1"),
    ("settings not an object", b'{"type": "set_settings", "id": "s1", "settings": "x"}', "'settings'", "s1"),
]


@pytest.mark.parametrize("name,payload,words,echo_id", BAD_PAYLOADS, ids=[b[0] for b in BAD_PAYLOADS])
def test_malformed_frame_gets_bad_message_and_host_keeps_serving(tabmate_home, name, payload, words, echo_id):
    with HostProcess(tabmate_home) as host:
        host.send_raw(payload)
        err = host.recv()
        assert err["type"] == "error" and err["code"] == "bad_message", err
        assert words in err["message"], err["message"]
        assert err.get("id") == echo_id
        assert err["retryable"] is False
        assert host.request({"type": "ping", "id": "after"})["type"] == "pong"


def test_several_bad_frames_in_a_row_then_ping(tabmate_home):
    with HostProcess(tabmate_home) as host:
        for _, payload, _, _ in BAD_PAYLOADS:
            host.send_raw(payload)
        errors = [host.recv() for _ in BAD_PAYLOADS]
        assert all(e["code"] == "bad_message" for e in errors)
        assert host.request({"type": "ping", "id": "still"})["id"] == "still"


def test_header_over_64_mib_exits_cleanly(tabmate_home):
    with HostProcess(tabmate_home) as host:
        host.send_raw(b"", header=H.pack(64 * 1024 * 1024 + 1))
        err = host.recv()
        assert err["code"] == "bad_message" and "exceeds" in err["message"]
        assert host.wait(5) == 1
        assert "exceeds the 67108864-byte limit" in host.stderr()
        assert "Traceback" not in host.stderr()


def test_stray_text_is_read_as_a_huge_length_and_refused(tabmate_home):
    # "hell" read as a native-order length is ~1.8 GB (what Firefox reported for a stray print)
    with HostProcess(tabmate_home) as host:
        host.send_raw(b"o world", header=b"hell")
        assert host.recv()["code"] == "bad_message"
        assert host.wait(5) == 1


def test_truncated_frame_at_end_of_input_exits_zero(tabmate_home):
    with HostProcess(tabmate_home) as host:
        assert host.request({"type": "ping", "id": 1})["type"] == "pong"
        host.send_raw(b'{"type": "pi', header=H.pack(100))
        host.close_stdin()
        assert host.wait(5) == 0
        assert "input ended inside a frame: expected 100 bytes, got 12" in host.stderr()
        assert "Traceback" not in host.stderr()


def test_truncated_header_at_end_of_input_exits_zero(tabmate_home):
    with HostProcess(tabmate_home) as host:
        host.send_raw(b"", header=b"\x05\x00")
        host.close_stdin()
        assert host.wait(5) == 0


def test_late_tool_result_and_unknown_cancel_are_ignored(tabmate_home):
    with HostProcess(tabmate_home) as host:
        host.send({"type": "tool_result", "id": "nobody", "ok": True})
        host.send({"type": "confirm_result", "id": "nobody", "approved": True})
        host.send({"type": "cancel", "id": "nothing-running"})
        assert host.request({"type": "ping", "id": "p"}) ["type"] == "pong"


def test_large_incoming_page_is_accepted(tabmate_home):
    html = "<p>" + "word " * 1_000_000 + "</p>"  # ~5 MB snapshot
    with HostProcess(tabmate_home, env={"TABMATE_AGENT": "tests.support.standin_agent:run_chat"}) as host:
        msg = {"type": "chat", "id": "c", "session": "s", "text": "hello", "page": {"url": "http://x", "title": "t", "html": html}}
        reply = host.request(msg, timeout=20)
        assert reply["type"] == "response" and reply["text"] == "echo: hello"
        assert json.dumps(msg)  # sanity: the frame really was several MB
