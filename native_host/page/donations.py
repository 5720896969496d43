"""Support pitches told by where their links lead: to a membership or donation platform.

"If you enjoyed reading this post – would you consider supporting our work? Just click here.
Thanks!" (a link to ``steadyhq.com/en/verfassungsblog``), "Unterstütze uns auf Patreon",
"Buy me a coffee": the site asks its readers for money, in any language and under any class
name.  What tells it is where the link leads — a platform that exists to collect members'
fees and tips for the site (Steady, Patreon, Ko-fi, Buy Me a Coffee, Liberapay, Open
Collective, Tipeee, a PayPal.me page or PayPal's donate button) — not the pitch's words.

Such a link, and the box around it whose text is at most :data:`_BOX_CHARS` characters with
no picture in it (a heading over the pitch, its sign-off, a "Support us" button), go when
the box stands at an edge of the article: at most :data:`_EDGE` of the article's text
before it or after it (a site asks before the story starts or once it is over; a story
that names an artist's Patreon page mid-way names it in its own paragraphs).  A fundraiser
a story reports on is collected elsewhere (GoFundMe, a charity's own page) and stays; so
does a paragraph of the story longer than a pitch that names such a page.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import text_len

El = etree._Element

_PLATFORM = Lazy(
    r"^(?:https?:)?//(?:[\w-]+\.)*(?:steadyhq\.com|patreon\.com|ko-fi\.com|buymeacoffee\.com|liberapay\.com"
    r"|opencollective\.com|tipeee\.com|paypal\.me)/"
    r"|^(?:https?:)?//(?:www\.)?paypal\.com/(?:donate|cgi-bin/webscr\?[^#]*_donations|paypalme/)"
)
_BOX_CHARS = 400
_EDGE = 0.2


def _at_edge(article: El, box: El) -> bool:
    """Whether at most :data:`_EDGE` of ``article``'s text comes before ``box`` or after it."""
    total = text_len(article)
    around = {id(up) for up in box.iterancestors()}  # their tails come after the box
    before = 0
    for el in article.iter():
        if el is box:
            break
        before += len(" ".join((el.text or "").split()))
        if id(el) not in around:
            before += len(" ".join((el.tail or "").split()))
    after = total - before - text_len(box)
    return min(before, after) <= _EDGE * total


def _pictured(node: El) -> bool:
    return next(node.iter("img", "picture", "video"), None) is not None


def drop_support_pitches(article: El) -> None:
    """Without the links of ``article`` to a membership or donation platform and the short
    boxes around them (see the module's docstring)."""
    links = [a for a in article.iter("a") if a is not article and _PLATFORM.match((a.get("href") or "").strip().lower())]
    doomed: dict[int, El] = {}
    for link in links:
        if text_len(link) > _BOX_CHARS:
            continue
        box, node = link, link.getparent()
        while node is not None and node is not article and text_len(node) <= _BOX_CHARS and not _pictured(node):
            box, node = node, node.getparent()
        if _at_edge(article, box):
            doomed[id(box)] = box
    remove_all(list(doomed.values()))
