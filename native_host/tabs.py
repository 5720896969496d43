"""Several tabs in one message: the token budget shared fairly, each tab fenced and named.

Every tab (the current one first) gets an equal share; tabs that need less give the rest to
those that were cut, so three short shop pages and one long article all fit as well as they
can.  Each block says which tab it came from (title + URL), as untrusted page data.
"""

from __future__ import annotations

from typing import Any

from native_host import protocol

MIN_SHARE = 300  # tokens: below this a tab is listed by title and URL only


def share(pages: list[protocol.PageSnapshot], budget: int, question: str = "") -> list[Any]:
    """One PageContext per page within ``budget`` tokens in all, shared fairly."""
    from native_host.documents.context import snapshot_context

    if not pages:
        return []
    each = max(MIN_SHARE, budget // len(pages))
    first = [snapshot_context(p, each, question) for p in pages]
    spare = sum(max(0, each - c.tokens) for c in first if not c.truncated)
    cut = [i for i, c in enumerate(first) if c.truncated]
    if spare > 0 and cut:
        more = each + spare // len(cut)
        for i in cut:
            first[i] = snapshot_context(pages[i], more, question)
    return first


def label(page: protocol.PageSnapshot, n: int) -> str:
    title = " ".join((page.title or "").split())[:120] or "(untitled)"
    return f"tab {n}: “{title}” — {page.url or 'no URL'}"


def tabs_block(tabs: list[protocol.PageSnapshot], contexts: list[Any]) -> str:
    """The other tabs' blocks, each fenced and labelled with its title and URL."""
    from native_host.prompt import untrusted

    parts = [f"The user added {len(tabs)} other tab{'s' if len(tabs) != 1 else ''} to this message. Each block "
             "below says which tab it came from; when comparing, name each tab's facts by its title."]
    for n, (page, ctx) in enumerate(zip(tabs, contexts), start=2):
        parts.append(untrusted(label(page, n), ctx.to_prompt()))
    return "\n\n".join(parts)
