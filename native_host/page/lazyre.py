"""Regular expressions compiled on first use.

A one-page ``tabmate extract`` is mostly start-up, and compiling the shop readings' big
patterns (every currency, every language's stock wording) is a tenth of it; most pages are
not shops and never search with them.  :class:`Lazy` holds the pattern's text (its
``pattern``, for building other patterns from it) and compiles it when a method is first
asked for; from then on ``search`` and the rest are the compiled pattern's own bound methods.
"""

from __future__ import annotations

import re
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class Lazy:
    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # only for what the instance does not hold yet
        if name not in _METHODS:
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            setattr(self, method, getattr(compiled, method))
        return getattr(compiled, name)
