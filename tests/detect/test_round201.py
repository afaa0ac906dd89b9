"""Faithful clauses of blind rounds 201-202 (session 32) that the cues contradicted or flagged when first read, each
beside a wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal
from medhal.detect.unit_cues import _listed_before_negation
from medhal.detect.units import Unit, segment_units
from medhal.text.ratios import ratio_conflicts


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_one_kind_of_infection_is_not_the_infections_overall() -> None:
    """Round 201: 'two people taking it caught a bowel infection caused by ... Clostridioides difficile' was
    contradicted by 'rates of infection overall did not differ between groups'."""
    evidence = (
        "Serious adverse events were reported in 36% versus 40%, and rates of infection overall did not differ "
        "between groups. Clostridioides difficile infection occurred in 2 patients taking rifaximin."
    )
    faithful = "Two people taking it caught a bowel infection caused by a germ called Clostridioides difficile."
    assert "contradicted" not in _verdicts(evidence, faithful).values()
    wrong = "Infections were much more common with rifaximin."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"


def test_a_brand_names_its_toxin() -> None:
    """Round 201: 'Botox-type injections' named a drug the trial (onabotulinumtoxinA) never names."""
    evidence = "We compared onabotulinumtoxinA injections with placebo in adults with chronic migraine."
    result = medhal.check(evidence, "This study compared Botox-type injections with dummy injections.")
    assert not result.units[0].cues.get("unstated_names")


def test_a_threshold_to_check_is_no_relative_change() -> None:
    """Round 202: 'the doctor should check whether flare-ups have at least halved' was read as a halving against a
    rate ratio of 0.79."""
    assert ratio_conflicts("Check whether flare-ups have at least halved.", "Flare-ups fell (rate ratio 0.79).") == []
    assert ratio_conflicts("Mepolizumab halved flare-ups.", "Flare-ups fell (rate ratio 0.79).")


def test_the_first_item_of_a_subject_cut_at_its_and_asserts_nothing() -> None:
    """Round 202: 'Medicated decongestants | and cough and cold medicines should not be given to children under six'
    had its first item read as asserting decongestants the leaflet says not to give."""
    evidence = (
        "Side effects\nSaline may sting briefly or cause sneezing. Nosebleeds are uncommon.\nWhat to avoid\nDo not "
        "give decongestant drops, sprays or cough and cold medicines to children under 6 years; they can cause side "
        "effects such as a fast heartbeat and poor sleep."
    )
    units = [Unit.of_span(s) for s in segment_units(FAITHFUL, "clause")]
    assert units[0].text == "Medicated decongestants"
    assert _listed_before_negation(units, 0, FAITHFUL)
    result = medhal.check(evidence, FAITHFUL)
    assert all(u.cues.get("denied") is None for u in result.units)
    wrong = "Decongestant drops are fine for children under six."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"


FAITHFUL = "Medicated decongestants and cough and cold medicines should not be given to children under six."


def test_a_wrist_fracture_is_a_distal_forearm_fracture() -> None:
    """An own fracture abstract (session 32): 'picked up about 95% of wrist fractures' named a joint the study
    ('distal forearm fractures') was read as never naming, and flagged the faithful answer."""
    evidence = "Children with a suspected distal forearm fracture had POCUS; its sensitivity was 95.4%."
    result = medhal.check(evidence, "The scan picked up about 95% of wrist fractures.")
    assert not result.units[0].cues.get("unstated_names")
    knee = medhal.check(evidence, "The scan picked up about 95% of knee fractures.")
    assert knee.units[0].cues.get("unstated_names") == ["knee"]


def test_evar_is_the_endovascular_side() -> None:
    """Round 85, kept faithful: 'anatomy suitable for standard endovascular repair (EVAR)' where the letter writes only
    'EVAR' and 'Open repair vs EVAR discussed'."""
    letter = "CT: AAA 5.8 cm. Anatomy suitable for standard EVAR. Discussion: Open repair vs EVAR discussed."
    faithful = "The scan showed anatomy suitable for standard endovascular repair (EVAR)."
    assert "contradicted" not in _verdicts(letter, faithful).values()
