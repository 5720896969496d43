"""The labels of the page's show/hide controls (issue 15, session 18;
`native_host/page/toggles.py`): a line that is only "Quellen ausblenden", "Kommentare
einblenden", "Bild anzeigen Bild schließen", "Show more" or "Afficher les commentaires" is a
control a script draws, whatever its names; a heading, a sentence or a name that begins with
such a verb stays."""

from __future__ import annotations

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("The council voted on Tuesday to rebuild the old bridge, after two years of debate, "
        "three studies and a long public consultation that drew hundreds of letters. ")


def page(inside: str) -> str:
    body = ("<div class='x2'><h1>Bridge</h1>" + f"<p>{PARA * 2}</p>" * 3 + inside + f"<p>{PARA * 2}</p>" * 3
            + "</div>")
    return extract(parse(f"<html><body>{body}</body></html>"))


def test_a_show_or_hide_controls_label_goes_in_any_language() -> None:
    for label in ("Quellen ausblenden", "Kommentare einblenden", "Bild anzeigen   Bild schließen",
                  "Show more", "Hide comments", "Afficher les commentaires", "Ver más"):
        text = page(f"<div class='a7'><div class='k2'>{label}</div><div class='k3'><p>{PARA}</p></div></div>")
        assert label not in text and text.count(PARA.strip()) == 13, label


def test_lines_that_only_begin_like_a_control_stay() -> None:
    for line in ("Show Boat", "Close call", "Die Tür schließen.", "Show more courage, the mayor told the council."):
        text = page(f"<p>{line}</p>")
        assert line in text, line
