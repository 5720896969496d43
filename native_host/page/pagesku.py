"""The product code a page shows: under a label ("SKU", "Art.-Nr.", "Код товара"…), in an
element whose class, id or data attribute names it, or in the page's address.

A code under a "strong" label is the shop's own; a model or reference number ("weak") is a
fallback only.
"""

from __future__ import annotations

import re

from lxml import etree

from native_host.page.lazyre import Lazy

El = etree._Element

# Labels of the shop's own product code ("strong") and of codes that may be someone
# else's — the manufacturer's model or reference number ("weak", a fallback only).
_SKU_STRONG = (
    r"SKU|ASIN|Item\s*(?:#|No\.?|number|code|ID)|Article\s*(?:#|No\.?|number|code)|eBay item number|Numero oggetto(?: eBay)?|"
    r"Product\s*(?:code|ID|number|no\.?|#)|Prod(?:uct)?\.?\s*(?:code|no\.?)|Web\s*code|"
    r"Art(?:ikel)?\.?[\s-]*Nr\.?|Artikel-?(?:nummer|code)|Produkt-?(?:nummer|nr\.?|kode?)|Productnummer|"
    r"Bestellnummer|Best\.?-?Nr\.?|N(?:um[ée]ro|°|o\.?)\s*d['’]article|"
    r"Code (?:produit|article)|C[óo]d(?:igo|\.)(?:\s+(?:de|do|del|da))?(?:\s+(?:producto|produto|art[íi]culo|artigo))?|"
    r"Cod(?:ice)?\.? (?:produs|prodotto|articolo|art\.?)|K[oó]d(?: produktu| produk| towaru)?|Kode (?:produk|barang)|"
    r"Šifra(?: (?:proizvoda|artikla|produkta))?|Katalóg(?:ové)? číslo|Obj(?:ednací|ednávací|\.)\s*(?:číslo|č\.)|"
    r"Код(?: товара| товару| продукта)?|Артикул|Κωδ(?:ικός|\.)(?: προϊόντος)?|"
    r"קוד מוצר|מק[\"״']?ט|رمز المنتج|رقم المنتج|كود المنتج|رقم الصنف|"
    r"商品(?:編號|编号|番号|コード|代码|代碼)|產品編號|产品编号|品番|品號|货号|貨號|상품\s*(?:번호|코드)|품번|"
    r"Mã\s+(?:sản phẩm|SP|hàng)|รหัสสินค้า|ID Produto|post id|Anzeige|Numer katalogowy|"
    r"Ad\s*(?:#|ID|No\.?|number)|Tootekood|Tuote(?:numero|koodi)|Varenummer|Varenr\.?|Cikkszám|Termékkód|"
    r"Ürün (?:kodu|no)|Stok kodu|Produkta kods|Preces kods|Prekės kodas|"
    # session 19: the article number in Spanish / Italian / Portuguese ("Nº de artículo", "Numero
    # articolo", "N.º do artigo"), a bare Italian "Codice", Norwegian, Dutch, Polish, Czech / Slovak
    r"(?:N[úu]mero|N[úu]m\.|N\.?[º°]|N[º°o]\.?|N\.)\s*(?:(?:de|do|del|d['’])\s*)?(?:art[íi]culo|artigo|articolo)|"
    r"Codice|Artikkel(?:nummer|nr\.?)|Bestel(?:nummer|nr\.?)|(?:Numer|Nr\.?) produktu|"
    r"Č[íi]slo (?:produktu|zbo[žz][íi]|tovaru)|K[oó]d (?:zbo[žz][íi]|tovaru)|Kat\.\s*č\."
)
_SKU_WEAK = (r"Model\s*(?:#|No\.?|number)|Modell(?:nummer)?|Mod[eè]le|型番|型号|型號|모델명|"
             r"Part\s*(?:#|No\.?|number)|MPN|Mfr\.?\s*(?:#|Part\s*(?:#|No\.?|number))|Style\s*(?:#|No\.?)|"
             r"Catalog(?:ue)?\s*(?:#|No\.?|number)|Cat\.\s*No\.?|Symbol|Indeks|"
             # a bare "Model:" (and its own element: a specs table's "Model" | "NC5100EF"), not
             # "Model 178 cm" nor "Model height: …"; the maker's number by name
             r"(?:Model|Modelo|Modello|Модель)(?=\s*(?:[:：]|$))|Hersteller-?(?:nummer|nr\.?)|Kod producenta|"
             r"Refer[êe]ncia(?: (?:do )?produto)?|Nr\.? ref(?:erencyjny)?\.?|Numer referencyjny|Referencia(?: (?:del )?producto)?|R[ée]f(?:[ée]rence)?(?![^\W\d_])\.?(?: produit)?")
_SKU_WORDS = f"{_SKU_STRONG}|{_SKU_WEAK}"
_SKU_LABEL = Lazy(rf"(?:^|[\s(|〈【「\[])({_SKU_WORDS})\s*[:#.：]?\s*:?\s*((?=[\w\-./]*\d)[A-Za-z0-9][\w\-./]{{1,40}})",
                        re.I)
_SKU_LABEL_ONLY = Lazy(rf"\s*({_SKU_WORDS})\s*[:#.：]?\s*:?\s*", re.I)
_SKU_STRONG_RE = Lazy(rf"(?:{_SKU_STRONG})$", re.I)
# class / id / data-* values that mark an element holding the product code itself
_SKU_ATTR = Lazy(r"(?:product|item|article|art)[-_ ]?(?:ref(?:erence)?|code|number|no|nr|id)\b|"
                       r"\bsku\b|cat-?number|catalog-?number|reference", re.I)
_SKU_VALUE = Lazy(r"[A-Za-z0-9][\w\-./]{1,40}")
# attribute names that carry the product's id: ``data-…`` ones, and (session 15) the bare
# names shops put on the controls that act on the product (compare / wishlist / price-alert
# buttons: ``pid="…"``; a platform's ``<product-form product-id="…">``, ``data-pid``)
_ID_ATTR = Lazy(r"^data-.*(?:sku|asin|item-?id|product-?id|productid|adno|product-?code)|"
                r"^(?:data-)?(?:pid|sku|(?:product|item)[-_]?id)$", re.I)


def _code(value: str) -> str | None:
    value = value.strip(" :#").rstrip(".")
    return value if _SKU_VALUE.fullmatch(value) and re.search(r"\d", value) else None


_LEAD = Lazy(r"[\s:#：]*(\S*)")
_PUNCT = {":", "：", "#", "-", "–", "|"}


def _after(el: El) -> str:
    """The first word of the text right after ``el`` (or after its one wrapper) in its parent."""
    for node in (el, el.getparent()):
        if node is None:
            break
        if node.tail and not node.tail.isspace():
            return _LEAD.match(node.tail).group(1)
        parent = node.getparent()
        if parent is None or len(parent) != 1 or (parent.text or "").strip():
            break  # a wrapper (<span><b>SKU:</b></span> 12345) holds only the label
    return ""


def _next_text(blocks: list[tuple[El, str]], i: int) -> str:
    """The text of the block after block ``i``, past a lone ":" or "#" in an element of its own."""
    j = i + 1
    if j < len(blocks) and blocks[j][1].strip() in _PUNCT:
        j += 1
    return blocks[j][1] if j < len(blocks) else ""


def sku_from_page(blocks: list[tuple[El, str]]) -> tuple[str | None, bool]:
    """A code the page shows as the product's SKU / item number / product code (in many
    languages), and whether it is the shop's own code (a strong label, or an element
    whose class/id/data attribute names it) rather than a model or reference number.
    Strong codes win over weak ones; otherwise the first in the page wins."""
    weak: str | None = None
    for i, (el, text) in enumerate(blocks):
        if len(text) > 120:
            continue
        m = _SKU_LABEL.search(text)
        label, value = (m.group(1), _code(m.group(2))) if m else (None, None)
        only = _SKU_LABEL_ONLY.fullmatch(text) if value is None else None
        if only:
            # the label in an element of its own: the value follows it in its parent's text
            # ("<b>SKU:</b> 12345"), else in the next element ("SKU" | "12345"; "SKU" | ":" | "12345")
            label, value = only.group(1), _code(_after(el)) or _code(_next_text(blocks, i))
        if value is None and len(text) <= 40:
            attrs = " ".join(v for k, v in el.items() if k in ("class", "id", "itemprop")
                             or k.startswith("data-"))
            if attrs and _SKU_ATTR.search(attrs) and _code(text):
                return _code(text), True
        if value is None:
            continue
        if _SKU_STRONG_RE.match(" ".join(label.split())):
            return value, True
        weak = weak or value
    return weak, False


def sku_from_url(root: El, url: str, blocks: list[tuple[El, str]] = ()) -> str | None:
    """An identifier in the page URL that the page also carries as a product-id attribute,
    or shows as the whole text of an element ("3410048" under the product's details); else
    the one identifier the URL's path holds (:func:`_lone_id`)."""
    from urllib.parse import unquote, urlsplit

    path = unquote(urlsplit(url).path) if url else ""
    tokens = {t for t in re.findall(r"[A-Za-z0-9]{5,}", path) if re.search(r"\d", t)}
    if not tokens:
        return None
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for name, value in el.attrib.items():
            if value in tokens and _ID_ATTR.match(name):
                return value
    tokens |= set(re.findall(r"\d{5,}", path))  # "x3410048.php" shows "3410048"
    for _, text in blocks:
        if text in tokens:
            return text
    return _lone_id(path)


_ID_TOKEN = Lazy(r"(?<![A-Za-z0-9])(?=(?:[A-Za-z]*\d){5})[A-Za-z0-9]{5,20}(?![A-Za-z0-9])")


def _lone_id(path: str) -> str | None:
    """The one identifier in the address's path ("/item/93133869_pillows-pair",
    "/P-7142014-housse.htm", "/products/4005556050178/Puzzle.html"): a run of letters and
    digits with at least five digits.  A shop names its product pages by the product's
    number far more often than by anything else that has five digits; with two such runs
    (a category and a product, a date and an id) the reading cannot tell: nothing."""
    found = set(_ID_TOKEN.findall(path))
    return found.pop() if len(found) == 1 else None
