"""The primary outcome's definition read into the sentences that report it by name (issue 14)."""

from __future__ import annotations

from medhal.text.outcomes import defined_outcomes


def test_sentences_naming_the_outcome_get_its_definition() -> None:
    sentences = [
        "Methods: The primary outcome was a composite of worsening heart failure or cardiovascular death.",
        "The secondary end points were hospitalisation and quality of life.",
        "Results: The primary outcome occurred in 16.4% and 19.5% (hazard ratio 0.82).",
        "Secondary endpoints did not differ.",
        "Volume depletion was rare.",
    ]
    assert defined_outcomes(sentences) == [
        "",
        "",
        "a composite of worsening heart failure or cardiovascular death",
        "hospitalisation and quality of life",
        "",
    ]


def test_an_undefined_outcome_gets_nothing() -> None:
    assert defined_outcomes(["The primary outcome occurred in 4% and 6%."]) == [""]
    assert defined_outcomes([]) == []
