"""`tabmate extract` as a subprocess: one CONTRACT-shaped JSON line per file."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

KEYS = {"file", "url", "title", "lang", "description", "published", "main_text", "product", "interactive",
        "tokens", "truncated"}
PRODUCT_KEYS = {"name", "price", "currency", "availability", "sku", "brand", "rating", "review_count"}
ITEM_KEYS = {"index", "tag", "role", "label", "selector"}

PAGE = ("<html lang='en'><head><title>Trail Shoe</title><script type='application/ld+json'>"
        '{"@type":"Product","name":"Trail Shoe","sku":"TS-42","brand":"Run",'
        '"offers":{"price":"1299.00","priceCurrency":"USD","availability":"http://schema.org/PreOrder"}}'
        "</script></head><body><h1>Trail Shoe</h1>"
        + "<p>A shoe for trails, with grip, and a soft sole that lasts for years.</p>" * 40
        + "<button>Add to cart</button></body></html>")


def run(args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "TABMATE_HOME": str(home)}
    return subprocess.run([sys.executable, "-m", "native_host.cli", "extract", *args],
                          capture_output=True, text=True, env=env, timeout=120)


def test_extract_prints_one_contract_line_per_file(tmp_path: Path, tabmate_home: Path) -> None:
    plain = tmp_path / "shoe.html"
    plain.write_text(PAGE, encoding="utf-8")
    packed = tmp_path / "shoe.html.gz"
    packed.write_bytes(gzip.compress(PAGE.encode("utf-8")))
    result = run([str(plain), str(packed), "--url", "https://shop.example/shoe", "--budget", "200"], tabmate_home)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2
    for line, name in zip(lines, (plain, packed)):
        data = json.loads(line)
        assert set(data) == KEYS
        assert data["file"] == str(name) and data["url"] == "https://shop.example/shoe"
        assert data["title"] == "Trail Shoe" and data["lang"] == "en"
        assert set(data["product"]) == PRODUCT_KEYS
        assert data["product"]["price"] == "1299.00" and data["product"]["availability"] == "PreOrder"
        assert data["product"]["sku"] == "TS-42" and data["product"]["rating"] is None
        assert all(set(i) == ITEM_KEYS for i in data["interactive"])
        assert data["truncated"] is True and 0 < data["tokens"] <= 200
        assert "A shoe for trails" in data["main_text"]


def test_extract_non_product_page_and_default_url(tmp_path: Path, tabmate_home: Path) -> None:
    page = tmp_path / "note.html"
    page.write_bytes("<p>Ünïcode note without a charset, long enough to be content.</p>".encode("cp1252"))
    result = run([str(page)], tabmate_home)
    data = json.loads(result.stdout)
    assert data["product"] is None and data["description"] is None
    assert data["url"].startswith("file://") and "Ünïcode" in data["main_text"]


def test_extract_missing_file_reports_and_fails(tmp_path: Path, tabmate_home: Path) -> None:
    result = run([str(tmp_path / "nope.html")], tabmate_home)
    assert result.returncode == 1
    assert "error" in json.loads(result.stdout)


def test_many_files_on_several_workers_come_out_in_order(tmp_path: Path, tabmate_home: Path) -> None:
    """Workers finish in any order; the lines follow the files as given, an unreadable file
    among them gives its error line in its place, and the output is the one a single
    process gives."""
    names = []
    for i in range(9):
        page = tmp_path / f"page{i}.html"
        # uneven sizes, so the workers finish out of order
        page.write_text(f"<title>Page number {i}</title>"
                        + f"<p>Paragraph of page {i}, long enough to count as content.</p>" * (1 + (8 - i) * 300),
                        encoding="utf-8")
        names.append(str(page))
    names.insert(4, str(tmp_path / "missing.html"))
    several = run(["--jobs", "3", *names], tabmate_home)
    single = run(["--jobs", "1", *names], tabmate_home)
    assert several.returncode == single.returncode == 1
    records = [json.loads(line) for line in several.stdout.splitlines()]
    assert [r["file"] for r in records] == names
    assert "error" in records[4] and records[0]["title"] == "Page number 0"
    assert several.stdout == single.stdout


def test_jobs_must_not_be_negative(tmp_path: Path, tabmate_home: Path) -> None:
    result = run(["--jobs", "-1", str(tmp_path / "x.html")], tabmate_home)
    assert result.returncode == 2 and "--jobs" in result.stderr


class _NoPool:
    """A system where no process pool can start (no /dev/shm, no sem_open)."""

    def __init__(self, *args, **kwargs) -> None:
        raise OSError("[Errno 38] Function not implemented")


class _DiesAfterTwo:
    """A pool whose worker is killed after two files."""

    def __init__(self, *args, **kwargs) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def map(self, fn, items, chunksize=1):
        from concurrent.futures.process import BrokenProcessPool

        for item in list(items)[:2]:
            yield fn(item)
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")


def test_without_a_working_pool_every_file_is_read_once_in_order(tmp_path: Path, tabmate_home: Path,
                                                                 monkeypatch) -> None:
    import concurrent.futures

    from native_host.page.cli import lines

    names = []
    for i in range(5):
        page = tmp_path / f"p{i}.html"
        page.write_text(f"<title>Page {i}</title><p>Text of page {i}, long enough to be its content.</p>",
                        encoding="utf-8")
        names.append(str(page))
    for pool in (_NoPool, _DiesAfterTwo):
        monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", pool)
        got = [json.loads(text)["title"] for text, ok in lines(names, "", 6000, jobs=2)]
        assert got == [f"Page {i}" for i in range(5)], pool.__name__


def test_by_default_a_long_article_comes_out_whole(tmp_path: Path, tabmate_home: Path) -> None:
    """The default budget is what the agent gives a page with a large-context model: a
    10,000-token article is not cut (6,000 tokens cut one readability/ page in six)."""
    page = tmp_path / "long.html"
    paragraphs = [f"<p>Paragraph {i} of a long report, with enough words in it to weigh like prose "
                  f"does in an article, and a comma or two, as articles have.</p>" for i in range(400)]
    page.write_text("<html><head><title>Long report</title></head><body><article>" + "".join(paragraphs)
                    + "</article></body></html>", encoding="utf-8")
    data = json.loads(run([str(page)], tabmate_home).stdout)
    assert "Paragraph 399 of a long report" in data["main_text"]
    assert data["truncated"] is False and data["tokens"] > 6000


def test_a_saved_shop_page_is_read_at_the_address_it_declares(tmp_path: Path, tabmate_home: Path) -> None:
    """Without --url a file's address is file://; the product reading then takes the page's
    canonical address, where the product id is (here the only place that names it)."""
    page = tmp_path / "saved.html"
    page.write_text(
        "<html><head><title>Desk lamp</title>"
        "<link rel='canonical' href='https://shop.example/lamps/desk-lamp-LMP20931'></head>"
        "<body><h1>Desk lamp</h1><p class='price'>$49.00</p><button>Add to cart</button>"
        "<div data-product-id='LMP20931'></div></body></html>", encoding="utf-8")
    data = json.loads(run([str(page)], tabmate_home).stdout)
    assert data["url"].startswith("file://")  # the output still names the file
    assert data["product"]["price"] == "49.00" and data["product"]["sku"] == "LMP20931"


def test_a_reader_that_stops_early_ends_it_quietly(tmp_path: Path, tabmate_home: Path) -> None:
    """`tabmate extract *.html | head -1`: once the pipe closes, the command stops without a
    traceback, on one process or several."""
    names = []
    for i in range(40):
        page = tmp_path / f"p{i}.html"
        page.write_text(f"<title>P{i}</title>" + "<p>Some text of a page, long enough to be content.</p>" * 200,
                        encoding="utf-8")
        names.append(str(page))
    for jobs in ("1", "2"):
        proc = subprocess.Popen([sys.executable, "-m", "native_host.cli", "extract", "--jobs", jobs, *names],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env={**os.environ, "TABMATE_HOME": str(tabmate_home)})
        assert json.loads(proc.stdout.readline())["title"] == "P0"
        proc.stdout.close()
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 1 and b"Traceback" not in err, err.decode()[-500:]


def test_extract_starts_without_pydantic_or_the_log_file(tmp_path: Path, tabmate_home: Path) -> None:
    """A one-page `tabmate extract` is mostly start-up, and pydantic with the protocol's models
    was a third of it: the page path needs neither (bench/extract_cli.py measures the time).
    Nor does it open the host's log for a page read without trouble."""
    page = tmp_path / "shoe.html"
    page.write_text(PAGE, encoding="utf-8")
    code = ("import sys; from native_host.cli import main; status = main(['extract', sys.argv[1]]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic' or m == 'native_host.protocol'),"
            " file=sys.stderr); sys.exit(status)")
    env = {**os.environ, "TABMATE_HOME": str(tabmate_home)}
    result = subprocess.run([sys.executable, "-c", code, str(page)], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["product"]["sku"] == "TS-42"
    assert result.stderr.strip().splitlines()[-1] == "[]"
    assert not list(tabmate_home.rglob("*.log"))


def test_a_saved_page_carries_the_snapshot_fields_pages_read() -> None:
    """`SavedPage` stands in for protocol.PageSnapshot in `tabmate extract`: same names, so
    page/ and documents/ read both alike (only the tab's id and screenshot are left out)."""
    from dataclasses import fields

    from native_host.page.cli import SavedPage
    from native_host.protocol import PageSnapshot

    assert {f.name for f in fields(SavedPage)} == set(PageSnapshot.model_fields) - {"tab_id", "screenshot"}


def test_the_page_reader_compiles_no_pattern_at_import() -> None:
    """Compiling the page reader's patterns was a quarter of a one-page `tabmate extract`;
    each is a lazyre.Lazy, compiled when a page first searches with it."""
    import importlib
    import pkgutil
    import re

    import native_host.page

    compiled = []
    for module in pkgutil.iter_modules(native_host.page.__path__):
        loaded = importlib.import_module(f"native_host.page.{module.name}")
        compiled += [f"{module.name}.{name}" for name, value in vars(loaded).items() if isinstance(value, re.Pattern)]
    assert compiled == []


def test_an_article_page_does_not_load_the_shop_readings(tmp_path: Path, tabmate_home: Path) -> None:
    """Most pages are not shops: the price, product-code and buy-box readings (a tenth of a
    one-page run's start-up, compiling their patterns), the money and stock-wording patterns,
    hashlib (PDFs only) and logging (a log line written) are loaded when a page needs them;
    shutil, which argparse imports for the terminal's width, never."""
    page = tmp_path / "story.html"
    page.write_text("<html><head><title>Bridge vote</title></head><body><h1>Bridge vote</h1>"
                    + "<p>The council met on Tuesday and argued about the bridge for hours.</p>" * 5
                    + "</body></html>", encoding="utf-8")
    heavy = ("native_host.page.pageprice", "native_host.page.pagesku", "native_host.page.buybox", "hashlib",
             "logging", "concurrent.futures", "shutil")
    # nor are the money and stock wording patterns compiled (native_host.page.lazyre)
    patterns = ("money.CURRENCY", "money.MONEY", "money._MONEY_ONLY", "money._FROM_MONEY",
                "stock.OUT", "stock.IN", "stock.OUT_NOW", "stock._OTHER_SUBJECT")
    code = ("import sys; from native_host.cli import main; status = main(['extract', sys.argv[1]]); "
            "from native_host.page import money, stock; "
            f"print(sorted(m for m in sys.modules if m in {heavy!r}) "
            f"+ [p for p in {patterns!r} if 'search' in getattr(eval(p), '__dict__', 'search')], "
            "file=sys.stderr); sys.exit(status)")
    env = {**os.environ, "TABMATE_HOME": str(tabmate_home)}
    result = subprocess.run([sys.executable, "-c", code, str(page)], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "argued about the bridge" in json.loads(result.stdout)["main_text"]
    assert result.stderr.strip().splitlines()[-1] == "[]"
