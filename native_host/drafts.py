"""Drafts from any model: a draft-kind prompt's answer written as text becomes the draft card.

Small local models rarely call ``draft_email``; :func:`as_draft` turns their text (an optional
'Subject:' line, the body) into the same card, with Insert into page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from native_host import logs
from native_host.tool_steps import TOOL_TIMEOUT

if TYPE_CHECKING:
    from native_host.agent import Turn

_SUBJECT = re.compile(r"^\W{0,3}subject\W{0,3}:\W{0,3}\s*(?P<subject>.+?)\W{0,3}$", re.I)
_LEAD_IN = re.compile(r"^(sure|certainly|of course|here(?:'s| is)|below is)\b[^\n]{0,100}[:!.]$", re.I)


def drafted(turn: Turn) -> bool:
    return any(c.get("name") == "draft_email" for m in turn.new for c in m.get("tool_calls") or [])


def draft_from_text(answer: str, request: str = "") -> dict[str, str]:
    """A draft-kind prompt's answer as draft_email arguments: an optional 'Subject:' line, the body.
    A small model that repeats the prompt first (SmolLM2 does) has the repeated part cut off."""
    request = request.strip()
    if request and request in answer:
        answer = answer[answer.rindex(request) + len(request):]
    lines = [line for line in answer.strip().strip("`").strip().splitlines()
             if "PAGE-DATA" not in line and "<tool_call>" not in line]
    while lines and (not lines[0].strip() or _LEAD_IN.match(lines[0].strip())):
        lines.pop(0)
    args: dict[str, str] = {}
    if lines and (m := _SUBJECT.match(lines[0].strip())):
        args["subject"] = m.group("subject").strip()
        lines.pop(0)
    args["body"] = "\n".join(lines).strip()
    return args


async def as_draft(turn: Turn, answer: str) -> str:
    """The model wrote the draft as text (small local models rarely call draft_email): show it
    as the same draft card, with Insert into page. Falls back to the text if that fails."""
    draft = draft_from_text(answer, turn.head_request.rsplit("User request:\n", 1)[-1])
    if not draft["body"]:  # the model only repeated the request
        return ("The model repeated the request instead of writing a draft — press Regenerate, or pick a "
                "larger model in the chat header.")
    outcome = await turn.channel.call_tool("draft_email", draft, timeout=TOOL_TIMEOUT)
    logs.log("draft_from_text", ok=outcome.ok)
    if not outcome.ok:
        return answer
    return "Here is the draft — edit it, copy it, or press Insert into page."
