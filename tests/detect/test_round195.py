"""Faithful clauses of blind rounds 195-196 (session 32) that the cues contradicted or flagged when first read, each
beside a wrong twin the same reading must still catch, read end to end through ``medhal.check``."""

from __future__ import annotations

import medhal
from medhal.text.frequency import interval_stated
from medhal.text.intervals import intervals
from medhal.text.quantities import Quantity, quantities

IRON = (
    "Background: In 2022 the clinic changed its standard advice for iron deficiency from ferrous sulfate 200 mg once "
    "daily to the same tablet on alternate days."
)
WOUNDS = (
    "Results: S. aureus deep surgical site infection occurred in 8 patients (1.1%) with decolonisation and 21 (2.9%) "
    "with placebo. Superficial wound infection did not differ significantly (3.9% vs 4.7%; p=0.54)."
)
ASPIRIN = (
    "Major bleeding occurred in 224 participants (3.6%) receiving aspirin and 152 (2.4%) receiving placebo (HR 1.47, "
    "95% CI 1.19 to 1.81)."
)
COLIC = "Constipation was reported in 2% of infants given the probiotic and 1% given placebo."


def _verdicts(evidence: str, response: str) -> dict[str, str]:
    return {u.text: u.verdict for u in medhal.check(evidence, response).units}


def test_an_interval_is_stated_by_the_frequency_that_says_it() -> None:
    """Round 195: 'changed its usual advice from taking an iron tablet every day to taking one every other day' was a
    changed interval, 'every day' against 'on alternate days', where the evidence says 'once daily'."""
    faithful = "The clinic changed its advice from taking an iron tablet every day to taking one every other day."
    assert "contradicted" not in _verdicts(IRON, faithful).values()
    weekly = intervals("taking one every week")[0]
    assert not interval_stated("", Quantity("interval", weekly.days, 0, 10, weekly.text, False, weekly.days), IRON)


def test_a_superficial_infection_is_not_a_deep_one() -> None:
    """Round 196: 'Deep wound infections ... were much less common' was contradicted by 'Superficial wound infection
    did not differ': 'superficial' shared its stem with 'superior' and was read as a framing word."""
    faithful = "Deep wound infections caused by this germ were much less common with the real treatment."
    assert "contradicted" not in _verdicts(WOUNDS, faithful).values()
    wrong = "Superficial wound infections were much less common with the real treatment."
    assert _verdicts(WOUNDS, wrong)[wrong] == "contradicted"


def test_half_as_common_again_is_half_as_much_more() -> None:
    """Round 196: 'serious bleeds were roughly half as common again with aspirin' (HR 1.47) was read as halved."""
    faithful = "That means serious bleeds were roughly half as common again with aspirin."
    assert _verdicts(ASPIRIN, faithful)[faithful] != "contradicted"
    wrong = "That means serious bleeds were roughly half as common with aspirin."
    assert _verdicts(ASPIRIN, wrong)[wrong] == "contradicted"


def test_a_proportion_may_name_what_it_counts_with_a_word_before_it() -> None:
    """Round 196: 'about one treated baby in fifty' read fifty as a figure the evidence never states."""
    fifty = quantities("although about one treated baby in fifty had mild constipation.")[-1]
    assert (fifty.value, fifty.approximate) == (50.0, True)
    result = medhal.check(COLIC, "About one treated baby in fifty had mild constipation.")
    assert not result.units[0].cues.get("unstated_figures")


def test_newly_diagnosed_names_new_diagnoses() -> None:
    """Round 195's wrong twin, missed blind: 'The tablets clearly lowered the chance of being newly diagnosed with
    asthma' against 'New asthma diagnoses did not differ significantly between groups'."""
    evidence = "New asthma diagnoses did not differ significantly between groups (RR 0.86, 95% CI 0.63 to 1.17)."
    wrong = "The tablets clearly lowered the chance of being newly diagnosed with asthma."
    assert _verdicts(evidence, wrong)[wrong] == "contradicted"
    faithful = "The tablets did not clearly change the chance of being newly diagnosed with asthma."
    assert _verdicts(evidence, faithful)[faithful] != "contradicted"
