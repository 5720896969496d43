"""A recipe's ingredients and steps, told by the page's own schema.org ``Recipe``, kept in the
article whatever their boxes look like.

A recipe's ingredient list is drawn the way chrome is: a box of short lines, often each amount
linked to a shop ("300 Gramm Butter", "3 Btl. Gelatine fix"), its steps a list with a picture
per step.  The conditional cleaning (:func:`cleaning.clean`) drops such boxes as link farms,
tiny rows or galleries.  A page that publishes a recipe says so in its JSON-LD
(``"@type": "Recipe"`` with ``recipeIngredient`` and ``recipeInstructions``), in any
language and under any class names: a box whose text is that recipe's lines is the recipe.

:func:`recipe_script` picks the scripts that name ``recipeIngredient`` on the walks that already
happen (the ``<head>``'s few elements, :func:`cleaning.prepare`'s walk over the body, which drops
them); :func:`recipe_lines` parses only those; :func:`recipe_box` says whether a box the cleaning would drop
holds them: at least one line of at least :data:`_MIN_CHARS` characters (one ingredient
in its row), and the lines it holds make up at least :data:`_SHARE` of its text (a teaser
box that names "onion" once is not the recipe).
"""

from __future__ import annotations

import json

from lxml import etree

from native_host.page.lazyre import Lazy
from native_host.page.parse import text_of

El = etree._Element

_TOKEN = Lazy(r"\w+")
_MIN_CHARS = 8  # "dynia", "salt": a word, found anywhere; "3 Btl. Gelatine fix" is a line
_SHARE = 0.3
_STEP_CHARS = 120  # a step is matched by its start (its words as the page prints them)
_MAX_LINES = 200


def _words(text: str) -> str:
    return " ".join(_TOKEN.findall(text.lower()))


def _recipes(data: object, found: list[dict]) -> None:
    stack = [data]
    while stack and len(found) < 10:
        item = stack.pop()
        if isinstance(item, dict):
            kind = item.get("@type")
            if kind == "Recipe" or (isinstance(kind, list) and "Recipe" in kind):
                found.append(item)
            stack.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            stack.extend(item)


def _steps(value: object, out: list[str]) -> None:
    stack = [value]
    while stack and len(out) < _MAX_LINES:
        item = stack.pop()
        if isinstance(item, str):
            out.extend(line for line in item.split("\n") if line.strip())
        elif isinstance(item, dict):
            stack.extend(item[key] for key in ("text", "itemListElement") if key in item)
        elif isinstance(item, list):
            stack.extend(reversed(item))


def recipe_script(el: El) -> str | None:
    """The text of a ``<script>`` that is JSON-LD naming a recipe's ingredients, else None."""
    if "ld+json" not in (el.get("type") or "").lower():
        return None  # (the type first: reading a big script's text copies it)
    raw = el.text
    return raw if raw and "recipeIngredient" in raw else None


def head_scripts(root: El) -> list[str]:
    """The recipe scripts in the page's ``<head>`` (the body's are read by ``prepare``)."""
    head = root.find("head")
    if head is None:
        return []
    return [raw for raw in map(recipe_script, head.iterchildren("script")) if raw is not None]


def recipe_lines(scripts: list[str]) -> tuple[str, ...]:
    """The recipe lines (ingredients, steps) of these JSON-LD scripts, as lower-case words
    joined by spaces; ``()`` when they declare no recipe."""
    found: list[dict] = []
    for raw in scripts:
        try:
            _recipes(json.loads(raw), found)
        except (ValueError, RecursionError):
            continue
    lines: list[str] = []
    for recipe in found:
        ingredients = recipe.get("recipeIngredient")
        if isinstance(ingredients, list):
            lines.extend(i for i in ingredients[:_MAX_LINES] if isinstance(i, str))
        _steps(recipe.get("recipeInstructions"), lines)
    words = (_words(line)[:_STEP_CHARS] for line in lines)
    return tuple(dict.fromkeys(w for w in words if len(w) >= _MIN_CHARS))


def recipe_box(el: El, lines: tuple[str, ...]) -> bool:
    """Whether ``el`` holds the recipe's lines (see the module's docstring)."""
    text = _words(text_of(el))
    if not text:
        return False
    held = sum(len(line) for line in lines if line in text)
    return held > 0 and held >= _SHARE * len(text)
