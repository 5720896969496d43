"""The sale price beside a list price, told by the discount the page shows with them.

A shop on sale shows two amounts side by side, the list price and the price it asks, with
the discount: a percentage ("-24%", "(-10 %)", "11% off") or the amount saved ("Risparmi
€ 11,00").  Most draw the list price struck through with a class rule, which a reading of
the markup without class names cannot see (``<span class="x1">83,30 Lei</span> (-24%)
<span class="x2">63,07 Lei</span>``), so the first amount — the list price — was read.  The
arithmetic says which is which, in any language: when a lower amount shown near the price
read is that price less the discount shown beside them, the lower one is the price.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from lxml import etree

from native_host.page.buybox import part_of_price
from native_host.page.lazyre import Lazy
from native_host.page.money import AMOUNT, CURRENCY, MONEY, STRUCK, amount, shown_signed, signed
from native_host.page.shopview import ancestors
from native_host.page.tiles import in_product_row

El = etree._Element

_NEAR = 6  # visible blocks before and after the price read where its pair and discount are shown
_FAR = 30  # … where the price it asks is shown, when a saving's words name the discount
_PERCENT = Lazy(r"(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%")


def _amounts(el: El, text: str) -> list[tuple[Decimal, str, str | None]]:
    """(amount, as the reader writes it, its currency text) of each amount ``el`` shows."""
    if len(text) > 40 or not AMOUNT.search(text) or (_PERCENT.search(text) and not signed(text)):
        return []  # (a percentage alone: not its parent's amounts)
    shown = shown_signed(el, text)
    if len(shown) > 40:
        return []
    out = []
    for m in MONEY.finditer(shown):
        value = amount(m)
        if value:
            try:
                sign = CURRENCY.search(m.group(0))
                out.append((Decimal(value), value, sign.group(0) if sign else None))
            except InvalidOperation:
                continue
    return out


def sale_price(blocks: list[tuple[El, str]], price: str | None,
               currency: str | None) -> tuple[str | None, str | None]:
    """(price, currency text): ``price`` as read, or the lower amount shown near it that is
    ``price`` less the discount shown beside it — within :data:`_NEAR` blocks, a percentage
    of it (within a point) or the difference itself; within :data:`_FAR` blocks, ``price``
    less an amount a saving's words name beside it ("Sie sparen CHF 4.50")."""
    if not price:
        return price, currency
    want = Decimal(price)
    at = next((i for i, (el, text) in enumerate(blocks)
               if any(value == want for value, _, _ in _amounts(el, text))), None)
    if at is None or want <= 0:
        return price, currency
    percents: list[Decimal] = []
    others: list[Decimal] = []  # every other amount near it
    savings: list[Decimal] = []  # amounts a saving's (or an instalment's) words name
    mine = blocks[at][0]
    lower: list[tuple[int, Decimal, str, str | None]] = []  # (distance, amount, as written, currency text)
    for i in range(max(0, at - _FAR), min(len(blocks), at + _FAR + 1)):
        el, text = blocks[i]
        text = " ".join(text.split())  # ("(-\n   24%\n )")
        if el is mine or len(text) > 40:
            continue
        near = abs(i - at) <= _NEAR
        if near:
            percents += [Decimal(m.group(1).replace(",", ".")) for m in _PERCENT.finditer(text)]
        amounts = [a for a in _amounts(el, text) if a[0] != want]
        if not amounts:
            continue
        worded = part_of_price(text)
        if near:
            others += [value for value, _, _ in amounts]
            if worded:
                savings += [value for value, _, _ in amounts]
        # the sale price: not struck, not a saving or an instalment ("Risparmi € 11,00" is
        # the discount), not in a link or a row of cards (another product's)
        if worded or any(a.tag in STRUCK or (a.tag == "a" and a.get("href")) for a in (el, *ancestors(el, 3))) \
                or in_product_row(el):
            continue
        lower += [(abs(i - at), value, written, sign) for value, written, sign in amounts if 0 < value < want]

    def fits(high: Decimal, low: Decimal, near: bool) -> bool:
        """Whether the discount shown is ``high`` less ``low``."""
        off = high - low
        return near and (any(abs(off * 100 / high - p) <= 1 for p in percents if 0 < p < 100)
                         or any(off == other for other in others if other not in (high, low))) \
            or any(off == saved for saved in savings)

    if any(fits(other, want, True) for other in others if other > want):
        return price, currency  # the price read is the sale price of a list price beside it
    for distance, value, written, sign in sorted(lower, key=lambda c: c[0]):
        if fits(want, value, distance <= _NEAR):
            return written, sign or currency
    return price, currency
