"""The unstated cues of the aligned rule (``medhal.detect.unstated``): a unit with one is never supported and flags
its answer; the record names what the evidence never states."""

from __future__ import annotations

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector
from medhal.detect.cue_notes import describe

TRIAL = (
    "Methods: 412 adults with type 2 diabetes and albuminuria were randomly assigned to dapagliflozin 10 mg or "
    "placebo. Results: At 6 months the urinary albumin-to-creatinine ratio fell by 26% with dapagliflozin and by 4% "
    "with placebo (p<0.001). Genital mycotic infections occurred in 3% and 1% of patients."
)


def _detect(answer: str) -> tuple[bool, list[str], list[dict[str, object]]]:
    detector = DecomposedDetector(RuleVerifier(), units="sentence")
    result = detector.detect(CheckItem(TRIAL, answer))
    assert result.flagged is not None
    return result.flagged, [u.verdict for u in result.units], [dict(u.cues or {}) for u in result.units]


def test_an_invented_mechanism_is_unsupported_flags_the_answer_and_is_named() -> None:
    flagged, verdicts, cues = _detect(
        "Dapagliflozin lowered albuminuria, as a result of reduced intraglomerular pressure."
    )
    assert flagged and verdicts[0] != "supported"
    assert cues[0]["unstated_cause"] == "reduced intraglomerular pressure"
    assert 'The evidence gives no such cause or mechanism: "reduced intraglomerular pressure".' in describe(cues[0])
    _, _, plain = _detect("Dapagliflozin lowered albuminuria by 26%, against 4% on placebo.")
    assert plain[0]["unstated_cause"] is None and plain[0]["unreported_durability"] is None


def test_a_hedged_explanation_is_left_to_the_verifier() -> None:
    _, _, cues = _detect("Dapagliflozin lowered albuminuria, probably through reduced intraglomerular pressure.")
    assert cues[0]["unstated_cause"] is None


def test_an_effect_said_to_last_beyond_what_was_reported_flags_the_answer() -> None:
    flagged, verdicts, cues = _detect("Albuminuria fell with dapagliflozin, and the benefit persisted at 24 months.")
    assert flagged and verdicts[0] != "supported"
    assert cues[0]["unreported_durability"] == "benefit persisted"
    assert any("how long an effect lasted" in note for note in describe(cues[0]))
    lasting = TRIAL + " The reduction was maintained at 24 months."
    result = DecomposedDetector(RuleVerifier(), units="sentence").detect(
        CheckItem(lasting, "Albuminuria fell with dapagliflozin, and the benefit persisted at 24 months.")
    )
    assert result.units[0].cues is not None and result.units[0].cues["unreported_durability"] is None
