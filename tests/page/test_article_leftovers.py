"""Boxes a new site sets into its article, told by their shape (issue 15, session 11; see
`bench/article_variants.py`'s "boilerplate added"): class names here say nothing."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")
PITCH = "The day's most important stories, hand-picked by our editors and sent to your inbox every morning."


def article(body: str) -> str:
    return extract(parse(f"<html><body><div class='x1'><a href='/'>Home</a></div>{body}</body></html>"))


def _story(inside: str, after: str = "") -> str:
    return "<div class='x2'>" + f"<p>{PARA * 2}</p>" * 3 + inside + f"<p>{PARA}</p>" + after + "</div>"


SHARE = ("<div class='x3'><span class='x4'>Share this article</span><a href='https://fb.example/s'>Facebook</a> "
         "<a href='https://x.example/s'>X</a> <a href='mailto:?body=x'>Email</a> <a href='/print'>Print</a></div>")


def test_a_row_of_short_links_with_a_label_inside_the_article_goes() -> None:
    text = article(_story(SHARE))
    assert PARA.strip() in text and "Share this article" not in text and "Facebook" not in text


def test_links_in_a_sentence_back_links_to_notes_and_lines_with_a_picture_are_no_bars() -> None:
    # a paragraph with links in its sentence, back-links to notes ("^ a b"), lines with a
    # picture: not bars
    sentence = ("<p>Read the <a href='/a'>report</a>, the <a href='/b'>minutes</a> and the "
                "<a href='/c'>letters</a> of the consultation, all published this week.</p>")
    notes = ("<p><a href='#r1'>^</a> <a href='#r1a'>a</a> <a href='#r1b'>b</a> "
             "<a href='#cite-smith'>Mein Smith 2005</a>, p. 6.</p>")
    pictured = ("<p>Photos <img src='/p.png'> by <a href='/u/1'>Ann</a>, <a href='/u/2'>Bo</a>, "
                "<a href='/u/3'>Cy</a></p>")
    text = article(_story(sentence + notes + pictured))
    assert "all published this week" in text and "Mein Smith 2005" in text and "Ann" in text


def test_what_is_left_of_a_newsletter_box_once_its_form_went_goes() -> None:
    box = (f"<div class='x5'><div class='x6'>Get our newsletter</div><p class='x7'>{PITCH}</p>"
           "<form action='/subscribe'><input type='email' name='email'><button>Sign up</button></form></div>")
    text = article(_story(box))
    assert PARA.strip() in text and PITCH not in text and "Get our newsletter" not in text


def test_a_box_with_a_form_and_text_of_its_own_keeps_its_text() -> None:
    long_box = (f"<div class='x5'><p>{PARA * 3}</p><form action='/vote'><input type='radio' name='v'>"
                "<button>Vote</button></form></div>")
    text = article(_story(long_box))
    assert text.count(PARA.strip()) >= 2 * 3 + 1 + 3  # the box's own paragraph stays


def test_the_box_of_a_form_that_asks_for_no_text_keeps_its_title_and_price() -> None:
    # a shop's buy form (a quantity, a size): its box holds the product's name and price
    box = ("<div class='x5'><h2>Ghost costume</h2><div class='x6'>15,00 € · in stock</div>"
           "<form action='/cart'><input type='number' name='qty' value='1'><select name='size'>"
           "<option>S</option></select><button>Add to basket</button></form></div>")
    text = article(_story(box))
    assert "Ghost costume" in text and "15,00 €" in text


def test_the_label_of_a_row_of_icons_goes_and_a_label_of_a_list_with_words_stays() -> None:
    icons = ("<div class='x5'><hr>Den Artikel mit anderen teilen/diskutieren:<ul class='x6'>"
             + "".join(f"<li><a href='https://share.example/{i}'><i class='x7'></i></a></li>" for i in range(4))
             + "</ul></div>")
    words = ("<div class='x5'>What you need:<ul class='x6'><li>two eggs, beaten</li><li>a cup of flour</li>"
             "</ul></div>")
    text = article(_story(icons + words))
    assert PARA.strip() in text and "teilen/diskutieren" not in text
    assert "What you need:" in text and "two eggs" in text


def test_inline_content_between_the_gathered_blocks_of_a_wrapped_story_is_kept() -> None:
    # each block drawn in boxes of its own (a component's), straight in the page's body, and
    # formulas set between them as inline elements of their own kind, as MathJax draws them
    wrap = "<div class='qz'><div class='qz-in'>{}</div></div>"
    formula = ("<mjx-container><mjx-assistive-mml><math><mi>x</mi><mo>=</mo><mi>sigma</mi></math>"
               "</mjx-assistive-mml></mjx-container>")
    body = ("<h1>Equations test</h1>" + wrap.format("<p>When</p>") + formula + ", there are two solutions."
            + wrap.format("<h2>The Lorenz Equations</h2>") + formula + wrap.format(f"<p>{PARA}</p>")
            + formula + " and so on." + wrap.format(f"<p>{PARA}</p>"))
    text = extract(parse(f"<html><body>{body}</body></html>"))
    assert "The Lorenz Equations" in text and "sigma" in text
