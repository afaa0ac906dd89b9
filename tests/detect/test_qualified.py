"""A clause read with the qualifier that follows it ("..., but this was not statistically significant"; round 30)."""

from __future__ import annotations

import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector
from medhal.detect.units import Unit, continued, continues_negation, qualified, readings, segment_units


def _units(response: str) -> list[Unit]:
    return [Unit.of_span(span) for span in segment_units(response, "clause")]


@pytest.mark.parametrize(
    "response",
    [
        "Major bleeding was more common on edoxaban, but the difference could have been due to chance.",
        "Major bleeding was more common on edoxaban (3.3% vs 1.8% a year), but this was not statistically significant.",
        "By 24 weeks the pain benefit was smaller and no longer statistically significant.",
    ],
)
def test_a_clause_is_read_with_a_qualifier_that_says_it_is_no_finding(response: str) -> None:
    units = _units(response)
    assert len(units) == 2
    assert qualified(units, 0, response) == f"{units[0].text} {units[1].text}"
    assert continued(units, 0, response) == qualified(units, 0, response)
    assert readings(units, response)[0] == qualified(units, 0, response)


def test_a_clause_followed_by_another_finding_is_read_alone() -> None:
    response = "Edoxaban reduced stroke (2.3% vs 6.7% a year), but gastrointestinal bleeding was more frequent."
    units = _units(response)
    assert qualified(units, 0, response) is None
    assert readings(units, response) == [u.text for u in units]


BLEEDING = (
    "Methods: 984 patients aged 80 years or older were randomly assigned to edoxaban 15 mg once daily or placebo. "
    "Results: Major bleeding occurred in 3.3% per year and 1.8% per year, respectively (hazard ratio 1.87; 95% CI "
    "0.90 to 3.89), a difference that was not statistically significant."
)


def test_the_detector_reads_a_clause_with_its_qualifier() -> None:
    # the verifier reads the clause alone against the bleeding sentence as contradicted, as the embedded one did
    # (P(C) 0.72), and the null-finding cue read the clause alone as an effect the sentence denies (round 30)
    verifier = RuleVerifier([("Major bleeding occurred", "more common on edoxaban")])
    faithful = (
        "Major bleeding was more common on edoxaban (3.3% vs 1.8% a year), but this was not statistically significant."
    )
    result = DecomposedDetector(verifier).detect(CheckItem(BLEEDING, faithful))
    assert result.units[0].verdict != "contradicted"
    claimed = "Major bleeding was significantly more common on edoxaban."
    result = DecomposedDetector(verifier).detect(CheckItem(BLEEDING, claimed))
    assert result.units[0].verdict == "contradicted"


MIGRAINE = (
    "Response at 12 weeks was not associated with age, sex or medication overuse at baseline. "
    "Constipation was the most frequent adverse event."
)


def test_a_list_a_negation_before_it_governs_is_not_read_without_it() -> None:
    # round 41: "- Whether patients responded did not depend on their age, | their sex or whether they were
    # overusing medication." had its second clause contradicted (the denied-assertion cue, then P(C) 0.85)
    response = (
        "Whether patients responded did not depend on their age, their sex or whether they were overusing medication."
    )
    units = _units(response)
    assert len(units) == 2 and continues_negation(units, 1, response) and not continues_negation(units, 0, response)
    verifier = RuleVerifier([("not associated with age, sex", "their sex or whether")])
    result = DecomposedDetector(verifier).detect(CheckItem(MIGRAINE, response))
    assert [u.verdict for u in result.units if u.verdict == "contradicted"] == []
    # a clause that turns ("but ...") or negates on its own asserts what it says
    for first, second in (
        ("Response did not depend on age,", "but depended on their sex."),
        ("Response did not depend on age,", "nor was it associated with sex."),
        ("Response depended on age,", "their sex or their weight."),
    ):
        text = f"{first} {second}"
        units = [Unit(first, 0, len(first)), Unit(second, len(first) + 1, len(text))]
        assert not continues_negation(units, 1, text)


def test_the_rest_of_a_list_is_no_qualifier() -> None:
    # "lower with the programme, | and the same proportion of people, ..." goes on with a list: the first clause still
    # claims an effect, which the evidence's null finding denies
    from medhal.detect.alignment import EvidenceIndex
    from medhal.detect.cues import null_finding_cue
    from medhal.detect.units import qualifies

    sentences = [
        "Readmission within 90 days occurred in 31% of the programme group and 32% of the usual-care group.",
        "Conclusions: The programme did not reduce readmissions but improved self-care.",
    ]
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    response = (
        "Hospital readmissions were lower with the programme, and the same proportion of people died in each group."
    )
    units = _units(response)
    context = continued(units, 0, response)
    assert context is not None and not qualifies(context[len(units[0].text) :])
    assert null_finding_cue(index, units[0].text, context) == 1
    assert qualifies("but this was not statistically significant.")
