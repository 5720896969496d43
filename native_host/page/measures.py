"""How a block of a page reads, for main-content scoring and cleaning.

Text length (whitespace-collapsed), link density (share of the text inside links) and
the class/id weight ("article", "content" score up; "sidebar", "comment" score down).
"""

from __future__ import annotations

from functools import lru_cache
from dataclasses import dataclass, field

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import text_of

El = etree._Element

# the mark of a paragraph :func:`cleaning.prepare` made from text standing straight in a box
# beside its blocks: it scores like any paragraph, but is no standfirst (a lead is set apart
# as a paragraph of its own; loose text above the body is a box's blurb)
LOOSE_RUN = "data-loose-run"
# a text that ends as a sentence does: an end stop, then closing quotes or brackets
SENTENCE_END = Lazy(r"[.!?。！？…][\"'”»“」)]*$")
# names of a block above the article that is no standfirst: its byline, date, a caption, a menu
NOT_LEAD = Lazy(r"byline|author|date|time|meta|credit|caption|menu|affiliate|disclos|"
                r"(?:^|[ _-])nav(?:$|[ _-])")

# lowercase patterns matched against lowercased values (several times faster than IGNORECASE)
_NEGATIVE = Lazy(
    r"-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|"
    r"masthead|media|meta|outbrain|promo|related|scroll|share|shoutbox|sidebar|skyscraper|"
    r"sponsor|shopping|tags|widget|cookie|newsletter|author-(?:bio|box|info|description)|about-(?:the-)?author",
)
_POSITIVE = Lazy(
    r"article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story",
)


@dataclass
class Flags:
    """How strict a pass is; each retry turns one more of these off."""

    strip_unlikely: bool = True
    weight_classes: bool = True
    clean_conditionally: bool = True
    # the last resort: read <noscript> fallbacks too (pages whose text is rendered by
    # script keep the whole article there)
    noscript: bool = False
    # the strict settings above that changed something in the pass run with them; a retry
    # that turns off only settings not named here would give the same text again
    mattered: set[str] = field(default_factory=set)


def class_and_id(el: El) -> str:
    return f"{el.get('class', '')} {el.get('id', '')}"


def norm_len(raw: str) -> int:
    """``len(" ".join(raw.split()))`` without building the string when nothing collapses."""
    if raw.isprintable() and "  " not in raw and raw[:1] != " " and raw[-1:] != " ":
        return len(raw)
    if len(raw) > 1_000_000:  # a huge subtree: extrapolate from its first megabyte
        sample = raw[:1_000_000]
        return round(len(" ".join(sample.split())) * len(raw) / len(sample))
    return len(" ".join(raw.split()))


def text_len(el: El) -> int:
    return norm_len(text_of(el))


def link_density(el: El, length: int | None = None) -> float:
    """Share of ``el``'s text inside links (same-page ``#`` links count 0.3)."""
    length = text_len(el) if length is None else length
    if not length:
        return 0.0
    texts: list[str] = []
    same_page: set[int] = set()  # positions of the "#" links
    for a in el.iter("a"):
        if (a.get("href") or "").startswith("#"):
            same_page.add(len(texts))
        # a link without child elements is its own text (cheaper than serialising it)
        texts.append(a.text or "" if len(a) == 0 else text_of(a))
    if not same_page:
        return _total_norm_len(texts) / length
    links = 0.0
    for i, text in enumerate(texts):
        n = norm_len(text)
        links += n * 0.3 if i in same_page else n
    return links / length


def _total_norm_len(texts: list[str]) -> int:
    """``sum(map(norm_len, texts))``, checked on one joined string when that shows no
    whitespace to collapse (on a huge page, one check instead of one per link)."""
    joined = "|".join(texts)
    if (joined.isprintable() and "  " not in joined and " |" not in joined
            and "| " not in joined and joined[:1] != " " and joined[-1:] != " "):
        return len(joined) - max(len(texts) - 1, 0)
    return sum(map(norm_len, texts))


def class_weight(el: El, flags: Flags) -> int:
    if not flags.weight_classes:
        return 0
    weight = 0
    for value in (el.get("class"), el.get("id")):
        if value:
            weight += _value_weight(value)
    if weight:
        flags.mattered.add("weight_classes")
    return weight


@lru_cache(maxsize=8192)
def _value_weight(value: str) -> int:
    """One class or id value's weight (read once per distinct value)."""
    value = value.lower()
    return (-25 if _NEGATIVE.search(value) else 0) + (25 if _POSITIVE.search(value) else 0)


def wraps_one(el: El) -> bool:
    """Whether ``el`` holds one element and no text of its own: a wrapper of that element."""
    return len(el) == 1 and not (el.text or "").strip() and not (el[0].tail or "").strip()


_TEXT_BLOCKS = frozenset(("p", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"))


def wraps_a_block(el: El) -> bool:
    """Whether the div ``el`` only wraps one paragraph, subheading or quote (through up to
    three more wrappers of one element): a component's box, judged as its block would be."""
    return wrapped_block(el) is not None


def wrapped_block(el: El) -> El | None:
    """The paragraph, subheading or quote that the div ``el`` only wraps (through up to three
    more wrappers of one element), or None."""
    node = el
    for _ in range(4):
        if node.tag != "div" or not wraps_one(node):
            return None
        node = node[0]
        if node.tag in _TEXT_BLOCKS:
            return node
    return None
