"""The ``boilerplate added`` rewrite of article_variants.py: a precision proxy.

The held-out article pages are missed mostly on precision: an unfamiliar site's share bar,
author box, newsletter pitch, related-stories list or comment thread is kept with its story.
The corpora's pages carry the boilerplate their own sites had, which the rules were written
looking at.  This rewrite adds the kinds a new site brings, built the way sites build them
(a list of links under a heading, a box with a pitch and a form, a bio in a ``<p>``, comments
as ``<p>`` under a name and a date), named with class names that say nothing, and placed where
sites place them: inside the article's container after its last block or between its blocks,
and beside it.  Each added box's text becomes a must-not snippet of the page (trafilatura-eval);
on readability/ it is simply not in the gold, so keeping it costs 4-gram precision.

The article is found from the gold, not from any system: the deepest blocks holding a
must-contain snippet (trafilatura-eval) or the start of a gold paragraph (readability/), and
their nearest common box.  Pages where nothing is found are left as they are.  Which texts a
page gets, and where, follow a hash of its key, so a run is the same every time.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from lxml import etree

_WS = re.compile(r"\s+")
_CANDIDATES = ("p", "li", "div", "td", "dd", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6",
               "span", "section", "article", "header", "figcaption")
_GERMAN = re.compile(r"\b(?:der|die|und|das|nicht|mit|für)\b", re.I)

_EN = {
    "share": "Share this article", "share_links": ["Facebook", "X", "LinkedIn", "WhatsApp", "Email", "Print"],
    "related": ["More on this topic", "You might also like", "Recommended for you", "Most read"],
    "headlines": [
        "City council approves new budget after months of heated debate",
        "Five things we learned from the regional election results",
        "Why the price of coffee keeps climbing this winter",
        "Local bakery wins national award for its sourdough bread",
        "Scientists map the migration routes of northern songbirds",
        "The quiet comeback of the night train across the continent",
        "How a small school turned its yard into a vegetable garden",
        "Storm warning issued for the coast as winds pick up overnight",
    ],
    "news_title": ["Get our newsletter", "Stay in the loop", "The morning briefing"],
    "news": [
        "The day's most important stories, hand-picked by our editors and sent to your inbox every morning.",
        "Join more than 40,000 readers who get our weekly roundup of the best reporting, free of charge.",
        "Sign up to receive our best stories, exclusive interviews and event invitations straight to your inbox.",
    ],
    "news_button": "Sign up",
    "names": ["Maria Lindqvist", "Tom Becker", "Aisha Karim", "Daniel Ortega", "Helen Park"],
    "bio": [
        "{n} is a senior reporter who covers science and the environment. Before joining the team, "
        "{n} spent eight years at a regional daily paper.",
        "{n} writes about technology, privacy and the people who build the internet. Send tips by "
        "email or follow the latest work on social media.",
        "{n} has been an editor here since 2015 and leads the weekend culture pages, with a soft "
        "spot for long reads about food and travel.",
    ],
    "comments_title": "{k} comments",
    "comments": [
        "Great piece, thanks for writing this up. I had no idea the situation was that bad in our area.",
        "I disagree with the conclusion here, the numbers from last year tell a very different story.",
        "My neighbour went through exactly the same thing last spring and nobody helped him at all.",
        "Does anyone know whether this also applies to people who moved here after the deadline?",
        "Finally someone says it out loud. I have been waiting for an article like this for years.",
    ],
    "reply": "Reply", "ago": ["2 hours ago", "yesterday", "3 days ago"],
}
_DE = {
    "share": "Artikel teilen", "share_links": ["Facebook", "X", "LinkedIn", "WhatsApp", "E-Mail", "Drucken"],
    "related": ["Mehr zum Thema", "Das könnte Sie auch interessieren", "Empfehlungen der Redaktion", "Meistgelesen"],
    "headlines": [
        "Stadtrat beschließt neuen Haushalt nach monatelangem Streit",
        "Fünf Dinge, die wir aus den Ergebnissen der Landtagswahl gelernt haben",
        "Warum der Kaffeepreis in diesem Winter weiter steigt",
        "Bäckerei aus dem Viertel gewinnt bundesweiten Preis für ihr Sauerteigbrot",
        "Forscher kartieren die Zugrouten nordischer Singvögel",
        "Die leise Rückkehr des Nachtzugs quer durch Europa",
        "Wie eine kleine Schule ihren Hof in einen Gemüsegarten verwandelte",
        "Sturmwarnung für die Küste: In der Nacht frischt der Wind auf",
    ],
    "news_title": ["Unser Newsletter", "Immer auf dem Laufenden", "Der Morgenüberblick"],
    "news": [
        "Die wichtigsten Nachrichten des Tages, von unserer Redaktion ausgewählt und jeden Morgen in Ihrem Postfach.",
        "Schließen Sie sich mehr als 40.000 Leserinnen und Lesern an, die jede Woche unseren kostenlosen Überblick erhalten.",
        "Melden Sie sich an und erhalten Sie unsere besten Geschichten, exklusive Interviews und Einladungen zu Veranstaltungen.",
    ],
    "news_button": "Anmelden",
    "names": ["Maria Lindqvist", "Tom Becker", "Aisha Karim", "Daniel Ortega", "Helene Park"],
    "bio": [
        "{n} ist Redakteurin im Ressort Wissenschaft und schreibt über Klima und Umwelt. Zuvor "
        "arbeitete {n} acht Jahre bei einer Regionalzeitung.",
        "{n} schreibt über Technik, Datenschutz und die Menschen, die das Internet bauen. Hinweise "
        "gerne per E-Mail oder über die sozialen Netzwerke.",
        "{n} ist seit 2015 in der Redaktion und leitet die Kulturseiten am Wochenende, mit einer "
        "Vorliebe für lange Texte über Essen und Reisen.",
    ],
    "comments_title": "{k} Kommentare",
    "comments": [
        "Toller Artikel, danke dafür. Mir war gar nicht klar, wie schlimm die Lage bei uns inzwischen ist.",
        "Ich sehe das anders, die Zahlen aus dem letzten Jahr erzählen eine ganz andere Geschichte.",
        "Meinem Nachbarn ist letztes Frühjahr genau dasselbe passiert, und niemand hat ihm geholfen.",
        "Weiß jemand, ob das auch für Leute gilt, die erst nach dem Stichtag hierher gezogen sind?",
        "Endlich spricht es mal jemand offen aus. Auf so einen Artikel habe ich jahrelang gewartet.",
    ],
    "reply": "Antworten", "ago": ["vor 2 Stunden", "gestern", "vor 3 Tagen"],
}


class _Pick:
    """Deterministic choices from a page key."""

    def __init__(self, key: str) -> None:
        self.seed, self.n = key, 0

    def int(self, k: int) -> int:
        self.n += 1
        return hashlib.sha1(f"{self.seed}/{self.n}".encode()).digest()[0] % k

    def one(self, items: list) -> Any:
        return items[self.int(len(items))]

    def name(self) -> str:  # class names that say nothing
        return "c" + hashlib.sha1(f"{self.seed}/{self.n}/name".encode()).hexdigest()[:6]

    def names(self, k: int) -> list[str]:
        """``k`` class names for the parts of like items."""
        out = []
        for _ in range(k):
            out.append(self.name())
            self.n += 1
        return out


def _el(tag: str, pick: _Pick, text: str | None = None, cls: str | None = None, **attrs: str) -> etree._Element:
    """An element with a class name that says nothing: its own, or ``cls`` (like items of a
    list or a thread share their class names, as on real sites)."""
    el = etree.Element(tag, {"class": cls or pick.name(), **attrs})
    pick.n += 1
    el.text = text
    return el


def _share(w: dict, pick: _Pick) -> tuple[etree._Element, str]:
    box = _el("div", pick)
    box.append(_el("span", pick, w["share"]))
    (link,) = pick.names(1)
    for label in w["share_links"]:
        a = _el("a", pick, label, link, href=f"https://share.example/{label.lower()}?u=page")
        a.tail = " "
        box.append(a)
    return box, w["share"]


def _related(w: dict, pick: _Pick) -> tuple[etree._Element, str]:
    box = _el("div", pick)
    box.append(_el("div", pick, pick.one(w["related"])))
    ul = _el("ul", pick)
    start = pick.int(len(w["headlines"]))
    lines = [w["headlines"][(start + i) % len(w["headlines"])] for i in range(4)]
    item, link = pick.names(2)
    for i, line in enumerate(lines):
        li = _el("li", pick, cls=item)
        li.append(_el("a", pick, line, link, href=f"/news/story-{start + i}"))
        ul.append(li)
    box.append(ul)
    return box, lines[1]


def _newsletter(w: dict, pick: _Pick) -> tuple[etree._Element, str]:
    box = _el("div", pick)
    box.append(_el("div", pick, pick.one(w["news_title"])))
    pitch = pick.one(w["news"])
    box.append(_el("p", pick, pitch))
    form = _el("form", pick, action="/subscribe", method="post")
    form.append(_el("input", pick, type="email", name="email", placeholder="you@example.com"))
    form.append(_el("button", pick, w["news_button"], type="submit"))
    box.append(form)
    return box, pitch


def _bio(w: dict, pick: _Pick) -> tuple[etree._Element, str]:
    name = pick.one(w["names"])
    box = _el("div", pick)
    box.append(_el("img", pick, src="/img/author.jpg", alt=""))
    inner = _el("div", pick)
    inner.append(_el("a", pick, name, href="/author/" + name.lower().replace(" ", "-")))
    bio = pick.one(w["bio"]).format(n=name)
    inner.append(_el("p", pick, bio))
    box.append(inner)
    return box, bio


def _comments(w: dict, pick: _Pick) -> tuple[etree._Element, str]:
    box = _el("div", pick)
    k = 2 + pick.int(3)
    box.append(_el("h3", pick, w["comments_title"].format(k=k)))
    start = pick.int(len(w["comments"]))
    texts = [w["comments"][(start + i) % len(w["comments"])] for i in range(k)]
    parts = pick.names(6)
    for i, text in enumerate(texts):
        item = _el("div", pick, cls=parts[0])
        head = _el("div", pick, cls=parts[1])
        head.append(_el("span", pick, w["names"][(start + i + 1) % len(w["names"])], parts[2]))
        head.append(_el("span", pick, " · " + pick.one(w["ago"]), parts[3]))
        item.append(head)
        item.append(_el("p", pick, text, parts[4]))
        item.append(_el("a", pick, w["reply"], parts[5], href="#reply"))
        box.append(item)
    return box, texts[0]


def _norm(text: str) -> str:
    return _WS.sub(" ", text).strip()


def _article_blocks(root: etree._Element, probes: list[str]) -> list[etree._Element]:
    """The deepest block holding each probe, in document order."""
    body = root.find("body")
    if body is None or not probes:
        return []
    texts = []
    for el in body.iter(*_CANDIDATES):
        t = _norm(el.text_content())
        if len(t) <= 6000:
            texts.append((el, t))
    found: dict[int, etree._Element] = {}
    order = {el: i for i, (el, _) in enumerate(texts)}
    for probe in probes:
        holding = [(len(t), order[el], el) for el, t in texts if probe in t]
        if holding:
            el = min(holding, key=lambda h: (h[0], -h[1]))[2]
            found[order[el]] = el
    return [found[i] for i in sorted(found)]


def _common(blocks: list[etree._Element]) -> etree._Element | None:
    chains = [list(b.iterancestors()) for b in blocks]
    if len(blocks) == 1:
        return chains[0][0] if chains[0] else None
    shared = set(chains[0]).intersection(*map(set, chains[1:]))
    return next((a for a in chains[0] if a in shared), None)


def _child_holding(container: etree._Element, el: etree._Element) -> etree._Element:
    while el.getparent() is not container:
        el = el.getparent()
    return el


def _after(el: etree._Element, box: etree._Element) -> None:
    box.tail = None
    if el.tag in ("body", "html"):
        el.append(box)
    else:
        el.addnext(box)


def _german(root: etree._Element) -> bool:
    lang = (root.get("lang") or root.get("xml:lang") or "").lower()
    if lang:
        return lang.startswith("de")
    body = root.find("body")
    words = _norm(body.text_content() if body is not None else "")[:20000]
    return len(_GERMAN.findall(words)) * 40 >= max(len(words.split()), 1)


def inject(root: etree._Element, key: str, probes: list[str]) -> list[str]:
    """Add the boxes to the page's tree; their must-not snippets."""
    blocks = _article_blocks(root, [_norm(p) for p in probes if len(_norm(p)) >= 15])
    container = _common(blocks) if blocks else None
    if container is None:
        return []
    pick = _Pick(key)
    w = _DE if _german(root) else _EN
    end = _child_holding(container, blocks[-1]) if blocks[-1] is not container else None
    mid = _child_holding(container, blocks[len(blocks) // 2]) \
        if len(blocks) >= 3 and blocks[len(blocks) // 2] is not container else None
    snippets = []
    placed: list[tuple[str, etree._Element]] = []
    where_related = pick.one(["end", "after"])
    for kind, make, where in (("share", _share, "end"), ("bio", _bio, "end"),
                              ("newsletter", _newsletter, "mid" if mid is not None and mid is not end else "end"),
                              ("related", _related, where_related), ("comments", _comments, "after")):
        box, snippet = make(w, pick)
        placed.append((where, box))
        snippets.append(snippet)
    # placed in reverse so each "end" box lands right after the article's last block, in order
    for where, box in reversed(placed):
        if where == "end" and end is not None:
            _after(end, box)
        elif where == "mid":
            _after(mid, box)
        else:
            _after(container, box)
    return snippets
