"""Faithful clauses of blind rounds 207-208 (session 33) that the cues contradicted or flagged when first read, each
beside a wrong twin or a figure the same reading must still catch."""

from __future__ import annotations

import medhal
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens, canonical_stems
from medhal.text.term_figures import figure_in_term


def test_what_the_sentence_names_first_narrows_the_null_finding() -> None:
    """Round 207: '96 compared with 131, which works out to roughly a quarter fewer deaths.', cut from 'Deaths from
    lung cancer were lower in the scanned group,', was contradicted by 'All-cause mortality did not differ'."""
    evidence = (
        "Lung cancer deaths occurred in 96 participants in the screening arm and 131 in the control arm (rate ratio "
        "0.74). All-cause mortality did not differ significantly between arms (rate ratio 0.97, 95% CI 0.88-1.07)."
    )
    faithful = (
        "Deaths from lung cancer were lower in the scanned group, 96 compared with 131, which works out to roughly a "
        "quarter fewer deaths."
    )
    assert "contradicted" not in {u.verdict for u in medhal.check(evidence, faithful).units}
    wrong = "Screening also cut deaths from any cause by about a quarter."
    assert medhal.check(evidence, wrong).units[0].verdict == "contradicted"


def test_figures_and_terms_written_otherwise() -> None:
    """Rounds 207-208: 'stage three melanoma' (stage IIIB-IIIC), 'before 37 weeks' (preterm), 'at least 15 hours in
    every 24', 'three quarters of a day' (18 hours), 'your seventh of nine treatments' (cycle 7 of 9) and 'around seven
    days in ten' (71% of days) were read as figures the evidence never states."""
    for unit in ("for stage three melanoma", "preeclampsia before 37 weeks"):
        assert all(figure_in_term(unit, q, "stage IIIB-IIIC melanoma; preterm preeclampsia") for q in quantities(unit))
    assert not any(figure_in_term("stage two", q, "stage IIIB melanoma") for q in quantities("stage two"))
    assert unstated_quantities("used for at least 15 hours in every 24,", "used for at least 15 hours a day") == []
    (day,) = quantities("for about three quarters of a day")
    assert (day.kind, day.value) == ("time", 0.75)
    assert [q.text for q in quantities("your seventh of nine treatments")] == ["nine"]
    adherence = "Adherence was 84% of days at 6 months and 71% at 12 months."
    assert unstated_quantities("to around seven days in ten by the end of the year.", adherence) == []
    assert [q.text for q in unstated_quantities("Symptoms lasted seven days in total.", "Symptoms lasted 5 days.")] == [
        "seven days"
    ]


def test_lay_words_for_findings_and_causes() -> None:
    """Rounds 207-208: 'runny tummies' (diarrhoea), 'born unusually small' (small for gestational age), 'a serious
    narrowing of a heart valve' (aortic stenosis), 'his kidneys do not work fully' (chronic kidney disease), 'women'
    for 'females'."""
    assert canonical_stems("Runny tummies") == canonical_stems("diarrhoea")
    assert canonical_stems("women") == canonical_stems("females")
    letter = (
        "He was turned down because of severe aortic stenosis. He cannot take NSAIDs because of chronic kidney disease."
    )
    named = alignment_tokens(letter)
    assert unstated_cause("because of a serious narrowing of a heart valve", named, letter) is None
    assert unstated_cause("because his kidneys do not work fully,", named, letter) is None
    assert unstated_cause("because of a serious infection of a heart valve", named, letter) is not None
    result = medhal.check(
        "Small for gestational age occurred in 9% with aspirin and 11% with placebo.",
        "Babies were slightly less often born unusually small in the aspirin group.",
    )
    assert not result.units[0].cues.get("unnamed_subject")


def test_a_difference_against_a_change_between_two_levels() -> None:
    """Round 208's wrong twin 'he slept about two hours less a night' for 'Sleep improved from 4 to 6 hours per
    night' was supported: a difference by its size is read against a change from one level to another too."""
    from medhal.text.signed_differences import signed_difference_conflict

    said = ["He walked 2 km daily, compared with 500 m before. Sleep improved from 4 to 6 hours per night."]
    assert signed_difference_conflict("and he slept about two hours less a night.", said) == 0
    assert signed_difference_conflict("and he slept about two hours longer a night.", said) is None
    assert signed_difference_conflict("and he waited about two hours less in clinic.", said) is None


def test_a_sentence_before_narrows_only_by_naming_a_kind() -> None:
    """The round-207 reading at first dropped the null-finding cue wherever the sentence read whole no longer
    contradicted the finding, and so let round 156's wrong twin 'and visits took longer' go against 'Mean visit
    duration was unchanged'; only a kind of the finding's subject named before spares the clause."""
    evidence = "Time to diagnosis was shorter with the app. Mean visit duration was unchanged (18.6 vs 18.9 minutes)."
    wrong = "Diagnosis came sooner with the app, and visits took longer."
    assert "contradicted" in {u.verdict for u in medhal.check(evidence, wrong).units}
