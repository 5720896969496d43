"""An HTML subtree → compact markdown-like text, without recursion.

Headings become ``#`` lines, list items ``-``/``1.``, tables ``| a | b |`` rows, ``<pre>``
a fenced block, blockquotes ``>``; links keep only their text.  Blocks are separated by
blank lines, so the budget can cut between paragraphs.
"""

from __future__ import annotations

import unicodedata

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import text_of

BLOCK_TAGS = frozenset(
    "address article aside blockquote body center dd details dialog dir div dl dt fieldset "
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p "
    "pre section summary table tbody thead tfoot tr td th caption ul".split()
)
# rt/rp: a ruby annotation's reading (furigana), printed above the text it reads, not in it
_SKIP = frozenset("script style noscript template svg canvas head title iframe object embed "
                  "select option button input textarea map area rt rp".split())
_SPACE = Lazy(r"[ \t\r\n\f\v\u00a0\u200b]+")
_WORD = Lazy(r"\w")
_HEADINGS = {"h1": "# ", "h2": "## ", "h3": "### ", "h4": "#### ", "h5": "##### ", "h6": "###### "}


class _Writer:
    def __init__(self) -> None:
        self.blocks: list[str] = []
        self.buf: list[str] = []
        self.prefix_stack: list[str] = []  # markers of open li / headings / quotes
        self.marker_used: list[bool] = []
        self.pre = 0

    def text(self, s: str | None) -> None:
        if not s:
            return
        if self.pre or (s.isprintable() and "  " not in s):  # (nothing to collapse: no regex)
            self.buf.append(s)
        else:
            self.buf.append(_SPACE.sub(" ", s))

    def flush(self) -> None:
        raw = "".join(self.buf)
        self.buf = []
        if self.pre:
            body = raw.strip("\n")
            if body.strip():
                self.blocks.append(f"```\n{body}\n```")
            return
        if "\n" in raw:
            text = "\n".join(ln for ln in (line.strip() for line in raw.split("\n")) if ln)
        else:  # (most blocks: one line)
            text = raw.strip()
        if not _WORD.search(text):
            return
        quote = "> " * sum(1 for p in self.prefix_stack if p == "> ")
        marker = ""
        for i in range(len(self.prefix_stack) - 1, -1, -1):
            p = self.prefix_stack[i]
            if p != "> ":
                marker = p if not self.marker_used[i] else " " * len(p)
                self.marker_used[i] = True
                break
        self.blocks.append(quote + marker + text)


def render(root: etree._Element, max_chars: int | None = None) -> str:
    """Render ``root``'s content; the result has no leading/trailing blank lines.

    With ``max_chars``, stop once about that much text is out (huge pages, small budgets)."""
    w = _Writer()
    out_chars = 0
    checked_blocks = 0
    list_counters: list[int] = []
    cell_rows: list[bool] = []  # per open <tr>: render cells inline ("| a | b |")
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    while stack:
        el, closing = stack.pop()
        tag = el.tag if isinstance(el.tag, str) else ""
        if closing:
            _close(el, tag, w, list_counters, cell_rows)
            if el is not root:
                w.text(el.tail)
            continue
        if not tag or tag in _SKIP:
            if el is not root:
                w.text(el.tail)
            continue
        if max_chars is not None and len(w.blocks) != checked_blocks:
            out_chars += sum(len(b) for b in w.blocks[checked_blocks:])
            checked_blocks = len(w.blocks)
            if out_chars > max_chars:
                break
        _open(el, tag, w, list_counters, cell_rows)
        w.text(el.text)
        stack.append((el, True))
        stack.extend((child, False) for child in reversed(el))
    w.flush()
    text = "\n\n".join(w.blocks)
    # one spelling per character (composed, NFC): the page may write "য়" as one code point
    # or as two, which look the same to the reader but not to a search or a model
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def _open(el: etree._Element, tag: str, w: _Writer, counters: list[int], rows: list[bool]) -> None:
    if tag == "br":
        w.buf.append("\n")
        return
    if tag in ("td", "th") and rows and rows[-1]:
        w.buf.append(" | ")
        return
    if tag in BLOCK_TAGS or tag == "br":
        w.flush()
    if tag == "hr":
        return
    if tag in _HEADINGS:
        w.prefix_stack.append(_HEADINGS[tag])
        w.marker_used.append(False)
    elif tag in ("ul", "ol", "menu", "dir"):
        counters.append(0 if tag == "ol" else -1)
    elif tag == "li":
        indent = "  " * max(0, len(counters) - 1)
        if counters and counters[-1] >= 0:
            counters[-1] += 1
            marker = f"{indent}{counters[-1]}. "
        else:
            marker = f"{indent}- "
        w.prefix_stack.append(marker)
        w.marker_used.append(False)
    elif tag == "blockquote":
        w.prefix_stack.append("> ")
        w.marker_used.append(False)
    elif tag == "pre":
        w.pre += 1
    elif tag == "tr":
        inline = not any(isinstance(c.tag, str) and c.tag in BLOCK_TAGS
                         for cell in el for c in cell.iter() if c is not cell)
        rows.append(inline)
        if inline:
            w.buf.append("|")


def _close(el: etree._Element, tag: str, w: _Writer, counters: list[int], rows: list[bool]) -> None:
    if tag in ("td", "th") and rows and rows[-1]:
        return
    if tag == "tr":
        if rows and rows.pop() and w.buf:
            w.buf.append(" |")
        w.flush()
        return
    if tag in BLOCK_TAGS:
        w.flush()
    if tag in _HEADINGS or tag in ("li", "blockquote"):
        if w.prefix_stack:
            w.prefix_stack.pop()
            w.marker_used.pop()
    elif tag in ("ul", "ol", "menu", "dir"):
        if counters:
            counters.pop()
    elif tag == "pre":
        w.pre = max(0, w.pre - 1)


def shown_text(el: etree._Element) -> str:
    """``el``'s text as a reader sees it on one line: what :func:`parse.text_of` gives, but
    with a space where a block (``div``, ``p``, ``li`` … or a ``br``) begins or ends — a title
    drawn in two boxes, "VADHOLMA" · "Rack for kitchen island, black", reads "VADHOLMA Rack
    for kitchen island, black", not "VADHOLMARack …"; inline pieces ("12" · ",99") stay together."""
    if not any(isinstance(node.tag, str) and (node.tag in BLOCK_TAGS or node.tag == "br")
               for node in el.iterdescendants()):
        return text_of(el)
    parts: list[str] = []
    for event, node in etree.iterwalk(el, events=("start", "end")):
        element = isinstance(node.tag, str)
        block = node is not el and element and (node.tag in BLOCK_TAGS or node.tag == "br")
        if event == "start":
            if block:
                parts.append(" ")
            if element and node.text:
                parts.append(node.text)
        else:
            if block:
                parts.append(" ")
            if node is not el and node.tail:
                parts.append(node.tail)
    return "".join(parts)
