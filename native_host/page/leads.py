"""The article's lead (standfirst, dek, "chapo"): paragraphs set apart above the body that
:mod:`scoring` picks, which belong to the article — or a sentence or two set as a subheading
(``<h2 class="epigraph">``), which people reading the page count as its lead too.

It is taken from the same ``<article>``/``<main>`` as the body (:func:`leads`), from between
the title heading and the body (:func:`title_leads`), or from a small box right before the
body; never a byline, date, caption, list item, quote or a run of a box's loose text.  A lead
in an article's header that the page names as chrome is moved out of it before the header
goes (:func:`rescue_lead`, called by :func:`cleaning.prepare`).
"""

from __future__ import annotations


from lxml import etree

from native_host.page.anchor import Anchor
from native_host.page.inarticle import beside_image, under_image
from native_host.page.lazyre import Lazy
from native_host.page.measures import LOOSE_RUN, NOT_LEAD, Flags, class_and_id, class_weight, link_density, text_len
from native_host.page import scoring
from native_host.page.scoring import is_ancestor

El = etree._Element

# The lead (standfirst, dek, "chapo") often stands in the article's header, apart from the
# body the scores pick: it is taken from the same <article>/<main>, above the body.
_LEAD_HOLDERS = {"article", "main"}
_NOT_LEAD_TAGS = {"li", "figure", "figcaption", "table", "a", "blockquote"}
_LEAD_CHARS = 60
_HEADING_LEAD_CHARS = 100  # a subheading this long above the body is a standfirst set as one
_MAX_LEADS = 3  # more paragraphs than a lead has: teasers or a second body, not a lead


def leads(top: El, first: El, flags: Flags) -> list[El]:
    """Paragraphs above ``first`` (the article's first part) in the ``<article>`` or
    ``<main>`` that holds ``top``: at least 60 characters, few links, not a byline, date,
    caption, list item or quote.  None when there are more than three (then it is not one
    lead); when no such landmark holds the article, or none is found in it, the lead in a
    small box right before the body (:func:`_lead_before`)."""
    holder = top.getparent() if top.tag not in _LEAD_HOLDERS else None
    for _ in range(8):
        if holder is None or holder.tag in ("body", "html"):
            return _lead_before(first, flags)
        if holder.tag in _LEAD_HOLDERS or holder.get("role") == "main":
            break
        holder = holder.getparent()
    else:
        return _lead_before(first, flags)
    found: list[El] = []
    for el in holder.iter(etree.Element):
        if el is first:
            break
        if not _lead_tag(el) or LOOSE_RUN in el.attrib:
            continue
        length = text_len(el)
        if (length < _lead_chars(el) or link_density(el, length) > 0.2 or _set_apart(el, holder, flags)
                or is_ancestor(el, first)):
            continue
        found.append(el)
        if len(found) > _MAX_LEADS:
            return []
    return found or _lead_before(first, flags)


def title_leads(first: El, anchor: Anchor, flags: Flags) -> list[El]:
    """The lead between the title heading and the article's first part, when that part
    starts right under the title: paragraphs of at least 60 characters with few links, not
    set apart, not a picture's caption, at most three (the page's own markup says nothing
    of them: no ``<article>`` holds both, no box is named so, they are not in the box right
    before the body).  A sentence in the title's own small box before its picture is the
    header's lead, not a caption (:func:`inarticle.beside_image`), and not one of the three.
    Not a subtitle set as a heading: Readability.js leaves those out."""
    gap = anchor.below.get(first)
    if gap is None or gap == 0 or gap > scoring._NEAR_CHARS:  # (read here: the cross-validation sets it)
        return []
    root = first.getroottree().getroot()
    found = []
    deks = 0  # leads in the title's own box (below), which the three do not count
    for el, at in sorted(anchor.below.items(), key=lambda item: item[1]):
        if at >= gap:
            break
        if el.tag != "p":
            continue
        if el.getroottree().getroot() is not root or is_ancestor(el, first):
            continue  # gone with the page's chrome, or holds the article
        length = text_len(el)
        if (length < _LEAD_CHARS or link_density(el, length) > 0.2 or _set_apart(el, root, flags)
                or beside_image(el, anchor.above)):
            continue  # not prose of the text's own, or a picture's caption
        if any(is_ancestor(f, el) for f in found):
            continue
        found.append(el)
        if beside_image(el):
            deks += 1  # a caption's place but for the title's box it shares: the header's own lead
        if len(found) - deks > _MAX_LEADS:
            return []
    return found


_LEAD_LEVELS = 3  # how far up from the body a standfirst's box may sit beside it
_LEAD_BOX_CHARS = 1200


def _lead_before(first: El, flags: Flags) -> list[El]:
    """The lead in a small box just before the article's body (or an ancestor of it, up to
    three levels): one to three lead-like paragraphs, in a box of at most 1200 characters
    (a standfirst, not another story or a teaser list), not a caption under its picture."""
    node = first
    for _ in range(_LEAD_LEVELS):
        box = node.getprevious()
        while box is not None and not isinstance(box.tag, str):
            box = box.getprevious()
        size = text_len(box) if box is not None else 0
        if size > 0:
            if size > _LEAD_BOX_CHARS:
                return []
            found = [el for el in ([box] if _lead_tag(box) else box.iter(*_LEAD_TAGS))
                     if LOOSE_RUN not in el.attrib and text_len(el) >= _lead_chars(el)
                     and link_density(el) <= 0.2 and not _set_apart(el, box.getparent(), flags)
                     and not under_image(el)]
            return found if len(found) <= _MAX_LEADS else []
        node = node.getparent()
        if node is None or node.tag in ("body", "html"):
            return []
    return []


_LEAD_TAGS = ("p", "h2", "h3")


def _lead_tag(el: El) -> bool:
    return el.tag in _LEAD_TAGS


def _lead_chars(el: El) -> int:
    """The least length of a lead: a paragraph of 60 characters; a subheading of 100 — a
    sentence or two ("Kurz vor der Betriebsversammlung bei VW mehren sich Spekulationen, …"
    in ``h2``), not a section's title."""
    return _LEAD_CHARS if el.tag == "p" else _HEADING_LEAD_CHARS


def _set_apart(el: El, holder: El, flags: Flags) -> bool:
    """Whether ``el`` or a container up to ``holder`` is marked as not the text itself."""
    node = el
    while node is not None and node is not holder:
        if (node.tag in _NOT_LEAD_TAGS or class_weight(node, flags) < 0
                or NOT_LEAD.search(class_and_id(node).lower())):
            return True
        node = node.getparent()
    return False


# what sites call the lead (standfirst) under an article's title, in several languages
_LEAD_NAME = Lazy(r"lead|deck|excerpt|subtitle|standfirst|intro|chapo|bajada")


def rescue_lead(el: El) -> bool:
    """An article's header (its title and at most 2000 characters, in an ``<article>`` or
    ``<main>``) named so goes like the page's banner (:func:`cleaning.prepare`), but the lead
    it holds (a block named "lead", "deck", "excerpt", "standfirst", "chapo"…, ≥ 60
    characters, few links, no blocks inside but the one paragraph it wraps) is the article's:
    it is moved out, right after the header, as a paragraph, where :func:`leads` finds it.  The title is an ``h1``, or an
    ``h2`` when no paragraph of the article comes before the header (an ``h2`` further down
    heads a chart or a box, not the story).  Returns whether it moved a lead out."""
    if "header" not in class_and_id(el).lower():
        return False
    holder = _landmark(el)
    if holder is None:
        return False
    if text_len(el) > 2000:
        return False  # the article itself
    if next(el.iter("h1"), None) is None and (next(el.iter("h2"), None) is None or _after_text(el, holder)):
        return False  # not an article's header (its title and lead)
    after = el
    for node in list(el.iter("p", "h2", "h3", "div")):
        attrs = class_and_id(node).lower()
        if node is el or not _LEAD_NAME.search(attrs) or "caption" in attrs or "author" in attrs:
            continue
        length = text_len(node)
        if length < _LEAD_CHARS or link_density(node, length) > 0.2:
            continue
        inner = [c for c in node.iter("p", "div") if c is not node]
        if inner:  # a box around the lead's one paragraph ("<div class=lead><p>…</p></div>") gives it
            if len(inner) > 1 or inner[0].tag != "p" or text_len(inner[0]) != length:
                continue
            node = inner[0]
        node.tail = None
        node.tag = "p"
        after.addnext(node)
        after = node
    return after is not el


def _landmark(el: El) -> El | None:
    """The ``<article>`` or ``<main>`` around ``el`` (None when there is none)."""
    holder = el.getparent()
    while holder is not None and holder.tag not in _LEAD_HOLDERS:
        holder = holder.getparent()
    return holder


def _after_text(el: El, holder: El) -> bool:
    """Whether a paragraph with text comes before ``el`` in ``holder``."""
    for node in holder.iter(etree.Element):
        if node is el:
            return False
        if node.tag == "p" and text_len(node):
            return True
    return False
