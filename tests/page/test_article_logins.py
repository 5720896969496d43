"""Log-in and sign-up boxes told by their password field, whatever their names (issue 15,
session 16: page/logins.py)."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

SHORT = ("New York is the centre of the pandemic, and sport there has come to a halt: "
         "the leagues have stopped their seasons until further notice.")
LONG = " ".join([SHORT] * 3)


def page(body: str) -> str:
    return extract(parse(f"<html><body>{body}</body></html>"))


# a log-in dialog whose names say nothing: the form, then panels of a heading over a note
PANELS = "".join(f"<div class='x{i}'><div class='y'><h2>Step {i}</h2><p>Please confirm the link in "
                 "the e-mail we sent you within 24 hours to complete your registration, "
                 f"then sign in again ({i}).</p></div></div>" for i in range(8))
DIALOG = ("<div class='q7'><div class='q8'><div class='q9'><form action='#'><h2>Log in</h2>"
          "<p>Sign in with your account.</p><input type='email' name='email'>"
          "<input type='password' name='pw'></form></div>" + PANELS + "</div></div>")


def test_a_nameless_log_in_dialog_is_not_the_article() -> None:
    text = page(f"<div class='a1'><h1>Sport stops</h1><div class='a2'><p>{SHORT}</p></div></div>" + DIALOG)
    assert SHORT in text
    assert "registration" not in text


def test_the_same_without_any_html5_or_paragraph_tags() -> None:
    soup = DIALOG.replace("<p>", "<div>").replace("</p>", "</div>").replace("<h2>", "<div>").replace("</h2>", "</div>")
    text = page(f"<div><h1>Sport stops</h1><div><div>{SHORT}</div></div></div>" + soup)
    assert SHORT in text
    assert "registration" not in text


def test_a_page_wrapped_in_one_form_with_a_log_in_field_keeps_its_story() -> None:
    # ASP.NET wraps the page in one form; its header's log-in box sits in it
    text = page("<form id='aspnetForm' action='/default.aspx'><div class='top'>"
                "<input type='text' name='user'><input type='password' name='pw'></div>"
                f"<div class='c'><h1>Sport stops</h1><p>{LONG}</p><p>{LONG}</p></div></form>")
    assert LONG in text


def test_a_column_with_the_story_beside_a_log_in_widget_keeps_the_story() -> None:
    # the title in a band above; the story and the widget share a row
    text = page("<div class='band'><h1>Sport stops</h1></div><div class='row'>"
                f"<div class='col'><p>{LONG}</p><p>{LONG}</p></div>"
                "<div class='col2'><form><input type='password' name='pw'></form><p>Members only.</p></div></div>")
    assert LONG in text


def test_a_story_in_div_soup_beside_a_log_in_widget_keeps_the_story() -> None:
    # no <p> at all: the story's long run of text stops the climb
    text = page("<div class='band'><h1>Sport stops</h1></div><div class='row'>"
                f"<div class='col'><div>{LONG}</div><div>{LONG}</div></div>"
                "<div class='col2'><form><input type='password' name='pw'></form><div>Members only.</div></div></div>")
    assert LONG in text


def test_a_page_wrapped_in_one_form_around_one_box_keeps_its_story() -> None:
    # the form is all the chosen box's parent holds: Readability's climb makes it the
    # article, and a form that holds most of the article is the page's wrapper, not a form
    text = page(f"<form id='aspnetForm' action='/default.aspx'><div class='c'><h1>Sport stops</h1>"
                f"<p>{LONG}</p><p>{LONG}</p></div></form>")
    assert LONG in text


def test_a_sign_up_form_inside_the_story_still_goes() -> None:
    text = page(f"<article><h1>Sport stops</h1><p>{LONG}</p><form action='/join'><p>Join our club "
                "for updates on every league, every week.</p><input type='email' name='e'></form>"
                f"<p>{LONG}</p></article>")
    assert LONG in text
    assert "Join our club" not in text
