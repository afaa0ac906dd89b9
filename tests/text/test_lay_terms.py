from __future__ import annotations

import pytest

from medhal.detect.alignment import restates, sentence_alignment
from medhal.text.lay_terms import LAY_PHRASES
from medhal.text.synonyms import canonical_stems, canonical_text


@pytest.mark.parametrize(
    ("lay", "clinical"),
    [
        ("a slow heart rate", "bradycardia"),
        ("a racing heartbeat", "tachycardia"),
        ("low blood pressure", "hypotension"),
        ("high potassium", "hyperkalaemia"),
        ("lack of oxygen", "hypoxia"),
        ("blood in the urine", "haematuria"),
        ("hair loss", "alopecia"),
        ("shingles", "herpes zoster"),
        ("kidney stones", "nephrolithiasis"),
        ("heavy periods", "menorrhagia"),
        ("ear infections", "otitis media"),
        ("sleeping pills", "hypnotics"),
        ("symptom-free", "asymptomatic"),
        ("poor blood supply to the legs", "limb ischaemia"),
    ],
)
def test_a_lay_term_reads_as_its_clinical_term(lay: str, clinical: str) -> None:
    assert canonical_stems(lay) == canonical_stems(clinical)


def test_terms_that_an_entity_swap_would_exchange_stay_apart() -> None:
    assert canonical_stems("high potassium") != canonical_stems("high sodium")
    assert canonical_stems("low blood pressure") != canonical_stems("high blood pressure")
    assert canonical_stems("a slow heart rate") != canonical_stems("a fast heart rate")
    assert canonical_stems("low calcium") != canonical_stems("high calcium")


def test_a_body_part_is_kept_and_wording_of_another_scope_is_left_alone() -> None:
    assert canonical_text("ankle swelling") == "ankle edema"
    assert canonical_text("swollen legs") == "legs edema"
    assert canonical_text("early delivery") == "early delivery"  # planned early delivery is not preterm birth
    assert canonical_text("a faint murmur") == "a faint murmur"


def test_longer_phrases_of_the_rounds_are_read_before_the_common_table() -> None:
    assert canonical_stems("low blood sugar") == canonical_stems("hypoglycaemia")  # not "low blood glucose"
    assert canonical_stems("blood sugar levels") == canonical_stems("blood glucose levels")
    patterns = [pattern.pattern for pattern, _ in LAY_PHRASES]
    assert len(patterns) == len(set(patterns))


def test_a_lay_restatement_aligns_with_and_restates_the_clinical_sentence() -> None:
    sentence = "Bradycardia led to discontinuation in 4% of patients."
    unit = "A slow heart rate led to discontinuation in 4% of patients."
    assert sentence_alignment(unit, [sentence, "Nausea was common."]).round(2).tolist() == [1.0, 0.0]
    assert restates(sentence, unit)
