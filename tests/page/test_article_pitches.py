"""Support pitches and teaser cards told by where their links lead (issue 15, session 13;
`native_host/page/donations.py`, `teaserlinks.py`): a short box at an edge of the article that links to a
membership or donation platform (Steady, Patreon, Ko-fi, PayPal.me…) is the site asking for
money, whatever its words or class."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(before: str, after: str = "") -> str:
    body = ("<div class='x2'>" + f"<p>{PARA * 2}</p>" * 3 + before + f"<p>{PARA * 2}</p>" * 3 + after
            + "</div>")
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_pitch_that_links_to_a_membership_platform_goes_with_its_box() -> None:
    for href in ("https://steadyhq.com/en/verfassungsblog", "https://www.patreon.com/somesite",
                 "https://ko-fi.com/somesite", "https://paypal.me/somesite",
                 "https://www.paypal.com/donate?hosted_button_id=ABC"):
        text = article("", "<div class='x7'><h2>While you are here…</h2><p>If you enjoyed reading this post – "
                       f"would you consider supporting our work? Just click <a href='{href}'>here</a>. "
                       "Thanks!</p><p>All the best, Max</p></div>")
        assert "supporting our work" not in text and "While you are here" not in text, href
        assert "All the best" not in text and PARA.strip() in text


def test_a_platform_named_mid_story_and_a_fundraiser_stay() -> None:
    short = ("The artist says the money readers give each month keeps the studio open; her page on "
             "<a href='https://www.patreon.com/artist'>Patreon</a> lists 300 supporters.")
    text = article(f"<p>{short}</p>", "<p>Neighbours gave through <a href='https://www.gofundme.com/f/studio'>"
                   "a fundraiser</a> too.</p>")
    assert "lists 300 supporters" in text and "Neighbours gave through a fundraiser too." in text


def test_a_card_that_links_one_other_page_from_its_headline_picture_and_read_more_goes() -> None:
    card = ("<article class='x9'><h3><a href='/stars/holiday-202326.html'>Heiß, heißer: so zeigt sich das "
            "Supermodel im Urlaub!</a></h3><a href='/stars/holiday-202326.html'><img src='/p.jpg' alt=''></a>"
            "<div>Sommerzeit ist Urlaubszeit, das lässt sie sich nicht zwei Mal sagen und verschönert "
            "aktuell die griechische Insel mit ihrer Anwesenheit, am Strand und im Hafen. Seht selbst! "
            "<a href='/stars/holiday-202326.html'>Weiterlesen</a></div></article>")
    text = article(card)
    assert "Sommerzeit" not in text and "Supermodel" not in text and PARA.strip() in text


def test_a_source_cited_twice_and_a_page_of_cards_stay() -> None:
    cited = ("<p>The <a href='https://example.org/report'>report</a> found that fares rose by a third; "
             "<a href='https://example.org/report'>its authors</a> want a cap.</p>")
    assert "its authors want a cap" in article(cited)
    cards = "".join(f"<div><h3><a href='/post-{n}'>Post number {n} of the blog</a></h3><p>{PARA}"
                    f"<a href='/post-{n}'>Read more</a></p></div>" for n in range(8))
    text = extract(parse(f"<html><body><div>{cards}</div></body></html>"))
    assert "Post number 3 of the blog" in text


# follow-us boxes (`native_host/page/follows.py`, session 14): told by links to the site's own
# profiles on two networks or more, whatever their words
def test_a_follow_box_that_links_the_sites_profiles_on_several_networks_goes() -> None:
    box = ("<div class='x4'><em>Síguenos en <a href='https://t.me/ElUniversalVzla'>Telegram</a>, "
           "<a href='https://www.instagram.com/eluniversal/'>Instagram</a>, <a href='https://facebook.com/"
           "eluniversal'>Facebook</a> y <a href='https://twitter.com/ElUniversal'>Twitter</a> para recibir "
           "en directo todas nuestras actualizaciones</em></div>")
    text = article(box)
    assert "Síguenos" not in text and "actualizaciones" not in text and PARA.strip() in text


def test_a_closing_sentence_that_ends_in_profile_links_stays() -> None:
    # the italics hold only the links and a few words, but they are part of the sentence, not a
    # box (set mid-story here: at the very end, the tail walk's channel-call rule judges it)
    closing = ("<p><em>What do you think? Interested in the new season? <em>Let us know down below in the "
               "comments or carry the discussion over to our <a href='http://twitter.com/knowtechie'>Twitter"
               "</a> or <a href='http://facebook.com/knowtechie'>Facebook</a></em>.</em></p>")
    text = article(closing)
    assert "Let us know down below in the comments or carry the discussion" in text


def test_posts_and_one_network_named_in_the_story_stay() -> None:
    quoted = ("<p>She answered on <a href='https://twitter.com/mayor/status/1234567'>Twitter</a> and in a "
              "video on <a href='https://www.youtube.com/watch?v=abc'>YouTube</a>.</p>"
              "<p>Her office posts the minutes on <a href='https://facebook.com/cityhall'>Facebook</a>.</p>")
    text = article(quoted)
    assert "She answered on Twitter and in a video on YouTube." in text
    assert "posts the minutes on Facebook." in text


def test_a_card_drawn_with_custom_link_elements_goes() -> None:
    # web components that take an href (<pp-link>, <pp-button>) are the page's links too
    faq = "https://www.example.de/DE/Corona/faq.html"
    card = (f"<pp-inline-teaser><pp-link href='{faq}'><h3>FAQs Betrieblicher Infektionsschutz</h3></pp-link>"
            "<div><p>Erhalten Sie Antworten auf Ihre Fragen zum Thema Betrieblicher Infektionsschutz.</p></div>"
            f"<pp-button text='Zu den FAQs' href='{faq}'></pp-button></pp-inline-teaser>")
    text = article(card)
    assert "Erhalten Sie Antworten" not in text and "FAQs Betrieblicher" not in text and PARA.strip() in text


# lists of other pages' excerpts (`native_host/page/excerpts.py`, session 22): every item a
# link to another page and its text cut short
def _excerpts(cut: str = "...", links: bool = True, n: int = 4) -> str:
    def title(i: int) -> str:
        return f"<a href='/2012/story-{i}'>Story number {i} of the site</a>" if links else f"Story number {i}"
    return "<ul>" + "".join(f"<li>{title(i)}<br><small>The first lines of story {i}, about the "
                            f"harbour, the ferries and the new timetable, cut where the widget stops "
                            f"{cut}</small></li>" for i in range(n)) + "</ul>"


def test_a_list_whose_every_item_is_a_link_with_its_text_cut_short_goes() -> None:
    for cut in ("...", "…", "[…]", "[...]", "wo..."):
        text = article("", f"<h2>Further reading</h2>{_excerpts(cut)}")
        assert "Story number 2" not in text and "widget stops" not in text, cut
        assert PARA.strip() in text


def test_a_list_cut_short_without_links_or_not_in_every_item_and_a_page_of_excerpts_stay() -> None:
    assert "Story number 2" in article(_excerpts(links=False))  # a story's list that trails off
    mixed = _excerpts().replace("widget stops ...</small></li></ul>", "widget stops.</small></li></ul>")
    assert "Story number 3" in article(mixed)
    page = extract(parse(f"<html><body><div><p>{PARA}</p>{_excerpts(n=12)}</div></body></html>"))
    assert "Story number 11" in page  # a blog's front page: the excerpts are what it is
