"""The machine the installer works on, made injectable so tests can fake every part of it.

Production code builds one with :func:`System.current`; tests build one with a fake home, a
chosen OS name and an in-memory registry.
"""

from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass, field
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
        )

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
