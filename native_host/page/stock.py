"""Stock wording a shopper reads on a product page, in the languages shops use.

:func:`wording` says whether a short text says the product is out of stock, in stock, or
speaks of stock for something else — a way to receive it ("unavailable for store
pickup"), a service ("chat is unavailable"), one size or colour — which says nothing
about whether the product can be bought.
"""

from __future__ import annotations

import re

from native_host.page.lazyre import Lazy

# OUT and IN are searched in the lower-cased text (written in lower case, without
# IGNORECASE: several times faster over their hundred-odd wordings)
OUT = Lazy(
    r"\b(out[\s-]of[\s-]stock|sold[\s-]out|currently unavailable|no longer available|not available|unavailable|"
    r"nicht (?:mehr )?(?:verfügbar|lieferbar|vorrätig|auf lager)|ausverkauft|vergriffen|"
    r"épuisé|rupture de stock|indisponible|non disponible|plus disponible|"
    r"agotado|sin stock|sin existencias|no disponible|esaurito|non disponibile|"
    r"niet op voorraad|uitverkocht|niet leverbaar|brak w magazynie|brak na stanie|wyprzedan[yaeo]|"
    r"нет в наличии|нет на складе|распродан[оa]?|немає в наявності|"
    r"nedostupn[éýa]|není skladem|vyprodáno|nie je skladom|vypredané|nema na stanju|rasprodano|"
    r"ni na zalogi|razprodano|stoc epuizat|indisponibil|nu este în stoc|esgotado|indisponível|"
    r"sem estoque|udsolgt|utsolgt|slutsåld|slut i lager|tillfälligt slut|ej i lager|"
    r"ikke på lager|ikke tilgjengelig|ei varastossa|loppuunmyyty|nincs raktáron|elfogyott|"
    r"not (?:currently )?in stock|no (?:está|esta) disponible|no hay (?:stock|existencias)|não (?:está )?disponível|"
    r"(?:pas|plus) en stock|inte i lager|ei saatavilla|nincs készleten|nie ma w magazynie|"
    r"δεν υπάρχει σε απόθεμα|εκτός αποθέματος|không còn hàng|"
    r"tükendi|stokta yok|hết hàng|εξαντλήθηκε|μη διαθέσιμο|fuera de stock|niet beschikbaar|brak towaru|"
    r"(?:chwilowo|obecnie|tymczasowo) niedostępn[ya]|produkt (?:jest )?niedostępny|nedostupno|nije dostupan|nije dostupno|nema na lageru|ni na voljo|slutsålt|"
    r"ikke tilgængelig|nem elérhető|нема в наявності|немає на складі|изчерпан[оа]?|няма наличност|не е наличен|"
    r"pole laos|laost otsas|nav noliktavā|izpārdots|nėra sandėlyje|išparduota|stok habis|"
    r"notify me when (?:it'?s )?available|email me when (?:it'?s )?(?:back )?in stock|"
    r"(?:be|is|comes?|are) back in stock|back in stock soon|"
    # session 19: "no more" and "none" forms that hold in-stock words, and discontinued
    r"non (?:è )?(?:più )?disponibile|nessuna disponibilità|nie ma na (?:stanie|magazynie)|sem stock|"
    r"não (?:está )?mais disponível|no longer (?:in stock|sold)|niet (?:meer )?(?:op voorraad|leverbaar|beschikbaar)|"
    r"nicht (?:mehr )?(?:erhältlich|lagernd)|discontinued|fuori produzione|descatalogado)\b|"
    r"品切れ|在庫なし|在庫切れ|売り切れ|无现货|缺货|缺貨|售完|售罄|无货|無貨|無庫存|품절|אזל מהמלאי|לא במלאי|غير متوفر|نفذت الكمية|"
    r"สินค้าหมด|ไม่มีสินค้า|재고 없음")
# a block that says nothing but "currently unavailable" (in some language) speaks for the
# product, whatever buy buttons other offers or recommendations on the page may have
OUT_NOW = Lazy(r"^\W*(?:currently|temporarily|actuellement|temporairement|derzeit|momentan|"
               r"attualmente|actualmente|obecnie|chwilowo|this item is)\s+(?:unavailable|not available|"
               r"out of stock|sold out|indisponible|non disponible|nicht (?:verfügbar|lieferbar)|"
               r"ausverkauft|no disponible|non disponibile|esaurito|agotado|niedostępny)\W*$", re.I)
IN = Lazy(
    r"\b((?<!back )in stock|available now|ready to ship|available to ship|ships (?:in|within|today|"
    r"tomorrow)|auf lager|sofort lieferbar|en stock|disponible|disponibile|"
    r"op voorraad|leverbaar|в наличии|есть в наличии|в наявності|(?<!nie jest )(?<!już )dostępny|na stanie|na magazynie|"
    r"skladem|na skladě|na sklade|na zalogi|na stanju|raktáron|varastossa|i lager|på lager|"
    r"stokta|em estoque|en existencia|in magazzino|disponibil|în stoc|còn hàng|disponível|disponibilità immediata|"
    r"sofort verfügbar|skladom|na lageru|készleten|w magazynie|σε απόθεμα|άμεσα διαθέσιμο|διαθέσιμο|"
    r"в наличност|налич(?:но|на|ен)|noliktavā|sandėlyje|stok tersedia|"
    r"only \d+ left|lagernd|low stock|ready (?:for|to) dispatch|(?:sofort )?versandfertig|"
    r"últimas unidades|quedan \d+ unidades|hay existencias|pronta consegna|saatavilla)\b|在庫あり|有货|有貨|現貨|现货|재고 있음|במלאי|متوفر في المخزون|มีสินค้า")
# in-stock wording said of a time to come ("Bientôt disponible", "Binnenkort op voorraad", "Snart i
# lager", "Dostępny wkrótce"): the product cannot be bought now, or only ordered ahead — nothing
SOON = Lazy(r"\b(?:soon|bientôt|prochainement|a breve|presto|prossimamente|próximamente|em breve|brevemente|"
            r"bald|demnächst|binnenkort|snart|pian|brzy|čoskoro|wkrótce|hamarosan|yakında|скоро|σύντομα)\b")
# what out-of-stock wording may be about instead of the product itself
_OTHER_SUBJECT = Lazy(
    r"pick[\s-]?up|in[\s-]stores?\b|\bstores?\b|\bchat\b|deliver|shipping|your area|postcode|"
    r"zip code|\bsizes?\b|colou?r|variant|this option|warranty|installation|retrait|en magasin|"
    r"abholung|filiale|im markt|tienda|negozio|\btalla\b|taille|größe|taglia|rozmiar|velikost|"
    r"méret|storlek|størrelse|koko\b|beden|"
    # (session 20) a size or colour named without the word "size" or "colour": "XL – Sold out",
    # "Black: Sold out", "Out of stock in EU 42", "Maat XL uitverkocht", "Currently unavailable in Red"
    r"\bmaat\b|размер|veľkosť|mărime|μέγεθος|tamanho|\btalle\b|サイズ|尺码|尺寸|사이즈|"
    r"farbe|couleur|coloris|colore|kolor|kleur|цвет|\bcor\b|färg|farve|farge|väri|szín|\brenk|barva|culoare|"
    r"(?<![\w'’-])(?:[2-6]?x{1,3}[sl]|xs)(?![\w'’-])|\b(?:eu|uk|us|gr\.?)\s?\d{1,2}(?:[.,]5)?\b|"
    r"\b(?:black|white|red|blue|green|navy|gr[ae]y|pink|beige|brown|yellow|purple|"
    r"schwarz|wei(?:ß|ss)|rot|blau|grün|grau|braun|gelb|noire?|blanc(?:he)?|rouge|bleue?|verte?|grise?|marron|jaune|"
    r"ner[oa]|bianc[oa]|ross[oa]|blu|grigi[oa]|giall[oa]|negr[oa]|blanc[oa]|roj[oa]|azul|verde|gris|marrón|amarill[oa]|"
    r"czarn[ya]|biał[ya]|czerwon[ya]|niebiesk[ia]|zielon[ya]|szar[ya]|zwart|wit|rood|blauw|groen|grijs|bruin|"
    r"ч[её]рн(?:ый|ая)|бел(?:ый|ая)|красн(?:ый|ая)|син(?:ий|яя)|зел[её]н(?:ый|ая)|сер(?:ый|ая)|preto|branco|vermelho)\b",
    re.I)
# (session 20) an offer to be told when it is back ("Notify me when available", "M'avertir quand
# disponible", "Powiadom o dostępności"): a control's label, said for a size or colour not in stock
# as well as for a sold-out product — it states no stock of its own (the buy control tells which)
NOTIFY = Lazy(r"\b(?:notify me|e-?mail me when|alert me when|let me know when|tell me when|get notified|"
              r"benachrichtig|informieren sie mich|m'avertir|m’avertir|me prévenir|prévenez-moi|m'alerter|"
              r"alertez-moi|être alerté|avvisami|avvertimi|notificami|avísame|avisarme|notifícame|avise-me|"
              r"avisar-me|notifique-me|houd me op de hoogte|breng me op de hoogte|powiadom|daj mi znać|"
              r"сообщить о (?:поступлении|наличии)|уведомить о (?:поступлении|наличии)|hlídat dostupnost|"
              r"upozornit na dostupnost|bevaka|meddela mig|giv mig besked|gi meg beskjed|ilmoita kun|"
              r"értesítést kérek)", re.I)
# (session 20) a lone size letter beside stock wording ("S – Sold out"), upper case only
_SIZE_LETTER = Lazy(r"(?<![\w'’.-])[SML](?![\w'’.-])")


def wording(text: str, context: str = "") -> str | None:
    """"out", "in", "other" (out-of-stock wording about something else) or None;
    ``context``: the short text around it ("Retiro en tienda: No disponible")."""
    lowered = text.lower()
    if OUT.search(lowered):
        if OUT_NOW.match(text):
            return "out"
        return "other" if _OTHER_SUBJECT.search(text) or _SIZE_LETTER.search(text) \
            or _OTHER_SUBJECT.search(context) else "out"
    if IN.search(lowered):
        return None if SOON.search(lowered) else "in"
    return None
