"""Rounds 94-95 (48 texts written blind after round 93's rules: thalassaemia, voice clinic, fatty liver, PrEP, IVF,
liver transplant, iron deficiency and plantar fasciitis letters; Dupuytren's, autism assessment, antidepressant
review, squint, glue ear, cellulitis, polymyalgia and Guillain-Barre letters): their false cues mended at their
cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.laterality import side_conflict
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.placement import moved_across
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.test_results import reversed_result


def test_a_side_said_bare_keeps_the_words_of_its_own_phrase() -> None:
    found = ["Examination: a sessile polyp on the left vocal fold, with a small contact reaction on the right."]
    assert side_conflict("with a small reaction on the right vocal fold", found) is None
    assert side_conflict("a sessile polyp on the right vocal fold", found) is not None


def test_gc_ct_names_gonorrhoea_and_chlamydia() -> None:
    results = ["Rectal chlamydia NAAT: POSITIVE (LGV PCR negative)", "Pharyngeal and urine GC/CT: negative"]
    assert reversed_result("and chlamydia were also negative.", results) is None
    assert reversed_result("and chlamydia were also negative.", results[:1]) == 0


def test_rather_than_denies_what_follows_it() -> None:
    plan = "4. If ear discharge post-op, GP to prescribe ciprofloxacin ear drops (not oral antibiotics at first)."
    unit = "the GP should prescribe ciprofloxacin ear drops rather than oral antibiotics at first."
    assert "oral" in negated_stems(unit)
    assert flips_negation(unit, plan) is None
    assert "water" in negated_stems("Use saline instead of water.")


def test_a_bounded_threshold_is_not_a_level_moved_from_another_sentence() -> None:
    letter = [
        "Cover test: distance (6 m): intermittent R exotropia 20; Newcastle Control Score 2/9 (prev 2/9)",
        "4. If control deteriorates (NCS ≥5, constant deviation at near, or reduced stereo), refer to Mr Singh.",
    ]
    assert moved_across("for example a control score of 5 or more,", letter, 0) == []


def test_times_a_counted_noun_is_a_figure() -> None:
    assert [q.text for q in quantities("3. Outpatient physio x6 sessions, focus on endurance")] == ["6"]
    assert quantities("Vomited x1 overnight") == []


def test_acid_reducing_medication_is_a_ppi_and_not_needed_is_not_indicated() -> None:
    unit = alignment_tokens("Acid-reducing medication is not needed at the moment,")
    assert unit <= alignment_tokens("PPI not indicated at present; reflux lifestyle advice given.")


def test_a_spleen_that_works_less_well_is_hyposplenism() -> None:
    named = alignment_tokens("Coeliac disease. Pneumococcal vaccination recommended (hyposplenism risk).")
    assert unstated_cause("because coeliac disease can reduce how well your spleen works.", named) is None
    assert unstated_cause("because gluten weakens your immune system.", named) is not None
