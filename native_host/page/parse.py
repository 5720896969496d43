"""Bytes or text → an lxml tree, whatever the page throws at us.

Handles byte-order marks, declared and wrong charsets, NUL bytes, XML declarations,
documents without ``<html>``/``<body>``, empty input and very deep nesting
(``huge_tree`` lifts libxml2's 256-level limit).  Never raises: the worst case is an
empty ``<html><body/></html>``.
"""

from __future__ import annotations

import codecs
import re

from lxml import etree

from native_host.page.lazyre import Lazy

_META_CHARSET = Lazy(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_\-:.]+)""", re.IGNORECASE
)
_XML_ENCODING = Lazy(rb"""^<\?xml[^>]+encoding\s*=\s*["']([a-zA-Z0-9_\-.]+)""")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def declared_charset(data: bytes) -> str | None:
    """The charset the page names in its first few KB (meta or XML declaration), if valid."""
    head = data[:8192]
    m = _META_CHARSET.search(head) or _XML_ENCODING.search(head)
    if not m:
        return None
    name = m.group(1).decode("ascii", "ignore").lower()
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def decode(data: bytes) -> str:
    """Decode page bytes: BOM, then strict UTF-8, then the declared charset, then cp1252.

    Strict UTF-8 goes before the declared charset because a page that decodes as valid
    UTF-8 almost always is UTF-8, whatever its (often copy-pasted) meta tag says.
    """
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(enc, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    declared = declared_charset(data)
    if declared and declared not in ("utf-8", "utf-16", "utf-32"):
        try:
            return data.decode(declared)
        except (UnicodeDecodeError, LookupError):
            return data.decode(declared, errors="replace")
    return data.decode("cp1252", errors="replace")


_BLOCKISH = Lazy(
    rb"<(?:div|section|article|main|center|blockquote|li|dd|td|th)\b[^>]*>", re.IGNORECASE
)
_WRAPPERS = Lazy(
    rb"</(?:div|section|article|main|center|blockquote|li|dd|td|th)\s*>|"
    rb"</?(?:span|font|b|i|em|strong|u|small|big|label|ul|ol|dl|table|tbody|tr|a)\b[^>]*>",
    re.IGNORECASE,
)
_ANY_TAG = Lazy(rb"<(?!/?(?:p|br|title|head|meta|script|style)\b)[^>]*>", re.IGNORECASE)


def _parser() -> etree.HTMLParser:
    return etree.HTMLParser(
        encoding="utf-8",
        huge_tree=True,
        remove_comments=True,
        remove_pis=True,
        recover=True,
        no_network=True,
        default_doctype=False,
        collect_ids=False,  # (no lookups by id: libxml2 need not index them)
    )


def _parse_bytes(data: bytes) -> etree._Element | None:
    """Parse; if libxml2 gave up on excessive nesting, flatten the nesting and parse again."""
    for attempt in range(3):
        parser = _parser()
        try:
            root = etree.fromstring(data, parser=parser)
        except (etree.ParserError, etree.XMLSyntaxError, ValueError):
            return None
        if root is None:
            return None
        if not any("Excessive depth" in e.message for e in parser.error_log):
            return root
        # Too deep for libxml2 (it silently drops the rest): keep the text, lose the nesting.
        if attempt == 0:
            data = _WRAPPERS.sub(b" ", _BLOCKISH.sub(b"<p>", data))
        else:
            data = _ANY_TAG.sub(b" ", data)
    return root


def _empty() -> etree._Element:
    return etree.fromstring(b"<html><body></body></html>", parser=_parser())


# inline styles that hide an element: display/visibility, and the prompt-injection favourites
# font-size 0, clipped to nothing, pushed far off-screen (not opacity: reveal-on-scroll pages
# start their content at opacity 0)
HIDDEN_STYLE = Lazy(
    r"display\s*:\s*none|visibility\s*:\s*hidden"
    r"|(?<![\w-])font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:;|!|$)"
    r"|(?<![\w-])clip\s*:\s*rect\(\s*0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?\s*\)"
    r"|(?<![\w-])(?:left|top|text-indent|margin-left)\s*:\s*-\d{4,}", re.I)
HIDDEN_MARK = "data-tabmate-hidden"  # set by the extension on text a person cannot see (content.js)


def drop_hidden_text(root: etree._Element) -> int:
    """Remove the own text of elements the browser found invisible (``HIDDEN_MARK``); returns how many."""
    marked = root.xpath(f"//*[@{HIDDEN_MARK}]")
    for el in marked:
        el.text = None
        for child in el:
            child.tail = None
    return len(marked)


def hidden_by_markup(el: etree._Element) -> bool:
    """The element itself carries ``hidden`` or an inline style that hides it."""
    return el.get("hidden") is not None or bool(HIDDEN_STYLE.search(el.get("style") or ""))


def text_of(el: etree._Element) -> str:
    """All text inside ``el`` (not its tail), fast."""
    return etree.tostring(el, method="text", encoding=str, with_tail=False)


def parse(source: str | bytes | None) -> etree._Element:
    """Parse HTML into a (plain ``lxml.etree``) tree whose root is ``<html>`` with a ``<body>``; never raises."""
    if source is None:
        source = ""
    text = decode(source) if isinstance(source, bytes) else source
    data = text.encode("utf-8", errors="replace")
    if b"\x00" in data:  # (only U+0000 encodes to a zero byte; bytes are searched faster)
        data = data.replace(b"\x00", b"")
    root: etree._Element | None = None
    if data and not data.isspace():  # (not strip(): that copies the page)
        root = _parse_bytes(data)
    if root is None or not isinstance(root.tag, str):
        root = _empty()
    if root.tag != "html":  # a fragment lxml could not wrap: put it in a document
        wrapper = _empty()
        wrapper.find("body").append(root)
        root = wrapper
    if root.find("body") is None:
        body = etree.SubElement(root, "body")
        # some parsers leave content directly under <html>: move it into the new body
        for child in list(root):
            if child.tag not in ("head", "body"):
                body.append(child)
    _body_out_of_head(root)
    if HIDDEN_MARK.encode() in data:
        drop_hidden_text(root)
    return root


# what a document's head holds; anything else starts the body (HTML's "in head" mode)
_HEAD_TAGS = frozenset(("title", "meta", "link", "style", "script", "base", "noscript", "template"))


def _body_out_of_head(root: etree._Element) -> None:
    """Move what libxml2 left in ``<head>`` into the body, as a browser does.

    libxml2's HTML 4 parser does not know ``<article>``, ``<main>``, ``<section>``… and, in a
    page that leaves out ``<body>`` (HTML allows it), keeps them in the head with everything
    after them: the page then reads as empty.  From the head's first element that a head
    cannot hold on, its content goes to the start of the body, in order."""
    head = root.find("head")
    body = root.find("body")
    if head is None or body is None:
        return
    first = next((c for c in head if isinstance(c.tag, str) and c.tag not in _HEAD_TAGS), None)
    if first is None:
        return
    moved = [first, *first.itersiblings()]
    for at, node in enumerate(moved):
        body.insert(at, node)


def text_to_html(text: str) -> str:
    """Wrap plain text (a snapshot without HTML) into paragraphs, one per blank-line block."""
    from html import escape

    paras = [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]
    body = "".join(f"<p>{escape(p)}</p>" for p in paras)
    return f"<html><body>{body}</body></html>"
