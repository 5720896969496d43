"""The machine the installer works on, made injectable so tests can fake every part of it.

Production code builds one with :func:`System.current`; tests build one with a fake home, a
chosen OS name and an in-memory registry.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Literal

from installer.registry import Registry, default_registry
from native_host import storage

OsName = Literal["linux", "darwin", "windows"]


def current_os() -> OsName:
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "darwin"
    return "linux"


@dataclass
class System:
    os: OsName
    home: Path
    #: Where the launcher, the Windows manifests and the install record live.
    data_dir: Path
    #: The interpreter the launcher runs (absolute).
    python: str
    registry: Registry | None = None
    #: ``shutil.which``-like lookup, for browser detection.
    which: Callable[[str], str | None] = shutil.which
    environ: dict[str, str] = field(default_factory=dict)
    #: Where a --system install puts the launcher (root-owned, readable by every user).
    shared_dir: Path | None = None

    @classmethod
    def current(cls) -> "System":
        os_name = current_os()
        return cls(
            os=os_name,
            home=Path.home(),
            data_dir=storage.data_dir(),
            python=os.path.abspath(sys.executable),
            registry=default_registry() if os_name == "windows" else None,
            environ=dict(os.environ),
            shared_dir=shared_dir(os_name, os.environ),
        )

    def for_all_users(self) -> "System":
        """The same machine, seen by a --system install: the launcher in the shared folder and
        no TABMATE_HOME baked into it (each user keeps their own settings, keys and history)."""
        env = {k: v for k, v in self.environ.items() if k != "TABMATE_HOME"}
        return replace(self, data_dir=self.shared_dir or self.data_dir, environ=env)

    def untrusted_for_all_users(self) -> list[str]:
        """Why other users must not run this interpreter (empty when they may).

        Every user's browser would run it: one user's virtualenv or home folder would let that
        user run code as everybody else."""
        import native_host

        problems = []
        for what, path in (("interpreter", Path(self.python)), ("package", Path(native_host.__file__).parent)):
            if path.is_relative_to(self.home):
                problems.append(f"the {what} {path} is in {self.home}")
            elif not self.windows and path.exists():
                st = path.stat()
                if st.st_uid != 0 or st.st_mode & 0o022:
                    problems.append(f"the {what} {path} is not owned by root or is writable by others")
        return problems

    @property
    def windows(self) -> bool:
        return self.os == "windows"

    @property
    def record_path(self) -> Path:
        return self.data_dir / "install.json"

    @property
    def launcher_path(self) -> Path:
        return self.data_dir / ("tabmate_host.bat" if self.windows else "tabmate_host.sh")

    def windows_manifest_path(self, family: str) -> Path:
        """On Windows the registry points at a manifest file we keep in the data dir."""
        return self.data_dir / "manifests" / family / "tabmate_host.json"


def shared_dir(os_name: OsName, environ: dict[str, str] | os._Environ[str]) -> Path:
    if os_name == "windows":
        return Path(environ.get("ProgramData", "C:\\ProgramData")) / "Tabmate"
    if os_name == "darwin":
        return Path("/Library/Application Support/Tabmate")
    return Path("/usr/local/lib/tabmate")
