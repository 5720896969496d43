"""Which of a page's ``h1``s is the product's title (issue 15, session 15).

The product's part of a shop page is read from its title on: the amount after it, the
stock wording after it, the blocks that still speak for the product.  The first shown
``h1`` is the title on most shops, but not on all: some themes put their logo in an
``h1``, others the account link or the empty cart box of the header ("Mon compte",
"Votre panier est vide"), a classified site its trail ("Manchester > appliances – by
owner"), a script-driven shop the "Added to cart" dialog it draws before the product.
Reading from there, the price after the title is the header's or the dialog's.

The document ``<title>`` names the product on nearly every shop page, at its start or
after the site's name ("Indesit Washing Machine 6kg - appliances - by owner",
"Amazon.de: 20 x Bamboo Wicker …"), and the product's ``h1`` begins the same way.  So
when the first shown ``h1`` shares at most one leading word with the document title (or
one of its parts) and a later one shares at least two, the later one is the title.  A
first ``h1`` that begins like the title is never passed over, so pages whose title the
first ``h1`` gives read as before.

One exception (session 16): a first ``h1`` that is a whole piece of the title at its end
or its start, between the title's edge and a separator, may be the shop's name — the logo
``h1`` "Northwind Outfitters" before "Blue Kettle 1.7 L – Northwind Outfitters", or
before "Northwind Outfitters | Blue Kettle 1.7 L".  It begins like the title too, so a
later ``h1`` is taken only when it shares *more* leading words with the title than the
first one has: the product's name is the longer piece on most shop pages, and a first
``h1`` that is the product's piece keeps the title whatever shop name follows.

And one more (session 17): the product's ``h1`` does not always *begin* like the title.
eBay heads it "Details about …" / "Dettagli su …" before the title's words; a fashion
shop's title puts the brand first ("Superdry SPIRIT SPORTS PUFFER - Välikausitakki -
Zalando.fi") where its ``h1`` has only the product's name ("SPIRIT SPORTS PUFFER -
Välikausitakki").  An ``h1`` that holds a run of at least three of the title's words in
a row, anywhere, names the product as surely; behind a header's "My account" or a
cookie dialog's ``h1`` it was passed over for the header's.

Last (session 18): some themes keep the ``h1`` for the logo and name the product in a
``div`` or an ``h2``.  When the only ``h1``s shown name nothing of the title (a name the
title does not give, "My account") or are the shop's name in it as a link (a logo leads
home), the text after them that the title names is the title (:func:`naming`, read by
``shopview.title_at``).
"""

from __future__ import annotations

from typing import Callable, Iterable

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.render import shown_text

El = etree._Element

_WORD = Lazy(r"\w+")
_MOST = 12  # shown h1s looked at: a page of reviews heads each one with an h1
_ENOUGH = 2  # leading words shared with the document title that name the product
_RUN = 3  # or words of the title in a row anywhere in the h1 ("Details about" + the title)
# what sets the document title's parts apart (" | ", " - ", ": " …; shopview splits it so too)
TITLE_SEPARATOR = Lazy(r" [|\-–—:·»/] |: ")


def _words(text: str) -> list[str]:
    return _WORD.findall(text[:300].casefold())


def _shared(said: list[str], parts: list[list[str]]) -> int:
    """How many leading words ``said`` shares with the best of the title's ``parts``."""
    best = 0
    for part in parts:
        n = 0
        for a, b in zip(said, part):
            if a != b:
                break
            n += 1
        best = max(best, n)
    return best


def _run(said: list[str], title: list[str], head: int) -> int:
    """The longest run of words in a row that ``said`` shares with ``title``, anywhere in
    ``said``, starting among the title's first ``head`` words."""
    best = 0
    ends: dict[int, int] = {}  # run length ending at each position of ``title``
    for word in said:
        now: dict[int, int] = {}
        for j, other in enumerate(title):
            if other == word:
                length = now[j] = ends.get(j - 1, 0) + 1
                if length > best and j - length + 1 < head:
                    best = length
        ends = now
    return best


def _names(said: list[str], title_parts: list[list[str]], head: int) -> int:
    """How much of the title ``said`` names: its leading words shared with the title or
    one of its parts, or a longer run of the title's words anywhere (at least ``_RUN``)
    that starts in the title's first piece (``head`` words, before its first separator: a
    run of the site's or category's pieces — a classified ad's trail "Manchester >
    appliances – by owner" under "… - appliances - by owner" — does not name the product)."""
    shared = _shared(said, title_parts)
    if title_parts and shared < _RUN:
        run = _run(said, title_parts[0], head)
        if run >= _RUN:
            return run
    return shared


def begins_like(h1: El, parts: list[str]) -> bool:
    """Whether ``h1`` begins the way the document title or one of its ``parts`` does (or
    there is no title to ask): it is the product's title whatever other ``h1``s follow."""
    title_parts = [words for part in parts if (words := _words(part))]
    return _said_begins_like(_words(shown_text(h1)), title_parts, _edge_pieces(parts), _head(parts))


def naming(h1: El, parts: list[str]) -> str:
    """What ``h1`` names of the document title (``parts`` as for :func:`begins_like`):
    "piece" when it is a whole piece of the title at its edge (maybe the shop's name),
    "nothing" when it shares fewer than two words with the title, wherever they are (a
    logo's name the title does not give, "My account", "Added to cart"), else "product"
    (also when there is no title to ask)."""
    title_parts = [words for part in parts if (words := _words(part))]
    if not title_parts:
        return "product"
    said = _words(shown_text(h1))
    if said in _edge_pieces(parts):
        return "piece"
    if _names(said, title_parts, _head(parts)) < _ENOUGH and len(set(said) & set(title_parts[0])) < _ENOUGH:
        return "nothing"
    return "product"


def _said_begins_like(said: list[str], title_parts: list[list[str]], pieces: tuple, head: int) -> bool:
    return not title_parts or (_names(said, title_parts, head) >= _ENOUGH and said not in pieces)


def _head(parts: list[str]) -> int:
    """How many words the document title's first piece (up to its first separator) has."""
    return len(_words(TITLE_SEPARATOR.split(parts[0], maxsplit=1)[0])) if parts else 0


def _edge_pieces(parts: list[str]) -> tuple:
    """The words of the document title's first and last pieces (between its edge and a
    separator), when it has at least two: one of them is often the shop's name."""
    pieces = TITLE_SEPARATOR.split(parts[0]) if parts else []
    if len(pieces) < 2:
        return ()
    return tuple(words for words in (_words(pieces[0]), _words(pieces[-1])) if words)


def title_h1(h1s: Iterable[El], parts: list[str], shown: Callable[[El], bool]) -> El | None:
    """The product's title among ``h1s`` (in document order; ``parts``: the document
    title and what follows each of its separators; ``shown``: whether an ``h1`` shows
    text): the first shown one, unless it does not begin like the title and a later one
    does (see the module's docstring)."""
    first: El | None = None
    title_parts = [words for part in parts if (words := _words(part))]
    pieces, head = _edge_pieces(parts), _head(parts)
    enough = _ENOUGH
    seen = 0
    for h1 in h1s:
        if not shown(h1):
            continue
        if first is None:
            first = h1
            said = _words(shown_text(h1))
            if _said_begins_like(said, title_parts, pieces, head):
                return first
            if said in pieces and _names(said, title_parts, head) >= _ENOUGH:
                enough = len(said) + 1  # a whole edge piece: a later h1 must name more of the title
            continue
        if _names(_words(shown_text(h1)), title_parts, head) >= enough:
            return h1
        seen += 1
        if seen >= _MOST:
            break
    return first
