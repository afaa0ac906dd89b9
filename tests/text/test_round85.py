"""Round 85 (24 texts written blind after round 84's rules: spinal surgery letters, glioma letters, testicular cancer
surveillance letters, food challenge reports, hypermobility physiotherapy letters, overactive bladder letters,
aneurysm surveillance letters and diabetic foot notes): its one false cue mended at its cause."""

from __future__ import annotations

from medhal.text.intervals import interval_conflicts, intervals


def test_two_weekly_reviews_are_two_reviews_a_week_apart() -> None:
    wound = "- Wound HEALED: full epithelialisation, confirmed on 2 consecutive weekly reviews (07/10 and 14/10)."
    assert interval_conflicts("and this was confirmed at two weekly reviews in a row,", wound, wound) == []
    assert [(i.text, i.days) for i in intervals("two weekly reviews in a row; 4 weekly visits")] == [
        ("weekly", 7.0),
        ("4 weekly", 28.0),
    ]
