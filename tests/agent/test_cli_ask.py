"""``tabmate ask``: the same loop from a terminal, browser tools answered from the page file."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from native_host.cli_ask import main
from tests.agent.script import call, say

HTML = """<!doctype html><html><head><title>Acme Kettle</title></head><body>
<nav>Home | Shop</nav><main><h1>Acme Kettle</h1><p>Price: $39.99. Boils 1.7 litres in three minutes.</p>
<button>Buy now</button></main></body></html>"""


def opts(fake, tmp_path):
    page = tmp_path / "kettle.html"
    page.write_text(HTML, "utf-8")
    return page, ["--provider", "openai_compatible", "--base-url", fake.url + "/v1", "--model", "m",
                  "--api-key-env", "FAKE_KEY"]


def test_ask_streams_an_answer_grounded_in_the_page(fake_provider, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    page, provider = opts(fake_provider, tmp_path)
    fake_provider.add(say("It costs $39.99.", pieces=4))
    assert main(["How", "much?", "--page", str(page), "--url", "https://shop.example/k", *provider]) == 0
    out = capsys.readouterr()
    assert out.out == "It costs $39.99.\n"
    user = fake_provider.requests[0].json["messages"][-1]["content"]
    assert "$39.99" in user and "https://shop.example/k" in user and "How much?" in user
    assert fake_provider.requests[0].headers["authorization"] == "Bearer sk-test"


def test_ask_answers_browser_tools_from_the_file(fake_provider, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    page, provider = opts(fake_provider, tmp_path)
    fake_provider.add(call(("get_page", {}), ("click_element", {"index": 0})), say("I can't click from here; it costs $39.99."))
    assert main(["buy it", "--page", str(page), "--json", *provider]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["ok"] and result["iterations"] == 2 and result["text"].endswith("$39.99.")
    assert [t["tool"] for t in result["tools"]] == ["get_page", "click_element"]
    tool_msgs = [m for m in fake_provider.requests[1].json["messages"] if m["role"] == "tool"]
    assert "Boils 1.7 litres" in tool_msgs[0]["content"]
    assert "not available from the terminal" in tool_msgs[1]["content"]


def test_ask_reports_provider_errors(fake_provider, tmp_path, capsys, monkeypatch):
    from tests.support.fake_provider import json_reply

    monkeypatch.setenv("FAKE_KEY", "sk-bad")
    _, provider = opts(fake_provider, tmp_path)
    fake_provider.add(json_reply({"error": {"message": "Incorrect API key provided"}}, status=401))
    assert main(["hi", *provider]) == 1
    assert "tabmate ask:" in capsys.readouterr().err


def test_tabmate_ask_command_runs(fake_provider, tmp_path):
    page, provider = opts(fake_provider, tmp_path)
    fake_provider.add(say("Kettle: $39.99."))
    env = {**os.environ, "FAKE_KEY": "sk-test", "TABMATE_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "native_host.cli", "ask", "price?", "--page", str(page), *provider],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Kettle: $39.99.\n"


def test_ask_runs_a_saved_prompt_and_a_draft_prompt_prints_the_draft(fake_provider, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    page, provider = opts(fake_provider, tmp_path)
    fake_provider.add(say("Bouilloire Acme, 39,99 $."), say("Subject: Kettle\n\nHello, is it in stock?\nThanks"))
    assert main(["--prompt", "translate", "--page", str(page), *provider]) == 0
    sent = fake_provider.requests[0].json["messages"][-1]["content"]
    assert "Translate this into French" in sent
    assert capsys.readouterr().out == "Bouilloire Acme, 39,99 $.\n"
    assert main(["ask", "about", "stock", "--prompt", "reply-politely", "--page", str(page), *provider]) == 0
    out = capsys.readouterr()
    assert "--- draft ---\nSubject: Kettle\n\nHello, is it in stock?\nThanks" in out.err
    assert "Points to make: ask about stock" in fake_provider.requests[1].json["messages"][-1]["content"]


def test_ask_with_an_unknown_prompt_says_so(fake_provider, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_KEY", "sk-test")
    page, provider = opts(fake_provider, tmp_path)
    assert main(["--prompt", "nope", *provider]) == 2
    assert "no saved prompt 'nope'" in capsys.readouterr().err


def test_ask_with_a_profile_uses_its_server_model_and_key(fake_provider, tmp_path, capsys):
    from native_host.settings import SettingsStore

    SettingsStore().update({"provider": "ollama", "profiles": {"Fake": {
        "provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "model": "m-prof", "api_key": "sk-prof"}}})
    fake_provider.add(say("From the profile."))
    assert main(["hello", "--profile", "Fake"]) == 0
    assert capsys.readouterr().out == "From the profile.\n"
    sent = fake_provider.requests[0]
    assert sent.json["model"] == "m-prof" and sent.headers["authorization"] == "Bearer sk-prof"
    assert main(["hello", "--profile", "Nope"]) == 2
    assert "no profile named 'Nope'" in capsys.readouterr().err
