"""The article starts under its title (issue 15, session 8): on a page whose class and id
names say nothing, a comment thread, a footer blurb or a list far below the title heading
does not win over the short story that starts right under it."""

from __future__ import annotations

import pytest
from lxml import etree

from native_host.page import leads, scoring
from native_host.page.anchor import anchor, heading_path
from native_host.page.cleaning import prepare
from native_host.page.measures import Flags
from native_host.page.content import extract
from native_host.page.parse import parse, text_of

El = etree._Element

STORY = ("<p>The pumpkin is roasted until soft, mashed with a little butter, salt and pepper, "
         "and folded into the dough, which rests for half an hour before it is rolled.</p>"
         "<p>Cut circles, fill each with a spoon of the pumpkin, fold and press the edges, then "
         "cook them in salted water until they float, and serve with sage butter.</p>")
COMMENT = ("<div class='x7'><p>Anna, 12 May 2019 at 17:39</p><p>I tried this at the weekend, with "
           "a Hokkaido pumpkin instead of butternut, and it worked well, though the dough was a "
           "little dry, so I added an egg, more water and a pinch of salt, and next time I will "
           "roll it thinner, because mine were thick, heavy and, honestly, too filling.</p></div>")


# between the story and the thread: links to other recipes (text, but no candidate)
MORE = "".join(f"<li><a href='/r{i}'>Another recipe with pumpkin, number {i}, baked</a></li>"
               for i in range(40))


def page(title: str, heading: str, story: str = STORY * 2, comments: int = 8, tag: str = "h1") -> str:
    thread = "".join(COMMENT for _ in range(comments))
    return (f"<html><head><title>{title}</title></head><body><div class='x1'>"
            f"<div class='x2'><{tag}>{heading}</{tag}><div class='x3'>{story}</div></div>"
            f"<ul class='x6'>{MORE}</ul>"
            f"<div class='x4'><h3>Replies</h3><div class='x5'>{thread}</div></div></div></body></html>")


@pytest.mark.parametrize("title, heading", [
    ("Pierogi with pumpkin | Recipes", "Pierogi with pumpkin"),
    # a one-word h1 that begins every declared title (session 9)
    ("Pierogi – recipes with pumpkin and sage", "Pierogi"),
])
def test_the_story_under_the_title_wins_over_a_longer_comment_thread_below(title: str, heading: str) -> None:
    text = extract(parse(page(title, heading)))
    assert "serve with sage butter" in text
    assert "Hokkaido" not in text


@pytest.mark.parametrize("title, heading", [
    ("Pierogi with pumpkin | Recipes", "The Recipe Site"),
    ("Pierogi with pumpkin – Kitchen", "Kitchen"),  # one word, but the title ends with it
])
def test_without_a_title_heading_the_scores_decide_as_before(title: str, heading: str) -> None:
    # the h1 is not the page's title (a site name): nothing anchors the article
    text = extract(parse(page(title, heading)))
    assert "Hokkaido" in text


def test_a_story_far_too_short_for_the_thread_does_not_win(monkeypatch) -> None:
    # under the title scores less than a share of the best: the anchor is not enough
    monkeypatch.setattr(scoring, "_TITLE_SHARE", 10.0)
    text = extract(parse(page("Pierogi with pumpkin | Recipes", "Pierogi with pumpkin")))
    assert "Hokkaido" in text


def test_a_title_set_in_an_h2_anchors_the_story_when_no_h1_is_the_title() -> None:
    text = extract(parse(page("Pierogi with pumpkin | Recipes", "Pierogi with pumpkin", tag="h2")))
    assert "serve with sage butter" in text
    assert "Hokkaido" not in text


BODY = "".join(f"<p>{STORY[3:STORY.index('</p>')]} Part {i}.</p>" for i in range(6))
SUBTITLE = ("The dough rests while the pumpkin roasts: a dish for autumn evenings that "
            "feeds four and keeps a day")


def titled(between: str) -> str:
    # a date line stands between the title's box and the body: the box right before the
    # body holds no lead
    return extract(parse("<html><head><title>Pierogi with pumpkin</title></head><body>"
                         f"<div class='x1'><h1>Pierogi with pumpkin</h1>{between}</div>"
                         f"<div class='x4'>12 May 2024</div><div class='x2'>{BODY}</div></body></html>"))


def test_a_paragraph_between_the_title_and_the_body_is_the_lead() -> None:
    # in the title's box: no <article> holds it, no name says "lead"
    text = titled(f"<p>{SUBTITLE}</p>")
    assert "Part 5." in text
    assert text.index("autumn evenings") < text.index("Part 0.")


def test_a_picture_caption_between_the_title_and_the_body_is_no_lead() -> None:
    caption = "A plate of pierogi with pumpkin, sage butter and walnuts, photographed by Anna"
    root = parse("<html><head><title>Pierogi with pumpkin</title></head><body><div class='x1'>"
                 f"<h1>Pierogi with pumpkin</h1><p>{SUBTITLE}</p></div><div class='x5'>"
                 f"<img src='p.jpg'><p>{caption}</p></div><div class='x2'>{BODY}</div></body></html>")
    body = root.find("body")
    where = anchor(body, heading_path(root))
    prepare(body, Flags(), "")
    first = body.find("div[@class='x2']")
    found = [" ".join(text_of(el).split()) for el in leads.title_leads(first, where, Flags())]
    assert found == [SUBTITLE]


# an article header drawn as a row of boxes (no <header>, no names): the title's box with its
# date line and lead, the lead picture with its caption beside it, all in a caption's size
DEK = "The dough rests while the pumpkin roasts: a dish for autumn evenings that feeds four."
CAPTION = "Pierogi with pumpkin and sage butter (photo: Anna Nowak)"


def header_row(lead: str, body: str = BODY) -> El:
    return parse("<html><head><title>Pierogi with pumpkin</title></head><body><div class='x1'>"
                 f"<div class='x6'><h1>Pierogi with pumpkin</h1><p>12 May 2024</p><p>{lead}</p></div>"
                 f"<div class='x7'><img src='p.jpg'><p>{CAPTION}</p></div></div>"
                 f"<div class='x2'>{body}</div></body></html>")


def found_leads(root: El) -> list[str]:
    body = root.find("body")
    where = anchor(body, heading_path(root))
    prepare(body, Flags(), "")
    first = body.find("div[@class='x2']")
    return [" ".join(text_of(el).split()) for el in leads.title_leads(first, where, Flags())]


def test_a_sentence_in_the_titles_box_before_the_picture_is_the_lead_not_a_caption() -> None:
    # before, the picture in the same small row made every paragraph there a caption
    assert found_leads(header_row(DEK)) == [DEK]
    text = extract(header_row(DEK))
    assert text.index("autumn evenings") < text.index("Part 0.")
    assert "photo: Anna" not in text


def test_a_line_in_the_titles_box_that_is_no_sentence_is_still_no_lead() -> None:
    # a source and date line of a lead's length, its names scrambled: not the header's lead
    assert found_leads(header_row("AFP 30 April 2024 at 07:19 (updated: 30 April 2024 at 07:38)")) == []


def test_the_headers_lead_is_not_one_of_the_three_leads_above_the_body() -> None:
    # the story's first paragraphs set above its body (an advert between): with the header's
    # lead they are four, which is still a lead, not a list of teasers
    start = "".join(f"<p>{STORY[3:STORY.index('</p>')]} Start {i}.</p>" for i in range(3))
    root = parse("<html><head><title>Pierogi with pumpkin</title></head><body><div class='x1'>"
                 f"<div class='x6'><h1>Pierogi with pumpkin</h1><p>{DEK}</p></div>"
                 f"<div class='x7'><img src='p.jpg'></div></div><div class='x8'>{start}</div>"
                 f"<div class='x2'>{BODY}</div></body></html>")
    assert len(found_leads(root)) == 4
