"""The agent loop: what runs for each ``chat`` message, over the router.

Each step calls the model with the system prompt, trimmed history and the page as data;
native tool calls (or, failing those, tool calls written in the text) are repaired,
validated, permission-checked and run, their results appended, and the loop goes on; a
reply without tool calls is the answer: sanitized, saved with the session, returned.

The loop is here, on one screen; one model call and its streamed answer are in
``streaming.py``, a step's tool calls in ``tool_steps.py``, drafts written as text in ``drafts.py``.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from native_host import images, outgoing, prompt, prompts, protocol, tools
from native_host.channel import ChatChannel, ChatOutcome, Services
from native_host.drafts import as_draft, drafted
from native_host.providers.base import ChatRequest
from native_host.sanitize import sanitize
from native_host.settings import Settings
from native_host.streaming import call_model
from native_host.tool_steps import MAX_BAD_ROUNDS, fit, run_step, written_calls

STORED_RESULT_CHARS = 2000


async def run_chat(chat: protocol.Chat, channel: ChatChannel, services: Services) -> ChatOutcome:
    choice = {k: v for k, v in (("profile", chat.profile), ("model", chat.model)) if v}  # this chat only
    settings, api_key = services.settings.resolve(choice or None)
    return await run_turn(chat, channel, services, settings, api_key)


@dataclass
class Turn:
    """The state of one user message's run."""

    chat: protocol.Chat
    channel: ChatChannel
    services: Services
    settings: Settings
    page: protocol.PageSnapshot | None
    page_budget: int
    new: list[dict[str, Any]] = field(default_factory=list)  # this turn's messages after the user's
    gathered: list[str] = field(default_factory=list)
    usage: outgoing.Usage = field(default_factory=outgoing.Usage)
    page_changed: bool = False
    bad_rounds: int = 0
    step_budget: int = 8000  # tokens this turn's tool results may take together
    shots: list[str] = field(default_factory=list)  # screenshots the screenshot tool took this step
    images_off: str = ""  # why the model's server refused images (told to the user)
    quoted: set[str] = field(default_factory=set)  # tool calls written in page or tool-result text
    head_request: str = ""  # the user message as the model reads it (a draft answer may echo it)


async def run_turn(chat: protocol.Chat, channel: ChatChannel, services: Services,
                   settings: Settings, api_key: str | None) -> ChatOutcome:
    from native_host.router import Router

    router = Router(settings, api_key, services, status=channel.status)  # "Waiting for …", "Retrying in …"
    if settings.mcp_servers:  # the user's MCP servers' tools beside the browser tools
        tools.use_extra(await services.mcp().tools(
            settings.mcp_servers, notify=lambda: channel.status("tool", "Starting MCP servers…")))
    page_budget, history_budget = prompt.budgets(router.context_window)
    saved = prompts.find(settings.prompts, chat.prompt) if chat.prompt else None
    if chat.redo:  # regenerate / edit and resend: the last question and its answer give way
        services.history.drop_last_turn(chat.session)
    stored = services.history.load(chat.session)
    turn = Turn(chat, channel, services, settings, chat.page, page_budget, step_budget=page_budget + history_budget)
    context = await asyncio.to_thread(_context, turn)  # a big page or PDF must not stall the host
    from native_host.documents.context import chip as pdf_chip  # pypdf and lxml load on first use

    if (label := await asyncio.to_thread(pdf_chip, chat.page)) is not None:
        channel.status("attachment", label)  # the sidebar shows it on the message
    turn.quoted = written_calls(context, *(m["content"] for m in stored if m.get("role") == "tool"))
    user = {"role": "user", "content": prompt.user_message(chat, context, saved)}
    turn.head_request = user["content"]
    if chat.page and images.valid_images([chat.page.screenshot]):
        user["images"] = [chat.page.screenshot]
    head = [{"role": "system", "content": prompt.system_prompt(settings.system_prompt)},
            *prompt.trim_history(stored, history_budget), user]
    wants_draft = (saved.kind == "draft") if saved else chat.action == "draft"
    native = router.tools_supported
    try:
        for step in range(1, settings.max_iterations + 1):
            fit(turn)
            messages, use_tools = head + turn.new, native and turn.bad_rounds < MAX_BAD_ROUNDS
            request = ChatRequest(model=router.model, messages=messages if use_tools else prompt.as_text(messages),
                                  tools=tools.specs() if use_tools else None, temperature=settings.temperature)
            text, calls, preamble, tools_off = await call_model(router, request, turn)
            native = native and not tools_off
            if not calls or turn.bad_rounds >= MAX_BAD_ROUNDS:
                answer = sanitize(text) or "I don't have an answer to that — could you rephrase the question?"
                answer = _images_note(turn, answer)
                _save(turn, answer)
                if wants_draft and not drafted(turn) and sanitize(text):
                    answer = await as_draft(turn, answer)
                return ChatOutcome(answer, step, _usage(turn))
            await run_step(turn, sanitize(preamble), calls)
        answer = _stopped(turn, settings.max_iterations)
        _save(turn, answer)
        return ChatOutcome(answer, settings.max_iterations, _usage(turn))
    except asyncio.CancelledError:
        turn.new = []  # a step cut short would leave calls without results
        partial = "".join(channel.streamed).strip()
        _save(turn, f"{partial}\n\n[Request cancelled]" if partial else "[Request cancelled]")
        raise


# ------------------------------------------------------------------ context, history, endings
def _context(turn: Turn) -> str:
    """The page block for the user message (other tabs share the budget); previous product
    when moving between products."""
    page, previous, others = turn.page, None, ""
    if turn.chat.tabs:
        from native_host import tabs

        shared = tabs.share([*([page] if page else []), *turn.chat.tabs], turn.page_budget, turn.chat.text)
        others = "\n\n" + tabs.tabs_block(turn.chat.tabs, shared[1:] if page else shared)
        if page is None:
            return prompt.context_block(None, turn.page_budget) + others
        body, product = shared[0].to_prompt(), shared[0].product
    elif page is None:
        return prompt.context_block(None, turn.page_budget)
    else:
        body, product = prompt.page_context(page, turn.page_budget, turn.chat.text)
    from native_host.page.cache import ProductCache

    if product is not None and page.url:
        cache = ProductCache()
        previous = cache.previous(exclude_url=page.url)  # (url, product) or None
        cache.remember(page.url, product)
    return prompt.context_block(page, turn.page_budget, previous, body) + others


def _save(turn: Turn, answer: str) -> None:
    """The turn joins the conversation's history: the question as asked (``text``, what the
    history view shows) and with its page (``content``, what the model reads next turn)."""
    chat, page = turn.chat, turn.chat.page
    label = f"/{chat.prompt}" if chat.prompt else chat.action
    text = chat.text if not label else f"[{label}] {chat.text}".strip()
    if page and page.url:
        text += f"\n(on page: {page.title or page.url} — {page.url})"
    if page and page.screenshot:
        text += "\n(with a screenshot of the tab)"
    if chat.tabs:
        text += "\n(with other tabs: " + "; ".join(f"{t.title or t.url} — {t.url}" for t in chat.tabs) + ")"
    new = [dict(m, content=prompt.clip(m["content"], STORED_RESULT_CHARS // 4, "tool result"))
           if m["role"] == "tool" else {k: v for k, v in m.items() if k != "images"} for m in turn.new]
    asked = chat.text.strip()
    title = (page.title if page and page.title and (chat.action or not asked) else None) or asked
    history = turn.services.history
    shown = f"/{chat.prompt} {asked}".strip() if chat.prompt else asked
    history.append(chat.session, [{"role": "user", "content": text, "text": shown}, *new,
                                  {"role": "assistant", "content": answer}],
                   title=title, url=page.url if page and page.url else None, profile=chat.profile, model=chat.model)
    history.prune(turn.settings.history_retention, force=False)


def _images_note(turn: Turn, answer: str) -> str:
    """The answer, plus why the screenshot was left out when the model refused images."""
    if not turn.images_off:
        return answer
    note = (f"\n\n_The screenshot was not used: {turn.settings.model or 'this model'} does not accept images "
            "(the server said so), so this answer is from the page text only. Choose a vision model to include it._")
    turn.channel.delta(note)
    return answer + note


def _stopped(turn: Turn, steps: int) -> str:
    found = "\n".join(f"- {g}" for g in turn.gathered[-12:]) or "- nothing useful yet"
    return (f"I stopped after {steps} steps without finishing (the limit is {steps} steps per message; "
            f"it can be raised in Settings). What I gathered so far:\n{found}")


def _usage(turn: Turn) -> outgoing.Usage | None:
    u = turn.usage
    return u if (u.input_tokens or u.output_tokens) else None
