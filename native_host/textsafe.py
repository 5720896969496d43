"""Text that can always be encoded: lone UTF-16 surrogates replaced by U+FFFD.

JSON allows escapes such as ``"\\ud800"`` that decode to a lone surrogate, which Python can hold
in a ``str`` but never encode as UTF-8 — a file write, an HTTP body or a header then fails.
Everything that came from outside (a frame, a file, the command line) goes through
:func:`scrub` before it is stored or sent on; ids echoed back to the extension are kept as
they came (:mod:`native_host.framing` escapes them).
"""

from __future__ import annotations

import re
from typing import Any

_LONE = re.compile("[\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with every lone surrogate (or one from ``surrogateescape``) replaced by U+FFFD."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return _LONE.sub("\ufffd", text)


def scrub(value: Any) -> Any:
    """:func:`clean` applied to every string (keys too) of a JSON-like value, iteratively."""
    if isinstance(value, str):
        return clean(value)
    if not isinstance(value, (dict, list)):
        return value
    root: list[Any] = [value]
    stack: list[tuple[Any, Any, Any]] = [(root, 0, value)]  # (container, key, value)
    while stack:
        parent, key, item = stack.pop()
        if isinstance(item, dict):
            new: Any = {}
            parent[key] = new
            for k, v in item.items():
                k = clean(k) if isinstance(k, str) else k
                new[k] = v
                if isinstance(v, (dict, list)):
                    stack.append((new, k, v))
                elif isinstance(v, str):
                    new[k] = clean(v)
        elif isinstance(item, list):
            new = list(item)
            parent[key] = new
            for i, v in enumerate(new):
                if isinstance(v, (dict, list)):
                    stack.append((new, i, v))
                elif isinstance(v, str):
                    new[i] = clean(v)
    return root[0]
