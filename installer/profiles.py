"""Evidence of the Tabmate extension loaded under some id, read from browser profiles.

Chromium keeps installed extensions in each profile's ``Preferences`` /
``Secure Preferences`` (``extensions.settings.<id>``, with ``path`` for unpacked ones);
Firefox keeps ``extensions.json`` per profile.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

PREF_FILES = ("Preferences", "Secure Preferences")


@dataclass(frozen=True)
class Loaded:
    ext_id: str
    where: str  # the profile file it was found in


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _looks_like_tabmate(entry: dict[str, Any]) -> bool:
    manifest = entry.get("manifest")
    if not isinstance(manifest, dict) and isinstance(entry.get("path"), str):
        manifest = _read_json(Path(entry["path"]) / "manifest.json")
    name = manifest.get("name", "") if isinstance(manifest, dict) else ""
    return isinstance(name, str) and "tabmate" in name.lower()


def chromium_profiles(user_data_dir: Path) -> Iterator[Path]:
    """Profile folders of a Chromium user-data dir (Default, Profile 1, …)."""
    if not user_data_dir.is_dir():
        return
    for child in sorted(user_data_dir.iterdir()):
        if child.is_dir() and any((child / f).is_file() for f in PREF_FILES):
            yield child


def chromium_loaded(user_data_dir: Path) -> list[Loaded]:
    found: list[Loaded] = []
    for profile in chromium_profiles(user_data_dir):
        for name in PREF_FILES:
            prefs = _read_json(profile / name)
            settings = (prefs or {}).get("extensions", {}).get("settings", {}) if isinstance(prefs, dict) else {}
            for ext_id, entry in (settings.items() if isinstance(settings, dict) else ()):
                if isinstance(entry, dict) and _looks_like_tabmate(entry):
                    found.append(Loaded(ext_id, str(profile / name)))
    return sorted(set(found), key=lambda x: (x.where, x.ext_id))


def firefox_loaded(profiles_root: Path) -> list[Loaded]:
    found: list[Loaded] = []
    if not profiles_root.is_dir():
        return found
    for ext_file in sorted(profiles_root.glob("*/extensions.json")):
        data = _read_json(ext_file)
        for addon in (data or {}).get("addons", []) if isinstance(data, dict) else []:
            name = ((addon.get("defaultLocale") or {}).get("name") or "") if isinstance(addon, dict) else ""
            if isinstance(name, str) and "tabmate" in name.lower() and isinstance(addon.get("id"), str):
                found.append(Loaded(addon["id"], str(ext_file)))
    return found
