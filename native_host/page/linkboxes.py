"""The boxes of the chosen article told by where their links lead, last in its cleaning.

A site names its share bar, its support pitch, its teaser cards, its follow-us line and its
page controls as it likes, or not at all; their links still have to lead somewhere telling —
a network's share endpoint, a donation platform, one other story, other pages with their text
cut short, the site's profiles, a place further down this page.  Each kind has its module;
this runs them in order, after the conditional cleaning has judged the boxes with these links
still in them.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.donations import drop_support_pitches
from native_host.page.excerpts import drop_excerpt_lists
from native_host.page.follows import drop_follow_boxes
from native_host.page.selflinks import drop_self_links
from native_host.page.sharebars import drop_share_bars
from native_host.page.teasercards import drop_teaser_cards
from native_host.page.teaserlinks import drop_teaser_links


def drop_link_boxes(article: etree._Element) -> None:
    """Without the share bars, support pitches, teaser cards, lists of other pages' excerpts,
    follow-us boxes and page controls of ``article`` (see each module's docstring)."""
    drop_share_bars(article)
    drop_support_pitches(article)
    drop_teaser_cards(article)
    drop_teaser_links(article)
    drop_excerpt_lists(article)
    drop_follow_boxes(article)
    drop_self_links(article)
