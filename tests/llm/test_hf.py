"""The ``hf/`` backend on a tiny random GPT-2 built from a config in-process (nothing is downloaded)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from medhal.llm import Engine, GenerationConfig, GenerationRequest, ImagePart, Message, ResponseCache, TextPart

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from medhal.llm.hf import HFClient  # noqa: E402

_WORD_TEXT = """
the a patient has had fever cough pain chest aspirin insulin metformin dose mg daily is was not no and of to with
blood pressure high low normal user assistant system : . , ? hello what which drug
"""
WORDS = _WORD_TEXT.split()
SPECIALS = ["<pad>", "<unk>", "<eos>"]
CHAT_TEMPLATE = (
    "{% for m in messages %}<|{{ m['role'] }}|> {{ m['content'] }} {% endfor %}"
    "{% if add_generation_prompt %}<|assistant|> {% endif %}"
)


def build_tokenizer(chat_template: str | None) -> Any:
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    vocab = {token: i for i, token in enumerate(SPECIALS + WORDS)}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    fast_cls: Any = PreTrainedTokenizerFast
    tokenizer = fast_cls(tokenizer_object=tok, unk_token="<unk>", eos_token="<eos>")  # no pad token on purpose
    if chat_template is not None:
        tokenizer.chat_template = chat_template
    return tokenizer


def build_model(seed: int = 0) -> Any:
    from transformers import GPT2Config, GPT2LMHeadModel

    config_cls: Any = GPT2Config
    config = config_cls(
        vocab_size=len(SPECIALS) + len(WORDS),
        n_positions=48,
        n_embd=32,
        n_layer=2,
        n_head=2,
        eos_token_id=2,
        bos_token_id=2,
        pad_token_id=None,
    )
    torch.manual_seed(seed)
    model_cls: Any = GPT2LMHeadModel
    return model_cls(config).eval()


@pytest.fixture(scope="module")
def model() -> Any:
    return build_model()


def client(model: Any, chat_template: str | None = None, batch_size: int = 4) -> HFClient:
    return HFClient("tiny-gpt2", model=model, tokenizer=build_tokenizer(chat_template), batch_size=batch_size)


def prompts(n: int) -> list[GenerationRequest]:
    texts = ["the patient has fever", "what drug", "aspirin dose is", "blood pressure was high and"]
    return [
        GenerationRequest(f"p{i}", prompt=texts[i % len(texts)], config=GenerationConfig(max_tokens=6))
        for i in range(n)
    ]


def test_greedy_generation_is_deterministic_and_bounded(model: Any) -> None:
    c = client(model)
    first = Engine(c).generate(prompts(6))
    second = Engine(c).generate(prompts(6))
    assert [r.texts for r in first] == [r.texts for r in second]
    assert all(r.status == "ok" and r.attempts == 1 for r in first)
    for result in first:
        assert len(result.text.split()) <= 6  # word-level vocabulary: one token per word
        assert result.finish_reasons[0] in ("stop", "length")
    assert c.model_id == "hf/tiny-gpt2" and c.describe()["chat_template"] is False


def test_batched_calls_match_single_calls(model: Any) -> None:
    batched = Engine(client(model, batch_size=4)).generate(prompts(4))
    single = Engine(client(model, batch_size=1)).generate(prompts(4))
    assert [r.text for r in batched] == [r.text for r in single]


def test_chat_template_is_used_when_present(model: Any) -> None:
    turns = (Message("system", "hello"), Message("user", "what drug ?"))
    request = GenerationRequest("c", messages=turns, config=GenerationConfig(max_tokens=5))
    with_template = client(model, CHAT_TEMPLATE)
    assert with_template.render(request) == "<|system|> hello <|user|> what drug ? <|assistant|> "
    without = client(model)
    assert without.render(request) == "System: hello\nUser: what drug ?\nAssistant:"
    assert Engine(with_template).generate([request])[0].ok


def test_seeded_sampling_is_reproducible(model: Any) -> None:
    config = GenerationConfig(temperature=1.0, seed=3, n=3, max_tokens=8)
    request = GenerationRequest("s", prompt="the patient has", config=config)
    c = client(model)
    first = Engine(c).generate([request])[0]
    torch.manual_seed(12345)  # the global RNG state must not matter
    second = Engine(c).generate([request, *prompts(2)])[0]
    assert first.ok and len(first.texts) == 3 and first.texts == second.texts
    other = Engine(c).generate(
        [
            GenerationRequest(
                "s", prompt="the patient has", config=GenerationConfig(temperature=1.0, seed=4, n=3, max_tokens=8)
            )
        ]
    )[0]
    assert other.texts != first.texts


def test_greedy_n_gives_copies(model: Any) -> None:
    result = Engine(client(model)).generate(
        [GenerationRequest("g", prompt="what drug", config=GenerationConfig(n=2, max_tokens=4))]
    )[0]
    assert len(result.texts) == 2 and result.texts[0] == result.texts[1]


def test_stop_strings_cut_the_answer(model: Any) -> None:
    c = client(model)
    base = Engine(c).generate(
        [GenerationRequest("a", prompt="the patient has fever", config=GenerationConfig(max_tokens=8))]
    )[0]
    words = base.text.split()
    if len(words) < 2:
        pytest.skip("the random model stopped too early to test stop strings")
    stop = f" {words[1]}"
    cut = Engine(c).generate(
        [GenerationRequest("a", prompt="the patient has fever", config=GenerationConfig(max_tokens=8, stop=(stop,)))]
    )[0]
    assert cut.text == base.text[: base.text.find(stop)] and cut.finish_reasons == ("stop",)


def test_unservable_requests_are_input_errors(model: Any) -> None:
    c = client(model)
    too_long = GenerationRequest("long", prompt=" ".join(["fever"] * 45), config=GenerationConfig(max_tokens=10))
    image = GenerationRequest(
        "img", messages=(Message("user", (TextPart("x"), ImagePart("data:image/png;base64,AA=="))),)
    )
    fine = prompts(1)[0]
    results = {r.id: r for r in Engine(c).generate([too_long, image, fine])}
    assert results["long"].status == "input_error" and "48 positions" in (results["long"].reason or "")
    assert results["img"].status == "input_error" and "images" in (results["img"].reason or "")
    assert results["p0"].ok


def test_engine_caches_local_generation(model: Any, tmp_path: Path) -> None:
    c = client(model)
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        first = Engine(c, cache=cache).generate(prompts(3))
        calls: list[int] = []
        original = c._generate_sync

        def counting(requests: Any) -> Any:
            calls.append(len(requests))
            return original(requests)

        c._generate_sync = counting  # type: ignore[method-assign]
        second = Engine(c, cache=cache).generate(prompts(3))
    assert calls == [] and all(r.cached for r in second)
    assert [r.texts for r in first] == [r.texts for r in second]
