"""Interactive elements and the persistent product cache."""

from __future__ import annotations

import json

import pytest

from native_host.page.cache import ProductCache
from native_host.page.interactive import find_interactive
from native_host.page.parse import parse
from native_host.page.product import Product


def test_interactive_labels_roles_selectors_and_visibility() -> None:
    root = parse(
        "<body><nav><a href='/'>Home</a></nav><main>"
        "<button aria-label='Close dialog'>×</button>"
        "<span id='lbl'>Quantity</span><input type='number' aria-labelledby='lbl'>"
        "<label>Email <input type='email' name='mail'></label>"
        "<input type='hidden' name='csrf' value='x'><input placeholder='Search…'>"
        "<select id='size' name='size'><option>M</option></select><textarea title='Comment'></textarea>"
        "<div role='button'>Fancy</div><a href='/more'><img alt='More pictures'></a>"
        "<button style='display:none'>Invisible</button><div hidden><a href='/h'>Hidden link</a></div>"
        "<button disabled>Disabled</button><a>no href</a>"
        "<p><a href='/x'>one</a></p><p><a href='/y'>two</a></p>"
        "</main></body>")
    items = find_interactive(root)
    by_label = {i.label: i for i in items}
    assert by_label["Close dialog"].role == "button"
    assert by_label["Quantity"].role == "spinbutton"
    assert by_label["Email"].role == "textbox"
    assert by_label["Search…"].tag == "input"
    assert by_label["Comment"].tag == "textarea"
    assert by_label["Fancy"].role == "button"
    assert by_label["More pictures"].role == "link"
    assert by_label["size"].selector == "#size" and by_label["size"].role == "combobox"
    for gone in ("Invisible", "Hidden link", "Disabled", "no href", "csrf"):
        assert gone not in by_label
    assert by_label["one"].selector != by_label["two"].selector
    assert [i.index for i in items] == list(range(len(items)))


def test_interactive_is_capped_and_prefers_controls_over_nav_links() -> None:
    nav = "".join(f"<a href='/n{i}'>nav {i}</a>" for i in range(200))
    root = parse(f"<body><nav>{nav}</nav><main><input name='q' placeholder='Find'><button>Buy</button></main></body>")
    items = find_interactive(root, limit=20)
    assert len(items) == 20
    labels = [i.label for i in items]
    assert "Find" in labels and "Buy" in labels


def test_selector_paths_resolve_to_the_element() -> None:
    from lxml.cssselect import CSSSelector

    root = parse("<body><div id='a'><ul><li><a href='/1'>1</a></li><li><a href='/2'>2</a></li></ul></div>"
                 "<div><p><button>x</button></p><p><button>y</button></p></div>"
                 "<div id='dup'><a href='/d1'>d1</a></div><div id='dup'><a href='/d2'>d2</a></div>"
                 "<input id='weird:id' name='w'></body>")
    items = find_interactive(root)
    assert len(items) == 7
    for item in items:
        matches = CSSSelector(item.selector)(root)
        assert len(matches) == 1, item
        assert matches[0].tag == item.tag


def test_extension_stamps_are_the_index_and_the_selector() -> None:
    """The content script numbers visible controls with data-tabmate-index and resolves
    click_element {index} through it: the extractor must report those numbers."""
    root = parse(
        "<body><nav><a href='/' data-tabmate-index='1'>Home</a></nav><main>"
        "<input name='q' placeholder='Find' data-tabmate-index='2'>"
        "<button data-tabmate-index='3'>Add to cart</button>"
        "<button>Not visible in the browser</button>"  # unstamped: the browser hid it
        "<div onclick='go()' data-tabmate-index='4'>Size guide</div>"
        "<p><a href='/x' data-tabmate-index='7'>Reviews</a></p>"
        "</main></body>")
    items = {i.label: i for i in find_interactive(root)}
    assert {k: v.index for k, v in items.items()} == {
        "Home": 1, "Find": 2, "Add to cart": 3, "Size guide": 4, "Reviews": 7}
    assert items["Reviews"].selector == '[data-tabmate-index="7"]'
    assert items["Add to cart"].role == "button"
    assert "Not visible in the browser" not in items


def test_without_stamps_the_extractor_numbers_elements_itself() -> None:
    root = parse("<body><button>b1</button><a href='/x'>l1</a><button>b2</button></body>")
    items = find_interactive(root)
    assert [(i.index, i.label) for i in items] == [(0, "b1"), (1, "l1"), (2, "b2")]
    assert not any("data-tabmate-index" in i.selector for i in items)


@pytest.mark.parametrize("stamped", [False, True])
def test_controls_after_hundreds_of_links_are_still_offered(stamped: bool) -> None:
    """A link-heavy page (a listing, a long article) with its form at the bottom: the agent
    must still be able to fill the field and press the button."""
    def stamp(n: int) -> str:
        return f" data-tabmate-index='{n}'" if stamped else ""

    links = "".join(f"<p><a href='/item/{n}'{stamp(n)}>Item number {n}</a></p>" for n in range(1, 401))
    root = parse(f"<body><main>{links}<form><input name='email' placeholder='Your email'{stamp(401)}>"
                 f"<button{stamp(402)}>Subscribe</button></form></main></body>")
    items = find_interactive(root)
    labels = [i.label for i in items]
    assert "Your email" in labels and "Subscribe" in labels
    assert len(items) == 60 and labels.index("Your email") < len(labels)
    if stamped:
        assert {i.label: i.index for i in items}["Subscribe"] == 402


def test_cache_remember_previous_and_bound(tabmate_home) -> None:
    cache = ProductCache(limit=3)
    assert cache.previous() is None
    for i in range(5):
        cache.remember(f"https://shop.example/p/{i}", Product(name=f"P{i}", price=f"{i}.00"))
    entries = cache.entries()
    assert [p.name for _, p in entries] == ["P2", "P3", "P4"]
    url, product = cache.previous(exclude_url="https://shop.example/p/4#reviews")
    assert url.endswith("/p/3") and product.price == "3.00"
    cache.remember("https://shop.example/p/3/", Product(name="P3 again"))
    assert [p.name for _, p in ProductCache(limit=3).entries()] == ["P2", "P4", "P3 again"]
    assert cache.path.is_relative_to(tabmate_home)


def test_cache_survives_a_damaged_file(tabmate_home) -> None:
    cache = ProductCache()
    cache.path.parent.mkdir(parents=True, exist_ok=True)
    cache.path.write_text("{not json")
    assert cache.previous() is None
    cache.remember("https://a.example/", Product(name="A"))
    assert json.loads(cache.path.read_text())["entries"][0]["product"]["name"] == "A"
    assert list(cache.path.parent.glob("products.json.damaged-*"))


def test_cache_skips_products_of_the_wrong_shape(tabmate_home) -> None:
    """The cache file is on disk, where anything may have written it: a product whose fields
    have the wrong types is skipped, not handed to the prompt (numbers as ratings are fine)."""
    cache = ProductCache()
    cache.path.parent.mkdir(parents=True, exist_ok=True)
    good = {"name": "Kettle", "price": "19.99", "rating": 4, "review_count": 12, "extra": "ignored"}
    cache.path.write_text(json.dumps({"entries": [
        {"url": "https://a.example/1", "product": {"name": "A", "price": 12.5}},
        {"url": "https://a.example/2", "product": {"name": ["A"]}},
        {"url": "https://a.example/3", "product": {"rating": "five"}},
        {"url": "https://a.example/4", "product": {"review_count": True}},
        {"url": "https://a.example/5", "product": "Kettle"},
        {"url": "https://a.example/6", "product": good},
    ]}))
    entries = cache.entries()
    assert [url for url, _ in entries] == ["https://a.example/6"]
    assert entries[0][1] == Product(name="Kettle", price="19.99", rating=4.0, review_count=12)
    assert cache.previous() == ("https://a.example/6", entries[0][1])
