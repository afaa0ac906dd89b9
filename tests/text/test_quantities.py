"""Number / dose / unit normalisation and the changed-number cue."""

from __future__ import annotations

import pytest

from medhal.text.quantities import anchors, number_conflicts, quantities

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


def test_anchors_say_what_a_number_is_a_number_of() -> None:
    text = "The trial enrolled 1,204 patients aged 65 or older."
    count, age = quantities(text)
    assert sorted(anchors(text, age)) == ["aged", "older", "patie"]
    assert "trial" in anchors(text, count) and "aged" in anchors(text, count)
    with pytest.raises(ValueError):
        anchors("another text entirely", age)


def test_anchored_conflicts_need_a_rival_of_the_same_thing() -> None:
    # for loosely aligned sentences the rival must share an anchor: "aged 65" vs "aged 75 years" fires ...
    evidence = "We randomly assigned 1,204 patients aged 75 years or older to rhythm control."
    ((changed, rival),) = number_conflicts(
        "The trial enrolled 1,204 patients aged 65 or older.", evidence, evidence, anchored=True
    )
    assert (changed.text, rival.text) == ("65", "75 years")
    # ... but a percentage of something else does not (unanchored, the first percentage would be the rival)
    sentence = "Stroke occurred in 2.6% of the rhythm control group."
    unit = "Bleeding was seen in 3% after ablation."
    assert number_conflicts(unit, sentence, sentence) != []
    assert number_conflicts(unit, sentence, sentence, anchored=True) == []


@pytest.mark.parametrize(
    ("unit", "evidence"),
    [
        ("Transfusion was allowed once haemoglobin fell below 80 g/L.", "The threshold was 10 g/dL; 10 g of iron."),
        ("Transfusion was given at a haemoglobin of 80 g/L.", "The threshold was 10 g/dL; 10 g of iron."),
        ("It was reported by fewer than one in ten on placebo.", "Nausea: 9% with placebo vs 31% with 300 mg."),
        ("It fell from an hour and twenty minutes to 43 minutes.", "It fell from a median of 80 to 43 minutes."),
    ],
)
def test_concentrations_proportions_and_compound_durations_are_not_changed_numbers(unit: str, evidence: str) -> None:
    assert number_conflicts(unit, evidence, evidence) == []


def test_minutes_and_hours_are_durations() -> None:
    assert [q.kind for q in quantities("43 minutes, 2 h, 24 hours, 80 g/L, 1.9 mL/min")] == [
        "time",
        "time",
        "time",
        "mass/l",
        "volume/min",
    ]
    ((changed, rival),) = number_conflicts(
        "Infusion lasted 30 minutes.", "Infusion lasted 45 minutes.", "Infusion lasted 45 minutes."
    )
    assert (changed.text, rival.text) == ("30 minutes", "45 minutes")
    assert (
        number_conflicts("Infusion lasted 1 hour.", "Infusion lasted 60 minutes.", "Infusion lasted 60 minutes.") == []
    )


def test_anchored_conflicts_skip_lay_number_words_and_doses_against_counts() -> None:
    sentence = "Patients received a single 8 mg dose of dexamethasone or placebo."
    assert number_conflicts("One dose of a steroid made vomiting less likely.", sentence, sentence, anchored=True) == []
    assert number_conflicts("Patients got 3 doses of a steroid.", sentence, sentence, anchored=True) == []
    assert number_conflicts("Patients got 3 doses of a steroid.", sentence, sentence) != []  # unanchored: as before


def test_category_numbers_are_labels_not_counts() -> None:
    evidence = "In this trial, 1,958 adults without diabetes and 120 with type 1 diabetes were enrolled."
    assert [q.kind for q in quantities(evidence)] == ["count", "count", "label:type"]
    ((changed, rival),) = number_conflicts("Adults with type 2 diabetes were enrolled.", evidence, evidence)
    assert (changed.text, rival.text) == ("2", "1")
    assert number_conflicts("Grade 3 events were rare.", evidence, evidence) == []
