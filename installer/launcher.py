"""The launcher the browser starts: runs the host with the absolute interpreter that
installed Tabmate, so a desktop's minimal PATH, a virtualenv or pipx all work.

Python runs in isolated mode (``-I``): the working directory the browser starts it in (and
PYTHONPATH, PYTHONSTARTUP, the user's site-packages) cannot put another ``native_host`` in
front of the installed one.
"""

from __future__ import annotations

import re
from pathlib import Path, PureWindowsPath

MODULE = "native_host"
FLAGS = "-I"  # isolated mode: no current directory, PYTHON* variables or user site on sys.path
_POSIX_EXEC = re.compile(r"^exec '((?:[^']|'\\'')*)' (?:-I )?-m native_host", re.M)
_BAT_EXEC = re.compile(r'^"([^"]+)" (?:-I )?-m native_host', re.M)


def _sh_quote(value: str) -> str:
    return "'" + value.replace("'", "'\\''") + "'"


def render_posix(python: str, tabmate_home: str | None = None) -> str:
    lines = [
        "#!/bin/sh",
        "# Tabmate native messaging host launcher (written by `tabmate install`; re-run it to update).",
        "# The browser passes the extension's origin (Chromium) or manifest path and add-on id (Firefox).",
    ]
    if tabmate_home:
        lines += [f'TABMATE_HOME="${{TABMATE_HOME:-{_dq_escape(tabmate_home)}}}"', "export TABMATE_HOME"]
    lines.append(f'exec {_sh_quote(python)} {FLAGS} -m {MODULE} "$@"')
    return "\n".join(lines) + "\n"


def _dq_escape(value: str) -> str:
    return re.sub(r'([\\"$`])', r"\\\1", value)


def render_bat(python: str, tabmate_home: str | None = None) -> str:
    """A .bat run by ``cmd /d /s /c``: every path quoted, backslashes only, CRLF line ends."""
    python = str(PureWindowsPath(python))
    lines = ["@echo off", "rem Tabmate native messaging host launcher (written by `tabmate install`)."]
    if tabmate_home:
        home = str(PureWindowsPath(tabmate_home))
        lines.append(f'if not defined TABMATE_HOME set "TABMATE_HOME={home}"')
    lines.append(f'"{python}" {FLAGS} -m {MODULE} %*')
    return "\r\n".join(lines) + "\r\n"


def render(windows: bool, python: str, tabmate_home: str | None = None) -> str:
    return render_bat(python, tabmate_home) if windows else render_posix(python, tabmate_home)


def interpreter(text: str) -> str | None:
    """The interpreter a launcher runs, read back from its text."""
    match = _POSIX_EXEC.search(text)
    if match:
        return match.group(1).replace("'\\''", "'")
    match = _BAT_EXEC.search(text)
    return match.group(1) if match else None


def read_interpreter(path: Path) -> str | None:
    try:
        return interpreter(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
