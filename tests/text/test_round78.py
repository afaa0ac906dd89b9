"""Round 78 (24 texts written blind after round 77's rules: endometriosis letters, pulmonary hypertension letters,
uveitis letters, isotretinoin monitoring notes, balance clinic letters, nerve conduction reports, weight management
letters and home parenteral nutrition letters): its false cues mended at their cause, the last four in the session
after."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.swapped_drugs import swapped_drug
from medhal.text.dose_changes import dose_turned
from medhal.text.drug_names import same_drug_names
from medhal.text.harmonize import harmonized
from medhal.text.intervals import interval_conflicts
from medhal.text.negation import negated_stems
from medhal.text.quantities import quantities


def test_an_interval_written_after_q_is_an_interval() -> None:
    plan = "2. Continue MTX 15 mg weekly and adalimumab 20 mg q2wk; if still active, consider adalimumab weekly."
    assert interval_conflicts("and adalimumab 20 mg every two weeks,", plan, plan) == []
    found = interval_conflicts("and adalimumab 20 mg every four weeks,", plan, plan)
    assert [(a.text, b.text) for a, b in found] == [("every four weeks", "q2wk")]


def test_a_bags_contents_are_an_amount() -> None:
    bags = "- 2.8 L/bag incl. 500 ml extra saline. Increase Mg in PN to 10 mmol/bag; 2.0 L/day"
    assert [(q.kind, q.text) for q in quantities(bags)] == [
        ("volume", "2.8 L"),
        ("volume", "500 ml"),
        ("substance", "10 mmol"),
        ("volume/day", "2.0 L"),
    ]


_TAPER = (
    "1. G. Prednisolone acetate 1% LE: 1-hourly while awake x 1/52, then taper: 2-hourly x 1/52, QDS x 1/52, "
    "TDS x 1/52, BD x 1/52, OD x 1/52, then stop."
)


def test_a_week_written_over_52_is_a_week() -> None:
    found = [(q.kind, q.value, q.text) for q in quantities("PC: 3/7 painful red eye. F/U in 6/12; 2/52 ago.")]
    assert found == [("time", 3.0, "3/7"), ("time", 6 * 30.4375, "6/12"), ("time", 14.0, "2/52")]
    # a visual acuity and a share of things counted stay what they are (round 72)
    assert [q.kind for q in quantities("VA 6/12, RE 6/6")] == ["count", "label:scale", "count", "label:scale"]
    assert [q.kind for q in quantities("Protective response in 1/7 serotypes.")] == ["count", "label:scale"]


def test_a_taper_whose_steps_each_last_a_week_is_weekly() -> None:
    unit = "These are then tapered weekly: every 2 hours, then four times a day, each for a week, before stopping."
    assert interval_conflicts(unit, _TAPER, _TAPER) == []
    wrong = "These are then tapered every two weeks: every 2 hours, then four times a day, before stopping."
    assert interval_conflicts(wrong, _TAPER, _TAPER) != []


def test_a_short_duration_is_never_what_the_verifier_is_shown() -> None:
    assert harmonized("blurry for 3 days and seen in one week.", "PC: 3/7 blurry. F/U in 1/52.") == (
        "blurry for 3 days and seen in one week."
    )


def test_not_yet_before_a_dash_denies_nothing_after_it() -> None:
    assert negated_stems("Driving: do not revisit at session 7.")
    assert not negated_stems("Driving: not yet - revisit at session 7 once asymptomatic.")


def test_mtx_is_methotrexate() -> None:
    meds = (
        "- Methotrexate 15 mg SC weekly + folic acid 1 mg daily; azathioprine stopped 2019 (cytopenia)",
        "2. Continue MTX 15 mg weekly and adalimumab 20 mg q2wk; will consider increasing adalimumab to weekly.",
    )
    index = EvidenceIndex.of(" ".join(meds), meds)
    assert swapped_drug(index, "She will continue methotrexate 15 mg weekly") is None
    assert same_drug_names("mtx") == same_drug_names("methotrexate") == frozenset({"methotrexate", "mtx"})


def test_a_dose_lowered_where_the_letter_lowers_the_dose_of_a_drug_it_names_before() -> None:
    letter = [
        "Medication: You started liraglutide (Saxenda) in May, increasing by 0.6 mg each week up to 3.0 mg daily.",
        "We therefore reduced the dose to 2.4 mg daily 3 weeks ago, and since then the nausea has been much milder.",
    ]
    assert dose_turned("Your liraglutide dose was lowered", letter) is None
    assert dose_turned("Your liraglutide dose was lowered", letter[:1]) == 0
