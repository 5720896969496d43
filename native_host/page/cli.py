"""``tabmate extract FILE… [--url URL] [--budget TOKENS]`` — one JSON line per file.

Prints the page context the agent would inject, in the shape CONTRACT.md fixes.
``.html.gz`` files are decompressed; bytes are decoded like a browser would (BOM, UTF-8,
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


def record(file: str, ctx) -> dict:  # type: ignore[no-untyped-def]
    """The CONTRACT.md line for one page context."""
    return {
        "file": file,
        "url": ctx.url,
        "title": ctx.title,
        "lang": ctx.lang,
        "description": ctx.description,
        "main_text": ctx.main_text,
        "product": ctx.product.model_dump(mode="json") if ctx.product is not None else None,
        "interactive": [i.model_dump(mode="json") for i in ctx.interactive],
        "tokens": ctx.tokens,
        "truncated": ctx.truncated,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tabmate extract",
                                     description="Print the page context the agent would inject.")
    parser.add_argument("files", nargs="+", metavar="FILE", help=".html or .html.gz")
    parser.add_argument("--url", default="", help="the page's URL (default: file:// of the file)")
    parser.add_argument("--budget", type=int, default=6000, metavar="TOKENS",
                        help="token budget for the context (default 6000)")
    args = parser.parse_args(argv)
    if args.budget < 0:
        parser.error("--budget must be 0 or more")

    from native_host.page.context import build_context
    from native_host.protocol import PageSnapshot

    status = 0
    for name in args.files:
        path = Path(name)
        try:
            markup = _read(path)
        except (OSError, EOFError, gzip.BadGzipFile) as e:
            print(json.dumps({"file": name, "error": f"cannot read {name}: {e}"}, ensure_ascii=False))
            status = 1
            continue
        url = args.url or path.absolute().as_uri()
        ctx = build_context(PageSnapshot(url=url, title="", html=markup), args.budget)
        print(json.dumps(record(name, ctx), ensure_ascii=False), flush=True)
    return status
