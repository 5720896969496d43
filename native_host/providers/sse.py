"""HTTP plumbing every provider shares: open a streamed response, read SSE lines.

:func:`open_response` turns every transport failure and HTTP error status into the
friendly :class:`~native_host.providers.errors.ProviderError`, and always closes the
response — also when the consuming task is cancelled, which drops the connection at once.
"""

from __future__ import annotations

import asyncio
import json as jsonlib
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import httpx

from native_host.providers.errors import friendly_error


@asynccontextmanager
async def open_response(
    http: httpx.AsyncClient,
    provider: str,
    base_url: str,
    method: str,
    url: str,
    *,
    headers: dict[str, str],
    json: Any = None,
    timeout: httpx.Timeout | None = None,
    model: str | None = None,
) -> AsyncIterator[httpx.Response]:
    """Send a request and yield the (streaming) response once its status is known good."""
    request = http.build_request(
        method, url, json=json, headers=headers,
        timeout=timeout if timeout is not None else httpx.USE_CLIENT_DEFAULT,  # type: ignore[arg-type]
    )
    try:
        response = await http.send(request, stream=True)
    except httpx.HTTPError as e:
        raise friendly_error(provider, None, None, e, base_url) from None
    try:
        if response.status_code >= 400:
            body = (await response.aread()).decode("utf-8", "replace")
            raise friendly_error(
                provider, response.status_code, body, None, base_url,
                headers=response.headers, model=model,
            )
        yield response
    except httpx.HTTPError as e:
        raise friendly_error(provider, None, None, e, base_url) from None
    finally:
        await response.aclose()


async def get_json(
    http: httpx.AsyncClient, provider: str, base_url: str, url: str, headers: dict[str, str],
    timeout: httpx.Timeout | None = None,
) -> Any:
    """GET a JSON document (model lists) with the same error mapping."""
    async with open_response(http, provider, base_url, "GET", url, headers=headers, timeout=timeout) as r:
        raw = await r.aread()
    try:
        return jsonlib.loads(raw)
    except ValueError:
        raise friendly_error(provider, 502, raw.decode("utf-8", "replace")[:300], None, base_url) from None


async def sse_data(response: httpx.Response) -> AsyncIterator[tuple[str, str]]:
    """``(event, data)`` for every ``data:`` line; comments (``: keep-alive``) skipped.

    Each data line is yielded on its own (every provider puts one JSON document per line,
    and some forget the blank line between events).  ``httpx`` splits lines on LF, CRLF
    and CR and decodes UTF-8 incrementally, so split reads and characters are safe.
    """
    event = ""
    async for line in response.aiter_lines():
        if not line:
            event = ""
            continue
        if line[0] == ":":
            continue
        name, _, value = line.partition(":")
        if value[:1] == " ":
            value = value[1:]
        if name == "data":
            yield event, value
        elif name == "event":
            event = value


async def drain(lines: AsyncIterator[object], limit: float = 2.0) -> None:
    """Read what follows the end marker, so the connection goes back to the pool.

    A server that keeps the stream open after ``[DONE]`` gets ``limit`` seconds; then the
    response is closed (and the connection dropped) as usual.
    """
    try:
        async with asyncio.timeout(limit):
            async for _ in lines:
                pass
    except (TimeoutError, httpx.HTTPError):
        pass
