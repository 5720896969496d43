"""Tree surgery around main-content scoring (in place, without recursion).

* :func:`prepare`, before scoring: drop what is never content (scripts, hidden elements,
  navigation roles, the repeated title) and, when asked, blocks whose class/id say
  "sidebar", "comments", "related"…; turn text-only divs into paragraphs.
* :func:`clean`, after the article is chosen: drop negative headings, footers and forms,
  share widgets and, conditionally, link farms, image galleries and tiny lists.
"""

from __future__ import annotations

from functools import lru_cache

from lxml import etree

from native_host.page.adlabels import drop_ad_labels
from native_host.page.anchor import title_words
from native_host.page.crumbs import drop_crumb_trail
from native_host.page.inarticle import drop as _drop, drop_marked, drop_tail_calls, remove_all as _remove_all, set_text
from native_host.page.lazyre import Lazy
from native_host.page.leads import rescue_lead
from native_host.page.leftovers import (WRITES, drop_link_rows, form_leftover, heading_density, icon_label,
                                        note_field, orphan_heading)
from native_host.page.measures import (LOOSE_RUN, Flags, class_and_id, class_weight, link_density, norm_len,
                                       text_len, wraps_a_block)
from native_host.page.parse import HIDDEN_STYLE, text_of
from native_host.page.pointers import drop_pointers
from native_host.page.render import BLOCK_TAGS
from native_host.page.linkboxes import drop_link_boxes
from native_host.page.logins import is_password, login_boxes
from native_host.page.recipes import recipe_box, recipe_script

El = etree._Element

_NEVER = {"script", "style", "noscript", "template", "svg", "canvas", "iframe", "object", "embed",
          "link", "meta", "select", "textarea", "button", "input", "dialog", "nav"}
# lowercase patterns matched against lowercased class/id (several times faster than IGNORECASE)
_UNLIKELY = Lazy(
    r"-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|"
    r"gdpr|header|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|"
    r"sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote|cookie|consent|"
    r"newsletter|subscribe|promo|copyright|disclaimer|disclosure",
)
_MAYBE = Lazy(r"and|article|body|column|content|main|shadow|mathjax")
_UNLIKELY_ROLES = {"menu", "menubar", "complementary", "navigation", "alert", "alertdialog",
                   "dialog", "banner", "contentinfo", "search"}
_PHRASING_BLOCKERS = BLOCK_TAGS | {"img", "video", "figure"}
# a block (not a list) of the article without a positive class goes when more of its
# text than this is in links
_LINK_DENSITY_MAX = 0.2


def _hidden(el: El) -> bool:
    if el.get("hidden") is not None or el.get("aria-hidden") == "true":
        return "fallback-image" not in (el.get("class") or "")
    style = el.get("style")
    return bool(style and HIDDEN_STYLE.search(style))


def prepare(body: El, flags: Flags, title: str, recipes: list[str] | None = None) -> None:
    """Remove non-content and turn text-only divs (and long runs of text beside a div's
    blocks) into paragraphs (in place).

    One pass in Python over the elements (libxml2's XPath unions and ``or`` predicates
    are several times slower than this on big pages)."""
    doomed: list[El] = []
    title_norm = title_words(title)
    strip = flags.strip_unlikely
    # a doomed element's subtree goes with it: its descendants are not looked at (until
    # ``skip_to``, its last element in document order, has gone by)
    skip_to: El | None = None
    passwords: list[El] = []  # the password fields (page/logins.py)
    for el in body.iter(etree.Element):
        if skip_to is not None:
            if el is skip_to:
                skip_to = None
            continue
        if _doomed(el, flags, title_norm, strip):
            doomed.append(el)
            skip_to = _last_element(el)
            if el.tag == "input" and is_password(el):
                passwords.append(el)
            elif el.tag == "script" and recipes is not None and (raw := recipe_script(el)) is not None:
                recipes.append(raw)  # (page/recipes.py: the recipe's lines, for clean)
    if strip:
        for el in doomed:
            if rescue_lead(el):
                flags.mattered.add("strip_unlikely")
    _remove_all(doomed + login_boxes(body, passwords))
    # divs that hold only phrasing content are paragraphs in disguise
    for el in list(body.iter("div")):
        if not any(isinstance(c.tag, str) and c.tag in _PHRASING_BLOCKERS for c in el):
            el.tag = "p"
        else:
            _loose_runs(el)


# text set straight in a box beside its blocks becomes a paragraph when a run of it is as long
# as a lead's paragraph (a date, "Rate me?" or a label beside a picture is not)
_RUN_CHARS = 60


def _loose_runs(div: El) -> None:
    """The runs of text and inline elements that stand straight in ``div`` between its
    blocks, each as a ``<p>`` marked :data:`LOOSE_RUN` when it holds 60 characters or more:
    paragraphs in disguise (a post's text beside its quote, a page's text around its map and
    table), which the scorer counts as Readability.js does (it wraps such text too)."""
    text = div.text
    if (text is None or text.isspace()) and all(c.tail is None or c.tail.isspace() for c in div):
        return
    runs = []  # (the element whose tail starts the run or None, that text, the run, the block after)
    owner: El | None = None
    run: list[El] = []
    for child in div:
        if isinstance(child.tag, str) and child.tag in _PHRASING_BLOCKERS:
            runs.append((owner, text, run, child))
            owner, text, run = child, child.tail, []
        else:
            run.append(child)
    runs.append((owner, text, run, None))
    for owner, text, run, after in runs:
        size = len((text or "").strip()) + sum(
            (len(text_of(c).strip()) if isinstance(c.tag, str) else 0) + len((c.tail or "").strip()) for c in run)
        if size < _RUN_CHARS:
            continue
        p = etree.Element("p", {LOOSE_RUN: ""})
        set_text(p, text)
        if owner is None:
            div.text = None
        else:
            owner.tail = None
        p.extend(run)
        if after is not None:
            after.addprevious(p)
        else:
            div.append(p)


def _doomed(el: El, flags: Flags, title_norm: str, strip: bool) -> bool:
    """Whether ``el`` is never content (see :func:`prepare`)."""
    tag = el.tag
    if tag == "noscript" and flags.noscript:
        el.tag = "div"
    elif tag in _NEVER and (tag != "nav" or not _holds_main(el, _MAIN_ONLY)):
        if tag == "input" or tag == "textarea":
            note_field(el)
        return True
    if title_norm and (tag == "h1" or tag == "h2"):
        raw = text_of(el)
        if len(raw) >= len(title_norm) // 2 and title_words(raw) == title_norm:
            return True
    keys = el.keys()
    if not keys:
        return False
    if ("hidden" in keys or "aria-hidden" in keys or "style" in keys) and _hidden(el):
        return True
    if "role" in keys and el.get("role") in _UNLIKELY_ROLES and not _holds_main(el):
        return True
    if ("class" in keys or "id" in keys) and tag not in _KEEP_NAMED:
        attrs = class_and_id(el)
        named = _named(attrs)
        if not named:
            return False
        if strip and named & _STRIPPED:
            flags.mattered.add("strip_unlikely")  # (a retry without it would judge ``el`` anew)
            if named & _UNLIKELY_NAME:
                return not _inside(el, ("table", "code", "pre")) and not _prose_menu(el, attrs)
            if named & _RELATED_NAME:
                return not _holds_main(el) and not _inside(el, ("table", "code", "pre"))
            if named & _CRUMB_NAME and text_len(el) <= _CRUMB_CHARS:
                return True
        if named & _OVERLAY_NAME:
            return not _holds_main(el, _MAIN_OR_TITLE)
    return False


_UNLIKELY_NAME, _RELATED_NAME, _CRUMB_NAME, _OVERLAY_NAME = 1, 2, 4, 8
_STRIPPED = _UNLIKELY_NAME | _RELATED_NAME | _CRUMB_NAME  # what strip_unlikely takes out


@lru_cache(maxsize=8192)
def _named(attrs: str) -> int:
    """What a class/id value says, as bits (each distinct value read once, lower-cased once):
    chrome words and none of content, "related", a breadcrumb, and a word that names a
    modal dialog ("modal", "b-dialog", "cli-modal", "login_modal": a box
    drawn over the page on demand, log-in, newsletter, cookie settings — not the article
    whatever content words or ``<article>`` boxes it has, unless it holds the page's
    ``<main>`` or ``h1``: a story opened over a list)."""
    lowered = attrs.lower()
    named = _UNLIKELY_NAME if _UNLIKELY.search(lowered) and not _MAYBE.search(lowered) else 0
    if "related" in lowered:  # even beside a content word: "content-related-stories"
        named |= _RELATED_NAME
    if "crumb" in lowered:
        named |= _CRUMB_NAME
    if ("modal" in lowered or "dialog" in lowered) and _OVERLAY.search(lowered):
        named |= _OVERLAY_NAME
    return named


# a breadcrumb trail ("Home > News > The title"): a few links and the page's title
_CRUMB_CHARS = 200
_OVERLAY = Lazy(r"(?:^|[\s_-])(?:modal|dialog)(?=\s|$)")


def _last_element(el: El) -> El | None:
    """The last element of ``el``'s subtree in document order (None when it has none)."""
    last = None
    node = el
    while True:
        child = next((c for c in reversed(node) if isinstance(c.tag, str)), None)
        if child is None:
            return last
        last = node = child


def _prose_menu(el: El, attrs: str) -> bool:
    """Named "menu" but holding prose, not links (a shop's "tab-menu" of description and
    details): kept.  A real menu is mostly links."""
    if not _only_menu(attrs):
        return False
    length = text_len(el)
    return length >= 200 and link_density(el, length) < 0.25


@lru_cache(maxsize=8192)
def _only_menu(attrs: str) -> bool:
    """Whether "menu" is the only chrome word in the class/id."""
    lowered = attrs.lower()
    return "menu" in lowered and not _named(lowered.replace("menu", "")) & _UNLIKELY_NAME


_KEEP_NAMED = {"body", "a", "html", "main", "article"}
_MAIN = etree.XPath("boolean(.//main | .//article | .//*[@role='main'])")
_MAIN_ONLY = etree.XPath("boolean(.//main | .//*[@role='main'])")
_MAIN_OR_TITLE = etree.XPath("boolean(.//main | .//*[@role='main'] | .//h1)")


def _holds_main(el: El, test: etree.XPath = _MAIN) -> bool:
    """A banner or navigation landmark around the page's ``<main>`` / ``<article>`` (an
    unclosed ``<header>`` or ``<nav>`` swallows the page) is not chrome to drop (a ``<nav>``
    only around ``<main>``: menus list article teasers)."""
    return bool(test(el))


def _inside(el: El, tags: tuple[str, ...]) -> bool:
    parent = el.getparent()
    depth = 0
    while parent is not None and depth < 60:
        if parent.tag in tags:
            return True
        parent = parent.getparent()
        depth += 1
    return False


def clean(article: El, flags: Flags, recipe: tuple[str, ...] = ()) -> None:
    """Conditional cleaning of the chosen article (in place), bottom-up (not the ``recipe``'s boxes)."""
    for el in list(article.iter("h1", "h2", "h3")):
        if flags.weight_classes and class_weight(el, flags) < 0:
            _drop(el)
    controls = drop_marked(article)
    drop_pointers(article)
    drop_crumb_trail(article)
    drop_tail_calls(article)
    drop_ad_labels(article)
    total = None
    emptied: set[El] = set()  # boxes that lost a block in this pass
    form_boxes: set[El] = set()  # boxes that lost a sign-up, comment or contact form
    for el in list(article.iter("footer", "aside", "form", "fieldset")):
        if el.getparent() is not None and el is not article:
            # not an <aside>/<footer> that holds most of the article (sites that put the
            # story itself in an <aside>), nor a form that is all of it (ASP.NET wraps the
            # page in one; the scorer climbs to it when the story is its only box); any
            # other form is never the article
            if el.tag == "form" and el.getparent() is article and len(article) == 1:
                continue
            if el.tag in ("aside", "footer"):
                total = text_len(article) if total is None else total
                if text_len(el) > 0.5 * total:
                    continue
            if el.tag in _ORPHANING:
                emptied.add(el.getparent())
                if el.get(WRITES) is not None:
                    form_boxes.add(el.getparent())
            _drop(el)
    if flags.clean_conditionally:
        candidates = [el for el in article.iter("table", "ul", "ol", "div", "section") if el is not article]
        for el in reversed(candidates):
            if el.getparent() is None or _inside(el, ("pre", "code")):
                continue
            if (_should_drop(el, flags) or (el in emptied and orphan_heading(el))
                    or (el in form_boxes and form_leftover(el, text_len(el)))) \
                    and not (recipe and recipe_box(el, recipe)):
                flags.mattered.add("clean_conditionally")
                emptied.add(el.getparent())
                _drop(el)
    drop_link_rows(article)  # (after the boxes were judged with them: counts of paragraphs)
    _remove_all(controls)  # buttons and toggles: after the link boxes were judged with them
    drop_link_boxes(article)  # share bars, pitches, teasers, follow-us lines, page controls


# a box that only wraps one paragraph is judged as that paragraph would be: a link-rich
# paragraph with this much text of its own beside its links is prose, not a box of links
_PROSE_CHARS = 150


def _should_drop(el: El, flags: Flags) -> bool:
    tag = el.tag
    if tag == "table" and _is_data_table(el):
        return False
    weight = class_weight(el, flags)
    if weight < 0:
        return True
    raw = text_of(el)
    if raw.count(",") >= 10:
        return False
    length = norm_len(raw)
    if icon_label(el, length, raw):
        return True
    p = sum(1 for _ in el.iter("p"))
    img = sum(1 for _ in el.iter("img"))
    li = sum(1 for _ in el.iter("li")) - 100
    inputs = sum(1 for _ in el.iter("input"))
    is_list = tag in ("ul", "ol")
    if img > 1 and p / img < 0.5 and not _inside(el, ("figure",)):
        return True
    if not is_list and li > p:
        return True
    if inputs > p // 3:
        return True
    if not is_list and length < 25 and (img == 0 or img > 2) and heading_density(el, length) < 0.9 \
            and not wraps_a_block(el):  # (a short paragraph in its own box is still one)
        return True
    density = link_density(el, length)
    if not is_list and weight < 25 and density > _LINK_DENSITY_MAX and not (
            length * (1 - density) >= _PROSE_CHARS and wraps_a_block(el)):
        return True
    if weight >= 25 and density > 0.5:
        return True
    if is_list and density > 0.5 and length > 0:
        return True
    return False


_ORPHANING = ("form", "fieldset")


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
