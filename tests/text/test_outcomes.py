"""The primary outcome's definition read into the sentences that report it by name (issue 14)."""

from __future__ import annotations

from medhal.text.outcomes import defined_outcomes, outcome_definitions, spelled_outcomes


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


def test_a_premise_naming_the_primary_outcome_gets_its_definition_in_brackets() -> None:
    # round 45: "death or heart failure readmission occurred in 29.4% ... versus 38.2%" read against "The primary
    # outcome occurred in 90 patients (29.4%) ..." was P(C) 0.81 from the encoder, 0.33 with the definition
    sentences = [
        "The primary outcome was all-cause death or heart failure readmission at 12 months.",
        "The primary outcome occurred in 90 patients (29.4%) in the nurse-led group and 117 (38.2%) with usual care.",
    ]
    defined = outcome_definitions(sentences)
    assert defined == {"primary": "all-cause death or heart failure readmission at 12 months"}
    assert spelled_outcomes(sentences[1], defined).startswith(
        "The primary outcome (all-cause death or heart failure readmission at 12 months) occurred in 90 patients"
    )
    assert spelled_outcomes(" ".join(sentences), defined) == " ".join(sentences)  # it defines it itself
    assert spelled_outcomes("The secondary outcome did not differ.", defined) == "The secondary outcome did not differ."
