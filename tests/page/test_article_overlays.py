"""Boxes a page draws over itself and blocks that are not the article's text, on pages
nobody tuned for (issue 15, session 5)."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

SHORT = ("New York is the centre of the pandemic, and sport there has come to a halt: "
         "the leagues have stopped their seasons until further notice.")


def page(body: str) -> str:
    return extract(parse(f"<html><body>{body}</body></html>"))


LOGIN = ("<div class='b-dialog m-dark' id='aria-login-dialog'><div class='b-login'>"
         + "".join(f"<article class='login-panel'><h2>Step {i}</h2><p>Please confirm the link in "
                   "the e-mail we sent you within 24 hours to complete your registration, "
                   f"then sign in again with your new password ({i}).</p></article>"
                   for i in range(8)) + "</div></div>")


def test_a_modal_dialog_is_not_the_article_even_with_article_boxes_and_on_retries() -> None:
    # the story is short (the retries run), the log-in dialog is long and made of <article>s
    text = page(f"<main><article class='post'><h1>Sport stops</h1><p>{SHORT}</p></article></main>"
                + LOGIN)
    assert SHORT in text
    assert "registration" not in text


def test_a_story_opened_in_a_modal_over_a_list_is_kept() -> None:
    story = "".join(f"<p>{SHORT} Paragraph {i} goes on about the leagues, the fans and the city.</p>"
                    for i in range(6))
    text = page("<ul class='list'><li><a href='/a'>Another story</a></li></ul>"
                f"<div class='render-target-modal'><h1>Sport stops</h1><div>{story}</div></div>")
    assert "Paragraph 5" in text


def test_text_comes_out_in_one_unicode_spelling() -> None:
    # "é" written as "e" and a combining accent reads the same as the composed one
    word = "cafe\u0301 "
    text = page(f"<article><p>{SHORT} {word * 20}</p><p>{SHORT} {word * 20}</p></article>")
    assert "caf\u00e9" in text and "e\u0301" not in text


def deep(inner: str) -> str:
    return ("<div class='row'><div class='col'><div class='inner'><div class='wrapper'>"
            + inner + "</div></div></div></div>")


def test_an_author_box_longer_than_the_story_parts_is_not_the_article() -> None:
    # a page builder's text columns, each a short part of the story, deep in the tree
    parts = deep("".join(f"<div class='text-column'><div class='wrap'><p>Gift idea {i}: bookends, "
                         f"candles, a lamp.</p><p>{SHORT}</p><p>{SHORT}</p></div></div>"
                         for i in range(4)))
    bio = ("<div class='section-inner'><div class='author-bio'><div class='author-description'>"
           + "".join(f"<p>Anna writes about interiors, design, travel, food and the good life, {i}, "
                     "and has done so, with joy, for magazines, papers, blogs and books, for years.</p>"
                     for i in range(4))
           + "</div></div><div class='more'><a href='/all'>All posts by Anna</a></div></div>")
    text = page(f"<article class='post'><div class='entry-content'>{parts}</div>{bio}</article>")
    assert "Gift idea 0" in text and "Gift idea 3" in text
    assert "Anna writes" not in text


BODY = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def test_the_lead_in_an_article_header_titled_by_an_h2_is_kept() -> None:
    lead = ("Rain, storms and snow are forecast today in the central and southern regions; "
            "the fine weather will be back within hours.")
    text = page("<article class='entry'><header class='entry__header'><h2 class='entry__title'>"
                f"Polar front in the south</h2><p class='entry__subtitle'>{lead}</p></header>"
                "<div class='entry__body'>" + f"<p>{BODY * 2}</p>" * 4 + "</div></article>")
    assert lead in text and BODY.strip() in text


def test_a_breadcrumb_trail_is_not_the_article_but_a_long_crumb_named_box_stays() -> None:
    crumbs = ("<div class='entry-crumbs'><a href='/'>Start</a> › <a href='/archiv'>Archiv</a> › "
              "<span>Bridge to be rebuilt</span></div>")
    text = page("<article class='post'>" + crumbs + "".join(f"<p>{BODY * 2}</p>" for _ in range(4))
                + "</article>")
    assert BODY.strip() in text and "Archiv" not in text
    # a box named so that holds more than a trail is not one
    story = "".join(f"<p>{BODY * 2}</p>" for _ in range(4))
    assert BODY.strip() in page(f"<div class='breadcrumb-wrap'>{story}</div>")


def test_an_affiliate_disclosure_before_the_body_is_not_its_lead() -> None:
    note = ("For links on this page we may receive a commission from the retailer, e.g. for "
            "those marked with an icon or a blue underline. More information.")
    body = "".join(f"<p>{BODY * 2}</p>" for _ in range(4))
    text = page(f"<div class='root'><div class='affiliate-info'><span>{note}</span></div>"
                "<div class='article-new'><div class='article-top'><ol class='breadcrumb'><li>"
                "<a href='/'>Home</a></li><li><a href='/city'>City</a></li></ol></div>"
                f"<article><div class='story-body'>{body}</div></article></div></div>")
    assert BODY.strip() in text and "commission" not in text


def test_short_chrome_after_a_closing_sentence_is_trimmed() -> None:
    from native_host.page.content import trim_tail

    story = "\n\n".join([BODY * 3] * 5)
    closing = "Portrait photos of the artist can be downloaded here."
    text = trim_tail(f"{story}\n\n{closing}\n\nback\n\nto the top")
    assert text.endswith(closing)
    # after a short line that is not a sentence, nothing is cut
    kept = f"{story}\n\n- one item\n\nback\n\nto the top"
    assert trim_tail(kept) == kept


def test_short_copyright_and_credit_lines_in_the_article_go() -> None:
    credit = "Marco Odermatt, ski star from Switzerland. © AFP / MARCO BERTORELLO"
    long_one = (BODY * 2) + "The logo © 1998 is still on the old signs, the council said. "
    text = page("<article>" + f"<p>{BODY * 2}</p>" * 2 + f"<p>{credit}</p>" + f"<p>{long_one}</p>"
                + f"<p>{BODY * 2}</p>" + "</article>")
    assert "BERTORELLO" not in text
    assert "The logo © 1998" in text
    photo = "Golf on TV: the broadcast times of the big tournaments at a glance. (Foto: Getty)"
    named = "Titelbild: Geyres Christophe/ABACA/picture-alliance"
    prose = "The photo: a bridge at dawn, which the council used on every poster of the campaign."
    text = page("<article>" + f"<p>{BODY * 2}</p>" * 2 + f"<p>{photo}</p><p>{named}</p><p>{prose}</p>"
                + f"<p>{BODY * 2}</p>" * 2 + "</article>")
    assert "Getty" not in text and "Geyres" not in text
    assert prose in text


def test_a_date_line_before_the_first_paragraph_goes() -> None:
    from native_host.page.content import trim_head

    story = "\n\n".join([BODY * 3] * 3)
    assert trim_head(f"23.10.2018\n\n{story}") == story
    assert trim_head(f"# The bridge\n\n7. oktober 2020\n\n{story}") == f"# The bridge\n\n{story}"
    kept = f"1. Choose the right pot for the plant you bought.\n\n{story}"
    assert trim_head(kept) == kept
    text = page("<article><h1>Bridge</h1><p>19.6.2007 9:40 Uhr</p>" + f"<p>{BODY * 2}</p>" * 3
                + "</article>")
    assert "2007" not in text and BODY.strip() in text


def _amid_the_story(lines: list[str]) -> str:
    """The text of an article with ``lines`` as paragraphs between two pairs of the story's."""
    return page("<article>" + f"<p>{BODY * 2}</p>" * 2 + "".join(f"<p>{line}</p>" for line in lines)
                + f"<p>{BODY * 2}</p>" * 2 + "</article>")


def test_a_credit_after_the_captions_sentence_or_a_photo_by_line_goes() -> None:
    # names scrambled, the caption is a paragraph like the story's: its credit ends it
    credits = ["GdP-Vize und Tarifexperte René Klemmer. Foto: GdP/Hagen Immel",
               "The state epidemiologist at one of the daily briefings. Photo: Jonathan Nackstrand/AFP",
               "Nicht labern, ranklotzen! Foto: Timur | flickr | CC BY 2.0",
               "Photo by ev on Unsplash",
               "Neue Seminare starten im März. (Quelle: Hume/Unsplash/DJV)"]
    text = _amid_the_story(credits)
    assert not any(c[:20] in text for c in credits), text


def test_a_story_sentence_with_a_label_photos_by_or_an_agency_in_brackets_stays() -> None:
    kept = ["She showed us the album. Photo: a house by the lake, her parents in front of it.",
            "Die Polizei veröffentlichte ein Foto. Bild: Die Täter trugen schwarze Jacken.",
            "Photos by amateur astronomers show the comet's tail over the lake.",
            "Der Fotograf verkaufte seine Bilder an Agenturen (etwa Getty Images oder Shutterstock).",
            # no label: the brackets end no caption's sentence, or hold a sentence
            "He moved to Stockholm in 2015 to work for a start-up (later bought by Unsplash)",
            "Sie kaufte die Bilder bei einer Agentur (iStock) und zahlte dafür 40 Euro.",
            "Viele Blogs nutzen kostenlose Fotos. (Etwa von Pixabay oder Unsplash.)"]
    text = _amid_the_story(kept)
    assert all(k in text for k in kept)


def test_an_agencys_name_in_brackets_after_the_captions_sentence_is_a_credit_line() -> None:
    # names scrambled: the caption is a paragraph with its picture, indented in the source,
    # its credit an agency in brackets with no label
    caption = ("<p><span><a href='/big.jpg'><img src='/small.jpg' alt=''></a></span>\n"
               + " " * 60 + "<span>\n" + " " * 60 + "Das Hermelin ist im Winter mit seinem weißen Fell"
               " gut getarnt.\n" + " " * 60 + "&nbsp;(mlharing\n" + " " * 60 + "/\n" + " " * 60
               + "iStock.com)\n" + " " * 60 + "</span></p>")
    text = page("<article>" + caption + f"<p>{BODY * 2}</p>" * 4 + "</article>")
    assert "Hermelin" not in text and BODY.strip() in text



def test_a_credit_in_the_fine_print_under_a_picture_goes_in_any_of_its_languages() -> None:
    # names scrambled: the picture's credit is a <small> under it, no paragraph; in Spanish,
    # Portuguese and Italian the label is "crédito", in brackets that are the whole line
    credits = ["(crédito: Minervino Júnior/CB/D.A.Press)", "Foto: © GEPA",
               "A ponte ao amanhecer. (Crédito: Ana Souza/Folhapress)"]
    pictures = "".join(f"<div class='x7'><img src='/p{i}.jpg' alt=''> <small>{c}</small></div>"
                       for i, c in enumerate(credits))
    text = page("<article><div class='x3'>" + f"<p>{BODY * 2}</p>" * 2 + pictures
                + f"<p>{BODY * 2}</p>" * 2 + "</div></article>")
    assert BODY.strip() in text
    assert not any(c[-12:] in text for c in credits), text


def test_a_story_sentence_about_a_loan_with_credito_and_a_colon_stays() -> None:
    # "crédito" is a loan too: a label at the start, or brackets inside the sentence, is no credit
    kept = ["Crédito: 3.000 euros a devolver en doce meses, con un interés del 5 por ciento.",
            "A família pediu um empréstimo (crédito: 20 mil reais) para reformar a casa.",
            "Credito: la banca ha concesso due milioni all'azienda di Brescia.",
            "El jugador recibió el premio (crédito: su entrenador, que lo descubrió a los doce años).",
            "La empresa cerró el año con beneficios. (Crédito: ventas en el extranjero, sobre todo en México.)"]
    text = _amid_the_story(kept)
    assert all(k in text for k in kept), text
