"""Spinal levels named for a structure (text/spinal_levels.py)."""

from __future__ import annotations

from medhal.text.spinal_levels import level_conflicts, spinal_levels

REPORT = (
    "L4/5: There is loss of disc height. A right paracentral disc extrusion extends behind the L5 vertebral body. "
    "It compresses the traversing right L5 nerve root in the lateral recess."
)
SENTENCE = "It compresses the traversing right L5 nerve root in the lateral recess."


def test_levels_slice_back_and_discs_are_left_out() -> None:
    found = spinal_levels(REPORT)
    assert [(REPORT[q.start : q.end], what) for q, what in found] == [("L5", "vertebral"), ("L5", "nerve")]
    assert spinal_levels("Disc bulges at L4-L5 and L5/S1.") == []


def test_a_root_at_another_level() -> None:
    ((mine, theirs),) = level_conflicts("which is pressing on the right L4 nerve root", SENTENCE, REPORT)
    assert (mine.text, theirs.text) == ("L4", "L5")
    assert level_conflicts("which is pressing on the right L5 nerve root", SENTENCE, REPORT) == []
    # a level the evidence names for that structure somewhere is no conflict
    both = REPORT + " The left L4 nerve root is free."
    assert level_conflicts("the L4 nerve root is free", SENTENCE, both) == []
    # another structure at another level decides nothing
    assert level_conflicts("the L4 vertebra is intact", SENTENCE, REPORT) == []
