"""The article's place on the page: right under its title.

A page names its article twice, in ``<title>`` (or ``og:title``) and in the ``h1`` (or
``h2``) above the text.  Where class and id names say nothing (a site that names things differently, or not
at all), a comment thread, a footer blurb or a list of names can outscore a short story;
the story is still the text that starts under the title heading.  :func:`near_title` finds
the elements that start within a few hundred characters of text after that heading, before
the page is prepared, so that :func:`scoring.under_title` can weigh them.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import text_of

El = etree._Element

_WORDS = Lazy(r"\w+")
_SKIP_TEXT = {"script", "style", "noscript", "template", "svg"}
_MIN_TITLE_WORDS = 2
# the title is among a page's first headings (a page of 8,000 sections is not read through)
_MAX_HEADINGS = 100


def title_words(text: str | None) -> str:
    """A title as its lower-cased words, for comparing headings with ``<title>`` (here and
    in :func:`cleaning.prepare`, which drops the heading that repeats the title)."""
    return " ".join(_WORDS.findall((text or "").lower()))


def page_titles(root: El) -> list[str]:
    """The page's declared titles, normalized: ``<title>`` and ``og:title``."""
    head = root.find("head")
    found = []
    if head is not None:
        node = head.find("title")
        if node is not None:
            found.append(title_words(text_of(node)))
        for meta in head.iter("meta"):
            if meta.get("property") == "og:title" and meta.get("content"):
                found.append(title_words(meta.get("content", "")))
    return [t for t in found if t]


def title_heading(body: El, titles: list[str]) -> El | None:
    """The first ``h1`` whose text (two words or more) is in one of the declared titles:
    the article's title, not the site's logo or a section's name; else such an ``h2`` (a
    page that sets its site name in the ``h1``, or has none)."""
    if not titles:
        return None
    for tag in ("h1", "h2"):
        for heading in islice(body.iter(tag), _MAX_HEADINGS):
            text = title_words(text_of(heading))
            if len(text.split()) >= _MIN_TITLE_WORDS and any(text in t for t in titles):
                return heading
    return _one_word(body, titles)


def _one_word(body: El, titles: list[str]) -> El | None:
    """A one-word ``h1`` that begins every declared title ("Emden" under "Emden –
    Sehenswürdigkeiten & Attraktionen", "Penny" under "Penny – Stardew Valley Wiki"): the
    page's subject, not its site's name, which titles put last (a title that is the word
    alone is the site's home page or its logo's)."""
    heading = next(body.iter("h1"), None)
    if heading is None:
        return None
    text = title_words(text_of(heading))
    if not text or " " in text:
        return None
    return heading if all(t.startswith(text + " ") for t in titles) else None


def near_title(heading: El, chars: int) -> dict[El, int]:
    """Elements that start after ``heading`` with at most ``chars`` characters of text
    between them (document order; script and style text not counted), with that count."""
    near: dict[El, int] = {}
    seen = len((heading.tail or "").strip())
    node = heading
    skip = _SKIP_TEXT
    while node is not None and seen <= chars:
        for sib in node.itersiblings():
            for el in sib.iter():
                if seen > chars:
                    return near
                tag = el.tag
                if isinstance(tag, str):
                    near[el] = seen
                    if tag not in skip and el.text:
                        seen += len(el.text.strip())
                if el.tail:
                    seen += len(el.tail.strip())
        node = node.getparent()
    return near


# a best candidate that starts further than this below the title is not the article's start
_FAR_CHARS = 1500


@dataclass
class Anchor:
    """The title heading's ancestors, and the elements that start under it with how much
    text stands between (up to _FAR_CHARS)."""

    above: set
    below: dict


def heading_path(root: El) -> tuple[list[int], str] | None:
    """Where the title heading is (child indexes from ``<body>``) and its text: found once
    per page, followed in each pass's copy of the same tree (:func:`anchor`)."""
    body = root.find("body")
    heading = title_heading(body, page_titles(root)) if body is not None else None
    if heading is None:
        return None
    path = []
    node = heading
    while node is not body:
        parent = node.getparent()
        path.append(parent.index(node))
        node = parent
    return path[::-1], text_of(heading)


def anchor(body: El, where: tuple[list[int], str]) -> Anchor | None:
    """The title heading in ``body`` (a copy of the page :func:`heading_path` read, not yet
    prepared) and the elements that start under it."""
    node = body
    path, text = where
    for index in path:
        if index >= len(node):
            return None
        node = node[index]
    if node.tag not in ("h1", "h2") or text_of(node) != text:
        return None  # not the same tree
    return Anchor(set(node.iterancestors()), near_title(node, _FAR_CHARS))
