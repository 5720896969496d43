"""Profiles through the real host subprocess: each named set-up talks to its own server with its
own key (bound to that server), per chat, for Test connection and for the model list."""

from __future__ import annotations

import json

from tests.agent.script import say
from tests.support.fake_provider import FakeProvider, json_reply
from tests.support.hostproc import HostProcess


def chat(host, cid, **fields):
    host.send({"type": "chat", "id": cid, "session": f"s-{cid}", "text": "hi", **fields})
    return host.recv_until(lambda m: m["type"] in ("response", "error") and m["id"] == cid, timeout=30)[-1]


def completions(fake):
    return [r for r in fake.requests if r.path.endswith("/chat/completions")]


def test_a_profile_chat_goes_to_its_server_with_its_key(tmp_path, fake_provider):
    with FakeProvider() as other:
        fake_provider.add(say("from default"))
        other.add(say("from the profile"))
        with HostProcess(home=tmp_path / "home") as host:
            saved = host.request({"type": "set_settings", "id": "s", "settings": {
                "provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "model": "m", "api_key": "sk-default",
                "profiles": {"Local llama": {"provider": "openai_compatible", "base_url": other.url + "/v1",
                                             "model": "llama-3", "temperature": 0.9, "api_key": "sk-profile"}}}})
            assert saved["type"] == "settings", saved
            profile = saved["settings"]["profiles"]["Local llama"]
            assert profile["api_key_set"] is True and "api_key" not in profile
            assert "sk-profile" not in json.dumps(saved) and "sk-default" not in json.dumps(saved)
            assert chat(host, "p", profile="Local llama")["text"] == "from the profile"
            assert chat(host, "d")["text"] == "from default"
            assert host.request({"type": "get_settings", "id": "g"})["settings"]["model"] == "m"
            assert "sk-profile" not in host.stderr()
    (to_other,), (to_default,) = completions(other), completions(fake_provider)
    assert to_other.headers["authorization"] == "Bearer sk-profile"
    assert to_other.json["model"] == "llama-3" and to_other.json["temperature"] == 0.9
    assert to_default.headers["authorization"] == "Bearer sk-default" and to_default.json["model"] == "m"


def test_a_profile_and_a_model_for_this_chat_only(tmp_path, fake_provider):
    fake_provider.add(say("big"))
    with HostProcess(home=tmp_path / "home") as host:
        host.request({"type": "set_settings", "id": "s", "settings": {
            "provider": "ollama", "profiles": {"Fake": {"provider": "openai_compatible",
                                                        "base_url": fake_provider.url + "/v1", "model": "m"}}}})
        assert chat(host, "c", profile="Fake", model="m-large")["type"] == "response"
    assert completions(fake_provider)[0].json["model"] == "m-large"


def test_a_profile_key_never_travels_to_another_server(tmp_path, fake_provider):
    with FakeProvider() as elsewhere:
        elsewhere.add(say("no key here"))
        with HostProcess(home=tmp_path / "home") as host:
            host.request({"type": "set_settings", "id": "s", "settings": {"profiles": {"P": {
                "provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "api_key": "sk-bound"}}}})
            moved = host.request({"type": "set_settings", "id": "m", "settings": {"profiles": {"P": {
                "provider": "openai_compatible", "base_url": elsewhere.url + "/v1", "model": "m"}}}})
            assert moved["settings"]["profiles"]["P"]["api_key_set"] is False
            chat(host, "c", profile="P")
    assert "authorization" not in completions(elsewhere)[0].headers
    assert not fake_provider.requests


def test_test_connection_and_models_per_profile(tmp_path, fake_provider):
    fake_provider.add(json_reply({"object": "list", "data": [{"id": "m"}, {"id": "m-large"}]}, path="/models"),
                      say("ok"))
    with HostProcess(home=tmp_path / "home") as host:
        host.request({"type": "set_settings", "id": "s", "settings": {"provider": "ollama", "profiles": {
            "Fake": {"provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "model": "m",
                     "api_key": "sk-p"}}}})
        models = host.request({"type": "list_models", "id": "l", "settings": {"profile": "Fake"}})
        assert models["models"] == ["m", "m-large"]
        result = host.request({"type": "test_connection", "id": "t", "settings": {"profile": "Fake"}}, timeout=30)
        assert result["ok"] is True, result
        bad = host.request({"type": "test_connection", "id": "u", "settings": {"profile": "Nope"}})
        assert bad["type"] == "error" and "no profile named 'Nope'" in bad["message"]
    assert all(r.headers["authorization"] == "Bearer sk-p" for r in fake_provider.requests)


def test_deleting_a_profile_forgets_its_key_and_bad_profiles_are_refused(tmp_path, fake_provider):
    url = fake_provider.url + "/v1"
    with HostProcess(home=tmp_path / "home") as host:
        host.request({"type": "set_settings", "id": "s", "settings": {"profiles": {
            "A": {"provider": "openai_compatible", "base_url": url, "api_key": "sk-a"}}}})
        host.request({"type": "set_settings", "id": "d", "settings": {"profiles": {}}})
        again = host.request({"type": "set_settings", "id": "r", "settings": {"profiles": {
            "A": {"provider": "openai_compatible", "base_url": url}}}})
        assert again["settings"]["profiles"]["A"]["api_key_set"] is False
        bad = host.request({"type": "set_settings", "id": "b", "settings": {"profiles": {"X": {"provider": "gpt"}}}})
        assert bad["type"] == "error" and "profiles.X.provider" in bad["message"]
        unknown = chat(host, "c", profile="Ghost")
        assert unknown["type"] == "error" and "no profile named 'Ghost'" in unknown["message"]
    keys = (tmp_path / "home" / "config" / "keys.json").read_text()
    assert "sk-a" not in keys
