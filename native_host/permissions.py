"""Permissions: which tool calls run without asking, what the user is shown, and the grants
("always allow") they keep — one place for every tool: browser tools, MCP tools, screenshots.

Each tool declares a level (:attr:`native_host.tools.Tool.permission`):

========  ==========================================================================
read      runs freely (reads the page the user is looking at, nothing leaves the machine)
send      sends data off the machine (``search_web``): asked once per chat per destination
navigate  sends the tab somewhere (``open_url``): asked unless granted for that destination
act       changes something (click, fill, scroll, an MCP tool): asked unless granted
========  ==========================================================================

A grant is ``(site, tool, dest)``: ``site`` is the origin of the chat's tab *when the action
runs* — the page the agent last read (it re-reads after every action), and the extension runs
the tool only while the tab is still on that origin (``tool_request.site``) — and ``dest`` is
the destination origin for navigate and send tools ("" for the others).

A click that would take the tab off the site (a link or a form's submit button pointing to another
origin) is navigation too: a click run on a saved grant — no card — carries ``stay_on_site``, and
the extension answers ``{"leaves_site": url}`` instead of clicking such an element; the agent then
asks again with ``leaving=url`` (the card names the destination; the grant is ``(site, tool, dest)``)
and reruns the click without the flag.
Grants are kept in the ``allowed_sites`` setting as ``{site: ["tool", "tool dest", …]}``;
Settings lists them and revokes each one (``set_settings`` with the shorter list).

The API::

    decision = await permissions.permit(channel, settings_store, tool, args,
                                        session=..., page_url=...)   # asks when it must
    decision.denial            # None: run it; else the sentence to give back to the model
    decision.site, .dest       # pass to channel.call_tool(..., site=decision.site, dest=decision.dest)
    decision.asked             # the user saw this call's card (else: ran on a grant or setting)
    permissions.grants(settings) / grant(store, g) / revoke(store, g)

A host tool (MCP, screenshot) declares its level and calls :func:`permit` before it runs;
``details`` on the card come from :func:`card` (extend it for a new kind of tool).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote_plus, urlsplit

from native_host import logs
from native_host.keys import origin_of

ASK_LEVELS = ("send", "navigate", "act")
WITH_DEST = ("send", "navigate")
_chat_ok: dict[str, set[tuple[str, str]]] = {}  # session → (tool, dest) allowed for this chat


@dataclass(frozen=True)
class Grant:
    site: str
    tool: str
    dest: str = ""

    @property
    def entry(self) -> str:
        return f"{self.tool} {self.dest}" if self.dest else self.tool


@dataclass
class Decision:
    denial: str | None = None
    site: str | None = None  # the origin the tab must still be on when the tool runs
    dest: str | None = None  # a send tool's full address (search_web: the search URL the user saw)
    asked: bool = False  # the user allowed this very call on its card


def http_origin(url: str | None) -> str:
    """The origin of an http(s) URL, or "" for anything else (about:, chrome:, file:…)."""
    if not url or urlsplit(url).scheme not in ("http", "https") or not urlsplit(url).hostname:
        return ""
    return origin_of(url)


# ------------------------------------------------------------------ grants
def grants(settings: Any) -> list[Grant]:
    out = []
    for site, entries in settings.allowed_sites.items():
        for entry in entries:
            tool, _, dest = entry.partition(" ")
            out.append(Grant(site, tool, dest))
    return out


def granted(settings: Any, g: Grant) -> bool:
    return bool(g.site) and g.entry in settings.allowed_sites.get(g.site, [])


def grant(store: Any, g: Grant) -> None:
    allowed = {k: list(v) for k, v in store.load().allowed_sites.items()}
    allowed[g.site] = sorted({*allowed.get(g.site, []), g.entry})
    store.update({"allowed_sites": allowed})


def revoke(store: Any, g: Grant) -> None:
    allowed = {k: [e for e in v if e != g.entry] if k == g.site else list(v)
               for k, v in store.load().allowed_sites.items()}
    store.update({"allowed_sites": {k: v for k, v in allowed.items() if v}})


# ------------------------------------------------------------------ what goes where
def destination(tool: Any, args: dict[str, Any], settings: Any) -> str | None:
    """The full address a navigate/send tool sends the tab or the data to."""
    if tool.name == "search_web":
        return settings.search_url.replace("{q}", quote_plus(str(args.get("query", ""))))
    if tool.permission == "navigate":
        return str(args.get("url", ""))
    return None


def _leaving_question(site: str, dest_url: str) -> str:
    there = urlsplit(dest_url).netloc or dest_url
    return f"Click a link that leaves {urlsplit(site).netloc or 'this page'} for {there}?"


def card(tool: Any, args: dict[str, Any], dest_url: str | None) -> tuple[str, dict[str, Any]]:
    """(the question, details for the card): everything that will be typed, sent or opened."""
    details: dict[str, Any] = {}
    if dest_url is not None:
        parts = urlsplit(dest_url)
        details["dest"] = http_origin(dest_url) or dest_url
        details["url"] = dest_url
        if parts.username is not None or parts.password is not None:
            # https://bank.example@evil.example/ goes to evil.example: say so
            details["userinfo"] = parts.netloc.rpartition("@")[0] + "@"
        host = parts.hostname or ""
        if host and not host.isascii():
            details["unicode_host"] = host
    if "text" in args:
        details["text"] = str(args["text"])
    if tool.name == "search_web":
        where = urlsplit(details["dest"]).netloc or details["dest"]
        return f"Search the web for “{args.get('query', '')}”? The words go to {where}.", details
    if tool.permission == "navigate":
        return f"Open a page on {urlsplit(details.get('dest', '')).netloc or dest_url}?", details
    return tool.summary(args), details


# ------------------------------------------------------------------ asking
async def permit(channel: Any, store: Any, tool: Any, args: dict[str, Any], *,
                 session: str, page_url: str | None, leaving: str | None = None) -> Decision:
    """Ask the user when the tool's level and the grants require it; see the module doc.
    ``leaving``: the address a click found it would take the tab to, off the site."""
    settings = store.load()
    dest_url = leaving or destination(tool, args, settings)
    out = dest_url if tool.permission == "send" else None
    if tool.permission not in ASK_LEVELS:
        return Decision(dest=out)
    site = http_origin(page_url)
    dest = (http_origin(dest_url) or (dest_url or "")) if tool.permission in WITH_DEST or leaving else ""
    g = Grant(site, tool.name, dest)
    if not settings.confirm_actions or granted(settings, g) or (
            tool.permission == "send" and (tool.name, dest) in _chat_ok.get(session, set())):
        return Decision(site=site or None, dest=out)
    summary, details = card(tool, args, dest_url)
    if leaving:
        summary = _leaving_question(site, dest_url)
    answer = await channel.confirm(tool.name, args, summary, site=site or None, details=details)
    logs.log("tool_confirm", tool=tool.name, approved=answer.approved, remember=answer.remember, site=site, dest=dest)
    if answer.problem:
        return Decision(denial=f"Error: {tool.name} was not run: {answer.problem}.")
    if not answer.approved:
        return Decision(denial=f"The user denied {tool.name}; it was not run. Do not try it again: carry on "
                               "without it and tell the user what you could not do.")
    if tool.permission == "send":
        _chat_ok.setdefault(session, set()).add((tool.name, dest))
    if answer.remember and site:
        grant(store, g)
    return Decision(site=site or None, dest=out, asked=True)
