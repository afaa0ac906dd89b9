"""Faithful clauses of blind rounds 205-206 (session 33) that the cues contradicted or flagged when first read, each
beside a wrong twin or a figure the same reading must still catch."""

from __future__ import annotations

import medhal
from medhal.text.derived import far_off, share_of_counts
from medhal.text.explanations import unstated_cause
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.ratios import ratio_conflicts
from medhal.text.synonyms import alignment_tokens


def test_a_conceded_difference_is_not_held_against_its_clause() -> None:
    """Round 205: 'Fewer people in the drip group needed a blood transfusion (about 3 in 100 against about 7 in
    100), | but this difference was small enough that it may simply have been chance.' had its first clause
    contradicted by 'The difference in transfusion rates did not reach statistical significance.'"""
    evidence = (
        "Transfusion was required in 5 patients (3.2%) in the intravenous group and 11 patients (7.1%) in the topical "
        "group. The difference in transfusion rates did not reach statistical significance."
    )
    conceded = (
        "Fewer people in the drip group needed a blood transfusion (about 3 in 100 against about 7 in 100), but this "
        "difference was small enough that it may simply have been chance."
    )
    assert "contradicted" not in {u.verdict for u in medhal.check(evidence, conceded).units}
    claimed = "Far fewer people in the drip group needed a blood transfusion, a clear and convincing benefit."
    assert "contradicted" in {u.verdict for u in medhal.check(evidence, claimed).units}


def test_causes_in_lay_words_the_evidence_states() -> None:
    """Round 205-206: causes a letter or guideline states in clinical words, told in lay words, were read as
    explanations the evidence never gives (and their faithful answers flagged)."""
    cases = [
        ("Do not withdraw CGM solely because HbA1c has not improved.", "because the HbA1c hasn't come down,"),
        (
            "Chronic dizziness from vestibular disorders is common.",
            "because of a problem with the balance system of the inner ear.",
        ),
        ("CKD stage 3b secondary to hypertensive nephropathy.", "mainly because of long-standing high blood pressure."),
        (
            "Presented with painless spontaneous rupture of membranes at 35+2 weeks.",
            "because her waters had broken without any pain.",
        ),
        (
            "Forceful stretching is not recommended, as it does not speed recovery.",
            "because it does not make you recover faster",
        ),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence), evidence) is None, unit
    named = alignment_tokens("Chronic dizziness from vestibular disorders is common.")
    assert unstated_cause("because of a viral infection of the inner ear.", named, "") is not None


def test_a_hedged_relative_change_of_a_ratio_in_times() -> None:
    """Round 206: 'roughly 60% more risk' for 'about 1.6 times the risk of dementia' was an unstated figure."""
    evidence = "those with moderate hearing loss had about 1.6 times the risk of dementia of those with normal hearing."
    unit = "moderate hearing loss came with roughly {}% more risk than normal hearing."
    assert unstated_quantities(unit.format(60), evidence) == []
    assert [q.text for q in unstated_quantities(unit.format(30), evidence)] == ["30%"]
    assert [q.ratio for q in quantities("1.6 times the risk; three times the risk")] == [True, False]


def test_a_hedged_share_of_the_people_a_sentence_counts() -> None:
    """Round 206: 'About half had ketamine alone' was changed against the '61%' of boys in 'We enrolled 318 children
    (median age 8 years; 61% boys): 160 ketamine and 158 ketofol.'"""
    sentence = "Results: We enrolled 318 children (median age 8 years; 61% boys): 160 ketamine and 158 ketofol."
    assert number_conflicts("About half had ketamine alone through a drip,", sentence, sentence) == []
    assert number_conflicts("About a quarter had ketamine alone through a drip,", sentence, sentence)
    (half,) = quantities("About half")
    assert share_of_counts(half, quantities(sentence))


def test_a_factor_between_figures_of_another_thing() -> None:
    """Round 206: 'Her night pain has now more than halved' was read against 95 and 170 degrees of flexion."""
    sentence = (
        "At her first visit, her night pain was 7/10, and she had 35 degrees of external rotation and 95 degrees of "
        "flexion on the right, compared with 80 and 170 degrees on the left."
    )
    assert ratio_conflicts("Her night pain has now more than halved,", sentence) == []
    assert ratio_conflicts("It halved the rate.", "Relapse was 16.4% with the drug and 19.5% with placebo.")


def test_a_measure_its_unit_left_out_and_per_kilo() -> None:
    """Round 206: 'between 100 and just under 300' for 'ferritin 100-299 µg/L', and 'just under 1 microgram per kilo
    per hour' for '0.9 µg/kg/h', were figures the evidence never states."""
    (_, under) = quantities("between 100 and just under 300")
    assert not far_off(under, quantities("ferritin 100-299 µg/L"))
    assert far_off(quantities("about 600")[0], quantities("ferritin 100-299 µg/L"))
    (dose,) = quantities("just under 1 microgram per kilo per hour")
    assert dose.kind == "mass/kg/h"
    assert unstated_quantities("up to just under 1 microgram per kilo per hour", "increased to 0.9 µg/kg/h") == []


def test_two_shares_in_words_compared_are_a_pair() -> None:
    """Round 205's wrong twin: 'about 3 in 100 against about 12 in 100' for 3.2% and 7.1% was left unsupported only;
    two hedged shares in words set against each other are read as the pair they are."""
    from medhal.text.hedged_pairs import pair_conflict

    said = ["Transfusion was required in 5 patients (3.2%) in one group and 11 patients (7.1%) in the other."]
    wrong = "Fewer people needed a blood transfusion (about 3 in 100 against about 12 in 100),"
    found = pair_conflict(wrong, said)
    assert found is not None and (found[1].text, found[2].text) == ("12 in 100", "7.1%")
    assert pair_conflict(wrong.replace("12 in 100", "7 in 100"), said) is None


def test_a_chance_of_something_is_no_concession() -> None:
    """Round 198's wrong twin 'Hospital stays were noticeably shorter, | and the chance of being readmitted was
    similar.' lost its null-finding cue when 'chance' alone was read as conceding the difference (session 33)."""
    from medhal.detect.unit_cues import _CONCEDED

    assert not _CONCEDED.match(" and the chance of being readmitted was similar.")
    assert _CONCEDED.match(" but this difference was small enough that it may simply have been chance.")
    assert _CONCEDED.match(" though this was not statistically significant.")
