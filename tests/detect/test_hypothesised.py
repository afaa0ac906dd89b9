"""A finding the evidence only asks about, as its aim or hypothesis (detect/hypothesised.py): never `supported`,
and the faithful readings it must leave alone."""

from __future__ import annotations

import medhal
from medhal.detect.alignment import EvidenceIndex
from medhal.detect.chunking import Window
from medhal.detect.hypothesised import asking_windows, hypothesised, inquiry
from medhal.detect.unstated import unstated_cues
from medhal.text import split_sentences
from medhal.text.synonyms import alignment_tokens

ABSTRACT = (
    "Background: Delirium is common after hip fracture surgery in older adults. We tested whether early mobilisation"
    " within 24 hours of surgery reduces delirium in older adults after hip fracture surgery. Methods: In this"
    " randomised trial at four hospitals, 412 patients aged 70 years or older were assigned to mobilisation within 24"
    " hours or usual care. The primary outcome was delirium within 7 days, assessed with the 4AT. Results: The median"
    " age was 83 years and 71% were women. Patients in the early group walked a median of 2 days sooner. Pressure"
    " ulcers occurred in 3% of the early group and 7% of the usual-care group. Conclusions: Early mobilisation was"
    " safe and feasible."
)
CLAIM = "Early mobilisation within 24 hours of surgery reduces delirium in older adults after hip fracture surgery."


def _index(evidence: str) -> EvidenceIndex:
    return EvidenceIndex.of(evidence, [s.text for s in split_sentences(evidence)])


def test_the_aim_stated_as_a_finding() -> None:
    index = _index(ABSTRACT)
    asked = hypothesised(CLAIM, index)
    assert asked is not None and index.sentences[asked].startswith("We tested whether")
    cues = unstated_cues(CLAIM, ABSTRACT, index, frozenset[str]().union(*index.tokens))
    assert cues.unsupported and not cues.flags  # never supported, but the results may word it otherwise
    assert cues.record(index)["hypothesised"] == index.sentences[asked]


def test_what_the_aim_and_results_leave_alone() -> None:
    index = _index(ABSTRACT)
    assert (
        hypothesised("The trial tested whether early mobilisation reduces delirium after hip surgery.", index) is None
    )
    assert hypothesised("Early mobilisation did not reduce delirium after hip fracture surgery.", index) is None
    assert hypothesised("Pressure ulcers were less common with early mobilisation.", index) is None
    # a copied aim cut in two by the clause split: its second half asks, as its sentence does
    head = "The investigators wanted to know whether early mobilisation within 24 hours of surgery"
    assert hypothesised("reduces delirium in older adults after hip fracture surgery.", index, head) is None


def test_a_result_about_the_claim_outweighs_the_aim() -> None:
    evidence = ABSTRACT.replace(
        "Pressure ulcers occurred",
        "Delirium occurred in 12% of the early group and 21% with usual care. Pressure ulcers occurred",
    )
    assert (
        hypothesised("Early mobilisation reduced delirium after hip fracture surgery (12% vs 21%).", _index(evidence))
        is None
    )


def test_inquiry_reads_the_words_asked() -> None:
    assert inquiry("To determine whether statins improve stroke outcome.") == "statins improve stroke outcome."
    assert inquiry("We hypothesised that fasting lowers glucose.") == "fasting lowers glucose."
    assert inquiry("Statins improved stroke outcome.") is None
    assert len(alignment_tokens("The observed socioeconomic,")) < 3  # too little to assert: never read as a claim


def test_the_checker_does_not_call_the_aim_support() -> None:
    # the control restates its sentence: supported by the restatement cue, whatever CPU the int8 encoder runs on (its
    # P(E) for "Pressure ulcers were less common with early mobilisation (3% vs 7%)" is 0.43-0.46 across machines)
    control = " Pressure ulcers occurred in 7% of the usual-care group."
    record = medhal.check(ABSTRACT, CLAIM + control)
    first, second = record.units
    assert first.verdict == "unsupported" and first.cues is not None and first.cues["restated"] is False
    assert first.cues["hypothesised"] is not None
    assert second.verdict == "supported"


AMOXICILLIN = (
    "Background: Whether a 7-day course of amoxicillin is as effective as a 14-day course for community-acquired "
    "pneumonia in children under 5 years in low-income settings is uncertain. Methods: In this open-label "
    "non-inferiority trial at six hospitals in Malawi, 1,126 children aged 2 to 59 months with chest-indrawing "
    "pneumonia were randomised to oral amoxicillin 45 mg/kg twice daily for 7 days (n=563) or 14 days (n=563). "
    "The primary outcome was treatment failure by day 14, with a non-inferiority margin of 4 percentage points. "
    "Results: Treatment failure occurred in 58 children (10.3%) in the 7-day group and 54 (9.6%) in the 14-day "
    "group (difference 0.7 percentage points, 95% CI -2.8 to 4.2), so non-inferiority was not shown. Diarrhoea was "
    "less frequent with the shorter course (6.2% vs 11.5%; p=0.002). Conclusions: A 7-day course was not shown to "
    "be non-inferior to 14 days, but it caused less diarrhoea."
)


def test_a_tile_about_the_unit_only_through_its_aim_does_not_support_it() -> None:
    # session 28: the tile opening with the aim supported the turned conclusion at P(E) 0.70
    response = "In this Malawian trial, a one-week course of amoxicillin was shown to be as good as a two-week course."
    unit = medhal.check(AMOXICILLIN, response).units[-1]
    assert unit.text.startswith("a one-week course")
    assert unit.verdict == "contradicted"  # the turned conclusion (text/noninferiority.py)
    record = medhal.check(AMOXICILLIN, response.replace("was shown", "could not be shown"))
    assert record.units[-1].verdict != "contradicted"
    assert not record.flagged
    # no conclusion to turn: the aim alone is about "works as well as", and the aim asks it
    works = (
        "A one-week course of amoxicillin works as well as a two-week course for pneumonia in children under 5 years."
    )
    assert medhal.check(AMOXICILLIN, works).units[0].verdict == "unsupported"


def test_asking_windows_reads_only_an_asserting_unit_and_windows_that_report_nothing() -> None:
    sentences = [
        "Whether drug A is as good as drug B is uncertain.",
        "Adults were randomly assigned to A or B.",
        "Pain fell by 2 points with A and 1 point with B.",
    ]
    index = EvidenceIndex.of(" ".join(sentences), sentences)
    windows = [Window(0, 0, "", 0, 1, (1,)), Window(0, 0, "", 0, 2, (2,)), Window(0, 0, "", 0, 3, (3,))]
    windows.append(Window(0, 0, "", 1, 2, (1,)))  # a methods line alone is no aim: it may support whom was enrolled
    unit = "Drug A was shown to be as good as drug B."
    found = asking_windows(unit, index, index.alignment(unit), windows)
    assert found is not None
    assert found.tolist() == [True, True, False, False]
    aim = "The trial asked whether drug A is as good as drug B."
    assert asking_windows(aim, index, index.alignment(aim), windows) is None
