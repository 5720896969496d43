"""build_context / PageContext: fields, priorities, budget cuts and the prompt text."""

from __future__ import annotations

import re

from native_host.page.budget import cut, estimate_tokens
from native_host.page.context import PageContext, build_context
from native_host.protocol import PageSnapshot

ARTICLE = (
    "<html lang='de'><head><title>Die ganze Geschichte vom Tag | Beispielseite</title>"
    "<meta name='description' content='Eine kurze Geschichte.'></head><body>"
    "<nav><a href='/'>Start</a> <a href='/a'>Archiv</a></nav>"
    "<div class='sidebar'><h3>Related</h3><a href='/r'>Other story</a></div>"
    "<article><h1>Die ganze Geschichte vom Tag</h1>"
    + "".join(f"<p>Absatz {i}: Dies ist ein ganz normaler Satz, mit Kommas, der etwas erzählt.</p>" for i in range(60))
    + "<h2>Code</h2><pre>def f(x):\n    return x * 2</pre>"
    "<ul><li>erster Punkt</li><li>zweiter Punkt</li></ul>"
    "<table><tr><th>Name</th><th>Wert</th></tr><tr><td>a</td><td>1</td></tr><tr><td>b</td><td>2</td></tr></table>"
    "</article><footer>Impressum © 2024</footer>"
    "<form><label for='q'>Suche</label><input id='q' name='q'><button type='submit'>Los</button></form>"
    "</body></html>"
)


def test_fields_and_markdown_shapes() -> None:
    ctx = build_context(PageSnapshot(url="https://example.de/g", html=ARTICLE), 100_000)
    assert isinstance(ctx, PageContext)
    assert ctx.title == "Die ganze Geschichte vom Tag"  # site name dropped
    assert "Geschichte vom Tag" not in ctx.main_text  # the title is not repeated as content
    assert ctx.lang == "de"
    assert ctx.description == "Eine kurze Geschichte."
    assert "Absatz 59" in ctx.main_text and not ctx.truncated
    assert "```\ndef f(x):\n    return x * 2\n```" in ctx.main_text
    assert "- erster Punkt" in ctx.main_text
    assert "| Name | Wert |" in ctx.main_text and "| b | 2 |" in ctx.main_text
    for chrome in ("Archiv", "Other story", "Impressum"):
        assert chrome not in ctx.main_text
    labels = {i.label: i for i in ctx.interactive}
    assert labels["Suche"].selector == "#q" and labels["Suche"].role == "textbox"
    assert labels["Los"].role == "button"
    assert [i.index for i in ctx.interactive] == list(range(len(ctx.interactive)))
    assert ctx.product is None


def test_budget_cuts_at_paragraphs_and_says_so() -> None:
    ctx = build_context(PageSnapshot(url="https://example.de/g", html=ARTICLE), 400)
    prompt = ctx.to_prompt()
    assert ctx.truncated
    assert ctx.tokens <= 400 and estimate_tokens(prompt) == ctx.tokens
    assert re.search(r"… [\d,]+ more words not shown", prompt)
    for para in ctx.main_text.split("\n\n"):  # whole paragraphs only
        assert para.startswith("#") or (para.startswith(("Absatz", "-", "|", "```"))
                                        and para.endswith((".", "```", "|", "Punkt")))


CJK_ARTICLE = ("<html><head><title>東京の話</title></head><body><article><h1>東京の話</h1>"
               + "".join(f"<p>第{i}段落。東京は大きな都市で、多くの人が住んでいます。 Tokyo is big.</p>" for i in range(80))
               + "</article><a href='/next'>次の記事</a></body></html>")


def test_the_token_count_is_the_estimate_of_the_prompt_the_agent_gets() -> None:
    # packing measures the prompt from its parts (the main text once); the figure it reports
    # must be what the whole prompt's estimate gives, whatever was cut or kept
    for html in (ARTICLE, CJK_ARTICLE):
        for budget in (0, 60, 400, 1500, 6000, 100_000):
            for selection in (None, "die ausgewählten Wörter " * 40):
                ctx = build_context(PageSnapshot(url="https://example.de/g", html=html, selection=selection), budget)
                assert ctx.tokens == estimate_tokens(ctx.to_prompt()), (budget, selection is None)


def test_priority_selection_then_product_then_main_then_interactive() -> None:
    html = ("<html><head><title>Mug</title><script type='application/ld+json'>"
            '{"@type":"Product","name":"Blue Mug","sku":"MUG-1","offers":{"price":"9.99","priceCurrency":"EUR"}}'
            "</script></head><body><h1>Blue Mug</h1>"
            + "<p>A sentence about the mug, which is blue, and holds coffee.</p>" * 200
            + "<button>Add to cart</button></body></html>")
    ctx = build_context(PageSnapshot(url="https://shop.example/mug", html=html, selection="the selected words"), 300)
    prompt = ctx.to_prompt()
    order = [prompt.index(s) for s in ("Selected text:", "Product: Blue Mug", "Main content:")]
    assert order == sorted(order)
    assert "price 9.99 EUR" in prompt and "SKU MUG-1" in prompt
    assert ctx.selection == "the selected words"
    assert ctx.truncated and ctx.tokens <= 300


def test_tiny_budget_still_returns_a_context() -> None:
    ctx = build_context(PageSnapshot(url="u", html=ARTICLE, selection="x " * 500), 0)
    assert ctx.truncated and ctx.to_prompt().startswith("Page:")


def test_text_only_snapshot_uses_the_text() -> None:
    ctx = build_context(PageSnapshot(url="https://e.x/", title="T", text="First para.\n\nSecond   para."))
    assert ctx.main_text == "First para.\n\nSecond para."
    assert ctx.title == "T"


def test_snapshot_title_and_lang_win() -> None:
    ctx = build_context(PageSnapshot(url="u", title="Tab title", lang="fr", html=ARTICLE))
    assert ctx.title == "Tab title" and ctx.lang == "fr"


def test_cut_helpers() -> None:
    text = "\n\n".join(f"para {i} " + "word " * 50 for i in range(10))
    shown, dropped = cut(text, 120)
    assert shown.count("\n\n") < 9 and dropped > 0
    assert all(p.startswith("para") for p in shown.split("\n\n"))
    one_huge = "Sentence one. " * 2000
    shown, dropped = cut(one_huge, 50)
    assert shown and shown.endswith(".") and dropped > 0
    assert cut("short", 10) == ("short", 0)


def test_json_ld_is_parsed_once_for_the_title_and_the_product(monkeypatch) -> None:
    from native_host.page import product

    calls: list[str] = []
    real = product._load_json
    monkeypatch.setattr(product, "_load_json", lambda text: calls.append(text) or real(text))
    ld = ('<script type="application/ld+json">[{"@type": "WebPage", "name": "Kettle 2000 review"},'
          '{"@type": "Product", "name": "Kettle 2000", "sku": "K2000", "offers": {"@type": "Offer", '
          '"price": "49.90", "priceCurrency": "EUR", "availability": "https://schema.org/InStock"}}]'
          '</script>')
    page = f"<html><head><title>Kettle</title>{ld}</head><body><h1>Kettle 2000</h1><p>A kettle.</p></body></html>"
    ctx = build_context(PageSnapshot(url="https://shop.example/k", html=page), 6000)
    assert ctx.title == "Kettle 2000 review" and ctx.product is not None and ctx.product.sku == "K2000"
    assert len(calls) == 1


def test_page_address_is_the_url_unless_a_file_then_the_declared_one() -> None:
    from native_host.page.context import _meta, page_address
    from native_host.page.parse import parse

    def address(url: str, head: str) -> str:
        root = parse(f"<html><head>{head}</head><body><p>x</p></body></html>")
        return page_address(url, root, _meta(root))

    canonical = "<link rel='Canonical' href='https://shop.example/p/1'>"
    assert address("https://tab.example/x", canonical) == "https://tab.example/x"  # a tab's own URL wins
    assert address("file:///tmp/a.html", canonical) == "https://shop.example/p/1"
    assert address("", "<meta property='og:url' content='https://shop.example/p/2'>") == "https://shop.example/p/2"
    # only web addresses: a relative or script "address" is not one
    assert address("file:///a.html", "<link rel=canonical href='/p/3'>") == "file:///a.html"
    assert address("file:///a.html", "<meta property='og:url' content='javascript:alert(1)'>") == "file:///a.html"


# a shop page whose menus and footer hold a hundred links and buttons before its buy link
SHOP = (
    "<html><head><title>Kettle K1 | Shop</title></head><body>"
    "<header><form><input name='q' placeholder='Search'></form>"
    + "".join(f"<button type='button'>Menu {i}</button>" for i in range(70))
    + "</header><nav>" + "".join(f"<a href='/c/{i}'>Category {i}</a>" for i in range(120)) + "</nav>"
    "<main><h1>Kettle K1</h1><p class='price'>39,90 €</p><p>In stock.</p>"
    "<a class='cta' href='/cart/add?id=7'>Add to cart</a>"
    "<p>A kettle that boils a litre in two minutes, with a filter and a lid that opens wide.</p></main>"
    "</body></html>"
)


def test_a_shop_pages_buy_control_is_among_the_controls_whatever_its_menus_hold() -> None:
    """The agent is asked to "add this to my cart": the page's own buy link must be in the
    list it can click, though 70 menu buttons outrank a link and fill the list first."""
    ctx = build_context(PageSnapshot(url="https://shop.example/k1", html=SHOP), 6000)
    assert ctx.product is not None and ctx.product.price == "39.90"
    labels = [i.label for i in ctx.interactive]
    assert "Add to cart" in labels
    assert len(labels) == 60 and labels.index("Add to cart") == len(labels) - 1  # page order kept
    cart = next(i for i in ctx.interactive if i.label == "Add to cart")
    assert cart.role == "link" and cart.selector


def test_an_article_gets_no_buy_control_before_its_other_controls() -> None:
    page = SHOP.replace("<p class='price'>39,90 €</p><p>In stock.</p>", "").replace("Add to cart", "Read more")
    ctx = build_context(PageSnapshot(url="https://news.example/k1", html=page), 6000)
    assert ctx.product is None
    assert "Read more" not in [i.label for i in ctx.interactive]


def test_a_small_budget_keeps_the_most_needed_controls_not_the_first_ones() -> None:
    """With room for half of the controls, the buy link (last on the page) and the search
    field stay and the later menu buttons go; what is kept is still listed in page order."""
    ctx = build_context(PageSnapshot(url="https://shop.example/k1", html=SHOP), 300)
    labels = [i.label for i in ctx.interactive]
    assert ctx.truncated and 10 <= len(labels) < 40
    assert labels[0] == "Search" and labels[-1] == "Add to cart"
    assert "Menu 0" in labels and "Menu 69" not in labels
    assert [i.index for i in ctx.interactive] == sorted(i.index for i in ctx.interactive)
    assert "rank" not in ctx.interactive[0].as_dict()
