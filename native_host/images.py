"""Images for vision models: screenshots as data URLs, each provider's wire shape, fallbacks.

A message may carry ``images``: a list of ``data:image/(png|jpeg|webp|gif);base64,…`` URLs.
Providers turn them into their own format (``providers/openai.py``: ``image_url`` content
parts; ``providers/anthropic.py``: base64 ``image`` blocks; ``providers/ollama.py``: the
message's ``images`` list of bare base64).
When a server rejects images, the router retries once with :func:`without_images`.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import re
from typing import Any
from urllib.parse import urlsplit

MAX_IMAGE_BYTES = 20 * 1024 * 1024  # what the big providers accept per image
_DATA_URL = re.compile(r"^data:(image/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/=\s]+)$")
_MAGIC = ((b"\x89PNG\r\n\x1a\n", "image/png"), (b"\xff\xd8\xff", "image/jpeg"),
          (b"GIF87a", "image/gif"), (b"GIF89a", "image/gif"))
_REJECTS = re.compile(r"image|vision|multi-?modal|content.?part|does not support.*(?:array|list)", re.I)
DROPPED_NOTE = "(A screenshot was attached here, but this model cannot read images, so it was left out.)"


def media_type(data: bytes) -> str | None:
    for magic, kind in _MAGIC:
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def data_url_of(data: bytes) -> str:
    """An image file's bytes as a data URL; ValueError for anything that is not an image."""
    kind = media_type(data)
    if kind is None:
        raise ValueError("not a PNG, JPEG, WebP or GIF image")
    if len(data) > MAX_IMAGE_BYTES:
        raise ValueError(f"the image is {len(data) / 2**20:.0f} MB; at most {MAX_IMAGE_BYTES // 2**20} MB")
    return f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"


def parse_data_url(url: str) -> tuple[str, str] | None:
    """(media type, base64 data) of a well-formed image data URL, else None."""
    m = _DATA_URL.match(url or "")
    if not m:
        return None
    data = re.sub(r"\s+", "", m.group(2))
    try:
        head = base64.b64decode(data[:64] + "=" * (-len(data[:64]) % 4), validate=True)
    except (binascii.Error, ValueError):
        return None
    if media_type(head) != m.group(1) or len(data) * 3 // 4 > MAX_IMAGE_BYTES:
        return None
    return m.group(1), data


def valid_images(urls: list[str | None]) -> list[str]:
    """Only well-formed image data URLs (never a remote URL: nothing is fetched for the model)."""
    return [u for u in urls if u and parse_data_url(u)]


# ------------------------------------------------------------------ rejection and retry
def has_images(request: Any) -> bool:
    return any(m.get("images") for m in request.messages)


def is_images_rejection(error: Any) -> bool:
    detail = (getattr(error, "detail", "") or "") + " " + (getattr(error, "message", "") or "")
    return getattr(error, "status", None) in (400, 404, 415, 422, 500) and bool(_REJECTS.search(detail))


def without_images(request: Any) -> Any:
    """The same request with each image replaced by a note saying it was left out."""
    messages = [dict({k: v for k, v in m.items() if k != "images"},
                     content=f"{m.get('content') or ''}\n\n{DROPPED_NOTE}".strip())
                if m.get("images") else m for m in request.messages]
    return dataclasses.replace(request, messages=messages)


# ------------------------------------------------------------------ who may see a screenshot
def stays_on_machine(provider: str, base_url: str | None) -> bool:
    """True when the model runs on this machine (a screenshot then needs no confirmation)."""
    if provider not in ("ollama", "openai_compatible"):
        return False
    host = (urlsplit(base_url or "http://localhost").hostname or "").lower()
    return host in ("localhost", "::1") or host.startswith("127.")
