"""Round 83 (24 texts written blind after round 82's rules: cleft lip and palate letters, hereditary angioedema
letters, adrenal clinic letters, bladder cancer letters, vulval skin clinic letters, shoulder clinic letters, tinnitus
clinic letters and nosebleed discharge notes): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.labels import label_conflicts
from medhal.text.names import unstated_names
from medhal.text.synonyms import alignment_tokens


def test_a_blood_pressure_the_sentence_gives_in_brackets_is_given() -> None:
    clinic = "BP in clinic 162/94 mmHg (repeat 158/92)."
    assert label_conflicts("and 158/92 mmHg on repeat.", clinic) == []
    assert [(a.text, b.text) for a, b in label_conflicts("and 158/90 mmHg on repeat.", clinic)] == [("90", "94")]


def test_a_name_whose_words_make_an_acronym_of_the_evidence_is_stated() -> None:
    imaging = "Imaging: 2.4 cm well-defined left adrenal nodule, unenhanced attenuation 6 HU, homogeneous."
    unit = "a uniform nodule in the left adrenal gland with a low density of 6 Hounsfield units,"
    assert unstated_names(unit, imaging, alignment_tokens(imaging)) == ()


def test_a_cause_thought_to_be_is_hedged() -> None:
    named = alignment_tokens("Anterior rhinoscopy: crusting and prominent vessels over R Little's area.")
    unit = "and are thought to be caused by inflammation just inside the nostrils"
    assert unstated_cause(unit, named) is None
    assert unstated_cause("and are caused by inflammation just inside the nostrils", named) is not None


def test_not_using_a_treatment_regularly_is_poor_adherence() -> None:
    named = alignment_tokens("Impression: poorly controlled LS, most likely due to poor adherence (cream stings).")
    assert unstated_cause("mainly because she had not been using the treatment regularly,", named) is None
