"""Page controls told by where their links lead (issue 15, session 14; `native_host/page/selflinks.py`):
a short box of links that only move the reader about the page — ahead to a part of it, or to a
script — is the page's, not the story's, whatever the site names it."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(inside: str, after: str = "") -> str:
    body = ("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 3 + inside + f"<p>{PARA * 2}</p>" * 3
            + after + "</div>")
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_bar_of_links_ahead_on_the_page_goes() -> None:
    bar = ("<div class='x5'><a href='#recipe-card'>Jump to Recipe</a><a href='#recipe-card'>Print Recipe</a>"
           "</div>")
    card = f"<div id='recipe-card'><p>{PARA}</p></div>"
    text = article(bar, card)
    assert "Jump to Recipe" not in text and "Print Recipe" not in text and PARA.strip() in text


def test_a_count_beside_a_link_to_the_discussion_goes_and_so_does_a_script_toggle() -> None:
    count = ("<div class='x6'><div class='x7'>1 interakcji</div><a href='#interactions'>"
             "<span>dołącz do dyskusji</span></a></div>")
    toggle = ("<div class='x8'><a href='javascript:void(0)'>US Customary</a> - "
              "<a href='javascript:void(0)'>Metric</a></div>")
    text = article(count + toggle, "<div id='interactions'></div>")
    assert "dołącz do dyskusji" not in text and "1 interakcji" not in text and "Metric" not in text


def test_links_back_up_the_page_and_lone_links_stay() -> None:
    # a section heading drawn as a div that links back up (to the top, to its entry in the
    # contents), a heading's permalink to itself, and a paragraph that is one same-page link
    heading = (f"<div id='top'></div><div id='s2'><div class='x3'>2. <a href='#top'>Second part</a></div>"
               f"<p>{PARA}</p></div>")
    permalink = f"<div id='status'><div class='x4'>Current status <a href='#status'>#</a></div><p>{PARA}</p></div>"
    text = article(heading + permalink + "<p><a href='#foo'>link</a></p>")
    assert "2. Second part" in text and "Current status #" in text and "\n\nlink" in text


def test_a_footnote_mark_in_a_sentence_stays() -> None:
    note = ("<p>The bridge opened in 1932<a href='#fn1'>1</a> and was closed in 2020.</p>"
            "<ol><li id='fn1'>City archive.</li></ol>")
    assert "opened in 1932" in article(note)
