"""``tabmate extract FILE… [--url URL] [--budget TOKENS]`` — one JSON line per file.

Prints the page context the agent would inject, in the shape CONTRACT.md fixes.
``.html.gz`` files are decompressed; PDF files (found by their ``%PDF`` header) give their
text page by page (native_host/documents); bytes are decoded like a browser would (BOM, UTF-8,
declared charset, cp1252).  A file that cannot be read gives an ``error`` line and exit 1.

Many files are read on every CPU core at once (``--jobs``), as trafilatura's own command line
does; the lines still come out in the order the files were given.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Iterator

from native_host.page.budget import MAX_PAGE_TOKENS


def _read(path: Path) -> str:
    from native_host.page.parse import decode

    data = path.read_bytes()
    if path.name.endswith(".gz") or data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return decode(data)


@dataclass
class SavedPage:
    """A file as the ``protocol.PageSnapshot`` a tab would send, with the fields pages use.

    Plain, so that a one-page `tabmate extract` does not load pydantic and the protocol's
    models (a third of its start-up); tests check the names match PageSnapshot's."""

    url: str
    title: str = ""
    html: str | None = None
    text: str | None = None
    selection: str | None = None
    lang: str | None = None
    content_type: str | None = None
    pdf: str | None = None
    transcript: str | None = None


def read_snapshot(path: Path, url: str, title: str = "") -> SavedPage:
    """A saved page (.html, .html.gz) or a PDF file as the snapshot a tab would send."""
    import base64

    from native_host.documents.pdf import MAX_BYTES, is_pdf

    with path.open("rb") as f:
        head = f.read(1024)
        if is_pdf(head):
            size = path.stat().st_size
            if size > MAX_BYTES:
                raise OSError(f"the PDF is {size / 2**20:.0f} MB; Tabmate reads PDFs up to {MAX_BYTES // 2**20} MB")
            data = head + f.read()
            return SavedPage(url=url, title=title or path.name, content_type="application/pdf",
                             pdf=base64.b64encode(data).decode("ascii"))
    return SavedPage(url=url, title=title, html=_read(path))


# the fields of a page context that CONTRACT.md's line carries, in its order
RECORD = ("url", "title", "lang", "description", "published", "main_text", "product", "interactive",
          "tokens", "truncated")


def record(file: str, ctx) -> dict:  # type: ignore[no-untyped-def]
    """The CONTRACT.md line for one page context."""
    fields = ctx.as_dict()
    return {"file": file, **{name: fields[name] for name in RECORD}}


def line_for(name: str, url: str, budget: int) -> tuple[str, bool]:
    """The output line for one file, and whether it could be read."""
    from native_host.documents.context import snapshot_context

    path = Path(name)
    try:
        snapshot = read_snapshot(path, url or path.absolute().as_uri())
    except (OSError, EOFError, gzip.BadGzipFile) as e:
        return json.dumps({"file": name, "error": f"cannot read {name}: {e}"}, ensure_ascii=False), False
    ctx = snapshot_context(snapshot, budget)
    return json.dumps(record(name, ctx), ensure_ascii=False), True


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))  # the cores this process may run on (Linux)
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def lines(files: list[str], url: str, budget: int, jobs: int) -> Iterator[tuple[str, bool]]:
    """``line_for`` of each file, in order; on ``jobs`` processes when there are several files."""
    one = partial(line_for, url=url, budget=budget)
    jobs = min(jobs, len(files))
    if jobs <= 1:
        yield from map(one, files)
        return
    done = 0
    try:  # (here: one file needs no pool, and these cost 10 ms to load, logging with them)
        import multiprocessing
        from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
    except ImportError:
        yield from map(one, files)
        return
    try:
        # fork where it is safe (Linux): the workers start at once, with the page modules loaded
        context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            try:
                for result in pool.map(one, files, chunksize=2):
                    yield result
                    done += 1
            except GeneratorExit:  # the reader stopped: the files not started are dropped
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    except (NotImplementedError, OSError, BrokenExecutor):
        # no pool on this system (no /dev/shm, no sem_open) or a worker died (out of
        # memory, killed): the files not printed yet are read here
        yield from map(one, files[done:])


class _Help(argparse.HelpFormatter):
    """argparse's help layout, with the terminal's width read here: argparse imports
    ``shutil`` for it (with bz2 and lzma), 2 ms of every one-page `tabmate extract`."""

    def __init__(self, prog: str) -> None:
        try:
            width = int(os.environ.get("COLUMNS") or os.get_terminal_size(sys.__stdout__.fileno()).columns)
        except (AttributeError, ValueError, OSError):  # no terminal (a pipe, a closed stdout)
            width = 80
        super().__init__(prog, width=width - 2)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tabmate extract", formatter_class=_Help,
                                     description="Print the page context the agent would inject.")
    parser.add_argument("files", nargs="+", metavar="FILE", help=".html, .html.gz or .pdf")
    parser.add_argument("--url", default="", help="the page's URL (default: file:// of the file)")
    # the default is what the agent gives a page when the model's window is large
    # (prompt.budgets): a whole article, where 6000 cut one page in six of readability/
    parser.add_argument("--budget", type=int, default=MAX_PAGE_TOKENS, metavar="TOKENS",
                        help=f"token budget for the context (default {MAX_PAGE_TOKENS}, the most the "
                             "agent gives a page)")
    parser.add_argument("--jobs", type=int, default=0, metavar="N",
                        help="files read at once (default: one per CPU core)")
    args = parser.parse_args(argv)
    if args.budget < 0:
        parser.error("--budget must be 0 or more")
    if args.jobs < 0:
        parser.error("--jobs must be 0 (one per CPU core) or more")

    import importlib

    from native_host import logs

    logs.only_warnings()
    importlib.import_module("native_host.documents.context")  # loaded once, before any worker forks

    status = 0
    results = lines(args.files, args.url, args.budget, args.jobs or _cores())
    try:
        for text, ok in results:
            print(text, flush=True)
            status = status if ok else 1
    except BrokenPipeError:  # the reader went away (`tabmate extract *.html | head`): stop quietly
        results.close()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        return 1
    return status
