"""Candidate scoring: which subtree of a prepared page holds the article.

Every paragraph-like block (length, commas) scores into its parent and ancestors;
candidates are weighed by tag and class/id, then by link density, and the best one is
promoted to a common ancestor when several strong candidates share it.  :func:`gather`
then pulls in the siblings that look like part of the same article (and :mod:`leads` the
lead paragraphs set apart above it).
"""

from __future__ import annotations

import re

from lxml import etree

from native_host.page.anchor import Anchor
from native_host.page.measures import (NOT_LEAD, SENTENCE_END, Flags, class_and_id, class_weight, link_density,
                                       norm_len, text_len, wrapped_block, wraps_one)
from native_host.page.parse import text_of
from native_host.page.render import BLOCK_TAGS

El = etree._Element

_SCORE_TAGS = {"section", "h2", "h3", "h4", "h5", "h6", "p", "td", "pre"}
_BASE_SCORE = {"div": 5, "article": 8, "main": 5, "pre": 3, "td": 3, "blockquote": 3,
               "address": -3, "ol": -3, "ul": -3, "dl": -3, "dd": -3, "dt": -3, "li": -3,
               "form": -3, "h1": -5, "h2": -5, "h3": -5, "h4": -5, "h5": -5, "h6": -5,
               "th": -5}
_DIVIDERS = (1, 2, 6, 9, 12)
# a block's score passes whole through up to this many divs that wrap that block alone (a page
# drawn by components: a "rich text" box in a "paragraph" box, each block in its own), so
# the article's container scores as if they were not there
_LEAF_WRAPPERS = 3
# a comma counts for every 60 bytes of a block's text at most: prose has a clause or more
# between commas, a list of names ("Saladin Ambar, Rutgers University") a few words (bytes,
# not characters, so that CJK text, denser per character, is not cut short)
_COMMA_BYTES = 60
# Where the article is shows within the first blocks of even a book-length page (the
# readability corpus's longest pages have ~250); scoring stops there on huge pages.
_MAX_BLOCKS = 10_000
# a sibling joins the article when it scores this share of the top candidate
_SIBLING_SHARE = 0.2
_CLOSE = 0.75  # candidates scoring this share of the best one may make it climb to their ancestor
_WINDOW = 10  # how many of the best candidates _promote weighs
_LISTS = ("ol", "ul", "dl")
_PLACES = 3  # strong candidates in this many other places make the best one climb
# ... or in this many, when a wrapper of the best one that holds them scores close to it too
_WRAPPED_PLACES = 2
# a positive class/id weight counts for a candidate whose blocks give it this score at least
# (one short block scores 1 into its parent, 1/12 five levels up)
_BONUS_TEXT = 1.0
# a candidate under the title wins over one far below it when it scores this share of it
_TITLE_SHARE = 0.4
# how much text may stand between the title heading and the article's start (a date line,
# a lead image's credit, a share bar)
_NEAR_CHARS = 1000


def score_candidates(body: El, flags: Flags) -> tuple[El | None, dict]:
    """The subtree most likely to be the article (None when nothing scores) and the final
    scores (``final[el]`` computes one the scan skipped, for :func:`gather`)."""
    scores: dict[El, float] = {}
    base_score = _BASE_SCORE.get
    tostring = etree.tostring

    # a block's score goes to its parent (÷1), grandparent (÷2) and up to 5 levels (÷6,
    # ÷9, ÷12); blocks with the same parent are summed first, then the sum climbs once
    by_parent: dict[El, float] = {}
    blocks = 0
    for el in body.iter(*_SCORE_TAGS):
        raw = tostring(el, method="text", encoding=str, with_tail=False)
        if len(raw) < 25:
            continue
        length = norm_len(raw)
        if length < 25:
            continue
        commas = raw.count(",") + raw.count("，") + raw.count("、")
        if commas > 3:  # a list ("Name, place" lines, tags): its commas are not clauses
            commas = min(commas, len(raw.encode("utf-8", "replace")) // _COMMA_BYTES)
        score = 1 + commas + min(length // 100, 3)
        parent = el.getparent()
        if parent is not None:
            by_parent[parent] = by_parent.get(parent, 0.0) + score
        blocks += 1
        if blocks == _MAX_BLOCKS:
            break
    for parent, score in by_parent.items():
        ancestor = parent
        level = passed = 0
        while level < len(_DIVIDERS) and ancestor is not None:
            tag = ancestor.tag
            if tag == "html" or not isinstance(tag, str):
                break
            scores[ancestor] = scores.get(ancestor, 0.0) + score / _DIVIDERS[level]
            if level == 0 and passed < _LEAF_WRAPPERS and tag == "div" and wraps_one(ancestor):
                passed += 1  # the block's own wrapper: the next one up gets the score whole
            else:
                level += 1
            ancestor = ancestor.getparent()
    if not scores:
        return None, scores
    # the tag's and the class/id's weight; a name that says "main" or "content" speaks for
    # a block only when text of its own reaches it, not for a page wrapper that stray
    # blocks far below score into (its teasers, a portlet)
    for el, text_score in scores.items():
        weight = class_weight(el, flags)
        if weight > 0 and text_score < _BONUS_TEXT:
            weight = 0
        scores[el] = base_score(el.tag, 0) + weight + text_score
    # final score = raw score × (1 − link density) ≤ raw score, so candidates can be
    # visited by raw score and the scan stopped once no raw score can beat the 10th best,
    # or once none can reach the share of the best final score that _promote looks at
    # (on a long page one container usually outscores its thousands of equal blocks).
    final: dict[El, float] = {}
    best: list[float] = []  # the _WINDOW best final scores so far, ascending
    for el in sorted(scores, key=scores.__getitem__, reverse=True):
        raw = scores[el]
        if len(best) >= _WINDOW and raw < best[0]:
            break
        if best and best[-1] > 0 and raw < _CLOSE * best[-1]:
            break
        final[el] = raw * (1 - link_density(el))
        best = sorted(best + [final[el]])[-_WINDOW:]
    ranked = _not_a_form(sorted(final, key=final.__getitem__, reverse=True), body)
    lazy = _LazyFinal(scores, final)
    first = ranked[0] if ranked[0].tag not in _LISTS else _beyond_list(ranked[0], scores)
    return _promote(first, ranked[1:_WINDOW], lazy), lazy


# a form of at most this much text is a form (a comment box, a sign-up, a search), not the
# page's wrapper (ASP.NET pages put the whole page in one <form>)
_FORM_CHARS = 2000
_OWN_CHARS = 100  # a box with less text of its own beside the forms it holds is theirs


def _not_a_form(ranked: list[El], body: El) -> list[El]:
    """``ranked`` with its best candidate that is not a form's content first: a comment
    box's or a sign-up's labels and consent lines can outscore a short story, but a form is
    never the article (:func:`cleaning.clean` drops forms), and the page lost its text when
    one won.  A candidate is a form's when it lies in a form of at most 2000 characters or
    holds such forms and under 100 characters of text beside them (their box with its "Leave
    a Reply" heading).  The others keep their place (they still count as the strong
    candidates around the best one)."""
    forms = list(body.iter("form"))
    if not forms:
        return ranked
    small: dict[El, bool] = {}
    for at, el in enumerate(ranked):
        if not _in_forms(el, forms, small):
            return [el] + ranked[:at] + ranked[at + 1:] if at else ranked
    return ranked


def _in_forms(el: El, forms: list[El], small: dict[El, bool]) -> bool:
    held = 0
    for form in forms:
        if form is el or is_ancestor(form, el):
            return _small(form, small)
        if is_ancestor(el, form) and _small(form, small):
            held += text_len(form)
    return held > 0 and text_len(el) - held < _OWN_CHARS


def _small(form: El, known: dict[El, bool]) -> bool:
    """Whether ``form`` holds at most 2000 characters of text (read no further than that:
    a page wrapped in one form is not serialised for it)."""
    if form not in known:
        seen = 0
        for piece in form.itertext():
            seen += len(" ".join(piece.split()))
            if seen > _FORM_CHARS:
                break
        known[form] = seen <= _FORM_CHARS
    return known[form]


def under_title(parts: list[El], final: dict, anchor: Anchor) -> El | None:
    """The article starts under its title: when the gathered ``parts`` neither hold the
    title heading nor start right below it (a comment thread, a footer blurb, a list of
    names further down won), the best candidate that starts right below the heading or
    holds it (not the parts) if it scores a share of the best; else None."""
    if any(part in anchor.below or part in anchor.above for part in parts):
        return None
    holds = set()
    for part in parts:
        holds.update(part.iterancestors())
    at_title = [el for el, gap in anchor.below.items() if gap <= _NEAR_CHARS and el in final]
    at_title += [el for el in anchor.above if el not in holds and el in final]
    need = _TITLE_SHARE * max(dict.values(final), default=0.0)
    for el in sorted(at_title, key=final.__getitem__, reverse=True):
        if final[el] < need:
            break
        if el.tag != "form" and next(el.iterancestors("form"), None) is None:
            return _promote(el, [], final)
    return None


def _beyond_list(top: El, scores: dict) -> El:
    """A list is not the article: its items (references full of commas, "Name, role" lines)
    outscored the text around them.  The nearest scored container that holds a tenth more
    text than the list (not a wrapper of the list and its heading) holds both."""
    size = text_len(top)
    node = top.getparent()
    while node is not None and node.tag not in ("body", "html"):
        if node.tag not in _LISTS and node.tag != "li" and node in scores and text_len(node) > 1.1 * size:
            return node
        node = node.getparent()
    return top


class _LazyFinal(dict):
    """Final scores, computed on first use for candidates the top-5 scan skipped."""

    def __init__(self, raw: dict, known: dict) -> None:
        super().__init__(known)
        self.raw = raw

    def __contains__(self, el: object) -> bool:
        return el in self.raw

    def get(self, el, default=None):  # type: ignore[override]
        return self[el] if el in self.raw else default

    def __missing__(self, el: El) -> float:
        value = self.raw[el] * (1 - link_density(el))
        self[el] = value
        return value


def _promote(top: El, others: list[El], final: dict) -> El:
    """Climb to a common ancestor when strong candidates in three other places live under it,
    or in two when that ancestor is a strong candidate itself (a post body whose sections
    each have a heading and a wrapper of their own).

    A place is counted once: an ancestor of ``top`` is not another place (it scores from
    ``top``'s own text), and nested candidates are one place (a wrapper scores from what
    it wraps), so a story, a box beside it and their wrappers are not four stories.  The
    best candidates are weighed (ten, not five: wrappers take room in the list)."""
    top_score = final[top]
    strong = [o for o in others if final[o] / max(top_score, 1e-9) >= _CLOSE]
    alternatives = [o for o in strong if not is_ancestor(o, top)]
    places = [o for o in alternatives if not any(is_ancestor(a, o) for a in alternatives)]
    wrappers = {o for o in strong if o not in alternatives}
    holder = _holder(top, places, _PLACES, "body") if len(places) >= _PLACES else None
    if holder is None and len(places) >= _WRAPPED_PLACES and wrappers:
        holder = _holder(top, places, _WRAPPED_PLACES, "html", wrappers)
    if holder is not None:
        top = holder
    # a candidate that is its parent's only child: the parent is the real container
    parent = top.getparent()
    while parent is not None and parent.tag not in ("body", "html") and len(parent) == 1:
        top, parent = parent, parent.getparent()
    return top


def _holder(top: El, places: list[El], need: int, stop: str, among: set[El] | None = None) -> El | None:
    """The nearest ancestor of ``top`` (below a ``stop`` element; one of ``among`` when
    given) that holds ``need`` of ``places``, or None."""
    parent = top.getparent()
    while parent is not None and parent.tag != stop:
        if (among is None or parent in among) and sum(1 for a in places if is_ancestor(parent, a)) >= need:
            return parent
        parent = parent.getparent()
    return None


def is_ancestor(candidate: El, el: El) -> bool:
    node = el.getparent()
    while node is not None:
        if node is candidate:
            return True
        node = node.getparent()
    return False


def _wraps_a_paragraph(box: El, flags: Flags) -> bool:
    """A component's box around one paragraph (a standfirst, a paragraph), judged beside
    the article as its paragraph would be: Readability.js puts such a paragraph in its box's
    place before it gathers the siblings.  Not a box named as chrome or as no standfirst
    (a byline, a date, a caption, a menu)."""
    block = wrapped_block(box)
    return (block is not None and block.tag == "p" and class_weight(box, flags) >= 0
            and not NOT_LEAD.search(class_and_id(box).lower()))


def gather(top: El, final: dict, flags: Flags) -> list[El]:
    """The top candidate plus siblings that belong to the same article (a box above it
    that wraps one paragraph ending as prose counts as that paragraph; below the article
    such a box is a call or a note of the site)."""
    parent = top.getparent()
    if parent is None or top.tag == "body":
        return [top]
    top_score = final.get(top, 0.0)
    threshold = max(10.0, top_score * _SIBLING_SHARE)
    top_class = top.get("class") or ""
    kind = top_class.split()[:1]  # its first class names the kind of item it is
    keep = []
    above = True  # a sibling before the top: a box of one paragraph there may be the standfirst
    for sib in parent:
        if not isinstance(sib.tag, str):
            continue
        if sib is top:
            keep.append(sib)
            above = False
            continue
        bonus = top_score * 0.2 if top_class and sib.get("class") == top_class else 0.0
        if sib in final and final[sib] + bonus >= threshold:
            keep.append(sib)
        elif kind and sib.tag == top.tag and (sib.get("class") or "").split()[:1] == kind \
                and text_len(sib) > 0 and link_density(sib) < 0.3:
            keep.append(sib)  # the next of a run of like items: a forum's posts, a story's parts
        elif sib.tag == "p" or (above and _wraps_a_paragraph(sib, flags)):
            length = text_len(sib)
            density = link_density(sib, length)
            text = " ".join(text_of(sib).split())
            if sib.tag != "p" and not SENTENCE_END.search(text):
                continue  # a box's paragraph must end as prose does (not a teaser's "Read more")
            if length > 80 and density < 0.25:
                keep.append(sib)
            elif 0 < length <= 80 and density == 0 and re.search(r"\.( |$)", text):
                keep.append(sib)
    if len(keep) > 1:  # inline content set between kept blocks (formulas, custom elements) is in their flow
        kept, first, last = set(keep), keep[0], keep[-1]
        inside, keep = False, []
        for sib in parent:
            if sib is first:
                inside = True
            if sib in kept or (inside and isinstance(sib.tag, str) and sib.tag not in BLOCK_TAGS
                               and text_len(sib) > 0 and link_density(sib) < 0.25):
                keep.append(sib)
            if sib is last:
                break
    return keep
