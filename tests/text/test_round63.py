"""Round 63 (24 texts written blind after round 62's rules: radiology reports, genetics letters, neonatal notes,
addiction services, swallowing reports, stroke rehabilitation, pharmacy documents and infection-control reports;
read with round 62's rules, 1 faithful clause was contradicted and 4 of the 24 faithful answers flagged): the
faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.figures import unstated_quantities
from medhal.text.frequency import dose_frequencies
from medhal.text.harmonize import harmonized
from medhal.text.number_forms import numeric_dates, short_dates
from medhal.text.quantities import quantities
from medhal.text.recommendations import unadvised


def test_kilograms_in_words() -> None:
    assert [(q.kind, q.value) for q in quantities("about 1.24 kilograms")] == [("mass", 1240000.0)]
    assert unstated_quantities("weighing 1,240 grams, about 1.24 kilograms,", "birth weight 1,240 g") == []


def test_a_short_date_at_a_sentence_end() -> None:
    note = "Discharged: 28/02/2025. NGT removed 19/02. Competency for all HCAs by 15/11."
    assert [d for d, _, _ in short_dates(note, numeric_dates(note))] == [50.0, 319.0]
    assert unstated_quantities("and his feeding tube came out on 19 February.", note) == []


def test_a_weight_gain_said_as_up() -> None:
    note = "Weight: 760 g (yesterday 745 g)."
    assert unstated_quantities("she weighs 760 g, up 15 g on yesterday.", note) == []
    assert [q.text for q in unstated_quantities("she weighs 760 g, up 25 g on yesterday.", note)] == ["25 g"]


def test_a_gestation_and_a_range_are_not_rewritten_by_halves() -> None:
    evidence = "Born 24+5/40. CGA 27+2. CPAP, FiO2 0.25-0.30. CrUSS unchanged on day 14."
    unit = "now 27+2 weeks corrected, in 25 to 30 percent oxygen,"
    assert harmonized(unit, evidence) == unit  # not "27+day 14", nor "25 to 0.30"


def test_once_daily_in_latin_shorthand() -> None:
    reconciliation = "3. Bisoprolol 2.5 mg OD - agrees. Continued. 4. Apixaban 2.5 mg BD - agrees."
    assert [(d.dose.text, d.per_day) for d in dose_frequencies(reconciliation)] == [("2.5 mg", 1.0), ("2.5 mg", 2.0)]
    assert [(d.frequency.text, d.per_day) for d in dose_frequencies("Zopiclone 3.75 mg nocte")] == [("nocte", 1.0)]


def test_an_actions_heading_says_what_to_do() -> None:
    audit = ["4. Actions", "- Ward 9 manager to submit improvement plan by 31/01/2025; weekly re-audit for 6 weeks."]
    assert not unadvised("The Ward 9 manager must submit an improvement plan by 31 January,", audit)
    assert unadvised("The Ward 9 manager must submit an improvement plan.", ["Compliance fell to 76% on Ward 9."])
