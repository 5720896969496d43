"""PDFs: real documents written by fpdf2, read page by page within the budget and the limits."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time

import pytest

from native_host.documents import pdf as P
from native_host.documents.context import pages_named, pdf_context
from native_host.protocol import PageSnapshot
from tests.support.pdfs import large_pdf, scanned_pdf, text_pdf

REPORT = [
    "Annual report 2025. Revenue grew 12 percent to 4.2 million euros.\n\nThe board thanks all staff.",
    "Costs. Rent rose to 310,000 euros; salaries were flat.\n\nEnergy costs fell by a third.",
    "Outlook. We expect two new shops in Lyon and Porto next year.",
]


def snap(data: bytes, **kw) -> PageSnapshot:
    return PageSnapshot(url="https://files.example/report.pdf", title="report.pdf", content_type="application/pdf",
                        pdf=base64.b64encode(data).decode(), **kw)


def test_pages_come_with_numbers_the_model_can_cite():
    ctx = pdf_context(snap(text_pdf(REPORT, title="Annual report 2025")), 6000)
    assert ctx.title == "Annual report 2025"  # the document's own title beats the file name
    assert ctx.description == "PDF document, 3 pages"
    text = ctx.main_text
    assert text.index("[Page 1]") < text.index("Revenue grew 12 percent") < text.index("[Page 2]")
    assert text.index("[Page 2]") < text.index("Rent rose to 310,000 euros") < text.index("[Page 3]")
    assert "Lyon and Porto" in text and not ctx.truncated
    assert "PDF document, 3 pages" in ctx.to_prompt()


def test_a_long_pdf_is_cut_by_whole_pages_and_says_which():
    pages = [f"Chapter {n}. " + f"Finding number {n} is described here in detail. " * 60 for n in range(1, 41)]
    ctx = pdf_context(snap(text_pdf(pages)), 2000)
    assert ctx.truncated and ctx.tokens <= 2000
    assert "[Page 1]" in ctx.main_text and "[Page 40]" not in ctx.main_text
    note = ctx.main_text.rsplit("\n\n", 1)[-1]
    assert note.startswith("[Pages ") and "–40 (" in note and "left out to fit the context" in note


def test_pages_the_question_names_come_first():
    pages = [f"Section {n}. " + "Ordinary filler sentence. " * 80 for n in range(1, 31)]
    pages[26] = "Section 27. The warranty lasts five years for the pump."
    ctx = pdf_context(snap(text_pdf(pages)), 1500, question="What does page 27 say about the warranty?")
    assert "[Page 27]\nSection 27. The warranty lasts five years" in ctx.main_text
    assert "[Page 1]" in ctx.main_text  # then the document from the start, as far as it fits
    assert pages_named("see pp. 3-5 and page 9", 8) == [3, 4, 5]


def test_a_scanned_pdf_gets_a_clear_sentence_not_an_empty_summary():
    ctx = pdf_context(snap(scanned_pdf(pages=2)), 6000)
    assert ctx.description == "PDF document, 2 pages, no text layer"
    assert "no text layer" in ctx.main_text and "cannot read its words" in ctx.main_text
    assert "OCR" in ctx.main_text


@pytest.mark.parametrize("data, says", [
    (b"<html>not a pdf</html>", "not a PDF"),
    (b"%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage", "could not be read"),
])
def test_broken_documents_are_named_not_guessed(data, says):
    ctx = pdf_context(snap(data), 6000)
    assert says in ctx.main_text and "do not guess" in ctx.main_text


def test_a_pdf_tab_whose_bytes_did_not_arrive():
    ctx = pdf_context(PageSnapshot(url="https://x.example/a.pdf", title="a.pdf", content_type="application/pdf"), 6000)
    assert "did not reach Tabmate" in ctx.main_text


def test_password_protected_pdf():
    from pypdf import PdfReader, PdfWriter
    import io

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf(REPORT))))
    writer.encrypt("secret", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    ctx = pdf_context(snap(out.getvalue()), 6000)
    assert "password-protected" in ctx.main_text


@pytest.fixture(scope="module")
def big_pdf(tmp_path_factory):
    return large_pdf(tmp_path_factory.mktemp("big") / "big.pdf", megabytes=50, pages=400)


def test_a_50_mb_pdf_is_read_within_the_page_cap(big_pdf):
    data = big_pdf.read_bytes()
    assert len(data) > 50 * 10**6
    started = time.monotonic()
    doc = P.read_pdf(data)
    assert time.monotonic() - started < P.MAX_SECONDS + 10  # stops between pages, never reads all
    assert doc.page_count == 400 and len(doc.pages) == P.MAX_PAGES
    assert doc.stopped == "only the first 300 of 400 pages are read"
    ctx = P.PdfText  # the note reaches the model
    from native_host.documents.context import pack_pdf
    from native_host.page.context import PageContext

    ctx = pack_pdf(PageContext(url="file:///big.pdf", title="big.pdf"), doc, 4000)
    assert "[Not read: only the first 300 of 400 pages are read]" in ctx.main_text


def test_over_the_byte_limit_nothing_is_read(monkeypatch):
    monkeypatch.setattr(P, "MAX_BYTES", 1000)
    doc = P.read_pdf(text_pdf(REPORT * 20))
    assert doc.problem and "Tabmate reads PDFs up to" in doc.problem and not doc.pages


def test_tabmate_extract_reads_pdf_files(tmp_path):
    path = tmp_path / "report.pdf"
    path.write_bytes(text_pdf(REPORT))
    run = subprocess.run([sys.executable, "-c", "import sys; from native_host.cli import main; sys.exit(main())", "extract", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    line = json.loads(run.stdout)
    assert line["file"] == str(path) and line["url"] == path.absolute().as_uri()
    assert line["main_text"].startswith("[Page 1]\nAnnual report 2025.") and "[Page 3]" in line["main_text"]
    assert line["description"] == "PDF document, 3 pages" and line["truncated"] is False


async def test_the_sidebar_is_told_the_page_count_for_its_chip(fake_provider):
    from tests.agent.script import Sidebar, chat, run, say, services_for

    fake_provider.add(say("Revenue grew."))
    page = {"url": "https://files.example/r.pdf", "title": "r.pdf", "content_type": "application/pdf",
            "pdf": base64.b64encode(text_pdf(REPORT)).decode()}
    sidebar = Sidebar()
    await run(chat("summary?", page=page), sidebar, services_for(fake_provider))
    assert [m["label"] for m in sidebar.of("status") if m["stage"] == "attachment"] == ["PDF · 3 pages"]


def test_a_big_pdf_does_not_stall_the_host(tmp_path, fake_provider):
    """A 30 MB, 400-page PDF in a chat frame (40 MB of base64): the host answers a ping while
    it reads the document, then answers the chat from the first 300 pages."""
    from tests.agent.script import FAKE_SETTINGS, say
    from tests.support.hostproc import HostProcess

    data = large_pdf(tmp_path / "big.pdf", megabytes=30, pages=400).read_bytes()
    fake_provider.add(say("It is a big report."))
    with HostProcess(home=tmp_path / "home") as host:
        host.request({"type": "set_settings", "id": "s", "settings": {**FAKE_SETTINGS, "base_url": fake_provider.url + "/v1"}})
        host.send({"type": "chat", "id": "c1", "session": "big", "text": "what is this?",
                   "page": {"url": "https://files.example/big.pdf", "title": "big.pdf",
                            "content_type": "application/pdf", "pdf": base64.b64encode(data).decode()}})
        host.send({"type": "ping", "id": "p1"})
        first = host.recv_until(lambda m: m["type"] == "pong", timeout=120)
        assert not fake_provider.requests  # answered while the PDF was still being read
        got = first + host.recv_until(lambda m: m["type"] in ("response", "error"), timeout=120)
    kinds = [(m["type"], m.get("id")) for m in got]
    assert ("status", "c1") in kinds and got[-1]["text"] == "It is a big report."
    assert any(m.get("label") == "PDF · 400 pages" for m in got)
    user = fake_provider.requests[0].json["messages"][-1]["content"]
    assert "[Not read: only the first 300 of 400 pages are read]" in user
