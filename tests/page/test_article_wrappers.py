"""Page wrappers, boxes and ends of articles on pages nobody tuned for (issue 15, session 7)."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The new level passes can be ordered now, by e-mail, by post or by phone, and each "
        "stage asks the swimmers for several exercises, in the water and on land, with theory "
        "questions at the lower levels, so that every club trains to one standard. ")
STORY = "".join(f"<p>{PARA} Part {i}.</p>" for i in range(3))


def page(body: str) -> str:
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_call_to_action_box_in_the_article_goes() -> None:
    cta = ("<div class='wp-block-cta'><h3>While you are here…</h3><p>If you enjoyed reading this "
           "post, would you consider supporting our work? Just click <a href='https://steadyhq.com/x'>"
           "here</a>. Thanks!</p></div>")
    donate = ("<div class='donation-box'><p>We keep the magazine free of a paywall; help us with "
              "a small contribution <a href='/support'>here</a>.</p></div>")
    text = page(f"<article>{STORY}{cta}{donate}<p>{PARA} The end.</p></article>")
    assert "The end." in text
    assert "While you are here" not in text and "supporting our work" not in text
    assert "small contribution" not in text


def test_a_box_whose_name_only_contains_the_letters_stays() -> None:
    # "octane", "dictation": no call-to-action word in the name
    text = page(f"<article>{STORY}<div class='octane-facts'><p>{PARA} Facts.</p></div>"
                f"<div class='dictation'><p>{PARA} Dictated.</p></div></article>")
    assert "Facts." in text and "Dictated." in text
