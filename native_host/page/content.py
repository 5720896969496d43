"""Main-content extraction: find the article in a page and drop the chrome around it.

A readability-style scorer on lxml, written without recursion so deep DOMs are safe:

1. drop what is never content (scripts, hidden elements, navigation roles) and, on the
   first pass, blocks whose class/id say "sidebar", "comments", "related", "share"…;
2. score every paragraph-like block (length, commas) into its parent and ancestors, weigh
   candidates by tag, class/id hints and link density, and pick the best;
3. pull in siblings that look like part of the same article;
4. clean the result conditionally (link farms, forms, image galleries, tiny lists);
5. if that leaves too little text, retry more permissively and keep the longest result.

The chosen subtree is rendered to compact markdown-like text by :mod:`render`.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Callable

from lxml import etree

from native_host.page.parse import text_of
from native_host.page.render import BLOCK_TAGS, render

El = etree._Element

_NEVER = {"script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed",
          "link", "meta", "select", "textarea", "button", "input", "dialog", "nav"}
_UNLIKELY = re.compile(
    r"-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|"
    r"gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|"
    r"sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|cookie|consent|"
    r"newsletter|subscribe|promo",
    re.IGNORECASE,
)
_MAYBE = re.compile(r"and|article|body|column|content|main|shadow|mathjax", re.IGNORECASE)
_UNLIKELY_ROLES = {"menu", "menubar", "complementary", "navigation", "alert", "alertdialog",
                   "dialog", "banner", "contentinfo", "search"}
_NEGATIVE = re.compile(
    r"-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|"
    r"masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|"
    r"sponsor|shopping|tags|widget|cookie|newsletter",
    re.IGNORECASE,
)
_POSITIVE = re.compile(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story",
    re.IGNORECASE,
)
_SHARE = re.compile(r"\b(share|sharedaddy)\b|social", re.IGNORECASE)
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_SCORE_TAGS = {"section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"}
_DIV_LIKE = {"div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6", "p"}
_PHRASING_BLOCKERS = BLOCK_TAGS | {"img", "video", "figure"}


@dataclass
class Flags:
    strip_unlikely: bool = True
    weight_classes: bool = True
    clean_conditionally: bool = True


def _attrs(el: El) -> str:
    return f"{el.get('class', '')} {el.get('id', '')}"


def _hidden(el: El) -> bool:
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return "fallback-image" not in (el.get("class") or "")
    style = el.get("style")
    return bool(style and _HIDDEN_STYLE.search(style))


def _drop(el: El) -> None:
    """Remove an element with its subtree but keep its tail text."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail and tail.strip():
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def _norm_len(raw: str) -> int:
    """``len(" ".join(raw.split()))`` without building the string when nothing collapses."""
    if raw.isprintable() and "  " not in raw and raw[:1] != " " and raw[-1:] != " ":
        return len(raw)
    if len(raw) > 1_000_000:  # a huge subtree: extrapolate from its first megabyte
        sample = raw[:1_000_000]
        return round(len(" ".join(sample.split())) * len(raw) / len(sample))
    return len(" ".join(raw.split()))


def _text_len(el: El) -> int:
    return _norm_len(text_of(el))


def _link_density(el: El, length: int | None = None, memo: dict | None = None) -> float:
    """Share of ``el``'s text inside links (same-page ``#`` links count 0.3).

    ``memo`` caches link text lengths across calls on an unchanged tree (nested
    candidates share their links)."""
    length = _text_len(el) if length is None else length
    if not length:
        return 0.0
    links = 0.0
    if memo is None:
        memo = {}
    get = memo.get
    for a in el.iter("a"):
        n = get(a)
        if n is None:
            # a link's weighted text length, once per tree (nested candidates share links);
            # a link without child elements is its own text
            n = _norm_len(a.text or "") if len(a) == 0 else _text_len(a)
            if n and (a.get("href") or "").startswith("#"):
                n *= 0.3
            memo[a] = n
        links += n
    return links / length


def _class_weight(el: El, flags: Flags) -> int:
    if not flags.weight_classes:
        return 0
    weight = 0
    for value in (el.get("class"), el.get("id")):
        if value:
            if _NEGATIVE.search(value):
                weight -= 25
            if _POSITIVE.search(value):
                weight += 25
    return weight


def _prepare(body: El, flags: Flags, title: str) -> None:
    """Remove non-content and turn text-only divs into paragraphs (in place).

    One pass in Python over the elements (libxml2's XPath unions and ``or`` predicates
    are several times slower than this on big pages)."""
    doomed: list[El] = []
    title_norm = _norm(title)
    strip = flags.strip_unlikely
    never = _NEVER
    for el in body.iter(etree.Element):
        tag = el.tag
        if tag in never:
            doomed.append(el)
            continue
        if title_norm and (tag == "h1" or tag == "h2"):
            raw = text_of(el)
            if len(raw) >= len(title_norm) // 2 and _norm(raw) == title_norm:
                doomed.append(el)
                continue
        keys = el.keys()
        if not keys:
            continue
        if ("hidden" in keys or "aria-hidden" in keys or "style" in keys) and _hidden(el):
            doomed.append(el)
            continue
        if "role" in keys and el.get("role") in _UNLIKELY_ROLES:
            doomed.append(el)
            continue
        if strip and ("class" in keys or "id" in keys) and tag not in _KEEP_NAMED:
            attrs = _attrs(el)
            if _UNLIKELY.search(attrs) and not _MAYBE.search(attrs):
                if not _inside(el, ("table", "code", "pre")):
                    doomed.append(el)
    _remove_all(doomed)
    # divs that hold only phrasing content are paragraphs in disguise
    for el in list(body.iter("div")):
        if not any(isinstance(c.tag, str) and c.tag in _PHRASING_BLOCKERS for c in el):
            el.tag = "p"


_KEEP_NAMED = {"body", "a", "html", "main", "article"}


def _remove_all(doomed: list[El]) -> None:
    for el in doomed:
        if el.getparent() is not None:
            # skip elements inside an already-removed subtree: they went with it
            _drop(el)


def _inside(el: El, tags: tuple[str, ...]) -> bool:
    parent = el.getparent()
    depth = 0
    while parent is not None and depth < 60:
        if parent.tag in tags:
            return True
        parent = parent.getparent()
        depth += 1
    return False


def _norm(text: str) -> str:
    return " ".join(re.findall(r"\w+", (text or "").lower()))


_BASE_SCORE = {"div": 5, "article": 8, "main": 5, "pre": 3, "td": 3, "blockquote": 3,
               "address": -3, "ol": -3, "ul": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3,
               "form": -3, "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5, "h6": -5,
               "th": -5}
_DIVIDERS = (1, 2, 6, 9, 12)


def _score(body: El, flags: Flags) -> tuple[El | None, dict]:
    scores: dict[El, float] = {}
    base_score = _BASE_SCORE.get
    tostring = etree.tostring

    # a block's score goes to its parent (÷1), grandparent (÷2) and up to 5 levels (÷6,
    # ÷9, ÷12); blocks with the same parent are summed first, then the sum climbs once
    by_parent: dict[El, float] = {}
    for el in body.iter(*_SCORE_TAGS):
        raw = tostring(el, method="text", encoding=str, with_tail=False)
        if len(raw) < 25:
            continue
        length = _norm_len(raw)
        if length < 25:
            continue
        score = 1 + raw.count(",") + raw.count("，") + raw.count("、") + min(length // 100, 3)
        parent = el.getparent()
        if parent is not None:
            by_parent[parent] = by_parent.get(parent, 0.0) + score
    for parent, score in by_parent.items():
        ancestor = parent
        for divider in _DIVIDERS:
            if ancestor is None:
                break
            tag = ancestor.tag
            if tag == "html" or not isinstance(tag, str):
                break
            if ancestor in scores:
                scores[ancestor] += score / divider
            else:
                scores[ancestor] = base_score(tag, 0) + _class_weight(ancestor, flags) + score / divider
            ancestor = ancestor.getparent()
    if not scores:
        return None, scores
    # final score = raw score × (1 − link density) ≤ raw score, so candidates can be
    # visited by raw score and the scan stopped once no raw score can beat the 5th best.
    final: dict[El, float] = {}
    memo: dict[El, int] = {}
    best5: list[float] = []  # the five best final scores so far, ascending
    for el in sorted(scores, key=scores.__getitem__, reverse=True):
        if len(best5) >= 5 and scores[el] < best5[0]:
            break
        final[el] = scores[el] * (1 - _link_density(el, memo=memo))
        best5 = sorted(best5 + [final[el]])[-5:]
    ranked = sorted(final, key=final.__getitem__, reverse=True)
    top = _promote(ranked[0], ranked[1:5], final)
    return top, _LazyFinal(scores, final, memo)


class _LazyFinal(dict):
    """Final scores, computed on first use for candidates the top-5 scan skipped."""

    def __init__(self, raw: dict, known: dict, memo: dict) -> None:
        super().__init__(known)
        self.raw = raw
        self.memo = memo

    def __contains__(self, el: object) -> bool:
        return el in self.raw

    def get(self, el, default=None):  # type: ignore[override]
        return self[el] if el in self.raw else default

    def __missing__(self, el: El) -> float:
        value = self.raw[el] * (1 - _link_density(el, memo=self.memo))
        self[el] = value
        return value


def _promote(top: El, others: list[El], final: dict) -> El:
    """Climb to a common ancestor when several strong candidates live under it."""
    top_score = final[top]
    alternatives = [o for o in others if final[o] / max(top_score, 1e-9) >= 0.75]
    if len(alternatives) >= 3:
        parent = top.getparent()
        while parent is not None and parent.tag != "body":
            holding = sum(1 for a in alternatives if _is_ancestor(parent, a))
            if holding >= 3:
                top = parent
                break
            parent = parent.getparent()
    # a candidate that is its parent's only child: the parent is the real container
    parent = top.getparent()
    while parent is not None and parent.tag not in ("body", "html") and len(parent) == 1:
        top, parent = parent, parent.getparent()
    return top


def _is_ancestor(candidate: El, el: El) -> bool:
    node = el.getparent()
    while node is not None:
        if node is candidate:
            return True
        node = node.getparent()
    return False


def _gather(top: El, final: dict, flags: Flags) -> list[El]:
    """The top candidate plus siblings that belong to the same article."""
    parent = top.getparent()
    if parent is None or top.tag == "body":
        return [top]
    top_score = final.get(top, 0.0)
    threshold = max(10.0, top_score * 0.2)
    top_class = top.get("class") or ""
    keep = []
    for sib in parent:
        if not isinstance(sib.tag, str):
            continue
        if sib is top:
            keep.append(sib)
            continue
        bonus = top_score * 0.2 if top_class and sib.get("class") == top_class else 0.0
        if sib in final and final[sib] + bonus >= threshold:
            keep.append(sib)
        elif sib.tag == "p":
            length = _text_len(sib)
            density = _link_density(sib, length)
            text = " ".join(text_of(sib).split())
            if length > 80 and density < 0.25:
                keep.append(sib)
            elif 0 < length <= 80 and density == 0 and re.search(r"\.( |$)", text):
                keep.append(sib)
    return keep


def _clean(article: El, flags: Flags) -> None:
    """Conditional cleaning of the chosen article (in place), bottom-up."""
    for el in list(article.iter("h1", "h2", "h3")):
        if flags.weight_classes and _class_weight(el, flags) < 0:
            _drop(el)
    for el in list(article.iter("footer", "aside", "form", "fieldset")):
        if el.getparent() is not None and el is not article:
            _drop(el)
    for el in list(article.iter()):
        if isinstance(el.tag, str) and el.tag in ("div", "section", "ul", "ol") and el is not article:
            attrs = _attrs(el)
            if _SHARE.search(attrs) and _text_len(el) < 500:
                _drop(el)
    if not flags.clean_conditionally:
        return
    candidates = [el for el in article.iter("table", "ul", "ol", "div", "section") if el is not article]
    for el in reversed(candidates):
        if el.getparent() is None or _inside(el, ("pre", "code")):
            continue
        if _should_drop(el, flags):
            _drop(el)


def _should_drop(el: El, flags: Flags) -> bool:
    tag = el.tag
    if tag == "table" and _is_data_table(el):
        return False
    weight = _class_weight(el, flags)
    if weight < 0:
        return True
    text = " ".join(text_of(el).split())
    if text.count(",") >= 10:
        return False
    length = len(text)
    p = sum(1 for _ in el.iter("p"))
    img = sum(1 for _ in el.iter("img"))
    li = sum(1 for _ in el.iter("li")) - 100
    inputs = sum(1 for _ in el.iter("input"))
    headings = sum(1 for _ in el.iter("h1", "h2", "h3", "h4", "h5", "h6"))
    heading_density = (sum(_text_len(h) for h in el.iter("h1", "h2", "h3", "h4", "h5", "h6"))
                       / length) if length and headings else 0.0
    density = _link_density(el, length)
    is_list = tag in ("ul", "ol")
    if img > 1 and p / img < 0.5 and not _inside(el, ("figure",)):
        return True
    if not is_list and li > p:
        return True
    if inputs > p // 3:
        return True
    if not is_list and heading_density < 0.9 and length < 25 and (img == 0 or img > 2):
        return True
    if not is_list and weight < 25 and density > 0.2:
        return True
    if weight >= 25 and density > 0.5:
        return True
    if is_list and density > 0.5 and length > 0:
        return True
    return False


def _is_data_table(table: El) -> bool:
    if table.get("role") == "presentation" or table.get("datatable") == "0":
        return False
    if table.get("summary") or table.find(".//caption") is not None or table.find(".//th") is not None:
        return True
    if table.find(".//table") is not None:
        return False
    rows = table.findall(".//tr")
    cols = max((len(r.findall("td")) for r in rows), default=0)
    return len(rows) >= 3 and cols >= 2 or len(rows) * cols > 10


def _word_count(raw: str) -> int:
    """Words in ``raw``: exact up to 1 MB, beyond that extrapolated from the first MB."""
    if len(raw) <= 1_000_000:
        return len(raw.split())
    sample = raw[:1_000_000]
    return round(len(sample.split()) * len(raw) / len(sample))


def _truncate(container: El, chars: int) -> None:
    """Drop everything after the first ``chars`` characters of text (document order)."""
    seen = 0
    for el in container.iter():
        seen += len(el.text or "") + (len(el.tail or "") if el is not container else 0)
        if seen > chars:
            break
    else:
        return
    node = el
    while node is not None and node is not container:
        for sib in list(node.itersiblings()):
            node.getparent().remove(sib)
        node = node.getparent()


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
    for attempt, flags in enumerate((Flags(), Flags(strip_unlikely=False), Flags(False, False),
                                     Flags(False, False, False))):
        if reparse is None:
            work = copy.deepcopy(body)
        elif attempt == 0:
            work = body
        else:
            work = reparse().find("body")
            if work is None:
                break
        _prepare(work, flags, title)
        top, final = _score(work, flags)
        if top is None:
            article_parts = [work]
        else:
            article_parts = _gather(top, final, flags)
        container = etree.Element("div")
        for part in article_parts:
            part.tail = None
            container.append(part)
        total = None
        if max_chars is not None:
            raw = text_of(container)
            if len(raw) > 4 * max_chars:
                # a huge article: clean only the part that can be shown (with room to
                # spare) and count the words of the rest as they stand
                total = _word_count(raw)
                spare = copy.deepcopy(container) if len(raw) < 20 * max_chars else None
                _truncate(container, 3 * max_chars)
        _clean(container, flags)
        text = render(container, max_chars)
        if total is not None and len(text) < max_chars and spare is not None:
            container = spare  # cleaning took out most of what was kept: do it all
            _clean(container, flags)
            text = render(container, max_chars)
            total = None
        if total is None:
            total = len(text_of(container).split()) if max_chars is not None else len(text.split())
        if len(text) > len(best):
            best, best_words = text, total
        if len(text) >= 500:
            return text, total
    return best, best_words
