"""What Tabmate keeps on disk about pages: product entries without query strings."""

from __future__ import annotations

from native_host.page.cache import ProductCache
from native_host.page.product import Product


def test_the_product_cache_keeps_no_query_strings():
    cache = ProductCache()
    cache.remember("https://user:pw@shop.example/p/1?session=SECRET-TOKEN&email=a%40b.example#x", Product(name="Kettle"))
    cache.remember("https://shop.example/item?id=2", Product(name="Teapot"))
    cache.remember("https://shop.example/item?id=3", Product(name="Mug"))  # the query still tells products apart
    raw = cache.path.read_text()
    assert "SECRET-TOKEN" not in raw and "a%40b.example" not in raw and "id=2" not in raw and "pw@" not in raw
    assert [(u, p.name) for u, p in ProductCache().entries()] == [
        ("https://shop.example/p/1", "Kettle"), ("https://shop.example/item", "Teapot"), ("https://shop.example/item", "Mug")]
    assert cache.previous(exclude_url="https://shop.example/item?id=3")[1].name == "Teapot"
