"""``tabmate doctor``: check every registration, the launcher, the interpreter, a live ping,
the loaded extension's id, sandboxed browsers and the provider.  Exit 0 only when healthy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Awaitable, Callable

from installer import browsers, install, profiles, record, sandbox
from installer.checks import Checker, Registration
from installer.extension_key import CHROMIUM_ID, FIREFOX_ID
from installer.findings import Finding, healthy
from installer.system import System

ProviderCheck = Callable[[], Awaitable[Finding]]
_FIREFOX_PROFILES = {"linux": ".mozilla/firefox", "darwin": "Library/Application Support/Firefox/Profiles",
                     "windows": "AppData/Roaming/Mozilla/Firefox/Profiles"}
_REBUILD = "load the extension built by `make extension` (its manifest pins the key), and remove the other copy"


def registrations(system: System) -> list[Registration]:
    """Recorded registrations, plus the expected one of each detected browser not recorded."""
    rec = record.load(system.record_path)
    regs = [Registration(e.browser, e.family, Path(e.manifest), list(e.registry_keys),
                         _user_data_dir(e, system), recorded=True)
            for e in rec.entries]
    seen = {(r.browser, r.manifest) for r in regs}
    targets, _ = install.plan(system, browsers.detected(system))
    for t in targets:
        if (t.browser.name, t.manifest) not in seen:
            regs.append(Registration(t.browser.name, t.browser.family, t.manifest, list(t.registry_keys),
                                     recorded=False))
    return regs


def _user_data_dir(entry: record.Entry, system: System) -> Path | None:
    """The Chromium profile dir an entry was installed into with --user-data-dir, if any."""
    browser = browsers.BY_NAME.get(entry.browser)
    folder = Path(entry.manifest).parent
    if browser is None or browser.family != "chromium" or folder.name != "NativeMessagingHosts":
        return None
    if folder in (browsers.user_manifest_dir(browser, system), browsers.system_manifest_dir(browser, system.os)):
        return None
    return folder.parent


def loaded_extension_findings(system: System, regs: list[Registration]) -> list[Finding]:
    dirs: dict[Path, str] = {}
    for b in browsers.BROWSERS:
        if b.family == "chromium":
            for rel in b.config_dirs.get(system.os, ()):
                dirs[system.home / rel] = b.name
    for reg in regs:
        if reg.user_data_dir is not None:
            dirs[reg.user_data_dir] = reg.browser
    out: list[Finding] = []
    for folder, name in dirs.items():
        for hit in profiles.chromium_loaded(folder):
            if hit.ext_id == CHROMIUM_ID:
                out.append(Finding("loaded_extension", "ok", f"Tabmate is loaded as {hit.ext_id} ({hit.where})",
                                   None, name))
            else:
                out.append(Finding("loaded_extension", "fail",
                                   f"Tabmate is loaded as {hit.ext_id} in {hit.where}, but the host allows only "
                                   f"{CHROMIUM_ID}", _REBUILD, name))
    rel = _FIREFOX_PROFILES.get(system.os)
    for hit in profiles.firefox_loaded(system.home / rel) if rel else []:
        status = "ok" if hit.ext_id == FIREFOX_ID else "fail"
        out.append(Finding("loaded_extension", status, f"Tabmate is installed in Firefox as {hit.ext_id} ({hit.where})",
                           None if status == "ok" else _REBUILD, "firefox"))
    return out


_PROVIDER_FIXES = {
    "auth_error": "set a valid key: `tabmate config set api_key -` (reads it from stdin), or in the sidebar settings",
    "network_error": "start the provider's server or correct `base_url` (`tabmate config set base_url URL`)",
    "model_not_found": "pick a model from `tabmate models`, then `tabmate config set model NAME`",
}


async def provider_check() -> Finding:
    """The sidebar's Test connection against the configured provider."""
    fix = "choose a provider and key in the sidebar settings (or `tabmate config set …`), then `tabmate test-connection`"
    try:
        from native_host import router
        from native_host.channel import Services
        from native_host.errors import TabmateError
    except ImportError as e:
        return Finding("provider", "fail", f"the provider code cannot be loaded: {e}", fix)
    services = Services()
    try:
        settings, api_key = services.settings.resolve()
        result = await asyncio.wait_for(router.test_connection(settings, api_key, services), 60)
    except TabmateError as e:
        return Finding("provider", "fail", f"Test connection failed: {e.message}", _PROVIDER_FIXES.get(e.code, fix))
    except Exception as e:  # a doctor reports, it does not crash
        return Finding("provider", "fail", f"Test connection crashed: {e!r}", fix)
    finally:
        try:
            await services.aclose()
        except Exception:
            pass
    if result.get("ok"):
        model = f" ({result.get('model')})" if result.get("model") else ""
        return Finding("provider", "ok", f"{result.get('message', 'the provider answers')}{model}, "
                                         f"{result.get('latency_ms')} ms")
    return Finding("provider", "fail", f"Test connection failed: {result.get('message')}", fix)


def settings_findings() -> list[Finding]:
    """A settings file found damaged (now or earlier) was set aside: name it, once per file."""
    try:
        from native_host.settings import SettingsStore

        store = SettingsStore()
        store.load()  # finds, sets aside and repairs a damaged file right now
    except Exception as e:  # a doctor reports, it does not crash
        return [Finding("settings", "fail", f"the settings cannot be loaded: {e!r}", "tabmate config path")]
    kept = sorted(store.path.parent.glob(store.path.name + ".damaged*"))
    if not kept:
        return [Finding("settings", "ok", f"{store.path} reads cleanly")]
    return [Finding("settings", "warn",
                    f"a damaged settings file was set aside as {path}; what could not be read was reset to defaults",
                    f"check provider, model and key in the sidebar's Settings, then delete {path}")
            for path in kept]


def run(system: System, provider: ProviderCheck | None = provider_check) -> list[Finding]:
    regs = registrations(system)
    rec = record.load(system.record_path)
    checker = Checker(system, Path(rec.launcher) if rec.launcher else system.launcher_path)
    findings: list[Finding] = []
    if not any(r.recorded for r in regs):
        findings.append(Finding("registration", "fail", "Tabmate is not registered with any browser",
                                "tabmate install"))
    for reg in regs:
        findings += checker.check(reg)
    findings += loaded_extension_findings(system, regs)
    findings += sandbox.findings(system)
    findings += settings_findings()
    if provider is not None:
        findings.append(asyncio.run(provider()))
    return findings


def main(argv: list[str], system: System | None = None, provider: ProviderCheck | None = provider_check) -> int:
    parser = argparse.ArgumentParser(prog="tabmate doctor", description="Check the installation and the provider.")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-provider", action="store_true", help="skip the provider's Test connection")
    args = parser.parse_args(argv)
    findings = run(system or System.current(), None if args.no_provider else provider)
    ok = healthy(findings)
    if args.json:
        print(json.dumps({"healthy": ok, "chromium_id": CHROMIUM_ID, "firefox_id": FIREFOX_ID,
                          "findings": [f.to_json() for f in findings]}, indent=2))
    else:
        for f in findings:
            where = f"[{f.browser}] " if f.browser else ""
            print(f"{f.status.upper():<5} {f.check:<16} {where}{f.message}")
            if f.fix and f.status != "ok":
                print(f"      fix: {f.fix}")
        print("healthy" if ok else "problems found — apply the fixes above, then run `tabmate doctor` again")
    return 0 if ok else 1
