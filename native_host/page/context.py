"""PageSnapshot → PageContext: what the agent knows about the page, within a token budget.

    from native_host.page.context import build_context, PageContext
    ctx = build_context(snapshot, budget_tokens=6000)
    prompt_text = ctx.to_prompt()

Priorities when the budget is tight: selection > product > main content > interactive
elements.  Main content is cut at paragraph boundaries and the prompt says how much
was left out.  Never raises: a page that cannot be read gives an (almost) empty context.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lxml import etree

from native_host.logs import log
from native_host.page import budget as B
from native_host.page import dates, stylerules
from native_host.page.content import extract_limited
from native_host.page.interactive import Interactive, find_interactive
from native_host.page.lazyre import Lazy
from native_host.page.parse import parse, text_of
from native_host.page.product import Product, extract_product, jsonld_articles, jsonld_blocks
from native_host.page.survey import Survey, survey

if TYPE_CHECKING:  # (a type only: `tabmate extract` runs without the protocol's models)
    from native_host.protocol import PageSnapshot

__all__ = ["PageContext", "Product", "Interactive", "build_context"]

El = etree._Element
_TITLE_SEPARATORS = Lazy(r"\s[|\-–—\\/>»]\s")


@dataclass
class PageContext:
    url: str = ""
    title: str = ""
    lang: str | None = None
    description: str | None = None
    published: str | None = None  # the publication date the page declares (page/dates.py)
    main_text: str = ""
    product: Product | None = None
    interactive: list[Interactive] = field(default_factory=list)
    selection: str | None = None
    tokens: int = 0
    truncated: bool = False
    omitted_words: int = 0  # words of main content left out by the budget

    def as_dict(self) -> dict[str, Any]:
        return {**vars(self), "product": self.product.as_dict() if self.product is not None else None,
                "interactive": [i.as_dict() for i in self.interactive]}

    def to_prompt(self) -> str:
        """The compact text the agent injects for this page."""
        return "\n\n".join(self._sections(self.main_text))

    def _sections(self, main: str) -> list[str]:
        """The prompt's sections, with ``main`` standing for the main text (packing measures
        the prompt with "" there and adds the main text's size, measured once)."""
        lines = [f"Page: {self.title or '(untitled)'}", f"URL: {self.url or '(unknown)'}"]
        if self.lang:
            lines.append(f"Language: {self.lang}")
        if self.description:
            lines.append(f"Description: {self.description}")
        if self.published:
            lines.append(f"Published: {self.published}")
        parts = ["\n".join(lines)]
        if self.selection:
            parts.append(f"Selected text:\n\"\"\"\n{self.selection}\n\"\"\"")
        if self.product is not None:
            parts.append("Product: " + _product_line(self.product))
        if self.main_text:
            body = main
            if self.omitted_words:
                body += f"\n\n{B.more_note(self.omitted_words)}"
            parts.append(f"Main content:\n{body}")
        if self.interactive:
            rows = [f"[{i.index}] {i.role} \"{i.label}\"" for i in self.interactive]
            parts.append("Interactive elements (act on them by index):\n" + "\n".join(rows))
        return parts


def _product_line(p: Product) -> str:
    bits = [p.name or "(unnamed)"]
    if p.price:
        bits.append(f"price {p.price}{' ' + p.currency if p.currency else ''}")
    if p.availability:
        bits.append(p.availability)
    if p.sku:
        bits.append(f"SKU {p.sku}")
    if p.brand:
        bits.append(f"brand {p.brand}")
    if p.rating is not None:
        bits.append(f"rated {p.rating:g}" + (f" ({p.review_count} reviews)" if p.review_count else ""))
    return " | ".join(bits)


# ------------------------------------------------------------------ metadata


def _meta(root: El) -> dict[str, str]:
    out: dict[str, str] = {}
    head = root.find("head")
    for el in (head if head is not None else root).iter("meta"):
        key = (el.get("property") or el.get("name") or el.get("http-equiv") or "").strip().lower()
        if key and el.get("content") and key not in out:
            out[key] = " ".join(el.get("content", "").split())
    return out


def page_title(root: El, meta: dict[str, str], jsonld: list[Any] | None = None) -> str:
    """The article title as Readability finds it: the JSON-LD headline, the declared title
    (Dublin Core, OpenGraph, Twitter), else ``<title>`` without the site name around it."""
    for key in ("dc:title", "dcterm:title", "og:title", "weibo:article:title", "title",
                "twitter:title"):
        declared = _jsonld_headline(root, jsonld) if key == "dc:title" else ""
        declared = declared or meta.get(key, "")
        if declared:
            return declared[:300]
    node = root.find(".//title")
    raw = " ".join(text_of(node).split()) if node is not None else ""
    h1s = [" ".join(text_of(h).split()) for h in root.iter("h1")][:2]
    if not raw:
        return h1s[0][:300] if h1s else ""
    title = raw
    seps = list(_TITLE_SEPARATORS.finditer(raw))
    if seps:
        title = raw[: seps[-1].start()].strip()  # drop the trailing site name
        if len(title.split()) < 3:
            title = raw[seps[0].end():].strip()  # or a leading one
    elif ": " in raw:
        after = raw[raw.rfind(": ") + 2:]
        title = after if len(after.split()) >= 3 else raw
    elif (len(raw) > 150 or len(raw) < 15) and len(h1s) == 1:
        title = h1s[0]
    if len(title.split()) <= 4 and (not seps or len(title.split()) != len(raw.split()) - 1 -
                                    len(_TITLE_SEPARATORS.findall(raw)) + 1):
        title = raw
    return title[:300]


def _jsonld_headline(root: El, blocks: list[Any] | None = None) -> str:
    for node in jsonld_articles(jsonld_blocks(root) if blocks is None else blocks):
        names = [" ".join(v.split()) for v in (node.get("name"), node.get("headline"))
                 if isinstance(v, str) and v.strip()]
        if names:
            # both given and different: the one the <title> agrees with
            tag = root.find(".//title")
            doc_title = text_of(tag) if tag is not None else ""
            return next((n for n in names if n in doc_title), names[-1])
    return ""


def page_address(url: str, root: El, meta: dict[str, str]) -> str:
    """The page's web address: ``url`` when it is one, else (a saved file, ``file://``) the
    address the page declares (``<link rel=canonical>``, ``og:url``) — the product reading
    looks there for an id and, for "$" or "Rs", the shop's country."""
    if url.startswith(("http://", "https://")):
        return url
    head = root.find("head")
    for link in (head if head is not None else root).iter("link"):
        if "canonical" in (link.get("rel") or "").lower().split():
            href = (link.get("href") or "").strip()
            if href.startswith(("http://", "https://")):
                return href
    declared = meta.get("og:url", "")
    return declared if declared.startswith(("http://", "https://")) else url


def page_lang(root: El, meta: dict[str, str]) -> str | None:
    lang = root.get("lang") or root.get("xml:lang") or meta.get("content-language") or meta.get("og:locale")
    lang = (lang or "").strip().replace("_", "-")
    return lang[:35] or None


def page_description(meta: dict[str, str]) -> str | None:
    text = meta.get("description") or meta.get("og:description") or meta.get("twitter:description")
    return text[:500] if text else None


# ------------------------------------------------------------------ entry


def _safely(what: str, fn, default):  # type: ignore[no-untyped-def]
    try:
        return fn()
    except Exception as e:  # extraction must never take the chat down
        log("page_extract_failed", level="warning", stage=what, error=f"{type(e).__name__}: {e}")
        return default


def _clean_text(text: str) -> str:
    paras = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text or "")]
    return "\n\n".join(p for p in paras if p)


def build_context(snapshot: PageSnapshot, budget_tokens: int = 6000) -> PageContext:
    """Everything the agent should know about the page, packed into ``budget_tokens``."""
    started = time.perf_counter()
    ctx = PageContext(url=snapshot.url or "", title=" ".join((snapshot.title or "").split()),
                      lang=snapshot.lang or None)
    main = ""
    main_words = 0
    interactive: list[Interactive] = []
    if snapshot.html:
        root = _safely("parse", lambda: parse(snapshot.html), None)
        if root is not None:
            meta = _safely("meta", lambda: _meta(root), {})
            jsonld = _safely("json-ld", lambda: jsonld_blocks(root), [])
            ctx.title = ctx.title or _safely("title", lambda: page_title(root, meta, jsonld), "")
            ctx.lang = ctx.lang or _safely("lang", lambda: page_lang(root, meta), None)
            ctx.description = _safely("description", lambda: page_description(meta), None)
            ctx.published = _safely("published", lambda: dates.published(root, meta, jsonld, snapshot.html), None)
            address = _safely("address", lambda: page_address(ctx.url, root, meta), ctx.url)
            seen = _safely("survey", lambda: survey(root), None)  # one walk for the next two
            ctx.product = _safely("product", lambda: extract_product(root, address, jsonld, seen), None)
            buy = _safely("buy controls", lambda: _buy_controls(seen) if ctx.product and seen else [], [])
            interactive = _safely("interactive", lambda: find_interactive(root, seen=seen, first=buy), [])
            stylerules.forget()  # the shop reading is done: its memo must not keep the tree alive
            # render a little more than the budget can show; count the rest in words
            limit = max(4000, budget_tokens * 6)
            # content last: it may modify the tree (retries parse the page again)
            main, main_words = _safely("content", lambda: extract_limited(
                root, ctx.title, limit, reparse=lambda: parse(snapshot.html)), ("", 0))
    if snapshot.transcript:  # a video page: its captions are the content
        from native_host.documents import transcript

        main, main_words = transcript.as_text(snapshot.transcript), 0
        ctx.description = transcript.description(snapshot.transcript)
    if not main and snapshot.text:
        main = _clean_text(snapshot.text)
    selection = " ".join((snapshot.selection or "").split()) or None
    _pack(ctx, budget_tokens, selection, main, interactive, main_words)
    log("page_context", url=ctx.url[:200], tokens=ctx.tokens, truncated=ctx.truncated,
        ms=round((time.perf_counter() - started) * 1000, 1))
    return ctx


def _buy_controls(seen: Survey) -> list[etree._Element]:
    """A shop page's own add-to-cart / buy-now controls (not its forms), for the agent to
    find among the page's controls whatever else the page offers."""
    return [el for el in seen.buy_buttons() if el.tag != "form"][:3]


def _prompt_tokens(ctx: PageContext, main: B.Size) -> int:
    """``B.estimate_tokens(ctx.to_prompt())``, the main text not read again (``main``: its
    size): the main text stands between line breaks, so the sizes add up."""
    return (B.size("\n\n".join(ctx._sections(""))) + main).tokens


def _pack(ctx: PageContext, budget_tokens: int, selection: str | None, main: str,
          interactive: list[Interactive], main_words: int = 0) -> None:
    budget_tokens = max(0, int(budget_tokens))
    shown_size = B.Size()  # of ctx.main_text, "" until the main text is placed
    left = budget_tokens - _prompt_tokens(ctx, shown_size)
    truncated = False
    if selection:
        shown, dropped = B.cut(selection, max(0, left // 2) if main else max(0, left))
        ctx.selection = shown or None
        truncated |= dropped > 0
        left = budget_tokens - _prompt_tokens(ctx, shown_size)
    if ctx.product is not None and left < 0:
        ctx.product = None
        truncated = True
    left = budget_tokens - _prompt_tokens(ctx, shown_size)
    costs = [B.estimate_tokens(f"[{i.index}] {i.role} \"{i.label}\"") + 1 for i in interactive]
    controls_cost = sum(costs)
    reserve = min(controls_cost, max(0, left) * 15 // 100)
    if main:
        room = max(0, left - reserve - 20)  # 20: headings and the "more words" note
        measured = B.size(main)
        shown, dropped = B.cut(main, room, measured)
        shown_size = measured if shown is main else B.size(shown)
        if main_words > B.words(main, measured):  # rendering stopped early: count what was never rendered
            dropped = max(dropped, main_words - B.words(shown, shown_size))
        ctx.main_text, ctx.omitted_words = shown, dropped
        truncated |= dropped > 0
    left = budget_tokens - _prompt_tokens(ctx, shown_size)
    kept: list[tuple[int, Interactive]] = []
    # the most needed first (a shop's buy control, fields, buttons, then links), shown in page order
    for order, item, cost in sorted(zip(range(len(costs)), interactive, costs), key=lambda x: (x[1].rank, x[0])):
        if cost + (45 if not kept else 0) > left:  # 45: the section heading
            truncated = True
            break
        kept.append((order, item))
        left -= cost + (45 if len(kept) == 1 else 0)
    ctx.interactive = [item for _, item in sorted(kept, key=lambda x: x[0])]
    ctx.truncated = truncated
    ctx.tokens = _prompt_tokens(ctx, shown_size)
