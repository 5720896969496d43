"""An ad slot's label left in the article once its ad went ("Advertisement", "- Anzeige -",
"Reklama"): the box of an ad holds its label and the script or frame that fills it; the
frame is never content and goes in :func:`cleaning.prepare`, the label stays behind, alone.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.inarticle import drop
from native_host.page.measures import norm_len, text_len
from native_host.page.parse import text_of

El = etree._Element

# the word a site sets over an ad, in the languages of the corpora and their neighbours
_LABELS = frozenset(
    "advertisement advertising anzeige werbung publicité publicidad pubblicità reklama реклама "
    "reclame advertentie annonse annons mainos διαφήμιση reklám sponsored gesponsert patrocinado "
    "sponsorisé".split()
)
_AROUND = " \t\r\n\xa0-–—:|*·•()[]"  # what a label may stand between ("- Anzeige -", "Advertisement:")
_MAX_CHARS = 24
_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
# where sites set it (not links or list items: a label is no way elsewhere)
_HOLDERS = ("span", "small", "div", "p", "center", "strong", "b", "em", "i", "label", "section",
            "aside", "header", "figcaption", "h2", "h3", "h4", "h5", "h6")


def drop_ad_labels(article: El) -> None:
    """Without the boxes whose whole text is an ad's label: the element holding the label
    and the ancestors whose text is nothing more, unless that is a heading alone (a section
    of a privacy policy headed "Werbung" is text: its heading's box holds the section)."""
    doomed = []
    for el in article.iter(*_HOLDERS):
        text = el.text
        if not text or len(text) > 4 * _MAX_CHARS or text.strip(_AROUND).lower() not in _LABELS:
            continue
        size = norm_len(text_of(el))
        if size > _MAX_CHARS or size != len(" ".join(text.split())):
            continue  # more than the label in it
        box = el
        while (parent := box.getparent()) is not None and parent is not article and text_len(parent) == size:
            box = parent
        if box is article or (box is el and el.tag in _HEADINGS):
            continue
        doomed.append(box)
    for box in doomed:
        drop(box)
