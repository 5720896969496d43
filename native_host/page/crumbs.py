"""A breadcrumb trail at the head of the article, told by its shape, not its name.

"Home › Travel › The title", "Sie sind hier: Startseite / ÖBFV / „Zentrum am Berg“":
links to the site's sections with only separators between them, before the article's first
paragraph.  Sites name the box "breadcrumb" (which :func:`cleaning.prepare` reads), but
where names say nothing (a site's own words, or hashed class names) only the shape is left.
"""

from __future__ import annotations

from itertools import islice

from lxml import etree

from native_host.page.inarticle import drop
from native_host.page.measures import text_len
from native_host.page.parse import text_of

El = etree._Element

_SEPARATORS = frozenset(">›»/|→·\\")
_TRAIL_CHARS = 200  # a trail is a line: sections and the page's own title
_LABEL_CHARS = 30  # "You are here:", "Sie sind hier:"
_PARAGRAPH_CHARS = 160  # the article's first real paragraph: no trail after it
_HEAD_ELEMENTS = 300  # a trail is among the article's first elements
_BOXES = ("p", "div", "span", "ol", "ul", "li", "section", "header", "nav", "small")


def drop_crumb_trail(article: El) -> None:
    """Drop the first breadcrumb trail before the article's first real paragraph."""
    for el in islice(article.iter(etree.Element), _HEAD_ELEMENTS):
        if el is article:
            continue
        tag = el.tag
        if tag == "p" and _longer(el, _PARAGRAPH_CHARS) and text_len(el) >= _PARAGRAPH_CHARS:
            return
        if tag in _BOXES and _trail(el):
            drop(el)
            return


def _longer(el: El, chars: int) -> bool:
    """Whether ``el`` has more than ``chars`` characters of text, spaces and all (read only
    that far: the wrappers around a book-sized article are not serialised one by one)."""
    seen = 0
    for piece in el.itertext():
        seen += len(piece)
        if seen > chars:
            return True
    return False


def _trail(el: El) -> bool:
    """Two links or more with nothing but separators between them (two or more), after a
    short label at most and before the page's own name at most."""
    if next(islice(el.iter("a"), 1, None), None) is None or _longer(el, 2 * _TRAIL_CHARS):
        return False
    if len(" ".join(text_of(el).split())) > _TRAIL_CHARS:
        return False
    segments = _segments(el)
    links = [i for i, (linked, _) in enumerate(segments) if linked]
    if len(links) < 2:
        return False
    separators = 0
    for i, (linked, piece) in enumerate(segments):
        if linked:
            continue
        if i < links[0]:  # a label before the trail
            if len(piece) > _LABEL_CHARS:
                return False
            continue
        # an item's position may show beside it ("Startseite1 / ÖBFV2 / …": schema.org's
        # ListItem position, meant to be hidden)
        piece = piece.lstrip("0123456789 ")
        if i > links[-1]:  # the page itself, after a separator
            if not piece or piece[0] not in _SEPARATORS:
                return False
            separators += 1
        elif not piece or any(c not in _SEPARATORS for c in piece.replace(" ", "")):
            return False
        else:
            separators += sum(1 for c in piece if c in _SEPARATORS)
    return separators >= 2


def _segments(el: El) -> list[tuple[bool, str]]:
    """``el``'s text as runs in links and out of them (blank runs left out)."""
    runs: list[tuple[bool, str]] = []
    depth = 0

    def add(linked: bool, piece: str | None) -> None:
        piece = " ".join((piece or "").split())
        if not piece:
            return
        if runs and runs[-1][0] == linked:
            runs[-1] = (linked, runs[-1][1] + " " + piece)
        else:
            runs.append((linked, piece))

    for event, node in etree.iterwalk(el, events=("start", "end")):
        if not isinstance(node.tag, str):
            continue
        if event == "start":
            if node.tag == "a":
                depth += 1
            add(depth > 0, node.text)
        else:
            if node.tag == "a":
                depth -= 1
            if node is not el:
                add(depth > 0, node.tail)
    return runs
