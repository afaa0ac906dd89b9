"""Faithful clauses of blind rounds 227-229 (session 35) that the cues flagged or contradicted when first read, each
beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.detect.alignment import restates
from medhal.text import split_clauses
from medhal.text.bounds import bound_value_conflicts
from medhal.text.doses import daily_forms
from medhal.text.effects import unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_text


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def _cause(unit: str, evidence: str) -> str | None:
    return unstated_cause(unit, alignment_tokens(evidence), evidence)


def test_lay_causes_are_read_in_clinical_words() -> None:
    """Round 227-229 causes stated in lay words: persistent hearing loss, spontaneous resolution, pre-eclampsia, the
    sinus node, an overestimated INR, reactivation, insufficient data and a PSA."""
    cases = [
        (
            "In the monitoring arm, 49 children (31%) had grommets inserted by 12 months because of persistent hearing"
            " loss.",
            "nearly a third ended up having grommets within a year anyway, because their hearing stayed poor.",
            "nearly a third ended up having grommets within a year anyway, because their ears kept hurting.",
        ),
        (
            "Children should have a 3-month period of active observation, as around 50% of effusions resolve within"
            " this time.",
            "a three-month wait, because roughly half of cases clear up by themselves in that time.",
            "a three-month wait, because roughly half of cases need surgery in that time.",
        ),
        (
            "Mira was born at 31+2 weeks' gestation by emergency caesarean section for maternal pre-eclampsia.",
            "Mira came early because her mother had developed a pregnancy condition that causes high blood pressure,",
            "Mira arrived early because her mother had developed an infection of the womb,",
        ),
        (
            "Ivabradine is not recommended in atrial fibrillation, because it acts on the sinus node and does not slow"
            " the ventricular rate in AF.",
            "It is not advised in atrial fibrillation, because the drug works on the heart's natural pacemaker",
            "It is not advised in atrial fibrillation, because the drug damages the heart valves",
        ),
        (
            "Self-testing is not recommended for people with antiphospholipid syndrome, because point-of-care meters"
            " may overestimate the INR in this condition.",
            "It is not advised, because the home meters can give readings that are falsely high in that condition.",
            "It is not advised, because the home meters can run out of battery in that condition.",
        ),
        (
            "Hepatitis B reactivation has been reported during and after treatment.",
            "Checks are needed, because that infection can flare up during or after treatment",
            "Checks are needed, because that infection can spread to the kidneys during or after treatment",
        ),
        (
            "3HP is not recommended in pregnancy, because data are insufficient.",
            "The regimen is not advised during pregnancy, because there isn't enough information,",
            "The regimen is not advised during pregnancy, because it causes birth defects,",
        ),
    ]
    for evidence, faithful, wrong in cases:
        assert _cause(faithful, evidence) is None, faithful
        assert _cause(wrong, evidence) is not None, wrong
    assert canonical_text("his PSA blood test had climbed") == "his PSA had climbed"
    assert alignment_tokens("had climbed") == alignment_tokens("had risen")


def test_a_drug_named_for_its_class_and_names_in_other_forms() -> None:
    """Round 227: 'aspirin or similar drugs' for 'No antiplatelet', 'GBq' for 'MBq', and 'the antibody test for
    Graves' disease' for 'TSH receptor antibodies'."""
    plan = "Medication changes: Rivaroxaban stopped. No antiplatelet to be given in the interim."
    assert unstated_names("and he is not to take aspirin or similar drugs in the meantime.", plan) == ()
    assert unstated_names("and he is not to take clopidogrel or similar drugs in the meantime.", plan)
    assert unstated_names("and he is not to take aspirin in the meantime.", plan)
    assert unstated_names("containing roughly 0.4 to 0.6 GBq of iodine.", "containing 400 to 600 MBq of I-131") == ()
    antibodies = "Investigations: TSH below 0.01 mU/L; TSH receptor antibodies negative (below 0.9 IU/L)."
    assert unstated_names("while the antibody test for Graves' disease was negative.", antibodies) == ()


def test_a_range_in_words_is_one_clause() -> None:
    """Round 227: 'restarting is suggested somewhere between two | and eight weeks afterwards' was cut in two and its
    first half denied by another recommendation."""
    text = "restarting is suggested somewhere between two and eight weeks afterwards, most often at the one-month mark."
    first = next(c.text for c in split_clauses(text))
    assert first == "restarting is suggested somewhere between two and eight weeks afterwards,"
    assert len(split_clauses("Scores were between 2.5% and 8% in both arms and fell later.")) == 2


def test_figures_in_other_words() -> None:
    """Rounds 227-229: weeks before term, fractions of a unit, a daily dose, a trimester, gaps between dosing hours,
    kinds of one thing counted together and a tenth of one percent."""
    born = "He was born at 30+4 weeks by spontaneous vaginal delivery, birthweight 1,510 g."
    assert _unstated("Theo was born about nine and a half weeks early,", born) == []
    assert _unstated("Theo was born about seven weeks early,", born) == ["seven weeks"]
    walked = "History: breathless walking about 200 metres on the flat."
    growth = "Progression of 0.75 D in each eye over 12 months with axial growth of about 0.4 mm."
    assert _unstated("and his eyeballs grew by about four-tenths of a millimetre in length.", growth) == []
    assert _unstated("he gets out of breath after walking roughly half of a kilometre.", walked)
    assert _unstated("he gets out of breath after walking roughly a fifth of a kilometre.", walked) == []
    dose = "Mean dose rose from 300 mg/day to 475 mg/day with level-guided care."
    kinds = [q.kind for q in daily_forms("the average daily dose went up from 300 mg", quantities(dose), amounts=True)]
    assert "mass" in kinds
    assert "mass" not in [q.kind for q in daily_forms("take 300 mg twice daily", quantities(dose), amounts=True)]
    fell = "Without adjustment, concentrations fell by a median of 52% by the third trimester."
    assert _unstated("so blood levels roughly halved by the last three months", fell) == []
    assert _unstated("so blood levels roughly halved by the last four months", fell) == ["four months"]
    hours = "4.2.2 Dosing: six doses over three days, given at 0, 8, 24, 36, 48 and 60 hours."
    assert _unstated("and then one dose every twelve hours for the following two days.", hours) == []
    assert _unstated("and then one dose every ten hours for the following two days.", hours) == ["ten hours"]
    cores = "He underwent transperineal biopsy (4 targeted and 12 systematic cores)."
    assert _unstated("with sixteen samples taken in total.", cores) == []
    assert _unstated("with eighteen samples taken in total.", cores) == ["eighteen"]
    films = "Fever settled within 36 hours, and parasitaemia had fallen to 0.1% at 48 hours."
    assert _unstated("the share of infected cells had dropped to about a tenth of one percent.", films) == []


def test_hedged_bounds_ages_readings_and_summed_scores() -> None:
    """Round 228's 'about a third of a millimetre or more' for '0.3 mm or more'; round 229's 'who is 67' for 'age
    67', 'his own meter read 3.0' for 'meter reading 3.0' and 'Gleason 6' for 'Gleason 3+3=6'."""
    rule = "Children whose eyes have lengthened by 0.3 mm or more per year."
    assert (
        bound_value_conflicts("whose eyes grow by about a third of a millimetre or more each year.", rule, rule) == []
    )
    assert bound_value_conflicts("whose eyes grow by 0.6 mm or more each year.", rule, rule)
    letter = "Re: Mr Dominic Arkwright, age 67. History: He has had a mechanical aortic valve since 2019 (INR 2.0-3.0)."
    history = "History: He has had a mechanical aortic valve since 2019 (INR 2.0-3.0)."
    assert number_conflicts("Mr Arkwright, who is 67 and has had a valve since 2019,", letter, history) == []
    assert number_conflicts("Mr Arkwright, who is 76 and has had a valve since 2019,", letter, history)
    assert alignment_tokens("his meter read 3.0") == alignment_tokens("meter reading 3.0")
    assert [q.kind for q in quantities("Gleason 3+3=6")] == ["label:part", "label:part", "label:gleason"]
    histology = (
        "3 of 4 cores showed Gleason 3+4=7 (Grade Group 2), maximum core length 6 mm. 2 of 12 showed Gleason 3+3=6."
    )
    assert (
        number_conflicts("two of the twelve samples showed a lower-grade Gleason 6 cancer.", histology, histology) == []
    )


def test_the_treatment_pointed_back_at_and_a_share_of_what_came_before() -> None:
    """Round 229: 'The regimen is not advised during pregnancy' restates '3HP is not recommended in pregnancy';
    'whereas levonorgestrel prevented only about half' names no outcome of its own."""
    rule = "4.5 3HP is not recommended in pregnancy, because data are insufficient."
    assert restates(rule, "The regimen is not advised during pregnancy,")
    assert not restates(rule, "The regimen is advised during pregnancy,")
    assert not restates(rule, "The regimen is not advised during breastfeeding,")
    trial = "UPA prevented an estimated 76% of expected pregnancies versus 48% with LNG."
    tokens = alignment_tokens(trial)
    assert unnamed_outcome("whereas levonorgestrel prevented only about half.", trial, tokens) is None
    assert unnamed_outcome("whereas levonorgestrel prevented only about half of strokes.", trial, tokens)
