"""The synthetic stress pages of bench_page.py: a realistic 10 MB page and the worst case."""

from __future__ import annotations

import json


def text_blocks_page(size: int = 10_000_000) -> str:
    """The worst case: ``size`` bytes of article blocks, nearly all visible text (~64,000
    paragraphs with a link each, about twice a book like *War and Peace*)."""
    para = ("<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod "
            "tempor <a href='/x'>incididunt</a> ut labore et dolore magna aliqua.</p>")
    chunk = f"<div class='post'><h2>Section</h2>{para * 8}<ul><li>one</li><li>two</li></ul></div>"
    return "<html><head><title>Big</title></head><body>" + chunk * (size // len(chunk)) + "</body></html>"


def realistic_page(size: int = 10_000_000, seed: int = 5) -> str:
    """A 10 MB page as big pages are built: most bytes in inline state JSON, CSS, SVG
    icons and data-URI images; a header with a mega-menu, an article of ~80 paragraphs
    with a table and figures, a product box, a long comment thread, a related-links
    sidebar, a cookie banner and a footer."""
    import random

    rnd = random.Random(seed)
    words = ("market price value system model data page user article product design time "
             "people world report study result change energy water city health research").split()

    def sentence(n: int = 14) -> str:
        text = " ".join(rnd.choice(words) for _ in range(n))
        return text[0].upper() + text[1:] + rnd.choice([".", ",", "."]) + " "

    def link(i: int) -> str:
        return f"<a href='/section/{i}' class='menu-link'>{' '.join(rnd.sample(words, 2))}</a>"

    icon = ("<svg class='icon' viewBox='0 0 24 24'><path d='" + "M12 2L2 7l10 5 10-5-10-5z " * 12
            + "'/></svg>")
    menu = "<header class='site-header'><nav class='mega-menu'><ul>" + "".join(
        f"<li>{icon}{link(i)}<ul>" + "".join(f"<li>{link(i * 10 + j)}</li>" for j in range(8))
        + "</ul></li>" for i in range(60)) + "</ul></nav><form role='search'><input name='q'>" \
        "<button>Search</button></form></header>"
    article = "<main><article class='post-content'><h1>The big page</h1>" + "".join(
        (f"<h2>{sentence(5)}</h2>" if i % 10 == 0 else "")
        + f"<p>{sentence()}{sentence()}<a href='/ref/{i}'>{sentence(3)}</a>{sentence()}</p>"
        + (f"<figure><img src='/img/{i}.jpg' alt='figure {i}'><figcaption>{sentence(6)}"
           "</figcaption></figure>" if i % 25 == 0 else "")
        for i in range(80)) + "<table><tr><th>item</th><th>value</th></tr>" + "".join(
        f"<tr><td>{rnd.choice(words)}</td><td>{rnd.randint(1, 999)}</td></tr>" for _ in range(20)) \
        + "</table></article>"
    product = ("<div class='product-box' itemscope itemtype='https://schema.org/Product'>"
               "<span itemprop='name'>Widget</span><span itemprop='sku'>W-1</span>"
               "<div itemprop='offers' itemscope itemtype='https://schema.org/Offer'>"
               "<span class='price' itemprop='price' content='19.99'>$19.99</span>"
               "<meta itemprop='priceCurrency' content='USD'></div>"
               "<button class='add-to-cart'>Add to cart</button></div>")
    comments = "<section id='comments' class='comments'>" + "".join(
        f"<div class='comment'><a class='author' href='/u/{i}'>user{i}</a>{icon}"
        f"<p>{sentence()}{sentence(8)}</p><button class='reply'>Reply</button></div>"
        for i in range(2000)) + "</section></main>"
    sidebar = "<aside class='sidebar related'><ul>" + "".join(
        f"<li>{link(1000 + i)}</li>" for i in range(50)) + "</ul></aside>"
    footer = "<footer><ul>" + "".join(f"<li>{link(2000 + i)}</li>" for i in range(200)) + \
        "</ul></footer><div class='cookie-banner'><p>We use cookies.</p><button>Accept</button></div>"
    body = menu + article + product + comments + sidebar + footer
    head = ("<head><title>The big page | Site</title><meta name='description' content='A big page'>"
            "<style>" + ".c{color:red;margin:0 auto;padding:1px}" * 20_000 + "</style>")
    image = "<img alt='' src='data:image/png;base64," + "iVBORw0KGgo" * 10_000 + "'>"
    fixed = len(head) + len(body) + 200
    state_size = max(0, (size - fixed) // 2)
    state = json.dumps({"items": [{"id": i, "title": sentence(6), "tags": rnd.sample(words, 3)}
                                  for i in range(state_size // 120)]})[:state_size]
    images = image * max(0, (size - fixed - len(state)) // len(image))
    return (f"<html lang='en'>{head}<script>window.__STATE__ = {state};</script></head>"
            f"<body>{body}{images}<script>var x = 1;</script></body></html>")
