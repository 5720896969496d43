"""How a block of a page reads, for main-content scoring and cleaning.

Text length (whitespace-collapsed), link density (share of the text inside links) and
the class/id weight ("article", "content" score up; "sidebar", "comment" score down).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lxml import etree

from native_host.page.parse import text_of

El = etree._Element
_SAME_PAGE_LINKS = etree.XPath('.//a[starts-with(@href, "#")]')

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


@dataclass
class Flags:
    """How strict a pass is; each retry turns one more of these off."""

    strip_unlikely: bool = True
    weight_classes: bool = True
    clean_conditionally: bool = True


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
    same_page = set(_SAME_PAGE_LINKS(el))  # found by libxml2: no href read per link
    links = 0.0
    for a in el.iter("a"):
        # a link without child elements is its own text (cheaper than serialising it)
        n = norm_len(a.text or "") if len(a) == 0 else text_len(a)
        if n and same_page and a in same_page:
            n *= 0.3
        links += n
    return links / length


def class_weight(el: El, flags: Flags) -> int:
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
