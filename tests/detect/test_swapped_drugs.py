"""A drug swapped for another drug of the same evidence (detect/swapped_drugs.py, round 58), on the texts of the
blind rounds it was measured on, and the faithful readings it must leave alone."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.cues import contradiction_cue
from medhal.detect.swapped_drugs import swapped_drug

MEDICATION_REVIEW = (
    "Plan agreed with Mr T and his daughter:",
    "1. Reduce lithium carbonate (Priadel) from 1000 mg to 800 mg at night.",
    "2. Continue quetiapine 100 mg at night; no change.",
    "3. Repeat the lithium level 5-7 days after the dose change, 12 hours post dose.",
)
UTI_GUIDE = (
    "1.4 For lower UTI in women with an eGFR of 45 mL/min/1.73 m² or more, offer nitrofurantoin 100 mg modified-release"
    " twice daily for 3 days.",
    "1.5 Avoid nitrofurantoin when the eGFR is below 45; offer pivmecillinam or fosfomycin instead.",
    "1.6 Trimethoprim 200 mg twice daily for 3 days may be used if the risk of resistance is low.",
)


def _index(sentences: tuple[str, ...]) -> EvidenceIndex:
    return EvidenceIndex.of(" ".join(sentences), sentences)


def test_a_dose_change_said_of_the_other_drug() -> None:
    index = _index(MEDICATION_REVIEW)
    assert swapped_drug(index, "The quetiapine dose is reduced from 1000 mg to 800 mg at night,") == 1
    assert swapped_drug(index, "The lithium dose is reduced from 1000 mg to 800 mg at night,") is None
    assert swapped_drug(index, "Quetiapine stays at 100 mg at night, unchanged,") is None


def test_the_drug_to_avoid_in_renal_impairment() -> None:
    index = _index(UTI_GUIDE)
    assert swapped_drug(index, "Trimethoprim should be avoided when the eGFR is below 45.") == 1
    assert swapped_drug(index, "Nitrofurantoin should be avoided when the eGFR is below 45.") is None
    cue = contradiction_cue(
        index, "Trimethoprim should be avoided when the eGFR is below 45.", index.alignment(""), 0.6
    )
    assert cue is not None and cue.kind == "denied" and cue.sentence == 1


def test_two_drugs_or_too_little_else_are_not_read() -> None:
    index = _index(MEDICATION_REVIEW)
    assert swapped_drug(index, "lithium was cut and quetiapine kept at 100 mg at night,") is None
    assert swapped_drug(index, "but keep taking quetiapine,") is None
