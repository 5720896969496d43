"""A finding: one thing ``tabmate doctor`` (or ``install``) checked, its status and its fix."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Status = Literal["ok", "warn", "fail", "info"]


@dataclass
class Finding:
    check: str
    status: Status
    message: str
    fix: str | None = None
    browser: str | None = None

    @property
    def summary(self) -> str:
        fix = f" Fix: {self.fix}" if self.fix else ""
        return f"{self.message}{fix}"

    def to_json(self) -> dict[str, Any]:
        return {"check": self.check, "status": self.status, "browser": self.browser,
                "message": self.message, "fix": self.fix}


def healthy(findings: list[Finding]) -> bool:
    return not any(f.status == "fail" for f in findings)
