"""PDF bytes → text, page by page, within stated limits.

The library is pypdf (BSD-3-Clause, pure Python): on the PDFs in bench/bench_pdf.py it reads
text as completely as pdfminer.six at about twice the speed, and its page-at-a-time API lets
us stop between pages.  Limits keep a huge document from stalling the host:

- at most :data:`MAX_BYTES` of PDF are opened (larger: a clear error, nothing read);
- at most :data:`MAX_PAGES` pages are read, and reading stops after :data:`MAX_SECONDS`
  (a 50 MB scan or a 2,000-page manual gives its first pages and says where it stopped);
- at most :data:`MAX_CHARS` characters of text are kept.

Never raises for a bad document: :attr:`PdfText.problem` says what went wrong.
"""

from __future__ import annotations

import io
import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

MAX_BYTES = 64 * 1024 * 1024
MAX_PAGES = 300
MAX_SECONDS = 15.0
MAX_CHARS = 2_000_000
MIN_PAGE_CHARS = 8  # a page with less (a page number at most) has no real text: an image of a page


@dataclass
class PdfText:
    pages: list[str] = field(default_factory=list)  # text of pages 1..len(pages)
    page_count: int = 0  # pages in the document
    title: str = ""
    stopped: str | None = None  # why reading stopped before the last page
    problem: str | None = None  # the document could not be read at all

    @property
    def chars(self) -> int:
        return sum(len(p) for p in self.pages)

    @property
    def scanned(self) -> bool:
        """True when no page read carries real text: images of pages, as a scanner makes them."""
        return self.problem is None and bool(self.pages) and all(
            len("".join(p.split())) < MIN_PAGE_CHARS for p in self.pages)


def is_pdf(data: bytes) -> bool:
    return data[:1024].lstrip().startswith(b"%PDF-") or b"%PDF-" in data[:1024]


_SPACES = re.compile(r"[ \t\u00a0]+")
_BLANKS = re.compile(r"\n\s*\n\s*")


def _tidy(text: str) -> str:
    text = text.replace("\x00", "").replace("\r\n", "\n").replace("\r", "\n")
    lines = [_SPACES.sub(" ", line).strip() for line in text.split("\n")]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()


def read_pdf(data: bytes, *, max_pages: int = MAX_PAGES, max_seconds: float = MAX_SECONDS,
             max_chars: int = MAX_CHARS) -> PdfText:
    """The text of the first pages of ``data`` (a PDF), within the limits above."""
    out = PdfText()
    if len(data) > MAX_BYTES:
        out.problem = (f"the PDF is {len(data) / 2**20:.0f} MB; Tabmate reads PDFs up to "
                       f"{MAX_BYTES // 2**20} MB")
        return out
    if not is_pdf(data):
        out.problem = "the file is not a PDF (no %PDF header)"
        return out
    import logging  # (here with pypdf: a page's `tabmate extract` needs neither)

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # pypdf warns on stderr about odd files

    started = time.monotonic()
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted and not _unlock(reader):
            out.problem = "the PDF is password-protected; open it in the browser with its password and save an unprotected copy"
            return out
        out.page_count = len(reader.pages)
        meta_title = (reader.metadata or {}).get("/Title") if reader.metadata else None
        out.title = " ".join(str(meta_title).split())[:300] if meta_title else ""
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, RecursionError, OSError) as e:
        out.problem = f"the PDF could not be read ({type(e).__name__}: {str(e)[:120]})"
        return out
    total = 0
    for number in range(out.page_count):
        if number >= max_pages:
            out.stopped = f"only the first {max_pages} of {out.page_count} pages are read"
            break
        if time.monotonic() - started > max_seconds:
            out.stopped = f"reading stopped after {max_seconds:g} s at page {number} of {out.page_count}"
            break
        if total > max_chars:
            out.stopped = f"reading stopped at page {number} of {out.page_count}: {max_chars:,} characters is the most kept"
            break
        try:
            text = _tidy(reader.pages[number].extract_text() or "")
        except Exception:  # one broken page must not lose the others  # noqa: BLE001
            text = ""
        out.pages.append(text)
        total += len(text)
    return out


def _unlock(reader: object) -> bool:
    """Many PDFs are encrypted with an empty user password (print/copy restrictions only)."""
    try:
        return bool(reader.decrypt(""))  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001  (no AES support installed, or a real password)
        return False


# ------------------------------------------------------------------ a small cache
_cache: OrderedDict[str, PdfText] = OrderedDict()
_lock = threading.Lock()


def read_pdf_cached(data: bytes) -> PdfText:
    """:func:`read_pdf`, remembering the last few documents (a follow-up question on the
    same PDF tab does not parse it again)."""
    import hashlib  # (here: its import is 4 ms of every `tabmate extract`, which reads HTML mostly)

    key = hashlib.sha256(data).hexdigest()
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    result = read_pdf(data)
    with _lock:
        _cache[key] = result
        while len(_cache) > 4:
            _cache.popitem(last=False)
    return result
