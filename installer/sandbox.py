"""Snap and Flatpak browsers on Linux: how they reach (or cannot reach) native hosts."""

from __future__ import annotations

from pathlib import Path

from installer import browsers
from installer.browsers import HOST_NAME, Browser
from installer.findings import Finding
from installer.system import System


def is_snap(browser: Browser, system: System) -> bool:
    if browser.snap_name is None:
        return False
    if (system.home / "snap" / browser.snap_name).is_dir():
        return True
    found = next((p for exe in browser.executables if (p := system.which(exe))), None)
    return bool(found and Path(found).as_posix().startswith("/snap/"))


def is_flatpak(browser: Browser, system: System) -> bool:
    return browser.flatpak_id is not None and (system.home / ".var" / "app" / browser.flatpak_id).is_dir()


def findings(system: System) -> list[Finding]:
    if system.os != "linux":
        return []
    found: list[Finding] = []
    for browser in browsers.BROWSERS:
        if is_snap(browser, system):
            found.append(_snap(browser))
        if is_flatpak(browser, system):
            found.append(_flatpak(browser, system))
    return found


def _snap(browser: Browser) -> Finding:
    if browser.family == "firefox":
        return Finding(
            "sandbox", "warn",
            f"Snap {browser.label} starts native hosts through the WebExtensions portal and asks "
            "you once; the manifest in ~/.mozilla/native-messaging-hosts is the one it reads.",
            f"flatpak permission-set webextensions {HOST_NAME} snap.{browser.snap_name} yes",
            browser.name,
        )
    return Finding(
        "sandbox", "fail",
        f"Snap {browser.label} cannot start native messaging hosts (unsupported by the snap).",
        f"Install {browser.label} from a .deb/.rpm or the vendor's package, or use Firefox.",
        browser.name,
    )


def _flatpak(browser: Browser, system: System) -> Finding:
    app = browser.flatpak_id
    inside = system.home / ".var" / "app" / str(app)
    return Finding(
        "sandbox", "fail",
        f"Flatpak {browser.label} ({app}) cannot start native hosts outside its sandbox; "
        "Tabmate does not support it.",
        f"Use a non-Flatpak {browser.label}; or by hand: `flatpak override --user "
        f"--talk-name=org.freedesktop.Flatpak {app}` and a manifest under {inside} whose path is a "
        "script running `flatpak-spawn --host <launcher>`.",
        browser.name,
    )
