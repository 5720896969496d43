"""Plan and carry out an install or uninstall.  No printing here: the CLI reports.

An install writes one launcher, one manifest per target and (Windows) registry keys, then
records them.  Every step compares before writing, so re-running changes nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from installer import browsers, launcher, manifests, record
from installer.browsers import Browser
from installer.registry import Registry
from installer.system import System
from native_host import storage


class InstallError(Exception):
    """A request that cannot be carried out; the message says what to do instead."""


@dataclass
class Target:
    browser: Browser
    manifest: Path
    registry_keys: tuple[str, ...] = ()


@dataclass
class Action:
    kind: str  # launcher | manifest | registry
    where: str
    status: str  # written | unchanged | would write | removed | would remove | absent
    browser: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "where": self.where, "status": self.status, "browser": self.browser}


@dataclass
class Outcome:
    actions: list[Action] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------- choosing targets
def choose(system: System, names: list[str], user_data_dir: Path | None) -> tuple[list[Browser], list[str]]:
    """The browsers to register for, and notes explaining the choice."""
    if names:
        return [browsers.get(n) for n in dict.fromkeys(names)], []
    if user_data_dir is not None:
        return [browsers.get("chromium")], []
    found = browsers.detected(system)
    if found:
        return found, []
    every = [b for b in browsers.BROWSERS if system.windows or system.os in b.user_dirs]
    return every, [
        "No browser detected; registered for every browser Tabmate knows, so it works once one "
        "is installed. Use --browser NAME to choose."
    ]


def plan(system: System, chosen: list[Browser], user_data_dir: Path | None = None,
         system_wide: bool = False) -> tuple[list[Target], list[str]]:
    targets: list[Target] = []
    notes: list[str] = []
    for browser in chosen:
        if user_data_dir is not None:
            if browser.family != "chromium":
                raise InstallError(f"--user-data-dir is for Chromium-family profiles; {browser.label} is not one.")
            folder = user_data_dir.expanduser().absolute() / "NativeMessagingHosts"
            targets.append(Target(browser, folder / manifests.FILE_NAME))
        elif system.windows:
            hive = "HKLM" if system_wide else "HKCU"
            keys = tuple(f"{hive}\\{key}" for key in browser.win_keys)
            targets.append(Target(browser, system.windows_manifest_path(browser.family), keys))
        else:
            folder = (browsers.system_manifest_dir(browser, system.os) if system_wide
                      else browsers.user_manifest_dir(browser, system))
            if folder is None:
                where = "system-wide" if system_wide else "per user"
                notes.append(f"{browser.label}: no {where} host folder on this OS; skipped.")
                continue
            targets.append(Target(browser, folder / manifests.FILE_NAME))
    return targets, notes


# ---------------------------------------------------------------- install
def install(system: System, targets: list[Target], dry_run: bool = False) -> Outcome:
    out = Outcome()
    launcher_text = launcher.render(system.windows, system.python, system.environ.get("TABMATE_HOME"))
    out.actions.append(Action("launcher", str(system.launcher_path),
                              _write(system.launcher_path, launcher_text.encode("utf-8"), 0o755, dry_run)))
    rec = record.load(system.record_path)
    for target in targets:
        body = manifests.render(manifests.build(target.browser.family, system.launcher_path))
        out.actions.append(Action("manifest", str(target.manifest),
                                  _write(target.manifest, body, 0o644, dry_run), target.browser.name))
        for key in target.registry_keys:
            out.actions.append(Action("registry", key, _set_key(system, key, str(target.manifest), dry_run),
                                      target.browser.name))
        rec.add(record.Entry(target.browser.name, target.browser.family, str(target.manifest),
                             list(target.registry_keys)))
    if not dry_run:
        rec.launcher, rec.python = str(system.launcher_path), system.python
        record.save(system.record_path, rec)
    return out


def _write(path: Path, data: bytes, mode: int, dry_run: bool) -> str:
    try:
        same = path.read_bytes() == data and (os.name == "nt" or (path.stat().st_mode & 0o777) == mode)
    except OSError:
        same = False
    if same:
        return "unchanged"
    if dry_run:
        return "would write"
    # Folders other users' browsers must read (system-wide) need 0755; harmless per user.
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o755)
    storage.atomic_write(path, data, mode)
    return "written"


def _set_key(system: System, key: str, value: str, dry_run: bool) -> str:
    registry = _registry(system)
    if registry.get_default(key) == value:
        return "unchanged"
    if dry_run:
        return "would write"
    registry.set_default(key, value)
    return "written"


def _registry(system: System) -> Registry:
    if system.registry is None:
        raise InstallError("The Windows registry is not available (winreg could not be loaded).")
    return system.registry


# ---------------------------------------------------------------- uninstall
def uninstall(system: System, names: list[str] | None = None, dry_run: bool = False) -> Outcome:
    """Remove what the record says install wrote, for ``names`` (every browser when None)."""
    out = Outcome()
    rec = record.load(system.record_path)
    if not rec.entries and rec.launcher is None:
        out.notes.append("Nothing was recorded as installed; nothing removed.")
        return out
    gone, kept = rec.split(set(names) if names else None)
    still_used_files = {e.manifest for e in kept}
    still_used_keys = {k for e in kept for k in e.registry_keys}
    for entry in gone:
        for key in entry.registry_keys:
            if key in still_used_keys:
                continue
            out.actions.append(Action("registry", key, _delete_key(system, key, dry_run), entry.browser))
            still_used_keys.add(key)  # remove each shared key once
        if entry.manifest not in still_used_files:
            out.actions.append(Action("manifest", entry.manifest, _remove(Path(entry.manifest), dry_run),
                                      entry.browser))
            still_used_files.add(entry.manifest)
    if not kept and rec.launcher:
        out.actions.append(Action("launcher", rec.launcher, _remove(Path(rec.launcher), dry_run)))
    if not dry_run:
        if kept:
            rec.entries = kept
            record.save(system.record_path, rec)
        else:
            record.forget(system.record_path)
    return out


def _remove(path: Path, dry_run: bool) -> str:
    if not path.exists():
        return "absent"
    if dry_run:
        return "would remove"
    path.unlink()
    return "removed"


def _delete_key(system: System, key: str, dry_run: bool) -> str:
    registry = _registry(system)
    if registry.get_default(key) is None:
        return "absent"
    if dry_run:
        return "would remove"
    registry.delete_key(key)
    return "removed"
