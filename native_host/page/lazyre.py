"""Regular expressions compiled on first use.

A one-page ``tabmate extract`` is mostly start-up, and compiling the page reader's patterns
was a quarter of it (every currency, every language's buy and stock wording: 20 ms of
about 80).  Most of them are not needed on a given page: an article never searches with the
shop readings, and a page without a date line never with the date patterns.  So every
module-level pattern in ``native_host.page`` is a :class:`Lazy`: it holds the pattern's text
(its ``pattern``, for building other patterns from it) and compiles it when a method is
first asked for; from then on ``search`` and the rest are the compiled pattern's own bound
methods.
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
