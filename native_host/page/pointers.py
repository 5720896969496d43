"""Pointers to other stories in an article's flow, not its text.

* "Read also: <a>another story</a>", "Lea también: <a>…</a>": a short label and a link;
* a short label alone ("Lesen Sie auch") and the blocks of only links right after it;
* a label on a line of its own and lines that are links ("Siehe auch" / a post's title / …);
* WordPress's cards for other posts (``wp-embedded-content``).
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import link_density, text_len
from native_host.page.parse import text_of

El = etree._Element


# "Read also: <a>Another story</a>", "Lea también: <a>…</a>", "Czytaj też: <a>…</a>": a
# short label and a link to another page, in the article's flow
_POINTER_LABEL = Lazy(r"^\W*(\w[\w'’ -]{0,30}?)\s*[:?»›→>|]+\s*$")
_POINTER_TAGS = ("p", "h2", "h3", "h4", "h5", "h6")


def drop_pointers(article: El) -> None:
    """Drop blocks that only point to other stories: a label of up to four words ending in
    ":", "?", "»" (in any language) and then a link with the rest of the text; a short
    label alone ("Lesen Sie auch", "Auch auf example.de") and the blocks of only links
    right after it; and WordPress's cards for other posts ("wp-embedded-content").  One pass;
    most paragraphs are ruled out by their first characters."""
    doomed: list[El] = []
    for el in article.iter(*_POINTER_TAGS):
        lead = len((el.text or "").strip())
        if lead > 80 or (lead > 40 and len(el)):
            continue  # prose from its first words (and more after): neither kind of pointer
        first = next(el.iter("a"), None)
        if first is None:
            if (not lead and not len(el)) or any(child.tag in _NOT_IN_LABEL for child in el):
                continue  # empty, or blocks inside: not a label
            after = _next_element(el)
            if _label(el) and _link_block(after):
                doomed.append(el)
                while _link_block(after):
                    doomed.append(after)
                    after = _next_element(after)
            continue
        href = (first.get("href") or "").strip()
        if lead > 40 or not href or href.startswith("#"):
            continue
        match = _POINTER_LABEL.match(_text_before(el, first, 40))
        if match is None or len(match.group(1).split()) > 4:
            if _labelled_lines(el):
                doomed.append(el)
            continue
        length = text_len(el)
        if 0 < length <= 250 and link_density(el, length) >= 0.5:
            doomed.append(el)
    # WordPress's card for another post embedded in this one (after the labels above: "Das
    # könnte dich auch interessieren:" goes with the card it announces)
    doomed.extend(el for el in article.iter("blockquote") if _embedded_post(el.get("class")))
    remove_all(doomed)


_LINES_CHARS = 2000


def _labelled_lines(el: El) -> bool:
    """A label of up to four words on a line of its own, then lines that are links ("Siehe
    auch" / <br> / a post's title / <br> / another's…): other stories listed, not text (not
    sources that show their addresses)."""
    label = (el.text or "").split()
    if not 0 < len(label) <= 4 or not len(el) or el[0].tag != "br" or (el[0].tail or "").strip():
        return False
    links = sum(1 for _ in el.iter("a"))
    length = text_len(el)
    return (links >= 2 and length <= _LINES_CHARS and link_density(el, length) >= 0.8
            and not _shows_addresses(el))


def _embedded_post(names: str | None) -> bool:
    return names is not None and "wp-embedded-content" in names


_LINKS_TAGS = {"p", "ul", "ol", "blockquote", "div"}
_NOT_IN_LABEL = {"p", "div", "ul", "ol", "table", "section", "blockquote", "figure", "article"}


def _next_element(el: El) -> El | None:
    after = el.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    return after


def _link_block(el: El | None) -> bool:
    """A short block that is nothing but links to other stories (a list of them, an
    embedded teaser), not a list of sources that shows their addresses."""
    if el is None or el.tag not in _LINKS_TAGS:
        return False
    length = text_len(el)
    if not 0 < length <= 600 or link_density(el, length) < 0.8:
        return False
    return not _shows_addresses(el)


def _shows_addresses(el: El) -> bool:
    """Whether a link in ``el`` shows its address: a list of sources, not of stories."""
    return any((a.text or "").lstrip().startswith(("http", "www.")) for a in el.iter("a"))


def _label(el: El) -> bool:
    """A label for what follows ("Lesen Sie auch", "Das Thema könnte dich auch
    interessieren:"): a heading, or a paragraph ending in ":"/"?", of up to eight words."""
    text = " ".join(text_of(el).split())
    if not text or len(text) > 80 or len(text.split()) > 8:
        return False
    return el.tag != "p" or text.endswith((":", "?"))


def _text_before(el: El, stop: El, limit: int) -> str:
    """The text of ``el`` before its descendant ``stop``, in document order; only its
    start once that passes ``limit`` characters."""
    parts: list[str] = []
    size = 0
    for event, node in etree.iterwalk(el, events=("start", "end")):
        if node is stop or size > limit:
            break
        piece = (node.text if event == "start" else node.tail if node is not el else None) or ""
        parts.append(piece)
        size += len(piece)
    return " ".join(" ".join(parts).split())
