"""Round 73 (24 texts written blind after round 72's rules: lipid clinic letters, coeliac disease notes, headache
clinic letters, acute kidney injury discharge summaries, children's orthopaedic letters, anaemia clinic notes,
eating disorder reviews and hyperemesis day-unit notes; read with round 72's rules, 1 faithful clause was contradicted
and 3 of the 24 faithful answers were flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.assertions import subject_carried
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.findings import finding_parts
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_predicate_of_a_note_keeps_the_subject_before_it() -> None:
    line = "- Ramipril 5 mg od - HELD on admission; NOT restarted. GP to restart if creatinine stable (see below)."
    assert subject_carried(finding_parts(line)) == [
        "- Ramipril 5 mg od - HELD on admission NOT restarted. GP to restart if creatinine stable (see below)."
    ]


def test_a_prescriptions_interval_in_hours() -> None:
    plan = "2. Scheduled metoclopramide 10 mg IV q8h; continue ondansetron."
    figures = [*quantities(plan), *implied_figures(plan)]
    assert [q.text for q in unstated_quantities("regular IV metoclopramide every 8 hours,", figures)] == []
    assert [q.text for q in unstated_quantities("regular IV metoclopramide every 6 hours,", figures)] == ["6 hours"]


def test_a_tight_ankle_is_equinus() -> None:
    note = "The R foot abducts to 60° but dorsiflexes only 5° with the knee extended, so residual equinus remains."
    assert unstated_cause("This is because his right foot is still tight at the ankle,", alignment_tokens(note)) is None
    assert unstated_cause("This is because his right foot is still turned inwards,", alignment_tokens(note))
