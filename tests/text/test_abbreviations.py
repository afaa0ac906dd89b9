"""Abbreviations an evidence text defines (text/abbreviations.py, Schwartz & Hearst 2003)."""

from __future__ import annotations

import pytest

from medhal.text.abbreviations import defined_abbreviations, spelled_out, used_abbreviations


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a faecal immunochemical test (FIT) before colonoscopy", {"FIT": "faecal immunochemical test"}),
        ("the estimated glomerular filtration rate (eGFR) fell", {"eGFR": "estimated glomerular filtration rate"}),
        (
            "central line-associated bloodstream infection (CLABSI)",
            {"CLABSI": "central line-associated bloodstream infection"},
        ),
        # the first character must start a word: "(IT)" is not "immunochemical test" read from "FIT"
        ("they were admitted to the intensive care unit (ICU)", {"ICU": "intensive care unit"}),
    ],
)
def test_a_definition_is_read_back_to_its_long_form(text: str, expected: dict[str, str]) -> None:
    assert defined_abbreviations(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Mortality was 12% (95% CI 10 to 14).",  # figures, not a short form
        "It was given daily (n = 40).",
        "Patients took aspirin (ASA) daily.",  # the letters are not the preceding words'
        "We measured it (see below).",  # no capital letter
    ],
)
def test_brackets_that_define_nothing(text: str) -> None:
    assert defined_abbreviations(text) == {}


def test_only_a_short_form_standing_alone_is_used() -> None:
    defined = {"FIT": "faecal immunochemical test", "BMI": "body-mass index"}
    assert used_abbreviations("FIT detected cancers in patients with a high BMI.", defined) == [
        "faecal immunochemical test",
        "body-mass index",
    ]
    assert used_abbreviations("Patients were fit; FIT-based screening", defined) == []


def test_a_long_text_of_definitions_is_read_in_linear_time() -> None:
    # each definition reads a bounded stretch before its bracket, not the whole text before it
    text = "a bad word (ABW) " * 3000
    assert defined_abbreviations(text) == {"ABW": "a bad word"}


def test_a_sentence_spelled_out_as_its_reader_reads_it() -> None:
    """Round 32: "About 4% of endarterectomy patients" against "3.8% of CEA patients" (P(C) 0.94)."""
    spelled = spelled_out("Injury occurred in 3.8% of CEA patients; CEAs vary.", {"CEA": "carotid endarterectomy"})
    assert spelled == "Injury occurred in 3.8% of carotid endarterectomy patients; CEAs vary."
