"""Profiles: named provider set-ups ("OpenAI", "Local llama.cpp", "Claude") beside the default one.

``profiles`` in the settings is ``{NAME: {provider, model, base_url, temperature?}}``; a chat,
``test_connection``, ``list_models`` or the CLI picks one with ``profile: NAME`` (the rest of
an override applies on top of it).  Each profile has its own API key, write-only like the
default one, kept in the key store under the slot ``profile:NAME`` and bound to the origin of
that profile's server; when it has none, a default key saved for the same provider *and* the
same server is used (never one saved for another server).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from native_host.errors import TabmateError

if TYPE_CHECKING:
    from native_host.keys import KeyStore
    from native_host.settings import Settings

MAX_PROFILES = 30
FIELDS = ("provider", "model", "base_url", "temperature")


def slot(name: str) -> str:
    """The key-store slot of a profile's key (a slot has no spaces)."""
    return "profile:" + quote(name, safe="")


def split_keys(patch: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """A settings patch without the profiles' write-only keys, and those keys by profile."""
    profiles = patch.get("profiles")
    if not isinstance(profiles, dict):
        return patch, {}
    keys: dict[str, str] = {}
    clean: dict[str, Any] = {}
    for name, value in profiles.items():
        if isinstance(value, dict):
            value = {k: v for k, v in value.items() if k not in ("api_key", "api_key_set", "api_key_origin")}
            key = profiles[name].get("api_key")
            if key is not None and not isinstance(key, str):
                raise TabmateError("invalid_request", f"Invalid setting 'profiles.{name}.api_key': must be text.",
                                   retryable=False)
            if key is not None:
                keys[name] = key.strip()
        clean[name] = value
    return {**patch, "profiles": clean}, keys


def settings_for(current: Settings, name: str) -> Settings:
    """The settings a chat with this profile runs with: the profile's provider set-up, the rest as saved."""
    profile = current.profiles.get(name)
    if profile is None:
        known = ", ".join(sorted(current.profiles)) or "none yet"
        raise TabmateError("invalid_request", f"There is no profile named '{name}' (profiles: {known}).",
                           retryable=False)
    chosen = {k: v for k, v in profile.model_dump().items() if k in FIELDS and (v is not None or k != "temperature")}
    return current.model_copy(update=chosen)


def key_for(keys: KeyStore, name: str, settings: Settings, origin: str) -> str | None:
    """The profile's own key for its server, else a default key saved for that same server."""
    key, _ = keys.get(slot(name), origin)
    if not key:
        key, _ = keys.get(settings.provider, origin)
    return key


def public(keys: KeyStore, current: Settings, origin_of_settings: Any) -> dict[str, Any]:
    """Each profile as the sidebar sees it: its fields and whether it has a key for its server."""
    out: dict[str, Any] = {}
    for name, profile in current.profiles.items():
        s = settings_for(current, name)
        origin = origin_of_settings(s)
        own, _ = keys.get(slot(name), origin)
        out[name] = {**profile.model_dump(mode="json"), "api_key_set": bool(own or keys.get(s.provider, origin)[0]),
                     "api_key_origin": origin}
    return out
