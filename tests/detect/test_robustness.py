"""Issue 15 at the detector seam: long evidence read in full, hostile text cleaned, one bad item never takes
the others down, and every item ends with exactly one record."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from medhal.detect import CheckItem, create_detector
from medhal.detect.base import MAX_UNITS, examined_share, sanitize_item
from medhal.text import clean_text
from medhal.verify.base import Pair, Probabilities

from ..fakes import RuleVerifier


def _name(i: int) -> str:
    """A distinct drug name per sentence that the rule verifier's word matcher sees (it ignores digits)."""
    return "zor" + chr(97 + i // 26) + chr(97 + i % 26)


def _cohort_evidence(n: int) -> str:
    return " ".join(
        f"Patients in cohort {i} received {_name(i)} for chronic kidney disease and investigators recorded blood "
        "pressure at every visit."
        for i in range(n)
    )


def _holds(pointer: dict[str, object] | None, evidence: str, needle: str) -> bool:
    assert pointer is not None
    start, end = pointer["start"], pointer["end"]
    assert isinstance(start, int) and isinstance(end, int)
    return needle in evidence[start:end]


@pytest.mark.parametrize("aggregation", ["aligned", "seed"])
@pytest.mark.parametrize("n", [150, 200])
def test_long_evidence_is_read_in_full_and_the_clause_finds_its_sentence(aggregation: str, n: int) -> None:
    # 16 words per sentence; a budget of 60 tokens fits three sentences, so every m=16 chunk (10-13 sentences)
    # is over budget: on main, skip dropped them all and best_window indexed an empty list (IndexError)
    verifier = RuleVerifier(max_length=60)
    detector = create_detector("decomposed", verifier, aggregation=aggregation)
    evidence = _cohort_evidence(n)
    for k in (3, n - 3):
        claim = f"Patients in cohort {k} received {_name(k)} for kidney disease."
        result = detector.detect(CheckItem(evidence, claim))
        assert result.status == "ok", result.reason
        assert result.evidence_examined == 1.0
        (unit,) = result.to_dict()["units"]
        assert unit["verdict"] == "supported"
        assert _holds(unit["evidence"]["entailing"], evidence, f"cohort {k} received {_name(k)} ")


def test_max_windows_still_reaches_every_sentence_through_number_overlap() -> None:
    verifier = RuleVerifier(max_length=60)
    detector = create_detector("decomposed", verifier, max_windows=4, aggregation="seed")
    evidence = _cohort_evidence(150)
    result = detector.detect(CheckItem(evidence, "Patients in cohort 77 were treated."))
    premises = [p for call in verifier.calls for p, _ in call]
    assert len(premises) == 4 and any("cohort 77 received " in p for p in premises)  # its number picks it
    assert result.evidence_examined is not None and 0.0 < result.evidence_examined < 1.0


def test_examined_share_counts_non_space_characters_once() -> None:
    assert examined_share("ab cd", [(0, 2)]) == 0.5
    assert examined_share("ab cd", [(0, 2), (1, 5)]) == 1.0
    assert examined_share("ab cd", []) == 0.0


def test_truncated_whole_evidence_counts_only_what_fits() -> None:
    verifier = RuleVerifier(max_length=40)
    detector = create_detector("nli-clause", verifier)
    result = detector.detect(CheckItem(_cohort_evidence(10), "Drug 3 lowered blood pressure."))
    assert result.truncated_pairs == 1
    assert result.evidence_examined is not None and 0.1 < result.evidence_examined < 0.3


def test_clean_text_replaces_one_for_one_and_says_what() -> None:
    text = "Aspirin\x00 lowered\ud800 pain\x1b."
    cleaned, notes = clean_text(text)
    assert len(cleaned) == len(text) and cleaned == "Aspirin  lowered\ufffd pain ."
    assert notes == ("1 lone surrogate replaced by U+FFFD", "2 control characters replaced by a space")
    for keep in ("患者\u200d👩‍⚕️ e\u0301 שלום\r\n\t\u2028", "plain text"):
        assert clean_text(keep) == (keep, ())


def test_surrogates_and_controls_are_checked_not_crashed() -> None:
    detector = create_detector("decomposed", RuleVerifier())
    items = [
        CheckItem("Aspirin lowered pain in adults.", "Aspirin lowered pain\ud800.", id="bad"),
        CheckItem("Aspirin lowered pain in adults.", "Aspirin lowered pain.", id="good"),
        CheckItem("Aspirin\x00 lowered pain.", "Aspirin lowered pain.", question="Why\x07?", id="nul"),
    ]
    bad, good, nul = detector.detect_many(items)
    assert [r.status for r in (bad, good, nul)] == ["ok", "ok", "ok"]
    assert bad.notes == ("response: 1 lone surrogate replaced by U+FFFD",) and good.notes == ()
    assert nul.notes == (
        "evidence: 1 control character replaced by a space",
        "question: 1 control character replaced by a space",
    )
    unit = bad.units[0]
    assert items[0].response[unit.start : unit.end].replace("\ud800", "\ufffd") == unit.text
    assert sanitize_item(items[1]) == (items[1], ())


class _Exploding(RuleVerifier):
    """A verifier that crashes on any pair whose hypothesis holds the poison word."""

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        if any("poison" in h for _, h in pairs):
            raise TypeError("TextInputSequence must be str")
        return super().predict(pairs)


def test_one_poisoned_item_does_not_take_its_batch_down() -> None:
    detector = create_detector("decomposed", _Exploding())
    items = [CheckItem("Aspirin lowered pain.", f"Aspirin lowered pain {i}.", id=str(i)) for i in range(5)]
    items[2] = CheckItem("Aspirin lowered pain.", "The poison lowered pain.", id="2")
    results = detector.detect_many(items)
    assert [r.id for r in results] == ["0", "1", "2", "3", "4"]
    assert [r.status for r in results] == ["ok", "ok", "internal_error", "ok", "ok"]
    assert results[2].reason == "internal error: TypeError: TextInputSequence must be str"
    alone = create_detector("decomposed", _Exploding()).detect(items[0])
    assert results[0].to_dict(timings=False) | {"verifier_passes": 0} == alone.to_dict(timings=False) | {
        "verifier_passes": 0
    }


def test_a_bug_in_planning_one_item_is_an_internal_error_for_that_item_only(monkeypatch: pytest.MonkeyPatch) -> None:
    detector = create_detector("nli-clause", RuleVerifier())
    original = detector.plan

    def plan(item: CheckItem) -> object:
        if item.id == "b":
            raise IndexError("list index out of range")
        return original(item)

    monkeypatch.setattr(detector, "plan", plan)
    results = detector.detect_many([CheckItem("E one.", "R one.", id=i) for i in "abc"])
    assert [r.status for r in results] == ["ok", "internal_error", "ok"]
    assert results[1].reason == "internal error: IndexError: list index out of range"


def test_too_many_units_is_an_input_error_not_hours_of_work() -> None:
    detector = create_detector("decomposed", RuleVerifier())
    result = detector.detect(CheckItem("Pain fell.", "Pain fell. " * (MAX_UNITS + 1)))
    assert result.status == "input_error"
    assert result.reason == f"response has {MAX_UNITS + 1} clause units; the limit is {MAX_UNITS}"


def test_probabilities_rows_stay_aligned_after_isolation() -> None:
    verifier = _Exploding()
    detector = create_detector("nli-clause", verifier)
    items = [CheckItem("Aspirin lowered pain.", h) for h in ("Aspirin lowered pain.", "poison", "Nausea rose.")]
    shared = detector.detect_many(items)
    single = [create_detector("nli-clause", RuleVerifier()).detect(items[i]) for i in (0, 2)]
    assert np.isclose(shared[0].score or 0, single[0].score or 0) and np.isclose(
        shared[2].score or 0, single[1].score or 0
    )


def test_the_pair_budget_bounds_the_work_of_one_item_and_says_what_was_read() -> None:
    evidence = _cohort_evidence(200)
    answer = " ".join(f"Patients in cohort {k} received {_name(k)}." for k in range(0, 200, 5))  # 40 units
    budgeted = create_detector("decomposed", RuleVerifier(max_length=60), max_windows=4).detect(
        CheckItem(evidence, answer)
    )
    assert budgeted.status == "ok" and len(budgeted.units) == 40
    assert budgeted.pairs <= 512 and budgeted.config["max_pairs"] == 512
    assert budgeted.evidence_examined is not None and budgeted.evidence_examined < 1.0
    assert all(u.verdict == "supported" for u in budgeted.units)  # each unit keeps its best-aligned tiles
    assert any("of the evidence" in c for c in budgeted.caveats)
    full = create_detector("decomposed", RuleVerifier(max_length=60), max_windows=4, max_pairs=None).detect(
        CheckItem(evidence, answer)
    )
    assert full.pairs > 512 and (full.evidence_examined or 0) > budgeted.evidence_examined
