"""Round 86 (24 texts written blind after round 85's rules: trigeminal neuralgia letters, heavy menstrual bleeding
letters, children's speech and language therapy reports, ERCP reports, radioiodine letters, renal anaemia notes,
children's fracture clinic letters and antenatal screening letters): its one false cue mended at its cause, and a
next visit written over 52 found on the way (round 85)."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_repeating_is_repetition() -> None:
    named = alignment_tokens("- Stammered on approx. 9% syllables, mainly whole-word and part-word repetitions.")
    assert unstated_cause("mostly by repeating whole words or parts of words,", named) is None


def test_a_next_visit_written_over_52_is_a_duration() -> None:
    assert [(q.kind, q.value) for q in quantities("5. Review 4/52, then block of 6 sessions.")] == [
        ("time", 28.0),
        ("count", 6.0),
    ]
    assert [(q.kind, q.value) for q in quantities("F/U 6/12")] == [("time", 6 * 30.4375)]
