"""Blocks inside the chosen article that are not of it (issue 15): picture captions and
credits, "read also" pointers and related-story boxes, ruby readings. The human-judged
corpus (trafilatura-eval) leaves them out of the article."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(body: str) -> str:
    return extract(parse(f"<html><body><nav><a href='/'>Home</a></nav><main><article>"
                         f"<h1>Bridge to be rebuilt</h1>{body}</article></main></body></html>"))


def test_figure_captions_and_photo_credits_are_dropped() -> None:
    text = article(
        f"<p>{PARA * 2}</p>"
        "<figure><img src='/bridge.jpg' alt=''><figcaption>The old bridge at dusk, seen from "
        "the north bank.</figcaption></figure>"
        f"<p>{PARA * 2}</p>"
        "<div class='media'><div class='media__image'><img src='/mayor.jpg'></div>"
        "<p class='media__caption'>Mayor Jane Doe at the vote. Photo: City Press</p></div>"
        f"<p>{PARA * 2}</p>")
    assert PARA.strip() in text
    assert "old bridge at dusk" not in text
    assert "City Press" not in text


def test_a_block_named_caption_far_from_any_picture_or_long_stays() -> None:
    long_caption = "A caption-styled paragraph that is really part of the story. " * 8
    text = article(f"<p>{PARA * 2}</p><p class='caption'>Summary: the bridge reopens in May.</p>"
                   f"<div><img src='/x.jpg'><div class='caption-text'>{long_caption}</div></div>"
                   f"<p>{PARA * 2}</p>")
    assert "the bridge reopens in May" in text  # no picture beside it
    assert long_caption.split(".")[0] in text  # too long for a caption


def test_read_also_pointers_in_any_language_are_dropped() -> None:
    text = article(
        f"<p>{PARA * 2}</p>"
        "<p><strong>Lea también: <a href='/otra-noticia'>Impiden ingreso a Nicaragua a un "
        "reportero estadounidense</a></strong></p>"
        f"<p>{PARA * 2}</p>"
        "<p><em>Czytaj też: <a href='/swiat/1921972'>Wyścig zbrojeń ruszył z kopyta</a></em></p>"
        "<h6><strong>Mire: </strong><a href='/fama/cantante'>El cantante da positivo</a></h6>"
        f"<p>{PARA * 2}</p>")
    assert PARA.strip() in text
    for pointer in ("Impiden ingreso", "Wyścig zbrojeń", "El cantante"):
        assert pointer not in text


def test_paragraphs_that_link_within_their_sentences_stay() -> None:
    inline = ("The engineers' report, published in March: <a href='/report.pdf'>read the full "
              "report</a>, found rust in every pier and recommended closing the bridge.")
    same_page = "Notes: <a href='#fn1'>see the first footnote</a>"
    long_label = "What the five council members who voted against said: <a href='/q'>quotes</a>"
    text = article(f"<p>{PARA * 2}</p><p>{inline}</p><p>{same_page}</p><p>{long_label}</p>"
                   f"<p>{PARA * 2}</p>")
    assert "read the full report" in text
    assert "see the first footnote" in text
    assert "voted against said" in text


def test_a_block_named_related_goes_even_when_its_name_also_says_content() -> None:
    teaser = ("Airlines expect a busy summer: what the recovery means for suppliers across the "
              "region, and why the order books look fuller than they have in years.")
    text = article(f"<p>{PARA * 2}</p>"
                   "<div class='content-related-stories'><h3>Discover now</h3>"
                   f"<p>{teaser} <a href='/x'>More</a></p></div>"
                   f"<p>{PARA * 2}</p>")
    assert PARA.strip() in text
    assert "Airlines expect" not in text and "Discover now" not in text



def test_a_short_label_and_the_links_after_it_are_dropped() -> None:
    text = article(
        f"<p>{PARA * 2}</p>"
        "<h4>Lesen Sie auch</h4><ul><li><a href='/umpflanzen'>Darf ich meine Zaubernuss "
        "umpflanzen?</a></li><li><a href='/giftig'>Ist die Zaubernuss giftig?</a></li></ul>"
        f"<p>{PARA * 2}</p>"
        "<p>Das Thema könnte dich auch interessieren:</p><blockquote class='wp-embedded-content'>"
        "<p><a href='/peelings'>Natur-Peelings selber machen</a></p></blockquote>"
        f"<p>{PARA * 2}</p>")
    assert PARA.strip() in text
    for pointer in ("Lesen Sie auch", "Zaubernuss", "interessieren", "Natur-Peelings"):
        assert pointer not in text


def test_a_label_on_its_own_line_and_lines_of_links_to_other_posts_are_dropped() -> None:
    # "See also" and the blog's other posts, one per line, in one paragraph
    text = article(
        f"<p>{PARA * 2}</p>"
        "<p>Siehe auch<br><a href='/chemtrails'>Die dümmste aller Verschwörungstheorien</a><br>"
        "<a href='/mehr'>Immer mehr Verschwörungsbedürftige</a><br><a href='/zehn'>Verschwörungsspaß "
        "in zehn Minuten</a></p>"
        f"<p>{PARA * 2}</p>")
    assert PARA.strip() in text
    assert "Siehe auch" not in text and "Verschwörungs" not in text
    sources = article(
        f"<p>{PARA * 2}</p>"
        "<p>Quellen<br><a href='https://example.org/a'>https://example.org/report-2019</a><br>"
        "<a href='https://example.org/b'>https://example.org/minutes</a></p>"
        f"<p>{PARA * 2}</p>")
    assert "Quellen" in sources and "https://example.org/minutes" in sources


def test_sources_that_show_their_addresses_and_labels_before_prose_stay() -> None:
    text = article(
        f"<p>{PARA * 2}</p>"
        "<p>Sources used:</p><p><a href='https://example.org/a'>https://example.org/report-2019</a>"
        "<br><a href='https://example.org/b'>https://example.org/minutes</a></p>"
        f"<h3>What happens next?</h3><p>{PARA}</p>")
    assert "https://example.org/report-2019" in text and "Sources used:" in text
    assert "What happens next?" in text


def test_ruby_readings_are_not_read_into_the_text() -> None:
    text = article(
        "<p>" + "<ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rp>(</rp><rt>ぎゃくたい</rt><rp>)</rp></ruby>"
        "をなくすための<ruby>法律<rt>ほうりつ</rt></ruby>ができました。" * 6 + "</p>")
    assert "子どもへの虐待をなくすための法律ができました。" in text
    assert "ぎゃくたい" not in text
