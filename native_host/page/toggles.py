"""The labels of the page's show/hide controls, left in the text as lines of their own.

A site draws a control that opens or closes part of the page — its sources, the comments, a
picture — as a ``div`` or a ``span`` a script listens to, and names it as it likes; with
the names gone its label reads as a line of the article: "Quellen ausblenden", "Kommentare
einblenden", "Bild anzeigen Bild schließen", "Show more", "Hide comments", "Afficher les
commentaires".  Such a line is a control's wording and nothing else: in German the object
and then the verb ("… anzeigen", "… ausblenden", "… schließen"), in English and the Romance
and Slavic languages the verb and then the part of the page it opens.  A block of at most
:data:`_TOGGLE_CHARS` characters (not a heading, list item, table row or quote) made only of
one or two such labels goes wherever it stands; "Show Boat", "Close call" and "Die Tür
schließen." (a stop) stay.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy

_TOGGLE_CHARS = 50
_NOT_PROSE = ("#", "- ", "* ", "|", "> ", "```")
# one label: up to two words and a German control verb, or a control verb and a part of the page
_LABEL = (r"(?:(?:[^\W\d]+ ){0,2}(?:einblenden|ausblenden|anzeigen|verbergen|aufklappen|zuklappen|schließen)|"
          r"(?:show|hide|expand|collapse|view|afficher|masquer|voir|mostrar|ocultar|ver|mostra|nascondi|"
          r"pokaż|ukryj|toon|verberg)(?: (?:all|more|less|the|tous|toutes|les|la|le|plus|moins|todos|todas|"
          r"los|las|el|más|menos|tutti|tutte|i|le|di più|wszystkie|więcej|mniej|alle|meer|minder)){0,2}"
          r" (?:more|less|comments?|replies|sources|details|transcript|captions?|images?|photos?|pictures?|"
          r"gallery|map|table|summary|answers?|commentaires|réponses|sources|détails|images|photos|"
          r"comentarios|respuestas|fuentes|detalles|imágenes|fotos|commenti|risposte|fonti|dettagli|"
          r"immagini|komentarze|odpowiedzi|źródła|szczegóły|zdjęcia|reacties|bronnen|details|foto's|"
          r"más|menos|plus|moins|di più|więcej|mniej|meer|minder))")
_TOGGLE = Lazy(rf"^{_LABEL}(?:\s+{_LABEL})?$", re.IGNORECASE)


def toggle(block: str) -> bool:
    """Whether a rendered block is only the label of a show/hide control."""
    return (len(block) <= _TOGGLE_CHARS and not block.startswith(_NOT_PROSE)
            and _TOGGLE.match(block.strip()) is not None)


def drop_toggles(text: str) -> str:
    """Without the labels of show/hide controls (:func:`toggle`), wherever they stand."""
    blocks = text.split("\n\n")
    kept = [block for block in blocks if not toggle(block)]
    return "\n\n".join(kept) if kept and len(kept) < len(blocks) else text
