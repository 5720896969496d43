"""Which browsers Tabmate knows, where each one looks for native messaging hosts, and
whether it is installed.

Paths are relative to the user's home (per-user) or absolute (system-wide); Windows uses
registry keys whose default value is the manifest's path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from installer.system import OsName, System

Family = Literal["chromium", "firefox"]
HOST_NAME = "tabmate_host"


@dataclass(frozen=True)
class Browser:
    name: str
    label: str
    family: Family
    #: Per-user manifest folder relative to home, per OS (Linux/macOS).
    user_dirs: dict[str, str]
    #: System-wide manifest folder, per OS, where the browser has one.
    system_dirs: dict[str, str] = field(default_factory=dict)
    #: Windows registry keys (below HKCU / HKLM) whose default value is the manifest path.
    win_keys: tuple[str, ...] = ()
    #: Evidence the browser is installed: config folders relative to home, per OS.
    config_dirs: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Executables on PATH (Linux) or app bundles (macOS).
    executables: tuple[str, ...] = ()
    mac_apps: tuple[str, ...] = ()
    #: Sandboxed packages on Linux.
    flatpak_id: str | None = None
    snap_name: str | None = None


def _key(vendor_path: str) -> str:
    return f"Software\\{vendor_path}\\NativeMessagingHosts\\{HOST_NAME}"


_MAC = "Library/Application Support"

BROWSERS: tuple[Browser, ...] = (
    Browser(
        "firefox", "Firefox", "firefox",
        user_dirs={"linux": ".mozilla/native-messaging-hosts", "darwin": f"{_MAC}/Mozilla/NativeMessagingHosts"},
        system_dirs={"linux": "/usr/lib/mozilla/native-messaging-hosts",
                     "darwin": "/Library/Application Support/Mozilla/NativeMessagingHosts"},
        win_keys=(_key("Mozilla"),),
        config_dirs={"linux": (".mozilla/firefox",), "darwin": (f"{_MAC}/Firefox",),
                     "windows": ("AppData/Roaming/Mozilla/Firefox",)},
        executables=("firefox", "firefox-esr"), mac_apps=("Firefox.app",),
        flatpak_id="org.mozilla.firefox", snap_name="firefox",
    ),
    Browser(
        "librewolf", "LibreWolf", "firefox",
        user_dirs={"linux": ".librewolf/native-messaging-hosts", "darwin": f"{_MAC}/LibreWolf/NativeMessagingHosts"},
        win_keys=(_key("LibreWolf"), _key("Mozilla")),
        config_dirs={"linux": (".librewolf",), "darwin": (f"{_MAC}/librewolf",),
                     "windows": ("AppData/Roaming/librewolf",)},
        executables=("librewolf",), mac_apps=("LibreWolf.app",),
        flatpak_id="io.gitlab.librewolf-community",
    ),
    Browser(
        "chrome", "Google Chrome", "chromium",
        user_dirs={"linux": ".config/google-chrome/NativeMessagingHosts",
                   "darwin": f"{_MAC}/Google/Chrome/NativeMessagingHosts"},
        system_dirs={"linux": "/etc/opt/chrome/native-messaging-hosts",
                     "darwin": "/Library/Google/Chrome/NativeMessagingHosts"},
        win_keys=(_key("Google\\Chrome"),),
        config_dirs={"linux": (".config/google-chrome",), "darwin": (f"{_MAC}/Google/Chrome",),
                     "windows": ("AppData/Local/Google/Chrome/User Data",)},
        executables=("google-chrome", "google-chrome-stable"), mac_apps=("Google Chrome.app",),
        flatpak_id="com.google.Chrome",
    ),
    Browser(
        "chromium", "Chromium", "chromium",
        user_dirs={"linux": ".config/chromium/NativeMessagingHosts", "darwin": f"{_MAC}/Chromium/NativeMessagingHosts"},
        system_dirs={"linux": "/etc/chromium/native-messaging-hosts",
                     "darwin": "/Library/Application Support/Chromium/NativeMessagingHosts"},
        win_keys=(_key("Chromium"),),
        config_dirs={"linux": (".config/chromium",), "darwin": (f"{_MAC}/Chromium",),
                     "windows": ("AppData/Local/Chromium/User Data",)},
        executables=("chromium", "chromium-browser"), mac_apps=("Chromium.app",),
        flatpak_id="org.chromium.Chromium", snap_name="chromium",
    ),
    Browser(
        "brave", "Brave", "chromium",
        user_dirs={"linux": ".config/BraveSoftware/Brave-Browser/NativeMessagingHosts",
                   "darwin": f"{_MAC}/BraveSoftware/Brave-Browser/NativeMessagingHosts"},
        # Brave on Windows reads its own key and, like most forks, Chrome's.
        win_keys=(_key("BraveSoftware\\Brave-Browser"), _key("Google\\Chrome")),
        config_dirs={"linux": (".config/BraveSoftware/Brave-Browser",),
                     "darwin": (f"{_MAC}/BraveSoftware/Brave-Browser",),
                     "windows": ("AppData/Local/BraveSoftware/Brave-Browser/User Data",)},
        executables=("brave-browser", "brave"), mac_apps=("Brave Browser.app",),
        flatpak_id="com.brave.Browser", snap_name="brave",
    ),
    Browser(
        "edge", "Microsoft Edge", "chromium",
        user_dirs={"linux": ".config/microsoft-edge/NativeMessagingHosts",
                   "darwin": f"{_MAC}/Microsoft Edge/NativeMessagingHosts"},
        system_dirs={"linux": "/etc/opt/edge/native-messaging-hosts",
                     "darwin": "/Library/Microsoft/Edge/NativeMessagingHosts"},
        win_keys=(_key("Microsoft\\Edge"),),
        config_dirs={"linux": (".config/microsoft-edge",), "darwin": (f"{_MAC}/Microsoft Edge",),
                     "windows": ("AppData/Local/Microsoft/Edge/User Data",)},
        executables=("microsoft-edge", "microsoft-edge-stable"), mac_apps=("Microsoft Edge.app",),
        flatpak_id="com.microsoft.Edge",
    ),
    Browser(
        "vivaldi", "Vivaldi", "chromium",
        user_dirs={"linux": ".config/vivaldi/NativeMessagingHosts", "darwin": f"{_MAC}/Vivaldi/NativeMessagingHosts"},
        # Vivaldi on Windows reads Chrome's key; its own is written too.
        win_keys=(_key("Vivaldi"), _key("Google\\Chrome")),
        config_dirs={"linux": (".config/vivaldi",), "darwin": (f"{_MAC}/Vivaldi",),
                     "windows": ("AppData/Local/Vivaldi/User Data",)},
        executables=("vivaldi", "vivaldi-stable"), mac_apps=("Vivaldi.app",),
        flatpak_id="com.vivaldi.Vivaldi",
    ),
)

BY_NAME: dict[str, Browser] = {b.name: b for b in BROWSERS}
NAMES: tuple[str, ...] = tuple(BY_NAME)


def get(name: str) -> Browser:
    return BY_NAME[name]


def user_manifest_dir(browser: Browser, system: System) -> Path | None:
    rel = browser.user_dirs.get(system.os)
    return system.home / rel if rel else None


def system_manifest_dir(browser: Browser, os_name: OsName) -> Path | None:
    folder = browser.system_dirs.get(os_name)
    return Path(folder) if folder else None


def detect(browser: Browser, system: System) -> list[str]:
    """Evidence that ``browser`` is installed (empty when there is none)."""
    evidence = [str(system.home / rel) for rel in browser.config_dirs.get(system.os, ())
                if (system.home / rel).is_dir()]
    if system.os == "linux":
        evidence += [found for exe in browser.executables if (found := system.which(exe))]
    elif system.os == "darwin":
        for app in browser.mac_apps:
            for root in (Path("/Applications"), system.home / "Applications"):
                if (root / app).exists():
                    evidence.append(str(root / app))
    return evidence


def detected(system: System) -> list[Browser]:
    return [b for b in BROWSERS if detect(b, system)]
