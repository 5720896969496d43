"""``tabmate extract FILE… [--url URL] [--budget TOKENS]`` — one JSON line per file.

Prints the page context the agent would inject, in the shape CONTRACT.md fixes.
``.html.gz`` files are decompressed; PDF files (found by their ``%PDF`` header) give their
text page by page (native_host/documents); bytes are decoded like a browser would (BOM, UTF-8,
declared charset, cp1252).  A file that cannot be read gives an ``error`` line and exit 1.
"""

from __future__ import annotations

import argparse
import gzip
import json
from pathlib import Path


def _read(path: Path) -> str:
    from native_host.page.parse import decode

    data = path.read_bytes()
    if path.name.endswith(".gz") or data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return decode(data)


def read_snapshot(path: Path, url: str, title: str = ""):  # type: ignore[no-untyped-def]
    """A saved page (.html, .html.gz) or a PDF file as the PageSnapshot a tab would send."""
    import base64

    from native_host.documents.pdf import MAX_BYTES, is_pdf
    from native_host.protocol import PageSnapshot

    with path.open("rb") as f:
        head = f.read(1024)
        if is_pdf(head):
            size = path.stat().st_size
            if size > MAX_BYTES:
                raise OSError(f"the PDF is {size / 2**20:.0f} MB; Tabmate reads PDFs up to {MAX_BYTES // 2**20} MB")
            data = head + f.read()
            return PageSnapshot(url=url, title=title or path.name, content_type="application/pdf",
                                pdf=base64.b64encode(data).decode("ascii"))
    return PageSnapshot(url=url, title=title, html=_read(path))


def record(file: str, ctx) -> dict:  # type: ignore[no-untyped-def]
    """The CONTRACT.md line for one page context."""
    return {
        "file": file,
        "url": ctx.url,
        "title": ctx.title,
        "lang": ctx.lang,
        "description": ctx.description,
        "published": ctx.published,
        "main_text": ctx.main_text,
        "product": ctx.product.model_dump(mode="json") if ctx.product is not None else None,
        "interactive": [i.model_dump(mode="json") for i in ctx.interactive],
        "tokens": ctx.tokens,
        "truncated": ctx.truncated,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tabmate extract",
                                     description="Print the page context the agent would inject.")
    parser.add_argument("files", nargs="+", metavar="FILE", help=".html, .html.gz or .pdf")
    parser.add_argument("--url", default="", help="the page's URL (default: file:// of the file)")
    parser.add_argument("--budget", type=int, default=6000, metavar="TOKENS",
                        help="token budget for the context (default 6000)")
    args = parser.parse_args(argv)
    if args.budget < 0:
        parser.error("--budget must be 0 or more")

    from native_host.documents.context import snapshot_context

    status = 0
    for name in args.files:
        path = Path(name)
        try:
            snapshot = read_snapshot(path, args.url or path.absolute().as_uri())
        except (OSError, EOFError, gzip.BadGzipFile) as e:
            print(json.dumps({"file": name, "error": f"cannot read {name}: {e}"}, ensure_ascii=False))
            status = 1
            continue
        ctx = snapshot_context(snapshot, args.budget)
        print(json.dumps(record(name, ctx), ensure_ascii=False), flush=True)
    return status
