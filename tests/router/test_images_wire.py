"""Screenshots for vision models: each provider's own image format over real HTTP, and the
one retry without the image when a text-only model refuses it."""

from __future__ import annotations

import base64
import io

import pytest

from native_host import images
from native_host.providers.base import ChatRequest, ImagesOff, TextDelta
from tests.router.conftest import collect
from tests.support.fake_provider import anthropic_reply, images_in, images_rejected, ollama_reply, sse_reply


def png(width: int = 8, height: int = 6) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (width, height), "red").save(out, "PNG")
    return out.getvalue()


SHOT = images.data_url_of(png())
B64 = SHOT.split(",", 1)[1]
ASK = [{"role": "system", "content": "rules"},
       {"role": "user", "content": "What colour is the chart?", "images": [SHOT]}]
OK_SSE = sse_reply([{"choices": [{"index": 0, "delta": {"content": "Red."}, "finish_reason": "stop"}]}])
OK_ANTHROPIC = anthropic_reply([
    {"type": "message_start", "message": {"usage": {"input_tokens": 5}}},
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "Red."}},
    {"type": "content_block_stop", "index": 0},
    {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 2}},
    {"type": "message_stop"}])


@pytest.mark.parametrize("provider", ["openai", "openrouter", "openai_compatible"])
async def test_openai_style_servers_get_an_image_url_data_url(make_router, fake_provider, provider):
    fake_provider.add(OK_SSE)
    events = await collect(make_router(provider), ChatRequest(model="", messages=ASK))
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Red."
    body = fake_provider.requests[0].json
    user = body["messages"][-1]
    assert user["content"][0] == {"type": "text", "text": "What colour is the chart?"}
    assert user["content"][1] == {"type": "image_url", "image_url": {"url": SHOT}}
    assert images_in(body) == [("image_url", "image/png", B64)]
    assert fake_provider.requests[0].path.endswith("/chat/completions")


async def test_ollama_gets_its_own_images_list_of_bare_base64(make_router, fake_provider):
    fake_provider.add(ollama_reply("Red."))
    events = await collect(make_router("ollama", key=None), ChatRequest(model="", messages=ASK))
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Red."
    sent = fake_provider.requests[0]
    assert sent.path == "/api/chat"
    assert sent.json["messages"][-1] == {"role": "user", "content": "What colour is the chart?", "images": [B64]}
    assert images_in(sent.json) == [("ollama", "", B64)]


async def test_anthropic_gets_a_base64_image_block_before_the_text(make_router, fake_provider):
    fake_provider.add(OK_ANTHROPIC)
    await collect(make_router("anthropic"), ChatRequest(model="", messages=ASK))
    body = fake_provider.requests[0].json
    assert body["messages"][0]["content"] == [
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": B64}},
        {"type": "text", "text": "What colour is the chart?"}]
    assert images_in(body) == [("anthropic", "image/png", B64)]


@pytest.mark.parametrize("provider", ["openai", "anthropic", "ollama"])
async def test_a_model_that_rejects_images_gets_one_retry_without_them(make_router, fake_provider, provider):
    fake_provider.add(images_rejected(provider), {"anthropic": OK_ANTHROPIC, "ollama": ollama_reply("Red.")}.get(provider, OK_SSE))
    events = await collect(make_router(provider), ChatRequest(model="", messages=ASK))
    off = [e for e in events if isinstance(e, ImagesOff)]
    assert len(off) == 1 and "image" in off[0].reason
    assert len(fake_provider.requests) == 2
    retry = fake_provider.requests[1].json
    assert images_in(retry) == []
    assert images.DROPPED_NOTE in str(retry["messages"])


async def test_a_second_rejection_is_an_error_not_a_loop(make_router, fake_provider):
    from native_host.errors import TabmateError

    fake_provider.add(images_rejected(), images_rejected())
    with pytest.raises(TabmateError):
        await collect(make_router("openai"), ChatRequest(model="", messages=ASK))
    assert len(fake_provider.requests) == 2


def test_only_real_image_data_urls_pass():
    assert images.valid_images([SHOT, None, "https://evil.example/x.png", "data:image/png;base64,AAAA",
                                "data:text/html;base64," + B64]) == [SHOT]
    jpeg = io.BytesIO()
    from PIL import Image

    Image.new("RGB", (4, 4)).save(jpeg, "JPEG")
    assert images.data_url_of(jpeg.getvalue()).startswith("data:image/jpeg;base64,/9j/")
    with pytest.raises(ValueError):
        images.data_url_of(b"%PDF-1.7 not an image")
    assert base64.b64decode(B64) == png()


async def test_a_model_that_refused_images_is_not_sent_them_again(make_router, fake_provider):
    fake_provider.add(images_rejected(), OK_SSE, OK_SSE)
    router = make_router("openai")
    await collect(router, ChatRequest(model="", messages=ASK))
    events = await collect(router, ChatRequest(model="", messages=ASK))  # the next message
    assert [e for e in events if isinstance(e, ImagesOff)] and len(fake_provider.requests) == 3
    assert images_in(fake_provider.requests[2].json) == []
