"""Where a link leads, read once for every rule that asks.

Rules about boilerplate and shop cards keep asking the same question of a link's ``href``,
and each used to answer it in its own words. A link does one of three things:

- it **leads away**, to another page: a teaser's story, another product's card
  (:func:`leads_away`);
- it **moves about this page**: ``#section``, a table of contents, "Jump to Recipe"
  (:func:`on_this_page` gives the place);
- it **runs the page's script**: ``href="#"``, a single-page app's ``#!/route``,
  ``javascript:…`` (:func:`runs_script`) — a control drawn as a link.

A mail address or a phone number (``mailto:``, ``tel:``) neither leads away nor runs a
script: a contact line, not a card and not a control.
"""

from __future__ import annotations

from lxml import etree

El = etree._Element

_NOT_A_PAGE = ("#", "javascript:", "mailto:", "tel:")


def href_of(a: El) -> str:
    """``a``'s ``href`` without the blanks around it (``""`` when it has none)."""
    return (a.get("href") or "").strip()


def leads_away(href: str) -> bool:
    """Whether ``href`` takes the reader to another page (or another site)."""
    return bool(href) and not href.lower().startswith(_NOT_A_PAGE)


def runs_script(href: str) -> bool:
    """Whether ``href`` only hands the click to the page's script: a bare ``#``, a
    ``#!`` route, ``javascript:``."""
    lowered = href.lower()
    return lowered == "#" or lowered.startswith(("#!", "javascript:"))


def on_this_page(href: str) -> str | None:
    """The place on this page that ``href`` moves to (an element's ``id`` or ``name``), or
    None when it goes elsewhere or only runs a script."""
    if not href.startswith("#") or runs_script(href):
        return None
    return href[1:]
