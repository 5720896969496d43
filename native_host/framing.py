"""Native messaging frames: a 4-byte length in native byte order, then UTF-8 JSON.

Reading is blocking and meant for a dedicated thread; writing is thread-safe.  Outgoing
frames never exceed :data:`MAX_OUT` (1 MiB, the browsers' limit): a message whose long
``text`` field would not fit is sent as ``part`` frames followed by the message carrying
the tail of the text (see docs/protocol.md).
"""

from __future__ import annotations

import json
import re
import struct
import threading
from typing import Any, BinaryIO

from native_host import logs
from native_host.textsafe import clean

HEADER = struct.Struct("=I")  # native byte order, as both browsers send it
MAX_IN = 64 * 1024 * 1024  # Chromium's own cap on extension → host messages
MAX_OUT = 1024 * 1024  # Chromium and Firefox refuse host → extension frames above this
PART_BYTES = 512 * 1024  # text per part frame, leaving ample room for the envelope


class FrameTooLarge(Exception):
    def __init__(self, size: int) -> None:
        super().__init__(f"incoming message of {size} bytes exceeds the {MAX_IN}-byte limit")
        self.size = size


class TruncatedFrame(Exception):
    def __init__(self, expected: int, got: int) -> None:
        super().__init__(f"input ended inside a frame: expected {expected} bytes, got {got}")


def _read_exactly(stream: BinaryIO, n: int) -> bytes:
    chunks = []
    remaining = n
    while remaining:
        chunk = stream.read(remaining)
        if not chunk:
            break
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: BinaryIO) -> bytes | None:
    """Read one frame's payload; ``None`` on a clean end of input.

    Raises :class:`FrameTooLarge` for a header over 64 MiB (the stream cannot be resynced
    after that) and :class:`TruncatedFrame` when input ends mid-frame.
    """
    header = _read_exactly(stream, HEADER.size)
    if not header:
        return None
    if len(header) < HEADER.size:
        raise TruncatedFrame(HEADER.size, len(header))
    (size,) = HEADER.unpack(header)
    if size > MAX_IN:
        raise FrameTooLarge(size)
    payload = _read_exactly(stream, size)
    if len(payload) < size:
        raise TruncatedFrame(size, len(payload))
    return payload


def _utf8(text: str) -> bytes:
    """UTF-8 of JSON text; a lone surrogate (an id the extension sent as ``"\\ud800"``) is
    written back as the same escape, so the reply repeats the id exactly."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE.sub(lambda m: f"\\u{ord(m.group()):04x}", text).encode("utf-8")


_LONE = re.compile("[\ud800-\udfff]")


def encode(message: dict[str, Any]) -> bytes:
    body = _utf8(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
    return HEADER.pack(len(body)) + body


def split_text(text: str, max_bytes: int = PART_BYTES) -> list[str]:
    """Cut ``text`` into pieces whose JSON string encoding takes at most ``max_bytes`` bytes.

    Cuts never fall inside a character; text full of characters JSON must escape (control
    characters become six bytes each) is cut finer.  Linear in the length of ``text``.
    """
    text = clean(text)
    if _json_size(text) <= max_bytes:
        return [text]
    data = text.encode("utf-8")
    pieces = []
    start = 0
    while start < len(data):
        end = min(start + max_bytes, len(data))
        # step back to a character boundary (continuation bytes are 0b10xxxxxx)
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end -= 1
        pieces.extend(_fit(data[start:end].decode("utf-8"), max_bytes))
        start = end
    return pieces


def _json_size(text: str) -> int:
    return len(_utf8(json.dumps(text, ensure_ascii=False))) - 2  # minus the quotes


def _fit(piece: str, max_bytes: int) -> list[str]:
    if len(piece) <= 1 or _json_size(piece) <= max_bytes:
        return [piece]
    mid = len(piece) // 2
    return _fit(piece[:mid], max_bytes) + _fit(piece[mid:], max_bytes)


def _room(envelope: dict[str, Any]) -> int:
    """Bytes left for the text of ``envelope`` (its text field empty) within one frame."""
    return min(PART_BYTES, MAX_OUT - len(encode(envelope)))


def frames_for(message: dict[str, Any]) -> list[bytes]:
    """Encode a message as one frame, or as several when it would exceed :data:`MAX_OUT`.

    ``delta`` messages are simply split into several deltas. Any other message with a long
    ``text`` (or ``message``) field is preceded by ``{"type": "part", "id", "field", "text"}``
    frames; the receiver prepends their text to that field of the final message.  The room
    for text is what the envelope (id and all) leaves, so no frame exceeds 1 MiB whatever
    the id.  Raises :class:`ValueError` when even that cannot be done.
    """
    frame = encode(message)
    if len(frame) <= MAX_OUT:
        return [frame]
    field = next(
        (f for f in ("text", "message") if isinstance(message.get(f), str)), None
    )
    if field is None:
        raise ValueError(f"{message.get('type')} message of {len(frame)} bytes has no text to split")
    if message.get("type") == "delta":
        room = _room({**message, field: ""})
        if room < 1024:
            raise ValueError(f"delta message too large even without its text ({MAX_OUT - room} bytes)")
        return [encode({**message, field: p}) for p in split_text(message[field], room)]
    part = {"type": "part", "id": message.get("id"), "field": field, "text": ""}
    room = min(_room(part), _room({**message, field: ""}))
    if room < 1024:
        raise ValueError(f"{message.get('type')} message too large even without its text")
    pieces = split_text(message[field], room)
    head, tail = pieces[:-1], pieces[-1]
    return [encode({**part, "text": p}) for p in head] + [encode({**message, field: tail})]


class FrameWriter:
    """Writes messages to a binary stream, whole frames only, from any thread."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        """Write ``message`` (split as needed). Never raises: a message that cannot be framed is
        replaced by a short ``error`` with its id, so one bad message cannot stop the host."""
        try:
            frames = frames_for(message)
        except (ValueError, TypeError, RecursionError) as e:
            logs.log("frame_unsendable", level="error", kind=str(message.get("type")), problem=str(e)[:300])
            frames = frames_for({"type": "error", "id": message.get("id") if _small(message.get("id")) else None,
                                 "code": "internal", "retryable": False,
                                 "message": "Tabmate could not send a message this large to the browser (limit 1 MiB)."})
        with self._lock:
            if self.closed:
                return
            try:
                for frame in frames:
                    self._stream.write(frame)
                self._stream.flush()
            except (BrokenPipeError, ValueError, OSError):
                # the browser went away; nothing more can be said to it
                self.closed = True


def _small(value: Any) -> bool:
    if isinstance(value, str):
        return len(value) <= 1024
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**64
