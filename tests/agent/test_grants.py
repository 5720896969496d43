"""Grants are per (site origin, tool, destination origin); search asks once per chat; the card
gets everything that will be typed, sent or opened (native_host/permissions.py)."""

from __future__ import annotations

from native_host import permissions
from tests.agent.script import Sidebar, call, chat, run, say

SHOP = {"url": "https://shop.example/p/9", "title": "Phone X", "text": "Phone X — $499. [0] button Buy now"}
OTHER = {"url": "https://other.example/", "title": "Other", "text": "Other site. [0] button Delete account"}


async def test_navigation_grants_are_per_destination(fake_provider, services):
    fake_provider.add(call(("open_url", {"url": "https://docs.example/a"})), say("a"),
                      call(("open_url", {"url": "https://docs.example/b"})), say("b"),
                      call(("open_url", {"url": "https://evil.example/"})), say("c"))
    side = Sidebar(approve=True, remember=True)
    await run(chat("docs", SHOP), side, services)
    assert services.settings.load().allowed_sites == {"https://shop.example": ["open_url https://docs.example"]}
    side2 = Sidebar(approve=False)
    await run(chat("docs b", SHOP, id="c2"), side2, services)
    assert not side2.of("confirm_request") and side2.of("tool_request")[0]["site"] == "https://shop.example"
    side3 = Sidebar(approve=False)  # the same tool to another destination asks again
    await run(chat("evil", SHOP, id="c3"), side3, services)
    [ask] = side3.of("confirm_request")
    assert ask["details"]["dest"] == "https://evil.example" and not side3.of("tool_request")


async def test_the_site_is_where_the_tab_is_when_the_action_runs(fake_provider, services):
    permissions.grant(services.settings, permissions.Grant("https://shop.example", "click_element"))
    fake_provider.add(call(("open_url", {"url": "https://other.example/"})), call(("click_element", {"index": 0})),
                      say("done"))
    side = Sidebar(approve=lambda m: m["tool"] == "open_url", tools={"get_page": OTHER})
    await run(chat("go and click", SHOP), side, services)
    asks = side.of("confirm_request")
    assert [(a["tool"], a["site"]) for a in asks] == [("open_url", "https://shop.example"),
                                                      ("click_element", "https://other.example")]
    assert [r["tool"] for r in side.of("tool_request")] == ["open_url", "get_page"]  # no click


def _clicks(side: Sidebar) -> list[dict]:
    return [r for r in side.of("tool_request") if r["tool"] == "click_element"]


def _link_to(url: str):
    """click_element on a link to ``url``, answered as content.js does."""
    return lambda args: {"leaves_site": url} if args.get("stay_on_site") else {"clicked": "link"}


async def test_a_granted_click_that_would_leave_the_site_asks_first(fake_provider, services):
    permissions.grant(services.settings, permissions.Grant("https://shop.example", "click_element"))
    fake_provider.add(call(("click_element", {"index": 0})), say("a"), call(("click_element", {"index": 0})), say("b"))
    side = Sidebar(approve=True, remember=True, tools={"click_element": _link_to("https://evil.example/x?q=1")})
    await run(chat("click it", SHOP), side, services)
    [ask] = side.of("confirm_request")
    assert ask["details"]["dest"] == "https://evil.example" and ask["details"]["url"] == "https://evil.example/x?q=1"
    assert ask["summary"] == "Click a link that leaves shop.example for evil.example?"
    first, again = _clicks(side)
    assert first["stay_on_site"] is True and "stay_on_site" not in again  # the rerun follows the link
    assert services.settings.load().allowed_sites == {
        "https://shop.example": ["click_element", "click_element https://evil.example"]}
    side2 = Sidebar(approve=False, tools={"click_element": _link_to("https://evil.example/other")})
    await run(chat("again", SHOP, id="c2"), side2, services)  # the same destination: remembered
    assert not side2.of("confirm_request") and len(_clicks(side2)) == 2


async def test_a_denied_off_site_click_is_not_run_and_same_site_links_need_no_card(fake_provider, services):
    permissions.grant(services.settings, permissions.Grant("https://shop.example", "click_element"))
    fake_provider.add(call(("click_element", {"index": 0})), say("a"))
    side = Sidebar(approve=False, tools={"click_element": _link_to("https://evil.example/")})
    await run(chat("click it", SHOP), side, services)
    assert len(side.of("confirm_request")) == 1 and len(_clicks(side)) == 1  # only the refused try
    assert "denied" in fake_provider.requests[-1].json["messages"][-1]["content"]
    fake_provider.add(call(("click_element", {"index": 0})), say("b"))
    side2 = Sidebar(approve=False, tools={"click_element": {"clicked": "Next page"}})  # a link on the same site
    await run(chat("next", SHOP, id="c2"), side2, services)
    assert not side2.of("confirm_request") and len(_clicks(side2)) == 1


async def test_a_click_the_user_allowed_on_its_card_is_not_held_back(fake_provider, services):
    fake_provider.add(call(("click_element", {"index": 0})), say("a"))
    side = Sidebar(approve=True, tools={"click_element": _link_to("https://evil.example/")})
    await run(chat("click it", SHOP), side, services)  # the card showed the link's address (confirms.js)
    assert len(side.of("confirm_request")) == 1
    [req] = _clicks(side)
    assert "stay_on_site" not in req


async def test_search_asks_once_per_chat_and_says_where_the_words_go(fake_provider, services):
    services.settings.update({"search_url": "https://search.example/find?q={q}"})
    fake_provider.add(call(("search_web", {"query": "kettle"})), call(("search_web", {"query": "kettle price"})),
                      say("a"), call(("search_web", {"query": "x"})), say("b"))
    side = Sidebar(approve=True, tools={"search_web": {"url": "u", "title": "t", "text": "results"}})
    await run(chat("find", SHOP), side, services)
    [ask] = side.of("confirm_request")
    assert ask["tool"] == "search_web" and ask["details"]["dest"] == "https://search.example"
    assert "“kettle”" in ask["summary"] and "search.example" in ask["summary"]
    reqs = side.of("tool_request")
    assert [r["dest"] for r in reqs] == ["https://search.example/find?q=kettle",
                                         "https://search.example/find?q=kettle+price"]
    side2 = Sidebar(approve=False)  # a new chat asks again
    await run(chat("find", SHOP, session="s2", id="c2"), side2, services)
    assert len(side2.of("confirm_request")) == 1 and not side2.of("tool_request")


async def test_the_card_shows_the_real_destination_and_the_whole_text(fake_provider, services):
    long_text = "Dear team, " + "please find the details below. " * 20
    fake_provider.add(call(("open_url", {"url": "https://bank.example@evil.example/login"}),
                           ("open_url", {"url": "https://bücher.example/"}),
                           ("fill_input", {"index": 0, "text": long_text})), say("ok"))
    side = Sidebar(approve=False)
    await run(chat("go", SHOP), side, services)
    userinfo, idn, fill = side.of("confirm_request")
    assert userinfo["details"]["dest"] == "https://evil.example" and userinfo["details"]["userinfo"] == "bank.example@"
    assert "evil.example" in userinfo["summary"] and "bank.example" not in userinfo["summary"]
    assert idn["details"]["dest"] == "https://xn--bcher-kva.example" and idn["details"]["unicode_host"] == "bücher.example"
    assert fill["details"]["text"] == long_text


def test_grants_list_and_revoke(services):
    store = services.settings
    permissions.grant(store, permissions.Grant("https://a.example", "scroll"))
    permissions.grant(store, permissions.Grant("https://a.example", "open_url", "https://b.example"))
    assert set(permissions.grants(store.load())) == {
        permissions.Grant("https://a.example", "scroll"),
        permissions.Grant("https://a.example", "open_url", "https://b.example")}
    permissions.revoke(store, permissions.Grant("https://a.example", "scroll"))
    assert store.load().allowed_sites == {"https://a.example": ["open_url https://b.example"]}
