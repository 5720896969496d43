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

The author's box says who wrote it too, at the text's edges (:func:`drop_author_boxes`): a
label ("Autoreninfo", "About the author") over the name and the bio, or the name alone on its
line over a bio that opens with it and says the person writes ("Stella Kim / Stella Kim is an
NBC News freelance producer based in Seoul"). Readability.js keeps such a box; the human
snippets reject it.
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


# the label over an author's box ("Autoreninfo", "Über die Autorin", "About the author",
# "À propos de l'auteur"), alone on its line
_BOX_LABEL = Lazy(r"^(?:#+ )?(?:autoreninfo|autorinfo|über (?:den|die) autor(?:in|en|innen)?|(?:der|die) autor(?:in)?|"
                  r"autor(?:in)?|author|authors?(?: bio| info)|about the (?:author|writer)s?|à propos de l'auteure?|"
                  r"l'auteure?|sobre (?:el|la) autora?|sull'autore|l'autore|o autorze|over de auteur)\s*:?$",
                  re.IGNORECASE)
# ... and with no label, the bio says the person writes: a writer's trade or desk ("a senior reporter",
# "ist seit 2015 in der Redaktion", "writes about technology"), where a story's paragraph that
# opens with a name under a line of it tells what that person did ("Liam Williams stand im April …")
_TRADE = Lazy(r"\b(?:reporter|editor|journalist|writer|correspondent|columnist|producer|redakt\w*|journalist\w*|"
              r"korrespondent\w*|kolumnist\w*|journaliste|rédact\w*|chroniqueu\w*|periodista|redactor\w*|"
              r"corresponsal|giornalista|redattor\w*|dziennikar\w*|redaktor\w*|verslaggever|"
              r"(?:writes|schreibt|écrit|escribe|scrive|pisze) "
              r"(?:about|for|über|für|sur|pour|sobre|para|di|per|o|dla))\b",
              re.IGNORECASE)
_TRADE_CHARS = 60  # ... right after the name: "is a senior reporter", "ist seit 2015 in der Redaktion"
_BOX_EDGE = 6  # an author's box stands among the text's first or last blocks
_BIO_CHARS = 500  # a bio is a few sentences
# ... at the text's very edge: over a box at its start the title, its dek and byline only; under
# a box at its end another box or short lines that are no sentence (a share label, the tags). A
# story that goes on around a name over a paragraph like a bio ("Peter Hall writes for the parish
# newsletter …") is no author's box
_HEAD_BLOCKS, _HEAD_CHARS = 3, 400  # the title, its dek, a byline
_TAIL_CHARS = 100  # (:func:`_tail_line`)
_ARTICLES = frozenset(("der", "die", "das", "ein", "eine", "the", "a", "an", "le", "la", "les", "el", "los", "las",
                       "il", "lo", "gli", "de", "het", "een"))


def _name_line(block: str) -> str | None:
    """The name a line (or heading) is, when it is only a person's name of two to four words."""
    name = block.lstrip("#").strip()
    words = name.split()
    if not (len(name) <= 40 and 2 <= len(words) <= 4 and _name(words)) or name.endswith("."):
        return None
    return None if any(len(word) > 1 and word.isupper() for word in words) else name  # "CHIP Fazit": a label


def _opens_bio(bio: str, name: str | None) -> bool:
    """Whether ``bio`` is the sentences about the person its box names: it goes on from the
    name ("ist Gründungspartner der Kanzlei …" under "Dr. Thomas Schulte"), or opens with it,
    or opens with a name of its own, and a word in lower case follows ("Moritz Gathmann leitet …")."""
    if len(bio) > _BIO_CHARS or "\n\n" in bio or bio.startswith(("#", "- ", "* ", "|")):
        return False
    if name is not None and bio[:1].islower():
        return True
    words = bio.split(None, 5)
    if name is not None:
        return bio.startswith(name + " ") and bio[len(name) + 1:][:1].islower()
    if words and words[0].lower() in _ARTICLES:
        return False  # "Die Brücke wurde …", "Der Autor des Gutachtens …": nouns, not a name
    return any(_name(words[:n]) and words[n][:1].islower() for n in (2, 3) if len(words) > n)


def _author_box(blocks: list[str], at: int) -> int:
    """How many blocks from ``at`` on are an author's box (0: none): a label, the name and the
    bio; or a line of a name and a bio that opens with that name."""
    block = blocks[at].removeprefix("> ")
    if len(block) > 40:
        return 0  # (most blocks: a paragraph) the box opens with its label or the name
    rest = [b.removeprefix("> ") for b in blocks[at + 1:at + 3]]
    if _BOX_LABEL.match(block):
        name = _name_line(rest[0]) if rest else None
        bio = rest[1:2] if name is not None else rest[:1]
        return (2 if name is None else 3) if bio and _opens_bio(bio[0], name) else 0
    name = None if block.startswith("#") else _name_line(block)  # a story's profiles head theirs
    return 2 if (name is not None and rest and not rest[0][:1].islower() and _opens_bio(rest[0], name)
                 and _TRADE.search(rest[0], len(name), len(name) + _TRADE_CHARS) is not None) else 0


def _tail_line(block: str) -> bool:
    """Whether a block under an author's box is a line that ends the page's text (a share
    label, the tags, "Related"): short, and no sentence."""
    return len(block) < _TAIL_CHARS and not block.rstrip("*_ ").endswith((".", "!", "?", "…", '"', "”", "»", "“"))


def drop_author_boxes(text: str) -> str:
    """Without the author's box at the text's edge, among its first or last six blocks, told by its words
    where the page names it nothing: a label ("Autoreninfo", "About the author") over the
    author's name and bio, or the name alone on its line over a bio that opens with it ("Maria
    Lindqvist / Maria Lindqvist is a senior reporter who covers science …"). Who wrote the
    story, not what it says; never more than a third of the text."""
    blocks = text.split("\n\n", _BOX_EDGE + 2)
    if len(blocks) > _BOX_EDGE + 2:  # the middle of a long text stays one piece (a long one: no box's)
        blocks[-1:] = blocks[-1].rsplit("\n\n", _BOX_EDGE + 2)
    count = len(blocks)
    if count < 3:
        return text
    gone: set[int] = set()
    for at in range(min(_BOX_EDGE, count)):  # at the start: the title's lines only above it
        size = 0 if at in gone else _author_box(blocks, at)
        if not size:
            continue
        above = [b for i, b in enumerate(blocks[:at]) if i not in gone]
        if len(above) <= _HEAD_BLOCKS and all(len(b) < _HEAD_CHARS for b in above):
            gone.update(range(at, at + size))
    for at in reversed(range(max(0, count - _BOX_EDGE), count)):  # at the end: lines under it
        size = 0 if at in gone else _author_box(blocks, at)
        if size and all(_tail_line(b) for i, b in enumerate(blocks[at + size:], at + size) if i not in gone):
            gone.update(range(at, at + size))
    if not gone:
        return text
    kept = "\n\n".join(block for at, block in enumerate(blocks) if at not in gone)
    return kept if len(kept) >= 2 / 3 * len(text) else text
