"""How shops unlike the dev ones draw the same things: the rewrites of
:mod:`product_variants` that change how a page is drawn, not which markup it carries
(prices in pieces, no ``h1``, buttons as ``div``s, links or icons, lists and tables as
``div``s, currency codes for signs)."""

from __future__ import annotations

import hashlib
import re

from lxml import etree


# an amount with two decimals and a currency sign, the whole text of an element ("12,99 €",
# "$1,299.00", "EUR 45.50"): the bench's own pattern, not the extractor's
_SHOWN_PRICE = re.compile(r"\s*(?P<pre>[$€£¥₹₽]|[A-Z]{3}|zł|Kč|Lei|Rs\.?)?\s*(?P<int>\d{1,3}(?:[.,'\s\u00a0]\d{3})*|\d+)"
                          r"(?P<sep>[.,])(?P<frac>\d\d)\s*(?P<post>[$€£¥₹₽]|[A-Z]{3}|zł|Kč|kr\.?|Lei|лв\.?|руб\.?|грн|Ft)?\s*")


def _span(parent: etree._Element, tag: str = "span", text: str | None = None) -> etree._Element:
    child = etree.SubElement(parent, tag)
    child.text = text
    return child


def prices_split(root: etree._Element) -> None:
    """Each shown price ("12,99 €") drawn in pieces, the way big shops' themes do, one
    style per page (picked from its title): the sign, the whole units and the cents in
    elements of their own with no space between them (``€<span>12<span>,</span></span>
    <span>99</span>``), the cents after the sign in a ``<sup>`` ("12<sup>€99</sup>", French
    shops; "$1,299<sup>00</sup>"), or the cents in a ``<sup>`` and the sign in an element
    of its own or after them ("12<sup>99</sup> €", "<span>$</span>1,299<sup>00</sup>")."""
    title = next((" ".join(h.text_content().split()) for h in root.iter("h1", "title")), "")
    style = int(hashlib.sha1(title.encode("utf-8")).hexdigest(), 16) % 3
    for el in list(root.iter(etree.Element)):
        if len(el) or el.tag in ("script", "style", "title", "option", "textarea") or not el.text:
            continue
        m = _SHOWN_PRICE.fullmatch(el.text)
        if m is None or not (m.group("pre") or m.group("post")) or (m.group("pre") and m.group("post")):
            continue
        sign = m.group("pre") or m.group("post")
        el.text = None
        if style == 0:  # Amazon's way
            if m.group("pre"):
                _span(el, text=sign)
            whole = _span(el, text=m.group("int"))
            _span(whole, text=m.group("sep"))
            _span(el, text=m.group("frac"))
            if m.group("post"):
                _span(el, text=" " + sign)
        elif style == 1:  # "12€99", "$1,299⁰⁰"
            el.text = (sign if m.group("pre") else "") + m.group("int")
            _span(el, "sup", ("" if m.group("pre") else sign) + m.group("frac"))
        else:  # "12⁹⁹ €", "<span>$</span>1,299⁰⁰"
            if m.group("pre"):
                _span(el, text=sign).tail = m.group("int")
            else:
                el.text = m.group("int")
            cents = _span(el, "sup", m.group("frac"))
            if m.group("post"):
                cents.tail = " " + sign


def no_h1(root: etree._Element) -> None:
    """Headings ``h1`` drawn as ``div``s (many shops name the product in a ``div`` or an
    ``h2``, or keep their ``h1`` for the logo)."""
    for el in root.iter("h1"):
        el.tag = "div"


def _buttons_drawn_as(root: etree._Element, tag: str, **attrs: str) -> None:
    """Every ``button`` and submit ``input`` drawn as a ``tag`` element with ``attrs`` (an
    input showing its value; a disabled one with ``aria-disabled="true"``)."""
    for el in list(root.iter("button", "input")):
        if el.tag == "input":
            if (el.get("type") or "").lower() not in ("submit", "button"):
                continue
            el.text = el.get("value")
        for attr in ("type", "form", "formaction", "name", "value"):
            el.attrib.pop(attr, None)
        if el.attrib.pop("disabled", None) is not None:
            el.set("aria-disabled", "true")
        el.tag = tag
        for name, value in attrs.items():
            el.set(name, value)


def div_buttons(root: etree._Element) -> None:
    """Buttons drawn as ``<div role="button">`` (script-driven shops: the click handler is
    the script's, the element a styled ``div``); a submit input becomes one showing its value."""
    _buttons_drawn_as(root, "div", role="button")


_LIST_TAGS = ("ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption")


def lists_as_divs(root: etree._Element) -> None:
    """Lists and tables drawn with ``div``s (grid-styled "rows" and "cells": a spec sheet,
    a size picker, a list of offers), their class names kept."""
    for el in list(root.iter(*_LIST_TAGS)):
        el.tag = "div"
        for attr in ("colspan", "rowspan", "scope", "headers", "start", "reversed"):
            el.attrib.pop(attr, None)


# the shown price's sign → the ISO code shops that write codes put in its place ("EUR 12,99",
# "12,99 EUR", "USD 12.99")
_CODES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₽": "RUB", "zł": "PLN", "Kč": "CZK",
          "Lei": "RON", "Ft": "HUF", "лв.": "BGN", "лв": "BGN", "руб.": "RUB", "руб": "RUB", "грн": "UAH",
          "kr.": "DKK", "kr": "SEK", "Rs.": "INR", "Rs": "INR"}
# an amount with a sign, the whole (short) text of an element: "€12.99", "12,99 €", "£50"
_SIGNED = re.compile(r"(?P<pre>[$€£¥₹₽]|zł|Kč|Lei|Rs\.?)?\s*(?P<num>\d{1,3}(?:[.,'\s\u00a0]\d{3})*(?:[.,]\d\d)?|\d+(?:[.,]\d\d)?)"
                     r"\s*(?P<post>[$€£¥₹₽]|zł|Kč|kr\.?|Lei|лв\.?|руб\.?|грн|Ft)?")


def currency_codes(root: etree._Element) -> None:
    """Each shown amount's currency sign written as its ISO code where the sign stood
    ("€12.99" → "EUR 12.99", "12,99 €" → "12,99 EUR", a sign's own element "<span>£</span>"
    → "<span>GBP</span>"), as shops that show codes do."""
    for el in root.iter(etree.Element):
        if el.tag in ("script", "style", "title", "textarea"):
            continue
        for where in ("text", "tail"):
            value = getattr(el, where)
            if not value or len(value) > 30:
                continue
            if value.strip() in _CODES and where == "text" and not len(el):  # "<span>£</span>450"
                setattr(el, where, value.replace(value.strip(), _CODES[value.strip()]))
                continue
            m = _SIGNED.fullmatch(value.strip())
            if m is None or bool(m.group("pre")) == bool(m.group("post")):
                continue
            code = _CODES.get(m.group("pre") or m.group("post") or "")
            if code:
                shown = f"{code} {m.group('num')}" if m.group("pre") else f"{m.group('num')} {code}"
                setattr(el, where, value.replace(value.strip(), shown))


def buttons_as_links(root: etree._Element) -> None:
    """Buttons (and submit inputs) drawn as links styled as buttons (``<a href="#"
    class="btn …">Add to cart</a>``), the way many themes draw their buy control."""
    _buttons_drawn_as(root, "a", href="#")


def icon_buttons(root: etree._Element) -> None:
    """Buttons (and submit inputs) whose label is a short text drawn as an icon, the text
    only in ``aria-label`` (``<button aria-label="Add to cart"><svg …/></button>``)."""
    for el in list(root.iter("button", "input")):
        if el.tag == "input":
            if (el.get("type") or "").lower() not in ("submit", "button"):
                continue
            label = el.get("value") or ""
            el.tag = "button"
            for attr in ("type", "value"):
                el.attrib.pop(attr, None)
        else:
            label = el.text_content()
        label = " ".join(label.split())
        if not label or len(label) > 40 or el.get("aria-label"):
            continue
        for child in list(el):
            el.remove(child)
        el.text = None
        el.set("aria-label", label)
        icon = etree.SubElement(el, "svg")
        icon.set("aria-hidden", "true")
        etree.SubElement(icon, "use").set("href", "#icon")


def h1_as_h2(root: etree._Element) -> None:
    """Headings ``h1`` drawn as ``h2`` (themes that keep the ``h1`` for the logo or leave it out)."""
    for el in root.iter("h1"):
        el.tag = "h2"


def site_first_title(root: etree._Element) -> None:
    """The document ``<title>`` written site first ("Shop: Product", "Shop | Product"), as
    many shops do: its last " | " (else ": ", " – ", " - ") part moved to the front."""
    for title in root.iter("title"):
        text = " ".join((title.text or "").split())
        for sep in (" | ", ": ", " – ", " - "):
            if sep in text:
                head, tail = text.rsplit(sep, 1)
                title.text = f"{tail}{sep}{head}"
                break
        break


# stock wording a shop may show as an icon: the bench's own short list, not the extractor's
_STOCK = re.compile(r"\s*(?:in stock|out of stock|sold out|currently unavailable\.?|available|unavailable|"
                    r"auf lager|lieferbar|nicht verfügbar|ausverkauft|en stock|disponible|épuisé|rupture de stock|"
                    r"agotado|disponibile|esaurito|dostępny|niedostępny|skladem|na skladě|в наличии|нет в наличии|"
                    r"op voorraad|i lager|på lager|em estoque|esgotado|raktáron|varastossa)\s*[.!]?\s*", re.I)


def stock_icons(root: etree._Element) -> None:
    """Stock shown by an icon: an element whose whole text is stock wording gets an
    ``<img alt="In stock">`` in its place (the words only in the image's ``alt``)."""
    for el in list(root.iter(etree.Element)):
        if len(el) or not el.text or el.tag in ("script", "style", "title", "option", "button", "a"):
            continue
        if _STOCK.fullmatch(el.text):
            said = " ".join(el.text.split())
            el.text = None
            icon = etree.SubElement(el, "img")
            icon.set("src", "/i/stock.svg")
            icon.set("alt", said)


_GROUPS = ("\u202f", "’", "'")  # French (Intl's narrow no-break space), Swiss typographic, Swiss plain


def local_groups(root: etree._Element) -> None:
    """Each shown price of four digits or more written with another locale's thousands
    separator, one per page (picked from its title): "1\u202f299,00\u202f€" as French
    number formatting writes it, "CHF 1’299.00" or "1'299.00" as Swiss shops do."""
    title = next((" ".join(h.text_content().split()) for h in root.iter("h1", "title")), "")
    group = _GROUPS[int(hashlib.sha1(title.encode("utf-8")).hexdigest(), 16) % 3]
    for el in list(root.iter(etree.Element)):
        if len(el) or el.tag in ("script", "style", "title", "option", "textarea") or not el.text:
            continue
        m = _SHOWN_PRICE.fullmatch(el.text)
        whole = re.sub(r"\D", "", m.group("int")) if m else ""
        if m is None or not (m.group("pre") or m.group("post")) or len(whole) < 4:
            continue
        grouped = f"{int(whole):,}".replace(",", group)
        space = "\u202f" if group == "\u202f" else " "
        el.text = (f"{m.group('pre')}{space}" if m.group("pre") else "") + f"{grouped}{m.group('sep')}{m.group('frac')}" \
            + (f"{space}{m.group('post')}" if m.group("post") else "")


def image_buttons(root: etree._Element) -> None:
    """Buttons (and submit inputs) with a short label drawn as image submit buttons, the
    label only in the image's ``alt`` (``<input type="image" src="…" alt="Add to cart">``),
    as older shop systems draw them."""
    for el in list(root.iter("button", "input")):
        if el.tag == "input":
            if (el.get("type") or "").lower() not in ("submit", "button"):
                continue
            label = el.get("value") or ""
        else:
            label = el.text_content()
        label = " ".join(label.split())
        if not label or len(label) > 40:
            continue
        for child in list(el):
            el.remove(child)
        el.text = None
        el.tag = "input"
        el.attrib.pop("value", None)
        el.set("type", "image")
        el.set("src", "/i/button.png")
        el.set("alt", label)



def no_title(root: etree._Element) -> None:
    """No document ``<title>`` (with :func:`no_h1`: a page that names its product nowhere a
    reader of markup can find it: a script-built page, a saved fragment)."""
    for el in list(root.iter("title")):
        el.getparent().remove(el)
