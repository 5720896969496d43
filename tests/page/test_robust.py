"""Real-world input never raises: broken markup, charsets, no body, huge and deep pages."""

from __future__ import annotations

import codecs

import pytest

from native_host.page.context import build_context
from native_host.page.parse import decode, parse
from native_host.protocol import PageSnapshot


def ctx_of(html: str | None = None, **kw):
    return build_context(PageSnapshot(url="https://example.com/x", html=html, **kw), 6000)


@pytest.mark.parametrize("html", [
    "", "   ", "\x00\x00", "<", "<html>", "<body>", "</div></p></body>", "<html><head><title>T</title></head></html>",
    "<p>unclosed <b>bold <i>italic", "<table><tr><td>cell<tr><td>x</table></table>",
    '<?xml version="1.0" encoding="iso-8859-1"?><html><body><p>xml decl</p></body></html>',
    "<svg><p>inside svg</svg>", "<script>var a = '<p>not content</p>';</script>",
    "<frameset><frame src=x></frameset>", "plain text with no tags at all",
    '<div style="display:none"><p>hidden</p></div>', "<!-- only a comment -->",
])
def test_odd_markup_gives_an_answer(html: str) -> None:
    ctx = ctx_of(html)
    assert isinstance(ctx.main_text, str)
    assert isinstance(ctx.to_prompt(), str)
    assert "not content" not in ctx.main_text
    assert "hidden" not in ctx.main_text


def test_text_without_tags_is_kept() -> None:
    assert "plain text" in ctx_of("plain text with no tags, a sentence of some length.").main_text


def test_page_without_body_is_read() -> None:
    html = "<html><head><title>Only head</title></head><p>" + "Words in a paragraph. " * 20
    ctx = ctx_of(html)
    assert ctx.title == "Only head"
    assert "Words in a paragraph." in ctx.main_text


@pytest.mark.parametrize("depth", [50, 500, 5000])
def test_deep_nesting_does_not_recurse(depth: int) -> None:
    html = ("<html><body>" + "<div><span>" * depth + "<p>Deep text, far down in the tree, is still here.</p>"
            + "</span></div>" * depth + "<p>After the deep part.</p></body></html>")
    ctx = ctx_of(html)
    assert "Deep text" in ctx.main_text
    assert "After the deep part" in ctx.main_text


def test_ten_megabyte_page() -> None:
    para = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>"
    html = "<html><body><nav><a href='/'>Home</a></nav>" + f"<div class='post'>{para * 50}</div>" * 2500 + "</body></html>"
    assert len(html) > 10_000_000
    ctx = ctx_of(html)
    assert ctx.truncated and ctx.tokens <= 6000
    assert ctx.to_prompt().count("Lorem ipsum") > 10


def test_wrong_declared_charset_prefers_valid_utf8() -> None:
    data = '<meta charset="iso-8859-1"><p>Café – naïve</p>'.encode("utf-8")
    assert "Café – naïve" in decode(data)


def test_declared_legacy_charset_is_used() -> None:
    data = '<meta charset="windows-1251"><p>Привет</p>'.encode("cp1251")
    assert "Привет" in decode(data)


def test_missing_charset_falls_back_to_cp1252() -> None:
    assert "café" in decode("<p>café</p>".encode("cp1252"))


def test_bom_wins() -> None:
    assert "ü" in decode(codecs.BOM_UTF16_LE + "<p>ü</p>".encode("utf-16-le"))


def test_unknown_charset_name_does_not_raise() -> None:
    assert "x" in decode(b'<meta charset="no-such-charset"><p>x\xff</p>')


def test_parse_always_has_body() -> None:
    for source in (None, "", b"", "<title>x</title>", b"\xff\xfe"):
        root = parse(source)
        assert root.tag == "html" and root.find("body") is not None


@pytest.mark.parametrize("first", ["article", "main", "section", "header", "nav", "figure"])
def test_a_page_without_body_tags_keeps_its_html5_content_in_the_body(first: str) -> None:
    """HTML lets a page leave out <html>, <head> and <body>; libxml2 then kept an
    <article>, <main>, <section>… met after the <title> in the head, with all that follows,
    and the page read as empty.  A browser starts the body there."""
    html = (f"<meta charset='utf-8'><title>Omitted body</title><{first}><p>First block.</p></{first}>"
            "<p>The story, told in a paragraph long enough to count as an article's text.</p>"
            * 3)
    root = parse(html)
    assert [c.tag for c in root.find("head")] == ["meta", "title"]
    assert root.find("body")[0].tag == first
    assert "The story, told in a paragraph" in ctx_of(html).main_text


def test_a_head_keeps_what_a_head_holds() -> None:
    root = parse("<head><title>T</title><meta name=x content=y><link rel=icon href=/i.png><style>p{}</style>"
                 "<script>1</script><noscript><link rel=stylesheet href=/n.css></noscript><base href=/>"
                 "</head><body><p>text</p></body>")
    assert [c.tag for c in root.find("head")] == ["title", "meta", "link", "style", "script", "noscript", "base"]
    assert [c.tag for c in root.find("body")] == ["p"]


@pytest.mark.parametrize("index", ["²", "٣x", "9" * 5000, "-1", ""])
def test_a_page_writing_its_own_stamp_loses_neither_product_nor_controls(index: str) -> None:
    # the extension's data-tabmate-index, written by the page: "²" passes isdigit() and
    # fails int(); once it took the product and every interactive element with it
    ctx = ctx_of("<html><body><h1>Kettle</h1><span class='price'>$20.00</span>"
                 "<button class='add-to-cart'>Add to cart</button>"
                 f"<a href='/help' data-tabmate-index='{index}'>Help</a></body></html>")
    assert ctx.product is not None and ctx.product.price == "20.00"
    assert "Add to cart" in [i.label for i in ctx.interactive]


def test_one_json_ld_block_nested_too_deep_loses_only_itself() -> None:
    deep = "[" * 5000 + "]" * 5000
    product = ('{"@context": "https://schema.org", "@type": "Product", "name": "Kettle", '
               '"offers": {"@type": "Offer", "price": "20.00", "priceCurrency": "EUR"}}')
    ctx = ctx_of(f"<html><head><script type='application/ld+json'>{deep}</script>"
                 f"<script type='application/ld+json'>{product}</script></head>"
                 "<body><h1>Kettle</h1></body></html>")
    assert ctx.product is not None and ctx.product.price == "20.00"


@pytest.mark.parametrize("odd", ["\x0b", "&#11;", "&#xFFFE;", "\ufffe", "\x1f"])
def test_a_character_xml_forbids_beside_a_dropped_link_keeps_the_article(odd: str) -> None:
    """The parser lets a vertical tab or a U+FFFE (as written, or as a character reference)
    into a text; lxml refuses to write it back.  Dropping the share link beside one joins
    the texts around it: the article (and the words around the link) must survive it."""
    story = "<p>" + "A sentence of the story, with commas, and more words to score well. " * 6 + "</p>"
    page = ("<html><head><title>Story</title></head><body><article><h1>Story</h1>" + story * 3
            + f"<p>Before{odd} <a class='share-button' href='/s'>Share</a> after the link it goes on.</p>"
            + story * 2 + "</article></body></html>")
    ctx = build_context(PageSnapshot(url="https://example.com/s", html=page), 6000)
    assert "after the link it goes on." in ctx.main_text and "Before" in ctx.main_text
    assert ctx.main_text.count("A sentence of the story") == 30


@pytest.mark.parametrize("odd", ["\x0b", "&#11;", "&#xFFFE;", "\ufffe"])
def test_a_character_xml_forbids_in_text_set_straight_in_a_box_keeps_the_article(odd: str) -> None:
    """Text set straight in a box beside its blocks is moved into a paragraph of its own
    (cleaning.prepare); one such character in it must not cost the page its article."""
    run = "Text set straight in the box, with commas, long enough to be a paragraph" + odd + " of it. "
    page = ("<html><head><title>Story</title></head><body><div class='c'>" + run * 3
            + "<div class='q'>A quote in a box of its own.</div>" + run * 3 + "The last words.</div></body></html>")
    ctx = build_context(PageSnapshot(url="https://example.com/s", html=page), 6000)
    assert "The last words." in ctx.main_text and ctx.main_text.count("set straight") == 6
