from __future__ import annotations

from medhal.detect.cues import describe


def test_describe_says_each_cue_that_fired_in_words() -> None:
    assert describe(None) == [] and describe({}) == []
    quiet = {
        "alignment": 0.4,
        "coverage_entail": 0.5,
        "restated": False,
        "number_conflicts": [],
        "null_finding": None,
        "reversed_comparison": None,
        "unstated_figures": [],
        "read_as": None,
    }
    assert describe(quiet) == []  # the model alone decided
    loud = quiet | {
        "restated": True,
        "number_conflicts": [["65", "75 years"]],
        "null_finding": "Lactic acidosis did not occur in either group.",
        "reversed_comparison": "Adverse events occurred in 4.9% with A and 1.4% with B.",
        "unstated_figures": ["3%", "2 weeks"],
        "read_as": "Women took 150 mg of aspirin.",
    }
    assert describe(loud) == [
        "Restated: an evidence sentence says the same.",
        'Changed figure: the answer says "65", the evidence "75 years".',
        'The evidence reports no difference or effect: "Lactic acidosis did not occur in either group."',
        "The evidence's figures order the groups the other way: "
        '"Adverse events occurred in 4.9% with A and 1.4% with B."',
        'Not in the evidence: "3%", "2 weeks".',
        'Read with the figures as the evidence writes them: "Women took 150 mg of aspirin."',
    ]
