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


def test_a_wrapper_named_main_that_only_teasers_far_below_reach_does_not_win() -> None:
    # a portal's column wrapper whose class and id both say "main" (+50) and whose own text
    # is a few teasers four and five levels down: before, the bonus alone made it outscore
    # the story, and the teasers came with it
    teasers = "".join(f"<div class='portlet'><dl><dd><p class='teaser'>Weather reports for courts "
                      f"and insurers: past weather at any place in the country on request {i}</p>"
                      f"</dd></dl></div>" for i in range(3))
    story = f"<div class='lrpad'><div><div><div><div>{STORY}</div></div></div></div></div>"
    text = page(f"<div id='leftandmaincolumn' class='mainpluscolwidth'>{story}{teasers}</div>")
    assert "every club trains" in text and "Part 2." in text
    assert "Weather reports" not in text


def test_a_named_wrapper_with_text_of_its_own_keeps_its_bonus() -> None:
    # the story's own container, named "content", is the article with its title
    text = page(f"<div class='sidebar-ish'><p>{PARA[:60]}</p></div>"
                f"<div class='content'><h2>Passes</h2>{STORY}</div>")
    assert "Part 0." in text and "Part 2." in text


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


def test_a_wordpress_embed_of_another_post_goes_but_a_quotation_stays() -> None:
    # WordPress's own markup for a link card to another post, in the article's flow
    embed = ("<blockquote class='wp-embedded-content' data-secret='RR7j'><p><a href='/2021/h145/'>"
             "The air force has begun training on the H145</a></p></blockquote>")
    quote = f"<blockquote><p>{PARA} Quoted.</p></blockquote>"
    text = page(f"<article>{STORY}{embed}{quote}<p>{PARA} The end.</p></article>")
    assert "Quoted." in text and "The end." in text
    assert "training on the H145" not in text


def test_an_embeds_consent_placeholder_goes() -> None:
    # what stands in for a tweet until the reader agrees to load it: the site's notice
    placeholder = ("<div class='third-party-services--placeholder'><h2>Unlock Twitter</h2><p>We "
                   "respect your privacy and do not connect to Twitter without your consent. "
                   "<a href='/privacy'>Manage your settings</a></p></div>")
    text = page(f"<article>{STORY}{placeholder}<p>{PARA} The end.</p></article>")
    assert "The end." in text and "Unlock Twitter" not in text and "respect your privacy" not in text


def test_buttons_and_toggles_of_the_page_go_but_a_box_of_links_is_judged_with_them() -> None:
    controls = ("<div class='recipe-card-buttons'><a href='#recipe' class='jump-to-recipe'>Jump to "
                "Recipe</a><a href='/print/1' class='print-btn'>Print Recipe</a></div>"
                "<div class='citation__toggle'>Hide sources</div>"
                "<div class='image-toggler' role='button'><span>Show picture</span><span>Close "
                "picture</span></div>")
    # a teaser box of links with a button: cleaned away as link-heavy, as before
    teaser = ("<div class='box'><h3>Five trends</h3><p>Five trends will change how we work; an "
              "overview, so that you can join in.</p><a class='button' href='/trends'>Read the "
              "overview of the five trends now</a></div>")
    text = page(f"<article>{STORY}{controls}{teaser}<p>{PARA} The end.</p></article>")
    assert "The end." in text
    for chrome in ("Jump to", "Print Recipe", "Hide sources", "Show picture", "Five trends"):
        assert chrome not in text


def test_a_long_block_or_a_word_inside_a_name_is_not_a_control() -> None:
    # "buttonhole" is not a button; a block of text named so is not a control
    text = page(f"<article>{STORY}<p class='buttonhole-guide'>{PARA} Stitches.</p>"
                f"<div class='btn-like-panel'><p>{PARA} Panel.</p></div></article>")
    assert "Stitches." in text and "Panel." in text


def test_a_references_list_does_not_win_over_the_abstract_above_it() -> None:
    # a paywalled paper: its abstract, then forty references full of commas (each item
    # scores more than a paragraph of prose); the list alone was the extract
    refs = "".join(f"<li><p>Kirchhof MG, Wong A, Dutz JP, Lee K, Smith J, et al. Cyclosporine "
                   f"treatment of drug reactions, part {i}. J Cut Med. 2016;20(5):488-93.</p></li>"
                   for i in range(40))
    abstract = ("<p>The purpose of the review is to summarise what is known about severe drug "
                "reactions and their treatment, and the evidence for each option.</p>"
                + f"<p>{PARA}</p>" * 5)
    text = page(f"<main><article><div><div><h2>Abstract</h2><div>{abstract}</div></div>"
                f"<div><h2>References</h2><div><ol>{refs}</ol></div></div></div></article></main>")
    assert "The purpose of the review" in text and "Kirchhof MG" in text


def test_a_line_of_metadata_items_between_bars_goes_but_sentences_and_tables_stay() -> None:
    meta = ("<p>Views: 1120 | Added by: Posh | Tags: thinking, pictures | Rating: 0</p>"
            "<p>Comment feed | Comments closed | Trackback URL</p>")
    kept = ("<p>Prices went up sharply in every region this winter | and the long sentence that "
            "follows the bar is the text | not a list of labels.</p>"
            "<table><tr><th>Town</th><th>Price</th><th>Change</th></tr><tr><td>Bonn</td><td>3</td>"
            "<td>+1</td></tr><tr><td>Kiel</td><td>4</td><td>+2</td></tr></table>")
    text = page(f"<article>{STORY}{meta}{kept}<p>{PARA} The end.</p></article>")
    assert "The end." in text and "Prices went up" in text and "Kiel" in text
    assert "Added by" not in text and "Trackback" not in text


def _section(n: int, sentences: int) -> str:
    text = " ".join(f"Section {n} sentence {i}, which explains the advice, the hooks and the history." for i in range(sentences))
    return f"<div class='outline-2'><h2>{n} Part {n}</h2><div class='outline-text-2'><p>{text}</p></div></div>"


def test_a_post_body_whose_sections_each_have_a_wrapper_is_kept_whole() -> None:
    """A post exported in sections (a heading and a wrapper each): the best section and two
    more strong ones under a post body that scores close to it too are one article, not
    three (two sections, not the three that make the best one climb anyway)."""
    page = ("<html><body><div class='nav'><a href='/'>Home</a> <a href='/about'>About</a></div>"
            "<div class='post'><h3>Meta-programming</h3><div class='post-body entry-content'>"
            "<div id='content'><h1>Meta-programming</h1>"
            + _section(1, 4) + _section(2, 5) + _section(3, 6)
            + "</div></div></div><div class='footer'><a href='/x'>Simple theme</a></div></body></html>")
    text = extract(parse(page))
    assert all(f"Section {n} sentence 0" in text for n in (1, 2, 3)), text
    assert "Simple theme" not in text


def test_a_story_whose_every_block_is_a_component_in_two_boxes_is_read_whole() -> None:
    """A page drawn by components: each paragraph, subheading and short line in a box of its
    own inside another ("paragraph" > "rich text" > p), names that say nothing. The story's
    container scores as if the boxes were not there, and a short paragraph in its box stays."""
    def box(block: str) -> str:
        return f"<div class='c7'><div class='c7-in'>{block}</div></div>"

    blocks = [f"<p>{PARA} Part {i}.</p>" for i in range(4)]
    blocks.insert(2, "<p>It works.</p>")
    blocks.insert(3, "<h2>How the levels are set</h2>")
    story = "<div class='k2'>" + "".join(box(b) for b in blocks) + "</div>"
    side = "<div class='k3'>" + "".join(
        f"<div class='k4'><p><a href='/n/{i}'>Other news {i}: the pool opens, the club elects</a></p></div>"
        for i in range(6)) + "</div>"
    text = page(f"<div class='k1'><h1>New level passes</h1>{story}{side}</div>")
    assert all(f"Part {i}." in text for i in range(4)), text
    assert "It works." in text and "How the levels are set" in text
    assert "Other news" not in text


def test_a_story_of_boxed_blocks_outscores_a_box_of_plain_paragraphs_beside_it() -> None:
    """Each of the story's paragraphs sits two boxes down; a box of plain paragraphs beside
    it (the club's blurb) sits one level down. Scores climbing through the boxes as through
    any level left the story's container a sixth of its paragraphs: the blurb won."""
    story = "<div class='k2'>" + "".join(
        f"<div class='c7'><div class='c7-in'><p>{PARA} Part {i}.</p></div></div>" for i in range(8)) + "</div>"
    blurb = "<div class='k3'>" + "".join(
        f"<p>About the club {i}: founded in 1921, with pools in town, a team, a school, and friends.</p>"
        for i in range(5)) + "</div>"
    text = page(f"<div class='k1'>{story}</div><div class='k5'><div class='k6'>{blurb}</div></div>")
    assert all(f"Part {i}." in text for i in range(8)), text
    assert "About the club" not in text


def test_a_link_rich_paragraph_in_its_own_box_is_prose_not_a_box_of_links() -> None:
    """A news story links half its words; drawn by components, each paragraph sits in a box
    of its own, which the cleaning judged as a box of links. A box that only wraps one
    paragraph with 150 characters of its own beside the links keeps it; a box of a bare
    link line still goes."""
    linked = ("After turning down <a href='/a'>a meeting of the national team with the president-elect</a> "
              "<a href='/b'>before the cup</a>, the coach said that he had been wrong to take the trophy to "
              "the former president in 2012, when he was at the club, and that he would not do it again.")
    boxes = [f"<p>{PARA} Part {i}.</p>" for i in range(3)] + [f"<p>{linked}</p>",
                                                              "<p><a href='/c'>More football news from the cup</a></p>"]
    story = "<div class='k2'>" + "".join(f"<div class='c7'><div class='c7-in'>{b}</div></div>" for b in boxes) + "</div>"
    text = page(story)
    assert "the coach said that he had been wrong" in text, text
    assert "More football news" not in text
