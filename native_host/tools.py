"""The tool registry: every tool the model may call, declared once.

One :class:`Tool` gives the native tool spec (``spec()``), its line in the system prompt's
tool table, its XML form for models without native tools, the progress label the sidebar
shows, and the sentence a confirmation asks.  Browser tools (``runs_in="extension"``) go to
the extension as ``tool_request``; host tools run here through ``run``.

Permission levels (what each means and how grants work: :mod:`native_host.permissions`):
``read`` runs freely; ``send`` (data leaves the machine) is asked once per chat; ``navigate``
and ``act`` need the user's consent (``confirm_request``) unless confirmations are off or the
user allowed the tool on the site (and, for navigation, the destination). A ``send`` tool whose
data goes only to the model (``to_model``: the screenshot) is not asked for a model on this machine.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable, Literal

Permission = Literal["read", "send", "navigate", "act"]

_INDEX = {"type": "integer", "minimum": 0, "description": "the element's index from the page context's interactive elements"}


@dataclass(frozen=True)
class Tool:
    name: str
    description: str  # what it does (the native spec's description)
    when: str  # when to use it (the prompt's tool table)
    parameters: dict[str, Any]  # JSON schema of the arguments (an object)
    permission: Permission = "read"
    runs_in: Literal["extension", "host"] = "extension"
    label: str = "Working…"  # status shown while it runs; {arg} placeholders allowed
    confirm: str = ""  # confirmation question; {arg} placeholders allowed
    body_param: str | None = None  # XML form: the argument the tag's body fills
    run: Callable[[dict[str, Any]], Awaitable[Any]] | None = None  # host tools only
    timeout: float | None = None  # host tools: the longest a call may take (None: the agent's default)
    to_model: bool = False  # a send tool whose data goes only to the model (not asked when it is local)

    def spec(self) -> dict[str, Any]:
        return {"name": self.name, "description": self.description, "parameters": self.parameters}

    def _fill(self, template: str, args: dict[str, Any]) -> str:
        values = {k: _short(args.get(k, "")) for k in self.parameters.get("properties", {})}
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            return template

    def status_label(self, args: dict[str, Any]) -> str:
        return self._fill(self.label, args)

    def summary(self, args: dict[str, Any]) -> str:
        return self._fill(self.confirm or f"Allow Tabmate to run {self.name}?", args)

    def xml_example(self) -> str:
        props = self.parameters.get("properties", {})
        required = self.parameters.get("required", [])
        in_body = self.body_param if self.body_param in ("body", "text") else None  # long text only

        def value(schema: dict[str, Any]) -> str:
            return "|".join(schema["enum"]) if "enum" in schema else ("…" if schema.get("type") == "string" else "N")

        attrs = "".join(f' {p}="{value(props[p])}"' for p in props if p != in_body and p in required)
        if in_body:
            return f"<{self.name}{attrs}>{in_body}</{self.name}>"
        return f"<{self.name}{attrs} />"


def _short(value: Any, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _obj(props: dict[str, Any] | None = None, required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": props or {}, "required": required or [], "additionalProperties": False}


REGISTRY: dict[str, Tool] = {t.name: t for t in [
    Tool("get_page", "Read the current tab again: title, URL, main text, product data and "
         "numbered interactive elements.",
         "the page changed (after open/click/scroll) or the context above is missing or cut",
         _obj(), label="Reading page…"),
    Tool("get_selection", "Get the text the user has selected in the current tab.",
         "the user refers to 'this', 'the selection' or 'highlighted' text not shown above",
         _obj(), label="Reading the selection…"),
    Tool("search_web", "Search the web in a new tab and return the results page's content.",
         "the answer needs facts that are not on the page (prices elsewhere, news, definitions)",
         _obj({"query": {"type": "string", "minLength": 1, "description": "the search terms"}}, ["query"]),
         permission="send", label="Searching the web for “{query}”…", body_param="query"),
    Tool("open_url", "Open a URL in the current tab.",
         "the user asks to go to a page or you need to read a specific link",
         _obj({"url": {"type": "string", "minLength": 1, "description": "absolute http(s) URL"}}, ["url"]),
         permission="navigate", label="Opening {url}…", confirm="Open {url}?", body_param="url"),
    Tool("click_element", "Click an interactive element of the current page by its index.",
         "the user asks you to press a button or follow a link on this page",
         _obj({"index": _INDEX}, ["index"]),
         permission="act", label="Clicking element {index}…", confirm="Click element {index} on this page?"),
    Tool("fill_input", "Type text into an input of the current page by its index.",
         "the user asks you to fill in a form field",
         _obj({"index": _INDEX, "text": {"type": "string", "description": "the text to type"}}, ["index", "text"]),
         permission="act", label="Filling in element {index}…",
         confirm="Type “{text}” into element {index}?", body_param="text"),
    Tool("scroll", "Scroll the current page.",
         "content the user asks about is further down (or up) and missing from the context",
         _obj({"direction": {"type": "string", "enum": ["up", "down"]},
               "amount": {"type": "integer", "minimum": 1, "description": "pixels (default: one screen)"}},
              ["direction"]),
         permission="act", label="Scrolling {direction}…", confirm="Scroll the page {direction}?"),
    Tool("screenshot", "Take a screenshot of the visible part of the current tab and look at it (vision models "
         "only): charts, images, layout — what the page text cannot show.",
         "the question is about how the page looks (a chart, a picture, the layout) and the text does not answer",
         _obj(), permission="send", to_model=True, label="Taking a screenshot…",
         confirm="Send a screenshot of the visible tab to the model's provider?"),
    Tool("draft_email", "Prepare an email draft; the sidebar shows it with Copy, Open in mail app and "
         "Insert into page buttons, and puts it into the page's compose box only when the user presses Insert.",
         "the user wants an email, reply or message written",
         _obj({"to": {"type": "string"}, "subject": {"type": "string"},
               "body": {"type": "string", "minLength": 1}}, ["body"]),
         label="Drafting an email…", body_param="body"),
]}


# Tools added for one chat beside the registry (the user's MCP servers' tools, ``mcp__<server>__<tool>``):
# set in the chat's task, so concurrent chats never see each other's.
_EXTRA: ContextVar[dict[str, Tool]] = ContextVar("tabmate_extra_tools", default={})


def use_extra(extra: Iterable[Tool]) -> None:
    """Offer ``extra`` tools, declared like the built-in ones, for the rest of this task."""
    _EXTRA.set({t.name: t for t in extra if t.name not in REGISTRY})


def _all() -> dict[str, Tool]:
    extra = _EXTRA.get()
    return {**REGISTRY, **extra} if extra else REGISTRY


def get(name: str) -> Tool | None:
    return _all().get(name)


def names() -> list[str]:
    return list(_all())


def specs() -> list[dict[str, Any]]:
    """Native tool definitions (the neutral ``{name, description, parameters}`` shape)."""
    return [t.spec() for t in _all().values()]


def _args_line(tool: Tool) -> str:
    props = tool.parameters.get("properties", {})
    required = set(tool.parameters.get("required", []))
    parts = []
    for p, schema in props.items():
        kind = "|".join(schema["enum"]) if "enum" in schema else schema.get("type", "any")
        parts.append(f"{p}{'' if p in required else '?'}: {kind}")
    return "{" + ", ".join(parts) + "}"


def table() -> str:
    """The prompt's tool table: name, arguments, permission, when to use it."""
    rows = ["| tool | arguments | permission | use when |", "|---|---|---|---|"]
    for t in _all().values():
        perm = {"read": "free", "send": "sends data out (user confirms once per chat)"}.get(
            t.permission, f"{t.permission} (user confirms)")
        rows.append(f"| {t.name} | {_args_line(t)} | {perm} | {t.when} |")
    return "\n".join(rows)


def xml_instructions() -> str:
    """How to call a tool in plain text, for models (or servers) without native tools."""
    examples = "\n".join(t.xml_example() for t in _all().values())
    return (
        "If native function calling is not available, call a tool by writing its XML tag on its own, "
        "arguments as attributes (the long text argument may go in the body), and then stop writing; "
        "the result comes back in the next message:\n"
        f"{examples}\n"
        "Write a tool tag only to call the tool — never to show an example — and never inside a code block."
    )
