"""A product page read as a shopper reads it: its visible text blocks in document order,
the product's title, and what is hidden or belongs to *other* products (carousels,
"customers also bought", recommendations, related and sponsored blocks — never an
ancestor of the product's ``h1``).
"""

from __future__ import annotations

import functools
import re

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import hidden_by_markup, text_of
from native_host.page.render import shown_text
from native_host.page.stylerules import hider
from native_host.page.titleh1 import TITLE_SEPARATOR, begins_like, naming, title_h1

El = etree._Element

# regions that list other products
_OTHER_PRODUCTS = Lazy(r"carousel|swiper-slide|slick-slide|recommend|related|sponsor|upsell|"
                             r"up-sell|cross-?sell|also-?(?:bought|viewed|like)|similar|p13n|"
                             r"you-may-like|recently-viewed", re.I)
SKIP = {"script", "style", "noscript", "template", "head", "svg", "option", "select"}


def attrs(el: El) -> str:
    return f"{el.get('class', '')} {el.get('id', '')}"


def ancestors(el: El, n: int):
    """Up to ``n`` ancestors of ``el``, nearest first."""
    node = el.getparent()
    while node is not None and n > 0:
        yield node
        node = node.getparent()
        n -= 1


def hidden(el: El) -> bool:
    """Whether ``el`` or one of its ancestors is hidden by its markup (or by a class the
    page's own style rules hide: :mod:`stylerules`)."""
    styled = hider(el)
    return any(hidden_by_markup(node) or styled(node) for node in (el, *ancestors(el, 40)))


def hidden_or_other(el: El) -> bool:
    """Whether ``el`` is hidden, or sits in a block of other products."""
    return hidden(el) or among_other_products(el)


def among_other_products(el: El) -> bool:
    """Whether ``el`` or one of its ancestors is a block whose names say it lists other
    products (:func:`other_products`)."""
    return any(node.tag not in ("body", "html") and other_products(node) for node in (el, *ancestors(el, 40)))


def shown(heading: El) -> bool:
    """Whether ``heading`` has text that its markup does not hide."""
    return bool(text_of(heading).strip()) and not hidden(heading)


def title_element(root: El) -> El | None:
    """The product's title on a product page: the first shown ``h1``, or (session 15) a
    later one when the document title begins like it and not like the first (a logo's, a
    header's or a dialog's ``h1`` before the product's: :mod:`titleh1`)."""
    return title_among(root.iter("h1"), root)


def title_among(h1s, root: El) -> El | None:
    """The product's title among ``h1s`` (:func:`title_element`)."""
    return title_h1(h1s, _document_title(root)[1], shown)


def other_products(el: El) -> bool:
    """Whether ``el`` itself marks a block of other products."""
    if el.get("aria-roledescription", "").lower() == "carousel":
        return True
    marks = f"{el.get('class', '')} {el.get('id', '')}"
    return bool(marks.strip()) and _OTHER_PRODUCTS.search(marks) is not None


def visible_blocks(root: El, limit: int = 40_000) -> list[tuple[El, str]]:
    """(element, own text) pairs for the visible text that speaks for the product, in
    document order, without recursion: hidden elements and blocks of other products are
    left out (an ancestor of the title never is)."""
    body = root.find("body")
    title = title_element(root)
    keep = set(title.iterancestors()) if title is not None else set()
    out: list[tuple[El, str]] = []
    stack = [body if body is not None else root]
    seen = 0
    styled = hider(root)
    while stack and seen < limit:
        el = stack.pop()
        seen += 1
        if not isinstance(el.tag, str) or el.tag in SKIP:
            continue
        if hidden_by_markup(el) or styled(el):
            continue
        if el not in keep and other_products(el):
            continue
        own = " ".join(t.strip() for t in [el.text or ""] + [c.tail or "" for c in el] if t and t.strip())
        if own:
            out.append((el, own))
        stack.extend(reversed(el))
    return out


def blocks_after(title: El, n: int, limit: int = 400) -> list[tuple[El, str]]:
    """The first ``n`` text blocks after ``title`` not hidden by their own markup (as
    :func:`visible_blocks` gives them, blocks of other products included: see
    :func:`hidden_or_other`), found without reading the rest of the page."""
    out: list[tuple[El, str]] = []
    seen = 0
    styled = hider(title)
    node: El | None = title
    while node is not None and len(out) < n and seen < limit:
        stack = [node.getnext()] if node.getnext() is not None else []
        while stack and len(out) < n and seen < limit:
            el = stack.pop()
            seen += 1
            after = el.getnext()
            if after is not None:
                stack.append(after)
            if not isinstance(el.tag, str) or el.tag in SKIP or hidden_by_markup(el) or styled(el):
                continue
            parts = [t for t in [el.text, *(c.tail for c in el)] if t and not t.isspace()]
            if parts:
                out.append((el, " ".join(t.strip() for t in parts)))
            if len(el):
                stack.append(el[0])
        node = node.getparent()
    return out


def title_index(blocks: list[tuple[El, str]]) -> int:
    """Index of the block that is the product's title (0 when there is none)."""
    at = title_at(blocks)
    return 0 if at is None else at


def title_at(blocks: list[tuple[El, str]]) -> int | None:
    """Index of the first block in the product's ``h1``; on a page without one, of the
    block that names the product the way the page's ``<title>`` does."""
    for i, (el, _) in enumerate(blocks):
        h1 = el if el.tag == "h1" else next((a for a in ancestors(el, 4) if a.tag == "h1"), None)
        if h1 is not None:
            root = el.getroottree().getroot()
            if begins_like(h1, _document_title(root)[1]):
                return i  # the usual case: the first h1 shown is the product's
            title = title_element(root)
            if title is None:
                return i
            if el is title or any(a is title for a in ancestors(el, 4)):
                return _named_besides(blocks, i, title, root)
            # (session 15) a later h1 is the product's: its first block, if it shows one
            return next((j for j in range(i + 1, len(blocks)) if blocks[j][0] is title
                         or any(a is title for a in ancestors(blocks[j][0], 4))), i)
    return _named_in_title(blocks)


def _named_besides(blocks: list[tuple[El, str]], i: int, h1: El, root: El) -> int:
    """(session 18) Where the title is on a page whose shown ``h1``s do not name the
    product (``h1``, at ``blocks[i]``, is the first) — the only one is a logo's or the
    shop's name, the product named in a ``div`` or an ``h2`` after it: the text after it,
    outside ``h1``s, that the document title names (:func:`_named_in_title`), when the
    ``h1`` names nothing of the title, or is a whole piece of it at its edge (maybe the
    shop's name) and a link (a logo leads home; a product's title on its own page leads
    nowhere), and does not hold that text itself; else the ``h1``."""
    if not logo_h1(h1, root):
        return i
    named = _named_in_title(blocks[i + 1:], outside_h1=True)
    if named is None:
        return i
    text = " ".join(blocks[i + 1 + named][1].split()).casefold()
    # not when the h1 holds that text ("Сумка-кенгуру BabyBjorn One" and "BabyBjorn One")
    return i if text in " ".join(shown_text(h1).split()).casefold() else i + 1 + named


def logo_h1(h1: El, root: El) -> bool:
    """Whether ``h1`` names something else than the product (:func:`_named_besides`): it
    names nothing of the document title, or is the shop's name in it as a link."""
    said = naming(h1, _document_title(root)[1])
    return said == "nothing" or (said == "piece" and any(a.get("href") for a in h1.iter("a")))


def _document_title(root: El) -> tuple[str, list[str]]:
    """The document ``<title>`` (spaces collapsed) and where its parts begin: the whole,
    then after each " | ", " - ", ": " … (at most three parts: "Shop | Product - Category")."""
    head = root.find("head")
    title = head.find("title") if head is not None else None
    text = " ".join(text_of(title).split()) if title is not None else ""
    return text, [text, *(text[m.end():] for m in TITLE_SEPARATOR.finditer(text))][:3]


def _begins(parts: list[str], said: str) -> bool:
    return any(part.startswith(said) for part in parts)


def _named_in_title(blocks: list[tuple[El, str]], outside_h1: bool = False) -> int | None:
    """The longest visible text (not a link's: a trail's or another product's) that the
    document's ``<title>`` holds — "Flat boots with track soles" in "Flat boots with track
    soles | Zara Belgium" — when it is at least 8 characters and a third of the title, or
    begins it or one of its parts (a classified ad's "Fernbedienung TV" in "Fernbedienung
    TV in Feldkirch - TV, Projektoren - Kleinanzeigen bei …", or after "Kleinanzeigen - ")."""
    if not blocks:
        return None
    whole, parts = _document_title(blocks[0][0].getroottree().getroot())
    named, parts = whole.casefold(), [part.casefold() for part in parts]
    least, best, at = max(8, len(named) // 3), 0, None
    for i, (el, text) in enumerate(blocks):
        if len(text) <= len(named) and len(text) >= 8 and el.tag != "a":
            said = " ".join(text.split()).casefold()
            if said not in named:
                continue
            if best < len(text) and (len(text) >= least or _begins(parts, said)) \
                    and not any(a.tag == "a" for a in ancestors(el, 3)) \
                    and not (outside_h1 and (el.tag == "h1" or any(a.tag == "h1" for a in ancestors(el, 4)))):
                best, at = len(text), i
    return at


def named_by_title(root: El, alone: bool = False) -> El | None:
    """On a page without an ``h1``: the element whose own text begins the document's
    ``<title>`` or one of its parts (at least 8 characters, not a link's: a classified ad's
    "Indesit Washing Machine 6kg" in "Indesit Washing Machine 6kg - appliances - by owner")
    — with its parent, when that only adds a little beside it (the ad's price and place;
    not when ``alone``: the product's name, session 18).
    Found by one XPath search for the parts' first long words, not a walk in Python."""
    text, parts = _document_title(root)
    if len(text) < 8:
        return None
    words = [next((w for w in part.split()[:4] if len(w) >= 4), part.split()[0]) for part in parts if part]
    words += words[-1:] * (3 - len(words))
    best: El | None = None
    size = 0
    folded = [part.casefold() for part in parts]
    for el in _holding_words()(root, a=words[0], b=words[1], c=words[2])[:50]:
        said = " ".join((el.text or "").split()).casefold()
        if size < len(said) and len(said) >= 8 and _begins(folded, said) and el.tag != "a" \
                and not any(a.tag == "a" for a in ancestors(el, 3)) and not hidden(el):
            best, size = el, len(said)
    if best is None or alone:
        return best
    parent = best.getparent()
    if parent is not None and parent.tag not in ("body", "html") \
            and len(" ".join(text_of(parent).split())) <= size + 30:
        return parent
    return best


@functools.cache
def _holding_words() -> etree.XPath:
    """The body's elements whose first own text holds one of three words (compiled on first
    use: most pages have an h1 or a shop signal)."""
    return etree.XPath("//body//*[contains(text(), $a) or contains(text(), $b) or contains(text(), $c)]")
