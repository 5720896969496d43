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


def _ending(box: str) -> str:
    return extract(parse(f"<html><body><div class='x1'><h1>Council closes the old bridge</h1>{_STORY}{_STORY}"
                         f"{box}</div></body></html>"))


def test_the_authors_box_goes_when_its_class_says_nothing():
    # a label over the name and the bio, or the name on its line over a bio that opens with it
    # and says the person writes (session 23, half B: names scrambled; the boilerplate check)
    for box, gone in (("<div class='q1'><div class='q2'>AUTOR</div><h3>Dr. Thomas Schulte</h3><p>ist "
                       "Gründungspartner und Namensgeber der Kanzlei Schulte.</p></div>", "Gründungspartner"),
                      ("<div class='q1'><p>Autoreninfo</p><p>Moritz Gathmann leitet das Ressort Berliner Republik "
                       "bei Cicero. Er war viele Jahre Korrespondent in Russland</p></div>", "Moritz Gathmann"),
                      ("<div class='q1'><img src='/a.jpg'><div><a href='/author/stella-kim'>Stella Kim</a><p>Stella "
                       "Kim is an NBC News freelance producer based in Seoul.</p></div></div>", "Stella Kim"),
                      ("<div class='q1'><a href='/autor/helene-park'>Helene Park</a><p>Helene Park schreibt über "
                       "Technik, Datenschutz und die Menschen, die das Internet bauen.</p></div>", "Helene Park")):
        text = _ending(box)
        assert gone not in text and "northern crossing" in text, box


def test_a_box_shaped_pair_the_story_goes_on_under_stays():
    # an author's box stands at the text's edge; a name over a bio-like paragraph with the
    # story going on under it is the story's (session 23, the lead's review)
    for box in ("<p><b>Peter Hall</b></p><p>Peter Hall writes for the parish newsletter and was the first to "
                "report the cracks.</p>",
                "<h2>About the author</h2><p>Jane Smith is a historian and the author of three books on the "
                "bridge.</p>",
                "<h2>Der Autor</h2><p>Thomas Müller lebt in Berlin und schreibt Romane über das Meer.</p>"):
        text = _ending(box + "<p>The council will vote again in May, and the engineers expect the repairs to "
                       "take two summers.</p>")
        assert box.rsplit("<p>", 1)[1][:30] in text and "two summers" in text, box


def test_a_name_over_a_paragraph_of_the_story_stays():
    for box in ("<p>Liam Williams</p><p>Liam Williams stand im April gegen den Weltmeister im Ring und kam über "
                "die volle Distanz.</p>",
                "<p>Anna Müller</p><p>Anna Müller ist Lehrerin und schreibt seit Jahren Briefe an den Stadtrat.</p>",
                "<p>John Smith</p><p>John Smith writes to the council every week, and this time they answered.</p>",
                "<h3>Maria Ressa</h3><p>Maria Ressa is a journalist who founded Rappler and won the Nobel Prize.</p>",
                "<h3>CHIP Fazit</h3><p>CHIP Fazit zu BestCrypt: ein solides Werkzeug für Laufwerke.</p>",
                "<h2>Der Autor</h2><p>Der Autor des Gutachtens, ein Ingenieur aus Bonn, hält sie für unsicher.</p>",
                "<p>Autor</p><p>Die Brücke wurde 1932 gebaut und seither zweimal saniert.</p>"):
        text = _ending(box)
        last = box.rsplit("<p>", 1)[1][:30]
        assert last in text, box
