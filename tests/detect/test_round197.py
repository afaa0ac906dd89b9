"""Faithful clauses of blind rounds 197-198 (session 32) that the cues contradicted or flagged when first read, each
beside a wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal
from medhal.text.quantifiers import quantified_shares
from medhal.text.quantities import quantities

VARNISH = (
    "Results: Adverse reactions recorded within 48 hours followed 0.2% of applications, mostly vomiting; none were "
    "serious. Adverse events were reported after 9 of 7,037 applications (0.13%)."
)
STATUS = (
    "Evidence summary: Pooled data from three randomised trials (1,132 children) showed seizure cessation in 70% with "
    "levetiracetam and 66% with phenytoin (risk ratio 1.05, 95% CI 0.97 to 1.14). Serious adverse events were "
    "reported in 0.9% of levetiracetam recipients and 2.6% of phenytoin recipients."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_proportion_of_hundreds_is_one_share() -> None:
    """Round 198: 'about one in five hundred applications' was read as one in five (20%) against 0.2%, and 'about one
    for every eight hundred applications' as a count of 800 against 7,037."""
    assert [(s.quantity.text, s.quantity.value) for s in quantified_shares("about one in five hundred")] == [
        ("one in five hundred", 0.2)
    ]
    faithful = "Reactions were uncommon, about one in five hundred applications, and none were serious."
    assert "contradicted" not in _verdicts(VARNISH, faithful).values()
    also = "Side effects followed about one for every eight hundred applications."
    assert "contradicted" not in _verdicts(VARNISH, also).values()
    wrong = "Reactions were common, about one in five applications, and none were serious."
    assert "contradicted" in _verdicts(VARNISH, wrong).values()


def test_a_predicate_cut_from_its_subject_may_mean_any_sentence() -> None:
    """Round 197: 'Serious harms were uncommon | but happened nearly three times as often with phenytoin' was read
    against seizure cessation (70% and 66%), the sentence its cut clause shares 'phenytoin' with."""
    faithful = "Serious harms were uncommon but happened nearly three times as often with phenytoin."
    assert "contradicted" not in _verdicts(STATUS, faithful).values()


def test_a_pronoun_after_adverbs_names_no_cause() -> None:
    """Round 197: 'and very rarely it causes a severe allergic reaction' named a cause, 'very rarely it', the leaflet
    never names."""
    evidence = "Very rarely, the vaccine can cause a severe allergic reaction (anaphylaxis)."
    result = medhal.check(evidence, "It is safe, and very rarely it causes a severe allergic reaction.")
    assert all(u.cues.get("unnamed_subject") is None for u in result.units)


def test_a_proportion_with_a_half() -> None:
    """Round 198: 'roughly eight and a half in ten' read ten as a figure the evidence never states."""
    ten = [q for q in quantities("from about six in ten to roughly eight and a half in ten") if q.value == 10.0][-1]
    assert (ten.value, ten.approximate) == (10.0, True)


def test_complications_are_not_a_completed_follow_up() -> None:
    """Round 197: 'There were no serious complications' shared the stem 'compl' with 'Eighty-one women (90%) completed
    follow-up', was aligned with it alone and contradicted by the encoder."""
    evidence = "Results: Eighty-one women (90%) completed follow-up. No serious adverse events occurred."
    assert _verdicts(evidence, "There were no serious complications.")["There were no serious complications."] != (
        "contradicted"
    )
