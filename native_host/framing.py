"""Native messaging frames: a 4-byte length in native byte order, then UTF-8 JSON.

Reading is blocking and meant for a dedicated thread; writing is thread-safe.  Outgoing
frames never exceed :data:`MAX_OUT` (1 MiB, the browsers' limit): a message whose long
``text`` field would not fit is sent as ``part`` frames followed by the message carrying
the tail of the text (see docs/protocol.md).
"""

from __future__ import annotations

import json
import struct
import threading
from typing import Any, BinaryIO

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


def encode(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return HEADER.pack(len(body)) + body


def split_text(text: str, max_bytes: int = PART_BYTES) -> list[str]:
    """Cut ``text`` into pieces whose JSON string encoding takes at most ``max_bytes`` bytes.

    Cuts never fall inside a character; text full of characters JSON must escape (control
    characters become six bytes each) is cut finer.
    """
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
    return len(json.dumps(text, ensure_ascii=False).encode("utf-8")) - 2  # minus the quotes


def _fit(piece: str, max_bytes: int) -> list[str]:
    if len(piece) <= 1 or _json_size(piece) <= max_bytes:
        return [piece]
    mid = len(piece) // 2
    return _fit(piece[:mid], max_bytes) + _fit(piece[mid:], max_bytes)


def frames_for(message: dict[str, Any]) -> list[bytes]:
    """Encode a message as one frame, or as several when it would exceed :data:`MAX_OUT`.

    ``delta`` messages are simply split into several deltas. Any other message with a long
    ``text`` (or ``message``) field is preceded by ``{"type": "part", "id", "field", "text"}``
    frames; the receiver prepends their text to that field of the final message.
    """
    frame = encode(message)
    if len(frame) <= MAX_OUT:
        return [frame]
    field = next(
        (f for f in ("text", "message") if isinstance(message.get(f), str)), None
    )
    if field is None:
        raise ValueError(f"{message.get('type')} message of {len(frame)} bytes has no text to split")
    pieces = split_text(message[field])
    if message.get("type") == "delta":
        return [encode({**message, field: p}) for p in pieces]
    head, tail = pieces[:-1], pieces[-1]
    frames = [
        encode({"type": "part", "id": message.get("id"), "field": field, "text": p}) for p in head
    ]
    last = encode({**message, field: tail})
    if len(last) > MAX_OUT:
        raise ValueError(f"{message.get('type')} message too large even without its text")
    return frames + [last]


class FrameWriter:
    """Writes messages to a binary stream, whole frames only, from any thread."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._lock = threading.Lock()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        frames = frames_for(message)
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
