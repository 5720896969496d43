"""Words that buy: add-to-cart / buy-now phrases in about 20 languages, and buy controls
without them (a bare "Buy" / "Comprar" button, a bid, a ticket purchase, an "Add" button
whose accessible name says what it adds)."""

from __future__ import annotations

import re

from lxml import etree

from native_host.page.hrefs import href_of, runs_script
from native_host.page.lazyre import Lazy
from native_host.page.parse import text_of
from native_host.page.shopview import attrs

El = etree._Element

# add-to-cart / buy-now wordings, searched in lower-cased text (see ``_Lowered``)
_WORDINGS = (
    r"add[\s_-]*to[\s_-]*(?:(?:your|my)\s+)?(?:shopping[\s_-]*)?(cart|bag|basket|trolley)",
    r"buy[\s_-]*now", r"buy it now", r"add-to-cart", r"addtocart", r"buy[_-]?(?:button|btn)",
    r"in den (?:warenkorb|einkaufswagen)", r"jetzt kaufen", r"ajouter au (?:panier|sac)",
    r"acheter maintenant", r"añadir (?:al carrito|a la cesta)", r"agregar al carrito", r"comprar ahora",
    r"adicionar (?:ao|à) (?:carrinho|cesto|sacola)", r"comprar agora", r"aggiungi al carrello",
    r"acquista ora", r"in (?:de )?winkel(?:wagen|mand)", r"do koszyka", r"kup teraz", r"do košíku",
    r"do košíka", r"kosárba", r"ostoskoriin", r"i varukorgen", r"köp nu", r"i kurv", r"i handlekurv",
    r"sepete ekle", r"в корзину", r"у кошик", r"в кошик", r"купить", r"adaugă în coș", r"adauga in cos",
    r"u košaricu", r"v košarico", r"ostukorvi", r"į krepšelį", r"grozā", r"στο καλάθι", r"הוסף לסל",
    r"أضف (?:إلى|الى) (?:السلة|حقيبة التسوق|عربة التسوق)",
    r"اضف (?:إلى|الى) (?:السلة|حقيبة التسوق|عربة التسوق)", r"カートに入れる", r"今すぐ購入", r"加入购物车", r"加入購物車",
    r"立即购买", r"立即購買", r"放入購物車", r"장바구니 담기", r"바로구매", r"thêm vào giỏ", r"mua ngay",
    # (session 9) more of the wordings shops use
    r"zum warenkorb hinzufügen", r"ajouter (?:à|a) (?:mon|votre) panier", r"ajouter au caddie",
    r"agregar (?:a la bolsa|al carro\b)", r"añadir a la bolsa", r"aggiungi alla borsa", r"metti nel carrello",
    r"adicionar ao saco", r"toevoegen aan (?:je |de |mijn )?winkel(?:wagen|mand)",
    r"in (?:het |mijn |je )winkel(?:wagen|mand(?:je)?)", r"lägg i kundvagn", r"tilføj til (?:indkøbs)?kurv",
    r"læg i indkøbskurv", r"legg i handlevogn", r"lisää koriin", r"hemen al", r"купити", r"додати (?:в|до) кошика",
    r"adaug[ăa] (?:în|in) co[șşs]", r"dodaj u korpu", r"добави (?:в|към) (?:количката|кошницата)",
    r"pievienot grozam", r"הוספה לסל", r"הוסף לעגלה", r"קנה עכשיו", r"أضف (?:للسلة|لسلة التسوق)",
    r"اضف (?:للسلة|لسلة التسوق)", r"اشتري? الآن", r"カートに追加", r"カートへ入れる", r"かごに入れる", r"장바구니에 담기",
    r"장바구니 추가", r"เพิ่มลงตะกร้า", r"ใส่ตะกร้า", r"ซื้อเลย", r"ซื้อทันที", r"tambah(?:kan)? ke (?:keranjang|troli)",
    r"masukkan (?:ke )?keranjang", r"beli sekarang",
)


def _by_first_letter(alternatives: tuple[str, ...]) -> str:
    """One pattern of ``alternatives``, those that start with the same plain character
    written as one ("a(?:dd…|jouter…)"): the engine tries every alternative at every
    position of the text, so fewer of them make the search over a page's links faster."""
    groups: dict[str, list[str]] = {}
    for alt in alternatives:
        groups.setdefault(alt if alt[0] in "([\\.^$*+?{|" else alt[0], []).append(alt)
    return "|".join(alts[0] if len(alts) == 1 else f"{key}(?:{'|'.join(a[1:] for a in alts)})"
                    for key, alts in groups.items())


_BUY_WORDS = Lazy(_by_first_letter(_WORDINGS))


class _Lowered:
    """``search`` on the lower-cased text: the buy-word pattern without IGNORECASE is an
    order of magnitude faster over the thousands of links of a big page."""

    def __init__(self, pattern: Lazy) -> None:
        self.pattern = pattern

    def search(self, text: str) -> re.Match | None:
        return self.pattern.search(text.lower())


BUY = _Lowered(_BUY_WORDS)

# a buy control whose whole label is a bare buy verb ("Buy", "Acheter", "Kaufen"), a bid
# ("Place bid"), or a ticket purchase; on a link only when it is drawn as a button, except
# for bids and tickets, whose words say it all
_BARE_BUY = frozenset(("buy", "purchase", "acheter", "kaufen", "comprar", "compra", "acquista", "kopen", "kup", "köp",
                       "kjøp", "køb", "osta", "koupit", "kúpiť", "kupi", "cumpără", "vásárlás", "satın al", "购买",
                       "購買", "구매", "구매하기", "購入", "order now", "commander", "ordina", "encomendar", "objednat",
                       "objednať", "naroči", "naruči", "купи", "αγορά", "beli", "mua", "ซื้อ", "קנה", "اشتر"))  # a set: looked up for every short link of a page
_BID = Lazy(r"(?:(?:place|submit|confirm) (?:a |your )?bid|bid now|make an offer|fai un'offerta|faire une offre|"
                  r"hacer una oferta|gebot abgeben)[\s!.]*")
_TICKET = Lazy(r"(?:buy (?:now )?tickets?|comprar (?:entradas?|boletos?)|acheter (?:des |un |vos |mon |mes )?"
                     r"billets?|tickets? kaufen|karten kaufen|acquista biglietti?)[\s!.]*")
# a classified ad's way to buy: reach the seller ("Contact seller", "Kontaktieren")
_SELLER = Lazy(r"(?:contact|chat with|message|email|call) (?:the )?seller|(?:verkäufer |anbieter )?kontaktieren|"
                     r"contacter le vendeur|contactar (?:al|con el) vendedor|contatta il venditore|"
                     r"написать продавцу|показать телефоны?")
# a price-comparison site's way to buy: its list of the shops' offers ("See prices")
_COMPARE = Lazy(r"(?:see|compare)(?: all)? prices(?: \(\d+\))?|сравнить (?:все )?цены(?: \(\d+\))?|preise vergleichen|"
                      r"comparer les prix|confronta (?:i )?prezzi|comparar precios")
# a bid, a ticket, the seller or the shops' offers: one pattern, matched once per label
_OTHER_WAY = Lazy("|".join(p.pattern for p in (_BID, _TICKET, _SELLER, _COMPARE)))
# a click handler that calls the shop's buy function: an image or icon drawn as the buy
# button (onclick="buy('')", "addToCart(123)")
_BUY_CALL = Lazy(r"(?<![\w$])(?:buy(?:_?now|_?it)?|add_?to_?(?:cart|basket|bag|trolley))\s*\(", re.I)
# "Add" whose accessible name says what it adds: "Add" · aria-label="Add Flat boots"
_ADD = Lazy(r"(?:add|ajouter|hinzufügen|añadir|aggiungi|adicionar|toevoegen|dodaj|lägg till|lisää)")
_NOT_BUY = Lazy(r"wish|favou?rite|compare|list|review|comment|note|photo|address|merkliste|"
                      r"souhait|deseo|desideri|verlanglijst|ulubion")


def input_label(el: El) -> str:
    """What an ``<input>`` button shows: its ``value``, else (an image submit) its ``alt``."""
    return el.get("value") or el.get("alt") or ""


def named(el: El, shown: str) -> str:
    """``shown``, the text of the control ``el``; when it shows none (an icon drawn as the
    button), its accessible name: ``aria-label``, ``title``, its own ``alt`` (``<input
    type="image">``) or its image's."""
    if not shown or shown.isspace():
        name = el.get("aria-label") or el.get("title") or el.get("alt")  # (an image submit's own)
        if name is None and len(el):
            img = next(el.iter("img"), None)
            name = img.get("alt") if img is not None else None
        return name or shown
    return shown


def _goes_nowhere(el: El) -> bool:
    """Whether the link ``el`` leads nowhere but to its page's script (``href="#"``,
    ``javascript:…``, none): a control drawn as a link, not a way to another page."""
    href = href_of(el)
    return not href or runs_script(href)


NATIVE_CONTROLS = frozenset(("a", "button", "input"))


def drawn_button(el: El) -> bool:
    """Whether ``el`` is drawn as a button without being a native control
    (``<div role="button">Add to bag</div>``, and since session 19 one whose click handler
    is in the markup: ``<span onclick="addToCart(…)">In den Warenkorb</span>``)."""
    return el.tag not in NATIVE_CONTROLS and (el.get("role") == "button" or el.get("onclick") is not None)


def drawn_buys(el: El) -> bool:
    """Whether ``el``, drawn as a button (:func:`drawn_button`), has a short label that buys
    ("<div role=button>Add to bag", "<span onclick=…>In den Warenkorb"); not a whole
    product card a script made clickable."""
    shown = " ".join(named(el, text_of(el)[:200]).split())
    return len(shown) <= 60 and bool(BUY.search(f"{attrs(el)} {shown}") or bare_buy(el, shown))


def bare_buy(el: El, shown: str | None = None) -> bool:
    """A button (or a link drawn as one) that buys without the usual buy words, or a
    control whose click handler calls a buy function (``shown``: its text, when the
    caller has it)."""
    tag = el.tag
    onclick = el.get("onclick")
    if onclick and tag in ("a", "button", "input") and _BUY_CALL.search(onclick):
        return True
    if tag == "input":
        if (el.get("type") or "").lower() not in ("submit", "button", "image"):
            return False
        text = input_label(el)
    elif tag in ("button", "a") or drawn_button(el):  # (a <div> drawn as one)
        text = named(el, text_of(el) if shown is None else shown)
    else:
        return False
    if len(text) > 200:
        return False
    text = " ".join(text.split()).lower()
    if not text or len(text) > 30:
        return False
    if _OTHER_WAY.fullmatch(text):
        return True
    if text.rstrip(" !.") in _BARE_BUY:
        # a link only when drawn as a button, or as the control of a form ("Kupi" in a
        # POST form whose submit the link's script makes), or leading only to the page's
        # script (``<a href="#" class="btn">Naroči</a>``)
        return tag != "a" or el.get("role") == "button" or _goes_nowhere(el) \
            or any(a.tag == "form" for a in el.iterancestors())
    if not _ADD.fullmatch(text) or (tag == "a" and el.get("role") != "button" and not _goes_nowhere(el)):
        return False
    name = " ".join((el.get("aria-label") or el.get("title") or "").split()).lower()
    return name.startswith(text + " ") and not _NOT_BUY.search(name)


# an accessible name that adds the product to the cart, its name in between ("Ajouter Casio
# PRW-3100 à votre panier", "Add Long strappy dress to cart"): the control's own text may
# say anything ("Je fonce") or nothing (an icon)
_ADD_VERBS = ("add", "ajouter", "hinzufügen", "añadir", "aggiungi", "adicionar", "toevoegen", "dodaj", "lägg")
_ADD_NAMED = Lazy(rf"(?:{'|'.join(_ADD_VERBS)}) .{{1,200}}? "
                        r"(?:to (?:your |my |the )?(?:shopping )?(?:cart|bag|basket|trolley)|"
                        r"(?:à|au|dans) (?:votre |ton |mon |le )?panier|(?:in den|zum) warenkorb|"
                        r"al (?:carrito|carrello)|a la cesta|ao carrinho|aan (?:je |de )?winkelwagen|"
                        r"do koszyka|i varukorgen)\W*")


def named_add_to_cart(el: El) -> bool:
    """A link or button whose accessible name (``aria-label``, else ``title``) adds a
    named product to the cart."""
    name = el.get("aria-label") or el.get("title")
    if not name or not name.lstrip()[:12].lower().startswith(_ADD_VERBS):
        return False  # most names: no add verb first, no need to read them further
    return _ADD_NAMED.fullmatch(" ".join(name.split()).lower()) is not None


def bid(el: El) -> bool:
    """A bid control ("Place bid"): beside it is the next bid, not the price."""
    return _BID.fullmatch(" ".join(named(el, text_of(el)).split()).lower()) is not None


def _script_link(a: El) -> bool:
    """Whether ``a`` is a link that only runs the page's script (``javascript:…``, ``#``)."""
    return a.tag == "a" and runs_script(href_of(a))


def buy_box_link(box: El, lowered_class: str) -> bool:
    """Whether ``box`` (its ``class`` lower-cased: ``lowered_class``) is a buy button drawn
    as a box around one link that only runs the page's script, with nothing else in it
    (``<div class="buyBtn"><a href="javascript:buy_process(…)">跨店宅配0元免運</a></div>``):
    the box is the button, the link its click target, whatever its label says."""
    if len(box) != 1 or not _script_link(link := box[0]) or (box.text or "").strip() \
            or (link.tail or "").strip():
        return False
    return BUY.search(lowered_class) is not None


def in_buy_box(a: El) -> bool:
    """Whether the link ``a`` is the click target of a buy button drawn as a box
    (:func:`buy_box_link`)."""
    box = a.getparent()
    return box is not None and box.get("class") is not None and buy_box_link(box, box.get("class", "").lower())
