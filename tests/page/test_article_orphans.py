"""What cleaning the article leaves behind on markup nobody tuned for (issue 15, session 9):
class and id names here are meaningless (as on `bench/article_variants.py`'s scrambled
pages), so only the structure and the text can tell chrome from the story."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(body: str) -> str:
    return extract(parse(f"<html><body><div class='x1'><a href='/'>Home</a></div>{body}</body></html>"))


def _teasers(n: int) -> str:
    # each teaser a box in a box (the inner one reads as a paragraph): the boxes go one by one
    return "".join(f"<div class='x7{i}'><div class='x8'><a href='/story-{i}'><img src='/i{i}.png'>"
                   f"<h4>Another story number {i} from the same desk</h4></a></div></div>"
                   for i in range(n))


def test_a_heading_left_alone_once_its_teasers_went_goes_too() -> None:
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 2 +
                   "<div class='x3'><div class='x4'><h5>Zobacz także</h5></div>" + _teasers(3) +
                   "</div>" + f"<p>{PARA * 2}</p>" * 2 + "<h3>What comes next</h3>"
                   f"<p>{PARA}</p></div>")
    assert PARA.strip() in text and "Another story" not in text
    assert "Zobacz także" not in text
    assert "What comes next" in text  # a heading of the story's own text stays


def test_a_heading_whose_box_kept_its_text_stays() -> None:
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 2 +
                   "<div class='x3'><h3>The vote</h3>" + f"<p>{PARA * 2}</p>" + "</div>" +
                   f"<p>{PARA * 2}</p>" + "</div>")
    assert "The vote" in text


def test_a_rating_prompt_after_the_last_paragraph_is_not_a_closing_sentence() -> None:
    # its last line, "Loading...", ends in a stop but is no sentence
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 4 +
                   "<p>Möchten Sie den Artikel teilen?</p>"
                   "<p>War der Artikel nützlich?<br>(95 Stimmen: 4,73 von 5)<br>Loading...</p></div>")
    assert PARA.strip() in text
    assert "nützlich" not in text and "teilen" not in text


def test_a_closing_sentence_after_a_line_break_stays() -> None:
    closing = "We will keep following the works and report back on them next spring."
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 4 + f"<p>Update:<br>{closing}</p></div>")
    assert closing in text


def test_a_breadcrumb_trail_before_the_first_paragraph_goes_by_its_shape() -> None:
    trail = ("<div class='x5'><span class='x6'>Sie sind hier:</span> <span><a href='/'>Startseite"
             "</a><span class='x9'>1</span></span> <span>/</span> <span><a href='/blog/'>Blog</a>"
             "<span class='x9'>2</span></span> <span>/</span> <span>Die Brücke wird neu gebaut</span></div>")
    text = article("<div class='x2'>" + trail + f"<p>{PARA * 2}</p>" * 3 + "</div>")
    assert PARA.strip() in text
    assert "Startseite" not in text and "Sie sind hier" not in text


def test_links_with_slashes_in_prose_or_after_the_first_paragraph_stay() -> None:
    prose = ("<p>Read the <a href='/a'>council minutes</a> / <a href='/b'>the vote</a> and the"
             " mayor's letter, which explain why the works take two years.</p>")
    late = "<p><a href='/'>Home</a> &gt; <a href='/news/'>News</a> &gt; Bridge</p>"
    text = article("<div class='x2'>" + prose + f"<p>{PARA * 2}</p>" * 3 + late + f"<p>{PARA * 2}</p></div>")
    assert "council minutes / the vote" in text and "Home > News > Bridge" in text


def test_an_author_line_above_the_date_line_under_the_title_goes_with_it() -> None:
    from native_host.page.content import trim_head

    story = PARA * 2
    assert trim_head(f"# The bridge\n\nChristoph von Eichhorn\n\nAktualisiert: 11.04.2020, 10:27\n\n{story}") \
        == f"# The bridge\n\n{story}"
    kept = f"# The bridge\n\nA short line.\n\nAktualisiert: 11.04.2020, 10:27\n\n{story}"
    assert trim_head(kept) == kept  # a sentence, not a name: nothing is dropped


def test_a_heading_left_alone_once_its_form_went_goes_too() -> None:
    # a form is never the article's: its box's heading heads nothing once it went
    form = ("<div class='x5'><h3>Leave a Reply</h3><form action='/post'><p><label>Name</label>"
            "<input name='n'></p><p><textarea name='c'></textarea></p></form></div>")
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 3 + form + f"<p>{PARA} The end.</p></div>")
    assert "The end." in text and "Leave a Reply" not in text


def test_an_ad_slots_label_left_alone_goes_but_a_section_so_headed_stays() -> None:
    ads = ("<div class='x6'><h3>Advertisement</h3><iframe src='https://ads.example/1'></iframe></div>"
           "<center> - Anzeige - <br><a href='https://ads.example/2'><img src='/b.png'></a></center>"
           "<div class='x7'><span>Reklama</span><script>slot()</script></div>")
    text = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 2 + ads + f"<p>{PARA} The end.</p></div>")
    assert "The end." in text
    assert "Advertisement" not in text and "Anzeige" not in text and "Reklama" not in text
    # a privacy notice's section about advertising is text with its heading
    policy = article("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 2 + "<h2>Werbung</h2>"
                     f"<p>{PARA}</p><p>{PARA} The end.</p></div>")
    assert "Werbung" in policy
