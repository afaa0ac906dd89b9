"""Round 89 (24 texts written blind after round 88's rules: acne and rosacea letters, potassium clinic notes,
glaucoma laser letters, children's asthma discharge summaries, chronic cough letters, lymphoma letters, tongue-tie
notes and heart failure home visits): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.effects import unnamed_outcome
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_figure_after_x_is_read() -> None:
    course = "- Prednisolone 20 mg PO od x3 days - COURSE COMPLETE, last dose given on ward"
    assert [(q.kind, q.value) for q in quantities(course)][:2] == [("mass", 20.0), ("time", 3.0)]
    assert unstated_quantities("His three-day prednisolone course has been completed,", course) == []


def test_so_many_times_per_24_hours_states_24_hours() -> None:
    assert [(q.kind, q.value) for q in implied_figures("- Responsive feeding, at least 8x/24h.")] == [("time", 1.0)]


def test_a_share_the_answer_works_out_from_its_own_two_figures_is_no_unstated_figure() -> None:
    table = "IOP (mmHg)  Before  After\\nRight  25  17\\nLeft  27  18\\nTarget <21 mmHg each eye."
    assert unstated_quantities("and from 27 to 18 mmHg in the left, a reduction of about a third.", table) == []
    found = unstated_quantities("and from 27 to 24 mmHg in the left, a reduction of about a third.", table)
    assert [q.text for q in found] == ["24", "third"]


def test_the_number_to_call_after_a_slash_is_read() -> None:
    advice = "- Return/999 if salbutamol needed more than 4-hourly or 10 puffs not helping"
    assert [(q.kind, q.value) for q in quantities(advice)][:1] == [("count", 999.0)]
    assert unstated_quantities("Call 999 or return to hospital if he needs salbutamol more often,", advice) == []


def test_step_by_step_is_no_outcome() -> None:
    letter = "- Salbutamol 100 mcg MDI via spacer - wean as per written plan (10 puffs 4-hourly for 24 h)."
    unit = "and reduced step by step as set out in his written asthma plan."
    assert unnamed_outcome(unit, letter, alignment_tokens(letter)) is None
