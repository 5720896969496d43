"""The shared walk up the tree (interactive._nearest) answers as a fresh walk per element:
hidden within 40 levels, chrome/main within 30, whatever order elements are asked in."""

from __future__ import annotations

from native_host.page.interactive import _hidden, _priority, selector_for
from native_host.page.parse import parse


def _nested(levels: int, inner: str) -> str:
    return "<div>" * levels + inner + "</div>" * levels


def test_hidden_reaches_40_levels_whatever_the_order_of_questions() -> None:
    page = parse("<html><body><div hidden>" + _nested(38, "<button id='near'>a</button>")
                 + _nested(39, "<button id='far'>b</button>") + "</div></body></html>")
    near, far = (page.xpath(f"//*[@id='{i}']")[0] for i in ("near", "far"))
    for order in ((near, far), (far, near)):
        memo: dict = {}
        answers = {el.get("id"): _hidden(el, memo) for el in order}
        assert answers == {"near": True, "far": False}  # 39 levels up is seen, 40 is not
        assert (_hidden(near), _hidden(far)) == (True, False)  # same as without a memo


def test_priority_by_nearest_region_with_a_shared_memo() -> None:
    page = parse("<html><body><nav><main><a id='in-main' href='/a'>x</a></main></nav>"
                 "<main><nav><a id='in-nav' href='/b'>y</a></nav></main>"
                 "<article>" + _nested(30, "<a id='deep' href='/c'>z</a>") + "</article>"
                 "<footer><a id='foot' href='/d'>w</a></footer></body></html>")
    memo: dict = {}
    got = {i: _priority(page.xpath(f"//*[@id='{i}']")[0], "link", memo)
           for i in ("deep", "foot", "in-main", "in-nav")}
    assert got == {"deep": 2, "foot": 3, "in-main": 2, "in-nav": 3}


def test_selectors_with_a_shared_memo_match_fresh_ones() -> None:
    page = parse("<html><body><div id='app'><ul><li><a href='/1'>1</a></li><li><a href='/2'>2</a>"
                 "</li></ul></div><p><a href='/3'>3</a><a href='/4'>4</a></p></body></html>")
    ids = {"app": 1}
    links = page.xpath("//a")
    memo: dict = {}
    steps: dict = {}
    shared = [selector_for(a, ids, memo, steps) for a in reversed(links)][::-1]
    assert shared == [selector_for(a, ids) for a in links] == [
        "#app > ul > li:nth-of-type(1) > a", "#app > ul > li:nth-of-type(2) > a",
        "html > body > p > a:nth-of-type(1)", "html > body > p > a:nth-of-type(2)"]
