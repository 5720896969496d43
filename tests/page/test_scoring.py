"""Main-content scoring: the shortcuts taken for speed give the answers of the slow way."""

from __future__ import annotations

import pytest

from native_host.page import scoring
from native_host.page.cleaning import prepare
from native_host.page.content import extract, extract_limited
from native_host.page import measures
from native_host.page.measures import Flags, link_density
from native_host.page.parse import parse
from tests.conftest import SHARED, need

READABILITY = SHARED / "corpus" / "readability"


def _el(html: str):
    return parse(html).find("body")[0]


def test_link_density_weights_same_page_links() -> None:
    # 15 characters of text: 10 in an ordinary link, 5 in a "#" link counted 0.3
    el = _el('<p><a href="/x">abcdefghij</a><a href="#top">klmno</a></p>')
    assert link_density(el) == pytest.approx((10 + 0.3 * 5) / 15)


def test_link_density_reads_links_with_children_and_collapses_spaces() -> None:
    el = _el('<p>0123456789<a href="/x">  ab <b>cd</b>  </a></p>')  # link text "ab cd"
    assert link_density(el) == pytest.approx(5 / len("0123456789 ab cd"))
    assert link_density(_el("<p></p>")) == 0.0


def _exhaustive_top(body, flags: Flags):
    """The best candidate with every candidate's link density computed (no early stop)."""
    top, final = scoring.score_candidates(body, flags)
    if top is None:
        return None
    every = {el: final[el] for el in final.raw}  # _LazyFinal computes what the scan skipped
    ranked = sorted(every, key=every.__getitem__, reverse=True)
    first = ranked[0] if ranked[0].tag not in scoring._LISTS else scoring._beyond_list(ranked[0], final.raw)
    return scoring._promote(first, ranked[1:scoring._WINDOW], every)


@pytest.mark.parametrize("flags", [Flags(), Flags(False, False, False)])
def test_early_stop_picks_what_an_exhaustive_scan_picks(flags: Flags) -> None:
    need(READABILITY.is_dir(), "corpus/readability")
    pages = sorted(d for d in READABILITY.iterdir() if (d / "source.html").exists())
    assert len(pages) > 100
    for page in pages:
        body = parse((page / "source.html").read_text(encoding="utf-8", errors="replace")).find("body")
        prepare(body, flags, "")
        top, _ = scoring.score_candidates(body, flags)
        assert top is _exhaustive_top(body, flags), page.name


def test_many_equal_blocks_under_one_container() -> None:
    # thousands of equally scored posts: their common container wins, none of the posts
    post = "<div class='post'><p>" + "Words, more words, and a few more words here. " * 3 + "</p></div>"
    html = "<html><body><div id='feed'>" + post * 3000 + "</div><p class='x'>outside</p></body></html>"
    body = parse(html).find("body")
    prepare(body, Flags(), "")
    top, final = scoring.score_candidates(body, Flags())
    assert top.get("id") == "feed"
    assert len(dict.keys(final)) < 10  # link density was computed for few candidates


def test_scoring_stops_after_max_blocks_but_keeps_the_whole_article(monkeypatch) -> None:
    monkeypatch.setattr(scoring, "_MAX_BLOCKS", 50)
    para = "<p>" + "A sentence of the article, with commas, long enough to count. " * 2 + "</p>"
    html = ("<html><body><div class='nav'><p>" + "Menu entry, menu entry, menu entry here. " * 2
            + "</p></div><article>" + para * 400 + "<p>The last paragraph, right at the end.</p>"
            "</article></body></html>")
    text = extract(parse(html))
    assert "Menu entry" not in text
    assert text.endswith("The last paragraph, right at the end.")
    shown, words = extract_limited(parse(html), "", 4000)
    assert len(shown) < 5000 and words > 400 * 20


@pytest.mark.parametrize("texts", [
    [], [""], ["", ""], ["plain", "links"], ["a  b"], [" lead", "x"], ["x", "trail "], ["x ", "y"],
    ["x", " y"], ["line\nbreak"], ["tab\there"], ["nbsp\xa0x"], ["|", "||"], ["x", "", " "],
])
def test_total_link_length_equals_the_sum_of_each(texts: list[str]) -> None:
    assert measures._total_norm_len(texts) == sum(map(measures.norm_len, texts))


SNIPPETS = SHARED / "corpus" / "trafilatura-eval"


def test_a_retry_that_would_change_nothing_is_not_run(monkeypatch) -> None:
    # a short page without class names: no stricter setting of the first pass changed anything
    # (no "sidebar" to strip, no class to weigh, no box cleaned), so it is read once
    import native_host.page.content as content

    passes: list[Flags] = []
    real_prepare = content.prepare
    monkeypatch.setattr(content, "prepare", lambda body, flags, title, *rest: (
        passes.append(flags), real_prepare(body, flags, title, *rest)))
    html = "<html><body><div><p>A short note, all the page has.</p></div></body></html>"
    assert extract_limited(parse(html), "", 4000, reparse=lambda: parse(html))[0] == "A short note, all the page has."
    assert len(passes) == 1
    # a short page whose text sits in a box named "sidebar": the retry without stripping finds it
    passes.clear()
    html = "<html><body><div class='sidebar'><p>A short note, all the page has.</p></div></body></html>"
    assert "A short note" in extract_limited(parse(html), "", 4000, reparse=lambda: parse(html))[0]
    assert len(passes) > 1


def test_skipping_retries_gives_the_text_every_retry_gives(monkeypatch) -> None:
    """Real pages read with the skip and with every retry run give the same text."""
    import gzip

    import native_host.page.content as content
    from native_host.page.parse import decode

    need(SNIPPETS.is_dir(), "corpus/trafilatura-eval")
    pages = sorted((SNIPPETS / "html").glob("*.html.gz"))[::2]
    markups = [decode(gzip.decompress(p.read_bytes())) for p in pages]
    retried = 0
    for markup in markups:
        skipped = extract_limited(parse(markup), "", 4000, reparse=lambda: parse(markup))
        with monkeypatch.context() as m:
            ran: list[int] = []
            real = content._same_pass
            m.setattr(content, "_same_pass", lambda done, retry: ran.append(1) or (real(done, retry) and False))
            every = extract_limited(parse(markup), "", 4000, reparse=lambda: parse(markup))
        retried += bool(ran)
        assert skipped == every
    assert retried > 20  # (enough pages needed a retry for this to say something)
