"""Several tabs in one message, the screenshot button, video pages with caption tracks and
PDFs (a tab, one behind a login, a file:// one that cannot be read) are written once against
tests/e2e/driver.py and run in real Chromium and real Firefox ESR; only reading a file:// PDF
once Chromium's "Allow access to file URLs" is on stays Chromium's. All served on loopback; the
fake provider records what the model got."""

from __future__ import annotations

import base64
import io
import json
from typing import Iterator

import pytest

from tests.e2e.conftest import answers, configure, text_reply, wait_answered
from tests.e2e.driver import ANSWER, tid
from tests.e2e.site import loopback_server
from tests.support.fake_provider import images_in
from tests.support.pdfs import text_pdf

pytestmark = pytest.mark.e2e


def shop(name: str, price: str) -> str:
    ld = json.dumps({"@context": "https://schema.org", "@type": "Product", "name": name,
                     "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR",
                                "availability": "https://schema.org/InStock"}})
    return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{name} | Shop</title>"
            f"<script type='application/ld+json'>{ld}</script></head><body><main><h1>{name}</h1>"
            f"<p>The {name} costs {price} euros and boils a litre fast.</p></main></body></html>")


VTT = "WEBVTT\n\n" + "\n\n".join(
    f"00:{m:02d}:{s:02d}.000 --> 00:{m:02d}:{s + 4:02d}.000\n"
    + ("Now we add a pinch of salt to the water." if (m, s) == (3, 20) else f"Stirring the pasta, minute {m}.")
    for m in range(0, 18) for s in range(0, 60, 10))
FILES: dict[str, tuple[str, bytes]] = {
    "/kettle-a": ("text/html; charset=utf-8", shop("Acme Kettle", "39.99").encode()),
    "/kettle-b": ("text/html; charset=utf-8", shop("Brio Kettle", "54.00").encode()),
    "/kettle-c": ("text/html; charset=utf-8", shop("Cosy Kettle", "29.50").encode()),
    "/chart": ("text/html; charset=utf-8", b"<!doctype html><html><head><title>Sales chart</title></head>"
               b"<body style='margin:0;background:#fff'><div style='width:100vw;height:100vh;background:rgb(220,0,0)'>"
               b"</div></body></html>"),
    "/video": ("text/html; charset=utf-8", b"<!doctype html><html lang='en'><head><title>Pasta in 18 minutes</title></head>"
               b"<body><h1>Pasta in 18 minutes</h1><video controls width='320'>"
               b"<track kind='captions' srclang='en' src='/captions.vtt' default></video></body></html>"),
    "/captions.vtt": ("text/vtt; charset=utf-8", VTT.encode()),
    # a YouTube watch page lists its caption tracks in the player response; json3 has the events
    "/watch": ("text/html; charset=utf-8", (
        "<!doctype html><html lang='en'><head><title>Bread at home - YouTube</title></head><body>"
        "<script>var ytInitialPlayerResponse = {\"captions\":{\"playerCaptionsTracklistRenderer\":{\"captionTracks\":"
        "[{\"baseUrl\":\"/api/timedtext?v=abc&lang=de\",\"languageCode\":\"de\",\"kind\":\"asr\"},"
        "{\"baseUrl\":\"/api/timedtext?v=abc&lang=en\",\"languageCode\":\"en\"}]}}};</script>"
        "<div id='player'></div></body></html>").encode()),
    "/api/timedtext": ("application/json", json.dumps({"events": [
        {"tStartMs": 0, "dDurationMs": 4000, "segs": [{"utf8": "Welcome to "}, {"utf8": "the bakery."}]},
        {"tStartMs": 95_000, "dDurationMs": 3000, "segs": [{"utf8": "Knead for ten minutes."}]},
        {"tStartMs": 600_000, "segs": [{"utf8": "\n"}]},
        {"tStartMs": 725_000, "dDurationMs": 3000, "segs": [{"utf8": "Bake at 230 degrees."}]}]}).encode()),
}


def REPORT_PDF() -> bytes:
    return text_pdf(["Annual report. Revenue grew 12 percent to 4.2 million euros.",
                     "Costs. Rent rose to 310,000 euros.", "Outlook. Two new shops in Lyon and Porto."])


def _route(path: str, cookies: str) -> tuple[str, bytes] | tuple[int, str, bytes] | None:
    path = path.split("?")[0]
    if path == "/account/statement.pdf":  # behind a login: only with the session cookie
        if "session=s3cret" not in cookies:
            return 401, "text/html", b"<h1>Please sign in</h1>"
        return "application/pdf", text_pdf(["Statement for Ada. Balance: 1,234.56 euros.", "Page two."])
    return ("application/pdf", REPORT_PDF()) if path == "/report.pdf" else FILES.get(path)


@pytest.fixture(scope="module")
def files() -> Iterator[str]:
    with loopback_server(_route) as url:
        yield url


SENT_CHIPS = "[data-testid=message][data-role=user] [data-testid=message-chip]"


def asked(fake) -> str:
    """The last user message the model got: the question with its page, tabs or transcript."""
    return fake.requests[-1].json["messages"][-1]["content"]


def _sidebar_on(browser, fake, url: str, reply: str):
    """The sidebar pinned to a tab on ``url``, the fake provider set to answer ``reply``."""
    configure(fake)
    fake.add(text_reply(reply))
    page = browser.open_page(url)
    return page, browser.open_sidebar(page)


def test_add_tabs_sends_each_tab_named_and_compares_their_products(browser, fake, files):
    configure(fake)
    fake.add(text_reply("Cosy Kettle is the cheapest at 29.50 euros."))
    first = browser.open_page(files + "/kettle-a")
    browser.open_page(files + "/kettle-b")
    browser.open_page(files + "/kettle-c")
    sidebar = browser.open_sidebar(first)
    sidebar.fill("chat-input", "compare these ")
    sidebar.press("chat-input", "@")  # "@" in the composer lists the window's tabs too
    sidebar.wait(tid("tab-picker"))
    option = tid("tab-option")
    titles = sidebar.texts(option)
    assert any("Brio Kettle" in t for t in titles) and any("Cosy Kettle" in t for t in titles)
    assert not any("Acme Kettle" in t for t in titles)  # the tab in view goes anyway

    def pick(name: str) -> None:
        sidebar.check_css(f"{option} input", [name in t for t in sidebar.texts(option)].index(True))

    pick("Brio Kettle")
    sidebar.click("add-tabs")  # closes; the button opens the same list
    sidebar.click("add-tabs")
    pick("Cosy Kettle")
    assert sidebar.count(tid("attachment-chip")) == 2
    assert sidebar.value(tid("chat-input")) == "compare these "  # the "@" that opened the list is gone
    sidebar.shot("add-tabs")
    sidebar.click("send")
    sidebar.wait_answered()
    assert "Cosy Kettle is the cheapest" in sidebar.text(ANSWER)
    user = asked(fake)
    assert "tab 2: “Brio Kettle | Shop” — " + files + "/kettle-b" in user
    assert "tab 3: “Cosy Kettle | Shop” — " + files + "/kettle-c" in user
    for name, price in (("Acme Kettle", "39.99"), ("Brio Kettle", "54.00"), ("Cosy Kettle", "29.50")):
        assert f"Product: {name} | price {price} EUR" in user
    assert sidebar.texts(SENT_CHIPS) == ["3 tabs"]
    assert sidebar.count(tid("attachment-chip")) == 0  # sent: the composer is clear
    assert browser.problems == []


def test_screenshot_button_sends_a_real_capture(browser, fake, files):
    from PIL import Image

    page, sidebar = _sidebar_on(browser, fake, files + "/chart", "The chart is solid red.")
    page.front()  # the chart's tab is the visible one in its window
    sidebar.click("attach-screenshot")
    sidebar.wait(f"{tid('attachments')} > *")
    assert sidebar.text(tid("attachments")).split() == ["screenshot", "×"], sidebar.text(tid("attachments"))
    sidebar.fill("chat-input", "What colour is the chart?")
    sidebar.click("send")
    sidebar.wait_answered()
    body = fake.requests[-1].json
    (kind, media, data), = images_in(body)
    assert kind == "image_url" and media in ("image/png", "image/jpeg")
    img = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
    assert 200 <= max(img.size) <= 1568
    r, g, b = img.getpixel((img.width // 2, img.height // 2))
    assert r > 180 and g < 60 and b < 60  # what the tab really showed
    assert sidebar.texts(SENT_CHIPS) == ["screenshot"]
    # a capture larger than vision models read is scaled to 1568 px on its long side; a busy
    # picture whose PNG would be large goes as JPEG
    scaled = sidebar.eval("""(async () => {
        const { scaleShot } = await import("./capture.js");
        const make = async (w, h, noisy) => {
            const c = new OffscreenCanvas(w, h), g = c.getContext("2d");
            g.fillStyle = "rgb(220,0,0)"; g.fillRect(0, 0, w, h);
            if (noisy) { const d = g.getImageData(0, 0, w, h); for (let i = 0; i < d.data.length; i++) d.data[i] = (i * 2654435761) >>> 24; g.putImageData(d, 0, 0); }
            const blob = await c.convertToBlob({ type: "image/png" });
            return await new Promise((ok) => { const r = new FileReader(); r.onload = () => ok(r.result); r.readAsDataURL(blob); });
        };
        const flat = await scaleShot(await make(3000, 2000, false));
        const busy = await scaleShot(await make(2400, 1600, true));
        return [flat.width, flat.height, flat.url.slice(0, 22), busy.width, busy.url.slice(0, 23)];
    })()""")
    assert scaled == [1568, 1045, "data:image/png;base64,", 1568, "data:image/jpeg;base64,"]
    assert browser.problems == []


def test_video_page_captions_become_the_transcript(browser, fake, files):
    _, sidebar = _sidebar_on(browser, fake, files + "/video", "They add salt at [3:20].")
    sidebar.fill("chat-input", "When do they add salt?")
    sidebar.click("send")
    sidebar.wait_answered()
    user = asked(fake)
    assert "Video transcript, 18 min (captions; cite times as [m:ss])" in user, user[:400]
    assert "[3:00] Stirring the pasta, minute 3. Now we add a pinch of salt to the water." in user
    assert sidebar.texts(SENT_CHIPS) == ["transcript · 18 min"]
    assert browser.problems == []


def test_youtube_caption_tracks_become_the_transcript(browser, fake, files):
    _, sidebar = _sidebar_on(browser, fake, files + "/watch?v=abc", "Knead at [1:35].")
    sidebar.click("action-summarize")
    sidebar.wait_answered()
    user = asked(fake)
    assert "Video transcript, 12 min" in user  # the English track, not the German auto-captions
    assert "[0:00] Welcome to the bakery." in user and "[1:35] Knead for ten minutes." in user
    assert "[12:05] Bake at 230 degrees." in user
    assert sidebar.texts(SENT_CHIPS) == ["transcript · 12 min"]


# PDFs: Chromium shows a PDF tab in its own viewer, Firefox ESR in pdf.js, which takes no extension
# scripts (the background fetches the PDF itself in both). A file:// PDF is read only by Chromium,
# once its "Allow access to file URLs" switch is on; Firefox gives add-ons no way to read files.
def _summarize_pdf_tab(browser, url: str):
    """Open the PDF at ``url`` in a tab, press Summarize in its sidebar; the sidebar once answered."""
    try:
        page = browser.open_page(url)
    except Exception as e:  # headless Chromium without its PDF viewer downloads the file instead
        if browser.name != "chromium":
            raise
        pytest.skip(f"headless Chromium has no PDF viewer here ({e}); Firefox ESR's pdf.js covers it")
    sidebar = browser.open_sidebar(page)
    sidebar.click("action-summarize")
    sidebar.wait_answered()
    return sidebar


def test_pdf_tab_is_read_page_by_page(browser, fake, files):
    configure(fake)
    fake.add(text_reply("Revenue grew 12 percent (p. 1)."))
    sidebar = _summarize_pdf_tab(browser, files + "/report.pdf")
    assert "Revenue grew 12 percent" in sidebar.text(ANSWER)
    user = asked(fake)
    assert "PDF document, 3 pages" in user and "[Page 1]\nAnnual report. Revenue grew 12 percent" in user
    assert "[Page 2]\nCosts. Rent rose to 310,000 euros." in user
    assert sidebar.texts(SENT_CHIPS) == ["PDF · 3 pages"]
    assert browser.problems == []


def test_a_pdf_behind_a_login_is_read_with_the_users_session(browser, fake, files):
    configure(fake)
    fake.add(text_reply("Your balance is 1,234.56 euros (p. 1)."))
    # the person signs in on the site: its page sets the session cookie
    login = browser.open_page(files + "/kettle-a")
    login.eval("(document.cookie = 'session=s3cret; path=/', document.cookie)")
    _summarize_pdf_tab(browser, files + "/account/statement.pdf")
    user = asked(fake)
    assert "PDF document, 2 pages" in user and "Statement for Ada. Balance: 1,234.56 euros." in user


def test_a_file_pdf_that_cannot_be_read_says_why(browser_factory, fake, tmp_path):
    """A PDF opened from disk (file://) that Tabmate may not read: Chromium with its "Allow access
    to file URLs" switch off, Firefox always. One sentence says why and what to do; Summarize
    stops there; a question of its own still goes, with the same sentence above the answer."""
    browser = browser_factory(file_access=False)  # Chromium's switch; Firefox has none
    configure(fake)
    doc = tmp_path / "report.pdf"
    doc.write_bytes(REPORT_PDF())
    sidebar = browser.open_sidebar(browser.open_page(doc.as_uri()))
    why = (["“Allow access to file URLs”", "chrome://extensions"] if browser.name == "chromium" else
           ["Firefox does not let add-ons read files on your computer", "tabmate ask --page"])
    sidebar.click("action-summarize")
    error = "[data-testid=message][data-role=error]"
    sidebar.wait(error)
    assert all(w in sidebar.text(error) for w in why), sidebar.text(error)
    assert not [r for r in fake.requests if r.path.endswith("/chat/completions")]  # nothing to summarize: no call
    fake.add(text_reply("I can only see the file's name."))
    sidebar.fill("chat-input", "what is this file?")
    sidebar.click("send")
    sidebar.wait_answered(2)  # the error above, then this answer
    notes = sidebar.texts("[data-testid=message][data-role=status]")
    assert any(why[0] in n for n in notes), notes
    assert "file's name" in sidebar.text(ANSWER)
    assert "what is this file?" in asked(fake)
    sidebar.shot("file-pdf-without-access")
    assert browser.problems == []


def test_file_pdf_is_read_once_file_access_is_allowed(chromium_factory, fake, tmp_path):
    """Chromium only, as the switch is Chromium's: a PDF opened from disk (file://) with "Allow
    access to file URLs" on. The page cannot fetch itself, so the background reads the file and
    Summarize gets its pages."""
    chromium = chromium_factory(file_access=True)
    configure(fake)
    fake.add(text_reply("Revenue grew 12 percent (p. 1)."))
    doc = tmp_path / "Annual report 2025.pdf"
    doc.write_bytes(REPORT_PDF())
    sidebar = chromium.open_sidebar(chromium.open_page(doc.as_uri()))
    assert sidebar.evaluate("chrome.extension.isAllowedFileSchemeAccess()") is True
    sidebar.get_by_test_id("action-summarize").click()
    wait_answered(sidebar)
    assert "Revenue grew 12 percent" in answers(sidebar).last.inner_text()
    user = asked(fake)
    assert "PDF document, 3 pages" in user and "[Page 3]\nOutlook. Two new shops in Lyon and Porto." in user
    assert sidebar.locator(SENT_CHIPS).all_inner_texts() == ["PDF · 3 pages"]
