"""Follow-us boxes told by where their links lead: to the site's own pages on the networks.

"Síguenos en Telegram, Instagram, Facebook y Twitter para recibir en directo todas nuestras
actualizaciones", "Follow us on X and Instagram", "Folgen Sie uns auf Facebook und LinkedIn":
a call to follow the site is about the site, never the story, in any language, and a site
that names the box nothing ("siguenos", "social") leaves only its links to tell it.  They
lead to the networks' *profile* pages (``t.me/ElUniversalVzla``, ``instagram.com/eluniversal``,
``twitter.com/ElUniversal``), not to a post (``twitter.com/x/status/1…``, ``instagram.com/p/…``,
``youtube.com/watch…``), which a story quotes.

A box of at most :data:`_BOX_CHARS` characters that links to the profiles of two networks or
more, with at most :data:`_OWN_CHARS` characters outside those links ("Síguenos en … para
recibir …"), no picture besides the links' icons and no block without such a link (a
line of the story set in the same box), goes.  One network named in a sentence
("… she wrote on her Instagram") stays: it may be the story's; and so does a profile link in
a longer paragraph.  Share endpoints are :mod:`sharebars`'s.

The box is a block (:data:`_BLOCKS`), never an inline element: a story's closing sentence
may end in such links ("What do you think? *Let us know down below in the comments or carry
the discussion over to our Twitter or Facebook.*"), and its italics alone are short enough to
look like a box; people reading the page count that line as the story's (a first version of
this rule took it: trafilatura-eval 7e525bf38710 with class names scrambled).
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import text_len

El = etree._Element

# a network's profile page: the host, then one name (``/@name`` for some), nothing after it
# but a slash, a query or a fragment; or a channel's address on the networks that have them
_PROFILE = Lazy(
    r"^(?:https?:)?//(?:[a-z]{2,3}\.|www\.|m\.)?"
    r"(facebook\.com|twitter\.com|x\.com|instagram\.com|tiktok\.com|threads\.net|pinterest\.[a-z.]{2,6}"
    r"|vk\.com|t\.me|telegram\.me|youtube\.com|linkedin\.com|bsky\.app|flipboard\.com)/"
    r"(?:@?[\w.-]+|(?:channel|c|user|company|in|profile)/[\w.@-]+)/?(?:[?#].*)?$",
)
# first path words that are a network's own pages or a post, never someone's profile
_NOT_PROFILE = frozenset(("share", "sharer", "sharer.php", "intent", "home", "watch", "search", "hashtag",
                          "p", "reel", "status", "login", "signup", "privacy", "policy", "terms", "legal"))
_SAME = {"x": "twitter", "t": "telegram"}  # one network under two hosts (x.com, t.me)
_BOX_CHARS = 300
_OWN_CHARS = 120
_NETWORKS = 2


def network(href: str) -> str | None:
    """The network whose profile page ``href`` is, or None (a post, a share endpoint, elsewhere)."""
    match = _PROFILE.match(href.strip().lower())
    if match is None:
        return None
    path = href.strip().lower().split("//", 1)[1].split("/", 1)[1]
    first = path.split("?")[0].split("#")[0].strip("/").split("/")[0].lstrip("@")
    if first in _NOT_PROFILE:
        return None
    name = match.group(1).split(".")[0]
    return _SAME.get(name, name)


def _pictured(node: El, profiles: set[int]) -> bool:
    """Whether ``node`` holds a picture outside its profile links (a photo with a credit)."""
    for img in node.iter("img", "picture", "video", "svg"):
        if not any(id(up) in profiles for up in img.iterancestors()):
            return True
    return False


_BLOCKS = ("p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table",
           "section", "article", "figure", "dl", "pre")


def _holds_other(node: El, profiles: set[int]) -> bool:
    """Whether ``node`` holds a block with text and no profile link: a line of the story
    set beside the follow line in one box is not part of the call."""
    for child in node:
        if isinstance(child.tag, str) and child.tag in _BLOCKS and text_len(child) \
                and not any(id(a) in profiles for a in child.iter("a")):
            return True
    return False


def drop_follow_boxes(article: El) -> None:
    """Without the follow-us boxes of ``article`` (see the module's docstring)."""
    links = {}
    for a in article.iter("a"):
        if a is not article:
            name = network(a.get("href") or "")
            if name is not None:
                links[id(a)] = (a, name)
    if len({name for _, name in links.values()}) < _NETWORKS:
        return
    profiles = set(links)
    doomed: dict[int, El] = {}
    for a, _ in links.values():
        box, node = None, a.getparent()
        while node is not None and node is not article:
            length = text_len(node)
            if length > _BOX_CHARS:
                break
            inside = [links[id(el)] for el in node.iter("a") if id(el) in links]
            if length - sum(text_len(el) for el, _ in inside) > _OWN_CHARS or _pictured(node, profiles) \
                    or _holds_other(node, profiles):
                break
            if len({name for _, name in inside}) >= _NETWORKS and node.tag in _BLOCKS:
                box = node
            node = node.getparent()
        if box is not None:
            doomed[id(box)] = box
    remove_all(list(doomed.values()))
