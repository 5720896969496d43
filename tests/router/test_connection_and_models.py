"""Test connection, model listing and the two CLI commands against the fake provider."""

from __future__ import annotations

import json

import pytest

from native_host import cli_provider, router
from native_host.settings import Settings
from tests.support.fake_provider import anthropic_reply, json_reply, sse_reply

OK = sse_reply([{"choices": [{"delta": {"content": "ok"}, "finish_reason": "stop"}]}])
PATHS = {"openai": "/v1", "openrouter": "/api/v1", "ollama": "", "anthropic": "", "openai_compatible": "/v1"}


def settings(fake, provider: str = "openai", model: str | None = "m") -> Settings:
    return Settings(provider=provider, model=model, base_url=fake.url + PATHS[provider])


async def test_connection_ok(fake_provider, services):
    fake_provider.add(OK)
    result = await router.test_connection(settings(fake_provider), "sk-abc12345678", services)
    assert result["ok"] is True and result["model"] == "m" and result["latency_ms"] >= 0
    body = fake_provider.requests[0].json
    assert body["messages"] == [{"role": "user", "content": "Say ok"}]
    assert body["max_completion_tokens"] <= 16


async def test_connection_failure_comes_back_as_a_result(fake_provider, services):
    fake_provider.default = json_reply({"error": {"message": "bad"}}, status=401)
    result = await router.test_connection(settings(fake_provider, "openrouter"), "sk-or-v1-secretsecret", services)
    assert result["ok"] is False and "Invalid API key" in result["message"]
    assert "secretsecret" not in json.dumps(result)
    assert len(fake_provider.requests) == 1


async def test_connection_timeout_is_injectable(fake_provider, services):
    fake_provider.default = sse_reply([{"choices": [{"delta": {"content": "ok"}}]}], delay=2.0)
    result = await router.test_connection(settings(fake_provider, "ollama"), None, services, timeout=0.2)
    assert result["ok"] is False and "did not" in result["message"]
    assert result["latency_ms"] < 1500


async def test_connection_anthropic(fake_provider, services):
    fake_provider.add(anthropic_reply([{"type": "message_start", "message": {"usage": {}}},
                                       {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "ok"}},
                                       {"type": "message_stop"}]))
    result = await router.test_connection(settings(fake_provider, "anthropic"), "k-123456", services)
    assert result["ok"] and fake_provider.requests[0].json["max_tokens"] <= 16


@pytest.mark.parametrize("provider,reply,expected", [
    ("openai", json_reply({"object": "list", "data": [{"id": "gpt-b"}, {"id": "gpt-a"}]}), ["gpt-a", "gpt-b"]),
    ("openrouter", json_reply({"data": [{"id": "x/y", "name": "Y"}]}), ["x/y"]),
    ("openai_compatible", json_reply({"data": [{"id": "local"}]}), ["local"]),
    ("anthropic", json_reply({"data": [{"id": "claude-x", "type": "model"}], "has_more": False}), ["claude-x"]),
    ("ollama", json_reply({"models": [{"name": "llama3.2:latest"}, {"name": "qwen3:4b"}]}), ["llama3.2:latest", "qwen3:4b"]),
])
async def test_list_models(fake_provider, services, provider, reply, expected):
    fake_provider.add(reply)
    assert await router.list_models(settings(fake_provider, provider), "k-123456", services) == expected
    path = fake_provider.requests[0].path
    assert path.startswith({"ollama": "/api/tags", "anthropic": "/v1/models"}.get(provider, PATHS[provider] + "/models"))


async def test_ollama_style_v1_server_without_api_tags(fake_provider, services):
    fake_provider.add(json_reply({"error": "not found"}, status=404, path="/api/tags"),
                      json_reply({"data": [{"id": "smol"}]}, path="/v1/models"))
    s = Settings(provider="ollama", model="smol", base_url=fake_provider.url + "/v1")
    assert await router.list_models(s, None, services) == ["smol"]


def test_context_window_and_defaults(services):
    r = router.Router(Settings(provider="ollama"), None, services)
    assert r.model == "llama3.2" and r.context_window == 131_072
    assert router.Router(Settings(provider="ollama", model="tinything"), None, services).context_window == 8192
    assert router.Router(Settings(provider="anthropic"), "k", services).context_window == 200_000
    assert router.Router(Settings(provider="openrouter", model="openai/gpt-4o"), "k", services).context_window == 128_000


def test_cli_test_connection_and_models(fake_provider, capsys, monkeypatch):
    monkeypatch.setenv("MY_KEY", "sk-cli-key-999999")
    fake_provider.add(OK, json_reply({"data": [{"id": "m1"}]}))
    base = ["--provider", "openai_compatible", "--base-url", fake_provider.url + "/v1", "--model", "m1",
            "--api-key-env", "MY_KEY", "--json"]
    assert cli_provider.test_connection_main(base) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["model"] == "m1"
    assert fake_provider.requests[0].headers["authorization"] == "Bearer sk-cli-key-999999"
    assert cli_provider.models_main(base) == 0
    assert json.loads(capsys.readouterr().out)["models"] == ["m1"]


def test_cli_failure_exit_code(fake_provider, capsys):
    fake_provider.default = json_reply({"error": {"message": "nope"}}, status=404)
    argv = ["--provider", "openai", "--base-url", fake_provider.url + "/v1", "--model", "zzz"]
    assert cli_provider.test_connection_main(argv) == 1
    assert "Model not found" in capsys.readouterr().out
    assert cli_provider.models_main(argv) == 1
    assert "Model not found" in capsys.readouterr().err


async def test_over_the_protocol_with_unsaved_settings(fake_provider, services):
    from native_host import protocol
    from native_host.host import Host

    fake_provider.add(OK, json_reply({"data": [{"id": "m"}]}))
    host = Host(lambda m: None, services)
    override = {"provider": "openai_compatible", "base_url": fake_provider.url + "/v1", "model": "m",
                "api_key": "sk-unsaved-key-0001"}
    reply = await host.reply_to(protocol.parse_message(json.dumps(
        {"type": "test_connection", "id": "r1", "settings": override}).encode()))
    assert reply["type"] == "test_result" and reply["ok"] is True and reply["model"] == "m"
    assert fake_provider.requests[0].headers["authorization"] == "Bearer sk-unsaved-key-0001"
    reply = await host.reply_to(protocol.parse_message(json.dumps(
        {"type": "list_models", "id": "r2", "settings": override}).encode()))
    assert reply["models"] == ["m"]
    assert services.settings.load().provider == "ollama"  # nothing was saved
