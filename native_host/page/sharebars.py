"""Share bars told by where their links lead, not by their names.

A share bar ("Der Artikel gefällt dir? Mit Freunden teilen", "Share this: Facebook X Email")
is named "share" or "social" on most sites, which :mod:`inarticle` reads; a site that names
nothing still has to send the reader to the networks' share endpoints (``facebook.com/
sharer``, ``twitter.com/intent/tweet``, ``pinterest.com/pin/create``, ``mailto:?subject=``…),
in a link's ``href`` or in a ``data-href``/``data-url`` its script reads.  Such a link, and
the box around it whose text is at most :data:`_BAR_CHARS` characters with at most
:data:`_OWN_CHARS` of them outside such links (a label, "Teilen:"), go: what a share bar
says is about the page, never the story.  A quote with a "Click to tweet" link keeps its
words when they are more than a label; a share link in a sentence ("… click here.") and a
photo with its caption under a "Pin it" button stay.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import text_len

El = etree._Element

_SHARE_URL = Lazy(
    r"facebook\.com/(?:sharer|share\.php|dialog/(?:share|feed))|(?:twitter|x)\.com/(?:intent/(?:tweet|post)|share\b)"
    r"|pinterest\.[a-z.]+/pin/create|linkedin\.com/(?:shareArticle|sharing/share-offsite|cws/share)"
    r"|reddit\.com/submit|whatsapp\.com/send|wa\.me/\?|^whatsapp://send|t(?:elegram)?\.me/share"
    r"|xing\.com/(?:spi/shares|social/share|app/user\?op=share)|tumblr\.com/(?:widgets/)?share"
    r"|vk\.com/share|getpocket\.com/(?:save|edit)|flipboard\.com/bookmarklet|buffer\.com/add"
    r"|addtoany\.com/(?:share|add_to)|bsky\.app/intent|^mailto:\?(?:subject|body)=")
_URL_ATTRS = ("href", "data-href", "data-url", "data-share-url")
_BAR_CHARS = 150
_OWN_CHARS = 60


def _share_link(el: El) -> bool:
    for name in _URL_ATTRS:
        url = el.get(name)
        if url and _SHARE_URL.search(url):
            return True
    return False


def _pictured(node: El, linked: dict[int, int]) -> bool:
    """Whether ``node`` holds a picture that is not a share button's (a photo with its
    caption and a "Pin it" button over it: the caption is not the bar's)."""
    for img in node.iter("img", "picture", "video"):
        if not any(id(up) in linked for up in img.iterancestors()):
            return True
    return False


def drop_share_bars(article: El) -> None:
    """Without the share links of ``article`` and the short boxes around them (see the
    module's docstring)."""
    links = [el for el in article.iter(etree.Element) if el is not article and _share_link(el)]
    if not links:
        return
    linked = {id(el): text_len(el) for el in links}
    doomed: dict[int, El] = {}
    for link in links:
        box, node = link, link.getparent()
        while node is not None and node is not article:
            length = text_len(node)
            inside = sum(linked.get(id(el), 0) for el in node.iter(etree.Element))
            if length > _BAR_CHARS or length - inside > _OWN_CHARS or _pictured(node, linked):
                break
            box, node = node, node.getparent()
        if box is link and node is not None and node is not article:
            continue  # a link in a sentence ("… click here."): the sentence keeps its words
        doomed[id(box)] = box
    remove_all(list(doomed.values()))
