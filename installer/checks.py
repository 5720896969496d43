"""The doctor's checks of one registration: registry → manifest → launcher → interpreter → ping."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from installer import launcher as launcher_mod, manifests, probe
from installer.findings import Finding
from installer.system import System


@dataclass
class Registration:
    browser: str
    family: str
    manifest: Path
    registry_keys: list[str] = field(default_factory=list)
    user_data_dir: Path | None = None
    #: Recorded by install; when False a missing manifest is only a warning.
    recorded: bool = True

    @property
    def reinstall(self) -> str:
        extra = f' --user-data-dir "{self.user_data_dir}"' if self.user_data_dir else ""
        return f"tabmate install --browser {self.browser}{extra}"


@dataclass
class Checker:
    system: System
    expected_launcher: Path
    #: Launcher-level results, shared by every registration that uses the same launcher.
    _launchers: dict[tuple[str, str], list[Finding]] = field(default_factory=dict)

    def check(self, reg: Registration) -> list[Finding]:
        out = self._registry(reg)
        manifest, problem = manifests.load(reg.manifest)
        if manifest is None:
            if problem == "missing" and not reg.recorded:
                return out + [Finding("manifest", "warn", f"not registered: no manifest at {reg.manifest}",
                                      reg.reinstall, reg.browser)]
            return out + [Finding("manifest", "fail", f"manifest {reg.manifest} is {problem}",
                                  reg.reinstall, reg.browser)]
        issues = manifests.problems(manifest, reg.family, self.expected_launcher)  # type: ignore[arg-type]
        for aspect, message in issues:
            check = {"ids": "extension_id", "path": "manifest_path"}.get(aspect, "manifest")
            out.append(Finding(check, "fail", f"{reg.manifest}: {message}", reg.reinstall, reg.browser))
        if not issues:
            out.append(Finding("manifest", "ok", f"manifest {reg.manifest} is valid", None, reg.browser))
        path = manifest.get("path")
        if isinstance(path, str) and path:
            out += [self._tag(f, reg.browser) for f in self._launcher(Path(path), reg)]
        return out

    # ---------------------------------------------------------------- registry (Windows)
    def _registry(self, reg: Registration) -> list[Finding]:
        out: list[Finding] = []
        for key in reg.registry_keys:
            value = self.system.registry.get_default(key) if self.system.registry else None
            if value is None:
                out.append(Finding("registry", "fail", f"registry key {key} is missing", reg.reinstall, reg.browser))
            elif Path(value) != reg.manifest:
                out.append(Finding("registry", "fail", f"registry key {key} points at {value}, not {reg.manifest}",
                                   reg.reinstall, reg.browser))
            else:
                out.append(Finding("registry", "ok", f"registry key {key} → {value}", None, reg.browser))
        return out

    # ---------------------------------------------------------------- launcher, interpreter, ping
    def _launcher(self, path: Path, reg: Registration) -> list[Finding]:
        cache_key = (str(path), reg.family)
        if cache_key not in self._launchers:
            self._launchers[cache_key] = self._check_launcher(path, reg)
        return self._launchers[cache_key]

    @staticmethod
    def _tag(f: Finding, browser: str) -> Finding:
        return Finding(f.check, f.status, f.message, f.fix, browser)

    def _check_launcher(self, path: Path, reg: Registration) -> list[Finding]:
        if not path.is_file():
            return [Finding("launcher", "fail", f"launcher {path} does not exist", reg.reinstall)]
        if not self.system.windows and not os.access(path, os.X_OK):
            return [Finding("launcher", "fail", f"launcher {path} is not executable", f'chmod +x "{path}"')]
        out = [Finding("launcher", "ok", f"launcher {path} exists and is executable")]
        python = launcher_mod.read_interpreter(path)
        interp = self._interpreter(python, reg)
        out.append(interp)
        if interp.status == "fail":
            return out
        argv = probe.browser_argv(path, reg.family, reg.manifest)
        result = probe.ping(argv, probe.browser_env(self.system.environ))
        if result.ok:
            out.append(Finding("ping", "ok", f"the launcher answers a framed ping: {result.detail}"))
        else:
            out.append(Finding("ping", "fail", f"the launcher does not answer a ping: {result.detail}",
                               f"run `{path} < /dev/null` to see the error; the log is under `tabmate config path`"))
        return out

    def _interpreter(self, python: str | None, reg: Registration) -> Finding:
        fix = f"reinstall Tabmate with a Python that exists (e.g. `pipx install tabmate`), then `{reg.reinstall}`"
        if python is None:
            return Finding("interpreter", "fail", "the launcher names no interpreter", reg.reinstall)
        if not Path(python).is_file():
            return Finding("interpreter", "fail", f"interpreter {python} is gone", fix)
        try:
            run = subprocess.run([python, "-c", "import native_host; print(native_host.__version__)"],
                                 capture_output=True, text=True, timeout=30,
                                 env=probe.browser_env(self.system.environ))
        except (OSError, subprocess.TimeoutExpired) as e:
            return Finding("interpreter", "fail", f"interpreter {python} does not run: {e}", fix)
        if run.returncode != 0:
            tail = (run.stderr.strip().splitlines() or ["?"])[-1]
            return Finding("interpreter", "fail", f"interpreter {python} cannot import Tabmate: {tail}", fix)
        return Finding("interpreter", "ok", f"interpreter {python} runs Tabmate {run.stdout.strip()}")
