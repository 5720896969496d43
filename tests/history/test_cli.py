"""``tabmate history`` as a user runs it: a real process on the same TABMATE_HOME."""

from __future__ import annotations

import json
import subprocess
import sys

from native_host.history import HistoryStore


def tabmate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "native_host.cli", "history", *args],
                          capture_output=True, text=True, timeout=60)


def seed() -> None:
    store = HistoryStore()
    store.append("s-1", [{"role": "user", "content": "How hot is the sun?"}, {"role": "assistant", "content": "About 5,500 °C at the surface."}],
                 title="How hot is the sun?", url="https://en.wikipedia.org/wiki/Sun")
    store.append("s-2", [{"role": "user", "content": "Bread recipe?"}, {"role": "assistant", "content": "Flour, water, salt, yeast."}],
                 title="Bread recipe?")
    store.close()


def test_list_search_json_and_limit(tabmate_home):
    seed()
    out = tabmate()
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    assert "Bread recipe?" in lines[0] and "How hot is the sun?" in lines[1] and "en.wikipedia.org" in lines[1]
    found = [json.loads(line) for line in tabmate("--search", "surface", "--json").stdout.splitlines()]
    assert [f["session"] for f in found] == ["s-1"] and "5,500" in found[0]["snippet"]
    assert len(tabmate("--limit", "1", "--json").stdout.splitlines()) == 1
    none = tabmate("--search", "nothing-like-this")
    assert none.returncode == 0 and none.stdout == "" and "no conversations matching" in none.stderr


def test_show_export_rename_delete(tabmate_home, tmp_path):
    seed()
    shown = tabmate("show", "s-2")
    assert shown.returncode == 0 and shown.stdout.startswith("# Bread recipe?") and "Flour, water" in shown.stdout
    target = tmp_path / "out.json"
    assert tabmate("export", "s-1", "--format", "json", "-o", str(target)).returncode == 0
    data = json.loads(target.read_text())
    assert data["session"] == "s-1" and [m["role"] for m in data["messages"]] == ["user", "assistant"]
    assert tabmate("rename", "s-1", "The sun").stdout.strip() == "The sun"
    missing = tabmate("show", "nope")
    assert missing.returncode == 1 and "No conversation 'nope'" in missing.stderr and "Traceback" not in missing.stderr
    assert tabmate("delete", "s-1").stdout.strip() == "deleted 1 conversation"
    assert tabmate("delete", "s-1").returncode == 1
    assert tabmate("delete", "--all").stdout.strip() == "deleted 1 conversation"
    assert tabmate("--json").stdout == ""
    assert tabmate("delete").returncode == 2  # says which, or --all


def test_config_path_names_the_history_file(tabmate_home):
    out = subprocess.run([sys.executable, "-m", "native_host.cli", "config", "path"], capture_output=True, text=True, timeout=60)
    assert f"history: {tabmate_home / 'data' / 'history.sqlite3'}" in out.stdout.splitlines()
