"""The LLM pair verifier (medhal.verify.llm) against a loopback chat server that returns log-probabilities."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from medhal.checker import Checker
from medhal.cli.main import main
from medhal.detect.records import CheckResult
from medhal.errors import ConfigError
from medhal.llm.cache import ResponseCache
from medhal.llm.registry import load_client
from medhal.verify.base import Verifier, VerifierError
from medhal.verify.calibration import Calibration
from medhal.verify.llm import NLI_PROMPT_VERSION, LLMVerifier
from medhal.verify.loader import is_llm_spec, open_verifier

from .nli_server import NLIServer, expected_row, judge

EVIDENCE = (
    "The trial enrolled 412 adults with hypertension. Patients received 10 mg amlodipine daily for 12 weeks. "
    "Systolic blood pressure fell in the treated group. No serious adverse events were reported."
)
PAIRS = [
    ("Patients received 10 mg amlodipine daily.", "Patients received amlodipine daily."),
    ("Patients received 10 mg amlodipine daily.", "Patients received 20 mg amlodipine."),
    ("Patients received 10 mg amlodipine daily.", "Children were excluded from the trial."),
]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No base URL or key from the machine; the default LLM cache lives in the test's folder."""
    for name in ("MEDHAL_BASE_URL", "MEDHAL_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MEDHAL_LLM_CACHE", str(tmp_path / "default-llm.sqlite"))


@pytest.fixture
def server() -> Iterator[NLIServer]:
    with NLIServer() as running:
        yield running


def _verifier(server: NLIServer, cache: Path | None = None) -> LLMVerifier:
    client = load_client("openai/tiny-nli", base_url=server.url)
    return LLMVerifier(client, cache=None if cache is None else ResponseCache(cache))


def test_rows_come_from_the_first_tokens_logprobs(server: NLIServer) -> None:
    verifier = _verifier(server)
    assert isinstance(verifier, Verifier)
    probs = verifier.predict(PAIRS + PAIRS[:1])  # a repeated pair is asked once
    labels = [judge(p, h) for p, h in PAIRS]
    assert labels == ["entailment", "contradiction", "neutral"]
    for row, label in zip(probs, [*labels, labels[0]], strict=True):
        assert row == pytest.approx(expected_row(label))
        assert row.sum() == pytest.approx(1.0)
    assert server.requests == 3
    body = server.bodies[0]
    assert body["logprobs"] is True and body["top_logprobs"] == 5 and body["temperature"] == 0.0
    assert body["max_tokens"] <= 3
    assert verifier.stats.extra["logprob_rows"] == 3 and verifier.stats.extra["label_rows"] == 0
    assert verifier.stats.extra["requests"] == 3 and verifier.stats.pairs == 3


def test_id_names_model_and_prompt_version_and_hashes_the_settings(server: NLIServer) -> None:
    plain = _verifier(server)
    assert plain.id.startswith(f"llm:openai/tiny-nli:{NLI_PROMPT_VERSION}:")
    argued = LLMVerifier(load_client("openai/tiny-nli", base_url=server.url), model_args={"top_k": 1})
    assert argued.id != plain.id and argued.id.rsplit(":", 1)[0] == plain.id.rsplit(":", 1)[0]
    assert plain.max_length >= 4096


def test_without_logprobs_the_label_becomes_a_soft_one_hot_row(tmp_path: Path) -> None:
    with NLIServer(logprobs=False) as server:
        verifier = _verifier(server)
        probs = verifier.predict(PAIRS)
    assert probs[0] == pytest.approx((0.9, 0.05, 0.05))
    assert probs[1] == pytest.approx((0.05, 0.05, 0.9))
    assert probs[2] == pytest.approx((0.05, 0.9, 0.05))
    assert verifier.stats.extra["label_rows"] == 3 and verifier.stats.extra["logprob_rows"] == 0


def test_a_rerun_through_the_response_cache_makes_no_request(server: NLIServer, tmp_path: Path) -> None:
    first = _verifier(server, tmp_path / "llm.sqlite").predict(PAIRS)
    assert server.requests == 3
    again = _verifier(server, tmp_path / "llm.sqlite")
    second = again.predict(PAIRS)
    assert server.requests == 3  # every answer, with its log-probabilities, came from the cache
    np.testing.assert_array_equal(first, second)
    assert again.stats.cache_hits == 3 and again.stats.extra["requests"] == 0 and again.stats.pairs == 0


def test_failed_and_unparseable_pairs_are_nan_rows_with_reasons(server: NLIServer, tmp_path: Path) -> None:
    verifier = _verifier(server, tmp_path / "llm.sqlite")
    pairs = [PAIRS[0], (EVIDENCE, "FAILME the trial"), (EVIDENCE, "GARBAGE statement")]
    probs = verifier.predict(pairs)
    assert probs[0] == pytest.approx(expected_row("entailment"))
    assert np.isnan(probs[1]).all() and np.isnan(probs[2]).all()
    assert "HTTP 400" in (verifier.pair_failure(pairs[1]) or "")
    assert "unparseable answer" in (verifier.pair_failure(pairs[2]) or "")
    assert verifier.pair_failure(pairs[0]) is None
    assert verifier.stats.extra["failed_pairs"] == 2
    before = server.requests
    verifier.predict(pairs)
    # the API error is not cached and is asked again; the answered pairs (even the unparseable one) are not
    assert server.requests == before + 1


def test_over_long_premises_are_cut_to_the_budget(server: NLIServer) -> None:
    client = load_client("openai/tiny-nli", base_url=server.url)
    verifier = LLMVerifier(client, max_length=1000)
    long_premise = "Patients received amlodipine daily. " * 200
    (length,) = verifier.pair_lengths([(long_premise, "Patients received amlodipine.")])
    assert length > 1000
    user = verifier.request((long_premise, "Patients received amlodipine.")).messages[-1].text  # type: ignore[index]
    assert len(user) < len(long_premise)
    verifier.predict([(long_premise, "Patients received amlodipine.")])
    assert verifier.stats.truncated == 1


def test_specs_and_loader_options(server: NLIServer, tmp_path: Path) -> None:
    assert is_llm_spec("openai/gpt-4o-mini") and is_llm_spec("openai/llama3:8b") and is_llm_spec("vllm/x/y")
    assert not is_llm_spec("hf:org/model") and not is_llm_spec("embedded") and not is_llm_spec("onnx:./m")
    assert not is_llm_spec("nope/model") and not is_llm_spec(None)
    loaded = open_verifier("openai/tiny-nli", base_url=server.url, cache=tmp_path / "c.sqlite")
    assert isinstance(loaded.verifier, LLMVerifier) and loaded.calibration is None
    with pytest.raises(VerifierError, match="base_url and model_args apply to LLM verifiers"):
        open_verifier("onnx:/nowhere", base_url=server.url)
    with pytest.raises(VerifierError, match="--base-url"):
        open_verifier("openai/tiny-nli")  # no server given: one line, no request
    with pytest.raises(VerifierError, match="threads"):
        open_verifier("openai/tiny-nli", base_url=server.url, threads=2)


def test_a_calibration_file_is_used_for_any_verifier(server: NLIServer, tmp_path: Path) -> None:
    path = tmp_path / "llm-calibration.json"
    fitted = Calibration(entail_threshold=0.7, contradict_threshold=0.6, response_thresholds={"nli-clause": 0.4})
    path.write_text(json.dumps(fitted.to_dict()), encoding="utf-8")
    loaded = open_verifier("openai/tiny-nli", base_url=server.url, calibration=path)
    assert loaded.calibration == fitted
    checker = Checker(loaded, detector="nli-clause")
    assert checker.detector.threshold == pytest.approx(0.4)  # type: ignore[attr-defined]
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(VerifierError, match=r"llm-calibration\.json"):
        open_verifier("openai/tiny-nli", base_url=server.url, calibration=path)
    with pytest.raises(ConfigError, match="model_args apply to an LLM verifier"):
        Checker("onnx:/nowhere", model_args={"top_k": 1})


def _check(tmp_path: Path, server: NLIServer, response: str, detector: str, name: str) -> tuple[int, dict[str, object]]:
    evidence, answer, out = tmp_path / "e.txt", tmp_path / f"{name}.r.txt", tmp_path / f"{name}.json"
    evidence.write_text(EVIDENCE, encoding="utf-8")
    answer.write_text(response, encoding="utf-8")
    args = ["check", "-e", str(evidence), "-r", str(answer), "--format", "json", "-o", str(out)]
    args += ["--verifier", "openai/tiny-nli", "--base-url", server.url, "--detector", detector]
    args += ["--cache", str(tmp_path / "llm.sqlite")]
    code = main(args)
    record: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return code, record


def _reference(detector: str, response: str) -> dict[str, object]:
    """The record of the same check with a rule-driven verifier: the schema the LLM records must keep."""
    from fakes import RuleVerifier

    return Checker(RuleVerifier(), detector=detector).check(EVIDENCE, response).to_dict()


@pytest.mark.parametrize("detector", ["decomposed", "nli-clause"])
def test_medhal_check_with_an_llm_verifier_end_to_end(server: NLIServer, tmp_path: Path, detector: str) -> None:
    response = "Patients received amlodipine daily. The trial enrolled 97 adults."
    code, record = _check(tmp_path, server, response, detector, "first")
    assert record["status"] == "ok" and code in (0, 1)
    assert str(record["verifier_id"]).startswith(f"llm:openai/tiny-nli:{NLI_PROMPT_VERSION}:")
    reference = _reference(detector, response)
    assert record.keys() == reference.keys()
    units = record["units"]
    assert isinstance(units, list) and [u["text"] for u in units] == [u["text"] for u in reference["units"]]  # type: ignore[index]
    assert all(u.keys() == reference["units"][0].keys() for u in units)  # type: ignore[index]
    verdicts = [u["verdict"] for u in units]
    assert verdicts[0] == "supported" and verdicts[1] == "contradicted"
    assert CheckResult.from_dict(record).to_dict() == record
    asked = server.requests
    assert asked > 0
    code_again, again = _check(tmp_path, server, response, detector, "second")
    assert server.requests == asked  # the rerun read every answer from the cache
    assert again["units"] == record["units"] and code_again == code


@pytest.mark.parametrize("detector", ["decomposed", "nli-clause"])
def test_failed_pairs_are_recorded_on_their_unit(server: NLIServer, tmp_path: Path, detector: str) -> None:
    """A batch: the item whose pairs all answer is ``ok``; in the other, only the unit with failed pairs is marked."""
    batch, out = tmp_path / "batch.jsonl", tmp_path / "out.jsonl"
    items = [
        {"id": "fine", "evidence": EVIDENCE, "response": "Patients received amlodipine daily."},
        {
            "id": "failing",
            "evidence": EVIDENCE,
            "response": "Patients received amlodipine daily. FAILME the pressure rose.",
        },
    ]
    batch.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    args = ["check", "-i", str(batch), "-o", str(out), "--verifier", "openai/tiny-nli", "--base-url", server.url]
    code = main([*args, "--detector", detector, "--cache", str(tmp_path / "llm.sqlite")])
    assert code == 2  # not every unit could be checked: an error, not a verdict
    fine, record = (json.loads(line) for line in out.read_text(encoding="utf-8").splitlines())
    assert fine["status"] == "ok" and fine["units"][0]["verdict"] == "supported"
    assert record["status"] == "api_error" and record["score"] is None and record["flagged"] is None
    assert "verifier pair(s) failed" in str(record["reason"]) and "HTTP 400" in str(record["reason"])
    good, bad = record["units"]
    assert "error" not in good and good["verdict"] == "supported" and good["p_entail"] > 0.5
    assert good == fine["units"][0]  # the unit whose pairs answered is judged as in the item that passed
    assert "HTTP 400" in bad["error"] and bad["p_entail"] is None and bad["score"] is None
    assert bad["verdict"] == "unsupported" and bad["suspicion"] == 1.0
    assert bad["evidence"] == {"entailing": None, "contradicting": None}
    back = CheckResult.from_dict(record)
    assert back.units[1].error == bad["error"] and math.isnan(back.units[1].score)
    json.dumps(record, allow_nan=False)  # strict JSON: no NaN escapes into the record


def test_model_args_reach_the_llm_verifier_from_the_command_line(server: NLIServer, tmp_path: Path) -> None:
    evidence, answer, out = tmp_path / "e.txt", tmp_path / "r.txt", tmp_path / "out.json"
    evidence.write_text(EVIDENCE, encoding="utf-8")
    answer.write_text("Patients received amlodipine daily.", encoding="utf-8")
    args = ["check", "-e", str(evidence), "-r", str(answer), "-o", str(out), "--detector", "nli-clause"]
    code = main([*args, "--verifier", "openai/tiny-nli", "--base-url", server.url, "-M", "top_k=1"])
    assert code == 0 and server.bodies and all(body["top_k"] == 1 for body in server.bodies)
    record = json.loads(out.read_text(encoding="utf-8"))
    plain = LLMVerifier(load_client("openai/tiny-nli", base_url=server.url))
    assert record["verifier_id"] != plain.id  # the model arguments are part of the verifier's identity
