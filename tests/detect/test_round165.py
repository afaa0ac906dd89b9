"""Faithful clauses of blind rounds 165-168 that the encoder contradicted (session 28), read end to end."""

from __future__ import annotations

import medhal

VARNISH = (
    "Compared with no varnish, twice-yearly application reduced the increment by 30% (prevented fraction 0.30, 95% CI "
    "0.14 to 0.43) and four-times-yearly application by 33% (0.33, 0.17 to 0.46). The difference between the two "
    "varnish schedules was not statistically significant (mean difference 0.07 surfaces, 95% CI -0.31 to 0.45; "
    "p=0.72). Conclusions: Twice-yearly fluoride varnish reduced caries in high-risk preschool children; more "
    "frequent application gave no meaningful additional benefit at almost double the cost."
)
IRON = (
    "4.4 Ferric carboxymaltose 1,000 mg may be given as a single infusion. 4.5 Hypophosphataemia has been reported "
    "in up to 40% of women after ferric carboxymaltose; check phosphate if a repeat infusion is planned or if "
    "fatigue or bone pain develops."
)
SOLDIER = (
    "He completed a heat tolerance test and passed it. I therefore recommend a graded return over 4 weeks: 2 weeks "
    "of light exercise in cool conditions, then 2 weeks of progressive heat acclimatisation, before unrestricted "
    "duties. He should avoid training when unwell or sleep-deprived."
)


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_a_difference_said_to_be_tiny_is_not_denied_by_its_non_significance() -> None:
    response = "Four times a year gave a similar reduction, and the difference between the two schedules was tiny."
    assert "contradicted" not in _verdicts(VARNISH, response).values()
    wrong = "Four times a year gave a similar reduction, and the difference between the two schedules was large."
    assert "contradicted" in _verdicts(VARNISH, wrong).values()


def test_a_benefit_another_part_of_the_sentence_denies_to_another_schedule() -> None:
    response = "So twice-yearly varnish seems to give nearly all of the benefit at a lower cost."
    assert "contradicted" not in _verdicts(VARNISH, response).values()
    # and that part's negation is no agreement with a unit that denies what the first part says (text/ways.py)
    assert _verdicts(VARNISH, "Twice-yearly varnish did not reduce caries.") == {
        "Twice-yearly varnish did not reduce caries.": "contradicted"
    }


def test_an_instruction_in_the_passive_is_the_guideline_s_imperative() -> None:
    response = (
        "Low phosphate is fairly common, so phosphate should be checked before a repeat dose or if bone pain appear."
    )
    assert "contradicted" not in _verdicts(IRON, response).values()


def test_only_after_that_is_the_letter_s_before() -> None:
    response = "He should build up over four weeks. Only after that should he go back to unrestricted duties."
    assert "contradicted" not in _verdicts(SOLDIER, response).values()
