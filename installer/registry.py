"""The Windows registry, behind a small interface so tests can use an in-memory fake.

Keys are written as ``HKCU\\Software\\...``; only the key's default value is used (that is
where browsers look up a native messaging host's manifest path).
"""

from __future__ import annotations

from typing import Protocol


class Registry(Protocol):
    def get_default(self, key: str) -> str | None: ...
    def set_default(self, key: str, value: str) -> None: ...
    def delete_key(self, key: str) -> bool: ...


def split_hive(key: str) -> tuple[str, str]:
    hive, _, sub = key.partition("\\")
    if hive not in ("HKCU", "HKLM") or not sub:
        raise ValueError(f"registry key must start with HKCU\\ or HKLM\\: {key!r}")
    return hive, sub


class FakeRegistry:
    """In-memory registry: ``values`` maps a full key to its default value."""

    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def get_default(self, key: str) -> str | None:
        split_hive(key)
        return self.values.get(key)

    def set_default(self, key: str, value: str) -> None:
        split_hive(key)
        self.values[key] = value

    def delete_key(self, key: str) -> bool:
        split_hive(key)
        return self.values.pop(key, None) is not None


class WinRegistry:  # pragma: no cover - exercised on Windows only
    """The real registry through ``winreg`` (64-bit view, where browsers look)."""

    def __init__(self) -> None:
        import winreg

        self._winreg = winreg
        self._hives = {"HKCU": winreg.HKEY_CURRENT_USER, "HKLM": winreg.HKEY_LOCAL_MACHINE}

    def get_default(self, key: str) -> str | None:
        hive, sub = split_hive(key)
        try:
            with self._winreg.OpenKey(self._hives[hive], sub) as handle:
                value, _ = self._winreg.QueryValueEx(handle, "")
                return str(value)
        except OSError:
            return None

    def set_default(self, key: str, value: str) -> None:
        hive, sub = split_hive(key)
        with self._winreg.CreateKeyEx(self._hives[hive], sub, 0, self._winreg.KEY_WRITE) as handle:
            self._winreg.SetValueEx(handle, "", 0, self._winreg.REG_SZ, value)

    def delete_key(self, key: str) -> bool:
        hive, sub = split_hive(key)
        try:
            self._winreg.DeleteKey(self._hives[hive], sub)
            return True
        except OSError:
            return False


def default_registry() -> Registry | None:
    try:
        return WinRegistry()
    except ImportError:
        return None
