"""Saved prompts: the user's library of templates, and how one becomes a request.

A prompt is ``{id, title, template, kind, chip, menu}``.  ``kind`` says what it produces:
``answer`` (text in the chat) or ``draft`` (a draft card with *Insert into page*, whether or
not the model called ``draft_email``).  ``chip`` shows it as a quick action, ``menu`` in the
page/selection/link context menu; every prompt is also a ``/id`` command in the composer.

Placeholders: ``{{input}}`` (what the user typed with it), ``{{selection}}``, ``{{page}}``,
``{{title}}``, ``{{url}}``, ``{{language}}``.  Everything that comes from the page is put in
as fenced, untrusted data (see :func:`native_host.prompt.untrusted`), never as instructions.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ID = r"^[a-z0-9][a-z0-9_-]{0,39}$"
PLACEHOLDER = re.compile(r"\{\{\s*(input|selection|page|title|url|language)\s*\}\}")
MAX_PROMPTS = 100


class SavedPrompt(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(pattern=ID)
    title: str = Field(min_length=1, max_length=80)
    template: str = Field(min_length=1, max_length=8000)
    kind: Literal["answer", "draft"] = "answer"
    chip: bool = False  # a quick-action chip above the composer (in list order)
    menu: bool = False  # an entry in the page / selection / link context menu


DEFAULT_PROMPTS: tuple[dict[str, object], ...] = (
    {"id": "summarize", "title": "Summarize this page", "chip": True, "menu": True,
     "template": "Summarize the current page: the main point in one sentence, then 3–7 short bullets with "
                 "the key facts (numbers, prices, dates, names). No tools unless the page is missing.\n{{input}}"},
    {"id": "draft", "title": "Draft a reply", "kind": "draft", "chip": True,
     "template": "Draft an email or message based on the current page: a first line 'Subject: …', then a "
                 "short, polite body ready to send. Purpose of the message: {{input}}"},
    {"id": "translate", "title": "Translate", "menu": True,
     "template": "Translate this into {{language}}, keeping meaning, tone and formatting. Reply with the "
                 "translation only.\n{{selection}}\n{{input}}"},
    {"id": "explain", "title": "Explain simply", "menu": True,
     "template": "Explain this in plain words a curious 12-year-old would understand, with one everyday "
                 "example. Use the rest of the page as context.\n{{selection}}\n{{input}}"},
    {"id": "key-points", "title": "Key points",
     "template": "List the 5 most important points of the current page as short bullets, most important "
                 "first; end with one line on who it matters to.\n{{input}}"},
    {"id": "reply-politely", "title": "Reply politely", "kind": "draft", "menu": True,
     "template": "Write a short, friendly and polite reply to the message on this page (or to the selected "
                 "text). Start with 'Subject: …' when it is an email. Points to make: {{input}}\n{{selection}}"},
)


def defaults() -> list[SavedPrompt]:
    return [SavedPrompt.model_validate(p) for p in DEFAULT_PROMPTS]


def check_library(prompts: list[SavedPrompt]) -> list[SavedPrompt]:
    """Ids are unique and the library stays small (a pydantic after-validator)."""
    if len(prompts) > MAX_PROMPTS:
        raise ValueError(f"at most {MAX_PROMPTS} saved prompts")
    seen: set[str] = set()
    for p in prompts:
        if p.id in seen:
            raise ValueError(f"two saved prompts have the id '{p.id}'")
        seen.add(p.id)
    return prompts


LANGUAGES = {
    "ar": "Arabic", "cs": "Czech", "da": "Danish", "de": "German", "el": "Greek", "en": "English",
    "es": "Spanish", "fi": "Finnish", "fr": "French", "he": "Hebrew", "hi": "Hindi", "hu": "Hungarian",
    "id": "Indonesian", "it": "Italian", "ja": "Japanese", "ko": "Korean", "nb": "Norwegian", "nl": "Dutch",
    "pl": "Polish", "pt": "Portuguese", "ro": "Romanian", "ru": "Russian", "sv": "Swedish", "th": "Thai",
    "tr": "Turkish", "uk": "Ukrainian", "vi": "Vietnamese", "zh": "Chinese",
}


def language_name(tag: str | None) -> str:
    """``de-DE`` → German; unknown or missing → "the user's language"."""
    code = (tag or "").replace("_", "-").split("-")[0].lower()
    return LANGUAGES.get(code, "the user's language")


def find(library: list[SavedPrompt], prompt_id: str) -> SavedPrompt:
    from native_host.errors import TabmateError

    for p in library:
        if p.id == prompt_id:
            return p
    raise TabmateError("invalid_request", f"There is no saved prompt '{prompt_id}' — check Settings → Saved prompts.",
                       retryable=False)


def expand(saved: SavedPrompt, text: str, page: object | None, language: str | None) -> str:
    """The template filled in: the user's words as they are, page-derived values fenced as data."""
    from native_host.prompt import untrusted

    def page_value(name: str) -> str:
        value = (getattr(page, name, None) or "").strip() if page is not None else ""
        if name == "selection":
            return untrusted("text the user selected", value) if value else "(no text is selected: use the page)"
        if name == "page":
            return ("the current page (its text is given above between the PAGE-DATA markers)" if page is not None
                    else "(no page is open)")
        return untrusted(f"page {name}", value) if value else ""

    values = {"input": text.strip(), "language": language_name(language)}

    def fill(m: re.Match[str]) -> str:
        name = m.group(1)
        return values[name] if name in values else page_value(name)

    out = PLACEHOLDER.sub(fill, saved.template)
    if values["input"] and "input" not in {m.group(1) for m in PLACEHOLDER.finditer(saved.template)}:
        out = f"{out}\n\n{values['input']}"
    return re.sub(r"\n{3,}", "\n\n", out).strip()
