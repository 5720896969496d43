"""Real PDFs for tests and benchmarks, written by fpdf2 (a real PDF writer).

    data = text_pdf(["page one text", "page two text"])      # one string per page
    data = scanned_pdf(pages=2)                              # images of pages, no text layer
    data = large_pdf(tmp_path / "big.pdf", megabytes=50, pages=400)
"""

from __future__ import annotations

import io
import os
from pathlib import Path


def _pdf():  # type: ignore[no-untyped-def]
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    pdf.set_font("Helvetica", size=11)
    return pdf


def _latin(text: str) -> str:
    """The core fonts are Latin-1: map typographic characters, drop the rest."""
    table = {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
             "\u2026": "...", "\u00a0": " "}
    return "".join(table.get(c, c) for c in text).encode("latin-1", "ignore").decode("latin-1")


def text_pdf(pages: list[str], title: str = "") -> bytes:
    """One PDF page (or more, when the text flows over) per string; paragraphs kept."""
    pdf = _pdf()
    if title:
        pdf.set_title(title)
    for text in pages:
        pdf.add_page()
        for para in text.split("\n\n"):
            pdf.multi_cell(0, 5.5, _latin(para), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    return bytes(pdf.output())


def flowing_pdf(text: str, title: str = "") -> bytes:
    """A long text set as a document: pages break where the text fills them."""
    return text_pdf([text], title)


def _noise_jpeg(width: int, height: int) -> bytes:
    """Incompressible pixels as a JPEG (embedded as it is: fast to write, large on disk)."""
    from PIL import Image

    out = io.BytesIO()
    Image.frombytes("RGB", (width, height), os.urandom(width * height * 3)).save(out, "JPEG", quality=100)
    return out.getvalue()


def _png(width: int, height: int) -> bytes:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    for y in range(40, height - 40, 24):  # lines of "text" as a scanner would see them
        draw.rectangle([40, y, width - 60 - (y * 7) % 200, y + 10], fill="black")
    out = io.BytesIO()
    img.save(out, "PNG")
    return out.getvalue()


def scanned_pdf(pages: int = 2) -> bytes:
    """Pages that are only pictures (as a scanner makes them): no text layer at all."""
    pdf = _pdf()
    picture = io.BytesIO(_png(620, 877))
    for _ in range(pages):
        pdf.add_page()
        picture.seek(0)
        pdf.image(picture, x=0, y=0, w=210, h=297)
    return bytes(pdf.output())


def large_pdf(path: Path, megabytes: int = 50, pages: int = 400) -> Path:
    """About ``megabytes`` MB (one incompressible picture) with ``pages`` pages of text."""
    pdf = _pdf()
    side = int((megabytes * 1024 * 1024 / 1.95) ** 0.5)  # a noise JPEG at quality 100: ~2 bytes a pixel
    pdf.add_page()
    pdf.image(io.BytesIO(_noise_jpeg(side, side)), x=10, y=10, w=190)
    for n in range(2, pages + 1):
        pdf.add_page()
        pdf.multi_cell(0, 5.5, f"Page {n} of the big report. " + "Quarterly figures rose again. " * 40)
    pdf.output(str(path))
    return path


def columns_pdf(text: str) -> bytes:
    """The text set in two columns (reading order is the test)."""
    pdf = _pdf()
    pdf.add_page()
    with pdf.text_columns(ncols=2, gutter=8) as cols:
        for para in text.split("\n\n"):
            cols.write(_latin(para) + "\n\n")
    return bytes(pdf.output())
