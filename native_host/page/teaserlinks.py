"""Teaser cards told by their links: one other page linked two times or more in a small box.

A card that sends the reader to another story links to it from each of its parts — the
headline, the picture, a "Weiterlesen" / "Read more" / "Lire la suite" at the end of its
blurb ("Heiß, heißer, Bella Hadid! … / Sommerzeit ist Urlaubszeit, … Seht selbst!
Weiterlesen") — while a story cites a page once where it names it.  Sites name such cards
"teaser" or "snippet"; a site that names nothing keeps the shape, which :mod:`teasercards`
reads only when the link holds the heading (here the heading holds the link).  A link is an
``<a>`` or a custom element that takes an ``href`` (``<pp-link href>``, ``<pp-button href>``:
web components a page's script draws as links, bmas's FAQ card).

The smallest box that holds every link to one other page (not ``#…``, not a picture file),
when there are two or more of them, goes if its text is at most :data:`_CARD_CHARS`
characters, it holds a heading or a picture, and every link in it leads to that page.  A
paragraph that cites one source twice holds neither a heading nor a picture, and stays; and
when such cards hold more than :data:`_SHARE` of the article's text, they are what the page
is (a blog's or a section's list of posts), and all stay.
"""

from __future__ import annotations

from itertools import chain
from typing import Iterable

from lxml import etree

from native_host.page.hrefs import leads_away
from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import text_len

El = etree._Element

_CARD_CHARS = 300
_PICTURE_FILE = Lazy(r"\.(?:jpe?g|png|gif|webp|avif|svg)$")
_SHARE = 0.25  # cards that hold more of the text than this are what the page is (a list of posts)
_MARKS = ("h2", "h3", "h4", "h5", "h6", "img", "picture")
# more links to one page than a card of _CARD_CHARS holds: a site's menu or a page linking its
# own list over and over (the 10 MB stress page: tens of thousands), not looked for a box
_CARD_LINKS = 100


def _target(href: str) -> str | None:
    """The page a link leads to (without its fragment and last slash), or None for a place
    on this page, a script, a mail address or a picture file."""
    href = href.strip()
    if not leads_away(href):
        return None
    href = href.split("#", 1)[0].rstrip("/")
    return href if href and not _PICTURE_FILE.search(href.lower()) else None


def _common(els: list[El], article: El) -> El:
    """The lowest element that holds all of ``els`` (``article`` at most)."""
    common = None
    for el in els:
        line = [el, *el.iterancestors()]
        ids = {id(up) for up in line}
        common = line if common is None else [up for up in common if id(up) in ids]
    return common[0] if common else article  # the lowest: article itself or below it


def _custom_links(article: El) -> list[El]:
    """Custom elements of ``article`` that take an ``href`` (see the module's docstring)."""
    return [el for el in article.xpath(".//*[@href][not(self::a)]") if "-" in el.tag]


def _links(box: El, custom: bool) -> Iterable[El]:
    """The links of ``box``: its ``<a>``s, and its custom links when the article has any."""
    return chain(box.iter("a"), _custom_links(box)) if custom else box.iter("a")


def drop_teaser_links(article: El) -> None:
    """Without the teaser cards of ``article`` told by their links (see the module's docstring)."""
    by_target: dict[str, list[El]] = {}
    custom = _custom_links(article)
    for a in chain(article.iter("a"), custom):
        target = _target(a.get("href") or "")
        if target is not None and a is not article:
            by_target.setdefault(target, []).append(a)
    cards = []
    for target, links in by_target.items():
        if not 2 <= len(links) <= _CARD_LINKS:
            continue
        box = _common(links, article)
        # (cheapest first: a big box soon shows a link elsewhere)
        if box is not article and all(_target(a.get("href") or "") == target for a in _links(box, bool(custom))) \
                and next(box.iter(*_MARKS), None) is not None and text_len(box) <= _CARD_CHARS:
            cards.append(box)
    if cards and sum(text_len(card) for card in cards) <= _SHARE * text_len(article):
        remove_all(cards)
