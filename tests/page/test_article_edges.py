"""Where an article ends and the page around it begins, on pages nobody tuned for (issue 15):
short chrome after the last paragraph, copyright and disclaimer blocks, an article only a
<noscript> carries, a banner landmark that swallowed the main content."""

from __future__ import annotations

from native_host.page.content import extract, trim_tail
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(body: str) -> str:
    return extract(parse(f"<html><body><nav><a href='/'>Home</a></nav>{body}</body></html>"))


def test_short_lines_after_the_last_paragraph_are_dropped() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<p>Share this article</p>"
                   "<h3>More from the city desk</h3><p>71 comments</p></article>")
    assert PARA.strip() in text
    for chrome in ("Share this article", "More from the city desk", "71 comments"):
        assert chrome not in text


def test_closing_sentences_lists_and_short_articles_stay() -> None:
    closing = "Happy testing, and see you at the next meeting of the council!"
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + f"<p>{closing}</p>"
                   "<ul><li>one</li><li>two</li></ul></article>")
    assert closing in text and "- two" in text
    assert trim_tail("Short.\n\nLines.\n\nOnly.") == "Short.\n\nLines.\n\nOnly."
    long_tail = f"{PARA}\n\n" + "\n\n".join(f"tag {i}" for i in range(30))
    assert trim_tail(long_tail) == long_tail  # never a fifth of the text or more


def test_copyright_and_disclaimer_blocks_are_not_the_article() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 +
                   "<div class='copyright'>© 2020 Example Media. All rights reserved.</div>"
                   "<div class='post-disclaimer'>We may earn a commission from links.</div>"
                   f"<p>{PARA}</p></article>")
    assert "All rights reserved" not in text and "commission" not in text


def test_an_article_only_in_noscript_is_found() -> None:
    text = article("<div id='app'></div><noscript><div class='post'>" + f"<p>{PARA * 2}</p>" * 3
                   + "</div></noscript>")
    assert PARA.strip() in text


def test_a_banner_that_swallowed_the_main_content_is_kept() -> None:
    text = article("<header role='banner'><div class='logo'>Site</div><main><article>" +
                   f"<p>{PARA * 2}</p>" * 3 + "</article></main></header>")
    assert PARA.strip() in text


def test_a_nav_that_swallowed_main_is_kept_but_menus_of_teasers_go() -> None:
    text = article("<nav class='navbar'><ul><li><a href='/'>Home</a></li></ul><main><article>"
                   + f"<p>{PARA * 2}</p>" * 3 + "</article></main></nav>")
    assert PARA.strip() in text
    teasers = article("<nav><article><a href='/x'>A teaser headline that reads like a sentence, "
                      "with commas, and more words.</a></article></nav><article>"
                      + f"<p>{PARA * 2}</p>" * 3 + "</article>")
    assert "teaser headline" not in teasers and PARA.strip() in teasers
