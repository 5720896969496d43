"""Classes the page's own ``<style>`` rules hide: ``.is-hidden{display:none}``.

A saved shop page often keeps the templates its script shows when something happens — a
"Sold out" label, a "Notify me" box, an "added to cart" pop-up with its own ``h1`` —
hidden only by a class its inline style sheet sets to ``display:none``.  A reader of the
markup alone (no browser) sees them as text beside the buy button; a shopper never does.

Only what the rules say counts, never a class name alone (Tailwind's ``hidden md:block``
shows on a wide screen what ``hidden`` hides on a narrow one):

* a rule counts when its whole selector is one class (``.x``, not ``.js .x`` nor
  ``.x:hover``), it is not inside an at-rule (``@media``: hidden on phones only), and it
  sets ``display:none`` or ``visibility:hidden``;
* a class that a one-class rule anywhere (``@media`` included) sets to another
  ``display`` is not hidden, and neither is an element that also carries such a class
  (``hidden md:block``).

Linked style sheets are not read (the saved page may not have them): this is a cheap
signal for what the page itself says, not a renderer.  The live extension marks what the
browser does not draw (:data:`parse.HIDDEN_MARK`).
"""

from __future__ import annotations

import re
import threading

from lxml import etree

from native_host.page.lazyre import Lazy

El = etree._Element

_COMMENT = Lazy(r"/\*.*?\*/", re.S)
_HIDES = Lazy(r"(?:^|[;\s{])(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)
_SHOWS = Lazy(r"(?:^|[;\s{])display\s*:\s*(?!none\b)[a-z-]+", re.I)
_ONE_CLASS = Lazy(r"\.((?:[\w-]|\\.)+)")
_DECLARATION = Lazy(r"(?:display|visibility)\s*:", re.I)
_DECLARATION_LOWER = Lazy(r"(?:display|visibility)\s*:")  # (on lower-cased text: 2× faster)
_MAX_CSS = 2_000_000  # characters of inline style read per page (shops inline up to 0.8 MB)


def _unescape(name: str) -> str:
    return re.sub(r"\\(.)", r"\1", name)


def _rules(css: str):
    """(selector, body, inside an at-rule) for each rule of ``css`` that sets ``display`` or
    ``visibility``: each such declaration found by one search, its rule's braces by
    ``rfind``/``find`` and the at-rules' depth counted between rules (all in C: shops
    inline up to 0.8 MB of CSS, most of it other properties)."""
    depth = 0
    last = 0  # where ``depth`` was counted to
    seen = -1  # the body last read
    lowered = css.lower()  # the same offsets unless a letter lower-cases to two ("İ")
    found = _DECLARATION_LOWER.finditer(lowered) if len(lowered) == len(css) else _DECLARATION.finditer(css)
    for m in found:
        opened = css.rfind("{", 0, m.start())
        if opened == -1 or opened == seen or css.rfind("}", 0, m.start()) > opened:
            continue  # not in a rule's body, or its body read already
        seen = opened
        head = max(css.rfind("}", 0, opened), css.rfind("{", 0, opened)) + 1
        depth += css.count("{", last, head) - css.count("}", last, head)
        last = head
        closed = css.find("}", m.end())
        yield css[head:opened].strip(), css[opened + 1:closed if closed != -1 else len(css)], depth > 0


def hidden_classes(root: El) -> tuple[frozenset[str], frozenset[str]]:
    """(classes a top-level one-class rule hides, classes some rule shows) of the page's
    inline style sheets."""
    hides: set[str] = set()
    shows: set[str] = set()
    budget = _MAX_CSS
    for style in root.iter("style"):
        css = style.text or ""
        if not css or budget <= 0 or not _applies(style):
            continue
        css = _COMMENT.sub(" ", css[:budget])
        budget -= len(css)
        for selector, body, nested in _rules(css):
            hiding = _HIDES.search(body)
            if not hiding and not _SHOWS.search(body):
                continue
            for one in selector.split(","):
                m = _ONE_CLASS.fullmatch(one.strip())
                if m is None:
                    continue
                if not hiding:
                    shows.add(_unescape(m.group(1)))
                elif not nested:
                    hides.add(_unescape(m.group(1)))
    # a class some rule (a wider screen's) also shows is not hidden for sure
    return frozenset(hides - shows), frozenset(shows)


def _applies(style: El) -> bool:
    """A style sheet the browser applies to the screen: not one for print or a narrow
    screen only (``media``), nor one inside ``<noscript>`` (the page runs its script)."""
    media = (style.get("media") or "all").strip().lower()
    if media not in ("all", "screen", ""):
        return False
    return not any(node.tag == "noscript" for node in style.iterancestors())


class Hider:
    """Whether an element's own classes are hidden by the page's style rules."""

    __slots__ = ("hides", "shows")

    def __init__(self, root: El) -> None:
        self.hides, self.shows = hidden_classes(root)

    def __call__(self, el: El) -> bool:
        if not self.hides:
            return False
        names = el.get("class")
        if not names:
            return False
        classes = names.split()
        return any(c in self.hides for c in classes) and not any(c in self.shows for c in classes)


# (root, Hider) of the page this thread reads: the host reads pages in worker threads
# (agent.py, asyncio.to_thread), and two chats' pages must not share one memo
_memo = threading.local()


def hider(el: El) -> Hider:
    """The :class:`Hider` of ``el``'s page (computed once per page and thread)."""
    root = el.getroottree().getroot()
    page = getattr(_memo, "page", None)
    if page is None or page[0] is not root:
        page = _memo.page = (root, Hider(root))
    return page[1]


def forget() -> None:
    """Let go of the page this thread read: the memo would keep its whole tree alive."""
    _memo.page = None
