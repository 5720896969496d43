"""The comment section's notes under the article (issue 15, session 15;
`native_host/page/commentnotes.py`): "Comments are closed.", "You must be logged in to post a
comment." are the publishing software's, never the story's, and the thread between the
section's label and such a note goes with it; a story that talks about comments, logging in or
closing keeps every word."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def page(after: str) -> str:
    body = "<div class='x2'><h1>Bridge</h1>" + f"<p>{PARA * 2}</p>" * 6 + after + "</div>"
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_comments_closed_goes_in_any_language() -> None:
    for words in ("Comments are closed.", "Kommentare sind geschlossen.", "Les commentaires sont fermés.",
                  "Los comentarios están cerrados."):
        text = page(f"<div class='k1'><h3>No comments <span>{words}</span></h3></div>"
                    "<p>Create a free website or blog at WordPress.com.</p>")
        assert words not in text and text.count(PARA.strip()) == 12, words


def test_the_thread_between_the_label_and_the_log_in_note_goes() -> None:
    thread = ("<div class='k3'>KOMMENTARE</div>"
              "<div class='k4'><span>23.09.20 | 18:19</span> <a href='/user/anna'>Anna</a>"
              "<div>I have cut my tomatoes like this for years, glad someone wrote it down!</div></div>"
              "<div class='k4'><span>26.09.20 | 10:40</span> <a href='/user/jutta'>Jutta</a>"
              "<div>Thanks, and a nice weekend to you all!</div></div>"
              "<p>To comment on the tip \"Cutting tomatoes\" you must be logged in.</p>")
    text = page(thread)
    assert "KOMMENTARE" not in text and "nice weekend" not in text and "must be logged in" not in text
    assert text.count(PARA.strip()) == 12


def test_a_story_about_comments_and_logging_in_stays() -> None:
    story = ("<p>The minister said the comments were closed to the press after the session, and that "
             "members must be logged in to vote; the opposition called it a disgrace.</p>"
             "<p>Comments on the plan can be sent until May.</p>"
             # comments and logging in, but nobody told to log in to comment (session 21)
             "<p>Readers who left comments on the council's website said they had to log in twice.</p>")
    text = page(story)
    assert "the comments were closed to the press" in text and "Comments on the plan can be sent until May." in text
    assert "they had to log in twice" in text
    assert text.count(PARA.strip()) == 12


def test_clean_article_text_comes_back_whole() -> None:
    story = ("<article><h1>Bridge to be rebuilt</h1>" + f"<p>{PARA * 2}</p>" * 4
             + "<h2>Comments</h2><p>The plan drew 300 comments; the road closed in May.</p></article>")
    text = extract(parse(f"<html><body>{story}</body></html>"))
    assert "The plan drew 300 comments; the road closed in May." in text and text.count(PARA.strip()) == 8


def test_an_inflected_log_in_note_goes() -> None:
    # "angemeldete Benutzer": the participle inflected, as German writes it before a noun
    words = "Nur angemeldete Benutzer können kommentieren und bewerten."
    text = page(f"<div class='k1'><p>{words}</p></div><p>Fehler beim Speichern: bitte später noch einmal versuchen, "
                "oder nutze das Kontakt-Formular der Redaktion.</p>")
    assert words not in text and text.count(PARA.strip()) == 12
