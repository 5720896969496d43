"""Text the page's own style sheet hides by class (issue 15, session 13,
`page/stylerules.py`): a saved shop page keeps its "Sold out" template in the markup,
hidden only by ``<style>.is-hidden{display:none}</style>``; a shopper never sees it."""

from __future__ import annotations

from native_host.page.parse import parse
from native_host.page.stylerules import hidden_classes
from tests.page.test_product_shops import product_of

_HEAD = "<style>.x1{color:red} .is-hidden{display:none!important} .a9,.b9{visibility:hidden}</style>"


def test_a_sold_out_label_hidden_by_the_pages_style_rule_says_nothing() -> None:
    body = ("<h1>Linen shirt</h1><div><span class='price'>€49.00</span><span class='is-hidden'>Sold out</span></div>"
            "<p>Made in Portugal.</p>")
    p = product_of(body, _HEAD)
    assert p is not None and p.price == "49.00" and p.availability == "InStock"
    # the same label without the rule is shown: the product is sold out
    p = product_of(body)
    assert p is not None and p.availability == "OutOfStock"


def test_a_hidden_notify_box_beside_the_buy_button_leaves_it_in_stock() -> None:
    body = ("<h1>Linen shirt</h1><div><span class='price'>€49.00</span><div class='b9 c4'><p>Out of stock</p>"
            "<button>Notify me when available</button></div><button>Add to cart</button></div>")
    p = product_of(body, _HEAD)
    assert p is not None and p.availability == "InStock"


def test_a_class_a_wider_screen_shows_is_not_hidden() -> None:
    # Tailwind: "hidden md:block" is shown on a desktop; a rule in @media hides on phones only
    head = ("<style>.hidden{display:none}@media (min-width:768px){.md\\:block{display:block}}"
            "@media (max-width:600px){.phone-hide{display:none}}</style>")
    for label in ("<p class='hidden md:block'>Sold out</p>", "<p class='phone-hide'>Sold out</p>"):
        p = product_of(f"<h1>Linen shirt</h1><div><span class='price'>€49.00</span>{label}</div>", head)
        assert p is not None and p.availability == "OutOfStock", label


def test_only_one_class_rules_at_the_top_level_hide() -> None:
    root = parse("<html><head><style>/* .c1{display:none} */ .js .c2{display:none} .c3:hover{display:none}"
                 ".c4, .c5 {display: none} @supports (x:y){.c6{display:none}} .c7{display:none}"
                 "@media print{.c7{display:block}}</style><style media='print'>.c8{display:none}</style>"
                 "<noscript><style>.c9{display:none}</style></noscript></head><body></body></html>")
    assert hidden_classes(root)[0] == {"c4", "c5"}


def test_a_rule_past_a_shops_large_inline_css_is_read() -> None:
    # amazon pages inline 0.5–0.8 MB of CSS; a theme's section style may come last
    filler = "".join(f".f{i}{{color:#{i % 999:03d};margin:0 auto}}" for i in range(16_000))
    root = parse(f"<html><head><style>{filler}</style></head><body><style>.late{{display:none}}</style></body></html>")
    assert len(filler) > 400_000 and "late" in hidden_classes(root)[0]


def test_each_thread_reads_its_own_pages_style_rules() -> None:
    # the host reads pages in worker threads: one chat's page must not hand its hidden classes,
    # or its tree, to another's
    import threading

    from native_host.page import stylerules

    a = parse(f"<html><head>{_HEAD}</head><body><p class='is-hidden'>Sold out</p></body></html>")
    b = parse("<html><head><style>.other{display:none}</style></head><body></body></html>")
    mine = stylerules.hider(a)
    seen: list[frozenset[str]] = []
    worker = threading.Thread(target=lambda: seen.append(stylerules.hider(b).hides))
    worker.start()
    worker.join()
    assert seen == [frozenset({"other"})]
    assert stylerules.hider(a) is mine and "is-hidden" in mine.hides
    stylerules.forget()
    assert stylerules.hider(a) is not mine  # let go of: read again


def test_reading_a_page_keeps_no_memo_of_its_tree() -> None:
    from native_host.page import stylerules
    from native_host.page.context import build_context
    from native_host.protocol import PageSnapshot

    html = (f"<html><head>{_HEAD}</head><body><h1>Linen shirt</h1><span class='price'>€49.00</span>"
            "<span class='is-hidden'>Sold out</span><button>Add to cart</button></body></html>")
    ctx = build_context(PageSnapshot(html=html, url="https://shop.example/shirt"))
    assert ctx.product is not None and ctx.product.availability == "InStock"
    assert getattr(stylerules._memo, "page", None) is None
