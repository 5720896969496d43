"""Amounts of money as a page shows them: currency signs, amounts, the class names of price
elements (and of the prices that are not the product's: old, unit, tax, delivery,
warranty…), and an element's text without its struck-through parts.
"""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.normalise import normalise_price
from native_host.page.shopview import SKIP, ancestors, attrs

El = etree._Element

PRICE_CLASS = Lazy(r"price|preis|prix|precio|prezzo|cena|preco", re.I)
NOT_PRICE = Lazy(r"old|was|strike|regular|list|compare|before|orig|save|saving|unit|"
                       r"per-|range[-_]?(?:slider|input|select)|price[-_]?range|filter|(?:price|range)[-_]?slider|"
                       r"slider[-_]?(?:range|handle|track|input|min|max)|label|shipping|"
                       r"total|tax|crossed|rrp|msrp|"
                       r"-from|installment|monthly|vat", re.I)
# a sign, an ISO code (also written against the amount: "EUR15.99", "99SAR") or a local
# abbreviation ("zł", "Kč", "ر.س")
CURRENCY = Lazy(r"[$€£¥￥₹₽₩₺₴₪฿₫₸円元₱₦₾₼৳₡₲]|(?:원|đ)(?![^\W\d_])|บาท|ش\.ج|درهم|ر\.س|د\.إ|د\.ك|ج\.م|"
                r"ر\.ع|د\.ب|ر\.ق|"  # Omani, Bahraini, Qatari
                r"(?=[^\W\d_])(?<![^\W\d_])(?:(?:NT|HK|US|CA?|AU?|NZ|S|MX|R)\$|S/\.?|"  # "R$ 129,90" is BRL, not "$"
                r"(?:USD|EUR|GBP|CHF|CAD|AUD|NZD|JPY|INR|RUB|BRL|PLN|"
                r"SEK|NOK|DKK|CZK|HUF|RON|KZT|SAR|AED|QAR|KWD|EGP|TRY|MXN|ZAR|HKD|SGD|CNY|KRW|TWD|"
                r"THB|BGN|UAH|ILS|CLP|ARS|COP|PHP|MYR|IDR|VND|ISK|BYN|AZN|BDT|PKR|LKR|NGN|KES|TND|OMR|"
                r"BHD|JOD|MDL|RSD|MKD|GTQ|PYG|UYU|"
                # local abbreviations, also written against the amount ("299zł", "1.299,90TL")
                r"Lei|Kč|zł|kr|Kn|Rs\.?|Ft|тг|руб(?:лей|ля)?|грн|лв|TL|RM|Rp|дин|KSh|Lek|Dhs|Fr\.(?=\s*\d)|"
                # Kuwaiti and Bahraini dinars, whose fils make three decimals ("KD 12.500"): only
                # so, as "KD 15" may be a shoe's model and "BD 25" a disc
                r"(?:KD|BD)(?=\.?\s*\d{1,3}(?:,\d{3})*\.\d{3}(?!\d))|(?:(?<=\.\d{3})|(?<=\.\d{3}\s))(?:KD|BD))"
                r"(?:\.|(?![^\W\d_])))", re.I)
# an amount: digits with "." / "," / "'" separators (Swiss shops' "’" too: "CHF 1’299.–"), or
# thousands groups split by spaces ("44 890", "1 299,00"), not two numbers side by side ("1,679 1679")
AMOUNT = Lazy(r"\d{1,3}(?:[\s\u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d[\d.,'’]*\d|\d")
# a currency sign right before or after a number: "$99", "17,10 €", "44 890 тг."
# (whole units written with a dash for the cents before the sign: "1 299,- Kč", "49.– CHF")
MONEY = Lazy(rf"(?:{CURRENCY.pattern})\s*(?P<a>{AMOUNT.pattern})|"
             rf"(?P<b>{AMOUNT.pattern})(?:[.,][-–])?\s*(?:{CURRENCY.pattern})|"
             # with no sign, as Nordic shops write them ("299:-", "1 299,-"), not ":-)"
             rf"(?P<c>{AMOUNT.pattern})[:,][-–](?![\w()\[\]{{}}/\\|*<>=^~-])", re.I)
STRUCK = {"del", "s", "strike"}


def amount(m: re.Match | None) -> str | None:
    """The price an amount match (of ``MONEY``) reads as, a plain decimal string."""
    if m is None:
        return None
    name = "a" if m.group("a") else "b" if m.group("b") else "c"
    found = m.group(name)
    if m.string[m.end(name):m.end(name) + 2][1:] in ("-", "–") and m.string[m.end(name)] in ".,:":
        found = re.sub(r"\D", "", found)  # whole units: "1.299,-" is 1299
    return normalise_price(found, structured=False)


def signed(text: str) -> re.Match | None:
    """The first amount in ``text`` shown with a currency sign (not a bare "299:-", whose
    sign may sit in the parent: "€ <span>20,-</span>")."""
    return next((m for m in MONEY.finditer(text) if m.group("c") is None), None)


_CENTS = Lazy(rf"\s*(?:(?P<sign>{CURRENCY.pattern})\s*)?(?P<d>\d\d)\s*", re.I)
_SIGN_ONLY = Lazy(rf"\s*(?:{CURRENCY.pattern})?\s*", re.I)


def _cents(parts: list[str], el: El) -> bool:
    """Whether ``el`` (a childless ``sup`` / ``span``) is the cents of the whole units
    ``parts`` ends with, drawn apart ("229" · "99", "12" · "€99", "12" · "," · "99", with
    at most a currency sign after it): if so they are joined in ``parts`` ("229.99")."""
    text = el.text or ""
    if not text or len(text) > 12 or not text.strip()[-1:].isdigit():
        return False
    m = _CENTS.fullmatch(text)
    if m is None or not _SIGN_ONLY.fullmatch(el.tail or ""):
        return False
    at = len(parts) - 1
    if parts[at].strip() in (",", ".") and at:  # the separator in an element of its own
        at -= 1
    whole = parts[at].rstrip()
    if not whole[-1:].isdigit() or re.search(r"[.,]\d{1,2}$", whole):
        return False
    del parts[at + 1:]
    parts[at] = f"{whole}{',' if '.' in whole else '.'}{m.group('d')}"  # ("1.299" · "00": 1.299,00)
    if m.group("sign"):
        parts.append(m.group("sign"))
    return True


def shown_text(node: El) -> str:
    """``node``'s text without struck-through or old/list-price parts."""
    parts: list[str] = []
    stack: list[tuple[El, bool]] = [(node, True)]
    while stack:
        el, is_root = stack.pop()
        if isinstance(el, str):  # a tail queued after its element's children
            parts.append(el)
            continue
        if not isinstance(el.tag, str):
            if el.tail:
                parts.append(el.tail)
            continue
        if not is_root and (el.tag in STRUCK or el.tag in SKIP or NOT_PRICE.search(attrs(el))):
            if el.tail:
                parts.append(el.tail)
            continue
        if el.tag in ("sup", "span") and parts and len(el) == 0 and _cents(parts, el):
            pass  # "$229<sup>99</sup>", "12<sup>€99</sup>", "12<span>,</span><span>99</span>": 229.99, 12.99 €
        elif el.text:
            parts.append(el.text)
        if not is_root and el.tail:
            stack.append((el.tail, False))  # type: ignore[arg-type]
        stack.extend((c, False) for c in reversed(el))
    return " ".join(" ".join(parts).split())


def beside_parent(el: El, text: str, found: Callable[[str], object], *, most: int | None = None,
                  ok: Callable[[El], bool] | None = None) -> str:
    """``text`` (what ``el`` shows) when ``found`` finds what is wanted in it, else its
    parent's shown text — an amount and its currency sign in elements of their own ("36,99"
    · "€", "£" · "3") — when the parent is at most ``most`` characters long and ``ok``
    accepts the parent."""
    if found(text):
        return text
    parent = el.getparent()
    if parent is None or (ok is not None and not ok(parent)):
        return text
    around = shown_text(parent)
    return text if most is not None and len(around) > most else around


def shown_signed(el: El, text: str) -> str:
    """The amount ``el`` shows (``text``, its own text) with its currency sign, read from its
    whole shown text when the cents sit in a child ("£48<sup>99</sup>") and from its parent
    when the sign does ("32" · "zł", "€" · "88,00"; a parent of at most 40 characters)."""
    return beside_parent(el, shown_text(el) if len(el) else text, signed, most=40)


# blocks that price a service sold with the product (delivery, warranty, insurance)
_SERVICE = Lazy(r"deliver|shipping|courier|warrant|garanti|insurance|versand|lieferung|livraison|"
                      r"env[ií]o|spedizion|toimitus|tarne", re.I)


def service_words(text: str) -> bool:
    """Whether ``text`` (a class name or a label) names a service sold with the product."""
    return _SERVICE.search(text) is not None


def service(el: El) -> bool:
    """Whether ``el`` (or one of four wrappers) is named for a service sold with the product."""
    return any(_SERVICE.search(attrs(node)) for node in (el, *ancestors(el, 4)))


_MONEY_ONLY = Lazy(rf"[^\w$€£¥￥₹₽₩₺₴₪฿₫₸₱₦₾₼৳₡₲]*(?:{MONEY.pattern})[^\w]*", re.I)
# "from 74,95 €": the lowest price of the product's variants, shown as its price (often
# beside a list price it undercuts)
_FROM = (r"(?:from|starting at|ab|à partir de|dès|desde|a partir de|a partire da|da|vanaf|vana|"
         r"od|alkaen|från|fra|от|від|από|から|起)")
_PLAIN_MONEY = re.sub(r"\(\?P<\w+>", "(?:", _MONEY_ONLY.pattern)
_FROM_MONEY = Lazy(rf"\s*{_FROM}:?\s+{_PLAIN_MONEY}|{_PLAIN_MONEY}\s*{_FROM}\s*", re.I)


def money_only(text: str) -> bool:
    """An amount with a currency sign and nothing else, or a "from" price."""
    if AMOUNT.search(text) is None:  # (a title's words: no need to compile the two below)
        return False
    return bool(_MONEY_ONLY.fullmatch(text) or _FROM_MONEY.fullmatch(text))
