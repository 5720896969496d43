"""Bylines at the head of the article, told by what they say.

"By Brenda Goodman, MA", "Written by Rob Ewaschuk", "Reviewed by Hansa D. Bhargava, MD",
"Von Margarete Ellerbrock · Aktualisiert vor 3 Stunden", "Par Jean Dupont" say who wrote or
checked the story, not what it says: Readability.js leaves them out and so do people who mark
an article's text.  The cleaning drops them when the page names them (``byline``, ``author``
classes); a site whose class names say nothing keeps them, so here they are read from their
wording: a byline word, then a name (capitalised words, a particle or an initial), then at
most a role, a date or a reading time — a short line, never a sentence.

Only the blocks between the title (and a subtitle) and the article's first solid paragraph are
looked at: a story may begin "By Tuesday, the river had…", but not in a short line without a
full stop above its first paragraph.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy

# a byline word at the start of the line, in several languages; what follows must be a name
# (checked in Python: capitals are not a regex's business). Not "Photo by": a picture's
# credit, which Readability.js keeps under the picture (the credit rules in ``inarticle``)
_LEAD = Lazy(
    r"^(?:(?:written|words|text|story|reporting|reported|edited|reviewed|medically reviewed|"
    r"fact[- ]checked|compiled|interview) by|by|von|par|por|di|door|"
    r"av|af|przez|autor(?:in|a)?:|text:|texto:|tekst:|texte:|testo:|автор:)\s+", re.IGNORECASE)
_SEPARATORS = Lazy(r"\s*(?:[,|·•–—/(]|\s-\s|\s(?:and|und|et|y|e|en|och|og|i|&)\s)")
# small words inside names ("Ludwig van Beethoven", "Ana de la Cruz", "Ibn al Hassan")
_PARTICLES = frozenset(("van", "von", "de", "da", "del", "della", "der", "den", "di", "du", "la",
                        "le", "bin", "ibn", "al", "el", "dos", "das", "ten", "ter", "zu", "y"))
_MAX_CHARS = 200  # a byline with a role, a date and a reading time fits; a paragraph does not
_NAME_WORDS = 5


def _name(words: list[str]) -> bool:
    """Words that make a person's or a desk's name: one to five, the first capitalised,
    each capitalised, an initial ("J.") or a particle."""
    if not 0 < len(words) <= _NAME_WORDS or not words[0][:1].isupper():
        return False
    for word in words:
        bare = word.strip("'’\"“”")
        if bare.lower() in _PARTICLES:
            continue
        if not bare[:1].isupper() or not bare.replace(".", "").replace("-", "").replace("'", "").isalpha():
            return False
    return True


def _ends_a_sentence(block: str) -> bool:
    last = block.rstrip("\"'”»)").rsplit(None, 1)[-1] if block.strip() else ""
    if not last or last[-1] not in ".!?":
        return False
    # "Jr.", "M.D.", "Ph.D.": an abbreviation after a name, not a sentence's end
    return not (last[-1] == "." and len(last) <= 5 and any(c.isupper() for c in last))


def is_byline(block: str) -> bool:
    """Whether a rendered block is a byline (see the module's docstring)."""
    if len(block) > _MAX_CHARS or block.count("\n") > 2 or not block[:1].isupper():
        return False
    lead = _LEAD.match(block)
    if lead is None or _ends_a_sentence(block):
        return False
    rest = block[lead.end():]
    cut = _SEPARATORS.search(rest)
    name = rest[:cut.start()] if cut else rest
    return _name(name.split("\n", 1)[0].split())


def drop_bylines(text: str, solid: int) -> str:
    """``text`` without the bylines between its title (and a subtitle) and its first solid
    paragraph (``solid`` UTF-8 bytes or more: :func:`content.trim_head`'s measure, whose
    caller this is); unchanged when no solid paragraph follows them."""
    blocks = text.split("\n\n", 8)
    sizes = [len(block.encode("utf-8", "replace")) for block in blocks]
    at = 0
    while at < 2 and at < len(blocks) - 1 and blocks[at].startswith("#"):
        at += 1  # the title, and a subtitle under it
    dropped = []
    for i in range(at, min(at + 4, len(blocks) - 1)):
        if sizes[i] >= solid:
            break  # the article has begun
        if is_byline(blocks[i]):
            dropped.append(i)
    if not dropped or not any(size >= solid for size in sizes[dropped[-1] + 1:]):
        return text
    return "\n\n".join(b for i, b in enumerate(blocks) if i not in dropped)
