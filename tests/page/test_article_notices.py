"""The site's notices among the article's paragraphs, told by what they say (issue 15, session
12; `native_host/page/notices.py`): advertising disclosures and embeds' consent placeholders;
share bars, told by where their links lead (`native_host/page/sharebars.py`); teaser cards, links
that hold a heading (`native_host/page/teasercards.py`)."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.notices import drop_notices, notice
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def article(inside: str) -> str:
    body = "<div class='x2'>" + f"<p>{PARA * 2}</p>" * 2 + inside + f"<p>{PARA * 2}</p>" + "</div>"
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_disclosures_and_consent_placeholders_go() -> None:
    for line in ("Advertising disclosure: We may receive compensation for some of the links in our stories.",
                 "Anzeige, enthält Affiliate Links",
                 "Dieser Artikel kann Links zu Anbietern enthalten, von denen wir eine Provision erhalten.",
                 "Mit dem Laden des Beitrags akzeptieren Sie die Datenschutzerklärung von Instagram.",
                 "Please accept YouTube cookies to play this video.",
                 # the reader's click instead of consent (session 21, half B, names scrambled)
                 "An dieser Stelle findet Ihr einen externen Inhalt von Instagram, der den Artikel ergänzt. "
                 "Ihr könnt ihn Euch mit einem Klick anzeigen lassen.",
                 "Klicken Sie auf den unteren Button, um den Inhalt von www.komoot.de zu laden."):
        assert notice(line), line
        text = article(f"<p>{line}</p>")
        assert line not in text and PARA.strip() in text


def test_stories_about_commissions_privacy_and_consent_stay() -> None:
    for line in ("The Trade and Agriculture Commission will be given greater, permanent powers.",
                 "A team of researchers affiliated with several institutions found evidence of birch tar.",
                 "Facebook often deflects accusations by arguing that users gave their consent to the data "
                 "collection; privacy groups disagree.",
                 "- Wir wollen auch Provisionen - dafür ist das Fixum moderater",
                 "The provision links tax credits to wages; click through for the full text of the bill.",
                 "The Commission's report, linked below, found that fares rose by a third.",
                 "Der Inhalt von Paketen aus Drittstaaten wird nur in Stichproben geprüft.",
                 "Ein Klick auf den Button genügt, und das Formular ist verschickt.",
                 # clicks named, not asked for, beside content shown or loaded
                 "Die Inhalte von Influencern erzielen Millionen Klicks.",
                 "Loading the video took a few clicks, and the site froze twice.",
                 "Die Verbindung zu den Servern bricht ab, sobald man den Button drückt.",
                 # privacy and third parties as a story's subject: nobody asks the reader anything
                 "Die Verbindung zu Facebook wirft Fragen zum Datenschutz auf.",
                 "Critics say third-party content on news sites is a privacy risk for readers.",
                 "Die Drittanbieter müssen die Cookies künftig klar kennzeichnen, sagt die Behörde."):
        assert not notice(line), line


def test_a_heading_over_only_notices_goes_with_them() -> None:
    text = ("Story.\n\n## Twitter freischalten\n\nWir respektieren deine Privatsphäre und stellen ohne dein "
            "Einverständnis keine Verbindung zu Twitter her.\n\n## Next part\n\nMore story.")
    assert drop_notices(text) == "Story.\n\n## Next part\n\nMore story."
    kept = "Story.\n\n## Sources\n\nAnzeige, enthält Affiliate Links\n\nA source list.\n\nEnd."
    assert drop_notices(kept) == "Story.\n\n## Sources\n\nA source list.\n\nEnd."


def test_a_share_bar_goes_by_where_its_links_lead() -> None:
    bar = ("<div class='x7'><div class='x8'>Der Artikel gefällt dir?</div><div class='x9'>Mit Freunden teilen</div>"
           "<div class='x5' data-href='https://www.facebook.com/sharer/sharer.php?u=x'></div>"
           "<a class='x6' href='https://twitter.com/intent/tweet?url=x'></a></div>")
    text = article(bar)
    assert "Mit Freunden teilen" not in text and "gefällt" not in text and PARA.strip() in text


def test_a_share_link_in_a_sentence_and_a_captioned_photo_stay() -> None:
    sentence = ("<p>To write to your MP, paste in their address from the list below. If you are using the app, "
                "click <a href='mailto:?subject=Farms&amp;body=x'>here</a>.</p>")
    photo = ("<div class='x3'><a href='https://pinterest.com/pin/create/button/?url=x'><span>Pin</span></a>"
             "<img src='/bloom.jpg'><div class='x4'>Bright red bougainvillea in bloom</div></div>")
    text = article(sentence + photo)
    assert "click here." in text and "Bright red bougainvillea in bloom" in text


def test_a_paywall_note_at_the_end_goes_but_not_a_story_about_subscribers() -> None:
    text = ("Story.\n\nThe club's new season starts on Friday.\n\n"
            "Subscribe now to our eNATION edition for the full story.")
    assert drop_notices(text) == "Story.\n\nThe club's new season starts on Friday."
    story = "Netflix subscribers will get the full series on Friday, the company said."
    assert drop_notices(f"Story.\n\n{story}") == f"Story.\n\n{story}"
    early = "Subscribe now to our eNATION edition for the full story."
    blocks = [early] + [f"Paragraph {n} of the story." for n in range(6)]
    assert drop_notices("\n\n".join(blocks)) == "\n\n".join(blocks)  # not where the text stops


def test_the_pitch_under_a_paywall_note_goes_with_it() -> None:
    # the story stops at the note that asks the reader to subscribe; what follows it is the
    # subscription's pitch (session 23, half B)
    pitch = ["To view the full story, please subscribe to The Haitian Times. You can choose a $60 Annual "
             "Subscription or a $5 Weekly Pass.",
             "When you join The Haitian Times family, you’ll get unlimited digital access to high-quality "
             "journalism about Haiti and Haitians you won’t get anywhere else.",
             "First-time subscribers also receive a special welcome gift handmade in Haiti by expert artisans!"]
    text = "\n\n".join([PARA, PARA] + pitch)
    assert drop_notices(text) == f"{PARA}\n\n{PARA}"


def test_a_story_that_goes_on_under_a_note_like_sentence_keeps_its_paragraphs() -> None:
    # the sentence reads as a note and goes, but what follows is story, not a pitch
    line = "If you want the full story, you have to subscribe to the archive, the librarian said."
    assert drop_notices("\n\n".join([PARA, line, PARA, PARA])) == "\n\n".join([PARA, PARA, PARA])


def test_a_story_about_subscribers_and_full_stories_stays() -> None:
    # it speaks of subscribers, or quotes an advert; it does not ask the reader
    for line in ("The paper told its subscribers they could read the full story in print on Sunday.",
                 "Subscribers who sign in can read the full story of the rescue in the archive.",
                 "Die Zeitung bat ihre Abonnenten, sich einzuloggen, um den ganzen Artikel zu lesen.",
                 "Les abonnés pourront lire la suite dans l'édition de demain, a indiqué le journal.",
                 "„Unsere Abonnenten können den ganzen Artikel online lesen“, sagte der Verlagschef.",
                 "\"Please subscribe so you can read the full story,\" the ad said, and he laughed."):
        text = "\n\n".join([PARA, PARA, line, PARA])
        assert drop_notices(text) == text, line


def test_a_link_that_holds_a_heading_is_a_teaser_card() -> None:
    card = ("<a href='https://example.com/2023/11/03/other-story/'><span><h2>Related</h2>"
            "<h3>Inside the White House, doubts about the war are beginning to creep in</h3></span></a>")
    own = "<h2><a href='#part-2'>Part two</a></h2><h3><a href='/topics/bridges'>Why the bridge matters</a></h3>"
    text = article(card + own)
    assert "doubts about the war" not in text and "Related" not in text
    assert "Part two" in text and "Why the bridge matters" in text and PARA.strip() in text
