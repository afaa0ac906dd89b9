"""Rounds 121-124 and the cases session 23 took from earlier rounds' "left" lists: each reading mended at its cause,
with the wrong reading it must still make."""

from __future__ import annotations

from medhal.text.drug_doses import dose_conflict
from medhal.text.drug_names import named_drugs
from medhal.text.effects import changed_outcome
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.intervals import interval_conflicts
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation
from medhal.text.previous_values import direction_against_previous
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens
from medhal.text.test_results import reversed_result

from .letters import cause


def test_a_single_days_dose_states_one_day() -> None:
    # round 115: "taken on one day" restates "as a single day's dose"; another day count is still unstated
    plan = "1. Praziquantel 40 mg/kg as a single day's dose (= 2,400 mg), 2 divided doses 4-6 h apart."
    unit = "which is 2,400 mg, taken on one day as two doses 4 to 6 hours apart with food."
    assert unstated_quantities(unit, plan) == []
    assert [q.text for q in unstated_quantities(unit.replace("one day", "three days"), plan)] == ["three days"]
    # a day's number is no duration: "a single day-5 blastocyst" is a blastocyst of day 5 (a time point since session
    # 36, as "day 5" is), not one day
    assert [q.text for q in quantities("A single day-5 blastocyst was transferred.")] == ["day-5"]


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
    assert cause("because your folate level is fine.", "2. Stop folic acid now - folate replete.") is None
    sprue = "Megaloblastic anaemia - folate and B12 deficiency. Serum folate 1.8 ug/L; B12 140 ng/L"
    assert cause("due to low folate and low vitamin B12 levels.", sprue) is None
    assert cause("due to low folate and low vitamin D levels.", sprue) is not None
    wilms = "Rx: L nephrectomy; vincristine, actinomycin D + doxorubicin; flank RT 14.4 Gy. Echo 2-yearly."
    assert cause("because of her past radiotherapy and doxorubicin.", wilms) is None
    assert cause("because of her past surgery and cisplatin.", wilms) is not None


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
    # a range is no change, and two figures with units must be equal (cp_185: months for weeks)
    trial = "randomly assigned to a 6- to 8-week tapering course of dexamethasone or placebo"
    months = number_conflicts("Dexamethasone was tapered over six to eight months.", trial, trial)
    assert [(a.text, b.text) for a, b in months] == [("eight months", "8-week")]
    # "× 10⁹/L" holds no count 10, as "x10^9/L" holds no 9
    assert [q.text for q in quantities("neutrophils at least 1.5 × 10⁹/L")] == ["1.5"]


def test_a_drug_class_in_the_plural_names_the_drug() -> None:
    # round 122: "other penicillins" names penicillin, so "other penicillin medicines" is no swapped drug
    assert frozenset({"penicillin"}) in named_drugs("2. Amoxicillin & other penicillins can be used in future.")


def test_a_change_told_against_its_own_figures() -> None:
    # round 121: "you have lost weight, from 66.8 kg to 71.2 kg"; "6.1, which is a little higher than the 7.4"
    letter = ["Since d/c: Appetite back; wt 71.2 kg (66.8 kg at d/c).", "Fibroscan: 6.1 kPa (7.4 kPa 02/2024)"]
    assert direction_against_figures("and you have lost weight, from 66.8 kg to 71.2 kg.", letter) == 0
    assert direction_against_figures("and you have gained weight, from 66.8 kg to 71.2 kg.", letter) is None
    higher = "The liver stiffness reading was 6.1, which is a little higher than the 7.4 recorded in February."
    assert direction_against_figures(higher, letter) == 1
    assert direction_against_figures(higher.replace("higher", "lower"), letter) is None


def test_a_result_written_short_is_read() -> None:
    # round 122: "RF neg. ANA neg." and "HIV -ve" give results as much as "negative" does
    letter = ["16/09: Parvovirus B19 IgM POS, IgG POS. RF neg. ANA neg. Hand XR: no erosions.", "HIV -ve, HBsAg -ve"]
    assert reversed_result("Your ANA test was positive.", letter) == 0
    assert reversed_result("Your ANA test was negative.", letter) is None
    assert reversed_result("The parvovirus IgM test was negative.", letter) == 0
    assert reversed_result("Her HIV test came back positive.", letter) == 1
    assert reversed_result("The negative-pressure dressing was positive.", ["Dressing neg-pressure."]) is None


def test_round_123_and_124_shorthand() -> None:
    # "CXR 3-monthly" is the chest X-ray's interval, not the CT's "6-monthly" beside it; a CT is still the CT's
    plan = "1. CXR 3-monthly for yr 2; CT chest 6-monthly."
    assert interval_conflicts("you will have a chest X-ray every 3 months", plan, plan) == []
    changed = interval_conflicts("you will have a CT scan of the chest every 3 months", plan, plan)
    assert [(a.text, b.text) for a, b in changed] == [("every 3 months", "6-monthly")]
    # "days/month 8" is a rate's figure, no "month 8"; "grade 2 R, 1 L" are sides, no litres
    assert [q.kind for q in quantities("Hx: Headache days/month 8 (was 22).")] == ["count", "count"]
    fundi = "Fundi: papilloedema improving - Frisen grade 2 R, 1 L (was 3 R, 3 L)"
    assert unstated_quantities("and grade 1 in the left compared with grade 3 in both before,", fundi) == []
    assert [q.kind for q in quantities("Saline 1 L, then 2 L over 8 h")][:2] == ["volume", "volume"]
    # "(Aug 24)" is August 2024, "(Mar 68)" a level; "Surgical F/U 18/12" is 18 months, "Op 18/12:" a date
    assert unstated_quantities("not there on your scan in August 2024.", "Previous CT (Aug 24) clear.") == []
    assert [q.kind for q in quantities("Hb (Mar 68)")] == ["count"]
    follow_up = "DOB 18/07/2024. 6. Surgical F/U 18/12."
    assert unstated_quantities("and the surgeons again in 18 months.", follow_up) == []
    assert [q.kind for q in quantities("Seen 14/11/2024. Op 18/12: repair.")][-1] == "label:date"


def test_round_123_and_124_words() -> None:
    # "vit K" letters vitamin K; a vitamin the letter never gives is still a swap
    vits = "INR 1.2 (post vit K)\n- Phytomenadione (vit K) 1 mg OD\n- Vitamin E 50 mg OD"
    assert unstated_names("She also needs vitamin K,", vits) == ()
    assert unstated_names("She also needs vitamin D,", vits) == ("vitamin D",)
    # a condition asserts nothing: "more often when you have a chest infection" against "No chest infections"
    assert flips_negation("and more often when you have a chest infection,", "No chest infections since Jan.") is None
    assert flips_negation("He has had chest infections since Jan.", "No chest infections since Jan.") == "chest"
    # causes in lay words for the letter's terms
    foot = "Off-the-shelf insoles. Impression: conservative Rx exhausted."
    assert cause("because non-surgical treatment such as insoles", foot) is None
    lungs = "Impression: Nocturnal hypoventilation secondary to progressive respiratory muscle weakness."
    assert cause("due to your breathing muscles gradually getting weaker,", lungs) is None
    assert cause("due to your heart muscle gradually getting weaker,", lungs) is not None


def test_an_own_heart_failure_letters_errors_are_read() -> None:
    # session 23's own letter: a dose set without the word "dose", a change told "to B from A", an earlier level
    # "3/12 ago"; the faithful forms stay silent
    letter = [
        "Medication: Bisoprolol 5 mg OD; dapagliflozin 10 mg OD; furosemide 40 mg OM.",
        "Wt 84.2 kg (86.9 kg 3/12 ago).",
        "1. Increase bisoprolol to 7.5 mg OD.",
        "3. Reduce furosemide to 20 mg OM.",
    ]
    found = dose_conflict("Your bisoprolol will be increased to 10 mg once a day,", letter)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("10 mg", "5 mg")]
    assert dose_conflict("Your bisoprolol will be increased to 7.5 mg once a day,", letter) is None
    assert dose_conflict("and your furosemide will be reduced to 20 mg each morning.", letter) is None
    assert direction_against_figures("Your weight has gone up to 84.2 kg from 86.9 kg three months ago.", letter) == 1
    assert direction_against_figures("Your weight has come down to 84.2 kg from 86.9 kg.", letter) is None
    assert direction_against_previous("Your weight has gone up to 84.2 kg.", letter) == 1
    assert direction_against_previous("Your weight has come down to 84.2 kg.", letter) is None


def test_a_heart_scan_is_an_echo() -> None:
    # "The heart scan ... (ejection fraction)" aligns with "Echo ...: LVEF 38%"; the heart stays a heart
    unit = alignment_tokens("The heart scan showed the pumping strength (ejection fraction) has improved to 38%")
    echo = alignment_tokens("Echo 20/11/2026: LVEF 38% (was 29% in 03/2026).")
    assert {"echoc", "eject", "fract", "#38"} <= unit & echo
    assert "heart" in alignment_tokens("an ultrasound scan of your heart")


def test_round_125_to_128_readings() -> None:
    # "pre-C7" is cycle 7, "D+365" day 365; "two years ago" in a 2025 letter is its "04/2023"
    assert unstated_quantities("before cycle 7, with blood tests.", "5. F/U 3/52 (pre-C7) with bloods.") == []
    assert quantities("C3 complement low") == []
    assert unstated_quantities("repeated at one year after the transplant (day 365),", "Repeat chimerism D+365") == []
    mri = "Date: 23/04/2025. MRI pancreas (04/2025): tail NET 1.4 cm (04/2024: 1.1 cm; 04/2023: 0.9 cm)."
    assert unstated_quantities("compared with 1.1 cm a year ago and 0.9 cm two years ago.", mri) == []
    assert [q.text for q in unstated_quantities("and 0.9 cm three years ago.", mri)] == ["three years"]


def test_round_125_to_128_names_and_causes() -> None:
    # "Graves' disease" for "TRAb", "prednisolone" for "Pred 30 mg"
    assert unstated_names("and the antibody test for Graves' disease was negative.", "TRAb negative") == ()
    assert unstated_names("the prednisolone you tried in 2021 did not help", "Pred 30 mg tried 2021 - no benefit") == ()
    # causes in the letter's terms: supine, in situ, twice, late, yrs
    assert cause("and because of the drop when lying flat", "FVC sitting 2.41 L; supine 1.98 L (drop 18%).") is None
    thyroid = "Levothyroxine NOT started - R lobe in situ, expected to maintain function"
    assert cause("because the right half of your thyroid has been left in place", thyroid) is None
    assert cause("because your CD4 count has been above 200 twice.", "Stopped as CD4 >200 on 2 occasions.") is None
    late = "Impression: Risk of late hypothyroidism remains lifelong."
    assert cause("because an underactive thyroid can still develop later.", late) is None
    assert cause("because an overactive thyroid can still come back.", late) is not None
    assert cause("because you are more than three years from diagnosis,", "No screening (>3 yrs from dx).") is None


def test_round_129_to_132_readings() -> None:
    # "weekly x8" lasts 8 weeks; "14.02.25" is a date; "10 mg an hour before" is a dose and when, no rate
    course = "rituximab 375 mg/m² IV weekly x8 – start w/c 10/06/24."
    assert unstated_quantities("into a vein once a week for 8 weeks,", course) == []
    assert [q.text for q in unstated_quantities("into a vein once a week for 6 weeks,", course)] == ["6 weeks"]
    assert unstated_quantities("Your blood test on 14 February showed", "Results (14.02.25) Digoxin 1.2") == []
    assert quantities("NICE 1.5.10 and v1.2.3") == []
    assert [q.kind for q in quantities("cetirizine 10 mg an hour before each injection")] == ["mass"]
    assert [q.kind for q in quantities("infuse at 10 mg an hour.")] == ["mass/h"]
    # "1-2x/wk" is the unit's "once or twice a week", not "daily"; "the left half of the brain" is no share
    sticking = "Food sticking ~1-2x/wk (was daily before 1st dilatation)."
    assert interval_conflicts("Food now gets stuck once or twice a week,", sticking, sticking) == []
    assert quantities("and side of the left half of the brain.") == []
    assert [q.text for q in quantities("half of the patients had a rash")] == ["half"]


def test_a_change_to_b_from_a_reads_one_figure_each_side() -> None:
    # "fallen to 3/10 from 8/10" and "risen to 138/86 from 124/78" are no "to 10 from 8" (a scale's top, a diastolic)
    pain = ["Pain at rest 0/10, on activity 3/10 (pre-procedure 8/10)."]
    assert direction_against_figures("and her pain on activity has fallen to 3/10 from 8/10.", pain) is None
    bp = ["BP today 138/86 (previously 124/78)."]
    assert direction_against_figures("His blood pressure has also risen to 138/86 from 124/78 previously.", bp) is None
    out_of = "His pain has fallen to 3 out of 10 from 7 out of 10,"
    assert direction_against_figures(out_of, ["Pain 3/10 (was 7/10)."]) is None


def test_a_drugs_doses_are_read_under_any_of_its_names() -> None:
    # round 121: "Pred ↓ to 5 mg OD x 4/52 → 2.5 mg" gives prednisolone 5 mg, so "reduced to 5 mg" is no changed dose
    plan = ["Meds: azathioprine 100 mg OD, prednisolone 7.5 mg OD", "1) Pred ↓ to 5 mg OD x 4/52 → 2.5 mg OD → stop."]
    assert dose_conflict("Your prednisolone will be reduced to 5 mg once a day for four weeks,", plan) is None
    changed = dose_conflict("Your prednisolone will be reduced to 10 mg once a day for four weeks,", plan)
    assert changed is not None and [(a.text, b.text) for a, b in changed[0]] == [("10 mg", "7.5 mg")]
