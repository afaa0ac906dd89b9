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


TAI_CHI = (
    "What have we found? Between 2021 and 2023, 318 people completed our programme and were compared with 296 people "
    "on the waiting list who received a falls-prevention booklet only. Over the following 12 months, 27% of tai chi "
    "participants had at least one fall, compared with 41% of people who received the booklet. Falls needing an "
    "emergency department visit occurred in 6% versus 9%, but this difference may have been due to chance."
)


def test_figures_of_unnamed_groups_follow_the_order_of_the_sentence_before() -> None:
    """Round 180: '6% versus 9%' names no group; the sentence before gives tai chi first (and 'tai chi' is two words
    too short for the stop list to keep, 'at least one fall' no change)."""
    wrong = "Falls needing an emergency department visit were more common in the tai chi group."
    assert _verdicts(TAI_CHI, wrong)[wrong] == "contradicted"
    faithful = "Falls needing an emergency department visit were less common in the tai chi group."
    assert _verdicts(TAI_CHI, faithful)[faithful] != "contradicted"


LETROZOLE = (
    "Results: Live births occurred in 98 women (32.0%) in the letrozole group and 67 (21.9%) in the clomiphene group "
    "(rate ratio 1.46, 95% CI 1.12-1.90; p=0.005). Adverse events included hot flushes (9.8% vs 24.5%) and dizziness "
    "(11.8% vs 7.2%)."
)


def test_the_rival_a_comparison_closes_with_is_read_with_the_clause_before() -> None:
    """Round 180: 'compared with roughly 12% of those taking clomiphene' (for 21.9%) was cut from its clause, aligned
    with nothing, and its 12% rounds the 11.8% of dizziness."""
    head = "About 32% of women taking letrozole had a live birth, "
    wrong = _verdicts(LETROZOLE, head + "compared with roughly 12% of those taking clomiphene.")
    assert wrong["compared with roughly 12% of those taking clomiphene."] == "contradicted"
    faithful = _verdicts(LETROZOLE, head + "compared with roughly 22% of those taking clomiphene.")
    assert "contradicted" not in faithful.values()


ESTRIOL = (
    "Results: At 12 months, improvement persisted in 49% of the laser group versus 71% of the estriol group. "
    "Twenty-three women (23%) in the laser group sought additional treatment by 12 months, compared with 9 (8%) in the "
    "estriol group."
)


def test_a_rival_share_is_read_with_the_clause_it_is_cut_from() -> None:
    """Round 184: 'versus about one in twelve on estriol' alone was aligned with the 71% improvement sentence."""
    head = "Nearly a quarter of the laser group looked for extra treatment within the year, "
    faithful = _verdicts(ESTRIOL, head + "versus about one in twelve on estriol.")
    assert "contradicted" not in faithful.values()
