"""Faithful clauses of blind rounds 209-210 (session 33) that the cues flagged when first read (none was
contradicted), each beside a figure or a name the same reading must still catch."""

from __future__ import annotations

import pytest

import medhal
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.synonyms import canonical_stems
from medhal.text.unnamed import never_named


def test_a_duration_of_years_and_months() -> None:
    """Round 209: 'a typical period of about a year and eight months' (median follow-up 20 months) read 'eight
    months' as a figure the evidence never states."""
    evidence = "Median follow-up was 20 months."
    assert unstated_quantities("They were followed for about a year and eight months.", evidence) == []
    assert [q.text for q in unstated_quantities("They were followed for eight months.", evidence)] == ["eight months"]


def test_lay_words_for_transfusion_and_low_mood() -> None:
    """Rounds 209-210: 'the share of patients receiving blood' (red cell transfusion) and 'eased low mood' (reduced
    depressive symptoms) named measures the evidence never names; 'receiving blood thinners' stays what it is."""
    assert "trans" in {s[:5] for s in canonical_stems("the share of patients receiving blood")}
    assert "trans" not in {s[:5] for s in canonical_stems("patients receiving blood thinners")}
    assert canonical_stems("low mood") <= canonical_stems("reduced depressive symptoms")


def test_things_name_nothing() -> None:
    """Round 210: 'a steroid injection into the hip in January eased things for about three weeks' had 'things' as
    an outcome the evidence never names."""
    evidence = "A hip injection in January gave relief for 3 weeks."
    assert not never_named("things", evidence, frozenset())
    result = medhal.check(evidence, "A steroid injection into the hip in January eased things for about three weeks.")
    assert not result.units[0].cues.get("unnamed_subject")


def test_a_proportion_of_a_compound_number() -> None:
    """Round 210's wrong twin 'roughly one in twenty-five people on aspirin had another clot' (for 6.6%) was read as
    one in twenty: the tens above twenty, with their units, are a proportion's base too."""
    from medhal.text.quantifiers import quantified_shares, share_conflicts

    assert [round(s.quantity.value, 1) for s in quantified_shares("roughly one in twenty-five people")] == [4.0]
    assert [round(s.quantity.value, 1) for s in quantified_shares("one in forty, two in ninety-nine")] == [2.5, 2.0]
    sentence = "Recurrent VTE occurred in 39 patients (6.6%) in the aspirin group and 61 (10.3%) in the placebo group."
    assert share_conflicts("roughly one in twenty-five people on aspirin had another clot,", sentence)
    assert not share_conflicts("roughly one in fifteen people on aspirin had another clot,", sentence)


def test_a_time_point_is_no_compound_duration() -> None:
    """'healed at week 4' (round 153's wrong twin, for week 2) was read as hedged once a duration's months after
    'a year and' were: only 'and' joins a compound duration of years, months or weeks."""
    assert not quantities("healed at week 4 compared with 62.3%")[0].approximate
    assert [q.approximate for q in quantities("for about a year and eight months")] == [True]


def test_a_range_of_months_to_years_is_no_compound_duration() -> None:
    """Clinical pair cp_062's wrong twin 'between 3 months and 12 years of age' (for 3 to 48 months) lost its
    unstated figure once 'months and' could open a compound duration: only a larger unit before a smaller one does."""
    assert [q.approximate for q in quantities("between 3 months and 12 years of age")] == [False, False]
    # a larger unit before a smaller one: one duration of 80 minutes (session 36)
    assert [(q.text, q.value * 1440) for q in quantities("an hour and twenty minutes")] == [
        ("an hour and twenty minutes", pytest.approx(80.0))
    ]
    evidence = "872 children aged 3 to 48 months were randomly assigned."
    assert [q.text for q in unstated_quantities("between 3 months and 12 years of age", evidence)] == ["12 years"]
