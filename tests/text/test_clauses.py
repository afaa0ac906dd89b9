from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.text import check_spans, split_clauses, split_sentences, split_units
from medhal.text.clauses import DEFAULT_CONJUNCTIONS

SHARED_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
MEASURED_AGREEMENT = 90  # of 100 dev items; see the module docstring of medhal.text.clauses


def texts(text: str, **kwargs: object) -> list[str]:
    spans = split_clauses(text, **kwargs)  # type: ignore[arg-type]
    check_spans(text, spans)
    return [s.text for s in spans]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Pain improved with rest, but fever persisted for three days.",
            ["Pain improved with rest,", "but fever persisted for three days."],
        ),
        (
            "The Holmium:YAG laser is an ideal lithotripter for renal calculi, with a high success rate.",
            [
                "The Holmium:YAG laser is an ideal lithotripter for renal calculi,",
                "with a high success rate.",
            ],
        ),
        (
            "Metformin lowered glucose levels; insulin doses were reduced accordingly.",
            ["Metformin lowered glucose levels;", "insulin doses were reduced accordingly."],
        ),
        (
            "Serum creatinine increased markedly and urine output decreased sharply.",
            ["Serum creatinine increased markedly", "and urine output decreased sharply."],
        ),
        (
            "Symptoms persisted because prostate motion is driven by respiration.",
            ["Symptoms persisted", "because prostate motion is driven by respiration."],
        ),
        # no split inside brackets
        (
            "Patients (aged 40, 50 and 60 years) improved markedly, and symptoms resolved completely.",
            ["Patients (aged 40, 50 and 60 years) improved markedly,", "and symptoms resolved completely."],
        ),
        # no split inside numbers
        ("The dose was 1,000 mg daily for seven days.", ["The dose was 1,000 mg daily for seven days."]),
        ("Die Dosis betrug 3,5 mg pro Tag.", ["Die Dosis betrug 3,5 mg pro Tag."]),
        # a list of short items merges into the clause that follows it
        (
            "Aspirin, heparin, and warfarin were given to prevent thrombosis.",
            ["Aspirin, heparin, and warfarin were given to prevent thrombosis."],
        ),
        # a short fragment at the end of a sentence merges into the previous clause
        (
            "The patient developed severe hypotension, and died.",
            ["The patient developed severe hypotension, and died."],
        ),
        # a sentence without any long-enough fragment is one clause
        ("Yes, and no.", ["Yes, and no."]),
        # whole words only, case-insensitive; "and/or" is not a conjunction split
        (
            "Android band members from Anderson clinic reported headaches.",
            ["Android band members from Anderson clinic reported headaches."],
        ),
        (
            "Nausea improved markedly. But vomiting persisted despite ondansetron.",
            ["Nausea improved markedly.", "But vomiting persisted despite ondansetron."],
        ),
        (
            "Patients received aspirin and/or clopidogrel after stenting.",
            ["Patients received aspirin and/or clopidogrel after stenting."],
        ),
        # clauses never cross sentence boundaries
        (
            "Fever resolved quickly. Cough persisted, and dyspnoea worsened overnight.",
            ["Fever resolved quickly.", "Cough persisted,", "and dyspnoea worsened overnight."],
        ),
        ("", []),
        ("  \n ", []),
    ],
)
def test_default_clauses(text: str, expected: list[str]) -> None:
    assert texts(text) == expected


def test_conjunction_starts_the_following_clause() -> None:
    for clause in split_clauses("Renal function declined, and dialysis was started, but recovery followed later."):
        assert not clause.text.lower().endswith((" and", " but"))
    assert texts("Renal function declined, and dialysis was started.")[1].startswith("and ")


def test_configurable_conjunctions_and_punctuation() -> None:
    text = "Patients received metformin therapy or insulin glargine injections daily."
    assert len(texts(text)) == 1
    assert texts(text, conjunctions=("or",)) == [
        "Patients received metformin therapy",
        "or insulin glargine injections daily.",
    ]
    text = "Headache persisted even though analgesic doses were increased."
    assert texts(text, conjunctions=("even though",)) == [
        "Headache persisted",
        "even though analgesic doses were increased.",
    ]
    text = "Diagnosis: community acquired pneumonia, treated with ceftriaxone."
    assert texts(text, punctuation=",;:") == [
        "Diagnosis: community acquired pneumonia,",
        "treated with ceftriaxone.",
    ]
    assert texts(text, punctuation="", conjunctions=()) == [text]


def test_thresholds_zero_keeps_every_fragment() -> None:
    assert texts("a, b and c", min_words=0, min_content_tokens=0) == ["a,", "b", "and c"]
    assert texts("a, b and c") == ["a, b and c"]


def test_min_words_threshold() -> None:
    text = "Fever subsided, cough worsened markedly."
    assert texts(text) == ["Fever subsided,", "cough worsened markedly."]
    assert texts(text, min_words=3) == [text]


def test_negative_thresholds_are_rejected() -> None:
    with pytest.raises(ValueError):
        split_clauses("text", min_words=-1)
    with pytest.raises(ValueError):
        split_clauses("text", min_content_tokens=-1)


def test_clauses_tile_their_sentences() -> None:
    text = "Mean age was 54.3 yrs. (range 20-80), and most were men. Outcomes improved, but costs rose sharply."
    sentences = split_sentences(text)
    clauses = split_clauses(text)
    for sentence in sentences:
        inner = [c for c in clauses if sentence.contains(c)]
        assert inner[0].start == sentence.start and inner[-1].end == sentence.end
    assert sum(1 for c in clauses for s in sentences if s.contains(c)) == len(clauses)


def test_split_units() -> None:
    text = "Fever resolved quickly. Cough persisted, and dyspnoea worsened overnight."
    assert split_units(text, "sentence") == split_sentences(text)
    assert split_units(text, "clause") == split_clauses(text)
    with pytest.raises(ValueError):
        split_units(text, "triple")  # type: ignore[arg-type]


def test_default_conjunctions() -> None:
    assert DEFAULT_CONJUNCTIONS == ("and", "but", "which", "where", "while", "whereas", "although", "because")


def test_agreement_with_published_nli_clause_counts() -> None:
    folder = SHARED_DATA / "medhal_loc"
    controlled, published = folder / "controlled_dev.jsonl", folder / "published_peritem_dev.jsonl"
    if not (controlled.is_file() and published.is_file()):
        pytest.skip("shared MedHal-Loc dev data is not present")
    items = {}
    for line in controlled.read_text(encoding="utf-8").split("\n"):  # not splitlines: texts hold U+2028
        if not line.strip():
            continue
        record = json.loads(line)
        items[record["id"]] = record["hallucinated_text"]
    rows = [json.loads(line) for line in published.read_text(encoding="utf-8").split("\n") if line.strip()]
    agree = sum(len(split_clauses(items[row["id"]])) == row["NLI-clause"]["n"] for row in rows)
    assert len(rows) == 100
    assert agree >= MEASURED_AGREEMENT - 2


def test_a_list_marker_is_left_out_of_what_the_verifier_reads() -> None:
    from medhal.text import unmarked

    assert unmarked("- Early rhythm control lowered events.") == "Early rhythm control lowered events."
    assert unmarked("2) About 7 needed treatment.") == "About 7 needed treatment."
    assert unmarked("• Bleeding was rare.") == "Bleeding was rare."
    # a decimal or a hyphenated word opening a unit is no marker
    assert unmarked("2.5 mg daily was enough.") == "2.5 mg daily was enough."
    assert unmarked("-2.7 points on the index.") == "-2.7 points on the index."


def test_a_mixed_number_is_not_cut_at_its_and() -> None:
    # round 19: "over two | and a half years" left "and a half years," as a clause of its own
    text = "It stopped decay over two and a half years, and 1 and a half hours sufficed. Pain fell and a half left."
    clauses = [text[s.start : s.end] for s in split_clauses(text)]
    assert clauses == [
        "It stopped decay over two and a half years,",
        "and 1 and a half hours sufficed.",
        "Pain fell",
        "and a half left.",
    ]
