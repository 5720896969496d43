"""Visible controls the agent can act on: index, tag, role, accessible label, CSS selector.

Capped and prioritised: form fields and buttons first, then links inside the main
content, then other links; hidden, disabled-looking and unlabeled elements are skipped.
The kept elements are indexed in document order so ``click_element {index}`` is stable.

When the snapshot comes from the extension, its content script has stamped every visible
interactive element with ``data-tabmate-index="N"`` (document order) and resolves
``click_element`` / ``fill_input {index}`` through that attribute.  Then the stamp *is* the
index (and ``[data-tabmate-index="N"]`` the selector), and unstamped elements — the browser
found them invisible — are left out.  Without stamps the elements are numbered here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import HIDDEN_STYLE, text_of
from native_host.page.survey import INDEX_ATTR, Survey, stamp, survey

El = etree._Element
_IDENT = Lazy(r"^[A-Za-z_][A-Za-z0-9_-]*$")
_CHROME = {"nav", "header", "footer", "aside"}
_ROLES = {"a": "link", "button": "button", "select": "combobox", "textarea": "textbox",
          "summary": "button"}
_INPUT_ROLES = {"checkbox": "checkbox", "radio": "radio", "submit": "button", "button": "button",
                "reset": "button", "image": "button", "search": "searchbox", "range": "slider",
                "number": "spinbutton"}


@dataclass
class Interactive:
    index: int
    tag: str
    role: str
    label: str
    selector: str
    # how much the agent needs it, lower first (-1 a shop's buy control, 0 fields, 1 buttons,
    # 2 content links, 3 page chrome): what a small budget keeps; not part of the output
    rank: int = field(default=0, repr=False, compare=False)

    def as_dict(self) -> dict[str, Any]:
        # (its values are plain: dataclasses.asdict deep-copies them, slowly)
        return {"index": self.index, "tag": self.tag, "role": self.role, "label": self.label,
                "selector": self.selector}


_FAR = 1 << 30
Mark = tuple[int, object]  # (levels up to the nearest marked element, its mark)


def _nearest(el: El, mark, memo: dict[El, Mark], reach: int) -> Mark:  # type: ignore[no-untyped-def]
    """The nearest element at or above ``el`` that ``mark`` marks (``mark(node)`` not None),
    as (levels up, mark); (``_FAR``, None) when there is none within ``reach`` levels.

    ``memo`` keeps exact answers per element, so the controls of one page share the walk
    up their common ancestors; an answer cut short by ``reach`` is not kept."""
    path: list[El] = []
    node: El | None = el
    found: Mark = (_FAR, None)
    cut = False  # the walk stopped: what lies above is unknown
    while node is not None:
        known = memo.get(node)
        if known is not None:
            found = known
            break
        path.append(node)
        if len(path) > reach:
            cut = True
            break
        node = node.getparent()
    for node in reversed(path):
        kind = mark(node)
        if kind is not None:
            found, cut = (0, kind), False
        else:
            found = (min(found[0] + 1, _FAR), found[1])
        if not cut:
            memo[node] = found
    return found


_HIDING_TAGS = frozenset(("head", "template", "noscript"))
_HIDING_ATTRS = frozenset(("hidden", "aria-hidden", "inert", "style"))


def _hides(node: El) -> bool | None:
    """True when ``node`` itself hides what it holds."""
    tag = node.tag
    if not isinstance(tag, str) or tag in _HIDING_TAGS:
        return True
    keys = node.keys()
    if not keys or _HIDING_ATTRS.isdisjoint(keys):
        return None
    if node.get("hidden") is not None or node.get("aria-hidden") == "true":
        return True
    return True if node.get("inert") is not None or HIDDEN_STYLE.search(node.get("style") or "") else None


def _hidden(el: El, memo: dict[El, Mark] | None = None) -> bool:
    """Whether ``el`` or one of its 39 nearest ancestors hides it."""
    return _nearest(el, _hides, {} if memo is None else memo, 40)[0] < 40


def _role(el: El) -> str:
    if el.get("role"):
        return el.get("role", "").split()[0]
    if el.tag == "input":
        return _INPUT_ROLES.get((el.get("type") or "text").lower(), "textbox")
    if el.get("contenteditable") is not None:
        return "textbox"
    return _ROLES.get(el.tag, "generic")


def _label(el: El, by_id: dict[str, El], labels: dict[str, str]) -> str:
    """The accessible name, roughly as a browser computes it."""
    text = ""
    ref = el.get("aria-labelledby")
    if ref:
        parts = [" ".join(text_of(by_id[i]).split()) for i in ref.split() if i in by_id]
        text = " ".join(p for p in parts if p)
    text = text or el.get("aria-label") or ""
    if not text and el.get("id") in labels:
        text = labels[el.get("id", "")]
    if not text and el.tag == "input" and (el.get("type") or "").lower() in ("submit", "button", "reset"):
        text = el.get("value") or ""
    if not text and el.tag not in ("input", "select", "textarea"):
        text = " ".join(text_of(el).split())
        if not text:
            img = next(el.iter("img"), None)
            text = img.get("alt", "") if img is not None else ""
    if not text and el.tag in ("input", "textarea", "select"):
        parent = el.getparent()
        while parent is not None and parent.tag not in ("label", "body"):
            parent = parent.getparent()
        if parent is not None and parent.tag == "label":
            text = " ".join(text_of(parent).split())
    text = text or el.get("placeholder") or el.get("title") or el.get("name") or ""
    return " ".join(text.split())[:80]


def _css_escape_attr(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _step(node: El, steps: dict[El, str]) -> str:
    """``node``'s selector step: its tag, with ``:nth-of-type(N)`` when it has siblings of
    that tag.  ``steps`` keeps the steps of every child of each parent met so far: a list of
    200 links is numbered in one pass, not by counting preceding siblings 200 times."""
    known = steps.get(node)
    if known is not None:
        return known
    parent = node.getparent()
    if parent is None:
        return node.tag
    children = [c for c in parent if isinstance(c.tag, str)]
    count: dict[str, int] = {}
    for child in children:
        count[child.tag] = count.get(child.tag, 0) + 1
    nth: dict[str, int] = {}
    for child in children:
        tag = child.tag
        if count[tag] == 1:
            steps[child] = tag
        else:
            nth[tag] = nth.get(tag, 0) + 1
            steps[child] = f"{tag}:nth-of-type({nth[tag]})"
    return steps[node]


def _path_up(node: El | None, ids: dict[str, int], memo: dict[El, tuple[str, ...]],
             steps: dict[El, str]) -> tuple[str, ...]:
    """The selector steps from an ancestor ``node`` up to an element with a unique id or
    to ``html``, nearest first (kept in ``memo``: the controls of a page share ancestors)."""
    chain: list[El] = []
    while True:
        if node is None or not isinstance(node.tag, str) or node.tag == "html":
            tail: tuple[str, ...] = ("html",)
            break
        if node in memo:
            tail = memo[node]
            break
        node_id = node.get("id")
        parent = node.getparent()
        if node_id and ids.get(node_id) == 1 and _IDENT.match(node_id):
            tail = memo[node] = (f"#{node_id}",)
            break
        if parent is None:
            tail = memo[node] = (node.tag,)
            break
        chain.append(node)
        node = parent
    for node in reversed(chain):
        tail = memo[node] = (_step(node, steps), *tail)
    return tail


def selector_for(el: El, ids: dict[str, int], memo: dict[El, tuple[str, ...]] | None = None,
                 steps: dict[El, str] | None = None) -> str:
    """A CSS selector that finds ``el``: a unique id, else a path of :nth-of-type steps
    (``memo`` and ``steps``: paths and steps worked out for the page's other controls)."""
    el_id = el.get("id")
    if el_id and ids.get(el_id) == 1 and _IDENT.match(el_id):
        return f"#{el_id}"
    if el_id and ids.get(el_id) == 1:
        return f'[id="{_css_escape_attr(el_id)}"]'
    if not isinstance(el.tag, str) or el.tag == "html":
        return "html"
    parent = el.getparent()
    if parent is None:
        return el.tag
    steps = {} if steps is None else steps
    path = (_step(el, steps), *_path_up(parent, ids, {} if memo is None else memo, steps))
    return " > ".join(reversed(path))


def _region(node: El) -> int | None:
    """3 for page chrome (nav, header, footer, aside, their roles), 2 for main/article."""
    if node.tag in _CHROME or node.get("role") in ("navigation", "banner", "contentinfo"):
        return 3
    return 2 if node.tag in ("main", "article") else None


def _least_priority(el: El, role: str) -> int:
    """What :func:`_priority` gives at best, without looking at the element's region."""
    if el.tag in ("input", "select", "textarea") or role in ("textbox", "searchbox", "combobox"):
        return 0
    return 1 if el.tag == "button" or role == "button" else 2


def _priority(el: El, role: str, memo: dict[El, Mark] | None = None) -> int:
    """Lower is more important: fields, buttons, content links, then chrome links."""
    best = _least_priority(el, role)
    parent = el.getparent()
    if best < 2 or parent is None:
        return best
    levels, region = _nearest(parent, _region, {} if memo is None else memo, 30)
    return region if levels < 30 and region is not None else 2  # type: ignore[return-value]


def find_interactive(root: El, limit: int = 60, seen: Survey | None = None,
                     first: Iterable[El] = ()) -> list[Interactive]:
    """Up to ``limit`` visible, labelled controls, most useful first, indexed in page order
    (by the extension's ``data-tabmate-index`` stamps when the snapshot has them);
    ``seen``: the page's :func:`survey.survey`, when the caller has it; ``first``: controls
    kept before any other (a shop page's own buy button, which is often a link among
    hundreds of menu links)."""
    if seen is None or seen.limit != limit:
        seen = survey(root, limit)
    ids, by_id = seen.ids, seen.by_id
    stamped = bool(seen.stamped)
    candidates: Iterable[tuple[int, El]] = seen.stamped if stamped else seen.controls
    labels: dict[str, str] = {}
    for lab in root.iter("label"):
        if lab.get("for"):
            labels[lab.get("for", "")] = " ".join(text_of(lab).split())
    found: list[tuple[int, int, El, str, str]] = []
    chrome_links = content_links = 0
    # found[i] per priority: a control with ``limit`` found before it at the same or a more
    # important priority cannot be kept (they come first in the order), so it is not examined
    at_most = [0, 0, 0, 0]
    hidden_memo: dict[El, Mark] = {}
    region_memo: dict[El, Mark] = {}
    first = set(first)
    for order, el in candidates:
        if first and el in first and el.get("disabled") is None:
            label = "" if not stamped and _hidden(el, hidden_memo) else _label(el, by_id, labels)
            if label:  # (a hidden or unlabelled one is skipped below like any other)
                found.append((-1, order, el, _role(el), label))
                at_most = [n + 1 for n in at_most]
                continue
        is_link = el.tag == "a" and el.get("role") is None
        if is_link and content_links >= limit * 3:
            continue  # plenty of links already; keep looking for buttons and fields further down
        if el.tag == "input" and (el.get("type") or "").lower() == "hidden":
            continue
        if el.get("disabled") is not None:
            continue
        role = _role(el)
        if at_most[_least_priority(el, role)] >= limit:
            continue  # outranked whatever its region: no need to walk up for it
        priority = _priority(el, role, region_memo)
        if priority == 3 and chrome_links >= limit:
            continue  # (the cheap test first: enough page-chrome links already)
        if at_most[priority] >= limit:
            continue
        if not stamped and _hidden(el, hidden_memo):
            continue
        href = el.get("href") or ""
        if el.tag == "a" and href.lower().startswith("javascript:void") and not el.get("role"):
            continue
        label = _label(el, by_id, labels)
        if not label:
            continue
        if priority == 3:
            chrome_links += 1
        elif is_link:
            content_links += 1
        found.append((priority, order, el, role, label))
        for p in range(priority, 4):
            at_most[p] += 1
    kept = sorted(found, key=lambda f: (f[0], f[1]))[:limit]
    kept.sort(key=lambda f: f[1])
    if stamped:
        return [Interactive(index=stamp(el) or 0, tag=el.tag, role=role, label=label,
                            selector=f'[{INDEX_ATTR}="{stamp(el)}"]', rank=rank)
                for (rank, _, el, role, label) in kept]
    paths: dict[El, tuple[str, ...]] = {}
    steps: dict[El, str] = {}
    return [Interactive(index=i, tag=el.tag, role=role, label=label,
                        selector=selector_for(el, ids, paths, steps), rank=rank)
            for i, (rank, _, el, role, label) in enumerate(kept)]
