"""Property-based tests of framing and message parsing."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings, strategies as st

from native_host import framing, protocol

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


@given(st.lists(st.dictionaries(st.text(max_size=10), json_values, max_size=5), max_size=6))
def test_frames_round_trip(messages):
    stream = io.BytesIO(b"".join(framing.encode(m) for m in messages))
    decoded = []
    while (payload := framing.read_frame(stream)) is not None:
        decoded.append(json.loads(payload))
    assert decoded == messages


@given(st.text(min_size=0, max_size=3000), st.integers(min_value=4, max_value=700))
def test_split_text_keeps_every_character_and_respects_the_size(text, limit):
    pieces = framing.split_text(text, limit)
    assert "".join(pieces) == text
    assert all(len(json.dumps(p, ensure_ascii=False).encode("utf-8")) - 2 <= limit or len(p) == 1 for p in pieces)


@settings(max_examples=12, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=50), st.integers(1_050_000, 1_600_000))
def test_any_long_message_goes_out_in_frames_under_one_mib(seed, size):
    text = (seed * (size // len(seed) + 1))[:size]
    for kind in ("response", "delta", "error"):
        field = "message" if kind == "error" else "text"
        msg = {"type": kind, "id": "x", field: text}
        frames = framing.frames_for(msg)
        assert all(len(f) - 4 <= framing.MAX_OUT for f in frames)
        bodies = [json.loads(f[4:]) for f in frames]
        if kind == "delta":
            assert "".join(b["text"] for b in bodies) == text
        else:
            assert "".join(b["text"] for b in bodies[:-1]) + bodies[-1][field] == text
            assert all(b["type"] == "part" for b in bodies[:-1]) and bodies[-1]["type"] == kind


@given(st.binary(max_size=200))
def test_parse_message_never_raises_anything_but_bad_message(payload):
    try:
        protocol.parse_message(payload)
    except protocol.BadMessage as e:
        assert e.message
    

@given(json_values)
def test_parse_message_on_arbitrary_json(value):
    try:
        msg = protocol.parse_message(json.dumps(value).encode())
    except protocol.BadMessage:
        return
    assert msg.type in protocol.INCOMING_TYPES


@given(st.sampled_from(protocol.INCOMING_TYPES), st.dictionaries(st.sampled_from(
    ["id", "session", "text", "ok", "approved", "settings", "page", "action", "result"]), json_values, max_size=5))
def test_parse_message_on_near_valid_messages(kind, fields):
    try:
        msg = protocol.parse_message(json.dumps({"type": kind, **fields}).encode())
    except protocol.BadMessage as e:
        assert kind in e.message or "id" in e.message or e.message
        return
    assert msg.type == kind


def test_truncated_stream_is_reported():
    data = framing.encode({"type": "ping", "id": 1})
    for cut in range(1, len(data)):
        stream = io.BytesIO(data[:cut])
        try:
            framing.read_frame(stream)
        except framing.TruncatedFrame:
            continue
        raise AssertionError(f"cut at {cut} was not reported")
