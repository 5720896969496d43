"""Main-content extraction: find the article in a page and drop the chrome around it.

A readability-style scorer on lxml, written without recursion so deep DOMs are safe:

1. drop what is never content (scripts, hidden elements, navigation roles) and, on the
   first pass, blocks whose class/id say "sidebar", "comments", "related", "share"…;
2. score every paragraph-like block (length, commas) into its parent and ancestors, weigh
   candidates by tag, class/id hints and link density, and pick the best;
3. pull in siblings that look like part of the same article, and its lead paragraph when
   the page sets it apart above the body (in the same ``<article>``/``<main>``);
4. clean the result conditionally (link farms, forms, image galleries, tiny lists);
5. if that leaves too little text, retry more permissively and keep the longest result.

Steps 1 and 4 are in :mod:`cleaning`, 2 and 3 in :mod:`scoring`, the measures they share
(text length, link density, class weight) in :mod:`measures`.  The chosen subtree is
rendered to compact markdown-like text by :mod:`render`.
"""

from __future__ import annotations

import copy
import re
from typing import Callable

from lxml import etree

from native_host.page.anchor import anchor, heading_path
from native_host.page.bylines import drop_author_boxes, drop_bylines
from native_host.page.cleaning import clean, prepare
from native_host.page.commentnotes import drop_comment_notes
from native_host.page.edgenotes import drop_edge_notes
from native_host.page.lazyre import Lazy
from native_host.page.measures import SENTENCE_END, Flags
from native_host.page.notices import drop_notices
from native_host.page.recipes import head_scripts, recipe_lines
from native_host.page.parse import text_of
from native_host.page.render import render
from native_host.page.leads import leads, title_leads
from native_host.page.scoring import gather, score_candidates, under_title
from native_host.page.toggles import drop_toggles

El = etree._Element


def _word_count(raw: str) -> int:
    """Words in ``raw``: exact up to 1 MB, beyond that extrapolated from the first MB."""
    if len(raw) <= 1_000_000:
        return len(raw.split())
    sample = raw[:1_000_000]
    return round(len(sample.split()) * len(raw) / len(sample))


def _container(work: El, parts: list[El]) -> El:
    """A new ``<div>`` for the article parts: inside the page's own tree when it has one
    (and the article is not the whole page), so a big page is freed in one go with its
    document rather than node by node as the scores' references to its elements go."""
    page = work.getparent()
    if page is None or any(part.getparent() is None for part in parts):
        return etree.Element("div")
    return etree.SubElement(page, "div")


def _head(container: El, chars: int) -> El:
    """A copy of the start of ``container``: everything up to the element in which its
    text passes ``chars`` characters (document order), that element whole.

    The rest is set aside while copying and put back, not cut off: freeing thousands of
    cut-off subtrees one by one costs more than cleaning them, while the page's tree is
    freed in one go."""
    seen = 0
    for el in container.iter():
        seen += len(el.text or "") + (len(el.tail or "") if el is not container else 0)
        if seen > chars:
            break
    else:
        return copy.deepcopy(container)
    rest: list[tuple[El, list[El]]] = []
    node = el
    while node is not container:
        parent = node.getparent()
        following = list(node.itersiblings())
        for sib in following:
            parent.remove(sib)  # its tail goes with it
        rest.append((parent, following))
        node = parent
    head = copy.deepcopy(container)
    for parent, following in rest:
        parent.extend(following)
    return head


_TAIL_BYTES = 80  # a last line shorter than this (UTF-8 bytes) that is not a sentence is chrome
_LISTISH = Lazy(r"^(?:[-*] |\d+\. |\| |```|> )")


def _size(block: str) -> int:
    return len(block.encode("utf-8", "replace"))  # CJK text says as much in fewer characters


def _sentence(block: str) -> bool:
    """A closing sentence of the article, not a label: six words or more and an end stop."""
    return len(block.split()) >= 6 and SENTENCE_END.search(block) is not None


_EMAIL = Lazy(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_CONTACT_BYTES = 300


def _contact(block: str) -> bool:
    """A short block of contact details (a name, a phone, an e-mail address, not a sentence)
    under a press release or an article: who to ask, not what is said."""
    return (_size(block) < _CONTACT_BYTES and "@" in block and _EMAIL.search(block) is not None
            and not _sentence(block))


# the author's sign-off under a post, alone on its line: a greeting ("Liebe Grüße", "Herzlichst",
# "Cheers,", "Bisous", "Un abrazo"), kisses before a name ("x Franzi", "XX, Die Redaktion")
_GREETING = Lazy(r"^(?:(?:liebe|viele|herzliche|beste|schöne|sonnige|liebste|ganz liebe) grüße|herzlichst|"
                 r"alles liebe|bis bald|bis zum nächsten mal|cheers|best wishes|(?:best|kind|warm) regards|"
                 r"(?:much |lots of )?love|hugs|until next time|see you soon|(?:gros )?bisous|à bientôt|amitiés|"
                 r"un abrazo|saludos(?: cordiales)?|besos|un saluto|baci|pozdrawiam|groetjes|liefs|xoxo)"
                 r"(?:[,!.]?|,(?: \S+){1,3})$|"
                 r"^x{1,3}o?,? \w+(?: \w+)?$", re.IGNORECASE)
_SIGN_OFF_BYTES = 120
# a label over the site's other stories or its comment form ("Empfohlene Beiträge", "Weitere
# Tourentipps in Schweden", "Related Posts", "À lire aussi", "Kommentar verfassen"), or a link
# back to the site's start or the page's top ("Zurück zur Startseite", "Nach oben", "Back to top")
_MORE = Lazy(r"^(?:empfohlene (?:beiträge|artikel)|weitere (?:artikel|beiträge|themen|nachrichten|news|meldungen|"
             r"\w*tipps?)\b.*|mehr (?:zum thema|dazu|news|artikel|beiträge)\b.*|das könnte (?:dich|sie) auch "
             r"interessieren|lesen sie (?:auch|mehr)|auch interessant|heute empfehlen wir|unsere empfehlung(?:en)?|"
             r"ähnliche (?:beiträge|artikel)|verwandte (?:artikel|beiträge)|kommentar (?:verfassen|schreiben)|"
             r"schreibe einen kommentar|related(?: posts| articles| stories| content)?|"
             r"more (?:from|on|stories|news|articles)\b.*|you (?:may|might) also like|"
             r"recommended(?: for you| stories| reading)?|read (?:more|next|also)|leave a (?:comment|reply)|"
             r"popular (?:posts|stories)|most read|à lire aussi|lire aussi|sur le même sujet|articles similaires|"
             r"vous aimerez aussi|laisser un commentaire|te puede interesar|noticias relacionadas|más noticias|"
             r"lee también|artículos relacionados|deja un comentario|potrebbe interessarti|leggi anche|"
             r"articoli correlati|lascia un commento|(?:zobacz|czytaj|przeczytaj) (?:też|także|również)|podobne artykuły|"
             r"lees ook|gerelateerde artikelen|zurück zur (?:startseite|übersicht)|(?:zurück )?nach oben|"
             r"back to (?:top|home|homepage)|retour en haut|volver arriba|torna su)\s*:?$", re.IGNORECASE)
_MORE_CHARS = 60


def _sign_off(block: str) -> bool:
    """A short block (not a heading or list) one of whose lines is the author's sign-off."""
    return (_size(block) <= _SIGN_OFF_BYTES and not block.startswith(("#", "- ", "* ", "|", "> "))
            and any(_GREETING.match(line.strip()) for line in block.split("\n")))


def trim_tail(text: str) -> str:
    """:func:`_trim_tail`, and then without a label that announces more of the site and ends
    what is left, drawn as a heading or not (a page of ``div``s: "Empfohlene Beiträge",
    "Related Posts", "Kommentar verfassen" after a line that is no paragraph)."""
    text = _trim_tail(text)
    if len(text) - text.rfind("\n\n") > _MORE_CHARS + 2:
        return text  # (most texts: a long last block)
    blocks = text.split("\n\n")
    while len(blocks) > 1 and len(blocks[-1]) <= _MORE_CHARS and _MORE.match(blocks[-1]):
        blocks.pop()
    return "\n\n".join(blocks)


def _trim_tail(text: str) -> str:
    """Without the short lines after the article's last paragraph ("Share this", "71
    comments", "Related stories", a photo credit, a heading whose list was cleaned away):
    the page around the article, not the article.  Lists, tables, code and closing
    sentences stay; nothing goes unless a real paragraph ends the rest, and at most a fifth
    (but a heading that ends the text always goes: it heads nothing).  The author's sign-off
    ("x Franzi", "Liebe Grüße, Anna", "Cheers,") and all before it stay: the post ends there."""
    blocks = text.rsplit("\n\n", 40)
    # a heading that ends the text heads nothing ("Comments", "Related", a list cleaned away)
    while len(blocks) > 1 and blocks[-1].startswith("#") and not all(b.startswith("#") for b in blocks[:-1]):
        blocks.pop()
    text = "\n\n".join(blocks)
    cut = len(blocks)
    while cut > 1:
        last = blocks[cut - 1]
        # a closing sentence is the block's last line ("War der Artikel nützlich? / (95
        # Stimmen) / Loading..." ends in a stop, but its last line is no sentence)
        if last.startswith("#") or (_size(last) < _TAIL_BYTES and not _LISTISH.match(last)
                                    and not _sentence(last.rsplit("\n", 1)[-1])) or _contact(last):
            cut -= 1
        else:
            break
    signed = next((at for at in range(len(blocks) - 1, cut - 1, -1) if _sign_off(blocks[at])), None)
    if signed is not None:
        cut = signed + 1  # the author's sign-off ends the text, the page's lines come after it
    elif cut == len(blocks) or (_size(blocks[cut - 1]) < 2 * _TAIL_BYTES and not _sentence(blocks[cut - 1])):
        return text
    kept = "\n\n".join(blocks[:cut])
    return kept if len(kept) >= 0.8 * len(text) else text


# a line that starts with a date ("23.10.2018", "7. oktober 2020", "25.10.2022 - Reiner Nagel"),
# or with a label of up to three words and one ("Aktualisiert: 11.04.2020, 10:27", "Erstellt
# am: 30.01.2022 18:36", "Stand: 28.04.2020"); group 1 is the date (page/dates.py reads it
# when the page declares none)
DATE_LINE = Lazy(r"^\W*(?:[^\W\d]+(?: [^\W\d]+){0,2}:\s*)?"
                       r"(\d{1,2}[./-] ?\d{1,2}[./-] ?\d{2,4}|\d{1,2}\.? \w+ \d{4})\b")


def trim_head(text: str) -> str:
    """Without the bylines (:mod:`bylines`) and a date line before the article's first
    paragraph ("23.10.2018", "7. oktober 2020", "Aktualisiert: 11.04.2020, 10:27"), right at
    the start, under the title and a subtitle, or above them: the page's metadata, not the
    text (page/dates.py reads the date)."""
    text = drop_bylines(text, 2 * _TAIL_BYTES)
    blocks = text.split("\n\n", 5)
    at = 0
    while at < 2 and blocks[at].startswith("#") and len(blocks) > at + 1:
        at += 1  # the title, and a subtitle under it
    name = at < len(blocks) - 2 and _byline(blocks[at])
    date = at + 1 if name else at  # an author's name may stand above the date
    if (len(blocks) > date + 1 and len(blocks[date]) <= 40
            and DATE_LINE.match(blocks[date])
            and _size(blocks[date + 1]) >= 2 * _TAIL_BYTES):
        return "\n\n".join(blocks[:at] + blocks[date + 1:])
    if len(blocks[0]) <= 40 and DATE_LINE.match(blocks[0]):
        # the date line above the title (and a subtitle): the page's metadata all the same
        after = 1
        while after < 3 and len(blocks) > after + 1 and blocks[after].startswith("#"):
            after += 1
        if after > 1 and len(blocks) > after and _size(blocks[after]) >= 2 * _TAIL_BYTES:
            return text.split("\n\n", 1)[1]
    return text


_BYLINE_WORDS = 4


def _byline(block: str) -> bool:
    """A line that can be an author's name ("Christoph von Eichhorn", "J. R. Smith"): up
    to four words of letters (a hyphen or an apostrophe inside; a stop only after an
    initial), not a heading, not a sentence."""
    words = block.split()
    return (0 < len(words) <= _BYLINE_WORDS and len(block) <= 40
            and all(_name_word(w) for w in words))


def _name_word(word: str) -> bool:
    if word.endswith("."):
        return len(word) == 2 and word[0].isalpha()
    return word.replace("-", "").replace("'", "").isalpha()


# a line of the page's metadata: three or more short items set apart by " | " ("12.12.2022 |
# 06:46 | Energieversorgung", "Kommentarfeed | Kommentare geschlossen | Trackback-URL",
# "Aufrufe: 1120 | Hinzugefügt von: Posh | Tags: …"); a table's row starts with "| "
_META_CHARS = 200
_META_WORDS = 6


def _meta_line(block: str) -> bool:
    if len(block) > _META_CHARS or block.startswith(("|", "#", "- ", "> ", "```")):
        return False
    items = block.split(" | ")
    return len(items) >= 3 and all(0 < len(item.split()) <= _META_WORDS for item in items)


# a line that says when the page was published or updated, and nothing else ("Aktualisiert:
# 11.04.2020, 10:27", "Publiziert: 03.04.2020, 12:35", "Updated: 12/03/2021", "Publié le 3 mai
# 2021"), or both at once ("Pubblicato il 19 Febbraio 2020 Ultima modifica 19 Febbraio 2020
# 12:02"): the page's stamp, not the story's dates ("Termin: 29.02.2020, 19 Uhr" stays)
_ONE_STAMP = (r"(?:(?:zuletzt |last )?(?:aktualisiert|publiziert|veröffentlicht|erstellt|geändert|"
              r"updated|published|posted|modified|mis à jour|publié|actualizado|publicado|aggiornato|"
              r"pubblicato|opublikowano|zaktualizowano|gepubliceerd|bijgewerkt|ultima modifica|"
              r"letzte änderung|última actualización|dernière mise à jour)(?: am| on| le| el| il| op)?:?\s*)"
              r"(?:\d{1,2}[./-] ?\d{1,2}[./-] ?\d{2,4}|\d{1,2}\.? \w+ \d{4})\b[,\s]*(?:um |à |at )?"
              r"(?:\d{1,2}[:.]\d{2}(?: ?Uhr| ?h)?)?")
_STAMP = Lazy(rf"^\W*{_ONE_STAMP}(?:\W*{_ONE_STAMP})?\W*$", re.IGNORECASE)
_STAMP_CHARS = 50  # for each stamp of the line
_EDGE = 6  # a stamp stands among the text's first or last blocks


def _edge_stamps(blocks: list[str]) -> set[int]:
    edges = range(len(blocks)) if len(blocks) <= 2 * _EDGE else [*range(_EDGE),
                                                                 *range(len(blocks) - _EDGE, len(blocks))]
    return {at for at in edges if len(blocks[at]) <= 2 * _STAMP_CHARS and _STAMP.match(blocks[at])}


def drop_meta_lines(text: str) -> str:
    """Without the lines of the page's metadata: the lines set apart by bars
    (:func:`_meta_line`) anywhere in the text — dates, times, authors, views, feeds — and the
    page's publication stamps (:data:`_STAMP`) among its first and last blocks: about the page,
    not of it."""
    blocks = text.split("\n\n")
    gone = _edge_stamps(blocks)
    if " | " in text:
        gone.update(at for at, block in enumerate(blocks) if " | " in block and _meta_line(block))
    if not gone or len(gone) == len(blocks):
        return text
    return "\n\n".join(block for at, block in enumerate(blocks) if at not in gone)


_STRICT = ("strip_unlikely", "weight_classes", "clean_conditionally")


def _same_pass(done: Flags, retry: Flags) -> bool:
    """Whether ``retry`` only turns off strict settings that changed nothing in ``done``."""
    if retry.noscript != done.noscript:
        return False
    relaxed = {name for name in _STRICT if getattr(done, name) != getattr(retry, name)}
    return not relaxed & done.mattered and all(getattr(done, name) for name in relaxed)


def extract(root: El, title: str = "") -> str:
    """The page's main content as compact text ("" when the page has none).

    ``root`` is not modified; each pass works on a copy.
    """
    return extract_limited(root, title)[0]


def extract_limited(root: El, title: str = "", max_chars: int | None = None,
                    reparse: Callable[[], El] | None = None) -> tuple[str, int]:
    """Like :func:`extract`, but rendering stops after about ``max_chars`` characters; also
    returns the word count of the whole main content (for "… N more words not shown").

    With ``reparse`` (a function returning a fresh tree of the same page) the first pass
    works on ``root`` itself, which is left modified, and retries work on fresh trees:
    this spares copying a big page when the caller is done with its tree."""
    body = root.find("body")
    if body is None:
        return "", 0
    best, best_words = "", 0
    heading = heading_path(root)
    in_head = head_scripts(root)  # a recipe's JSON-LD (page/recipes.py); prepare reads the body's
    passes = [Flags(), Flags(strip_unlikely=False), Flags(False, False), Flags(False, False, False)]
    if next(body.iter("noscript"), None) is not None:
        passes.append(Flags(False, False, False, noscript=True))
    for attempt, flags in enumerate(passes):
        if attempt and _same_pass(passes[attempt - 1], flags):
            flags.mattered = passes[attempt - 1].mattered
            continue  # it would read the page as the last pass did: the same text again
        if reparse is None:
            work = copy.deepcopy(body)
        elif attempt == 0:
            work = body
        else:
            work = reparse().find("body")
            if work is None:
                break
        where = anchor(work, heading) if heading is not None else None
        scripts = list(in_head)
        prepare(work, flags, title, scripts)
        recipe = recipe_lines(scripts) if scripts else ()
        top, final = score_candidates(work, flags)
        if top is None:
            article_parts = [work]
        else:
            article_parts = gather(top, final, flags)
            under = under_title(article_parts, final, where) if where is not None else None
            if under is not None:
                top, article_parts = under, gather(under, final, flags)
            lead = leads(top, article_parts[0], flags)
            if not lead and where is not None:
                lead = title_leads(article_parts[0], where, flags)
            article_parts = lead + article_parts
        container = _container(work, article_parts)
        for part in article_parts:
            part.tail = None
            container.append(part)
        total = None
        whole = container
        if max_chars is not None:
            raw = text_of(container)
            if len(raw) > 4 * max_chars:
                # a huge article: clean only the part that can be shown (with room to
                # spare) and count the words of the rest as they stand
                total = _word_count(raw)
                container = _head(whole, 3 * max_chars)
        clean(container, flags, recipe)
        text = render(container, max_chars)
        if total is None and (max_chars is None or len(text) < max_chars):
            text = trim_tail(drop_author_boxes(drop_edge_notes(drop_toggles(text))))
            text = drop_meta_lines(trim_head(drop_comment_notes(drop_notices(text))))
        if total is not None and len(text) < max_chars and len(raw) < 20 * max_chars:
            container = whole  # cleaning took out most of what was kept: do it all
            clean(container, flags, recipe)
            text = render(container, max_chars)
            total = None
        if total is None:
            total = len(text_of(container).split()) if max_chars is not None else len(text.split())
        if len(text) > len(best):
            best, best_words = text, total
        if len(text) >= 500:
            return text, total
    return best, best_words
