"""Where an article ends and the page around it begins, on pages nobody tuned for (issue 15):
short chrome after the last paragraph, copyright and disclaimer blocks, an article only a
<noscript> carries, a banner landmark that swallowed the main content."""

from __future__ import annotations

from native_host.page.content import extract, trim_tail
from native_host.page.measures import Flags
from native_host.page.parse import parse
from native_host.page.leads import leads
from native_host.page.scoring import gather

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(body: str) -> str:
    return extract(parse(f"<html><body><nav><a href='/'>Home</a></nav>{body}</body></html>"))


def test_short_lines_after_the_last_paragraph_are_dropped() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<p>Share this article</p>"
                   "<h3>More from the city desk</h3><p>71 comments</p></article>")
    assert PARA.strip() in text
    for chrome in ("Share this article", "More from the city desk", "71 comments"):
        assert chrome not in text


def test_closing_sentences_lists_and_short_articles_stay() -> None:
    closing = "Happy testing, and see you at the next meeting of the council!"
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + f"<p>{closing}</p>"
                   "<ul><li>one</li><li>two</li></ul></article>")
    assert closing in text and "- two" in text
    assert trim_tail("Short.\n\nLines.\n\nOnly.") == "Short.\n\nLines.\n\nOnly."
    long_tail = f"{PARA}\n\n" + "\n\n".join(f"tag {i}" for i in range(30))
    assert trim_tail(long_tail) == long_tail  # never a fifth of the text or more


def test_the_authors_sign_off_stays_and_the_lines_after_it_go() -> None:
    for sign_off in ("<p>Ich wünsche euch allen einen schönen Sonntag &lt;3</p><p>x Franzi</p>",
                     "<p>XX, Die Redaktion</p>", "<p>Bis bald!<br>Herzlichst<br>Eure<br>Martina</p>",
                     "<p>Cheers,<br>Tom</p>", "<p>Un abrazo, Lucía</p>"):
        text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + sign_off + "<p>Share this article</p>"
                       "<p>71 comments</p></article>")
        kept = sign_off.replace("<p>", "").replace("</p>", "\n\n").replace("<br>", "\n").replace("&lt;", "<")
        assert kept.strip() in text, sign_off
        assert "Share this article" not in text and "71 comments" not in text


def test_a_short_line_that_only_begins_like_a_greeting_still_goes() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<p>Love Island: the final</p>"
                   "<p>Cheers to that</p></article>")
    assert "Love Island" not in text and "Cheers to that" not in text


def test_copyright_and_disclaimer_blocks_are_not_the_article() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 +
                   "<div class='copyright'>© 2020 Example Media. All rights reserved.</div>"
                   "<div class='post-disclaimer'>We may earn a commission from links.</div>"
                   f"<p>{PARA}</p></article>")
    assert "All rights reserved" not in text and "commission" not in text


def test_an_article_only_in_noscript_is_found() -> None:
    text = article("<div id='app'></div><noscript><div class='post'>" + f"<p>{PARA * 2}</p>" * 3
                   + "</div></noscript>")
    assert PARA.strip() in text


def test_a_banner_that_swallowed_the_main_content_is_kept() -> None:
    text = article("<header role='banner'><div class='logo'>Site</div><main><article>" +
                   f"<p>{PARA * 2}</p>" * 3 + "</article></main></header>")
    assert PARA.strip() in text


def test_a_nav_that_swallowed_main_is_kept_but_menus_of_teasers_go() -> None:
    text = article("<nav class='navbar'><ul><li><a href='/'>Home</a></li></ul><main><article>"
                   + f"<p>{PARA * 2}</p>" * 3 + "</article></main></nav>")
    assert PARA.strip() in text
    teasers = article("<nav><article><a href='/x'>A teaser headline that reads like a sentence, "
                      "with commas, and more words.</a></article></nav><article>"
                      + f"<p>{PARA * 2}</p>" * 3 + "</article>")
    assert "teaser headline" not in teasers and PARA.strip() in teasers


LEAD = ("Two years after the first study, the city will rebuild the bridge it closed in 2019, "
        "and cyclists get their own lane.")


def test_the_lead_above_the_body_in_the_article_header_is_kept() -> None:
    text = article("<article><div class='head'><h1>Bridge</h1>"
                   f"<p class='standfirst'>{LEAD}</p><p class='byline'>By Ann Writer, city desk, "
                   "with reporting from the council chamber on Tuesday</p></div>"
                   "<div class='body'>" + f"<p>{PARA * 2}</p>" * 4 + "</div></article>")
    assert text.index(LEAD) < text.index(PARA.strip())
    assert "Ann Writer" not in text  # a byline is not the lead


def test_a_standfirst_set_as_a_long_subheading_is_the_lead_and_a_section_title_is_not() -> None:
    dek = ("Kurz vor der Betriebsversammlung mehren sich die Spekulationen, wie viele Stellen "
           "das Werk in diesem Jahr streichen wird.")
    for head in (f"<h2 class='epigraph'>{dek}</h2>", f"<div class='intro'><h3>{dek}</h3></div>"):
        text = article(f"<article><h1>Werk</h1>{head}<div class='body'>"
                       + f"<p>{PARA * 2}</p>" * 4 + "</div></article>")
        assert text.index(dek) < text.index(PARA.strip())
    root = parse("<html><body><article><h1>Bridge</h1><h2>The council's vote on Tuesday</h2>"
                 "<div class='body'>" + f"<p>{PARA * 2}</p>" * 4 + "</div></article></body></html>")
    body = root.find(".//div[@class='body']")
    assert leads(body, body, Flags()) == []  # a section's title, not a sentence or two


def test_no_lead_is_taken_from_outside_the_article_or_from_a_list_of_teasers() -> None:
    outside = article(f"<div class='promo-box'><p>{LEAD}</p></div><article>"
                      + f"<p>{PARA * 2}</p>" * 4 + "</article>")
    assert LEAD not in outside
    teasers = "".join(f"<p>{LEAD} ({i})</p>" for i in range(4))
    page = parse(f"<html><body><main><div>{teasers}</div><div id='body'>"
                 + f"<p>{PARA * 2}</p>" * 4 + "</div></main></body></html>")
    body = page.find(".//div[@id='body']")
    assert leads(body, body, Flags()) == []  # four paragraphs above the body: not one lead
    page.find(".//div").remove(page.find(".//div/p"))
    assert len(leads(body, body, Flags())) == 3


def test_author_box_and_post_metadata_inside_the_article_are_dropped() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 +
                   "<p class='postmetadata'>This entry was posted on Tuesday in News, "
                   "Council and Bridges by the editors.</p><section class='author-bio'>"
                   "<h4>Ann Writer</h4><p>Ann covers the city council and has written about "
                   "bridges, roads and trains for twenty years.</p></section></article>")
    assert PARA.strip() in text
    assert "This entry was posted" not in text and "twenty years" not in text


def test_a_heading_that_ends_the_article_goes_even_after_a_short_paragraph() -> None:
    text = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<h2>Police ask for witnesses</h2>"
                   "<p>Call the police if you saw who moved the branches.</p><h2>Comment on this</h2>"
                   "</article>")
    assert "Call the police" in text and "Comment on this" not in text
    assert trim_tail("## Only headings\n\n## Here") == "## Only headings\n\n## Here"


def test_a_label_over_the_sites_other_stories_that_ends_the_text_goes_drawn_as_a_heading_or_not() -> None:
    # a page drawn of divs: the label is no heading, and what stands before it is no paragraph
    for label in ("Empfohlene Beiträge", "Weitere Tourentipps in Schweden", "Kommentar verfassen",
                  "Related Posts", "À lire aussi :", "Te puede interesar", "Zobacz również",
                  # a link back to the site's start or the page's top (session 21)
                  "Zurück zur Startseite", "Nach oben", "Back to top"):
        text = article("<div class='a1'>" + f"<div>{PARA * 2}</div>" * 4 + "<ul><li>Noch mehr Spots "
                       f"zeigen wir euch in der Fotostrecke:</li></ul><div>{label}</div></div>")
        assert label not in text and "- Noch mehr Spots" in text, label
    story = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<p>Read more about the bridge in the "
                    "council's report.</p></article>")
    assert "Read more about the bridge in the council's report." in story


def test_a_story_the_page_puts_in_an_aside_is_kept_but_forms_in_it_go() -> None:
    text = article("<main><aside class='direct-content'><h1>Prize</h1>" + f"<p>{PARA * 2}</p>" * 3
                   + "<form><p>Sign up for our newsletter to get the news first every day.</p></form>"
                   "</aside></main>")
    assert PARA.strip() in text and "newsletter" not in text
    aside = article("<article>" + f"<p>{PARA * 2}</p>" * 4 + "<aside><p>Read also: the old "
                    "bridge in pictures, from 1902 to its closing.</p></aside></article>")
    assert "old bridge in pictures" not in aside


def test_every_post_of_a_forum_thread_is_kept_not_only_the_first() -> None:
    posts = "".join(f"<article class='message message--post{' is-first' if i == 0 else ''}'>"
                    f"<div><div><p>Post {i}: same here, my cat does that too.</p></div></div></article>"
                    for i in range(4))
    page = parse(f"<html><body><div class='block-body'>{posts}<article class='ad'><p>"
                 "<a href='/x'>Buy cat food now</a></p></article></div></body></html>")
    first, *replies, ad = page.find(".//div").findall("article")
    # the first post scored; the replies' text sits too deep to score into their <article>
    kept = gather(first, {first: 50.0}, Flags())
    assert kept == [first, *replies]  # like items, not the link-only one of another kind


def test_a_product_description_in_a_tab_menu_is_read_but_link_menus_are_not() -> None:
    desc = ("Besonders gut passt er zu asiatischen Gerichten, zu Salaten und zu leichten Desserts; "
            "der Wein ist fruchtig, frisch und lieblich, mit Noten von Erdbeere und Melone.")
    text = article(f"<div class='product'><div class='intro'><p>{PARA * 2}</p><p>{PARA * 2}</p></div>"
                   "<div class='tab-menu--product'><div class='tab--content'>"
                   f"<p>{desc}</p><p>{desc}</p></div></div></div><div class='menu'>"
                   + "".join(f"<a href='/c{i}'>Category number {i} of the shop</a> " for i in range(12))
                   + "</div>")
    assert desc in text and "Category number" not in text


def test_a_standfirst_in_a_box_right_before_the_body_is_kept() -> None:
    lead = ("Prices for heating with pellets rose by a third this winter, and households with "
            "low incomes feel it first, a new study finds.")
    text = extract(parse(
        "<html><body><div class='menu'><a href='/'>Home</a></div><div class='page'>"
        f"<div class='intro-box'><p>{lead}</p></div>"
        "<div class='story-text'>" + f"<p>{PARA * 2}</p>" * 4 + "</div>"
        "<div class='more-box'><p>Other stories from the region, every day, in your inbox and on "
        "the radio and in print.</p></div></div></body></html>"))
    assert lead in text and PARA.strip() in text


def test_no_standfirst_from_a_big_box_or_a_chrome_box_before_the_body() -> None:
    lead = "<p>" + "A standfirst that says what the story is about, in one sentence. " * 2 + "</p>"
    for box in (f"<div class='box'>{lead}<p>{PARA * 9}</p></div>",  # over 1200 characters
                f"<div class='sidebar'>{lead}</div>",  # named as chrome
                f"<div class='box'>{lead * 4}</div>"):  # more paragraphs than a lead has
        root = parse(f"<html><body><div class='page'>{box}<div class='story-text'>"
                     + f"<p>{PARA * 2}</p>" * 4 + "</div></div></body></html>")
        body = root.find("body")
        story = body.find(".//div[@class='story-text']")
        assert leads(story, story, Flags()) == []
    root = parse(f"<html><body><div class='page'><div class='box'>{lead}</div><div class='story-text'>"
                 + f"<p>{PARA * 2}</p>" * 4 + "</div></div></body></html>")
    story = root.find("body").find(".//div[@class='story-text']")
    assert [p.tag for p in leads(story, story, Flags())] == ["p"]


def test_the_lead_in_an_articles_named_header_is_kept_without_the_rest_of_it() -> None:
    lead = ("In a first talk the minister showed herself open to new income support for farms "
            "that give up livestock, as long as the federal money comes too.")
    text = article("<article><header class='entry-header'><div class='kicker'>Politics</div>"
                   f"<h1>Minister open to support</h1><p class='entry-excerpt'>{lead}</p>"
                   "<p class='entry-meta'>By A. Writer, 3 May 2022, 4 comments</p></header>"
                   "<div class='entry-content'>" + f"<p>{PARA * 2}</p>" * 4 + "</div></article>")
    assert lead in text and PARA.strip() in text
    assert "By A. Writer" not in text and "Politics" not in text


def test_the_lead_a_named_box_wraps_as_one_paragraph_is_kept_from_the_header() -> None:
    lead = ("Are you always tired for no visible reason? It need not be the season: it can be a "
            "symptom, and these illnesses can be behind it.")
    text = article("<main><header class='entry-header'><h2 class='entry-title'>Always tired</h2>"
                   "<div class='entry-meta'>By A. Writer, 13.12.2022</div>"
                   f"<div class='lead'><p>{lead}</p></div></header>"
                   "<div class='entry-content'>" + f"<p>{PARA * 2}</p>" * 4 + "</div></main>")
    assert lead in text and PARA.strip() in text and "By A. Writer" not in text
    # a box named so that holds more than its one paragraph is not a lead
    two = f"<div class='lead'><p>{lead}</p><p>{lead}</p></div>"
    text = article("<main><header class='entry-header'><h1>Always tired</h1>" + two + "</header>"
                   "<div class='entry-content'>" + f"<p>{PARA * 2}</p>" * 4 + "</div></main>")
    assert lead not in text


def test_no_lead_from_a_named_header_without_a_title_or_outside_an_article() -> None:
    leadin = ("Annual interest payments on the national debt are expected to triple over the "
              "next decade, the budget office says in its chart.")
    chart = (f"<header class='interactive-header'><h2>Interest</h2><p class='leadin'>{leadin}"
             "</p></header>")
    text = article("<article><div class='body'>" + f"<p>{PARA * 2}</p>" * 2 + chart
                   + f"<p>{PARA * 2}</p>" * 2 + "</div></article>")
    assert "Annual interest" not in text
    banner = (f"<div class='site-header'><h1>City paper</h1><p class='intro'>{leadin}</p></div>")
    text = article(banner + "<div class='body'>" + f"<p>{PARA * 2}</p>" * 4 + "</div>")
    assert "Annual interest" not in text
