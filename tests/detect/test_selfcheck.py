from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem
from medhal.detect.selfcheck import (
    DEFAULT_N_SAMPLES,
    NO_QUESTION,
    SAMPLE_PROMPT,
    ModelSampler,
    SampleSet,
    SelfCheckNLIDetector,
    aggregate_scores,
    build_sample_prompt,
    selfcheck_sentence_score,
)
from medhal.detect.units import ConfigError
from medhal.llm import GenerationRequest, GenerationResult, OpenAIClient, ResponseCache, RetryPolicy

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from fake_client import ScriptedClient, request_text
from stub_server import StubServer

EVIDENCE = "Aspirin lowers fever in adults. It rarely causes hair loss."
QUESTION = "What does aspirin do?"
RESPONSE = "Aspirin reduces fever. Aspirin causes hair growth."
S1 = "Aspirin reduces fever"
S2 = "Aspirin lowers fever; it can cause hair loss"
CONTRADICTIONS = [("hair loss", "hair growth")]


class SeededClient:
    """A scripted client whose answer depends on the prompt and the request's seed."""

    def __init__(self, answer: Callable[[str, int | None], str | GenerationResult]) -> None:
        self.answer = answer
        self.seen: list[GenerationRequest] = []

    @property
    def model_id(self) -> str:
        return "fake/seeded"

    @property
    def endpoint(self) -> str:
        return ""

    @property
    def batch_size(self) -> int:
        return 1

    def describe(self) -> dict[str, Any]:
        return {"provider": "fake"}

    async def aclose(self) -> None:
        return None

    async def generate(self, requests: Sequence[GenerationRequest]) -> list[GenerationResult]:
        out = []
        for request in requests:
            self.seen.append(request)
            answer = self.answer(request_text(request), request.config.seed)
            if isinstance(answer, GenerationResult):
                out.append(GenerationResult(request.id, answer.status, answer.texts, answer.reason, answer.attempts))
            else:
                out.append(GenerationResult(request.id, "ok", texts=(answer,), attempts=1))
        return out


def _hand_selfcheck(p_e: float, p_c: float) -> float:
    return p_c / (p_e + p_c)


# RuleVerifier by hand (tests/fakes.py): cover = share of the hypothesis's 4+-letter words in the premise,
# P(E) = 0.95 cover^2, P(C) = 0.15 (1 - cover) without ". " in the premise; a contradiction rule gives P(E) = 0.05,
# P(C) = 0.9.  Sentence 1 {aspirin, reduces, fever}: S1 covers 3/3, S2 covers 2/3.  Sentence 2 {aspirin, causes,
# hair, growth}: S1 covers 1/4; S2 has "hair loss" vs "hair growth" (the rule).
S1_SENT1 = (0.95, 0.0)
S2_SENT1 = (0.95 * (2 / 3) ** 2, 0.15 * (1 / 3))
S1_SENT2 = (0.95 * (1 / 4) ** 2, 0.15 * (3 / 4))
S2_SENT2 = (0.05, 0.9)


def test_score_is_selfcheckgpt_nli_by_hand() -> None:
    verifier = RuleVerifier(CONTRADICTIONS)
    detector = SelfCheckNLIDetector(verifier, samples={"q1": [S1, S2]})
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE, QUESTION, "q1"))
    assert result.status == "ok" and result.detector == "selfcheck-nli"
    sent1 = np.mean([_hand_selfcheck(*S1_SENT1), _hand_selfcheck(*S2_SENT1)])
    sent2 = np.mean([_hand_selfcheck(*S1_SENT2), _hand_selfcheck(*S2_SENT2)])
    assert sent1 == pytest.approx((0.0 + 0.05 / (0.95 * 4 / 9 + 0.05)) / 2)
    assert [u.score for u in result.units] == pytest.approx([sent1, sent2])
    assert [u.suspicion for u in result.units] == pytest.approx([sent1, sent2])
    assert result.score == pytest.approx((sent1 + sent2) / 2)
    assert result.score == pytest.approx(0.42695, abs=1e-5)
    assert result.flagged is False  # the mean stays under 0.5 although sentence 2 scores 0.80
    assert result.ranked_units[0].text == "Aspirin causes hair growth."
    for unit in result.units:
        assert unit.kind == "sentence" and RESPONSE[unit.start : unit.end] == unit.text
    second = result.units[1]
    assert second.p_contradict == pytest.approx((S1_SENT2[1] + S2_SENT2[1]) / 2)
    assert second.p_entail == pytest.approx((S1_SENT2[0] + S2_SENT2[0]) / 2)
    assert sent2 == pytest.approx(0.80096, abs=1e-5)
    assert second.verdict == "contradicted"  # mean P(C) 0.506 >= 0.5 and > mean P(E)
    assert result.units[0].verdict == "supported"
    # premise = sample, hypothesis = sentence; sentence-major order, one pass of the verifier
    assert verifier.calls == [[(S1, "Aspirin reduces fever."), (S2, "Aspirin reduces fever."),
                               (S1, "Aspirin causes hair growth."), (S2, "Aspirin causes hair growth.")]]  # fmt: skip
    samples = result.config["samples"]
    assert samples["used"] == 2 and samples["source"] == "precomputed" and samples["texts"] == [S1, S2]
    assert samples["scores"][1] == pytest.approx([_hand_selfcheck(*S1_SENT2), _hand_selfcheck(*S2_SENT2)])
    assert result.pairs == 4 and result.verifier_passes == 4 and result.windows == 2


def test_raw_contradiction_max_aggregate_and_sentence_first_order() -> None:
    verifier = RuleVerifier(CONTRADICTIONS)
    item = CheckItem(EVIDENCE, RESPONSE, QUESTION, "q1")
    raw = SelfCheckNLIDetector(verifier, samples={"q1": [S1, S2]}, score="contradiction", aggregate="max")
    result = raw.detect(item)
    sent2 = (S1_SENT2[1] + S2_SENT2[1]) / 2
    assert [u.score for u in result.units] == pytest.approx([(S1_SENT1[1] + S2_SENT1[1]) / 2, sent2])
    assert result.score == pytest.approx(sent2) and result.config["aggregate"] == "max"
    assert result.flagged is True
    flipped_verifier = RuleVerifier(CONTRADICTIONS)
    flipped = SelfCheckNLIDetector(flipped_verifier, samples={"q1": [S2]}, order="sentence_first")
    flipped_result = flipped.detect(item)
    assert flipped_verifier.calls[0][1] == ("Aspirin causes hair growth.", S2)
    # with the sample as hypothesis the contradiction rule (premise "hair loss") no longer fires
    assert flipped_result.units[1].p_contradict == pytest.approx(0.15 * (1 - 2 / 6))


def test_pure_score_functions() -> None:
    rows = np.array([[0.6, 0.3, 0.1], [0.0, 1.0, 0.0], [0.1, 0.1, 0.8]])
    assert selfcheck_sentence_score(rows) == pytest.approx((0.1 / 0.7 + 0.5 + 0.8 / 0.9) / 3)
    assert selfcheck_sentence_score(rows, "contradiction") == pytest.approx(0.3)
    with pytest.raises(ValueError):
        selfcheck_sentence_score(np.zeros((0, 3)))
    assert aggregate_scores([0.2, 0.6]) == pytest.approx(0.4) and aggregate_scores([0.2, 0.6], "max") == 0.6
    with pytest.raises(ValueError):
        aggregate_scores([])


def test_samples_are_drawn_through_the_engine_seeded_and_shared() -> None:
    client = ScriptedClient(lambda prompt: S1)
    detector = SelfCheckNLIDetector(RuleVerifier(), client=client, n_samples=4, seed=7)
    items = [
        CheckItem(EVIDENCE, RESPONSE, QUESTION, "a"),
        CheckItem(EVIDENCE, "Aspirin reduces fever.", QUESTION, "a:clean"),  # same prompt: shares the samples
        CheckItem(EVIDENCE, RESPONSE, None, "b"),
    ]
    results = detector.detect_many(items)
    assert [r.status for r in results] == ["ok", "ok", "ok"]
    assert len(client.seen) == 8  # 4 samples x 2 distinct prompts
    assert [r.config.seed for r in client.seen[:4]] == [7, 8, 9, 10]
    assert all(r.config.temperature == 1.0 and r.config.n == 1 and r.config.top_p == 1.0 for r in client.seen)
    first = client.seen[0]
    assert first.messages is not None and first.messages[0].text == build_sample_prompt(items[0])
    assert request_text(client.seen[4]) == SAMPLE_PROMPT.format(evidence=EVIDENCE, question=NO_QUESTION)
    assert results[0].config["samples"]["texts"] == [S1] * 4
    assert results[0].config["sampler"]["n_samples"] == 4 and results[0].config["sampler"]["seed"] == 7


def test_partial_sampling_failures_are_recorded_and_total_failure_is_api_error() -> None:
    def answer(prompt: str, seed: int | None) -> str | GenerationResult:
        if "broken" in prompt:
            return GenerationResult("x", "api_error", reason="HTTP 500 after 3 attempts", attempts=3)
        if seed == 1:
            return GenerationResult("x", "api_error", reason="timeout", attempts=2)
        return "   " if seed == 2 else (S1 if seed == 0 else S2)

    client = SeededClient(answer)
    detector = SelfCheckNLIDetector(RuleVerifier(CONTRADICTIONS), client=client, n_samples=4)
    items = [
        CheckItem(EVIDENCE, RESPONSE, QUESTION, "ok"),
        CheckItem(EVIDENCE + " broken", RESPONSE, QUESTION, "down"),
        CheckItem(EVIDENCE, "  ", QUESTION, "blank"),
    ]
    ok, down, blank = detector.detect_many(items)
    assert ok.status == "ok"
    samples = ok.config["samples"]
    assert (samples["requested"], samples["used"], samples["failed"], samples["blank"]) == (4, 2, 1, 1)
    assert samples["texts"] == [S1, S2] and samples["reasons"] == ["timeout"]
    assert ok.pairs == 2 * 2
    assert down.status == "api_error" and down.units == () and down.score is None
    assert down.reason == "4 of 4 samples failed: HTTP 500 after 3 attempts"
    assert down.config["samples"]["failed"] == 4
    assert blank.status == "input_error" and blank.reason == "response is empty"
    assert [r.id for r in (ok, down, blank)] == ["ok", "down", "blank"]


def test_all_blank_samples_is_a_parse_failure() -> None:
    detector = SelfCheckNLIDetector(RuleVerifier(), client=ScriptedClient(lambda _: ""), n_samples=2)
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE, QUESTION))
    assert result.status == "parse_failure" and result.reason == "all 2 samples were blank"


def test_precomputed_samples_need_no_model_and_missing_ones_are_input_errors() -> None:
    detector = SelfCheckNLIDetector(RuleVerifier(), samples={"x": [S1, " ", S2, "extra"]}, n_samples=3)
    found, missing, no_id = detector.detect_many(
        [CheckItem(EVIDENCE, RESPONSE, id="x"), CheckItem(EVIDENCE, RESPONSE, id="y"), CheckItem(EVIDENCE, RESPONSE)]
    )
    assert found.status == "ok" and found.config["samples"]["texts"] == [S1, S2]  # first 3, one blank
    assert found.config["samples"]["blank"] == 1
    assert missing.status == "input_error"
    assert missing.reason == "no precomputed samples for item 'y' and no model to sample from"
    assert no_id.status == "input_error" and "item without id" in (no_id.reason or "")


def test_precomputed_first_then_model() -> None:
    client = ScriptedClient(lambda _: S2)
    detector = SelfCheckNLIDetector(RuleVerifier(), client=client, samples={"x": [S1]}, n_samples=2)
    given, drawn = detector.detect_many([CheckItem(EVIDENCE, RESPONSE, id="x"), CheckItem(EVIDENCE, RESPONSE, id="z")])
    assert given.config["samples"]["source"] == "precomputed" and given.config["samples"]["texts"] == [S1]
    assert drawn.config["samples"]["source"] == "model" and drawn.config["samples"]["texts"] == [S2, S2]
    assert len(client.seen) == 2


def test_evidence_source_reproduces_the_published_setting() -> None:
    verifier = RuleVerifier(CONTRADICTIONS)
    result = SelfCheckNLIDetector(verifier, source="evidence").detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.status == "ok" and result.config["samples"]["source"] == "evidence"
    assert verifier.calls == [[(EVIDENCE, "Aspirin reduces fever."), (EVIDENCE, "Aspirin causes hair growth.")]]
    # the evidence has one ". ": dilution 1/1.15 for the rule, so P(C) = 0.9/1.15, P(E) = 0.05
    assert result.units[1].score == pytest.approx(_hand_selfcheck(0.05, 0.9 / 1.15))


def test_duplicate_pairs_are_verified_once() -> None:
    verifier = RuleVerifier()
    detector = SelfCheckNLIDetector(verifier, samples={"a": [S1], "b": [S1]})
    first, second = detector.detect_many([CheckItem(EVIDENCE, RESPONSE, id="a"), CheckItem(EVIDENCE, RESPONSE, id="b")])
    assert len(verifier.calls) == 1 and len(verifier.calls[0]) == 2
    assert first.verifier_passes == 2 and second.verifier_passes == 0 and second.pairs == 2
    assert [u.score for u in first.units] == [u.score for u in second.units]


def test_seeded_samples_come_from_the_cache_the_second_time(tmp_path: Path) -> None:
    client = ScriptedClient(lambda _: S1)
    item = CheckItem(EVIDENCE, RESPONSE, QUESTION)
    with ResponseCache(tmp_path / "c.sqlite") as cache:
        detector = SelfCheckNLIDetector(RuleVerifier(), client=client, n_samples=3, cache=cache)
        first = detector.detect(item)
        again = detector.detect(item)
    assert len(client.seen) == 3
    assert again.config["samples"]["cached"] == 3 and first.config["samples"]["cached"] == 0
    assert [u.score for u in again.units] == [u.score for u in first.units]


def test_defaults_and_describe() -> None:
    assert DEFAULT_N_SAMPLES == 20
    detector = SelfCheckNLIDetector(RuleVerifier(), client=ScriptedClient())
    cfg = detector.config
    assert (cfg["n_samples"], cfg["score"], cfg["aggregate"], cfg["order"]) == (20, "selfcheck", "mean", "sample_first")
    assert cfg["sampler"]["temperature"] == 1.0 and cfg["sampler"]["model"] == "fake/scripted"
    requests = ModelSampler(ScriptedClient(), n_samples=2, chat=False).requests(CheckItem(EVIDENCE, RESPONSE))
    assert [r.prompt for r in requests] == [build_sample_prompt(CheckItem(EVIDENCE, RESPONSE))] * 2


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"n_samples": 0}, "n_samples"),
        ({"temperature": 0.0}, "temperature"),
        ({"top_p": 0.0}, "top_p"),
        ({"max_tokens": 0}, "max_tokens"),
        ({"score": "bertscore"}, "unknown selfcheck score"),
        ({"aggregate": "median"}, "unknown aggregate"),
        ({"order": "random"}, "unknown pair order"),
        ({"threshold": 1.5}, "threshold"),
        ({"prompt": "Question: {question}"}, "must contain {evidence}"),
        ({"prompt": "{evidence} {answer}"}, "may only use"),
        ({"prompt": "{evidence"}, "malformed"),
        ({"source": "web"}, "unknown sample source"),
    ],
)
def test_options_are_validated(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        SelfCheckNLIDetector(RuleVerifier(), client=ScriptedClient(), **options)


def test_sources_are_validated() -> None:
    with pytest.raises(ConfigError, match="samples the model under test"):
        SelfCheckNLIDetector(RuleVerifier())
    with pytest.raises(ConfigError, match="takes no client"):
        SelfCheckNLIDetector(RuleVerifier(), source="evidence", samples={})
    client = ScriptedClient()
    with pytest.raises(ConfigError, match="not both"):
        SelfCheckNLIDetector(RuleVerifier(), client=client, sampler=ModelSampler(client))
    with pytest.raises(ConfigError, match="sequence of strings"):
        SelfCheckNLIDetector(RuleVerifier(), samples={"x": "one string"})


def test_sample_set_from_results() -> None:
    ok = GenerationResult("a", "ok", texts=(" text ",), cached=True)
    bad = GenerationResult("b", "input_error", reason="too long")
    assert SampleSet.from_results([ok, bad]).texts == ("text",)
    failed = SampleSet.from_results([bad])
    assert failed.status == "input_error" and failed.reason == "1 of 1 samples failed: too long"


def test_end_to_end_over_http_with_the_stub() -> None:
    with StubServer() as stub:
        stub.reply_for = lambda prompt: "Aspirin reduces fever" if prompt.startswith("Answer the question") else None
        client = OpenAIClient("sampler", base_url=stub.url, retry=RetryPolicy(max_attempts=1, base_delay=0.01))
        detector = SelfCheckNLIDetector(RuleVerifier(), client=client, n_samples=3, seed=11)
        ok, down = detector.detect_many(
            [
                CheckItem(EVIDENCE, RESPONSE, QUESTION, "ok"),
                CheckItem(EVIDENCE + " [[always=500]]", RESPONSE, QUESTION, "down"),
            ]
        )
    assert ok.status == "ok" and ok.config["samples"]["used"] == 3
    # the stub tags sampled answers with their seed: three distinct, seeded samples
    assert ok.config["samples"]["texts"] == [f"Aspirin reduces fever [seed={s} sample=0]" for s in (11, 12, 13)]
    assert down.status == "api_error" and down.config["samples"]["failed"] == 3
    bodies = [b for b in stub.bodies if "always" not in b["messages"][0]["content"]]
    assert sorted(b["seed"] for b in bodies) == [11, 12, 13]
    assert all(b["temperature"] == 1.0 and b["n"] == 1 for b in bodies)
    assert stub.paths == {"/v1/chat/completions": 6}


def test_sampling_options_are_validated_without_a_client_too() -> None:
    with pytest.raises(ConfigError, match="temperature"):
        SelfCheckNLIDetector(RuleVerifier(), samples={"x": [S1]}, temperature=0.0)
    with pytest.raises(ConfigError, match="seed"):
        ModelSampler(ScriptedClient(), seed=1.5)  # type: ignore[arg-type]
