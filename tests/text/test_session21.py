"""Session 21's own abstract (alternate-day iron in pregnancy), read as a clinician would: lay wordings of a
trial's arms, outcome and finding that must align with the abstract's terms, and the comparison they carry."""

from __future__ import annotations

from medhal.text.comparisons import comparison_conflict, unit_comparison
from medhal.text.synonyms import canonical_stems

_GI = "Gastrointestinal side effects were reported by 21% of women on alternate-day dosing and 38% on daily dosing."


def test_every_other_day_is_alternate_day_dosing() -> None:
    assert canonical_stems("every-other-day tablets") >= canonical_stems("alternate-day")
    assert canonical_stems("iron every other day") >= canonical_stems("alternate-day")
    assert canonical_stems("every day") != canonical_stems("alternate-day")


def test_stomach_and_bowel_side_effects_are_gastrointestinal_ones() -> None:
    assert canonical_stems("stomach and bowel side effects") == canonical_stems("gastrointestinal side effects")
    assert canonical_stems("digestive side effects") == canonical_stems("gastrointestinal side effects")
    assert canonical_stems("stomach pain") == canonical_stems("abdominal pain")  # the older term still wins
    assert canonical_stems("stomach ulcer") == canonical_stems("gastric ulcer")


def test_keeping_on_with_the_tablets_is_adherence() -> None:
    assert "adher" in canonical_stems("more women kept taking their tablets")
    assert "adher" not in canonical_stems("more women kept a diary")


def test_no_worse_than_is_non_inferior() -> None:
    assert canonical_stems("every other day was no worse than daily") == canonical_stems(
        "alternate-day was non-inferior to daily"
    )


def test_a_comparison_with_its_figures_in_brackets_names_no_measure_of_versus() -> None:
    claim = unit_comparison("Side effects were more common with every-other-day dosing (21% versus 38%),")
    assert claim is not None and not claim.measure & canonical_stems("versus vs")


def test_the_lay_comparison_is_read_against_the_groups_figures() -> None:
    wrong = "Stomach and bowel side effects were much more common with every-other-day dosing (21% versus 38%),"
    right = "Stomach and bowel side effects were much less common with every-other-day dosing (21% versus 38%),"
    assert comparison_conflict(wrong, _GI)
    assert not comparison_conflict(right, _GI)


def test_alternate_days_are_an_interval_of_two_days_about_what_follows_them() -> None:
    from medhal.text.intervals import interval_conflicts, intervals

    evidence = (
        "Women were assigned to ferrous sulfate 200 mg once daily or 200 mg on alternate days for 8 weeks. "
        "Conclusions: Alternate-day oral iron was non-inferior to daily iron for raising haemoglobin."
    )
    # "200 mg on alternate days" is a dose's frequency (the frequency cue's); "alternate-day oral iron" an interval
    assert [(i.text, i.days) for i in intervals(evidence)] == [("Alternate-day", 2.0), ("daily", 1.0)]
    sentence = "Conclusions: Alternate-day oral iron was non-inferior to daily iron for raising haemoglobin."
    faithful = "Taking iron every other day was no worse than taking it daily for pregnant women with anaemia."
    assert interval_conflicts(faithful, sentence, evidence) == []
    wrong = "Taking iron every three days was no worse than taking it daily for pregnant women with anaemia."
    assert [(a.text, b.text) for a, b in interval_conflicts(wrong, sentence, evidence)] == [
        ("every three days", "Alternate-day")
    ]
