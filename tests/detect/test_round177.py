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
