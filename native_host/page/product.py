"""Product data from a page: JSON-LD, then microdata, then OpenGraph/``product:`` meta,
then what a shopper would read on the page (price near the title, stock text, SKU labels).

Each source fills only the fields the more trusted ones left empty.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from lxml import etree

from native_host.page import heuristics, shopview
from native_host.page.currency import to_iso
from native_host.page.items import SHOWN, flatten_item, microdata_item, rdfa_products
from native_host.page.lazyre import Lazy
from native_host.page.normalise import (_NORMALISE, SOLD_OUT, _sku, normalise_availability,
                                         normalise_price)

__all__ = ["FIELDS", "Product", "extract_product", "normalise_availability", "normalise_price"]
from native_host.page.parse import text_of
from native_host.page.render import shown_text
from native_host.page.survey import Survey, survey

El = etree._Element
FIELDS = ("name", "price", "currency", "availability", "sku", "brand", "rating", "review_count")


@dataclass
class Product:
    """What the page sells.  A plain dataclass, not a pydantic model: it is built here from
    normalised values, never from a message, and `tabmate extract` starts faster without
    pydantic (a saved one is read back through :meth:`from_dict`, which checks each field)."""

    name: str | None = None
    price: str | None = None  # plain decimal string: "1299.00"
    currency: str | None = None
    availability: str | None = None  # schema.org name: InStock, OutOfStock, …
    sku: str | None = None
    brand: str | None = None
    rating: float | None = None
    review_count: int | None = None

    def empty(self) -> bool:
        return all(getattr(self, f) is None for f in FIELDS)

    def as_dict(self) -> dict[str, Any]:
        return dict(vars(self))  # (its values are plain: dataclasses.asdict deep-copies them, slowly)

    @classmethod
    def from_dict(cls, data: Any) -> "Product":
        """A product read back from a file (the product cache): ValueError unless ``data`` is
        an object whose known fields have the right types (others are ignored)."""
        if not isinstance(data, dict):
            raise ValueError("a product is a JSON object")
        values = {f: data.get(f) for f in FIELDS}
        for field, value in values.items():
            if value is None:
                continue
            if field == "rating":
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                values[field] = float(value) if ok else value
            elif field == "review_count":
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, str)
            if not ok:
                raise ValueError(f"product field {field!r} has the wrong type")
        return cls(**values)

    def fill(self, other: dict[str, Any]) -> None:
        """Take ``other``'s values for the fields still empty (normalising them)."""
        for field in FIELDS:
            if getattr(self, field) is None and other.get(field) not in (None, ""):
                value = _NORMALISE[field](other[field])
                if value not in (None, ""):
                    setattr(self, field, value)


# ------------------------------------------------------------------ JSON-LD


def _load_json(text: str) -> Any:
    """Parse a JSON-LD block, forgiving comments, CDATA, trailing semicolons and damage."""
    text = text.strip()
    text = re.sub(r"^\s*(?:<!--|//\s*<!\[CDATA\[|<!\[CDATA\[)", "", text)
    text = re.sub(r"(?:-->|//\s*\]\]>|\]\]>)\s*$", "", text).strip().rstrip(";").strip()
    if not text:
        return None
    try:
        return json.loads(text)
    except RecursionError:
        return None  # nested thousands deep: no product or article is written so
    except ValueError:
        pass
    try:
        import json_repair

        return json_repair.loads(text)
    except Exception:
        return None


def _types(node: dict) -> set[str]:
    raw = node.get("@type") or node.get("type") or []
    raw = raw if isinstance(raw, list) else [raw]
    return {re.split(r"[/#:]", str(t))[-1].lower() for t in raw}


_PRODUCT_TYPES = {"product", "productgroup", "individualproduct", "productmodel", "somproducts",
                  "vehicle", "car", "book", "offer"}


def _walk(data: Any, skip: frozenset[str] = frozenset()) -> Iterator[dict]:
    """Every dict in a JSON value, breadth-first, without recursion (not what lies under
    a key in ``skip``)."""
    queue = [data]
    seen = 0
    while queue and seen < 20_000:
        item = queue.pop(0)
        seen += 1
        if isinstance(item, dict):
            yield item
            queue.extend(v for k, v in item.items() if isinstance(v, (dict, list)) and k not in skip)
        elif isinstance(item, list):
            queue.extend(v for v in item if isinstance(v, (dict, list)))


# an article, a web page or a posting (NewsArticle, BlogPosting, ReportageNewsArticle…)
ARTICLE_TYPES = Lazy(r"Article|BlogPosting|NewsArticle|Report|WebPage|Posting", re.I)


# a product the page's publisher owns, or the publication an article is part of (a news
# site's paywall markup: ``isPartOf: {"@type": ["NZZ", "Product"], "productID": "nzz.ch:WEB"}``),
# is not a product the page is about
NOT_THE_PAGES = frozenset(("isPartOf", "owns"))
# what a page that declares itself an article, a posting or a report says it is
_STORY_TYPES = Lazy(r"Article|Posting|Report", re.I)


def declares_story(root: El, blocks: Iterable[Any]) -> bool:
    """The page says it is an article, a blog or forum posting or a report: a JSON-LD node
    of such a type, or OpenGraph's ``article:published_time``.  Its prices are ads, offers
    in the text or its subscription's, not a product on sale (a review's own product
    markup still counts)."""
    if next(jsonld_typed(blocks, _STORY_TYPES, NOT_THE_PAGES), None) is not None:
        return True
    return any((el.get("property") or el.get("name") or "").strip().lower() == "article:published_time"
               for el in root.iter("meta"))


def jsonld_typed(blocks: Iterable[Any], kinds: Lazy, skip: frozenset[str] = frozenset()) -> Iterator[dict]:
    """Every JSON-LD node with an ``@type`` that ``kinds`` finds (not under a key in ``skip``)."""
    for data in blocks:
        for node in _walk(data, skip):
            kind = node.get("@type")
            if any(isinstance(k, str) and kinds.search(k) for k in (kind if isinstance(kind, list) else [kind])):
                yield node


def jsonld_articles(blocks: Iterable[Any]) -> Iterator[dict]:
    """Every JSON-LD node typed as an article (:data:`ARTICLE_TYPES`)."""
    return jsonld_typed(blocks, ARTICLE_TYPES)


def _first_offer(offers: Any) -> dict:
    """The offer that carries a price: first of a list, inside AggregateOffer, or itself;
    a microdata offer shown on the page before one that lives only in hidden/meta tags."""
    candidates = [o for o in _walk(offers) if isinstance(o, dict)]
    candidates.sort(key=lambda o: o.get(SHOWN) is False)
    for offer in candidates:
        if any(offer.get(k) not in (None, "") for k in ("price", "lowPrice", "priceSpecification")):
            return offer
    return candidates[0] if candidates else {}


def _offer_price(offer: dict) -> tuple[Any, Any]:
    price = offer.get("price")
    currency = offer.get("priceCurrency")
    if price in (None, "") and offer.get("priceSpecification"):
        specs = [s for s in _walk(offer["priceSpecification"]) if s.get("price") not in (None, "")]
        plain = [s for s in specs if not re.search(r"strike|list|was|msrp|srp",
                                                   str(s.get("priceType", "")), re.I)]
        spec = (plain or specs or [{}])[0]
        price, currency = spec.get("price"), currency or spec.get("priceCurrency")
    if price in (None, ""):
        price = offer.get("lowPrice") or offer.get("highPrice")
    return price, currency


def _from_jsonld_node(node: dict) -> dict[str, Any]:
    if "offer" in _types(node) and isinstance(node.get("itemOffered"), dict):
        offered = dict(node["itemOffered"])
        offered.setdefault("offers", {k: v for k, v in node.items() if k != "itemOffered"})
        node = offered
    offer = _first_offer(node.get("offers")) if node.get("offers") else {}
    price, currency = _offer_price(offer) if offer else (None, None)
    rating = node.get("aggregateRating") if isinstance(node.get("aggregateRating"), dict) else {}
    return {
        "name": node.get("name"),
        "price": price,
        "currency": currency,
        "availability": offer.get("availability") if offer else node.get("availability"),
        "sku": node.get("sku") or offer.get("sku") or node.get("productID") or node.get("mpn"),
        "brand": node.get("brand") or node.get("manufacturer"),
        "rating": rating.get("ratingValue"),
        "review_count": rating.get("reviewCount") or rating.get("ratingCount"),
        "_availabilities": [o.get("availability") for o in _walk(node.get("offers"))
                            if isinstance(o, dict) and o.get("availability")][:200],
    }


_BUYABLE = {"InStock", "LimitedAvailability", "OnlineOnly", "InStoreOnly", "PreOrder", "BackOrder"}


def _variant_availability(best: dict[str, Any], nodes: list[dict[str, Any]]) -> Any:
    """A product sold out in one variant (size, colour: the first offer, or the first of
    several Product nodes of one name) is still on sale when another variant is."""
    if normalise_availability(best.get("availability")) not in SOLD_OUT:
        return best.get("availability")
    for node in nodes:
        if node.get("name") != best.get("name"):
            continue
        for value in node.get("_availabilities") or [node.get("availability")]:
            if normalise_availability(value) in _BUYABLE:
                return value
    return best.get("availability")


def _subscription(node: dict) -> bool:
    """A news site's paywall markup (``isPartOf: {"@type": ["CreativeWork", "Product"],
    "productID": "site.com:basic"}``): the subscription, not a product the page sells."""
    return bool(_types(node) & _WORK_TYPES) and not node.get("offers")


_WORK_TYPES = {"creativework", "newsarticle", "article", "webpage", "periodical", "blogposting"}


def jsonld_blocks(root: El) -> list[Any]:
    """Every JSON-LD block of the page, parsed (once per page: the title and the product
    both read them)."""
    return [_load_json(script.text or "") for script in root.iter("script")
            if "ld+json" in (script.get("type") or "").lower()]


def from_jsonld(root: El, blocks: list[Any] | None = None) -> dict[str, Any]:
    nodes: list[dict[str, Any]] = []
    scores: list[int] = []
    for data in jsonld_blocks(root) if blocks is None else blocks:
        for node in _walk(data, NOT_THE_PAGES):
            if not (_types(node) & _PRODUCT_TYPES) or _subscription(node):
                continue
            if "offer" in _types(node) and not isinstance(node.get("itemOffered"), dict):
                continue
            found = _from_jsonld_node(node)
            nodes.append(found)
            score = sum(1 for k, v in found.items() if v not in (None, "", [], {}) and k[0] != "_")
            scores.append(score + (3 if found.get("price") not in (None, "") else 0))
    if not nodes or max(scores) == 0:
        return {}
    if len(nodes) > 1:
        # of several products (related items, bundles, variants), the one the h1 names
        h1 = next((h for h in root.iter("h1") if text_of(h).strip()), None)
        title = " ".join(shown_text(h1).split()).lower() if h1 is not None else ""
        for i, found in enumerate(nodes):
            name = " ".join(str(found.get("name") or "").split()).lower()
            if name and title and (name in title or title in name):
                scores[i] += 5
    best = nodes[scores.index(max(scores))]
    best["availability"] = _variant_availability(best, nodes)
    return best


# ------------------------------------------------------------------ microdata


def from_microdata(root: El, scopes: list[El]) -> dict[str, Any]:
    for scope in scopes:
        if scope.get("itemprop") in NOT_THE_PAGES:
            continue
        if not re.search(r"schema\.org/(Product|IndividualProduct|ProductModel|ProductGroup)\b",
                         scope.get("itemtype") or "", re.I):
            continue
        node = flatten_item(microdata_item(scope))
        found = _from_jsonld_node(node)
        if any(v not in (None, "", []) for v in found.values()):
            found["availability"] = _variant_availability(found, [found])
            return found
    return {}


def from_rdfa(root: El, typed: list[El] | None = None) -> dict[str, Any]:
    for node in rdfa_products(root, typed):
        found = _from_jsonld_node(node)
        if any(v not in (None, "", []) for k, v in found.items() if k[0] != "_"):
            found["availability"] = _variant_availability(found, [found])
            return found
    return {}


# ------------------------------------------------------------------ OpenGraph / meta


def from_meta(root: El) -> dict[str, Any]:
    meta: dict[str, str] = {}
    for el in root.iter("meta"):
        if el.get("content") is None:
            continue
        key = (el.get("property") or el.get("name") or el.get("itemprop") or "").strip().lower()
        if key and key not in meta:
            meta[key] = el.get("content") or ""
    is_product = meta.get("og:type", "").lower().startswith("product") or any(
        k.startswith(("product:price", "og:price")) for k in meta)
    if not is_product:
        return {}
    return {
        "name": meta.get("og:title"),
        "price": meta.get("product:price:amount") or meta.get("og:price:amount")
        or meta.get("product:sale_price:amount"),
        "currency": meta.get("product:price:currency") or meta.get("og:price:currency"),
        "availability": meta.get("product:availability") or meta.get("og:availability"),
        "sku": meta.get("product:retailer_item_id") or meta.get("product:sku") or meta.get("og:sku"),
        "brand": meta.get("product:brand") or meta.get("og:brand"),
    }


# ------------------------------------------------------------------ entry


def extract_product(root: El, url: str = "", jsonld: list[Any] | None = None,
                    seen: Survey | None = None) -> Product | None:
    """Product data for the page, or None when it does not look like a product page
    (``jsonld``: the page's :func:`jsonld_blocks`, ``seen``: its :func:`survey.survey`,
    when the caller has them already)."""
    product = Product()
    structured = False
    seen = seen or survey(root)
    jsonld = jsonld_blocks(root) if jsonld is None else jsonld
    story = declares_story(root, jsonld)
    sources = (lambda r: from_jsonld(r, jsonld), lambda r: from_microdata(r, seen.scopes),
               lambda r: from_rdfa(r, seen.typed), *(() if story else (from_meta,)))
    meta_price = False  # the price only OpenGraph / product meta tags give
    for source in sources:
        try:
            found = source(root)
        except Exception:  # one damaged source must not hide the others
            found = {}
        if found:
            structured = True
            meta_price = source is from_meta and product.price is None and found.get("price") not in (None, "")
            product.fill(found)
    try:  # (a story's product is what its markup says: its page is not read as a shop's)
        guessed = {} if story else heuristics.guess(root, url, product, structured, seen,
                                                    meta_price and product.price is not None)
        if guessed.pop(heuristics.UNSURE_STOCK, False):
            product.availability = None
        if guessed.pop(heuristics.SHOWN_PRICE, False):
            product.price = normalise_price(guessed.pop("price"), structured=False)
        if guessed.pop(heuristics.SHOWN_SKU, False):
            product.sku = _sku(guessed.pop("sku"))
        product.fill(guessed)
    except Exception:
        pass
    if product.empty() or (product.price is None and product.sku is None and not structured):
        return None
    if product.name is None:
        h1 = shopview.title_element(root)  # (session 15) the product's h1, not a logo's
        h1 = next(root.iter("h1"), None) if h1 is None else h1
        name = shown_text(h1) if h1 is not None else None  # (session 23) "VADHOLMA" · "Rack …" apart
        if h1 is not None and shopview.logo_h1(h1, root):  # (session 18) the shop's, not the product's
            named = shopview.named_by_title(root, alone=True)
            said = " ".join(shown_text(named).split()) if named is not None else ""
            name = said if said and said.casefold() not in " ".join(name.split()).casefold() else name
        product.fill({"name": name})
    product.currency = to_iso(product.currency, url, page_language(root))
    return product


def page_language(root: El) -> str:
    """The page's language tag: ``<html lang>``, else Content-Language or ``og:locale``."""
    if root.get("lang"):
        return root.get("lang", "").strip()
    for el in root.iter("meta"):
        key = (el.get("http-equiv") or el.get("property") or "").lower()
        if key in ("content-language", "og:locale") and el.get("content"):
            return el.get("content", "").split(",")[0].strip()
    return ""
