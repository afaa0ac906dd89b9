"""Number / dose / unit normalisation and the changed-number cue."""

from __future__ import annotations

import pytest

from medhal.text.quantities import number_conflicts, quantities

EVIDENCE = "Patients received dapagliflozin 10 mg daily for 24 months. Of 412 adults, 12% had nausea (p = 0.03)."
DOSE = "Patients received dapagliflozin 10 mg daily for 24 months."
NAUSEA = "Of 412 adults, 12% had nausea (p = 0.03)."


def test_quantities_normalise_units_and_number_words() -> None:
    got = [(q.kind, q.value) for q in quantities("Twenty adults took 0.5 g or 500 milligrams for two years; 12% ...")]
    assert got == [("count", 20.0), ("mass", 500.0), ("mass", 500.0), ("time", 730.5), ("percent", 12.0)]
    assert quantities("about 30 months")[0].approximate and not quantities("30 months")[0].approximate
    assert quantities("HbA1c and IL6") == []


@pytest.mark.parametrize(
    ("unit", "sentence", "conflict"),
    [
        ("They got dapagliflozin 25 mg daily.", DOSE, ("25 mg", "10 mg")),  # changed dose
        ("They got dapagliflozin 0.01 g daily for two years.", DOSE, None),  # the same dose and duration restated
        ("Nausea affected 0.12 of the 412 adults.", NAUSEA, None),  # 12% as a fraction
        ("Nausea affected 15% of adults.", NAUSEA, ("15%", "12%")),  # changed percentage
        ("Nausea affected about 15% of adults.", NAUSEA, None),  # hedged: never a conflict
        ("Treatment lasted 36 months.", DOSE, ("36 months", "24 months")),  # changed duration
    ],
)
def test_number_conflicts(unit: str, sentence: str, conflict: tuple[str, str] | None) -> None:
    found = [(a.text, b.text) for a, b in number_conflicts(unit, EVIDENCE, sentence)]
    assert found == ([conflict] if conflict else [])


def test_thousands_separators_and_bare_numbers_against_numbers_with_units() -> None:
    # a faithful "1,204 patients aged 75 or older" was contradicted: "1,204" read as 1.204 and the bare "75" never
    # matched "75 years" (compared in days), so the cue paired it with "1,204"
    evidence = "We randomly assigned 1,204 patients aged 75 years or older to early rhythm control."
    assert [q.value for q in quantities("1,204 patients; 12,500 doses; 0,8 mg")] == [1204.0, 12_500.0, 0.8]
    assert number_conflicts("The trial enrolled 1,204 patients aged 75 or older.", evidence, evidence) == []
    ((changed, rival),) = number_conflicts("The trial enrolled 1,204 patients aged 65 or older.", evidence, evidence)
    assert (changed.text, rival.text) == ("65", "75 years")
