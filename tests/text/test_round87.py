"""Round 87 (24 texts written blind after round 86's rules: insulin pump reviews, bronchoscopy reports, latent
tuberculosis letters, oesophageal cancer letters, children's heart murmur letters, opioid tapering letters,
pre-eclampsia discharge summaries and corneal transplant letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_number_after_a_slash_is_no_denominator_but_24_hours() -> None:
    taper = "(30 mg morning/25 mg evening for 2 weeks, then 25 mg/25 mg, and so on)"
    # each dose of "25 mg/25 mg" is a dose (round 109: "hydrocortisone 10 mg/5 mg/5 mg"), never a denominator
    assert [(q.kind, q.value) for q in quantities(taper)] == [
        ("mass", 30.0),
        ("time", 14.0),
        ("mass", 25.0),
        ("mass", 25.0),
    ]
    assert [q.kind for q in quantities("10 mg/24h; 120 µg haemoglobin/g")] == ["mass/24h", "mass/g"]


def test_a_high_velocity_jet_is_fast_blood_flow() -> None:
    named = alignment_tokens("The loud murmur reflects the high-velocity jet through a small hole, not a large defect.")
    assert unstated_cause("The loud murmur is caused by fast blood flow through a small hole,", named) is None
