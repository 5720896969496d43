"""What a site sets into or beside an article that reads like a paragraph once its names are
gone, told by its shape:

* a row of short links with a label ("Share this article Facebook X Email Print",
  "Tags: Politik Berlin Wahl"): a bar, not a sentence — drawn as a ``<div>`` of inline
  elements it became a paragraph in :func:`cleaning.prepare`, where the conditional cleaning
  of boxes no longer judges it;
* what is left of a box once its form went (a form is never the article), when the form
  asks for an e-mail address or a text: its title and the pitch beside the form ("Sign up
  for our newsletter. The day's stories in your inbox…", "Leave a reply. Your email address
  will not be published."); and a heading left alone in a box that lost its blocks
  (session 10's rule, moved here from ``cleaning``).
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import remove_all
from native_host.page.measures import link_density, norm_len, text_len
from native_host.page.parse import text_of

El = etree._Element

# a bar: this many links or more to other pages (with a letter or digit in them: not a
# "^ a b" back-link to a note), each of a few words, and no more text than a label beside them
_ROW_LINKS = 3
_ROW_LINK_WORDS = 3
_ROW_CHARS = 300
_ROW_OWN_CHARS = 40


def drop_link_rows(article: El) -> None:
    """Without the paragraphs that are rows of short links (see the module's docstring)."""
    rows = []
    for p in article.iter("p"):
        lead = p.text
        if (lead is not None and len(lead) > _ROW_OWN_CHARS and len(lead.strip()) > _ROW_OWN_CHARS) \
                or p is article or next(p.iter("img", "br"), None) is not None:
            continue  # (prose from its first words; lines, or a picture: a box, not a bar)
        links = 0
        for a in p.iter("a"):
            label = text_of(a)
            if len(label.split()) > _ROW_LINK_WORDS:
                break
            links += any(c.isalnum() for c in label) and not (a.get("href") or "").startswith("#")
        else:
            if links < _ROW_LINKS:
                continue
            text = text_of(p)
            length = norm_len(text)
            if length <= _ROW_CHARS and length * (1 - link_density(p, length)) <= _ROW_OWN_CHARS \
                    and _text_after(p, article):
                rows.append(p)
    remove_all(rows)


def _text_after(el: El, article: El) -> bool:
    """Whether text of ``article`` follows ``el``: the lines that end an article are
    :func:`content.trim_tail`'s to judge, with all that ends it."""
    while el is not article and el is not None:
        if (el.tail or "").strip() or any(text_of(s).strip() for s in el.itersiblings()):
            return True
        el = el.getparent()
    return False


WRITES = "data-writes"  # on a form that asks for an e-mail address or a text


def note_field(field: El) -> None:
    """Before a form's fields go (:func:`cleaning.prepare`): mark the form when ``field``
    asks for an e-mail address or a text (a ``textarea``, an ``input`` of type "email" or
    named so) — a sign-up, comment or contact form, not a shop's buy form (a quantity, a
    size) or a search box, whose boxes hold the product or the page's head."""
    if field.tag == "input":
        kind = (field.get("type") or "").lower()
        if kind != "email" and not (kind in ("", "text") and "mail" in (field.get("name") or "").lower()):
            return
    form = next(field.iterancestors("form"), None)
    if form is not None:
        form.set(WRITES, "")


# what may be left of a form's box and still be its title and pitch, not text of the article
_PITCH_CHARS = 300


def form_leftover(box: El, length: int) -> bool:
    """Whether ``box``, which lost a form, holds only its title and pitch (``length``
    characters of text, no ``h1``: a box of the page's title is the article's head)."""
    return 0 < length <= _PITCH_CHARS and next(box.iter("h1"), None) is None


# a heading left alone in its box once the box's blocks went as link farms: the title of a
# "see also" / "related" box whose teasers were cleaned away ("Zobacz także", "Artículos
# relacionados"), not a heading of the article's own text; or once its form went, which
# a form is never the article's ("Leave a Reply", "Kontakt", "Abonniere unseren Newsletter")
_ORPHAN_CHARS = 80


def orphan_heading(el: El) -> bool:
    """Whether all that is left of ``el`` (a box that lost blocks) is a short heading, not
    the page's title (an ``h1`` whose box lost its share buttons stays)."""
    length = text_len(el)
    return (0 < length <= _ORPHAN_CHARS and heading_density(el, length) >= 0.9
            and next(el.iter("h1"), None) is None)


def heading_density(el: El, length: int) -> float:
    """The share of ``el``'s text (``length`` characters) in headings (measured only when
    a block is short enough for it to matter)."""
    if not length:
        return 0.0
    return sum(text_len(h) for h in el.iter("h1", "h2", "h3", "h4", "h5", "h6")) / length


# a label ("Den Artikel teilen:", "Share:") in a box whose other blocks show no text (icons)
_LABEL_CHARS = 80


def icon_label(box: El, length: int, raw: str) -> bool:
    """Whether all the text of ``box`` (``raw``, ``length`` characters once normalised) is a
    label ending in ":" and the box also holds a block without text: the label of a row of
    icons ("Den Artikel mit anderen teilen/diskutieren:" and share buttons drawn as
    pictures), which labels nothing once the icons are not read."""
    if not 0 < length <= _LABEL_CHARS or not raw.rstrip().endswith(":"):
        return False
    return any(isinstance(c.tag, str) and c.tag in ("ul", "ol", "div", "p") and not text_len(c) for c in box)
