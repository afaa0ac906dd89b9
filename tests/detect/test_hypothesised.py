"""A finding the evidence only asks about, as its aim or hypothesis (detect/hypothesised.py): never `supported`,
and the faithful readings it must leave alone."""

from __future__ import annotations

import medhal
from medhal.detect.alignment import EvidenceIndex
from medhal.detect.hypothesised import hypothesised, inquiry
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
