"""``detect.llm_support.failure_result``: the record of an item ``fava``, ``llm-judge`` or ``selfcheck-nli`` could
not judge."""

from __future__ import annotations

from medhal._version import __version__
from medhal.detect.llm_support import failure_result
from medhal.detect.records import CheckItem, JSONObject


def _item() -> CheckItem:
    return CheckItem("Aspirin lowered the risk of stroke.", "Aspirin raised the risk.", id="a1")


def test_failure_without_a_record_keeps_the_config_as_given() -> None:
    config: JSONObject = {"model": "openai/m", "chat": True}
    result = failure_result("fava", _item(), config, "input_error", "too long", key="fava", record=None)
    assert result.detector == "fava"
    assert result.id == "a1"
    assert result.status == "input_error"
    assert result.reason == "too long"
    assert result.config == {"model": "openai/m", "chat": True}
    assert "fava" not in result.config
    assert result.score is None and result.flagged is None and result.units == ()
    assert result.verifier_id is None
    assert result.medhal_version == __version__


def test_failure_with_a_record_adds_it_under_its_key_last_and_leaves_the_given_config_alone() -> None:
    config: JSONObject = {"model": "openai/m", "level": "both"}
    judge: JSONObject = {"response": {"status": "api_error", "raw": None, "attempts": 3, "cached": False}}
    result = failure_result(
        "llm-judge", _item(), config, "api_error", "response judge call failed: 503", key="judge", record=judge
    )
    assert result.status == "api_error" and result.reason == "response judge call failed: 503"
    assert result.config == {"model": "openai/m", "level": "both", "judge": judge}
    assert list(result.config) == ["model", "level", "judge"]
    assert config == {"model": "openai/m", "level": "both"}  # the caller's dict is not written to


def test_failure_carries_the_verifier_of_a_verifier_backed_detector() -> None:
    samples: JSONObject = {"source": "model", "requested": 4, "used": 0, "failed": 4}
    result = failure_result(
        "selfcheck-nli",
        _item(),
        {"samples_requested": 4},
        "parse_failure",
        "no usable samples",
        key="samples",
        record=samples,
        verifier_id="embedded:v1",
    )
    assert result.verifier_id == "embedded:v1"
    assert result.config == {"samples_requested": 4, "samples": samples}
    assert result.to_dict()["status"] == "parse_failure"
