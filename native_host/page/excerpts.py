"""Lists of other pages' excerpts, told by the cut that ends each item.

A box of related stories, recent posts, recent comments or pingbacks shows each page as a link
and the first words of its text cut short: "Island – ein Volk befreit sich … / Von unserer
bundesdeutschen Presse … Hiesige Medien schwören die Bevölkerung auf Gedeih un...", "Pingback
von … […] Gefällt mir", "Wiener Blut: Früher waren die Leute katholisch oder evangelisch...".
Sites name such boxes "related", "recent" or "widget", and a site that names nothing keeps the
shape: a text ends in an ellipsis where a program cut it, and no story writes every item of a
list so.

A list (``ul``/``ol``) of two items or more goes when every item holds a link to another page
and its text ends in an ellipsis ("...", "…", "[…]", "[...]"); when such lists hold more than
:data:`_SHARE` of the article's text, they are what the page is (a blog's front page, a
section's list of posts), and all stay.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.hrefs import href_of, leads_away
from native_host.page.inarticle import remove_all
from native_host.page.lazyre import Lazy
from native_host.page.measures import text_len
from native_host.page.parse import text_of

El = etree._Element

# an ellipsis at the end of a text, then closing quotes or brackets
_CUT = Lazy(r"(?:\.\.\.|…|\[\.\.\.\])[\"'”»)\]]*$")
_ITEMS = 2
_SHARE = 0.75  # such lists that hold more of the text than this are what the page is


def _excerpt(item: El) -> bool:
    """Whether a list item is a link to another page with its text cut short."""
    if not _CUT.search(text_of(item).rstrip()):
        return False
    return any(leads_away(href_of(a)) for a in item.iter("a"))


def drop_excerpt_lists(article: El) -> None:
    """Without the lists of ``article`` whose every item is another page's excerpt cut short
    (see the module's docstring)."""
    lists = []
    for box in article.iter("ul", "ol"):
        items = [child for child in box if child.tag == "li"]
        if len(items) >= _ITEMS and all(_excerpt(item) for item in items):
            lists.append(box)
    if lists and sum(text_len(box) for box in lists) <= _SHARE * text_len(article):
        remove_all(lists)
