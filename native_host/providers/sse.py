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

from native_host.keys import origin_of
from native_host.providers.errors import ProviderError, friendly_error

MAX_REDIRECTS = 5


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
    """Send a request and yield the (streaming) response once its status is known good.

    Redirects are followed only within the request's own origin (scheme, host, port): the
    prompt, the page text and the key never go to a server the user did not choose.
    """
    request = http.build_request(
        method, url, json=json, headers=headers,
        timeout=timeout if timeout is not None else httpx.USE_CLIENT_DEFAULT,  # type: ignore[arg-type]
    )
    response = await _send_same_origin(http, request, provider, base_url)
    try:
        if response.status_code >= 400:
            body = (await response.aread()).decode("utf-8", "replace")
            raise friendly_error(
                provider, response.status_code, body, None, base_url,
                headers=response.headers, model=model,
            )
        if "text/html" in response.headers.get("content-type", "").lower():
            raise web_page_instead(base_url, response.status_code)
        yield response
    except httpx.HTTPError as e:
        raise friendly_error(provider, None, None, e, base_url) from None
    finally:
        await response.aclose()


async def _send_same_origin(
    http: httpx.AsyncClient, request: httpx.Request, provider: str, base_url: str,
) -> httpx.Response:
    origin = origin_of(str(request.url))
    for _ in range(MAX_REDIRECTS + 1):
        try:
            response = await http.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as e:
            raise friendly_error(provider, None, None, e, base_url) from None
        nxt = response.next_request
        if not response.has_redirect_location or nxt is None:
            return response
        await response.aclose()
        target = origin_of(str(nxt.url))
        if target != origin:
            raise ProviderError(
                "invalid_request",
                f"The server at {base_url} redirected to {nxt.url.host}{_port(nxt.url)}, another server — "
                "Tabmate does not follow it (your prompt and key stay with the server you chose). "
                "Check the base URL in Settings.",
                retryable=False, status=response.status_code, detail=f"redirect to {target}")
        request = nxt
    raise ProviderError("server_error", f"The server at {base_url} redirected too many times.",
                        retryable=False)


def web_page_instead(base_url: str, status: int) -> ProviderError:
    """A 200 web page where the API should answer: a wrong URL or a network login page.

    Not retried: asking again gets the same page."""
    return ProviderError(
        "invalid_request",
        f"{base_url} answered with a web page instead of the API — most likely the base URL is wrong "
        "(check it in Settings), or a Wi-Fi login page or proxy is in the way (open any website to sign in).",
        retryable=False, status=status, detail="text/html answer")


def _port(url: httpx.URL) -> str:
    return f":{url.port}" if url.port else ""


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
