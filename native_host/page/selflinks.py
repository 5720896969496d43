"""Page controls told by where their links lead: further down this page, or to a script.

"Jump to Recipe · Print Recipe" (both ``href="#recipe-card"``), a tab bar "Beschreibung ·
Details · Bewertungen", a unit toggle "US Customary - Metric" (``javascript:``): a short box of
links that only move the reader about the page is the page's own control, never the story,
and a site that names it nothing (``jump-to``, ``print``, ``tabs``) leaves only its links to
tell it.

The box is a block of at most :data:`_BOX_CHARS` characters, at most :data:`_OWN_CHARS` of
them outside such links, with no other link, heading, list, table or picture in it, and it
holds two such links or one beside a label or count — a lone link is too little to tell a
control from a line of the text (readability/'s base-url pages keep ``<p><a href="#foo">link
</a></p>``).  A link counts only when its target is in the article and comes after it: a link
back up ("Back to top", a section heading that links back to its entry in the contents, which
a page may draw as a ``div``), a heading's permalink to itself, and a note's links to
references that are not there (``^ a b Smith 2005``) are not controls.  Targets outside the
article (a comment section's ``#interactions``) are not seen: the article is read apart from
its page.  Links in headings, list items and table cells (a table of contents, footnotes) are
left alone.
"""

from __future__ import annotations

from lxml import etree

from native_host.page.hrefs import href_of, on_this_page, runs_script
from native_host.page.inarticle import remove_all
from native_host.page.measures import text_len

El = etree._Element

_BOX_CHARS = 80
_OWN_CHARS = 20
_BLOCKS = frozenset(("p", "div", "section", "blockquote"))
_HOLDS_NOT = ("h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "img", "picture", "video", "figure")
_IN_NOT = frozenset(("h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th"))


def _moves_about(article: El) -> list[El]:
    """The links of ``article`` that move the reader ahead on this page (to an element named
    by ``id`` or ``name`` after the link) or run a script (:func:`hrefs.runs_script`)."""
    links = [a for a in article.iter("a") if on_this_page(href_of(a))]
    scripts = [a for a in article.iter("a") if runs_script(href_of(a))]
    wanted = {on_this_page(href_of(a)) for a in links}
    if not wanted:
        return scripts
    seen: set[str] = set()  # targets met so far, in page order
    ahead: dict[str, list[El]] = {}  # target -> the links met before it
    for el in article.getroottree().iter(etree.Element):
        for name in (el.get("id"), el.get("name")):
            if name in wanted and name not in seen:
                seen.add(name)
        target = on_this_page(href_of(el)) if el.tag == "a" else None
        if target and target not in seen:
            ahead.setdefault(target, []).append(el)
    # a link whose target comes later, and exists (the saved page may lack what a script draws)
    return [a for target in seen for a in ahead.get(target, ())] + scripts


def drop_self_links(article: El) -> None:
    """Without the short boxes of same-page controls in ``article`` (see the module's docstring)."""
    links = {id(a): a for a in _moves_about(article) if text_len(a)}
    if not links:
        return
    doomed: dict[int, El] = {}
    for a in links.values():
        if any(up.tag in _IN_NOT for up in a.iterancestors()):
            continue
        box, node = None, a.getparent()
        while node is not None and node is not article:
            length = text_len(node)
            if length > _BOX_CHARS:
                break
            controls = [el for el in node.iter("a") if id(el) in links]
            own = length - sum(text_len(el) for el in controls)
            if own > _OWN_CHARS or next(node.iter(*_HOLDS_NOT), None) is not None \
                    or any(id(el) not in links and text_len(el) for el in node.iter("a")):
                break
            if node.tag in _BLOCKS and (len(controls) >= 2 or own > 0):
                box = node
            node = node.getparent()
        if box is not None:
            doomed[id(box)] = box
    remove_all(list(doomed.values()))
