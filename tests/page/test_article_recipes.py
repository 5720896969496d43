"""A recipe's ingredients and steps stay with its text (issue 15, session 19;
`native_host/page/recipes.py`): the page's schema.org ``Recipe`` (JSON-LD) names its lines, so
an ingredient list whose amounts link to a shop, or a list of steps with a picture each, is not
dropped as a link farm or a gallery; a page without a recipe, or a box that only names one
ingredient in passing, is cleaned as before."""

from __future__ import annotations

import json

from native_host.page.content import extract
from native_host.page.parse import parse

PARA = ("Dieser Zitronenkuchen vom Blech ist ein echter Klassiker aus der Backstube, saftig, schnell "
        "gemacht und perfekt für den Kaffeetisch am Sonntag mit der ganzen Familie. ")
INGREDIENTS = ["300 Gramm Butter (weich)", "200 Gramm Zucker", "6 mittelgroße Eier", "350 Gramm Weizenmehl",
               "2 Teelöffel Backpulver", "3 Esslöffel Zitronensaft"]
STEPS = ["Den Ofen auf 175 Grad Ober- und Unterhitze vorheizen und ein Backblech einfetten.",
         "Die weiche Butter und den Zucker einige Minuten cremig rühren, dann die Eier einzeln unterrühren.",
         "Mehl und Backpulver mischen, unterheben und den Teig auf dem Blech verteilen."]


def ld(ingredients: list[str] = INGREDIENTS, steps: list[str] = STEPS) -> str:
    recipe = {"@context": "https://schema.org", "@graph": [
        {"@type": "WebPage", "name": "Zitronenkuchen"},
        {"@type": "Recipe", "name": "Zitronenkuchen", "recipeIngredient": ingredients,
         "recipeInstructions": [{"@type": "HowToStep", "text": step} for step in steps]}]}
    return f"<script type='application/ld+json'>{json.dumps(recipe, ensure_ascii=False)}</script>"


def shop_rows() -> str:
    """Ingredient rows as a recipe plug-in draws them: amount and unit plain, the ingredient a
    link to a shop (a fifth of the box's text and more in links)."""
    rows = "".join(f"<li><span>{i.split(' ', 2)[0]}</span> <span>{i.split(' ', 2)[1]}</span> "
                   f"<a href='https://shop.example.com/p/{n}'>{i.split(' ', 2)[2]}</a></li>"
                   for n, i in enumerate(INGREDIENTS))
    return f"<div class='c7'><h3>Zutaten</h3><ul>{rows}</ul></div>"


def steps_with_pictures() -> str:
    items = "".join(f"<li><img src='/step{n}.jpg'><img src='/step{n}b.jpg'>{s}</li>" for n, s in enumerate(STEPS))
    return f"<ul class='c8'>{items}</ul>"


def page(head: str, box: str) -> str:
    body = "<div class='x2'><h1>Zitronenkuchen</h1>" + f"<p>{PARA}</p>" * 4 + box + f"<p>{PARA}</p></div>"
    return extract(parse(f"<html><head>{head}</head><body>{body}</body></html>"))


def test_ingredients_linked_to_a_shop_stay_when_the_page_declares_its_recipe() -> None:
    text = page(ld(), shop_rows())
    assert "6 mittelgroße Eier" in text and "350 Gramm Weizenmehl" in text
    assert text.count(PARA.strip()) == 5


def test_steps_with_a_picture_each_stay_when_the_page_declares_its_recipe() -> None:
    text = page(ld(), steps_with_pictures())
    assert all(step in text for step in STEPS)


def test_without_a_declared_recipe_the_boxes_are_cleaned_as_before() -> None:
    text = page("", shop_rows())
    assert "6 mittelgroße Eier" not in text and text.count(PARA.strip()) == 5


def test_a_box_that_names_an_ingredient_in_passing_is_not_the_recipe() -> None:
    teasers = ("<div class='t1'>" + "".join(
        f"<p><a href='/rezept/{n}'>{title}</a></p>" for n, title in enumerate(
            ("Der beste Käsekuchen mit Quark und Streuseln vom Blech", "Apfelstrudel wie bei Oma aus Wien",
             "Schnelle Waffeln mit 6 mittelgroße Eier und Buttermilch", "Schokoladenmuffins mit flüssigem Kern")))
        + "</div>")
    text = page(ld(), teasers)
    assert "Käsekuchen" not in text and "Schnelle Waffeln" not in text
