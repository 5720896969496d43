"""Token estimates and packing text into a budget, cutting between paragraphs."""

from __future__ import annotations

import math
import re

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


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate: ~4 characters per token for Latin text, about one token
    per CJK character; never less than the number of words."""
    if not text:
        return 0
    cjk = 0 if _no_cjk(text) else len(_CJK.findall(text))
    by_chars = (len(text) - cjk) / 4 + cjk
    return max(math.ceil(by_chars), len(text.split()))


def words(text: str) -> int:
    return len(_WORD.findall(text)) if not _no_cjk(text) and _CJK.search(text) else len(text.split())


def cut(text: str, budget_tokens: int) -> tuple[str, int]:
    """The longest run of whole paragraphs of ``text`` within the budget, and how many words
    were left out.  A first paragraph larger than the whole budget is cut at a sentence
    (or word) boundary instead, so something is always shown when the budget allows."""
    if budget_tokens <= 0:
        return "", words(text)
    if estimate_tokens(text) <= budget_tokens:
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
    return shown, max(0, words(text) - words(shown))


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
