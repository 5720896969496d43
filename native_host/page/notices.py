"""The site's notices set among the article's paragraphs, told by what they say, not by names.

Two kinds of short paragraph are about the page, never of the story, on any site and in any
layout, and sites mark them with class names that a site which names nothing does not have
("disclosure", "placeholder", "consent"):

* an advertising disclosure: "This post may contain affiliate links…", "Advertising
  disclosure: We may receive compensation for some of the links in our stories", "Dieser
  Artikel kann Links zu Anbietern enthalten, von denen … eine Provision erhält", "Anzeige,
  enthält Affiliate Links";
* what stands in for an embedded post or video until the reader agrees to load it: "Mit dem
  Laden des Beitrags akzeptieren Sie die Datenschutzerklärung von Instagram", "Please accept
  YouTube cookies to play this video", "Ich bin damit einverstanden, dass mir externe Inhalte
  angezeigt werden", or clicks a button for it: "An dieser Stelle findet Ihr einen externen
  Inhalt von Instagram … Ihr könnt ihn Euch mit einem Klick anzeigen lassen".

Each is one rendered block of at most :data:`_NOTICE_CHARS` characters (not a heading, list
item, table or quote) that says two things at once: affiliate links, or a commission the site is paid
with links; external content being loaded or shown, with consent or privacy or a click.  Among the text's
last blocks, a paywall's note: a subscription or an account asked of the reader, and the rest
of the story promised ("Subscribe now … for the full story"); the story stops there, so the
subscription's pitch under it goes with it.  A heading left
with nothing under it ("Twitter freischalten", "Empfohlener redaktioneller Inhalt") goes too.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy

_NOTICE_CHARS = 300
_NOT_PROSE = ("#", "- ", "* ", "|", "> ", "```")  # headings, list items, table rows, quotes, code
_LISTED = Lazy(r"^\d+\. ")
# one search over the whole text first: most articles have none of these words (lowercase, on
# the lowercased text: IGNORECASE made this search 1 s of ~10 over the 805 article pages)
_ANY = Lazy(r"affiliate|partner-?link|compensation|commission|provision|datenschutz|privatsph|"
            r"privacy|einverst|akzeptier|accept|consent|cookies|subscri|abonn|suscri|compte|click|klick|"
            r"button|clic")
# the patterns of one block are searched on its lowercased text (without IGNORECASE: faster)
# advertising disclosures: affiliate links named, or a payment named beside links
_AFFILIATE = Lazy(r"affiliate[- ]?links?|affiliate-?programm|amazon[- ]?(?:associates?|partner)|"
                  r"advertising disclosure|partner-?links?|liens? (?:d')?affili|enlaces? de afiliad|"
                  r"link di affiliazione")
_PAID = Lazy(r"\b(?:compensation|commission|provision)\b")
# ... and that the site is paid it: a story may name a commission, or a bill's provision, beside
# a link ("The provision links tax credits to wages", "click through to the Commission's report")
_EARNS = Lazy(r"\b(?:earns?|receives?|gets?|makes?|erhalten|erhält|bekommen|bekommt|verdienen|verdient|"
              r"percevons|perçoit|touchons|touche|recibimos|recibe|riceviamo|riceve)\b")
_LINKS = Lazy(r"\blinks?\b|click|klick")
# a placeholder for an embed: content from elsewhere loaded or shown, and the reader's consent
_EXTERNAL = Lazy(r"extern\w* inhalt|inhalte? (?:von|laden|anzeigen)|(?:laden|anzeigen) de[sr] |"
                 r"verbindung zu|drittplattform|drittanbieter|external content|third[- ]party content|"
                 r"load(?:ing)? (?:the |this )?(?:content|video|post)|play this video")
_CONSENT = Lazy(r"datenschutz|privatsphäre|privacy|einverstanden|einverständnis|akzeptier|accept|"
                r"consent|cookies")
# ... or the reader told to click for it ("Ihr könnt ihn Euch mit einem Klick anzeigen lassen",
# "Klicken Sie auf den unteren Button, um den Inhalt von www.komoot.de zu laden"): a click
# asked for, not one named ("Die Inhalte von Influencern erzielen Millionen Klicks", "Loading
# the video took a few clicks" are a story's sentences)
_CLICK = Lazy(r"\b(?:mit einem klick|per klick|klicken sie|klickt? (?:auf|hier)|click (?:here|below|on|the|to)|"
              r"cliquez|cliquer sur|haga clic|haz clic)\b")
# ... and the placeholder speaks to the reader ("akzeptieren Sie", "Ich bin damit einverstanden",
# "Ihr könnt", "deine Privatsphäre", "Please accept", "you will be"), where a story's sentence
# about privacy and third parties speaks of others ("Critics say third-party content is a
# privacy risk", "Die Verbindung zu Facebook wirft Fragen zum Datenschutz auf"); German's polite
# "Sie"/"Ihr" is told from "sie"/"ihr" (she, they, her) by its capital
_READER = Lazy(r"\b(?:du|dich|dir|dein\w*|euch|euer\w*|ich|mir|mich|you|your|please|bitte|vous|votre|vos|tu|"
               r"ton|ta|tes|usted|tú|tuo|tua)\b")
_READER_POLITE = Lazy(r"\b(?:Sie|Ihnen|Ihr\w*)\b")

# a paywall's note where the visible text stops: a subscription or an account asked for, and
# the rest of this story promised ("Subscribe now to our eNATION edition for the full story.",
# "… already a subscriber, you can log in for immediate access to this story.")
_ACCOUNT = Lazy(r"subscri|abonn|suscri|créez votre compte|\blog ?in\b|\bsign ?in\b|connectez|einloggen",
                re.IGNORECASE)
_REST = Lazy(r"\bfull (?:story|article)\b|\b(?:access to|read|reading) (?:this|the full|the rest of this) "
             r"(?:story|article)\b|\brest of (?:this|the) (?:story|article)\b|lire la suite|weiterlesen|"
             r"ganzen Artikel|seguir leyendo|continuar leyendo|continue reading", re.IGNORECASE)
_PAYWALL_BLOCKS = 5  # a paywall note stands among the text's last blocks
# ... and where it asks the reader ("To view the full story, please subscribe", "Subscribe now
# to … for the full story"), the story stops there: what follows it is the subscription's pitch
# ("When you join …, you'll get unlimited digital access", "First-time subscribers also receive
# a welcome gift"); a story's sentence about subscribers speaks of them ("The paper told its
# subscribers they could read the full story in print")
_ASKS = Lazy(r"^(?:subscribe|sign (?:up|in)|log ?in|join|register|abonnieren|abonniere|abonnez|inscrivez|"
             r"suscríbete|iscriviti|zaloguj|zarejestruj)\b")
_QUOTES = ('"', "'", "“", "„", "«", "‘", "‚", "»")


def paywall(block: str) -> bool:
    """Whether a rendered block is a paywall's note (the caller knows it ends the text): it
    asks the reader, not in quotes (a story may quote an advert)."""
    if (len(block) > _NOTICE_CHARS or block.startswith(_NOT_PROSE) or block.startswith(_QUOTES)
            or _ACCOUNT.search(block) is None or _REST.search(block) is None):
        return False
    return _asks(block)


def _asks(block: str) -> bool:
    """Whether a block asks the reader: it speaks to them, or opens with a call ("Subscribe",
    "Sign in", "Abonnieren" …)."""
    low = block.lower()
    return speaks_to_reader(block, low) or _ASKS.match(low) is not None


def _pitch(block: str) -> bool:
    """Whether a block under a paywall's note belongs to the subscription's pitch: it asks the
    reader (:func:`_asks`: "When you join …", "Join now …") or names the subscription or an
    account; a story that goes on under a sentence like the note ("… you have to subscribe to
    the archive, the librarian said") does not, and then only that sentence goes."""
    return _ACCOUNT.search(block) is not None or _asks(block)


def notice(block: str) -> bool:
    """Whether a rendered block is an advertising disclosure or an embed's consent placeholder."""
    if len(block) > _NOTICE_CHARS or block.startswith(_NOT_PROSE) or _LISTED.match(block):
        return False
    low = block.lower()
    if _AFFILIATE.search(low) or (_PAID.search(low) and _LINKS.search(low) and _EARNS.search(low)):
        return True
    return bool(_EXTERNAL.search(low) and (_CONSENT.search(low) or _CLICK.search(low))
                and speaks_to_reader(block, low))


def speaks_to_reader(block: str, low: str | None = None) -> bool:
    """Whether a block addresses the reader (``low``: the block lowercased, when the caller
    has it): the site's own notes do ("akzeptieren Sie", "you must"), a story's sentences
    about the same things mostly speak of others."""
    return bool(_READER.search(block.lower() if low is None else low) or _READER_POLITE.search(block))


def _rank(block: str) -> int:
    return len(block) - len(block.lstrip("#")) if block.startswith("#") else 0


def drop_notices(text: str) -> str:
    """Without the notices (:func:`notice`) anywhere in the text, a paywall's note
    (:func:`paywall`) among its last five blocks with all after it, and a heading that headed only notices (the next block is a heading of its rank or above, or nothing)."""
    if not _ANY.search(text.lower()):
        return text
    blocks = text.split("\n\n")
    last = len(blocks) - _PAYWALL_BLOCKS
    walls = [at >= last and paywall(block) for at, block in enumerate(blocks)]
    gone = [wall or notice(block) for block, wall in zip(blocks, walls)]
    wall = next((at for at in range(max(last, 1), len(blocks)) if walls[at]), None)
    if wall is not None and all(_pitch(block) for block in blocks[wall + 1:]):
        gone[wall:] = [True] * (len(blocks) - wall)  # the story stops there: the pitch under it goes too
    if not any(gone):
        return text
    kept: list[str] = []
    for at, block in enumerate(blocks):
        if gone[at]:
            continue
        rank = _rank(block)
        if rank and at + 1 < len(blocks) and gone[at + 1]:
            rest = [b for b, g in zip(blocks[at + 1:], gone[at + 1:]) if not g]
            if not rest or 0 < _rank(rest[0]) <= rank:
                continue  # it headed only notices
        kept.append(block)
    return "\n\n".join(kept) if kept else text
