"""Log-in boxes told by what they ask for: a password.

A site's log-in and sign-up dialogs (drawn over the page on demand) are often a box of
several panels — the form, then "Forgot your password? You will get an e-mail…", "Your
registration was successful", "Check your age" — each a heading over a sentence or two.
Named, they go by their names ("modal", "dialog"); with names that say nothing they look
like a short article, and on a page whose story is one paragraph they outscore it.  What
tells them whatever their names is the field no article has: ``<input type=password>``.

The box that goes is the largest one around such a field that holds neither the page's
``h1`` nor its ``<main>`` (a page wrapped in one ASP.NET form keeps its form) and no
paragraph of an article's length, a ``<p>`` of 250 characters or a run of text of 200 in
any tag (a column that holds the story beside a log-in widget keeps the story).  Called
by :func:`cleaning.prepare`, before scoring, with the password fields its walk over the
page met (no walk of its own).
"""

from __future__ import annotations

from lxml import etree

El = etree._Element

_LONG_P = 250  # characters: a paragraph of a story, not a dialog's note
_RUN = 200  # characters of text in one run: a story's, whatever its tags (a div soup's paragraphs)
_STOP = etree.XPath("boolean(.//h1 | .//main | .//*[@role='main'] | .//p[string-length(normalize-space()) >= $n]"
                    " | .//text()[string-length(normalize-space()) >= $run])")


def is_password(field: El) -> bool:
    return (field.get("type") or "").strip().lower() == "password"


def login_boxes(body: El, fields: list[El]) -> list[El]:
    """The boxes of ``body`` around its password ``fields`` (outermost, each once)."""
    boxes: list[El] = []
    for field in fields:
        if boxes and not set(boxes).isdisjoint(field.iterancestors()):
            continue
        box = field
        parent = box.getparent()
        while parent is not None and parent is not body and not _STOP(parent, n=_LONG_P, run=_RUN):
            box, parent = parent, parent.getparent()
        if box is not field:
            boxes.append(box)
    return boxes
