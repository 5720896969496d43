"""Where a link leads: one reading (native_host.page.hrefs) for the rules on teaser cards,
product tiles, buy controls and page controls."""

from __future__ import annotations

import pytest

from native_host.page.hrefs import leads_away, on_this_page, runs_script


@pytest.mark.parametrize("href", ["/story/42", "https://example.com/x", "page.html#comments", "//cdn.example.com/a"])
def test_a_link_to_another_page_leads_away(href: str) -> None:
    assert leads_away(href)
    assert not runs_script(href) and on_this_page(href) is None


@pytest.mark.parametrize("href", ["#", "#!/cart", "javascript:void(0)", "JavaScript:open()"])
def test_a_link_that_only_runs_the_page_script(href: str) -> None:
    assert runs_script(href)
    assert not leads_away(href) and on_this_page(href) is None


def test_a_link_to_a_place_on_this_page_names_the_place() -> None:
    assert on_this_page("#recipe-card") == "recipe-card"
    assert not leads_away("#recipe-card") and not runs_script("#recipe-card")


@pytest.mark.parametrize("href", ["mailto:desk@example.com", "tel:+4930123", ""])
def test_mail_phone_and_no_address_lead_nowhere_and_run_nothing(href: str) -> None:
    assert not leads_away(href) and not runs_script(href) and on_this_page(href) is None
