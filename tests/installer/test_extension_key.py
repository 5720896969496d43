"""The pinned Chromium key and the id derived from it."""

from __future__ import annotations

import base64
import hashlib
import re

import importlib.util
from pathlib import Path

import pytest

from installer import extension_key

BUILD_PY = Path(__file__).resolve().parents[2] / "extension" / "build.py"


def test_public_key_is_rsa_2048_der() -> None:
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import load_der_public_key

    key = load_der_public_key(base64.b64decode(extension_key.PUBLIC_KEY_B64))
    assert isinstance(key, rsa.RSAPublicKey)
    assert key.key_size == 2048


def test_id_maps_sha256_hex_to_a_through_p() -> None:
    der = b"any bytes"
    hexdigest = hashlib.sha256(der).hexdigest()[:32]
    expected = hexdigest.translate(str.maketrans("0123456789abcdef", "abcdefghijklmnop"))
    assert extension_key.chromium_id_from_der(der) == expected


def test_pinned_id_is_derived_from_the_pinned_key() -> None:
    assert re.fullmatch(r"[a-p]{32}", extension_key.CHROMIUM_ID)
    assert extension_key.CHROMIUM_ID == extension_key.chromium_id_from_key(extension_key.PUBLIC_KEY_B64)
    assert extension_key.CHROMIUM_ID == "hplbheegmmngdgoiifbljocjkodpfjbm"
    assert extension_key.CHROMIUM_ORIGIN == f"chrome-extension://{extension_key.CHROMIUM_ID}/"


@pytest.mark.skipif(not BUILD_PY.is_file(), reason="extension build script not present")
def test_extension_build_uses_the_ids_the_installer_allows() -> None:
    spec = importlib.util.spec_from_file_location("tabmate_extension_build", BUILD_PY)
    assert spec and spec.loader
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    chromium = build.manifest_for("chromium")
    assert extension_key.chromium_id_from_key(chromium["key"]) == extension_key.CHROMIUM_ID
    firefox = build.manifest_for("firefox")
    assert firefox["browser_specific_settings"]["gecko"]["id"] == extension_key.FIREFOX_ID
