"""Blocks inside a chosen article that are about it or point away from it, not of it.

* share widgets, calls to action ("cta", "donate" boxes), the author's box and the post's
  metadata line (named so);
* captions and photo credits (``<figcaption>``, or named "caption"/"credit", short and
  beside a picture, or a short paragraph with a "©" or a "Foto:"/"Photo:"/"Credit:" label):
  the human-judged corpora leave them out of the article;
* calls to follow or subscribe and notices at the article's end.

The "Read also" pointers in the article's flow are in :mod:`pointers`.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import islice
from typing import Container

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.measures import SENTENCE_END, class_and_id, link_density, norm_len, text_len
from native_host.page.parse import text_of

El = etree._Element

_SHARE = Lazy(r"\b(share|sharedaddy)\b|social", re.IGNORECASE)


# what the parser lets into a text ("\x0b", "&#11;", "&#xFFFE;" on a page) but lxml will not
# write back: a text joined from such parts is written without them
_NOT_XML = Lazy("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def drop(el: El) -> None:
    """Remove an element with its subtree but keep its tail text."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail and tail.strip():
        prev = el.getprevious()
        joined = ((prev.tail if prev is not None else parent.text) or "") + tail
        try:
            _write(prev, parent, joined)
        except ValueError:  # (the failed write has already emptied the old text)
            _write(prev, parent, _NOT_XML.sub("", joined))
    parent.remove(el)


def set_text(el: El, text: str | None) -> None:
    """``el.text = text``, without the characters lxml let into a page's text but will not
    write back (a vertical tab, U+FFFE)."""
    try:
        el.text = text
    except ValueError:
        el.text = _NOT_XML.sub("", text or "")


def _write(prev: El | None, parent: El, text: str) -> None:
    if prev is not None:
        prev.tail = text
    else:
        parent.text = text


def remove_all(doomed: list[El]) -> None:
    for el in doomed:
        if el.getparent() is not None:
            # skip elements inside an already-removed subtree: they went with it
            drop(el)


# Blocks inside an article that are about it rather than of it: the author's box, the
# post's metadata line ("This entry was posted in…", tags, rating, the article's footer).
_ASIDE = Lazy(
    r"author|user-profile|saboxplugin|postmetadata|entry-meta|entry-utility|post-meta|rating|"
    r"(?:^|[ _-])tags(?:$|[ _-])|entry-footer|post-footer|article-footer|__footer",
)
# A picture's caption or credit line: what the picture shows, who took it.
_CAPTION = Lazy(r"caption|credit")
# a call to action: a box that asks the reader to subscribe, donate, download (named so), and
# what stands in for an embed, an ad or a picture until it loads ("placeholder": a consent notice)
_CTA = Lazy(r"(?:^|[\s_-])(?:cta|call-?to-?action|donat\w*|placeholder)(?=[\s_\d-]|$)")
# a control of the page's script, not text: "Print Recipe", "Jump to Recipe", "Bild anzeigen
# Bild schließen", "Quellen ausblenden" (a class word that names a button or a toggle)
_CONTROL = Lazy(r"(?:^|[\s_-])(?:toggle|toggler|btn|button|jump)(?=[\s_\d-]|$)")
_CONTROL_CHARS = 80


@lru_cache(maxsize=8192)
def _control(names: str) -> bool:
    return _CONTROL.search(names.lower()) is not None


@lru_cache(maxsize=8192)
def _mark(attrs: str) -> int:
    """What a class/id says of a block inside an article, as bits: 1 share widget, 2 author
    box or metadata line, 4 caption, 8 call to action (each distinct value read once)."""
    lowered = attrs.lower()
    return ((1 if _SHARE.search(attrs) else 0) | (2 if _ASIDE.search(lowered) else 0)
            | (4 if _CAPTION.search(lowered) else 0) | (8 if _CTA.search(lowered) else 0))


# a picture's credit label: "Foto: dpa", "(Photo: Getty)", "… | Credit: Reuters", or after the
# caption's sentence with a name that ends the line, no sentence ("René Klemmer. Foto: GdP/Hagen
# Immel"; not "… the album. Photo: a house by the lake."); a short "Photo by …" line that is
# no sentence ("Photo by ev on Unsplash"); a picture agency's name in brackets that end a line
# with a label ("(Symbolbild: Alex T./AdobeStock)", "(Quelle: Hume/Unsplash/DJV)"); in Spanish,
# Portuguese and Italian, where "crédito" is a loan too, only brackets that are the whole line
# or end the caption's sentence, no sentence in them ("(crédito: Minervino Júnior/CB/D.A.Press)";
# not "Crédito: 3.000 euros a devolver …", "… um empréstimo (crédito: 20 mil reais) para …")
_LABEL = r"(?:foto|photo|bild|titelbild|credit|crédit|picture|image)s?\s?:"
_AGENCY = (r"[^()]*\b(?:istock|getty ?images|shutterstock|adobe ?stock|fotolia|unsplash|pixabay|pexels|"
           r"picture[- ]alliance|imago)\b[^()]*")
_CREDIT = Lazy(rf"(?:^|\(|\| |, ){_LABEL}|[.!?] {_LABEL}(?:[^.!?]|[.!?]\S)*$|"
               r"^(?:photo|photograph|picture|image)s? by [^.!?]{1,60}$|"
               rf"\({_AGENCY}\)$|(?:^|[.!?] )\((?:crédito|credito)s?\s?:[^()]*(?<![.!?])\)$", re.I)
# with no label, the agency's brackets alone or after the caption's sentence, no sentence in
# them ("… getarnt. (mlharing / iStock.com)"; not "… a start-up (later bought by Unsplash)",
# "… Fotos. (Etwa von Pixabay oder Unsplash.)")
_BARE_CREDIT = Lazy(rf"(?:^|[.!?] ?)\({_AGENCY}(?<![.!?])\)$", re.I)
_CREDIT_CHARS = 200
# the paragraphs that can be one, found in C, and only when the article has one of the marks
# at all (its text is serialised in C in a few ms; reading every paragraph's text in Python
# would cost a book-sized page half a second): "©", a label's colon, "Photo by"; a caption
# whose credit is an agency in brackets with no label ("… getarnt. (mlharing / iStock.com)")
# is asked for only on the pages that name an agency at all
_MARKS = ("©", ":", "hoto by")
_AGENCY_MARKS = ("tock", "Getty", "nsplash", "ixabay")  # four scans of the text: 0.011 s over 675 pages
# A credit line is a paragraph, or a <small> that no paragraph holds (the fine print under a
# picture: "<small>(crédito: Minervino Júnior/CB/D.A.Press)</small>", "<small>Foto: © GEPA</small>").
_LINES = ".//p[{0}] | .//small[not(ancestor::p)][{0}]"
_CREDIT_CANDIDATES = etree.XPath(_LINES.format(" or ".join(f"contains(., '{mark}')" for mark in _MARKS)))
_AGENCY_CANDIDATES = etree.XPath(_LINES.format(" or ".join(f"contains(., '{mark}')"
                                                          for mark in _MARKS + _AGENCY_MARKS)))


def _credit_lines(article: El) -> set[El]:
    """Paragraphs, and ``<small>`` lines outside them, of at most 200 characters with a "©" or
    a picture credit (with no label, 200 characters as shown: an agency's brackets after the
    caption)."""
    whole = text_of(article)
    if any(mark in whole for mark in _AGENCY_MARKS):
        candidates = _AGENCY_CANDIDATES
    elif any(mark in whole for mark in _MARKS):
        candidates = _CREDIT_CANDIDATES
    else:
        return set()
    found = set()
    for p in candidates(article):
        text = text_of(p).strip()
        if any(mark in text for mark in _MARKS):
            if len(text) <= _CREDIT_CHARS and ("©" in text or _CREDIT.search(text) is not None):
                found.add(p)
            continue
        text = " ".join(text.split())  # as shown: the source's indentation is no text
        if len(text) <= _CREDIT_CHARS and _BARE_CREDIT.search(text) is not None:
            found.add(p)
    return found


_SHARE_BOXES = {"div", "section", "ul", "ol"}
_CAPTION_CHARS = 400  # a caption says what a picture shows in a sentence or two
_MEDIA = ("img", "picture", "video", "figure")


def beside_image(el: El, header: Container[El] = ()) -> bool:
    """Whether a picture is in ``el`` or in a wrapper around it (up to three levels) that
    holds no more than a caption's text (a caption sits by its picture, in a figure-like
    box of its own; not anywhere in an article that has pictures).  A wrapper in ``header``
    (the title heading's ancestors) is the article's header: there a sentence with no picture
    before it is the lead under the title, the lead picture after it, not a caption."""
    node = el
    for _ in range(3):
        if node is None or (node is not el and text_len(node) > _CAPTION_CHARS):
            return False
        if node in header and not _media_before(node, el) and SENTENCE_END.search(text_of(el).strip()):
            return False
        if node.tag == "figure" or next(node.iter(*_MEDIA), None) is not None:
            return True
        node = node.getparent()
    return False


def _media_before(box: El, el: El) -> bool:
    """Whether a picture comes before ``el`` in ``box`` (document order)."""
    for node in box.iter(etree.Element):
        if node is el:
            return False
        if node.tag in _MEDIA:
            return True
    return False


def under_image(el: El) -> bool:
    """Whether a picture comes before ``el`` in a box of a caption's size around it (up to
    three levels): a caption under its picture, whatever the box is called (a lead stands
    under the title, its picture after it)."""
    node = el
    for _ in range(3):
        parent = node.getparent()
        if parent is None or text_len(parent) > _CAPTION_CHARS:
            return False
        for sib in node.itersiblings(preceding=True):
            if isinstance(sib.tag, str) and (sib.tag in _MEDIA or next(sib.iter(*_MEDIA), None) is not None):
                return True
        node = parent
    return False


def drop_marked(article: El) -> list[El]:
    """Drop share widgets and calls to action (short blocks named so: "share", "cta",
    "donate"), captions (a ``<figcaption>``, or a block named "caption"/"credit" beside a
    picture, up to 400 characters), credit and copyright lines (a paragraph or a ``<small>``
    outside one, of at most 200 characters with a "©" or a picture credit: :data:`_CREDIT`,
    :data:`_BARE_CREDIT`) and author boxes and metadata lines (named so, and short
    beside the article: a quarter of its text at most, so a page that marks its whole body
    with such a class keeps it).

    Returns the short blocks named as buttons or toggles ("btn", "button", "toggle",
    "jump"), for the caller to drop after the conditional cleaning, which judges a box of
    links with its buttons."""
    total = None
    doomed = []
    controls = []
    credits = _credit_lines(article)
    for el in article.iter(etree.Element):
        if el is article:
            continue
        if el.tag == "figcaption":
            mark = 4
        elif el in credits:
            doomed.append(el)
            continue
        elif not (el.get("class") or el.get("id")):
            continue
        else:
            mark = _mark(class_and_id(el))
            names = el.get("class")
            if names and _control(names) and text_len(el) <= _CONTROL_CHARS:
                controls.append(el)
        if not mark:
            continue
        length = text_len(el)
        if mark & 9 and el.tag in _SHARE_BOXES and length < 500:
            doomed.append(el)
        elif mark & 4:
            if length <= _CAPTION_CHARS and (el.tag == "figcaption" or beside_image(el)):
                doomed.append(el)
        elif mark & 2:
            if total is None:
                total = text_len(article)
            if length < 0.25 * total:
                doomed.append(el)
    remove_all(doomed)
    return controls


# a call to follow, subscribe or download, told by the names of where to (the same in
# every language): "Follow The Gleaner on Twitter and Instagram", "¡Mira nuestro canal de
# YouTube!", "Únete a nuestro canal de Telegram", "Abonnieren Sie den Newsletter"
_CHANNELS = Lazy(r"\b(?:twitter|facebook|instagram|youtube|telegram|whatsapp|tiktok|linkedin|"
                       r"pinterest|newsletter|google news|app store|google play|ios|android|t\.me)\b", re.I)
_CALL_CHARS = 300
# "© 2022, BreakingBelizeNews.com. This article is the copyrighted property…", "Dieser Text
# wurde veröffentlicht unter der Lizenz CC-BY-NC-ND-4.0-DE"
_NOTICE = Lazy(r"^\s*(?:copyright\s*)?©|\bCC[- ]BY\b", re.I)
_NOTICE_CHARS = 400
# a paragraph of two links or more to other pages under the article: related posts, "more
# news" (one link alone, "Read more about ad blocking here.", may close the text)
_LINKS_SHARE = 0.8
_LINKS_CHARS = 2000
_CALLS_MAX = 3


def _backwards(article: El):
    """The elements of ``article`` in reverse document order, from its last one (lazily:
    a call at the end of a book-sized article costs a few steps, not a walk of it)."""
    node = _deepest_last(article)
    while node is not None and node is not article:
        yield node
        prev = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        node = _deepest_last(prev) if prev is not None else node.getparent()


def _deepest_last(el: El) -> El:
    while True:
        child = next((c for c in reversed(el) if isinstance(c.tag, str)), None)
        if child is None:
            return el
        el = child


_EMPHASIS = ("b", "strong", "em", "i")


def _emphasized(el: El) -> bool:
    """Whether all of ``el``'s text is set in bold or italics, or ``el`` is inside such."""
    node = el.getparent()
    if node is not None and node.tag in _EMPHASIS:
        return True
    length = text_len(el)
    inside = 0
    for em in el.iter(*_EMPHASIS):
        node = em.getparent()
        while node is not el and node.tag not in _EMPHASIS:
            node = node.getparent()
        if node is el:  # not inside another emphasis of the block: counted once
            inside += text_len(em)
    return inside >= 0.9 * length


def drop_tail_calls(article: El) -> None:
    """Drop the short paragraphs at the article's end that send the reader to a channel
    (social networks, messengers, apps, a newsletter): the site's call, not the story; the
    copyright or licence notice there ("© 2022, …", "… unter der Lizenz CC-BY-…"); and
    paragraphs of two links or more to other pages (four fifths of their text or more).
    The walk back from the end stops at the first paragraph that is none of these."""
    calls: list[El] = []
    for el in _backwards(article):
        if el.tag != "p":
            continue
        text = text_of(el)
        if not text.strip():
            continue
        if not (_notice(text) or _links_away(el, text) or _channel_call(el, text)):
            break
        calls.append(el)
        if len(calls) > _CALLS_MAX:
            return
    remove_all(calls)


def _notice(text: str) -> bool:
    """A copyright or licence notice."""
    return len(text) <= _NOTICE_CHARS * 2 and norm_len(text) <= _NOTICE_CHARS and _NOTICE.search(text) is not None


def _links_away(el: El, text: str) -> bool:
    """A list of links to other pages ("Siehe auch" and the posts): two links or more."""
    return (len(text) <= _LINKS_CHARS and next(islice(el.iter("a"), 1, None), None) is not None
            and link_density(el, norm_len(text)) >= _LINKS_SHARE)


def _channel_call(el: El, text: str) -> bool:
    """A short call to a channel, set in bold or italics or linking to it (a story that
    only names a network is not one)."""
    if len(text) > _CALL_CHARS * 2 or norm_len(text) > _CALL_CHARS or not _CHANNELS.search(text):
        return False
    return _emphasized(el) or any(_CHANNELS.search(f"{a.get('href', '')} {text_of(a)}") for a in el.iter("a"))

