"""An allocation ratio said in words (text/allocation.py, issue 14, round 198)."""

from __future__ import annotations

from medhal.text.allocation import allocation_conflict, says_allocation

METHODS = [
    "Background: RSV is the leading cause of infant admission.",
    "Methods: In this double-blind trial, 1,480 infants were assigned 2:1 to nirsevimab or placebo.",
]


def test_an_allocation_in_words_is_read_against_the_ratio_assigned_by() -> None:
    assert says_allocation("and twice as many got the medicine as got a dummy injection.")
    assert not says_allocation("Nirsevimab halved RSV infections.")
    assert allocation_conflict("and twice as many got the medicine as got a dummy injection.", METHODS) is None
    found = allocation_conflict("and three times as many received nirsevimab as received placebo.", METHODS)
    assert found is not None
    sentence, words, ratio = found
    assert (sentence, words.text, ratio.text, ratio.value) == (1, "three times as", "2", 2.0)


def test_no_ratio_stated_no_conflict() -> None:
    assert allocation_conflict("and twice as many got the medicine as got a dummy injection.", METHODS[:1]) is None
    randomised = ["Patients were randomised in a 1:1 ratio to surgery or splinting."]
    assert allocation_conflict("and twice as many were given surgery as splinting.", randomised) is not None
