"""The extension's identity in both browser families.

The Chromium id of an unpacked extension is derived from the ``key`` in its manifest, so
pinning the key pins the id on every machine.  Only the public key is kept: Tabmate never
packs a .crx, so the private half is not needed (and is not in the repository).
"""

from __future__ import annotations

import base64
import hashlib

#: Base64 DER (SubjectPublicKeyInfo) of the RSA-2048 key; the Chromium manifest's ``key``.
PUBLIC_KEY_B64 = (
    "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqiQMxFT3qbjcbQrMUmyxEsNqfDQ3YYGbT6aBIW6fA6aQ+vJqK5DLxyA7/5etXqcSPlhsptZsAV1+bRQo9H8qfB+fYr9xCjZ/FO6MqReHo0E12s6zuERk+b1jzCSfQSiixWDkSA9vxzbXopX5SC1hQcjnvO1MJ7JRl3lJSRg/3OT5AS+vEdnzM4cUTVz7gfefVX0IdY326nAihiId1o/a3PPGxoHE3Rs+t73F1pKbRkXw7Tlms34i3l5Z1kvR32aNHU+5Fj7EwHntJtNOIUEpEFqhIdEjDfPFJjqFUKF9YjO3xePwi9yrXoghrobAxa06jUhCrGOOkW261OoHUe37AwIDAQAB"
)

#: The Firefox (gecko) add-on id.
FIREFOX_ID = "tabmate@tabmate.app"


def chromium_id_from_der(der: bytes) -> str:
    """Chromium's extension id: first 32 hex digits of sha256(DER), each mapped 0-f → a-p."""
    digest = hashlib.sha256(der).hexdigest()[:32]
    return "".join(chr(ord("a") + int(c, 16)) for c in digest)


def chromium_id_from_key(key_b64: str) -> str:
    return chromium_id_from_der(base64.b64decode(key_b64))


#: The unpacked Chromium extension id that the pinned key yields.
CHROMIUM_ID = chromium_id_from_key(PUBLIC_KEY_B64)

#: The origin Chromium passes as argv[1] and that ``allowed_origins`` must list exactly.
CHROMIUM_ORIGIN = f"chrome-extension://{CHROMIUM_ID}/"
