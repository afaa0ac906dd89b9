"""The null-finding cue with the finding's frame left out (text/null_outcomes.py)."""

from __future__ import annotations

from medhal.text.null_outcomes import denied_outcome, negated_effects

TRIAL = [
    "Background: Anterior epistaxis is common, and nasal packing is uncomfortable for patients.",
    "The primary outcome was the need for nasal packing.",
    "Topical tranexamic acid did not reduce the need for nasal packing in adults with anterior epistaxis.",
    "Rebleeding within 7 days occurred in 9.5% and 10.2% of patients.",
]


def test_negated_effects_part_agent_outcome_and_frame() -> None:
    (effect,) = negated_effects(TRIAL[2])
    assert effect.agent == {"topic", "trane", "acid"}
    assert effect.outcomes == (frozenset({"need", "nasal", "packi"}),)
    # an intransitive "did not change after surgery" names no outcome
    assert negated_effects("The ejection fraction did not change after surgery.") == ()
    # each listed outcome on its own
    (listed,) = negated_effects("Zinc had no significant effect on diarrhoea or vomiting in children.")
    assert listed.outcomes == (frozenset({"diarr"}), frozenset({"vomit"}))


def test_an_effect_on_the_outcome_with_route_and_population_left_out_contradicts() -> None:
    assert denied_outcome("Tranexamic acid halved the need for nasal packing.", TRIAL) == 2
    assert denied_outcome("Tranexamic acid markedly reduced the need for nasal packing.", TRIAL) == 2


def test_the_same_null_finding_or_another_outcome_does_not() -> None:
    assert denied_outcome("Tranexamic acid did not reduce the need for nasal packing.", TRIAL) is None
    assert denied_outcome("Tranexamic acid made no difference to the need for packing.", TRIAL) is None
    assert denied_outcome("Tranexamic acid reduced rebleeding.", TRIAL) is None
    # hedged: no definite effect claimed
    assert denied_outcome("Tranexamic acid may reduce the need for nasal packing.", TRIAL) is None


def test_a_subgroup_another_arm_or_dose_leaves_the_frame_meaningful() -> None:
    subgroup = [*TRIAL, "In children, the need for nasal packing fell from 40% to 21%."]
    assert denied_outcome("Tranexamic acid halved the need for nasal packing.", subgroup) is None
    arms = ["Oral iron did not raise haemoglobin, whereas intravenous iron raised it by 2 g/dL."]
    assert denied_outcome("Intravenous iron raised haemoglobin.", arms) is None
    doses = ["The 10 mg dose did not lower blood pressure, whereas the 20 mg dose lowered it by 8 mmHg."]
    assert denied_outcome("The 20 mg dose lowered blood pressure.", doses) is None
    assert denied_outcome("The 10 mg dose lowered blood pressure.", doses) == 0


def test_a_unit_naming_what_the_sentence_does_not_is_left_to_other_rules() -> None:
    # "in children" is a population the finding never names: not this cue's to judge
    assert denied_outcome("Tranexamic acid halved the need for nasal packing in children.", TRIAL) is None
    # a passive names no agent before the outcome
    assert denied_outcome("The need for nasal packing was halved by tranexamic acid.", TRIAL) is None


def test_a_finding_a_report_calls_unchanged_said_to_have_grown() -> None:
    from medhal.text.null_outcomes import grown_unchanged

    report = [
        "A 14 mm simple cyst in the upper pole of the left kidney is unchanged from the prior study.",
        "A 4 mm nodule in the right middle lobe is unchanged from 2022.",
    ]
    assert grown_unchanged("The 14 mm simple cyst in the upper part of the left kidney has grown,", report) == 0
    assert grown_unchanged("A tiny 4 mm nodule in the right middle lobe has grown since 2022", report) == 1
    assert denied_outcome("A tiny 4 mm nodule in the right middle lobe has grown since 2022", report) == 1
    # unchanged said again, another figure, another finding, or growth the report states elsewhere
    assert grown_unchanged("A tiny 4 mm nodule in the right middle lobe has not changed since 2022", report) is None
    assert grown_unchanged("A 6 mm nodule in the right middle lobe has grown", report) is None
    assert grown_unchanged("A stone in the left kidney has grown", report) is None
    grew = [*report, "The 4 mm nodule has enlarged on the latest images."]
    assert grown_unchanged("A tiny 4 mm nodule in the right middle lobe has grown since 2022", grew) is None
