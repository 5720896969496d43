"""Settings: a validated model, stored atomically in a 0600 file; API keys kept apart.

Keys go to the OS keychain through ``keyring`` when a usable one exists (never under
``TABMATE_HOME``, so tests cannot touch the real keychain), otherwise to ``keys.json``
(mode 0600) next to the settings.  ``OPENAI_API_KEY``, ``OPENROUTER_API_KEY`` and
``ANTHROPIC_API_KEY`` are used when nothing is stored.  No reply ever carries a key.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Literal, get_args

from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from native_host import logs, storage
from native_host.errors import TabmateError

ProviderName = Literal["openai", "openrouter", "ollama", "anthropic", "openai_compatible"]
PROVIDERS: tuple[str, ...] = get_args(ProviderName)

ENV_KEYS = {
    "openai": "OPENAI_API_KEY",
    "openrouter": "OPENROUTER_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
}

KEYRING_SERVICE = "tabmate"


class Settings(BaseModel):
    """What the user chose. Everything but the key; the key lives in :class:`KeyStore`."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    provider: ProviderName = "ollama"
    model: str | None = None  # None: the provider's default model
    base_url: str | None = None  # None: the provider's default URL
    temperature: float = Field(default=0.3, ge=0.0, le=2.0)
    max_iterations: int = Field(default=10, ge=1, le=50)
    confirm_actions: bool = True
    # tools the user allowed without asking, per site ("example.com": ["click_element"])
    allowed_sites: dict[str, list[str]] = Field(default_factory=dict)

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip().rstrip("/")
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an http(s) URL such as http://localhost:11434")
        return value


EDITABLE = tuple(Settings.model_fields) + ("api_key",)


def _field_error(e: ValidationError) -> TabmateError:
    err = e.errors()[0]
    field = ".".join(str(p) for p in err["loc"]) or "settings"
    if err["type"] == "extra_forbidden":
        return TabmateError("invalid_request", f"Unknown setting '{field}'.", retryable=False)
    problem = err["msg"].removeprefix("Value error, ")
    return TabmateError("invalid_request", f"Invalid setting '{field}': {problem}.", retryable=False)


def apply_patch(current: Settings, patch: dict[str, Any]) -> tuple[Settings, str | None]:
    """Merge ``patch`` into ``current``; return the new settings and the api_key it carried.

    Raises ``TabmateError(invalid_request)`` naming the first bad field; ``current`` is
    never modified.
    """
    if not isinstance(patch, dict):
        raise TabmateError("invalid_request", "Settings must be an object.", retryable=False)
    patch = dict(patch)
    api_key = patch.pop("api_key", None)
    patch.pop("api_key_set", None)  # echoed back by a client; harmless
    if api_key is not None and not isinstance(api_key, str):
        raise TabmateError("invalid_request", "Invalid setting 'api_key': must be text.", retryable=False)
    merged = current.model_dump() | patch
    if merged.get("base_url") == "":
        merged["base_url"] = None
    if merged.get("model") == "":
        merged["model"] = None
    try:
        new = Settings.model_validate(merged)
    except ValidationError as e:
        raise _field_error(e) from None
    return new, (api_key.strip() if api_key is not None else None)


class KeyStore:
    """API keys per provider: keychain when usable, else a 0600 file; env as fallback."""

    def __init__(self, folder: Path, use_keyring: bool | None = None) -> None:
        self._file = folder / "keys.json"
        self._keyring: Any = None
        self._keyring_checked = False
        # default: the keychain, except under TABMATE_HOME (tests must never touch the real one)
        if use_keyring is None:
            use_keyring = not os.environ.get("TABMATE_HOME") and os.environ.get("TABMATE_KEYRING") != "0"
        self._use_keyring = use_keyring

    def _backend(self) -> Any:
        if self._keyring_checked:
            return self._keyring
        self._keyring_checked = True
        if not self._use_keyring:
            return None
        try:
            import keyring
            from keyring.backends import fail

            backend = keyring.get_keyring()
            if isinstance(backend, fail.Keyring) or getattr(backend, "priority", 0) <= 0:
                return None
            self._keyring = backend
        except Exception as e:  # no keychain on this machine: fall back to the file
            logs.log("keyring_unavailable", reason=type(e).__name__)
        return self._keyring

    def _read_file(self) -> dict[str, str]:
        try:
            data = json.loads(self._file.read_text("utf-8"))
            return {k: v for k, v in data.items() if isinstance(v, str)} if isinstance(data, dict) else {}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            logs.log("keys_file_damaged", level="warning", path=str(self._file))
            return {}

    def get(self, provider: str) -> tuple[str | None, str | None]:
        """Return (key, source) where source is keychain | file | env, or (None, None)."""
        backend = self._backend()
        if backend is not None:
            try:
                key = backend.get_password(KEYRING_SERVICE, provider)
                if key:
                    logs.register_secret(key)
                    return key, "keychain"
            except Exception as e:
                logs.log("keyring_read_failed", level="warning", reason=type(e).__name__)
        key = self._read_file().get(provider)
        if key:
            logs.register_secret(key)
            return key, "file"
        env = ENV_KEYS.get(provider)
        if env and os.environ.get(env):
            key = os.environ[env]
            logs.register_secret(key)
            return key, "env"
        return None, None

    def set(self, provider: str, key: str | None) -> None:
        """Store (or with an empty key, remove) the key for ``provider``."""
        logs.register_secret(key)
        backend = self._backend()
        if backend is not None:
            try:
                if key:
                    backend.set_password(KEYRING_SERVICE, provider, key)
                else:
                    try:
                        backend.delete_password(KEYRING_SERVICE, provider)
                    except Exception:
                        pass
                self._drop_from_file(provider)
                return
            except Exception as e:
                logs.log("keyring_write_failed", level="warning", reason=type(e).__name__)
        keys = self._read_file()
        if key:
            keys[provider] = key
        else:
            keys.pop(provider, None)
        storage.write_json(self._file, keys)

    def _drop_from_file(self, provider: str) -> None:
        keys = self._read_file()
        if provider in keys:
            del keys[provider]
            storage.write_json(self._file, keys)


class SettingsStore:
    """Loads and saves :class:`Settings`; a damaged file is set aside, never fatal."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or storage.config_dir()
        self.path = self.folder / "settings.json"
        self.keys = KeyStore(self.folder)
        self._cached: Settings | None = None

    def load(self) -> Settings:
        if self._cached is not None:
            return self._cached
        try:
            raw = self.path.read_text("utf-8")
        except FileNotFoundError:
            self._cached = Settings()
            return self._cached
        try:
            self._cached = Settings.model_validate_json(raw)
        except ValidationError as e:
            moved = storage.set_aside(self.path)
            logs.log(
                "settings_damaged", level="warning", path=str(self.path), moved_to=str(moved),
                problem=str(_field_error(e)) if e.errors()[0]["type"] != "json_invalid" else "not valid JSON",
            )
            self._cached = Settings()
        return self._cached

    def save(self, settings: Settings) -> None:
        storage.write_json(self.path, settings.model_dump(mode="json"))
        self._cached = settings

    def update(self, patch: dict[str, Any]) -> Settings:
        """Validate and store a partial update (``api_key`` goes to the key store)."""
        new, api_key = apply_patch(self.load(), patch)
        if api_key is not None:
            self.keys.set(new.provider, api_key)
        self.save(new)
        return new

    def resolve(self, override: dict[str, Any] | None = None) -> tuple[Settings, str | None]:
        """Settings with an unsaved override applied, and the API key they should use."""
        current = self.load()
        new, api_key = apply_patch(current, override or {})
        if not api_key:
            api_key, _ = self.keys.get(new.provider)
        else:
            logs.register_secret(api_key)
        return new, api_key

    def public(self, settings: Settings | None = None) -> dict[str, Any]:
        """The settings as the extension and ``config show`` see them: no key, only flags."""
        s = settings or self.load()
        _, source = self.keys.get(s.provider)
        out = s.model_dump(mode="json")
        out["api_key_set"] = source is not None
        out["api_key_source"] = source
        return out
