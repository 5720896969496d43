"""Teaser cards in the article, told by their shape: a link to another page that holds a heading.

A story's own headings may hold a link; a link that holds a heading is a card that sends the
reader to another story ("Related / Inside the Biden White House, Doubts About Gaza War…",
set in the article's flow), which sites name "related" or "teaser" and a site that names
nothing does not.  Such a link, with at most :data:`_CARD_CHARS` characters of text, goes;
a link to a place on the same page (a heading that links to itself) is not one.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.hrefs import href_of, leads_away
from native_host.page.inarticle import remove_all
from native_host.page.measures import text_len

El = etree._Element

_CARD_CHARS = 300
_HEADINGS = ("h2", "h3", "h4", "h5", "h6")


def drop_teaser_cards(article: El) -> None:
    """Without the links of ``article`` that hold a heading (see the module's docstring)."""
    cards = []
    for a in article.iter("a"):
        if not leads_away(href_of(a)) or a is article:
            continue
        if next(a.iter(*_HEADINGS), None) is not None and text_len(a) <= _CARD_CHARS:
            cards.append(a)
    remove_all(cards)
