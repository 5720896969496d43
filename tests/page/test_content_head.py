"""A huge article is cleaned only as far as it can be shown; the page itself is left whole."""

from __future__ import annotations

from lxml import etree

from native_host.page.content import _head
from native_host.page.parse import parse


def test_head_copies_the_start_and_leaves_the_container_whole() -> None:
    html = ("<html><body><div id='c'><section><p>aaaa</p>x<p>bbbb</p>y<p>cccc</p>z</section>"
            "<section><p>dddd</p></section>tail</div></body></html>")
    container = parse(html).find(".//div")
    before = etree.tostring(container)
    head = _head(container, 6)  # the text passes 6 characters inside the second <p>
    assert etree.tostring(container) == before  # set-aside parts were put back, in order
    assert etree.tostring(head, method="text", encoding=str) == "aaaaxbbbby"
    assert [el.tag for el in head.iter()] == ["div", "section", "p", "p"]


def test_head_of_a_short_container_is_all_of_it() -> None:
    container = parse("<div><p>short</p></div>").find(".//div")
    assert etree.tostring(_head(container, 100)) == etree.tostring(container)
