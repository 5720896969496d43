"""A fake machine for installer tests: chosen OS, fake home, in-memory registry, no PATH."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable

import pytest

from installer.registry import FakeRegistry
from installer.system import OsName, System
from native_host import storage

MakeSystem = Callable[..., System]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    return folder


@pytest.fixture
def make_system(home: Path) -> MakeSystem:
    def make(os_name: OsName = "linux", which: dict[str, str] | None = None) -> System:
        found = which or {}
        return System(
            os=os_name, home=home, data_dir=storage.data_dir(), python=os.path.abspath(sys.executable),
            registry=FakeRegistry() if os_name == "windows" else None,
            which=lambda exe: found.get(exe), environ=dict(os.environ),
        )

    return make
