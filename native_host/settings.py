"""Settings: a validated model, stored atomically in a 0600 file; API keys kept apart.

Keys live in :mod:`native_host.keys`, each bound to the origin of the server it was saved
for: the OS keychain when a usable one exists (never under ``TABMATE_HOME``), otherwise
``keys.json`` (mode 0600) next to the settings.  No reply ever carries a key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from urllib.parse import urlsplit

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, field_validator

from native_host import logs, notices, settings_file, storage
from native_host.keys import KeyStore, origin_of, plain_http_to_remote
from native_host import profiles as profile_keys
from native_host.prompts import SavedPrompt, check_library, defaults
from native_host.errors import TabmateError
from native_host.textsafe import scrub
from native_host.mcp.config import McpServer, normalise as _mcp_normalise, stash_secrets

ProviderName = Literal["openai", "openrouter", "ollama", "anthropic", "openai_compatible"]
PROVIDERS: tuple[str, ...] = get_args(ProviderName)


def _http(value: str | None) -> str | None:
    if value is None or value == "":
        return None
    value = value.strip().rstrip("/")
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("must be an http(s) URL such as http://localhost:11434")
    return value


class Profile(BaseModel):
    """A named provider set-up (native_host/profiles.py); its key lives in the key store."""

    model_config = ConfigDict(extra="forbid")

    provider: ProviderName
    model: str | None = None
    base_url: str | None = None
    temperature: float | None = Field(default=None, ge=0.0, le=2.0)

    @field_validator("model", mode="before")
    @classmethod
    def _no_empty_model(cls, value: Any) -> Any:
        return None if value == "" else value

    _url = field_validator("base_url")(classmethod(lambda cls, v: _http(v)))


ProfileName = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f/]+$")]


def _few_profiles(value: dict[str, Profile]) -> dict[str, Profile]:
    if len(value) > profile_keys.MAX_PROFILES:
        raise ValueError(f"at most {profile_keys.MAX_PROFILES} profiles")
    return value


class Settings(BaseModel):
    """What the user chose. Everything but the key; the key lives in :class:`KeyStore`."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    provider: ProviderName = "ollama"
    model: str | None = None  # None: the provider's default model
    base_url: str | None = None  # None: the provider's default URL
    temperature: float = Field(default=0.3, ge=0.0, le=2.0)
    max_iterations: int = Field(default=10, ge=1, le=50)
    confirm_actions: bool = True
    # tools the user allowed without asking, per site origin (native_host/permissions.py)
    allowed_sites: dict[str, list[str]] = Field(default_factory=dict)
    # days a conversation is kept after its last message; None keeps the history for good
    history_retention: int | None = Field(default=None, ge=1, le=36500)
    # where search_web sends the query: an http(s) address with {q} (a host setting, so that
    # nothing a web page or content script can write decides where searches go)
    search_url: str = "https://duckduckgo.com/html/?q={q}"
    # the user's MCP servers (Claude Desktop's shape + trust); env/header values live in the key store
    mcp_servers: dict[str, McpServer] = Field(default_factory=dict)

    # the user's standing instructions, added after Tabmate's rules (which they cannot switch off)
    system_prompt: str = Field(default="", max_length=4000)
    # saved prompts: quick-action chips, / commands and context-menu entries (native_host/prompts.py)
    prompts: Annotated[list[SavedPrompt], AfterValidator(check_library)] = Field(default_factory=defaults)
    # named provider set-ups picked per chat; the fields above are the default one
    profiles: Annotated[dict[ProfileName, Profile], AfterValidator(_few_profiles)] = Field(default_factory=dict)

    @field_validator("search_url")
    @classmethod
    def _search_template(cls, value: str) -> str:
        value = value.strip()
        parts = urlsplit(value.replace("{q}", "q"))
        if parts.scheme not in ("http", "https") or not parts.hostname or "{q}" not in value:
            raise ValueError("must be an http(s) address with {q} where the search terms go")
        return value

    @field_validator("mcp_servers", mode="before")
    @classmethod
    def _mcp_shape(cls, value: Any) -> Any:
        return _mcp_normalise(value)

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        return _http(value)


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
    patch = scrub(dict(patch))  # lone surrogates could never be written to the file
    api_key = patch.pop("api_key", None)
    patch.pop("api_key_set", None)  # echoed back by a client; harmless
    if api_key is not None and not isinstance(api_key, str):
        raise TabmateError("invalid_request", "Invalid setting 'api_key': must be text.", retryable=False)
    if isinstance(api_key, str) and not key_sendable(api_key.strip()):
        raise TabmateError("invalid_request", "Invalid setting 'api_key': an API key is letters, digits and "
                           "punctuation only — this one has spaces or other characters (copied with it?).",
                           retryable=False)
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


def key_sendable(key: str) -> bool:
    """Can ``key`` go in an HTTP header? (printable ASCII, no spaces)"""
    return all("!" <= ch <= "~" for ch in key)


class SettingsStore:
    """Loads and saves :class:`Settings`; a damaged file is set aside, never fatal."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or storage.config_dir()
        self.path = self.folder / "settings.json"
        self.keys = KeyStore(self.folder, legacy_origin=self._legacy_origin)
        self._cached: Settings | None = None
        self._unknown: dict[str, Any] = {}  # keys a newer Tabmate wrote: kept, ignored
        self.notice: str | None = None  # set when loading found (and repaired) a damaged file

    def load(self) -> Settings:
        """The saved settings; never raises (see :mod:`native_host.settings_file`)."""
        if self._cached is not None:
            return self._cached
        loaded = settings_file.read(self.path, Settings)
        self._unknown = loaded.unknown
        if loaded.problems:
            self.notice = notices.settings_reset(self.path, loaded.moved_to, loaded.problems)
        self._cached = loaded.settings
        return self._cached

    def save(self, settings: Settings) -> None:
        settings_file.write(self.path, settings, self._unknown)
        self._cached = settings

    def update(self, patch: dict[str, Any]) -> Settings:
        """Validate and store a partial update (``api_key`` goes to the key store, bound to
        the origin of the server these settings talk to)."""
        profile_api_keys: dict[str, str] = {}
        if isinstance(patch, dict):  # each profile's write-only key goes to the key store
            patch, profile_api_keys = profile_keys.split_keys(patch)
        old = self.load()
        new, api_key = apply_patch(old, patch)
        for name, key in profile_api_keys.items():
            origin = server_origin(profile_keys.settings_for(new, name))
            if key:
                _refuse_plain_http(origin)
            self.keys.set(profile_keys.slot(name), origin, key)
        for gone in set(old.profiles) - set(new.profiles):
            self.keys.forget(profile_keys.slot(gone))
        if isinstance(patch, dict) and "mcp_servers" in patch:
            new = new.model_copy(update={"mcp_servers": stash_secrets(self.keys, old.mcp_servers, new.mcp_servers)})
        if api_key is not None:
            origin = server_origin(new)
            if api_key:
                _refuse_plain_http(origin)
            self.keys.set(new.provider, origin, api_key)
        self.save(new)
        return new

    def resolve(self, override: dict[str, Any] | None = None) -> tuple[Settings, str | None]:
        """Settings with an unsaved override applied, and the API key they should use.

        A stored key is used only for the origin it was saved for: an override naming
        another server gets no key (unless it carries one of its own).
        """
        override = dict(override or {}) if isinstance(override, dict) else override
        name = override.pop("profile", None) if isinstance(override, dict) else None
        current = self.load() if not name else profile_keys.settings_for(self.load(), str(name))
        new, api_key = apply_patch(current, override or {})
        origin = server_origin(new)
        if not api_key and name:
            api_key = profile_keys.key_for(self.keys, str(name), new, origin)
        elif not api_key:
            api_key, _ = self.keys.get(new.provider, origin)
        else:
            logs.register_secret(api_key)
            _refuse_plain_http(origin)
        return new, api_key

    def public(self, settings: Settings | None = None) -> dict[str, Any]:
        """The settings as the extension and ``config show`` see them: no key, only flags.

        ``api_key_note`` says why a key saved for another server is not used for this one.
        """
        s = settings or self.load()
        origin = server_origin(s)
        _, source = self.keys.get(s.provider, origin)
        out = s.model_dump(mode="json")
        out["api_key_set"] = source is not None
        out["api_key_source"] = source
        out["api_key_origin"] = origin
        out["profiles"] = profile_keys.public(self.keys, s, server_origin)
        out["api_key_note"] = None
        elsewhere = [o for o in self.keys.origins(s.provider) if o != origin]
        if source is None and elsewhere:
            out["api_key_note"] = (
                f"The saved key is for {elsewhere[0]}; a key is only ever sent to the server it was "
                f"saved for. Enter the key for {origin} to use this server.")
        return out

    def _legacy_origin(self, slot: str) -> str:
        """Where a key saved by an older version (one per provider) was meant to go."""
        saved = self.load()
        return server_origin(saved if saved.provider == slot else Settings(provider=slot))  # type: ignore[arg-type]


def server_origin(settings: Settings) -> str:
    """The origin the settings' provider calls go to (the base URL, or the provider's default)."""
    url = settings.base_url
    if not url:
        import importlib

        url = importlib.import_module(f"native_host.providers.{settings.provider}").Provider.default_base_url
    return origin_of(url)


def _refuse_plain_http(origin: str) -> None:
    if plain_http_to_remote(origin):
        raise TabmateError(
            "invalid_request",
            f"Tabmate will not send an API key over plain http:// to {origin.removeprefix('http://')} — "
            "anyone on the network could read it. Use an https:// URL (or a server on this machine).",
            retryable=False)
