"""Where the article is and where it ends, on pages nobody tuned for (issue 15, session 6)."""

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
              "events</h2><p>Masters, juniors, the league finals, "
              "in Kassel.</p></div></div></div>")
    story = ("<div id='col_2'><div class='news'><div class='right'>"
             + "".join(f"<p>{PARA}</p>" for _ in range(4)) + "</div></div></div>")
    text = page(f"<div id='all'><div id='content'>{events}{story}</div></div>")
    assert "every club trains" in text
    assert "Upcoming events" not in text and "league finals" not in text


STORY = "".join(f"<p>{PARA} Part {i}.</p>" for i in range(5))


def ending(tail: str) -> str:
    """The text of a story that ends with ``tail`` (the story itself all there)."""
    text = page(f"<article>{STORY}{tail}</article>")
    assert "Part 4." in text
    return text


def test_calls_to_follow_or_subscribe_at_the_end_go() -> None:
    text = ending("<p><strong>Follow The Gleaner on Twitter and Instagram @JamaicaGleaner and on "
                  "Facebook.</strong></p>"
                  "<p>¿Ya sabías que tenemos canal de Telegram? Únete desde tu celular en este "
                  "<a href='https://t.me/example'>enlace de invitación</a>.</p>")
    assert "Gleaner" not in text and "Telegram" not in text


def test_a_story_that_ends_on_a_network_or_an_app_store_keeps_its_end() -> None:
    # named in the story's own words, with no call set apart or linked to the network
    end = ("<p>The app costs 50 euros in the Mac App Store and needs macOS 10.10; Android "
           "and iOS versions follow, <a href='/prices'>as our price list shows</a>.</p>")
    assert "Mac App Store" in ending(end)


def test_contact_details_under_a_press_release_go_but_a_sentence_with_an_address_stays() -> None:
    contact = ("<p>Kontakt:</p><p>Dr. Hendryk Bockelmann<br>Deutsches Klimarechenzentrum, DKRZ<br>"
               "E-Mail: bockelmann@dkrz.de</p><p>Dr. Niklas Röber<br>NVIDIA<br>"
               "E-Mail: nroeber@nvidia.com</p>")
    text = ending(contact)
    assert "Kontakt" not in text and "nvidia.com" not in text
    asked = ("<p>Weitere Informationen erteilt Anne Althaus in der Leitstelle unter Tel. 02382 "
             "59743 (althausa@stadt.ahlen.de).</p>")
    assert "althausa@stadt.ahlen.de" in ending(asked)


def test_a_labelled_date_line_under_the_title_and_subtitle_goes() -> None:
    head = ("<h1>Wie Umweltzerstörung neue Epidemien begünstigt</h1><h2>Sars-CoV-2 stammt von "
            "einem Tier.</h2><p>Aktualisiert: 11.04.2020, 10:27</p>")
    text = page(f"<article>{head}{STORY}</article>")
    assert "Sars-CoV-2" in text and "Part 4." in text
    assert "Aktualisiert" not in text


def test_a_publication_stamp_near_either_edge_goes_though_a_short_line_follows_it() -> None:
    # the byline and the stamp above a one-line caption (too short to count as the body's first
    # paragraph for the head trim), and the "published" stamp under the story
    head = ("<h1>Wie Umweltzerstörung neue Epidemien begünstigt</h1><h2>Sars-CoV-2 stammt von "
            "einem Tier.</h2><p>Christoph von Eichhorn</p><p>Aktualisiert: 11.04.2020, 10:27</p>"
            "<p>Forscher warnten schon 2018 vor einem neuartigen Coronavirus.</p>")
    text = page(f"<article>{head}{STORY}<p>Publiziert: 03.04.2020, 12:35</p><p>{PARA}</p></article>")
    assert "Part 4." in text and "Forscher warnten schon 2018" in text
    assert "Aktualisiert" not in text and "Publiziert" not in text


def test_a_line_of_two_stamps_published_and_last_changed_goes_too() -> None:
    stamps = "<p>Pubblicato il 19 Febbraio 2020 &nbsp; Ultima modifica 19 Febbraio 2020 12:02</p>"
    text = page(f"<article><p>{PARA}</p>{stamps}{STORY}</article>")
    assert "Part 4." in text and "Pubblicato" not in text and "Ultima modifica" not in text
    both = "<p>Veröffentlicht am 3.5.2021 | Aktualisiert am 4.5.2021</p>"
    assert "Veröffentlicht" not in page(f"<article>{STORY}{both}</article>")


def test_the_storys_own_dates_stay() -> None:
    dates = ("<p>Termin: 29.02.2020, 19 Uhr</p><p>Updated: 12/03/2021: the council voted again.</p>"
             "<p>Published on 3 May 2021, updated on 4 May 2021 after the vote.</p>")
    text = page(f"<article>{STORY}{dates}<p>{PARA}</p></article>")
    assert "Termin: 29.02.2020, 19 Uhr" in text and "Updated: 12/03/2021: the council voted again." in text
    assert "after the vote" in text


def test_a_table_of_signatories_does_not_outscore_the_letter_they_signed() -> None:
    # each "Name, role" line has a comma: counted as clauses, the two cells outscored the
    # letter's paragraphs and the signatories were the whole extract
    names = "".join(f"Mia Bay{i}, historian<br>" for i in range(30))
    letter = "".join("<p>Our cultural institutions are facing a moment of trial, and the free "
                     "exchange of ideas is becoming more constricted every day. We refuse any "
                     "false choice between justice and freedom, which cannot exist without "
                     f"each other. Paragraph {i}.</p>" for i in range(6))
    text = page(f"<div class='letter'>{letter}<table><tbody><tr><td>{names}</td><td>{names}</td>"
                "</tr><tr><td></td><td></td></tr></tbody></table></div>")
    assert "Paragraph 0." in text and "Paragraph 5." in text


def test_copyright_and_licence_notices_under_the_article_go() -> None:
    notices = ("<p><em>© 2022, Example News. This article is the copyrighted property of Example "
               "News. Written permission must be obtained before reprint in online or print media. "
               "Reprinting content without permission and payment is theft and punishable by "
               "law.</em></p><p>Dieser Text wurde veröffentlicht unter der Lizenz "
               "<a href='/lizenz'>CC-BY-NC-ND-4.0-DE</a>. Die Fotos dürfen nicht verwendet werden.</p>")
    text = ending(notices)
    assert "copyrighted" not in text and "Lizenz" not in text
    # a "©" inside the story's own last words is not a notice
    joke = ("<p>This is not supposed to be a manifesto™© — we just think it is pretty cool to "
            "share what we have learned so far, and we hope that you will do the same, because "
            "we are all in this together and the web is better when people write.</p>")
    assert "manifesto" in ending(joke)


def test_a_paragraph_of_links_to_other_posts_under_the_article_goes() -> None:
    posts = "<br>".join(f"<a href='/2013/{i}'>Another post of this blog, number {i}</a>" for i in range(6))
    text = ending(f"<p>Siehe auch<br>{posts}</p>")
    assert "Siehe auch" not in text and "number 3" not in text
    # one link may close the story's own text
    assert "ad blocking" in ending("<p>Read more about <a href='/adblock'>ad blocking here</a>.</p>")


def test_a_comment_form_does_not_outscore_a_short_story() -> None:
    # names say nothing: the form's consent lines and labels, with their commas, outscored
    # the two-paragraph story, and the form (dropped when cleaned) left only its heading
    story = ("<div class='a3'><h1>Truckwash A31</h1><p>Since early 2019 we wash lorries in four "
             "large bays in Rhede, right by the A31, with staff who like the work. Special "
             "vehicles can use a self-service bay day and night.</p><p>Ottostraße 14<br>26899 "
             "Rhede</p></div><div class='n'><a href='/a30'>Truckwash A30</a> <a href='/a32'>"
             "Truckwash A32</a></div>")
    form = ("<div class='b7'><h3>Leave a Reply</h3><form action='/post' method='post'>"
            "<p>Your e-mail address will not be published, required fields are marked, and "
            "your comment, name, site and address are kept with it.</p>"
            "<p><label>Comment</label><textarea name='c'></textarea></p>"
            "<p><label>Name, required</label><input name='n'></p>"
            "<p><input type='checkbox' name='s'> Save my name, e-mail and website in this "
            "browser for the next time, so that I need not type them, I comment.</p>"
            "<p>By sending it you agree that we store, process and, where the law asks, pass on "
            "your data, as our privacy notice, which you can read at any time, explains.</p>"
            "<p><input type='submit' value='Post Comment'></p></form></div>")
    text = page(f"<div class='a1'><div class='a2'>{story}{form}</div></div>")
    assert "self-service bay" in text
    assert "privacy notice" not in text
    # a page wrapped in one big form (ASP.NET) is still read inside it, not in a box beside
    long_story = "".join(f"<p>{PARA} Part {i}.</p>" for i in range(9))
    beside = "".join(f"<p>{PARA} Box {i}.</p>" for i in range(7))
    wrapped = page(f"<form action='/page.aspx'><div class='h'><a href='/'>Home</a></div>"
                   f"<div class='c'>{long_story}</div><div class='f'>Contact, 2021</div></form>"
                   f"<div class='s'>{beside}</div>")
    assert "Part 8." in wrapped and "Box 1." not in wrapped


REGION = ("The region lies in the north of the country, along the middle course of the river, "
          "about 120 by 40 kilometres, and takes its name from one of the river's tributaries. ")


def test_text_set_straight_in_a_box_beside_its_map_and_table_is_the_article() -> None:
    # no <p>: the text stands in the box between a floated map, <br>s and a table; before,
    # only paragraphs scored, and a shipping box with two <p>s was the page's text
    story = (f"<div class='c1'><h1>The wine region</h1><div class='c2'><div class='c3' "
             f"style='float:right'><img src='/map.svg'><br><small>Map: own work</small></div>"
             f"{REGION} Part 1.<br><br>{REGION} Part 2.<br><br>{REGION} Part 3.<table><tr><th>Aged"
             f"</th><td>24 months</td><td>36 months</td></tr><tr><th>In cask</th><td>12 months</td>"
             f"<td>12 months</td></tr><tr><th>White</th><td>6</td><td>6</td></tr></table>"
             f"{REGION} Part 4.</div></div>")
    box = ("<div class='m1'><div class='m2'><p>We deliver by parcel service, in two to four "
           "working days, packed safely, and you can follow your parcel online, from our store to "
           "your door.</p><p>Orders of more than six bottles, wherever in the country, travel "
           "free of charge, insured, and with a note from us.</p></div></div>")
    text = page(story + box)
    assert "Part 1." in text and "Part 4." in text and "24 months" in text
    assert "parcel" not in text


def test_loose_text_in_a_box_above_the_body_is_no_lead() -> None:
    # a site's welcome blurb set straight in a box with its close link, right above the story:
    # as a paragraph it would pass for the story's standfirst
    welcome = ("<div class='w1'><div class='w2'>Welcome to the club's pages. We are an independent "
               "association that writes about politics, economics, history and culture, and sends "
               "petitions. <div class='w3'><a href='#'>Close</a></div></div></div>")
    body = "".join(f"<p>{REGION} Story {i}.</p>" for i in range(5))
    text = page(f"<div class='s0'>{welcome}<div class='s2'>{body}</div></div>")
    assert "Story 4." in text and "Welcome" not in text


def test_a_standfirst_in_a_box_of_its_own_above_the_body_is_kept() -> None:
    # the lead set in a component's box between the date line and the picture credit, above
    # the body's box: judged beside the body as its paragraph would be (Readability.js puts
    # such a paragraph in its box's place before it gathers the siblings)
    intro = ("<div class='intro'><p>The federation has chosen the level passes for the season: "
             "seven stages, each with a test on land, set out in one booklet for every club.</p></div>")
    body = "".join(f"<p>{PARA} Story {i}.</p>" for i in range(4))
    text = page(f"<div class='row'><div class='pubdate'>By the federation, 4. 2. 2022.</div>{intro}"
                f"<div class='media'>© Federation</div><div class='body'>{body}</div></div>")
    assert "seven stages" in text and "Story 3." in text


def test_a_boxed_paragraph_below_the_body_or_not_ending_as_prose_is_not_taken_so() -> None:
    # below the body, a box of one paragraph is a call or a note of the site; above it, one
    # that ends in a link's words ("Find out more") is a teaser, not a standfirst
    teaser = ("<div class='t'><p>Swimming gear for the new season, goggles, caps and fins, tested "
              "by our editors in the water <a href='/gear'>Find out more</a></p></div>")
    note = ("<div class='n'><p>Watch what our channel has for you: the clubs' training, the "
            "finals and the stages, every week, with the coaches' tips.</p></div>")
    body = "".join(f"<p>{PARA} Story {i}.</p>" for i in range(4))
    text = page(f"<div class='row'>{teaser}<div class='media'>© Federation</div>"
                f"<div class='body'>{body}</div>{note}</div>")
    assert "Story 3." in text
    assert "goggles" not in text and "channel" not in text


def test_a_caption_under_its_picture_in_the_box_before_the_body_is_no_lead() -> None:
    # a picture and its caption drawn as boxes (no <figure>, names that say nothing) right
    # before the body's box: the caption comes after its picture; a lead shares its box with
    # the title and stands before the picture
    body = "".join(f"<p>{PARA} Story {i}.</p>" for i in range(4))
    caption = ("<div class='m'><div class='p'><img src='/a.jpg'></div><div class='c'>Volunteers help "
               "with the evacuation, with the injured and with the shelters. Photo: Federation</div></div>")
    text = page(f"<div class='row'>{caption}<div class='body'>{body}</div></div>")
    assert "Story 3." in text and "Volunteers" not in text
    lead = ("<div class='m'><h1>Level passes for every club</h1><p>The federation has chosen the level "
            "passes for the season: seven stages, each with a test on land.</p><div class='p'>"
            "<img src='/b.png'></div></div>")
    text = page(f"<div class='row'>{lead}<div class='body'>{body}</div></div>")
    assert "seven stages" in text and "Story 3." in text
