"""A PDF or a video transcript as a :class:`~native_host.page.context.PageContext`.

PDF text goes page by page under ``[Page N]`` headings the model can cite; what does not fit
the token budget is named (which pages were left out), never silently dropped.  A PDF without
a text layer (a scan) gives a plain sentence saying so instead of an empty page.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import TYPE_CHECKING

from native_host.documents.pdf import PdfText, read_pdf_cached
from native_host.page import budget as B
from native_host.page.context import PageContext

if TYPE_CHECKING:  # (a type only: `tabmate extract` runs without the protocol's models)
    from native_host.protocol import PageSnapshot

PDF_TYPES = ("application/pdf", "application/x-pdf")


def snapshot_context(snapshot: PageSnapshot, budget_tokens: int, question: str = "") -> PageContext:
    """Any tab's context: a PDF through this module, everything else through ``page/``."""
    from native_host.page.context import build_context

    if is_pdf_snapshot(snapshot):
        return pdf_context(snapshot, budget_tokens, question)
    return build_context(snapshot, budget_tokens=budget_tokens)


def chip(snapshot: PageSnapshot | None) -> str | None:
    """What the sidebar shows on the message for a PDF: "PDF · 12 pages" (None for other pages)."""
    if snapshot is None or not is_pdf_snapshot(snapshot):
        return None
    data = pdf_bytes(snapshot)
    doc = read_pdf_cached(data) if data is not None else None
    if doc is None or doc.problem:
        return "PDF · unreadable"
    return f"PDF · {_pages(doc.page_count)}" + (" · no text" if doc.scanned else "")


def is_pdf_snapshot(snapshot: PageSnapshot) -> bool:
    return bool(snapshot.pdf) or (snapshot.content_type or "").split(";")[0].strip().lower() in PDF_TYPES


def pdf_bytes(snapshot: PageSnapshot) -> bytes | None:
    if not snapshot.pdf:
        return None
    raw = snapshot.pdf
    if raw.startswith("data:"):
        raw = raw.partition(",")[2]
    try:
        return base64.b64decode(raw, validate=False)
    except (binascii.Error, ValueError):
        return None


def pdf_context(snapshot: PageSnapshot, budget_tokens: int = 6000, question: str = "") -> PageContext:
    """The context for a tab (or file) showing a PDF; pages the ``question`` names come first."""
    ctx = PageContext(url=snapshot.url or "", title=" ".join((snapshot.title or "").split()),
                      lang=snapshot.lang or None)
    data = pdf_bytes(snapshot)
    if data is None:
        ctx.description = "PDF document"
        ctx.main_text = ("(The tab shows a PDF, but its contents did not reach Tabmate — the browser did not let "
                         "the extension read the file. Tell the user to reload the tab, or to download the PDF and "
                         "use `tabmate ask --page FILE.pdf`.)")
        ctx.tokens = B.estimate_tokens(ctx.to_prompt())
        return ctx
    doc = read_pdf_cached(data)
    return pack_pdf(ctx, doc, budget_tokens, pages_named(question, len(doc.pages)))


def pack_pdf(ctx: PageContext, doc: PdfText, budget_tokens: int, first: list[int] | None = None) -> PageContext:
    if doc.title and (not ctx.title or ctx.title.lower().endswith(".pdf")):
        ctx.title = doc.title
    if doc.problem:
        ctx.description = "PDF document (unreadable)"
        ctx.main_text = f"(Tabmate could not read this PDF: {doc.problem}. Tell the user so; do not guess its contents.)"
    elif doc.scanned:
        ctx.description = f"PDF document, {_pages(doc.page_count)}, no text layer"
        ctx.main_text = (f"(This PDF has no text layer: its {_pages(doc.page_count)} are images, as in a scan, so "
                         "Tabmate cannot read its words. Tell the user exactly that instead of summarizing — they can "
                         "run OCR on it, or attach a screenshot of the page for a vision model.)")
    else:
        ctx.description = f"PDF document, {_pages(doc.page_count)}"
        _fit_pages(ctx, doc, budget_tokens, first or [])
    ctx.tokens = B.estimate_tokens(ctx.to_prompt())
    return ctx


def _pages(n: int) -> str:
    return f"{n} page{'s' if n != 1 else ''}"


def _fit_pages(ctx: PageContext, doc: PdfText, budget_tokens: int, first: list[int]) -> None:
    """Whole pages in order — the pages the user named first — until the budget is spent."""
    left = max(0, budget_tokens - B.estimate_tokens(ctx.to_prompt()) - 60)  # 60: headings and the note
    order = [*first, *(n for n in range(1, len(doc.pages) + 1) if n not in first)]
    shown: dict[int, str] = {}
    cut_note = ""
    for number in order:
        text = doc.pages[number - 1]
        block = f"[Page {number}]\n{text or '(no text on this page)'}"
        cost = B.estimate_tokens(block) + 1
        if cost > left:
            part, dropped = B.cut(text, max(0, left - 10))
            if part and dropped and left > 80:
                shown[number] = f"[Page {number}]\n{part}"
                cut_note = f"[… the rest of page {number} ({dropped:,} words) was cut to fit]"
            break
        shown[number] = block
        left -= cost
    missing = [n for n in range(1, len(doc.pages) + 1) if n not in shown]
    notes = [cut_note] if cut_note else []
    if missing:
        rest = sum(B.words(doc.pages[n - 1]) for n in missing)
        notes.append(f"[{_ranges(missing)} ({rest:,} words) left out to fit the context; "
                     "the user can ask about a page by its number]")
    if doc.stopped:
        notes.append(f"[Not read: {doc.stopped}]")
    ctx.truncated = bool(notes)
    ctx.main_text = "\n\n".join([shown[n] for n in sorted(shown)] + notes)


def _ranges(numbers: list[int]) -> str:
    """[3, 4, 5, 9] → "Pages 3–5, 9"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(f"{a}–{b}" if b > a else str(a) for a, b in runs[:8]) + (", …" if len(runs) > 8 else "")
    return ("Page " if len(numbers) == 1 else "Pages ") + text


# ------------------------------------------------------------------ asking about given pages
_PAGE_REF = re.compile(r"\b(?:page|p\.|pg\.?|pages|pp\.)\s*(\d{1,4})(?:\s*(?:-|–|to)\s*(\d{1,4}))?", re.I)


def pages_named(text: str, page_count: int) -> list[int]:
    """Page numbers the user's message names ("page 12", "pp. 3–5"), in order, within the document."""
    found: list[int] = []
    for m in _PAGE_REF.finditer(text or ""):
        a = int(m.group(1))
        b = int(m.group(2) or a)
        for n in range(a, min(b, a + 20) + 1):
            if 1 <= n <= page_count and n not in found:
                found.append(n)
    return found
