"""The comment section's own notes under the article, told by what they say, and the thread
they close.

A blog or a news site ends its page with its comment machinery: "Kommentare sind
geschlossen.", "Comments are closed.", "You must be logged in to post a comment.", "Um den
Tipp … kommentieren zu können, müssen Sie eingeloggt sein.", "Les commentaires sont fermés."
These are the publishing software's sentences, in every language it is translated into, and
never the story's; a site that names nothing ("comments", "respond") still prints them.

Such a note is a rendered block of at most :data:`_NOTE_CHARS` characters among the text's
last :data:`_LAST_BLOCKS` blocks (not a list item, table row or quote), one sentence of at most
:data:`_NOTE_WORDS` words, that says comments are closed (the two words at most two words
apart, no clause between: "The plan drew 300 comments; the road closed in May" is a story's),
or names comments and logging in or registering.  When the note
follows a label of the comment section ("KOMMENTARE", "3 Kommentare", "Comments", "Leave a
Reply") that stands within those last blocks, the thread between them goes too: the readers'
comments are not the story.  What goes is never more than :data:`_SHARE` of the text.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy
from native_host.page.notices import speaks_to_reader

_NOTE_CHARS = 200
_LAST_BLOCKS = 12
_SHARE = 1 / 2  # a short tip under a long thread: 2,000 characters, 700 of them comments
_NOT_PROSE = ("- ", "* ", "|", "> ", "```")
# one search over the lowercased text first: most articles have no such word
_ANY = Lazy(r"comment|kommentar|kommentier|komentarz|komentowa|comentar|reply|antwort")
_COMMENT = Lazy(r"\b(?:comments?|kommentare?|kommentier\w*|commentaires?|commenter|comentarios?|comentar|"
                r"komentarz\w*|komentowa\w*|commenti|commentare)\b", re.IGNORECASE)
# "Comments are closed": the comment word, at most two words, the closing word — no clause between
_CLOSED = Lazy(r"\b(?:comments|kommentare|kommentarfunktion|commentaires|comentarios|komentarze|commenti)"
               r"(?: \w+){0,2} (?:closed|geschlossen|deaktiviert|disabled|fermés|cerrados|zamknięte|chiusi)\b",
               re.IGNORECASE)
# logging in, named: German participles also inflected before a noun ("angemeldete Benutzer")
_PARTICIPLES = r"eingeloggt|angemeldet|registriert"
_LOG_IN_WORDS = (r"logged in|log ?in|sign(?:ed)? ?in|einloggen|anmelden|connecté|connecter|registrad[oa]|"
                 r"iniciar sesión|zalogowan\w*|zaloguj")
_LOG_IN = Lazy(rf"\b(?:(?:{_PARTICIPLES})\w*|{_LOG_IN_WORDS})\b", re.IGNORECASE)
# ... where logging in is what the reader must do to comment: the note speaks to the reader
# (:func:`notices.speaks_to_reader`: "You must be logged in", "Bitte anmelden", "müssen Sie
# eingeloggt sein") or gives the login its purpose ("zalogowany, aby dodać komentarz", "iniciar
# sesión para comentar") or keeps commenting to them ("Nur angemeldete Benutzer können
# kommentieren"); "Readers who left comments said they had to log in twice" is a story's
_FOR_IT = Lazy(rf"\b(?:(?:{_PARTICIPLES}|{_LOG_IN_WORDS})(?: się)?,? (?:to|um|pour|para|aby|per|by)|"
               r"only|nur|seul(?:e?s)?|solo|sólo|solamente|tylko)\b", re.IGNORECASE)
_NOTE_WORDS = 20  # one sentence of the software's, not a paragraph that mentions comments
# the section's label: a short block that is only "(N) Comments" / "Kommentare" / "Leave a Reply"
_LABEL = Lazy(r"^(?:#+ )?(?:\d+ |keine |no |ein |one )?(?:comments?|kommentare?|commentaires?|comentarios?|"
              r"komentarz[ey]?|commenti|leave a reply|schreibe einen kommentar|antworten)\s*:?$", re.IGNORECASE)


def note(block: str) -> bool:
    """Whether a rendered block is the comment section's note (closed, or log in to comment)."""
    if len(block) > _NOTE_CHARS or block.startswith(_NOT_PROSE) or len(block.split()) > _NOTE_WORDS:
        return False
    return bool(_CLOSED.search(block) or (_COMMENT.search(block) and _LOG_IN.search(block) and (
        speaks_to_reader(block) or _FOR_IT.search(block))))


def drop_comment_notes(text: str) -> str:
    """Without the comment section's notes among the text's last blocks, and the thread
    between a note and the section's label above it (see the module's docstring)."""
    if not _ANY.search(text.lower()):
        return text
    blocks = text.split("\n\n")
    first = max(0, len(blocks) - _LAST_BLOCKS)
    gone = [at >= first and note(block) for at, block in enumerate(blocks)]
    if not any(gone):
        return text
    last_note = max(at for at, g in enumerate(gone) if g)
    label = next((at for at in range(first, last_note) if _LABEL.match(blocks[at].strip())), None)
    if label is not None:
        thread = sum(len(b) for b in blocks[label:last_note + 1])
        if thread <= _SHARE * len(text):
            for at in range(label, last_note + 1):
                gone[at] = True
    kept = [block for block, g in zip(blocks, gone) if not g]
    return "\n\n".join(kept) if kept else text
