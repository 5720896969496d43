"""Where the article is, on pages nobody tuned for (issue 15, session 6)."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The new level passes can be ordered now, by e-mail, by post or by phone, and each "
        "stage asks the swimmers for several exercises, in the water and on land, with theory "
        "questions at the lower levels, so that every club trains to one standard. ")


def page(body: str) -> str:
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_story_its_wrappers_and_one_box_beside_it_are_not_three_places() -> None:
    # the story's own wrapper (id "content") and a text box in the next column with its
    # wrapper score close to the story: before, they counted as three other candidates and
    # the story climbed to the page wrapper, taking the events box and the partner list
    events = ("<div id='col_1'><div class='textbox'><div class='textbox-text'><h2>Upcoming "
              "events</h2><p>Masters, juniors, open, cup, league finals, "
              "Kassel.</p></div></div></div>")
    story = ("<div id='col_2'><div class='news'><div class='right'>"
             + "".join(f"<p>{PARA}</p>" for _ in range(4)) + "</div></div></div>")
    text = page(f"<div id='all'><div id='content'>{events}{story}</div></div>")
    assert "every club trains" in text
    assert "Upcoming events" not in text and "league finals" not in text
