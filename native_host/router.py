"""The LLM router: one provider-agnostic layer under the agent.

:class:`Router` picks the provider for the settings and adds, once for all of them,
retries with backoff, the tools-rejection fallback, friendly errors and request logs.
:func:`test_connection` and :func:`list_models` serve the sidebar and the CLI.

Consume :meth:`Router.stream` with ``contextlib.aclosing`` (or inside the task that gets
cancelled): cancelling closes the HTTP response, and with it the connection, at once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import importlib
import random
import re
import time
from typing import Any, AsyncIterator, Awaitable, Callable

import httpx

from native_host import images, logs
from native_host.channel import Services
from native_host.errors import TabmateError
from native_host.providers.base import (
    ChatRequest, End, Event, ImagesOff, ReasoningDelta, TextDelta, ToolCallEvent, ToolsOff, UsageEvent,
)
from native_host.providers.errors import LABELS, friendly_error
from native_host.settings import Settings, key_sendable
from native_host.waiting import Patience, countdown, patience_for, seconds, watched

__all__ = ["Router", "test_connection", "list_models", "friendly_error", "make_provider"]

PROVIDER_MODULES = {
    "openai": "native_host.providers.openai",
    "openrouter": "native_host.providers.openrouter",
    "ollama": "native_host.providers.ollama",
    "anthropic": "native_host.providers.anthropic",
    "openai_compatible": "native_host.providers.openai_compatible",
}
LOCAL = ("ollama", "openai_compatible")
MAX_ATTEMPTS = 3
MAX_RETRY_AFTER = 60.0

_TOOLS_WORDS = re.compile(r"tool|function|unsupported|not support|invalid.*param", re.I)
_TOOLS_EXACT = ("does not support tools", "support tool use", "requires --jinja",
                "--enable-auto-tool-choice")
_OTHER_PARAM = re.compile(r"temperature|max_tokens|max_completion_tokens|top_p|stream_options", re.I)

# (prefix of the model name without its "vendor/", context window in tokens); first match wins
CONTEXT_WINDOWS: tuple[tuple[str, int], ...] = (
    ("gpt-4.1", 1_047_576), ("gpt-5", 400_000), ("gpt-4o", 128_000), ("gpt-4-turbo", 128_000),
    ("gpt-4", 8_192), ("gpt-3.5", 16_385), ("o1", 200_000), ("o3", 200_000), ("o4", 200_000),
    ("claude", 200_000), ("gemini", 1_048_576), ("deepseek", 128_000), ("grok", 131_072),
    ("llama3.1", 131_072), ("llama3.2", 131_072), ("llama3.3", 131_072), ("llama-3", 131_072),
    ("llama3", 8_192), ("qwen3", 40_960), ("qwen2.5", 32_768), ("mistral", 32_768),
    ("mixtral", 32_768), ("gemma3", 131_072), ("gemma2", 8_192), ("phi4", 16_384),
    ("smollm2", 8_192),
)


def context_window_for(provider: str, model: str) -> int:
    name = model.lower().rsplit("/", 1)[-1]
    for prefix, size in CONTEXT_WINDOWS:
        if name.startswith(prefix):
            return size
    return 8_192 if provider in LOCAL else 32_768


def make_provider(
    settings: Settings, api_key: str | None, http: httpx.AsyncClient,
    timeout: httpx.Timeout | None = None,
) -> Any:
    module = importlib.import_module(PROVIDER_MODULES[settings.provider])
    return module.Provider(http, base_url=settings.base_url, api_key=api_key, timeout=timeout)


def default_timeout(provider: str, read: float | None = None) -> httpx.Timeout:
    """Connect fast; between two chunks wait long enough for a local model to load."""
    gap = read if read is not None else (180.0 if provider in LOCAL else 90.0)
    return httpx.Timeout(gap, connect=min(10.0, gap))


def is_tools_rejection(error: TabmateError) -> bool:
    detail = getattr(error, "detail", "") or ""
    if any(s in detail for s in _TOOLS_EXACT):
        return True
    if error.status not in (400, 422) or not _TOOLS_WORDS.search(detail):
        return False
    return not (_OTHER_PARAM.search(detail) and not re.search(r"tool|function", detail, re.I))


def backoff(attempt: int, retry_after: float | None) -> float:
    """1 s, 2 s, 4 s… with ±25 % jitter, unless the server named a delay (≤ 60 s)."""
    if retry_after is not None and 0 < retry_after <= MAX_RETRY_AFTER:
        return retry_after
    return (2 ** (attempt - 1)) * random.uniform(0.75, 1.25)


class Router:
    def __init__(
        self, settings: Settings, api_key: str | None, services: Services, *,
        timeout: float | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        max_attempts: int = MAX_ATTEMPTS,
        status: Callable[[str, str], None] | None = None,
        patience: Patience | None = None,
    ) -> None:
        logs.register_secret(api_key)
        if api_key and not key_sendable(api_key):  # from an environment variable or an old file
            raise TabmateError("auth_error", "The API key has characters no server accepts (spaces, or letters "
                               "outside ASCII) — enter it again in Settings.", retryable=False)
        self.settings = settings
        self.services = services
        self.provider_name: str = settings.provider
        # how long to wait for the first event and between events, and how often to say so
        self.patience = dataclasses.replace(patience or patience_for(settings.provider, timeout),
                                            local=settings.provider in LOCAL)
        self.status = status
        backstop = timeout if timeout is not None else max(self.patience.first_byte, self.patience.stall) + 30
        self.provider = make_provider(
            settings, api_key, services.http(), default_timeout(settings.provider, backstop))
        self.model: str = settings.model or self.provider.default_model
        self.sleep = sleep
        self.max_attempts = max(1, max_attempts)

    @property
    def context_window(self) -> int:
        return context_window_for(self.provider_name, self.model)

    @property
    def tools_supported(self) -> bool:
        return (self.provider_name, self.model) not in self.services.tools_off

    async def resolve_model(self) -> str:
        """A server that needs no model name (llama.cpp, LM Studio) gets its first model."""
        if not self.model:
            models = await self.provider.list_models()
            self.model = models[0] if models else "default"
        return self.model

    async def stream(self, request: ChatRequest) -> AsyncIterator[Event]:
        """Normalized events, with retries and the tools fallback (see the module doc)."""
        request = dataclasses.replace(request, model=request.model or await self.resolve_model())
        if request.tools and not self.tools_supported:
            request = _without_tools(request)
            yield ToolsOff("native tools are off for this model")
        if images.has_images(request) and (self.provider_name, request.model) in self.services.images_off:
            request = images.without_images(request)
            yield ImagesOff("this model refused images earlier in this session")
        attempt = 0
        tools_retried = images_retried = False
        while True:
            attempt += 1
            streamed = False
            started = time.monotonic()
            first: float | None = None
            usage: UsageEvent | None = None
            try:
                async for event in watched(self.provider.stream(request), self.patience, self._say, self.who):
                    if isinstance(event, (TextDelta, ReasoningDelta, ToolCallEvent)):
                        if first is None:
                            first = time.monotonic()
                        streamed = True
                    elif isinstance(event, UsageEvent):
                        usage = event
                    elif isinstance(event, End):
                        self._log_ok(request, attempt, started, first, usage, event.stop_reason)
                    yield event
                return
            except TabmateError as e:
                self._log_error(request, attempt, started, e, streamed)
                if not streamed and not images_retried and images.has_images(request) and images.is_images_rejection(e):
                    images_retried = True  # one retry without the images; the agent tells the user
                    self.services.images_off.add((self.provider_name, request.model))
                    request = images.without_images(request)
                    attempt -= 1
                    yield ImagesOff(getattr(e, "detail", "") or e.message)
                    continue
                if not streamed and not tools_retried and request.tools and is_tools_rejection(e):
                    tools_retried = True
                    self.services.tools_off.add((self.provider_name, request.model))
                    request = _without_tools(request)
                    attempt -= 1  # the fallback is not a retry
                    yield ToolsOff(getattr(e, "detail", "") or e.message)
                    continue
                if e.retryable and e.retry_after is not None and e.retry_after > MAX_RETRY_AFTER:
                    raise self._asks_to_wait(e) from None
                # a request that timed out is retried once at most: the wait was long already
                attempts = min(self.max_attempts, 2) if e.code == "timeout" else self.max_attempts
                if streamed or not e.retryable or attempt >= attempts:
                    raise
                await countdown(backoff(attempt, e.retry_after), _reason(e), self._say, self.sleep,
                                self.patience.every)

    @property
    def who(self) -> str:
        """The provider as the user knows it: "OpenAI", "Ollama at 127.0.0.1:11434"."""
        label = LABELS.get(self.provider_name, self.provider_name)
        if self.provider_name not in LOCAL:
            return label
        url = getattr(self.provider, "shown_url", None) or self.provider.base_url
        return f"{label[:1].upper()}{label[1:]} at {httpx.URL(url).netloc.decode('ascii', 'replace')}"

    def _say(self, label: str) -> None:
        if self.status is not None:
            self.status("waiting", label)

    def _asks_to_wait(self, e: TabmateError) -> TabmateError:
        """A server that asks for a longer pause than we retry within: say how long."""
        what = e.message.split(" — ")[0]
        return type(e)(e.code, f"{what} — {self.who} asks to wait {seconds(e.retry_after or 0)} before the next "
                       "request; try again then", retryable=True, status=e.status, retry_after=e.retry_after,
                       **({"detail": e.detail} if hasattr(e, "detail") else {}))

    def _log_ok(self, request: ChatRequest, attempt: int, started: float, first: float | None,
                usage: UsageEvent | None, stop: str) -> None:
        now = time.monotonic()
        logs.log(
            "llm_request", provider=self.provider_name, model=request.model, attempt=attempt,
            ms=round((now - started) * 1000), first_token_ms=round((first - started) * 1000) if first else None,
            input_tokens=usage.input_tokens if usage else None,
            output_tokens=usage.output_tokens if usage else None,
            stop=stop, tools=bool(request.tools),
        )

    def _log_error(self, request: ChatRequest, attempt: int, started: float, e: TabmateError,
                   streamed: bool) -> None:
        logs.log(
            "llm_error", level="warning", provider=self.provider_name, model=request.model,
            attempt=attempt, ms=round((time.monotonic() - started) * 1000), code=e.code,
            status=e.status, retryable=e.retryable, after_text=streamed,
            detail=(getattr(e, "detail", "") or "")[:300],
        )


def _reason(e: TabmateError) -> str:
    """Why a retry happens, in a few words: "server error 503", "rate limited"."""
    words = {"rate_limit": "rate limited", "server_error": "server error", "timeout": "no answer in time",
             "network_error": "connection problem"}.get(e.code, e.code.replace("_", " "))
    return f"{words} {e.status}" if e.status else words


def _without_tools(request: ChatRequest) -> ChatRequest:
    extra = {k: v for k, v in request.extra.items() if k not in ("tool_choice", "parallel_tool_calls")}
    return dataclasses.replace(request, tools=None, extra=extra)


async def test_connection(
    settings: Settings, api_key: str | None, services: Services, *, timeout: float | None = None,
) -> dict[str, Any]:
    """Send "Say ok" with a tiny token limit; never raises for provider failures."""
    limit = timeout if timeout is not None else (30.0 if settings.provider in LOCAL else 20.0)
    started = time.monotonic()
    router = Router(settings, api_key, services, timeout=limit, max_attempts=1)
    label = LABELS.get(settings.provider, settings.provider)
    request = ChatRequest(model="", messages=[{"role": "user", "content": "Say ok"}],
                          max_tokens=5, temperature=0.0)
    try:
        async with asyncio.timeout(limit):
            async for _ in router.stream(request):
                pass
    except TabmateError as e:
        ok, message = False, e.message
    except TimeoutError:
        ok, message = False, f"{label} did not answer within {limit:g} s"
    else:
        ok = True
        where = getattr(router.provider, "shown_url", router.provider.base_url) if settings.provider in LOCAL else label
        message = f"Connected to {where} — {router.model} answered"
    latency = round((time.monotonic() - started) * 1000)
    logs.log("test_connection", provider=settings.provider, model=router.model, ok=ok, ms=latency)
    return {"ok": ok, "message": message, "latency_ms": latency, "model": router.model or None}


async def list_models(
    settings: Settings, api_key: str | None, services: Services, *, timeout: float | None = None,
) -> list[str]:
    """The provider's models; raises :class:`TabmateError` with the friendly message."""
    logs.register_secret(api_key)
    provider = make_provider(settings, api_key, services.http(),
                             default_timeout(settings.provider, timeout or 20.0))
    return list(await provider.list_models())
