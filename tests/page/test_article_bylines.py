"""Bylines at the head of an article go, told by their wording when the page's class names
say nothing (page/bylines.py); lines that only begin like one stay."""

from native_host.page.bylines import drop_bylines, is_byline
from native_host.page.content import extract
from native_host.page.parse import parse

_STORY = ("<p>The city council voted on Tuesday to close the old bridge for repairs, after engineers "
          "found cracks in two of its supports during a routine inspection last month.</p>"
          "<p>Traffic will be diverted over the northern crossing for at least six weeks, officials "
          "said, and buses will run on a temporary timetable while the work goes on.</p>")


def _page(head: str) -> str:
    return (f"<html><body><div class='x1'><h1>Council closes the old bridge</h1>{head}{_STORY}"
            "</div></body></html>")


def test_a_byline_with_a_role_and_a_date_goes_when_its_class_says_nothing():
    text = extract(parse(_page("<div class='q7'><span>By Margaret Ellison, Senior Reporter</span>"
                               " · <span>Updated 3 hours ago</span></div>")))
    assert "Margaret Ellison" not in text
    assert "engineers found cracks" in " ".join(text.split())


def test_bylines_in_other_languages_and_of_reviewers_go():
    for line in ("Von Margarete Ellerbrock und Tom Wittke", "Par Jean Dupont", "Door Jan de Vries",
                 "Reviewed by Hansa D. Bhargava, MD", "Written by Rob Ewaschuk", "Di Mario Rossi"):
        assert is_byline(line), line
        assert line.split()[-1] not in extract(parse(_page(f"<p>{line}</p>"))), line


def test_lines_that_only_begin_like_a_byline_stay():
    for line in ("By registering, you agree to our terms", "By Tuesday, it was gone.",
                 "By the end of the year", "Von allein wird es nicht besser!",
                 "Por último, se ofreció que la ANP tome en cuenta", "Von Berlin nach Paris"):
        assert not is_byline(line), line


def test_only_the_head_of_the_text_is_looked_at():
    story = "A paragraph of the story that is long enough to count as the article's first solid one here."
    text = f"# Title\n\n{story}\n\nBy Margaret Ellison\n\n{story}"
    assert drop_bylines(text, solid=160) == text  # below the first paragraph: a quote, a signature…


def test_a_byline_alone_is_not_taken_when_no_paragraph_follows():
    assert drop_bylines("# Title\n\nBy Margaret Ellison", solid=160) == "# Title\n\nBy Margaret Ellison"
