"""An outcome a unit says an intervention changed, which the evidence never names (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.effects import changed_outcome, stated_cause, unnamed_outcome
from medhal.text.synonyms import alignment_tokens

EVIDENCE = (
    "Results: Vomiting within 24 hours occurred in 24.8% of the dexamethasone group and 33.0% of the standard-care "
    "group (p = 0.002). Surgical site infection rates were similar (12.0% versus 11.7%). Myopia progressed less "
    "with atropine."
)


@pytest.mark.parametrize(
    ("unit", "outcome"),
    [
        ("The steroid made patients less likely to vomit and shortened their hospital stay.", "their hospital stay"),
        ("Statins reduced the risk of stroke in adults over 75.", "the risk of stroke"),
        ("Dexamethasone also markedly improved sleep quality after surgery.", "sleep quality"),
        ("and it cut the cost of care by half.", "the cost of care"),
        # "the need" with what is needed (round 158): an invented "reduced the need for mechanical ventilation"
        ("The technique significantly reduces the need for laparoscopy.", "the need for laparoscopy"),
    ],
)
def test_the_outcome_is_the_object_of_the_effect_verb(unit: str, outcome: str) -> None:
    assert changed_outcome(unit) == outcome


@pytest.mark.parametrize(
    "unit",
    [
        "The steroid did not shorten the hospital stay.",  # negated: no effect asserted
        "Dexamethasone may reduce the hospital stay.",  # hedged
        "Patients had a reduced risk of adverse reactions.",  # an adjective
        "The incidence was decreased in the experimental group.",  # a passive
        "Improved campaigns are needed.",  # no subject: an adjective
        "The technique significantly reduces the need.",  # "the need" alone names no outcome
        "Follow-up improved appreciably over time.",  # an adverb, then a time
        "Gene editing prevents the pathology associated with apoE4.",  # the outcome is in the words after
        "It reduced ICU admissions.",  # an acronym: too short to judge by its stems
    ],
)
def test_no_outcome_is_read_where_none_is_asserted_whole(unit: str) -> None:
    assert changed_outcome(unit) is None


def test_an_outcome_is_unnamed_only_when_the_evidence_names_none_of_its_words() -> None:
    tokens = alignment_tokens(EVIDENCE)
    assert unnamed_outcome("Dexamethasone shortened their hospital stay.", EVIDENCE, tokens) == "their hospital stay"
    assert unnamed_outcome("Dexamethasone reduced vomiting.", EVIDENCE, tokens) is None
    # one word named is enough: "wound infection" shares "infection" with "surgical site infection"
    assert unnamed_outcome("Dexamethasone increased wound infection.", EVIDENCE, tokens) is None
    # lay wording read through synonyms: short-sightedness is myopia
    assert unnamed_outcome("Atropine drops slowed short-sightedness.", EVIDENCE, tokens) is None


@pytest.mark.parametrize(
    ("unit", "cause"),
    [
        ("Aseptic loosening caused almost half of the revisions in the morbidly obese.", "Aseptic loosening"),
        ("and deep infection accounted for most revisions.", "deep infection"),
        ("The link was largely explained by shorter sleep in night workers.", "shorter sleep"),
        ("The surge in hypertension is largely explained by modifiable risk factors.", "modifiable risk factors"),
    ],
)
def test_the_cause_is_named_before_its_verb_or_after_by(unit: str, cause: str) -> None:
    assert stated_cause(unit) == cause


@pytest.mark.parametrize(
    "unit",
    [
        "It caused fewer revisions.",  # a pronoun: named elsewhere
        "while other mechanisms caused damage to the hepatocytes.",  # a generic reference
        "The dose was appropriate for infections caused by resistant pathogens.",  # a participle, not the verb
        "Facial palsy is likely caused by a reactivation of HSV-1.",  # hedged
        "Infection did not cause the revisions.",  # negated
        "aPKCz causes tumour suppression.",  # a gene symbol: too short for the stems
    ],
)
def test_no_cause_is_read_where_none_is_named_plainly(unit: str) -> None:
    assert stated_cause(unit) is None


def test_a_cause_the_evidence_never_names_is_unnamed() -> None:
    evidence = "Deep infection accounted for 46% of revisions in morbidly obese patients."
    tokens = alignment_tokens(evidence)
    unit = "Aseptic loosening caused almost half of the revisions in the morbidly obese."
    assert unnamed_outcome(unit, evidence, tokens) == "Aseptic loosening"
    faithful = "Deep infection caused almost half of the revisions in the morbidly obese."
    assert unnamed_outcome(faithful, evidence, tokens) is None


def test_the_cause_is_read_from_the_clause_that_holds_it() -> None:
    assert stated_cause("The study showed that night work causes diabetes.") == "night work"


def test_who_did_something_is_read_and_judged_by_its_words() -> None:
    from medhal.text.effects import stated_agent
    from medhal.text.synonyms import alignment_tokens

    evidence = "A home-based strength and balance programme was delivered by physiotherapists over 12 months."
    named = alignment_tokens(evidence)
    assert stated_agent("The programme was delivered by nurses.") == "nurses"
    assert unnamed_outcome("The programme was delivered by nurses.", evidence, named) == "nurses"
    # the agent named in other words, negated, or a pronoun: nothing unnamed
    assert unnamed_outcome("The programme was delivered by physical therapists.", evidence, named) is None
    assert unnamed_outcome("The programme was not delivered by nurses.", evidence, named) is None
    assert stated_agent("It was run by them.") is None
    # a participle after a comma, and "a nurse": someone the unit names anew, not one named before
    assert stated_agent("Classes were held twice weekly, supervised by a nurse.") == "a nurse"
    assert unnamed_outcome("Sessions were each supervised by a nurse.", evidence, named) == "a nurse"
    assert unnamed_outcome("Classes were held weekly, supervised by a physiotherapist.", evidence, named) is None
    assert stated_agent("Ultrasound was performed by the team.") is None


def test_a_verb_without_an_object_changes_no_outcome() -> None:
    # round 46: "women who had improved significantly on it beforehand can stay on it" was flagged for an outcome
    # the evidence never names, "on it beforehand can stay on it"
    assert changed_outcome("although women who had improved significantly on it beforehand can stay on it.") is None
    assert changed_outcome("Dexamethasone shortened the hospital stay.") == "the hospital stay"
