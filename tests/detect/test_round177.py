"""Faithful clauses of blind rounds 177-180 (session 30) that the cues or the encoder contradicted, read end to end,
each with the wrong twin the same reading must still catch."""

from __future__ import annotations

import medhal

APHASIA = (
    "Methods: This prospective cohort study enrolled 158 adults with post-stroke aphasia from 2019 to 2022. Results: "
    "Caregiver strain scores did not differ (p=0.55). Conclusions: ICAP produced greater short-term language gains "
    "than standard care. Randomised trials with cost-effectiveness analyses are needed."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_design_restated_as_the_evidence_states_it_is_supported() -> None:
    faithful = "Because this was not a randomised trial, the authors say randomised studies are needed."
    verdicts = _verdicts(APHASIA, faithful)
    assert verdicts["Because this was not a randomised trial,"] == "supported"
    wrong = "Because this was a randomised trial, the authors say the findings are firm."
    assert _verdicts(APHASIA, wrong)["Because this was a randomised trial,"] == "contradicted"


PESSARY = (
    "What is the evidence? In a study of 1,044 women with a short cervix, 11 in every 100 women using progesterone "
    "gave birth before 33 weeks, compared with 19 in every 100 women using a dummy pessary. Babies in the progesterone "
    "group were less likely to need intensive care."
)


def test_the_rival_a_comparison_closes_with_is_a_share_of_its_group() -> None:
    """Round 178: 'compared with about 29 in 100 of those using a dummy pessary' (for 19) was read as a fragment
    with no predicate, so its share was never compared."""
    head = "About 11 in 100 of those using progesterone gave birth before 33 weeks, "
    faithful = _verdicts(PESSARY, head + "compared with about 19 in 100 of those using a dummy pessary.")
    assert "contradicted" not in faithful.values()
    wrong = _verdicts(PESSARY, head + "compared with about 29 in 100 of those using a dummy pessary.")
    assert wrong["compared with about 29 in 100 of those using a dummy pessary."] == "contradicted"
