from __future__ import annotations

import base64
from pathlib import Path

import pytest

from medhal.llm import (
    GenerationConfig,
    GenerationRequest,
    ImagePart,
    Message,
    ModelClient,
    RequestError,
    TextPart,
    message_from_dict,
)

from .fake_client import ScriptedClient

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


def test_request_needs_exactly_one_input() -> None:
    with pytest.raises(RequestError):
        GenerationRequest("a")
    with pytest.raises(RequestError):
        GenerationRequest("a", prompt="x", messages=(Message("user", "y"),))
    with pytest.raises(RequestError):
        GenerationRequest("a", messages=())
    assert GenerationRequest("a", prompt="x").kind == "completion"
    assert GenerationRequest("a", messages=(Message("user", "y"),)).kind == "chat"


@pytest.mark.parametrize(
    "kwargs",
    [{"temperature": -0.1}, {"top_p": 0.0}, {"max_tokens": 0}, {"n": 0}, {"stop": ("",)}],
)
def test_generation_config_validates(kwargs: dict[str, object]) -> None:
    with pytest.raises(RequestError):
        GenerationConfig(**kwargs)  # type: ignore[arg-type]


def test_cacheable_only_when_reproducible() -> None:
    assert GenerationConfig().cacheable
    assert GenerationConfig(temperature=0.7, seed=1).cacheable
    assert not GenerationConfig(temperature=0.7).cacheable


def test_config_round_trip_and_unknown_keys() -> None:
    config = GenerationConfig(temperature=0.5, top_p=0.9, max_tokens=7, stop=("\n",), seed=3, n=2)
    assert GenerationConfig.from_dict(config.to_dict()) == config
    with pytest.raises(RequestError, match="unknown generation option"):
        GenerationConfig.from_dict({"temprature": 1.0})


def test_images_become_data_urls(tmp_path: Path) -> None:
    path = tmp_path / "xray.png"
    path.write_bytes(PNG)
    message = message_from_dict(
        {"role": "user", "content": [{"type": "text", "text": "what is this?"}, {"type": "image", "path": "xray.png"}]},
        base_dir=tmp_path,
    )
    assert message.has_images and message.text == "what is this?"
    openai = message.to_openai()
    url = openai["content"][1]["image_url"]["url"]
    assert url == "data:image/png;base64," + base64.b64encode(PNG).decode()
    assert openai["content"][0] == {"type": "text", "text": "what is this?"}


def test_message_from_dict_rejects_bad_messages(tmp_path: Path) -> None:
    for bad in ("text", {"role": "robot", "content": "x"}, {"role": "user", "content": []}, {"role": "user"}):
        with pytest.raises(RequestError):
            message_from_dict(bad)
    with pytest.raises(RequestError, match="cannot read image"):
        message_from_dict({"role": "user", "content": [{"type": "image", "path": "missing.png"}]}, base_dir=tmp_path)
    with pytest.raises(RequestError, match="image type"):
        ImagePart.from_path(tmp_path / "notes.txt")


def test_message_text_joins_text_parts() -> None:
    message = Message("user", (TextPart("a"), ImagePart("data:image/png;base64,AA=="), TextPart("b")))
    assert message.text == "a\nb"


def test_fake_client_satisfies_protocol() -> None:
    assert isinstance(ScriptedClient(), ModelClient)
