"""Stock wording in more of the languages shops use (issue 15, session 9), and negated
in-stock wording ("Not in stock", "Pas en stock") read as what it says, not as in stock."""

from __future__ import annotations

import pytest

from native_host.page.stock import wording
from tests.page.test_product_shops import product_of

_LD = '<script type="application/ld+json">{"@type":"Product","name":"Widget","sku":"W-1"}</script>'


def _availability(said: str) -> str | None:
    # no price and no buy button: the wording alone has to say it
    p = product_of(f"<h1>Widget</h1><p class='availability'>{said}</p>", _LD)
    assert p is not None
    return p.availability


@pytest.mark.parametrize("said", [
    "Not in stock", "Not currently in stock", "No está disponible", "No hay stock", "Fuera de stock",
    "Não disponível", "Pas en stock", "Plus en stock", "Inte i lager", "Slutsålt", "Ikke tilgængelig",
    "Ei saatavilla", "Nincs készleten", "Nem elérhető", "Nie ma w magazynie", "Brak towaru", "Chwilowo niedostępny",
    "Niet beschikbaar", "Nedostupno", "Nije dostupno", "Nema na lageru", "Ni na voljo", "Нема в наявності",
    "Немає на складі", "Изчерпан", "Няма наличност", "Δεν υπάρχει σε απόθεμα", "Εκτός αποθέματος", "Pole laos",
    "Laost otsas", "Nav noliktavā", "Izpārdots", "Nėra sandėlyje", "Išparduota", "Stok habis", "Không còn hàng",
    "לא במלאי", "售罄", "สินค้าหมด", "ไม่มีสินค้า", "재고 없음",
])
def test_out_of_stock_wording_in_more_languages(said: str) -> None:
    assert _availability(said) == "OutOfStock"


@pytest.mark.parametrize("said", [
    "Disponível", "Disponibilità immediata", "Sofort verfügbar", "Skladom", "Na lageru", "Készleten",
    "W magazynie", "Σε απόθεμα", "Άμεσα διαθέσιμο", "В наличност", "Налично", "Noliktavā", "Sandėlyje",
    "Stok tersedia", "במלאי", "متوفر في المخزون", "มีสินค้า",
])
def test_in_stock_wording_in_more_languages(said: str) -> None:
    assert _availability(said) == "InStock"


@pytest.mark.parametrize("said", ["Nie jest dostępny", "оплата наличными"])
def test_unsure_wording_says_nothing(said: str) -> None:
    # "is not available" must not read as "available", and "наличными" is paying in cash
    assert wording(said) is None


@pytest.mark.parametrize("said", [
    "Non più disponibile", "Non è più disponibile", "Nessuna disponibilità", "Nie ma na stanie", "Não está mais disponível",
    "No longer in stock", "Niet meer leverbaar", "Nicht mehr erhältlich", "Nicht lagernd", "Sem stock", "Out-of-stock",
    "Sold-out", "Discontinued", "Fuori produzione", "Descatalogado", "无现货",
])
def test_no_more_and_discontinued_wording_is_out_of_stock(said: str) -> None:
    # session 19: "Non più disponibile" and "Nie ma na stanie" were read as in stock (their
    # "disponibile" / "na stanie"): a sold-out page read as buyable
    assert _availability(said) == "OutOfStock"


@pytest.mark.parametrize("said", [
    "Bientôt disponible", "Disponibile a breve", "Dostępny wkrótce", "Disponível em breve", "Próximamente disponible",
    "Binnenkort op voorraad", "Snart i lager", "Bald wieder auf Lager", "Brzy skladem", "In stock soon",
    "Produkt nie jest już dostępny",
])
def test_in_stock_wording_of_a_time_to_come_says_nothing(said: str) -> None:
    # coming soon: not buyable now, or only to order ahead — read as in stock before
    assert wording(said) is None and _availability(said) is None


@pytest.mark.parametrize("said", [
    "Lagernd", "Últimas unidades", "Quedan 3 unidades", "Hay existencias", "Pronta consegna", "Sofort versandfertig",
    "Low stock", "Ready for dispatch", "Saatavilla", "现货",
])
def test_more_in_stock_wording(said: str) -> None:
    assert _availability(said) == "InStock"


def test_a_product_said_unavailable_in_polish_is_out_of_stock() -> None:
    # (session 10) safe now that a buy control's hidden state label is not read as a statement
    assert wording("Produkt niedostępny") == "out" and _availability("Produkt niedostępny") == "OutOfStock"


@pytest.mark.parametrize("said", ["Wyprzedane", "Wyprzedano", "Produkt wyprzedany", "Wyprzedana"])
def test_polish_sold_out_in_each_form_is_out_of_stock(said: str) -> None:
    # (session 22) "Wyprzedane" (the plural and neuter form shops write) and "Wyprzedano"
    # were not read: the pattern had only "wyprzedany" / "wyprzedana"
    assert wording(said) == "out" and _availability(said) == "OutOfStock"


def test_a_polish_sold_out_option_or_sale_says_nothing_of_the_product() -> None:
    # one size sold out beside an enabled buy button, and a sale ("Wyprzedaż"), say nothing of the product
    picker = "<select><option>M</option><option>L</option><option disabled>XL – Wyprzedane</option></select>"
    p = product_of(f"<h1>Kurtka zimowa</h1><p class='x4'>299 zł</p><p>Wyprzedaż -30%</p>{picker}"
                   "<button class='x5'>Dodaj do koszyka</button>")
    assert p is not None and p.availability == "InStock" and wording("Wyprzedaż -30%") is None


_LABELS = ("<a href='#' class='{cls}'{disabled}><span class='can-buy-label'>Dodaj do koszyka</span>"
           "<span class='cannot-buy-label'>Sprawdź dostępność w sklepie</span><span class='unavailable-label'>{out}</span></a>")


@pytest.mark.parametrize("out", ["Produkt niedostępny", "Out of stock", "Sold out"])
def test_the_state_labels_of_an_enabled_buy_control_are_not_the_products_stock(out: str) -> None:
    # leroymerlin.pl: the add-to-cart link holds every state's label, a style sheet shows one
    buy = _LABELS.format(cls="add-to-basket", disabled="", out=out)
    p = product_of(f"<h1>Zestaw WC</h1><p class='x4'>997 zł</p>{buy}", _LD)
    assert p is not None and p.availability == "InStock"


@pytest.mark.parametrize("buy, availability", [
    (_LABELS.format(cls="add-to-basket", disabled=" aria-disabled='true'", out="Sold out"), "OutOfStock"),
    ("<button class='add-to-cart'>Sold out</button>", "OutOfStock"),
    # a submit input's label is its value, not a text block: not in stock, then, but nothing said
    ("<input type='submit' class='add-to-cart' value='Sold out'>", None),
])
def test_a_disabled_buy_control_or_one_that_says_only_sold_out_is_read(buy: str, availability: str | None) -> None:
    p = product_of(f"<h1>Zestaw WC</h1><p class='x4'>997 zł</p>{buy}", _LD)
    assert p is not None and p.availability == availability


@pytest.mark.parametrize("label", [
    "Zum Warenkorb hinzufügen", "Ajouter à mon panier", "Ajouter au caddie", "Agregar a la bolsa", "Agregar al carro",
    "Metti nel carrello", "Aggiungi alla borsa", "Adicionar ao saco", "Toevoegen aan winkelwagen", "In mijn winkelwagen",
    "Lägg i kundvagnen", "Tilføj til kurv", "Læg i indkøbskurv", "Legg i handlevogn", "Lisää koriin", "Hemen Al",
    "Купити", "Додати до кошика", "Adaugă în coş", "Dodaj u korpu", "Добави в количката", "Pievienot grozam",
    "הוספה לסל", "קנה עכשיו", "أضف للسلة", "اشتري الآن", "カートに追加", "買い物かごに入れる",
    "장바구니에 담기", "เพิ่มลงตะกร้า", "หยิบใส่ตะกร้า", "ซื้อเลย", "Tambah ke Keranjang", "Beli Sekarang",
    # a bare buy verb on a button
    "Купи", "Αγορά", "Beli", "Mua", "ซื้อ", "קנה",
])
def test_buy_buttons_in_more_languages_mark_a_shop_and_its_stock(label: str) -> None:
    p = product_of(f"<h1>Widget</h1><div class='x1'><b class='x2'>49,90 €</b><button class='x3'>{label}</button></div>")
    assert p is not None and p.price == "49.90" and p.availability == "InStock"


@pytest.mark.parametrize("label", ["Bestellen", "Newsletter bestellen"])
def test_an_order_button_alone_is_no_shop(label: str) -> None:
    # "Bestellen" orders a newsletter or a catalogue on German news pages as often as a product
    assert product_of(f"<h1>Widget</h1><p>49,90 €</p><form><input type='submit' value='{label}'></form>") is None
