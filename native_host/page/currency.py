"""Currency as an ISO 4217 code a program can use: "EUR", not "€".

A code from markup (``priceCurrency``, ``og:price:currency``) is kept; a symbol or local
abbreviation is mapped when it names one currency (€, £, ₹, zł, R$, Kč …); shared signs
("$", "kr", "¥", "Rs", "元", "Lei") are resolved with the page's country: the URL's
country domain, then the region or language of ``<html lang>`` (``en-CA`` → CAD).  A
"$" with no country hint is USD.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from native_host.page.lazyre import Lazy

_UNAMBIGUOUS = {
    "€": "EUR", "£": "GBP", "₹": "INR", "₽": "RUB", "руб": "RUB", "р": "RUB", "zł": "PLN",
    "zl": "PLN", "r$": "BRL", "kč": "CZK", "ft": "HUF", "kn": "HRK", "тг": "KZT", "₸": "KZT",
    "₴": "UAH", "грн": "UAH", "₺": "TRY", "tl": "TRY", "₩": "KRW", "원": "KRW", "₪": "ILS",
    "฿": "THB", "₫": "VND", "₱": "PHP", "ر.س": "SAR", "ريال": "SAR", "د.إ": "AED",
    "درهم": "AED", "د.ك": "KWD", "ج.م": "EGP", "chf": "CHF", "fr": "CHF", "円": "JPY",
    "us$": "USD", "c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD",
    "hk$": "HKD", "s$": "SGD", "nt$": "TWD", "mx$": "MXN", "лв": "BGN", "ден": "MKD",
    "din": "RSD", "дин": "RSD", "rm": "MYR", "rp": "IDR", "₦": "NGN", "₵": "GHS", "ksh": "KES",
    "đ": "VND", "₾": "GEL", "₼": "AZN", "৳": "BDT", "₡": "CRC", "₲": "PYG", "s/": "PEN", "บาท": "THB",
    "ش.ج": "ILS", "lek": "ALL", "рублей": "RUB", "рубля": "RUB",
    "kd": "KWD", "bd": "BHD", "ر.ع": "OMR", "د.ب": "BHD", "ر.ق": "QAR",
}
# country (domain or locale region) → its currency, for the shared signs
_COUNTRY = {
    "us": "USD", "ca": "CAD", "au": "AUD", "nz": "NZD", "mx": "MXN", "cl": "CLP", "ar": "ARS",
    "co": "COP", "uy": "UYU", "sg": "SGD", "hk": "HKD", "tw": "TWD", "cn": "CNY", "jp": "JPY",
    "se": "SEK", "no": "NOK", "dk": "DKK", "is": "ISK", "fo": "DKK", "gl": "DKK", "in": "INR",
    "pk": "PKR", "lk": "LKR", "np": "NPR", "mu": "MUR", "ro": "RON", "md": "MDL", "br": "BRL",
    "ec": "USD", "sv": "USD", "pa": "USD", "pr": "USD", "do": "DOP", "cu": "CUP", "jm": "JMD",
    "tt": "TTD", "bs": "BSD", "bb": "BBD", "bz": "BZD", "gy": "GYD", "sr": "SRD", "na": "NAD",
    "lr": "LRD", "fj": "FJD", "bn": "BND", "zw": "USD", "za": "ZAR", "ph": "PHP", "my": "MYR",
    "gb": "GBP", "uk": "GBP", "ie": "EUR", "de": "EUR", "fr": "EUR", "es": "EUR", "it": "EUR",
    "pl": "PLN", "ru": "RUB", "kz": "KZT", "ua": "UAH", "tr": "TRY", "kr": "KRW", "ch": "CHF",
    "ae": "AED", "ma": "MAD",
}
# which countries' currencies each shared sign can stand for
_SHARED = {
    "$": {"USD", "CAD", "AUD", "NZD", "MXN", "CLP", "ARS", "COP", "UYU", "SGD", "HKD", "TWD",
          "DOP", "CUP", "JMD", "TTD", "BSD", "BBD", "BZD", "GYD", "SRD", "NAD", "LRD", "FJD",
          "BND"},
    "kr": {"SEK", "NOK", "DKK", "ISK"},
    "¥": {"JPY", "CNY"},
    "元": {"CNY", "TWD", "HKD", "JPY"},
    "rs": {"INR", "PKR", "LKR", "NPR", "MUR"},
    "₨": {"INR", "PKR", "LKR", "NPR", "MUR"},
    "lei": {"RON", "MDL"},
    "r": {"ZAR"},
    "dhs": {"AED", "MAD"},
}
_SHARED_DEFAULT = {"$": "USD", "¥": "JPY", "元": "CNY", "rs": "INR", "₨": "INR", "lei": "RON",
                   "r": "ZAR", "kr": None, "dhs": "AED"}
# languages that name a country's currency on their own (no region in the locale)
_LANGUAGE = {"sv": "SEK", "nb": "NOK", "nn": "NOK", "no": "NOK", "da": "DKK", "is": "ISK",
             "ja": "JPY", "zh": "CNY", "ro": "RON"}
_LEGACY = {"RUR": "RUB", "BYR": "BYN", "TRL": "TRY", "ROL": "RON", "MXP": "MXN", "GHC": "GHS"}
_CODE = Lazy(r"[A-Za-z]{3}")


def country_hints(url: str, lang: str) -> list[str]:
    """Country codes the page points to, strongest first: its domain (``.com.au`` → au),
    then ``lang``'s region (``es-CL`` → cl)."""
    hints: list[str] = []
    host = (urlsplit(url).hostname or "") if url else ""
    tld = host.rsplit(".", 1)[-1].lower() if "." in host else ""
    if len(tld) == 2:
        hints.append(tld)
    for part in re.split(r"[-_]", lang or "")[1:]:
        if len(part) == 2 and part.isalpha():
            hints.append(part.lower())
    return hints


def to_iso(value: str | None, url: str = "", lang: str = "") -> str | None:
    """``value`` (a code, symbol or local abbreviation) as an ISO 4217 code, or None."""
    if not value:
        return None
    text = " ".join(str(value).split()).strip(" .")
    key = text.lower().replace("￥", "¥")  # the full-width yen sign of Japanese and Chinese shops
    if key in _UNAMBIGUOUS:
        return _UNAMBIGUOUS[key]
    if _CODE.fullmatch(text) and key not in _SHARED:
        return _LEGACY.get(text.upper(), text.upper())
    if key not in _SHARED:
        m = re.match(r"([A-Za-z]{3})\b", text)  # "EUR 12" / "USD$"
        return m.group(1).upper() if m and m.group(1).upper() in _KNOWN_CODES else None
    choices = _SHARED[key]
    for country in country_hints(url, lang):
        if _COUNTRY.get(country) in choices:
            return _COUNTRY[country]
    language = (lang or "").split("-")[0].split("_")[0].lower()
    if _LANGUAGE.get(language) in choices:
        return _LANGUAGE[language]
    return _SHARED_DEFAULT.get(key)


_KNOWN_CODES = set(_UNAMBIGUOUS.values()) | set(_COUNTRY.values()) | {
    c for group in _SHARED.values() for c in group}
