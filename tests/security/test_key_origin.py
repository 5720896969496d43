"""A stored key stays with the origin it was saved for — through the real host subprocess.

``good`` is the server the user chose; ``attacker`` is a second loopback server on another
port (another origin) that tries to get the key or the prompt.
"""

from __future__ import annotations

import json

import pytest

from tests.support.fake_provider import FakeProvider, Reply, anthropic_reply, json_reply, sse_reply
from tests.support.hostproc import HostProcess

KEY = "sk-proj-bound-key-0123456789"
OK = sse_reply([{"choices": [{"delta": {"content": "ok"}, "finish_reason": "stop"}]}])
ANTHROPIC_OK = anthropic_reply([
    {"type": "message_start", "message": {"usage": {}}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "ok"}},
    {"type": "message_stop"}])


@pytest.fixture
def attacker():
    with FakeProvider() as fake:
        fake.default = OK
        yield fake


def saw_key(server: FakeProvider) -> bool:
    return any(KEY in json.dumps(r.headers) or KEY.encode() in r.body for r in server.requests)


def host_with_key(tmp_path, good: FakeProvider, provider: str = "openai") -> HostProcess:
    host = HostProcess(home=tmp_path / "home")
    base = good.url + ("/v1" if provider != "anthropic" else "")
    reply = host.request({"type": "set_settings", "id": "s", "settings": {
        "provider": provider, "model": "m", "base_url": base, "api_key": KEY}})
    assert reply["type"] == "settings" and reply["settings"]["api_key_set"] is True, reply
    assert reply["settings"]["api_key_origin"] == good.url
    return host


def test_the_key_goes_to_the_server_it_was_saved_for(tmp_path, fake_provider):
    fake_provider.add(OK)
    with host_with_key(tmp_path, fake_provider) as host:
        result = host.request({"type": "test_connection", "id": "t"})
    assert result["ok"] is True, result
    assert fake_provider.requests[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize("kind", ["test_connection", "list_models"])
def test_an_override_to_another_origin_gets_no_key(tmp_path, fake_provider, attacker, kind):
    attacker.default = json_reply({"data": [{"id": "x"}]}) if kind == "list_models" else OK
    with host_with_key(tmp_path, fake_provider) as host:
        host.request({"type": kind, "id": "t", "settings": {"base_url": attacker.url + "/v1"}}, timeout=30)
        # same host, other port: another origin too
        host.request({"type": kind, "id": "t2", "settings": {"provider": "openai_compatible",
                                                             "base_url": attacker.url + "/v1"}}, timeout=30)
    assert len(attacker.requests) == 2
    assert not saw_key(attacker)
    assert all("authorization" not in r.headers for r in attacker.requests)
    assert fake_provider.requests == []


def test_a_changed_base_url_asks_for_the_key_again_and_says_why(tmp_path, fake_provider, attacker):
    with host_with_key(tmp_path, fake_provider) as host:
        reply = host.request({"type": "set_settings", "id": "s2", "settings": {"base_url": attacker.url + "/v1"}})
        public = reply["settings"]
        assert public["api_key_set"] is False and public["api_key_origin"] == attacker.url
        assert fake_provider.url in public["api_key_note"] and attacker.url in public["api_key_note"]
        host.send({"type": "chat", "id": "c", "session": "s", "text": "hello"})
        host.recv_until(lambda m: m["type"] in ("response", "error"), timeout=30)
        # switching back finds the key where it was saved
        back = host.request({"type": "set_settings", "id": "s3", "settings": {"base_url": fake_provider.url + "/v1"}})
        assert back["settings"]["api_key_set"] is True and back["settings"]["api_key_note"] is None
    assert attacker.requests and not saw_key(attacker)


@pytest.mark.parametrize("provider,reply", [("openai", OK), ("anthropic", ANTHROPIC_OK)])
def test_a_cross_origin_redirect_is_not_followed(tmp_path, fake_provider, attacker, provider, reply):
    attacker.default = reply
    fake_provider.default = Reply(status=307, headers={"Location": attacker.url + "/v1/chat/completions",
                                                       "Content-Length": "0"}, chunks=[b""])
    with host_with_key(tmp_path, fake_provider, provider) as host:
        result = host.request({"type": "test_connection", "id": "t"}, timeout=30)
        host.send({"type": "chat", "id": "c", "session": "s", "text": "secret page text"})
        end = host.recv_until(lambda m: m["type"] in ("response", "error"), timeout=30)[-1]
    assert result["ok"] is False and f"127.0.0.1:{attacker.port}" in result["message"], result
    assert end["type"] == "error" and f"127.0.0.1:{attacker.port}" in end["message"]
    assert attacker.requests == []  # neither the key nor the prompt went there
    assert KEY not in json.dumps(result) + json.dumps(end)


def test_a_same_origin_redirect_is_followed(tmp_path, fake_provider):
    fake_provider.add(Reply(status=308, headers={"Location": "/v2/chat/completions", "Content-Length": "0"},
                            chunks=[b""]), OK)
    with host_with_key(tmp_path, fake_provider) as host:
        result = host.request({"type": "test_connection", "id": "t"}, timeout=30)
    assert result["ok"] is True, result
    assert [r.path for r in fake_provider.requests] == ["/v1/chat/completions", "/v2/chat/completions"]
    assert fake_provider.requests[1].headers["authorization"] == f"Bearer {KEY}"


def test_a_key_for_plain_http_to_another_machine_is_refused(tmp_path):
    with HostProcess(home=tmp_path / "home") as host:
        reply = host.request({"type": "set_settings", "id": "s", "settings": {
            "provider": "openai_compatible", "base_url": "http://llm.example.net:8000/v1", "api_key": KEY}})
        assert reply["type"] == "error" and reply["code"] == "invalid_request"
        assert "http://" in reply["message"] and "llm.example.net:8000" in reply["message"]
        test = host.request({"type": "test_connection", "id": "t", "settings": {
            "provider": "openai_compatible", "base_url": "http://10.1.2.3:8000/v1", "api_key": KEY}})
        assert test["type"] == "error" and "https://" in test["message"]
        # without a key, plain http to a LAN server is fine (Ollama on another machine)
        ok = host.request({"type": "set_settings", "id": "s2", "settings": {
            "provider": "ollama", "base_url": "http://192.168.1.20:11434"}})
        assert ok["type"] == "settings"
    assert KEY not in (tmp_path / "home").joinpath("config", "settings.json").read_text()


def test_a_key_saved_by_an_older_version_is_bound_to_the_saved_server(tmp_path, fake_provider, attacker):
    config = tmp_path / "home" / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"provider": "openai", "model": "m",
                                                      "base_url": fake_provider.url + "/v1"}))
    (config / "keys.json").write_text(json.dumps({"openai": KEY}))
    fake_provider.add(OK)
    with HostProcess(home=tmp_path / "home") as host:
        assert host.request({"type": "test_connection", "id": "t"}, timeout=30)["ok"] is True
        host.request({"type": "test_connection", "id": "t2", "settings": {"base_url": attacker.url + "/v1"}}, timeout=30)
    assert fake_provider.requests[0].headers["authorization"] == f"Bearer {KEY}"
    assert attacker.requests and not saw_key(attacker)
    stored = json.loads((config / "keys.json").read_text())
    assert stored["version"] == 2 and stored["keys"][0]["origin"] == fake_provider.url and "openai" not in stored


def test_an_environment_key_only_goes_to_its_provider(tmp_path, attacker):
    with HostProcess(home=tmp_path / "home", env={"OPENAI_API_KEY": KEY}) as host:
        s = host.request({"type": "get_settings", "id": "g", "settings": None})
        host.request({"type": "test_connection", "id": "t", "settings": {
            "provider": "openai", "model": "m", "base_url": attacker.url + "/v1"}}, timeout=30)
    assert s["type"] == "settings"
    assert attacker.requests and not saw_key(attacker)
