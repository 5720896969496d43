"""The ``mcp_servers`` setting: the JSON shape MCP clients such as Claude Desktop use, plus ``trust``.

``{NAME: {command, args?, env?, cwd?}}`` runs a stdio server; ``{NAME: {url, headers?}}`` talks
streamable HTTP.  ``trust`` is ``ask`` (every call confirmed, the default) or ``read`` (runs
without asking); ``timeout`` bounds one call (seconds).  A pasted ``{"mcpServers": {…}}`` is
unwrapped.  Values in ``env`` and ``headers`` are secrets: :func:`stash_secrets` moves them to
the key store and leaves :data:`MASK` in the settings file and in every reply.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, model_validator

MASK = "••••••"
_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


class McpServer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = None
    url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict)
    type: Literal["stdio", "http", "streamable-http", "streamable_http", "streamableHttp"] | None = None
    trust: Literal["ask", "read"] = "ask"
    timeout: float = Field(default=30.0, gt=0, le=600)

    @model_validator(mode="before")
    @classmethod
    def _sse(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "sse":
            raise ValueError("SSE servers are not supported; use the server's streamable HTTP address (usually …/mcp)")
        return data

    @model_validator(mode="after")
    def _one_transport(self) -> "McpServer":
        if bool(self.command) == bool(self.url):
            raise ValueError("give either 'command' (a stdio server) or 'url' (streamable HTTP), not both or neither")
        if self.url:
            parts = urlsplit(self.url)
            if parts.scheme not in ("http", "https") or not parts.hostname:
                raise ValueError("'url' must be an http(s) address such as http://localhost:8000/mcp")
        return self

    @property
    def kind(self) -> str:
        return "stdio" if self.command else "http"


def normalise(value: Any) -> Any:
    """A pasted Claude Desktop file (``{"mcpServers": {…}}``) or JSON text → ``{NAME: {…}}``."""
    if isinstance(value, str):
        value = json.loads(value) if value.strip() else {}
    if isinstance(value, dict) and set(value) == {"mcpServers"}:
        value = value["mcpServers"]
    if isinstance(value, dict):
        for name in value:
            if not isinstance(name, str) or not _NAME.match(name):
                raise ValueError(f"server name {name!r} may use only letters, digits, '.', '_' and '-' (at most 40)")
    return value


def _slot(name: str) -> str:
    return f"mcp:{name}"


def _origin(server: McpServer) -> str:
    """Secrets are bound like API keys: an HTTP server's headers only ever go to its own origin."""
    from native_host.keys import origin_of

    return origin_of(server.url) if server.url else "stdio"


def stash_secrets(keys: Any, old: dict[str, McpServer], new: dict[str, McpServer]) -> dict[str, McpServer]:
    """Move ``env``/``headers`` values into the key store; the returned servers hold :data:`MASK`.

    A value equal to :data:`MASK` (sent back unchanged by the sidebar) keeps the stored secret,
    as long as the server still talks to the same origin.  Removed servers lose their secrets.
    """
    out: dict[str, McpServer] = {}
    for name, server in new.items():
        kept = load_secrets(keys, name, server) if name in old else {}
        secrets: dict[str, dict[str, str]] = {"env": {}, "headers": {}}
        for part in ("env", "headers"):
            for k, v in getattr(server, part).items():
                secrets[part][k] = kept.get(part, {}).get(k, "") if v == MASK else v
        if name in old:
            keys.forget(_slot(name))
        if secrets["env"] or secrets["headers"]:
            keys.set(_slot(name), _origin(server), json.dumps(secrets))
        out[name] = server.model_copy(update={"env": {k: MASK for k in server.env},
                                              "headers": {k: MASK for k in server.headers}})
    for name in set(old) - set(new):
        keys.forget(_slot(name))
    return out


def load_secrets(keys: Any, name: str, server: McpServer) -> dict[str, dict[str, str]]:
    raw, _ = keys.get(_slot(name), _origin(server))
    try:
        data = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def with_secrets(keys: Any, name: str, server: McpServer) -> McpServer:
    """The server as it is run: real ``env``/``headers`` values from the key store."""
    from native_host import logs

    secrets = load_secrets(keys, name, server)
    for part in secrets.values():
        for value in part.values() if isinstance(part, dict) else ():
            logs.register_secret(value)
    return server.model_copy(update={
        "env": {k: secrets.get("env", {}).get(k, v) for k, v in server.env.items()},
        "headers": {k: secrets.get("headers", {}).get(k, v) for k, v in server.headers.items()},
    })
