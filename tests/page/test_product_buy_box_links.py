"""A buy button drawn as a box around a link that only runs the page's script (issue 15,
session 23): ``<div class="buyBtn"><a href="javascript:buy_process(…)">…</a></div>``. The
box's class says what the link is, whatever the link's label says (a shop's "free delivery"
or "single-store cart" instead of "Buy")."""

from __future__ import annotations

import pytest

from tests.page.test_product_shops import product_of

_BUY = "<div class='{cls}'><a href=\"{href}\">{label}</a></div>"


def _layout(buy: str) -> str:
    # an old shop's layout table: its rows show an icon and an amount, like a row of cards; the
    # buy box's row too when its label says "0元" (free delivery), which is no card's price
    return ("<table><tr><td><img src='p.jpg'></td></tr><tr><td><h1>Goose floss, 250 g</h1></td></tr>"
            "<tr><td><strong>建議售價</strong> <del>$420</del> 元</td></tr>"
            "<tr><td><strong>特價</strong> <span>294</span> 元</td></tr>"
            "<tr><td><img src='24h.gif'> 宅配 <strong>80</strong> 元</td></tr>"
            "<tr><td><img src='bank.gif'> 分期 <strong>$98</strong> 元</td></tr>"
            f"<tr><td>{buy}<div><a href=\"javascript:chat('42');\"><img src='chat.png'>聊聊</a></div></td></tr></table>")


@pytest.mark.parametrize("label", ["跨店宅配<span>0</span>元免運", "單店購物車"])
@pytest.mark.parametrize("href", ["javascript:buy_process('ITtx','aHR0');", "#"])
def test_a_script_link_alone_in_a_box_classed_as_the_buy_button_is_a_buy_control(label: str, href: str) -> None:
    p = product_of(_layout(_BUY.format(cls="buyBtn", href=href, label=label)))
    assert p is not None and (p.price, p.availability) == ("294", "InStock")


@pytest.mark.parametrize("buy", [
    # a link to another page: the box holds a way elsewhere, not a control
    _BUY.format(cls="buyBtn", href="/store/42", label="單店購物車"),
    # the box's class says nothing of buying
    _BUY.format(cls="storeBtn", href="javascript:open_store('42');", label="單店購物車"),
    # more than the link in the box: not a button drawn around it
    "<div class='buyBtn'>Seller: <a href=\"javascript:chat('42');\">Ask</a></div>",
])
def test_other_links_in_or_out_of_buy_classed_boxes_are_no_buy_control(buy: str) -> None:
    assert product_of(_layout(buy)) is None
