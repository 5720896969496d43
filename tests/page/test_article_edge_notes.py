"""The publisher's own lines at the edges of the article (issue 15, session 18;
`native_host/page/edgenotes.py`): its disclaimers ("… is not responsible for the opinions …",
"(Alle Angaben ohne Gewähr)"), its citation line and a call that opens with the call to take
its app or subscription go, told by their wording in several languages and by where they
stand; a story that talks of responsibility, rules or apps keeps every word."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def page(after: str = "", lead: str = "") -> str:
    body = ("<div class='x2'><h1>Bridge</h1>" + f"<p>{PARA * 2}</p>" + lead + f"<p>{PARA * 2}</p>" * 5
            + after + "</div>")
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_disclaimer_under_the_story_goes_in_any_language() -> None:
    for words in ("NOW Example is not responsible for the opinions, statements or media content presented "
                  "by contributors. In case of abuse, click here to report.",
                  "The views expressed in this article are the author's own.",
                  "La rédaction n'est pas responsable des propos tenus par les contributeurs.",
                  "El periódico no se hace responsable de las opiniones de sus colaboradores.",
                  # the author speaks, not (necessarily) the editors
                  "Dieser Beitrag gibt die Meinung des Autors wieder, nicht notwendigerweise die der Redaktion.",
                  "Les propos tenus dans cette tribune n'engagent que leurs auteurs.",
                  "Las opiniones de los columnistas no reflejan necesariamente la línea editorial del diario.",
                  "I commenti non riflettono necessariamente le opinioni della redazione.",
                  "Gastbeiträge spiegeln nicht unbedingt die Meinung der Redaktion."):
        text = page(f"<div class='f3'><p>{words}</p></div>")
        assert words not in text and text.count(PARA.strip()) == 12, words


def test_a_story_about_someones_opinion_keeps_it() -> None:
    story = ("<p>Er teile nicht unbedingt die Meinung seiner Partei, sagte der Abgeordnete am Dienstag.</p>"
             "<p>The views of residents are their own, the mayor said, and the council will hear them.</p>")
    text = page(story)
    assert "nicht unbedingt die Meinung seiner Partei" in text and "The views of residents" in text


def test_a_blogs_liability_note_for_the_pages_it_links_goes() -> None:
    words = ("Trotz sorgfältiger inhaltlicher Kontrolle übernehme ich keine Haftung für die Inhalte externer "
             "Links. Für den Inhalt der verlinkten Seiten sind ausschließlich deren Betreiber verantwortlich.")
    text = page(f"<div class='f3'><p>{words}</p></div>")
    assert words not in text and text.count(PARA.strip()) == 12


def test_a_disclaimer_near_the_head_goes() -> None:
    for words in ("(Alle Angaben ohne Gewähr)",
                  "Dieser Text entspricht den Vorgaben der ärztlichen Fachliteratur, medizinischen Leitlinien "
                  "sowie aktuellen Studien und wurde von Medizinern geprüft."):
        text = page(lead=f"<p>{words}</p>")
        assert words not in text and text.count(PARA.strip()) == 12, words


def test_the_pages_citation_line_goes() -> None:
    for words in ("SUGGESTED CITATION Doe, Jane: Experts in the Crisis, ExampleBlog, 2020/4/09, "
                  "https://blog.example.org/experts/.",
                  "Zitiervorschlag: Muster, Max: Die Brücke, Beispielblog, 12.03.2021."):
        text = page(f"<div class='d1'><a href='/x.pdf'>DOWNLOAD PDF</a></div><p>{words}</p>")
        assert words[:20] not in text and text.count(PARA.strip()) == 12, words


def test_a_call_to_take_the_sites_app_or_subscription_at_the_end_goes() -> None:
    for words in ("Get the latest news straight to your phone with the Example News app.",
                  "Zapraszamy też do subskrypcji tygodnika w Sieci Przyjaciół – www.example.pl.",
                  "Subscribe to our newsletter and never miss a story from the valley."):
        text = page(f"<p>{words}</p>")
        assert words not in text and text.count(PARA.strip()) == 12, words


def test_a_press_releases_contact_block_goes_with_what_follows_it() -> None:
    contact = ("<p>Kontakt:</p><p>Jan Koch<br>Telefon +49 (0)40 / 49 07 11 06<br>jan.koch@example.org</p>"
               "<h3>Ansprechpartnerin zum Thema:</h3><p>Antonia Thiele</p>"
               "<p>Telefon +49 (0)40 / 49 07 11 05<br>antonia.thiele@example.org</p>"
               "<p>KLIMANEUTRALITÄT VON UNTERNEHMEN</p><p>Voraussetzungen zur Einstufung der Klimaneutralität "
               "von Unternehmen gemäß der Definition des Vereins 2021</p><p>Mehr...</p>")
    text = page(contact)
    assert "Kontakt" not in text and "Telefon" not in text and "Voraussetzungen" not in text
    assert text.count(PARA.strip()) == 12


def test_a_story_that_names_its_contact_in_a_sentence_keeps_it() -> None:
    end = ("<p>Kontakt: Wer Fragen zum Umbau der Brücke hat, erreicht das Bauamt unter "
           "bauamt@example.org, sagte der Bürgermeister am Dienstag.</p>")
    assert "erreicht das Bauamt unter bauamt@example.org" in page(end)


def test_a_story_about_apps_rules_and_responsibility_stays() -> None:
    story = ("<p>The ministry said it is not responsible for the delays, and that the plan "
             "entspricht den Vorgaben of the regional code.</p>"
             "<p>Die Versicherung übernimmt keine Haftung für Schäden am Auto, sagt der Anwalt.</p>"
             "<p>Get the app, the mayor urged residents, before the road closes; then he left.</p>"
             f"<p>{PARA}</p>"
             "<p>The new app is free to download for iOS and Android.</p>")
    text = page(story)
    assert "is not responsible for the delays" in text and "Get the app, the mayor urged" in text
    assert "übernimmt keine Haftung für Schäden" in text
    assert "The new app is free to download for iOS and Android." in text


def test_a_print_edition_line_that_ends_in_subscribe_stays() -> None:
    line = ("A version of this article appears in print on January 13, 2017, on Page A7 of the New York "
            "edition with the headline: Bridge Will Be Rebuilt. Order Reprints | Today's Paper | Subscribe")
    text = page(f"<p>{line}</p>")
    assert "A version of this article appears in print" in text
