"""The publisher's own lines in the article's text, told by what they say: its disclaimers, and
the citation line or the call that closes the page.

A publisher prints the same few sentences under (or over) every story, whatever the story:

* a disclaimer: "… is not responsible for the opinions, statements or media content presented
  by contributors", "(Alle Angaben ohne Gewähr)", "Dieser Text entspricht den Vorgaben der
  ärztlichen Fachliteratur … und wurde von Medizinern geprüft", "The views expressed are the
  author's own", "Dieser Beitrag gibt die Meinung des Autors wieder, nicht notwendigerweise die der
  Redaktion", "… n'engagent que leurs auteurs", "… n'est pas responsable des propos …", "Trotz
  sorgfältiger inhaltlicher Kontrolle übernehme ich keine Haftung für die Inhalte externer Links";
* a citation line: "SUGGESTED CITATION Sauer, Heiko: …", "Zitiervorschlag: …", "Cite as: …";
* a press release's contact block: its label ("Kontakt:", "Ansprechpartnerin zum Thema:",
  "Media contact"), a name, a phone or an e-mail address in one of the two blocks under it,
  and what follows it (the next contact, the organisation's teasers);
* a call to take one of the site's channels, opening with the call: "Get the latest news
  straight to your phone with the … app", "Zapraszamy też do subskrypcji tygodnika …",
  "Subscribe to our newsletter", "Laden Sie unsere App …".

A disclaimer is one rendered block of at most :data:`_NOTE_CHARS` characters (not a heading,
list item, table row or quote) among the text's first or last :data:`_EDGE_BLOCKS` blocks,
where a publisher sets it.  A citation line or a call goes only at the text's end: the run
of such lines among the last blocks that ends the text (a short label after one, "Nach
oben", goes with it), starting with one; a contact block among the last
:data:`_CONTACT_BLOCKS` blocks goes with all after it.  A story that tells of an app says so
in its own words ("The app is free on iOS and Android"), not with a call that opens its
line; what goes is never more than :data:`_SHARE` of the text.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy
from native_host.page.measures import SENTENCE_END

_NOTE_CHARS = 300
_EDGE_BLOCKS = 6  # a disclaimer stands among the first or the last blocks, a call among the last
_LABEL_BYTES = 80  # a short line after a call ("Nach oben", "Share") goes with it
_SHARE = 1 / 4
_NOT_PROSE = ("#", "- ", "* ", "|", "> ", "```")
# a disclaimer's words, looked for with plain substring tests before the case-blind pattern
_DISCLAIMER_WORDS = ("esponsib", "esponsab", "odpowiedzialno", "ewähr", "aftung", "orgaben", "xpressed",
                     "ecessarily", "Meinung de", "otwendig", "nbedingt", "engage", "essairement", "sariamente",
                     "nie mus", "weerspiegel")
# the publisher's disclaimers: not responsible for what others say, no guarantee, reviewed to a norm
_DISCLAIMER = Lazy(
    r"\bnot (?:be )?responsible for (?:the |any )?(?:opinions|views|content|statements)|"
    r"\b(?:views|opinions) expressed\b|"
    r"do(?:es)? not necessarily (?:reflect|represent) (?:the )?(?:views|opinions|position)|"
    # the author's opinion, not (necessarily) the editors': "Dieser Beitrag gibt die Meinung des
    # Autors wieder, nicht notwendigerweise die der Redaktion", "n'engagent que leurs auteurs"
    r"Meinung de[rs] (?:Autor|Verfasser|Gastautor)\w* wieder|"
    r"nicht (?:notwendigerweise|unbedingt) (?:auch )?(?:die|der|den)(?: Meinung)? (?:der|unserer) Redaktion|"
    r"\bn'engagen?t que (?:son|leurs?|ses|l'|la responsabilité)|"
    r"ne (?:reflète|reflètent|représente|représentent) pas nécessairement|"
    r"no (?:refleja|reflejan|representa|representan) necesariamente|"
    r"non (?:riflette|riflettono|rappresenta|rappresentano) necessariamente|"
    r"nie (?:musi|muszą) (?:odzwierciedlać|być zgodne)|"
    r"(?:weerspiegelt|weerspiegelen) niet (?:noodzakelijk|per se)|"
    r"ohne Gewähr|übernehmen? (?:ich|wir) keine (?:Haftung|Gewähr)|keine Haftung für (?:die )?Inhalte|"
    r"(?:Dieser|Der) (?:Text|Artikel|Beitrag) entspricht den Vorgaben|"
    r"n'(?:est|sont) pas responsables? des (?:propos|opinions|commentaires|contenus)|"
    r"no se (?:hace|hacen) responsables? de (?:las opiniones|los contenidos)|"
    r"non (?:è|sono) responsabil[ei] (?:delle opinioni|dei contenuti)|"
    r"nie ponosi odpowiedzialności za (?:treść|opinie)",
    re.IGNORECASE)
# a citation line of the page's own: "SUGGESTED CITATION …", "Zitiervorschlag: …"
_CITATION = Lazy(r"^(?:suggested citation|recommended citation|zitiervorschlag|zitierhinweis|zitierweise|"
                 r"cite (?:this|as)|how to cite|citation suggérée|pour citer|comment citer|cómo citar|"
                 r"come citare|jak cytować)\b", re.IGNORECASE)
# a channel of the site's: its app, newsletter, subscription, podcast, e-paper
_CHANNEL = Lazy(r"\bapps?\b|-app\b|\bapplication\b|aplikacj\w*|newsletter|podcast|e-?paper|abonn\w*|"
                r"subscri\w*|subskrypcj\w*|suscri\w*|iscriv\w*|registrier\w*|whatsapp|telegram", re.IGNORECASE)
# ... and the call that opens the line: an imperative, or the site inviting ("Zapraszamy")
_CALL = Lazy(r"^(?:get|download|sign up|join|subscribe|follow|zapraszamy|zapisz się|pobierz|holen sie|hol dir|"
             r"laden sie|melden sie sich|abonnieren sie|abonniere|téléchargez|abonnez|inscrivez|suscríbete|"
             r"descarga|iscriviti|scarica)\b", re.IGNORECASE)


# a press release's contact block: its label ("Kontakt:", "Pressekontakt", "Media contact",
# "Ansprechpartnerin zum Thema:", "Contact presse"), the details under it, and the rest
_CONTACT_LABEL = Lazy(r"^(?:#+ )?(?:presse-?kontakt|medienkontakt|kontakt|(?:ihr[e]? )?ansprechpartner(?:in|innen)?"
                      r"(?: zum thema| für (?:die )?(?:presse|medien))?|"
                      r"(?:media|press) (?:contacts?|inquiries|enquiries)|contacts?|contact (?:presse|médias)|"
                      r"contacto(?: de prensa| para medios)?|contatt[oi](?: stampa)?|"
                      r"kontakt (?:dla mediów|prasowy)|perscontact|contactpersoon)\s*:?$", re.IGNORECASE)
_DETAILS = Lazy(r"[\w.+-]+@[\w-]+\.[\w.-]+|\b(?:Tel(?:efon|\.)?|Phone|Tél|Teléfono|Fon)\b\s*:?\s*\+?\(?\d|"
                r"\+\d{2}[\d ()/-]{6,}")
_CONTACT_BLOCKS = 12  # a contact block stands among the text's last blocks


def _contact_block(blocks: list[str]) -> int | None:
    """Where the press contact starts among the last blocks: a label with details in one of
    the two blocks under it."""
    for at in range(max(1, len(blocks) - _CONTACT_BLOCKS), len(blocks) - 1):
        if (len(blocks[at]) <= 40 and _CONTACT_LABEL.match(blocks[at])
                and any(_DETAILS.search(block) for block in blocks[at + 1:at + 3])):
            return at
    return None


def _size(block: str) -> int:
    return len(block.encode("utf-8", "replace"))


def disclaimer(block: str) -> bool:
    """Whether a rendered block is the publisher's disclaimer."""
    return (len(block) <= _NOTE_CHARS and not block.startswith(_NOT_PROSE)
            and any(word in block for word in _DISCLAIMER_WORDS) and _DISCLAIMER.search(block) is not None)


def call(block: str) -> bool:
    """Whether a rendered block is a citation line or a call to take one of the site's
    channels (the caller knows it ends the text)."""
    if len(block) > _NOTE_CHARS or block.startswith(_NOT_PROSE):
        return False
    return _CITATION.match(block) is not None or (_CALL.match(block) is not None
                                                  and _CHANNEL.search(block) is not None)


def _label(block: str) -> bool:
    return (_size(block) < _LABEL_BYTES and not block.startswith(_NOT_PROSE[1:])
            and SENTENCE_END.search(block) is None)


def drop_edge_notes(text: str) -> str:
    """Without the publisher's disclaimers among the text's first and last blocks, the run
    of citation lines and calls that ends the text with the short labels after them, and a
    press release's contact block with all after it (see the module's docstring)."""
    blocks = text.split("\n\n")
    count = len(blocks)
    edges = range(count) if count <= 2 * _EDGE_BLOCKS else [*range(_EDGE_BLOCKS),
                                                            *range(count - _EDGE_BLOCKS, count)]
    gone = {at for at in edges if disclaimer(blocks[at])}
    end = count
    while end > 1 and end > count - _EDGE_BLOCKS and (end - 1 in gone or call(blocks[end - 1])
                                                      or _label(blocks[end - 1])):
        end -= 1
    while end < count and not (end in gone or call(blocks[end])):
        end += 1  # the run starts with a call, not a label
    gone.update(range(end, count))
    contact = _contact_block(blocks)
    if contact is not None:
        gone.update(range(contact, count))
    if not gone:
        return text
    kept = "\n\n".join(block for at, block in enumerate(blocks) if at not in gone)
    return kept if kept and len(kept) >= (1 - _SHARE) * len(text) else text
