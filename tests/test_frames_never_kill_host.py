"""No frame, however malformed, stops the host, and no frame it writes exceeds 1 MiB.

Hypothesis generates the frames (JSON of every shape, ids of every type and size, lone
surrogates, integers past Python's 4300-digit limit, nesting thousands deep, raw bytes) and
sends them to the real host over its real pipes; after each, a ping must be answered.
"""

from __future__ import annotations

import json
import struct

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from native_host import framing, protocol
from tests.support.hostproc import HostProcess

MAX_OUT = framing.MAX_OUT
H = struct.Struct("=I")


def dumps(value) -> str:
    """JSON text of ``value``; ``ensure_ascii`` writes lone surrogates as ``\\udXXX`` escapes."""
    return json.dumps(value, ensure_ascii=True)


surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
texts = st.text(st.one_of(st.characters(), surrogates), max_size=40)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), texts)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                          st.dictionaries(texts, inner, max_size=4)), max_leaves=12)
ids = st.one_of(texts, st.integers(min_value=-2**70, max_value=2**70), st.booleans(), st.none(),
                st.floats(allow_nan=False), st.lists(st.integers(), max_size=2),
                st.integers(300, 3000).map(lambda n: "i" * n))
kinds = st.one_of(st.sampled_from(protocol.INCOMING_TYPES), texts, st.integers(), st.none())


@st.composite
def messages(draw) -> bytes:
    msg = draw(st.dictionaries(texts, values, max_size=5))
    msg["type"] = draw(kinds)
    if draw(st.booleans()):
        msg["id"] = draw(ids)
    if msg["type"] == "chat" and draw(st.booleans()):
        msg.update(session=draw(texts), text=draw(texts))
    return dumps(msg).encode()


@st.composite
def hostile(draw) -> bytes:
    """A valid-looking message with one poison pill in an ignored or a real field."""
    kind = draw(st.sampled_from(protocol.INCOMING_TYPES))
    depth = draw(st.integers(90, 4000))
    pill = draw(st.sampled_from([
        "[" * depth + "]" * depth,
        '{"a":' * depth + "1" + "}" * depth,
        "1" + "7" * draw(st.integers(4290, 6000)),
        "-" + "9" * 4400 + ".5e3",
        '"\\ud800"', '"\\udfff\\ud800x"',
    ]))
    field = draw(st.sampled_from(["id", "extra", "text", "settings", "result", "page"]))
    base = {"type": kind, "id": "h1", "session": "s", "text": "t", "ok": True, "approved": False, "settings": {}}
    base.pop(field, None)
    body = dumps(base)[:-1] + f',"{field}":{pill}}}'
    return body.encode()


raw_bytes = st.binary(max_size=64)
frames = st.one_of(messages(), hostile(), raw_bytes)


def _pinged(host: HostProcess, n: int) -> None:
    pid = f"ping-{n}"
    host.send({"type": "ping", "id": pid})
    got = host.recv_until(lambda m: m.get("type") == "pong" and m.get("id") == pid, timeout=20)
    assert all(isinstance(m, dict) and "type" in m for m in got)
    assert max(host.raw_sizes) <= MAX_OUT, max(host.raw_sizes)


def test_generated_frames_never_stop_the_host(tabmate_home) -> None:
    with HostProcess(tabmate_home) as host:  # the real agent: a valid chat meets no server (refused)
        count = iter(range(10**9))

        @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
        @given(frames)
        def one(payload: bytes) -> None:
            host.send_raw(payload)
            _pinged(host, next(count))
            assert host.proc.poll() is None, host.stderr()[-2000:]

        one()
        err = host.stderr()
        at = err.find("Traceback")
        assert at < 0, err[max(0, at - 1500):at + 1500]  # no crash was caught and logged either


def _bad(host: HostProcess, payload: bytes) -> dict:
    host.send_raw(payload)
    err = host.recv()
    assert err["type"] == "error" and err["code"] == "bad_message", err
    assert host.request({"type": "ping", "id": "after"})["type"] == "pong"
    return err


def test_each_poison_pill_gets_bad_message(tabmate_home) -> None:
    with HostProcess(tabmate_home) as host:
        for depth in (150, 1000, 100_000):  # 150: parsed, then refused (id kept); deeper: Python's parser gives up
            deep = b'{"type":"ping","id":"d","x":' + b"[" * depth + b"]" * depth + b"}"
            err = _bad(host, deep)
            assert "nested more than" in err["message"] and err.get("id") == ("d" if depth == 150 else None)
        big = b'{"type":"ping","id":"b","x":' + b"1" * 4301 + b"}"
        assert "4300" in _bad(host, big)["message"]
        huge_id = b'{"type":"ping","id":"' + b"x" * 2_000_000 + b'"}'
        err = _bad(host, huge_id)
        assert "id" not in err and "at most 256 characters" in err["message"]
        assert _bad(host, b'{"type":"ping","id":true}').get("id") is None
        assert _bad(host, b'{"type":"ping","id":1.0}').get("id") is None
        assert _bad(host, b'{"type":"ping","id":' + b"9" * 40 + b"}").get("id") is None
        long_kind = _bad(host, b'{"type":"launch' + b"s" * 1000 + b'","id":1}')["message"]
        assert "'launchsss" in long_kind and long_kind.endswith("…") and len(long_kind) < 120
        assert max(host.raw_sizes) < 4096


def test_a_lone_surrogate_id_is_echoed_exactly(tabmate_home) -> None:
    with HostProcess(tabmate_home) as host:
        host.send_raw(b'{"type":"ping","id":"a\\ud800b"}')
        assert host.recv()["id"] == "a\ud800b"  # the reply repeats the same (JS) string
        host.send_raw(b'{"type":"nope","id":"\\udfff"}')
        assert host.recv()["id"] == "\udfff"


def test_frames_fit_whatever_the_id() -> None:
    """Splitting leaves room for the envelope: an id of 600 kB still gives frames under 1 MiB."""
    for kind in ("delta", "response", "error"):
        field = "message" if kind == "error" else "text"
        msg = {"type": kind, "id": "i" * 600_000, field: "é\x01" * 700_000, "code": "x"}
        got = framing.frames_for(msg)
        assert all(len(f) - 4 <= MAX_OUT for f in got)
        bodies = [json.loads(f[4:]) for f in got]
        assert "".join(b.get("text") or b.get("message") for b in bodies) == msg[field]


def test_a_message_that_cannot_be_framed_becomes_a_short_error() -> None:
    import io

    out = io.BytesIO()
    writer = framing.FrameWriter(out)
    writer.send({"type": "delta", "id": "i" * (MAX_OUT + 10), "text": "x"})
    writer.send({"type": "models", "id": 3, "models": ["m" * 1000] * 2000})
    frames, data = [], out.getvalue()
    while data:
        (size,) = H.unpack(data[:4])
        frames.append(json.loads(data[4:4 + size]))
        data = data[4 + size:]
    assert [(f["type"], f["code"], f.get("id")) for f in frames] == [("error", "internal", None), ("error", "internal", 3)]


def test_a_second_chat_with_a_running_id_is_refused_without_that_id(tabmate_home) -> None:
    with HostProcess(tabmate_home, env={"TABMATE_AGENT": "tests.support.standin_agent:run_chat"}) as host:
        host.send({"type": "chat", "id": "c1", "session": "a", "text": "stream 20 x"})
        host.send({"type": "chat", "id": "c1", "session": "b", "text": "stream 1 y"})
        got = host.recv_until(lambda m: m["type"] == "response")
        [dup] = [m for m in got if m["type"] == "error"]
        assert "id" not in dup and "already running" in dup["message"] and dup["message"][0].isupper()
        assert got[-1]["id"] == "c1" and got[-1]["text"].startswith("x0 x1")  # the running chat is untouched
