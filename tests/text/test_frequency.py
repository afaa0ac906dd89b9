"""How often a dose is given: a unit's dose at a frequency the evidence never gives it at (round 20)."""

from __future__ import annotations

import pytest

from medhal.text.frequency import dose_frequencies, frequency_conflicts


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("colchicine 0.5 mg once daily (n=1,093)", [("0.5 mg", 1.0)]),
        ("reduce to 2000 IU subcutaneously once daily", [("2000 IU", 1.0)]),
        ("unfractionated heparin 5000 units every 12 hours", [("5000 units", 2.0)]),
        ("750 mg three times a day for 7 days", [("750 mg", 3.0)]),
        ("metformin 500 mg bd", [("500 mg", 2.0)]),
        ("alendronic acid 70 mg once a week", [("70 mg", 1.0 / 7.0)]),
        ("10 mg daily for 24 months", [("10 mg", 1.0)]),
        ("1 g every other day", [("1 g", 0.5)]),
        ("paracetamol 1 g 6-hourly", [("1 g", 4.0)]),
        ("15 mg/kg twice daily (maximum 500 mg per dose)", [("15 mg", 2.0)]),
        # a daily total shared out, a dose with no frequency, a frequency another figure stands between
        ("45 mg/kg/day in three divided doses", []),
        ("2 g daily in divided doses", []),
        ("aspirin 75 mg at night", []),
        ("the 500 mg tablet, taken for 14 days twice daily", []),
    ],
)
def test_each_dose_is_read_with_the_frequency_written_right_after_it(text: str, read: list[tuple[str, float]]) -> None:
    found = dose_frequencies(text)
    assert [(d.dose.text, pytest.approx(d.per_day)) for d in found] == read
    assert all(text[d.frequency.start : d.frequency.end] == d.frequency.text for d in found)


def test_a_dose_at_a_frequency_the_evidence_never_gives_it_at_conflicts() -> None:
    sentences = [
        "Standard dose: 4000 IU subcutaneously once daily.",
        "CrCl 15-29 mL/min: reduce to 2000 IU once daily; use unfractionated heparin 5000 units every 12 hours.",
    ]
    found = frequency_conflicts("The dose should be halved to 2000 IU twice daily.", sentences)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("twice daily", "once daily")]
    assert found[1] == 1
    found = frequency_conflicts("Heparin 5000 units every 8 hours should be used instead.", sentences)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("every 8 hours", "every 12 hours")]
    # the same frequency in other words, a dose the evidence gives at no frequency, a unit giving none
    assert frequency_conflicts("Heparin 5000 units twice a day should be used instead.", sentences) is None
    assert frequency_conflicts("The dose is 3000 IU twice daily.", sentences) is None
    assert frequency_conflicts("The dose is 2000 IU.", sentences) is None


def test_a_dose_the_evidence_gives_at_several_frequencies_conflicts_only_at_none_of_them() -> None:
    # a renal dosing table: 750 mg twice daily is right for another band, which is no frequency error
    sentences = [
        "For CrCl of 60 mL/min or higher, the dose is 750 mg three times daily.",
        "For CrCl 40-59 mL/min, give 750 mg twice daily; for CrCl 20-39 mL/min, 750 mg once daily.",
    ]
    assert frequency_conflicts("At a CrCl of 30 mL/min, give 750 mg twice a day.", sentences) is None
    found = frequency_conflicts("At a CrCl of 30 mL/min, give 750 mg four times a day.", sentences)
    assert found is not None and found[1] == 0


def test_a_daily_total_restated_after_the_frequency() -> None:
    """Round 26: "6.25 mg twice daily (12.5 mg/day)" was read as a daily total shared out, and the faithful "6.25 mg
    twice a day" as a changed frequency against the same sentence's "6.25 mg once daily"."""
    found = dose_frequencies("Started at 6.25 mg once daily and increased to 6.25 mg twice daily (12.5 mg/day).")
    assert [(d.dose.text, d.per_day) for d in found] == [("6.25 mg", 1.0), ("6.25 mg", 2.0)]
    assert dose_frequencies("Give 45 mg/kg/day in three divided doses.") == []
