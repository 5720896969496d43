"""Token estimates and packing text into a budget, cutting between paragraphs."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from native_host.page.lazyre import Lazy

# the most a page gets of the prompt, whatever the model's context window (prompt.budgets)
MAX_PAGE_TOKENS = 24000

_WORD = Lazy(r"\w+|[^\w\s]", re.UNICODE)
# kana, CJK ideographs and Hangul: compiling this class takes 3 ms, a few per cent of a
# one-page `tabmate extract`, so text is first checked for any character from U+3040 up (a
# pattern four times quicker to compile) and only such text looks for them
_PAST_3040 = Lazy(r"[^\x00-\u303f]")
_CJK = Lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def _no_cjk(text: str) -> bool:
    return text.isascii() or _PAST_3040.search(text) is None


@dataclass(frozen=True)
class Size:
    """What the estimate reads of a text: its characters, its CJK characters and its
    whitespace-separated pieces.  All three add up over texts joined by whitespace, so a
    prompt is measured from its parts' sizes without reading its (long) main text again."""

    chars: int = 0
    cjk: int = 0
    pieces: int = 0

    def __add__(self, other: Size) -> Size:
        return Size(self.chars + other.chars, self.cjk + other.cjk, self.pieces + other.pieces)

    @property
    def tokens(self) -> int:
        return _tokens(self.chars, self.cjk, self.pieces)


def _tokens(chars: int, cjk: int, pieces: int) -> int:
    """~4 characters per token for Latin text, about one token per CJK character; never
    less than the number of words."""
    return max(math.ceil((chars - cjk) / 4 + cjk), pieces)


def size(text: str) -> Size:
    cjk = 0 if _no_cjk(text) else len(_CJK.findall(text))
    return Size(len(text), cjk, len(text.split()))


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate (:func:`_tokens`)."""
    if not text:
        return 0
    return _tokens(len(text), 0 if _no_cjk(text) else len(_CJK.findall(text)), len(text.split()))


def words(text: str, measured: Size | None = None) -> int:
    """Words in ``text`` (``measured``: its :func:`size`, when known, spares reading it again)."""
    if measured is not None and not measured.cjk:
        return measured.pieces
    return len(_WORD.findall(text)) if not _no_cjk(text) and _CJK.search(text) else len(text.split())


def cut(text: str, budget_tokens: int, measured: Size | None = None) -> tuple[str, int]:
    """The longest run of whole paragraphs of ``text`` within the budget, and how many words
    were left out.  A first paragraph larger than the whole budget is cut at a sentence
    (or word) boundary instead, so something is always shown when the budget allows.
    ``measured``: the text's :func:`size`, when the caller has it."""
    if budget_tokens <= 0:
        return "", words(text, measured)
    measured = measured or size(text)
    if measured.tokens <= budget_tokens:
        return text, 0
    paragraphs = text.split("\n\n")
    kept: list[str] = []
    used = 0
    for para in paragraphs:
        cost = estimate_tokens(para) + 1
        if used + cost > budget_tokens:
            break
        kept.append(para)
        used += cost
    if not kept:
        kept = [_cut_inside(paragraphs[0], budget_tokens)]
    shown = "\n\n".join(k for k in kept if k)
    return shown, max(0, words(text, measured) - words(shown))


def _cut_inside(para: str, budget_tokens: int) -> str:
    limit = max(0, budget_tokens * 4)
    piece = para[:limit]
    sentence_end = max(piece.rfind(". "), piece.rfind("! "), piece.rfind("? "), piece.rfind("\n"))
    if sentence_end > limit // 2:
        return piece[:sentence_end + 1]
    space = piece.rfind(" ")
    return piece[:space] if space > 0 else piece


def more_note(n_words: int) -> str:
    return f"… {n_words:,} more words not shown"
