"""One walk over a page's elements for the readers that each needed their own.

The interactive-element finder wants the ids (to know which are unique), the elements the
extension stamped and the candidate controls and links; the product reader wants the
microdata scopes, the RDFa ``typeof`` elements and whether anything looks like a shop's
(a price-classed element, a buy button).  A walk in Python over every element costs about
as much as one of these readers' own work on an article page, so the page is walked once
for all of them (``context.build_context`` hands the survey to both).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from native_host.page.buywords import NATIVE_CONTROLS, drawn_button, drawn_buys
from native_host.page.heuristics import shop_signal

El = etree._Element
INDEX_ATTR = "data-tabmate-index"  # the extension's stamp on each visible interactive element
_CONTROL_TAGS = {"button", "input", "select", "textarea", "summary"}
_CONTROL_ROLES = {"button", "link", "checkbox", "tab", "menuitem", "switch", "combobox", "searchbox"}


@dataclass
class Survey:
    limit: int  # the interactive elements' limit the controls were gathered for
    ids: dict[str, int]  # how often each id occurs
    by_id: dict[str, El]  # the first element with each id
    stamped: list[tuple[int, El]]  # (document order, element) stamped by the extension
    controls: list[tuple[int, El]]  # links and the first ``20 × limit`` other controls
    scopes: list[El]  # microdata: elements with ``itemscope`` and ``itemtype``
    typed: list[El]  # RDFa: elements with ``typeof``
    shop: bool  # an element with attributes is a shop signal (:func:`heuristics.shop_signal`)
    root: El
    # (session 19) the first elements other than links and buttons with a click handler in the
    # markup and no control role: drawn buttons too (:func:`buywords.drawn_button`)
    clickable: list[El] = field(default_factory=list)
    _buttons: list[El] | None = field(default=None, repr=False)

    def buy_buttons(self) -> list[El]:
        """:func:`buybox.buy_buttons` of the page, worked out on first use only: the product
        readings and the agent's controls all ask for them (the tree must not change in
        between: ``build_context`` runs the content stage, which does, last)."""
        if self._buttons is None:
            from native_host.page.buybox import buy_buttons  # (shops only: see heuristics.guess)

            drawn = [el for _, el in self.controls if drawn_button(el)] + self.clickable
            self._buttons = buy_buttons(self.root, drawn)
        return self._buttons


def stamp(el: El) -> int | None:
    """The index the extension stamped on ``el``, if any (the page may have written the
    attribute too: "²" is a digit to ``isdigit`` that ``int`` refuses, and ``int`` refuses
    more than 4,300 digits)."""
    value = (el.get(INDEX_ATTR) or "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else None


def survey(root: El, limit: int = 60) -> Survey:
    """Walk ``root`` once, in document order (cheaper in Python than libxml2's XPath)."""
    ids: dict[str, int] = {}
    by_id: dict[str, El] = {}
    stamped: list[tuple[int, El]] = []
    controls: list[tuple[int, El]] = []
    scopes: list[El] = []
    typed: list[El] = []
    clickable: list[El] = []
    shop = False
    n_controls = 0
    for order, el in enumerate(root.iter(etree.Element)):
        tag = el.tag
        keys = el.keys()
        if keys:
            if "id" in keys:
                el_id = el.get("id", "")
                ids[el_id] = ids.get(el_id, 0) + 1
                by_id.setdefault(el_id, el)
            if INDEX_ATTR in keys and stamp(el) is not None:
                stamped.append((order, el))
            if "typeof" in keys:
                typed.append(el)
            if "itemscope" in keys and "itemtype" in keys:
                scopes.append(el)
            if not shop:
                shop = shop_signal(el, keys)
            if "onclick" in keys and tag not in NATIVE_CONTROLS and len(clickable) < 200 \
                    and el.get("role") not in _CONTROL_ROLES:
                # (session 19) a click handler in the markup draws a button too: one check
                # here, not in :func:`shop_signal`, which every element with attributes meets
                clickable.append(el)
                shop = shop or drawn_buys(el)
        if tag == "a":
            if "href" in keys or ("role" in keys and el.get("role") in _CONTROL_ROLES):
                controls.append((order, el))
        elif tag in _CONTROL_TAGS or keys and (
                ("role" in keys and el.get("role") in _CONTROL_ROLES)
                or el.get("contenteditable") in ("true", "")):
            if n_controls < limit * 20:
                n_controls += 1
                controls.append((order, el))
    return Survey(limit, ids, by_id, stamped, controls, scopes, typed, shop, root, clickable=clickable)
