"""Rounds 121-124 and the cases session 23 took from earlier rounds' "left" lists: each reading mended at its cause,
with the wrong reading it must still make."""

from __future__ import annotations

from medhal.text.effects import changed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.names import named_drugs, unstated_names
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _cause(unit: str, letter: str) -> str | None:
    return unstated_cause(unit, alignment_tokens(letter), letter)


def test_a_single_days_dose_states_one_day() -> None:
    # round 115: "taken on one day" restates "as a single day's dose"; another day count is still unstated
    plan = "1. Praziquantel 40 mg/kg as a single day's dose (= 2,400 mg), 2 divided doses 4-6 h apart."
    unit = "which is 2,400 mg, taken on one day as two doses 4 to 6 hours apart with food."
    assert unstated_quantities(unit, plan) == []
    assert [q.text for q in unstated_quantities(unit.replace("one day", "three days"), plan)] == ["three days"]
    # a day's number is no duration: "a single day-5 blastocyst"
    assert [q.kind for q in quantities("A single day-5 blastocyst was transferred.")] == []


def test_a_plan_lines_short_years_are_a_due_time() -> None:
    # round 110: "6. Repeat DXA 2 yrs." states "repeated in two years", not a count 2 against "6/52" elsewhere
    plan = "2. Repeat FBC in 6/52, before next injection.\n6. Repeat DXA 2 yrs.\n7. R/V 6/12."
    assert [(q.kind, q.value) for q in quantities(plan) if q.text == "2 yrs"] == [("time", 730.5)]
    assert unstated_quantities("and your bone scan will be repeated in two years.", plan) == []
    assert [q.text for q in unstated_quantities("and your bone scan will be repeated in three years.", plan)] == [
        "three years"
    ]
    # an age in a history line stays a bare number
    assert [q.kind for q in quantities("Hx: 45 yrs, smoker.")] == ["count"]


def test_a_dose_set_by_weight_names_no_outcome() -> None:
    # round 121: "then increased according to your weight" says how the dose is set, not what it changed
    assert changed_outcome("and then increased according to your weight.") is None
    assert changed_outcome("and then increased based on your weight.") is None
    assert changed_outcome("The drug increased dependence on opioids.") == "dependence on opioids"


def test_mr_enterography_is_an_mri() -> None:
    # round 121: "your MRI scan in March" for "MRE 03/2025"; a CT is still a test the letter never names
    letter = "MRE 03/2025: no small bowel inflammation or strictures"
    assert unstated_names("and your MRI scan in March showed no inflammation", letter, alignment_tokens(letter)) == ()
    assert unstated_names("and your CT scan in March showed no inflammation", letter, alignment_tokens(letter)) == (
        "CT",
    )


def test_a_need_said_as_a_condition_is_not_denied() -> None:
    # round 121: "use Gaviscon when needed" against "Stop omeprazole - no clear indication; Gaviscon PRN"
    plan = "2. Stop omeprazole – no clear indication; Gaviscon Advance 10 mL PRN for any reflux."
    assert flips_negation("and to use Gaviscon Advance 10 mL when needed if you get any reflux.", plan) is None
    assert flips_negation("Omeprazole is needed.", "Omeprazole is not needed.") == "needed"


def test_causes_told_in_a_letters_terms_are_stated() -> None:
    # round 122: "fine" says how, "past" when, "causing" is a verb; "vitamin B12" is the letter's "B12"
    assert _cause("because your folate level is fine.", "2. Stop folic acid now - folate replete.") is None
    sprue = "Megaloblastic anaemia - folate and B12 deficiency. Serum folate 1.8 ug/L; B12 140 ng/L"
    assert _cause("due to low folate and low vitamin B12 levels.", sprue) is None
    assert _cause("due to low folate and low vitamin D levels.", sprue) is not None
    wilms = "Rx: L nephrectomy; vincristine, actinomycin D + doxorubicin; flank RT 14.4 Gy. Echo 2-yearly."
    assert _cause("because of her past radiotherapy and doxorubicin.", wilms) is None
    assert _cause("because of her past surgery and cisplatin.", wilms) is not None


def test_a_notes_shorthand_for_days_and_powers_of_ten() -> None:
    # round 122: "drain d2" is day 2; "x10^9/L" holds no count 9
    assert [(q.kind, q.value) for q in quantities("IR pigtail drain d2: 320 mL")] == [("time", 2.0), ("volume", 320.0)]
    assert unstated_quantities("a drain was put in on day 2", "IR pigtail drain d2: 320 mL") == []
    assert [q.text for q in unstated_quantities("a drain was put in on day 3", "IR pigtail drain d2.")] == ["day 3"]
    assert [q.text for q in quantities("WCC 15.8 -> 10.2 x10^9/L, Plt 250 x 10^9/L")] == ["15.8", "10.2", "250"]
    assert quantities("Adcal-D3 BD") == []


def test_two_levels_a_note_writes_side_by_side_are_stated() -> None:
    # round 122: "the CRP falling from 186 to 74" for "CRP 186 -> 74 mg/L", aligned with the WCC line
    letter = "- WCC 15.8 -> 10.2 x10^9/L (4.0-11.0)\n- CRP 186 -> 74 mg/L (<5)"
    wcc = "- WCC 15.8 -> 10.2 x10^9/L (4.0-11.0)"
    unit = "with the CRP falling from 186 to 74 and the white cell count from 15.8 to 10.2."
    assert number_conflicts(unit, letter, wcc) == []
    changed = number_conflicts(unit.replace("to 74", "to 47"), letter, wcc)
    assert [(a.text, b.text) for a, b in changed] == [("47", "11.0")]


def test_a_drug_class_in_the_plural_names_the_drug() -> None:
    # round 122: "other penicillins" names penicillin, so "other penicillin medicines" is no swapped drug
    assert frozenset({"penicillin"}) in named_drugs("2. Amoxicillin & other penicillins can be used in future.")
