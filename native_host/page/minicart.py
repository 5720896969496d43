"""The shop's cart drawn on the product page: a mini-cart or cart drawer, whose button
goes to the checkout.

Most shops draw their cart on every page — a drawer that slides in, a dropdown under the
header's cart icon — saying the cart is empty or showing its subtotal, with a button to
the checkout.  In some languages that button's label is a plain order verb ("Commander",
"Ordina", "Objednat") that also labels a product's own buy button, so without telling
class names the checkout button was taken for the product's: on a sold-out product page,
whose own buy controls are gone, the page then looked buyable and its "Currently
unavailable" was never asked.  A control in such a box buys what is already in the cart,
not the product the page is about (:func:`buybox.buy_buttons` leaves it out).

The box is found by what it says, not by its class names (which a build tool may have
made up): a small block around the control (within four levels, at most 400 characters of
text) that says the cart is empty or shows a subtotal.  A product's own buy box says
neither.
"""

from __future__ import annotations

from itertools import islice

from lxml import etree

from native_host.page.lazyre import Lazy

El = etree._Element

_LEVELS = 4  # a checkout button sits in its cart box within this many levels
_MOST = 400  # characters of text: more is a page's block, not a cart box
_PIECES = 80  # text nodes (its whitespace included): the same

# "your cart is empty" and a cart's subtotal, in the languages shops write (searched in
# lower-cased text)
_CART_SAYS = Lazy(
    r"(?:cart|basket|bag|trolley) is (?:currently )?empty|no (?:items|products) in (?:your |the )?"
    r"(?:shopping )?(?:cart|basket|bag)|panier est vide|warenkorb ist (?:noch )?leer|"
    r"carrello (?:è|e') vuoto|(?:carrito|cesta) (?:está )?vac[íi][oa]|(?:carrinho|cesto) (?:está )?vazio|"
    r"koszyk jest pusty|корзина пуста|кошик порожній|winkel(?:wagen|mand(?:je)?) is leeg|"
    r"varukorgen är tom|kurven er tom|handlekurven er tom|ostoskori on tyhjä|košík je prázdný|"
    r"kosár(?:a)? üres|sepetiniz(?: henüz)? boş|sepetinizde ürün (?:bulunmamaktadır|yok)|"
    r"coșul (?:de cumpărături )?este gol|ostukorv on tühi|"
    r"\bsub-?total|sous-total|zwischensumme|subtotale|totale parziale|suma częściowa|"
    r"промежуточный итог|подытог|subtotaal|delsumma|mezisoučet|medzisúčet|részösszeg|välisumma|"
    r"vahesumma|ara toplam|小計|小计|소계")


def in_cart(el: El) -> bool:
    """Whether the control ``el`` sits in the shop's cart box (see the module doc)."""
    node = el.getparent()
    for _ in range(_LEVELS):
        if node is None or node.tag in ("body", "html"):
            return False
        pieces = list(islice(node.itertext(), _PIECES + 1))
        if len(pieces) > _PIECES:
            return False  # a page's block, not a cart box
        text = " ".join("".join(pieces).split())
        if len(text) > _MOST:
            return False  # grown past a cart box: the page's own block
        if _CART_SAYS.search(text.lower()):
            return True
        node = node.getparent()
    return False

