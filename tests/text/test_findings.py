"""The null-finding cue: a unit asserting an effect the evidence reports as absent (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.findings import (
    agrees,
    asserts_effect,
    asserts_occurrence,
    contradicts,
    finding_parts,
    finding_subject,
    null_finding,
    null_finding_conflict,
    null_findings,
    reports_null_finding,
)

MORTALITY = "Mortality from any cause did not differ significantly between the groups."
LACTIC = "Lactic acidosis did not occur in either group."


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("all-cause mortality was significantly lower with early rhythm control", MORTALITY),
        ("Metformin caused lactic acidosis in 3% of patients", LACTIC),
        ("Statins reduced the rate of myocardial infarction.", "The rate of myocardial infarction was not reduced."),
        ("Adverse events were more common with the drug.", "There was no difference in adverse events."),
        (
            "Pain scores were lower after surgery than in the control arm.",
            "Pain scores were similar between the surgery and control arms.",
        ),
        # the null finding in one part of a contrasting sentence, the effect asserted about that part
        (
            "Remission of the ulcer was hastened by the dressing.",
            "Results: The dressing reduced pain at dressing changes but did not hasten remission of the ulcer.",
        ),
        # "were similar" with the data in brackets; "the incidence of", "the rate of" only frame the subject
        ("Zinc lowered the rate of wound dehiscence.", "Wound dehiscence rates were similar (4.1% vs 3.9%)."),
        (
            "Vitamin D significantly reduced falls in winter.",
            "There was no difference in the incidence of falls in winter.",
        ),
        # effect words the cue had missed: "slowed", "halved", "rose", "worse"
        ("Cognitive decline was slowed by the diet.", "The diet did not slow cognitive decline."),
        ("Readmissions were halved with telemonitoring.", "Telemonitoring did not reduce readmissions."),
        ("Blood pressure rose with the new dose.", "Blood pressure did not change with the new dose."),
        # the same time point
        ("Pain was lower at 6 weeks with the brace.", "Pain did not differ at 6 weeks."),
    ],
)
def test_fires_on_an_effect_the_evidence_reports_absent(unit: str, sentence: str) -> None:
    assert null_finding_conflict(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # faithful restatements of the null finding (negated, hedged or "similar"): never contradicted
        ("all-cause mortality did not differ significantly between groups", MORTALITY),
        ("There was no significant difference in mortality.", MORTALITY),
        ("Mortality was similar in both groups.", MORTALITY),
        ("Mortality was numerically lower with rhythm control.", MORTALITY),
        ("No patient developed lactic acidosis.", LACTIC),
        # the unit does not name the sentence's whole subject: another finding
        ("Stroke was less frequent with early rhythm control.", MORTALITY),
        ("Mortality was lower among women.", "Mortality in men did not differ between the groups."),
        ("Mortality was lower with the drug.", "In children, mortality did not differ between the groups."),
        # the sentence reports an effect, not a null finding
        ("Mortality was lower with rhythm control.", "Mortality was lower with rhythm control (p = 0.01)."),
        # the unit asserts no effect
        ("Lactic acidosis was monitored in every patient.", LACTIC),
        # the effect the other part of a contrasting sentence reports, never its null finding
        (
            "The dressing reduced pain at dressing changes.",
            "Results: The dressing reduced pain at dressing changes but did not hasten remission of the ulcer.",
        ),
        (
            "starting labour at 39 weeks led to fewer caesarean births.",
            "Induction at 39 weeks did not reduce perinatal complications but resulted in fewer caesarean births.",
        ),
        # another time point or dose
        ("Pain scores were lower at 12 weeks.", "Pain scores did not differ at 6 weeks, but were lower at 12 weeks."),
        ("Pain scores were lower at 12 weeks.", "Pain scores did not differ at 6 weeks."),
        ("Nausea was more common with 20 mg.", "Nausea did not differ with 10 mg."),
        # a subject the unit does not name whole: thick vs thin, an acronym, framing words only
        ("Thin melanomas significantly increased.", "There was no significant change in thick melanomas."),
        ("Multiple pregnancies increased with the protocol.", "Multiple PR did not change."),
        ("Continence scores were significantly better after surgery.", "Overall scores were similar."),
    ],
)
def test_stays_silent_on_faithful_or_unrelated_units(unit: str, sentence: str) -> None:
    assert not null_finding_conflict(unit, sentence)


def test_at_the_cost_of_turns_to_another_finding() -> None:
    assert finding_parts("It reduced nausea, at the cost of a transient rise in blood glucose.") == [
        "It reduced nausea",
        "at the cost of a transient rise in blood glucose.",
    ]


def test_parts() -> None:
    assert reports_null_finding("The drug was not associated with weight gain.")
    assert reports_null_finding("The difference was not statistically significant.")
    assert not reports_null_finding("Weight gain was more common with the drug.")
    assert asserts_effect("Weight gain led to discontinuation") and not asserts_effect("Weight gain may be higher")
    assert finding_subject(MORTALITY) == frozenset({"morta"})  # "from any cause": every kind, no subject word


def test_findings_are_read_part_by_part() -> None:
    sentence = "Bicarbonate raised serum bicarbonate, whereas eGFR did not differ (p = 0.4); mortality was lower."
    assert finding_parts(sentence) == [
        "Bicarbonate raised serum bicarbonate",
        "whereas eGFR did not differ (p = 0.4)",
        "mortality was lower.",
    ]
    finding = null_finding(sentence)
    assert finding is not None and finding.subject == frozenset({"egfr"})
    assert finding_parts("Pain fell (but not in smokers) at rest.") == ["Pain fell (but not in smokers) at rest."]
    assert null_finding("Mortality was lower with the drug.") is None
    assert null_finding("Overall scores were similar.") is None  # nothing named but framing words


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        # the same null finding in other words: supported
        (
            "Fidaxomicin was not significantly better than vancomycin.",
            "Fidaxomicin and vancomycin did not differ.",
            True,
        ),
        (
            "Valproate showed no association with suicidal behaviour.",
            "Valproate was not associated with suicidal behaviour.",
            True,
        ),
        (
            "Zinc did not raise the rate of wound dehiscence.",
            "Wound dehiscence rates were similar (4.1% vs 3.9%).",
            True,
        ),
        ("Nausea was no more common with zinc than with placebo.", "Nausea rates were similar across groups.", True),
        ("Counselling did not help patients lose weight.", "Counselling did not reduce weight in patients.", True),
        # an effect, another subject, another population, another time point, or an effect in another part
        ("Zinc lowered the rate of wound dehiscence.", "Wound dehiscence rates were similar (4.1% vs 3.9%).", False),
        ("Vancomycin did not differ from placebo.", "Fidaxomicin and vancomycin did not differ.", False),
        ("Mortality did not differ among women.", "Mortality in men did not differ between the groups.", False),
        ("Pain did not differ at 12 weeks.", "Pain did not differ at 6 weeks.", False),
        ("Pain did not differ, but function improved.", "Pain did not differ between the groups.", False),
    ],
)
def test_a_null_finding_reported_again_agrees(unit: str, sentence: str, expected: bool) -> None:
    finding = null_finding(sentence)
    assert finding is not None and agrees(unit, finding) is expected


def test_no_correlation_and_not_effective_are_null_findings() -> None:
    assert reports_null_finding("No correlation between baseline pain intensity and opioid response was found.")
    assert reports_null_finding("The programme was not effective in reducing readmissions or length of stay.")
    assert reports_null_finding("Early surgery had no impact on mortality.")
    assert not reports_null_finding("The programme was effective in reducing readmissions.")
    finding = null_finding("No significant difference was found in the length of stay or readmission.")
    assert finding is not None
    assert agrees("but it was not effective in reducing readmissions or length of stay.", finding)


def test_no_meaningful_difference_and_no_important_improvement_are_null_findings() -> None:
    # round 19: "there was still no meaningful difference at 12 months" was read as asserting nothing (P(C) 0.80)
    assert reports_null_finding("and there was still no meaningful difference at 12 months.")
    assert reports_null_finding("There was no clinically important difference in pain.")
    assert reports_null_finding(
        "Adding denervation did not produce clinically important improvements in pain or disability."
    )
    assert not reports_null_finding("There was a meaningful difference at 12 months.")
    assert not reports_null_finding("It produced clinically important improvements in pain.")


def test_rare_frames_a_finding_as_common_does() -> None:
    finding = null_finding("Fatal bleeding was rare and did not differ between groups.")
    assert finding is not None and finding.subject == frozenset({"fatal", "bleed"})
    assert null_finding_conflict(
        "Fatal bleeding was more common with apixaban than with aspirin.",
        "Fatal bleeding was rare and did not differ between groups.",
    )


def test_a_clause_joined_by_and_reports_its_own_null_finding() -> None:
    sentence = (
        "Symptomatic intracranial haemorrhage occurred in 0.6% and 1.2%, respectively, and mortality at 90 days "
        "was similar."
    )
    (finding,) = null_findings(sentence)
    assert finding.subject == frozenset({"morta"})  # "at 90 days" is its time point, matched as a figure
    assert null_finding_conflict("Death by 90 days was higher with thrombectomy.", sentence)
    # a clause that only modifies the one before keeps the whole part's subject ("with no difference ...")
    modifier = "The haemoglobin level was measured in 4-15% of patients, with no difference before or after the PEP."
    assert not null_finding_conflict("Completion of the PEP improved the knowledge of the midwives", modifier)
    # and so does a clause cut from a list ("between the XGC, chronic cholecystitis and control groups")
    listed = (
        "PCNA was higher in GBC (P=0.0001), but there was no difference between the XGC, cholecystitis and controls."
    )
    assert not null_finding_conflict("PCNA expression in XGC was significantly different from GBC", listed)


def test_alone_and_composite_frame_a_finding() -> None:
    sentence = "Cardiovascular death alone did not differ significantly between groups (hazard ratio 0.93)."
    assert null_findings(sentence)[0].subject == frozenset({"cardi", "morta"})
    assert null_finding_conflict("Empagliflozin significantly reduced cardiovascular death on its own.", sentence)
    composite = "Induction did not reduce the composite of death or major morbidity."
    assert null_finding_conflict("Induction significantly lowered death or major morbidity.", composite)


def test_coordinated_clauses_each_report_their_own_null_finding() -> None:
    sentence = "Vascular occlusive events were similar in the two groups, and seizures did not differ between groups."
    assert [f.subject for f in null_findings(sentence)] == [frozenset({"vascu", "occlu"}), frozenset({"seizu"})]
    assert null_finding_conflict("Seizures were more frequent with tranexamic acid.", sentence)
    assert null_finding_conflict("Vascular occlusive events were more common with placebo.", sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "No adverse events were recorded.",
        "There were no adverse events.",
        "No adverse events occurred during the study.",
        "Adverse events did not occur in either group.",
    ],
)
def test_something_that_never_happened_is_contradicted_by_a_unit_saying_it_happened(sentence: str) -> None:
    [finding] = null_findings(sentence)
    assert finding.absence and finding.subject == frozenset({"adver"})
    # to anyone: a population the sentence does not name is among those it is about
    assert contradicts("Two children had adverse events.", finding)
    assert contradicts("Adverse events occurred in 3% of the patients.", finding)
    assert null_finding_conflict("Two children had adverse events.", sentence)
    # said to have happened to no one, hedged, or of something else
    assert not contradicts("No child had adverse events.", finding)
    assert not contradicts("Some children could have adverse events.", finding)
    assert not contradicts("Two children had rashes.", finding)


def test_an_absence_narrowed_to_some_or_a_difference_that_was_not_found_is_no_absence() -> None:
    assert null_findings("No leak was observed in group B patients.") == ()
    assert [f.absence for f in null_findings("No significant differences were found in pain.")] == [False]
    assert [f.absence for f in null_findings("No statistically significant improvements were seen.")] in ([], [False])
    # a difference not found keeps its populations: a null finding in everyone is not one in children
    assert not null_finding_conflict(
        "Children had lower pain scores.", "No significant differences were found in pain."
    )


def test_no_one_had_it_is_an_absence_of_what_follows() -> None:
    [finding] = null_findings("Infusion reactions were rare, and no patient had anaphylaxis.")
    assert finding.absence and finding.subject == frozenset({"anaph"})
    assert contradicts("Three patients developed anaphylaxis.", finding)
    assert agrees("Nobody developed anaphylaxis.", finding)
    assert [f.absence for f in null_findings("No seizures occurred during the study.")] == [True]


def test_a_finding_about_two_listed_outcomes_holds_for_each_but_not_for_a_composite() -> None:
    listed = "Hypercalcemia and kidney stones were uncommon and did not differ between groups."
    assert null_finding_conflict("Kidney stones were more common with vitamin D.", listed)
    assert null_finding_conflict("Hypercalcemia was more frequent with vitamin D.", listed)
    composite = "The composite of death and myocardial infarction did not differ between groups."
    assert not null_finding_conflict("Myocardial infarction was less frequent with ticagrelor.", composite)
    assert null_finding_conflict(
        "The composite of death and myocardial infarction was lower with ticagrelor.", composite
    )


def test_a_part_that_names_nothing_reports_the_null_finding_of_what_the_part_before_it_measured() -> None:
    sentence = "Cardiovascular death alone occurred in 7.4% and 8.3%, respectively; the difference was not significant."
    assert null_finding_conflict("Dapagliflozin significantly reduced cardiovascular death on its own.", sentence)
    assert agrees("Cardiovascular death on its own was not significantly reduced.", null_finding(sentence))
    # the measure is named before the verb only: the groups' figures are not its subject
    assert not null_finding_conflict("Heart failure was lower with dapagliflozin.", sentence)
    assert null_findings("The difference was not statistically significant.") == ()


def test_two_outcomes_listed_after_no_differences_hold_each() -> None:
    sentence = "There were no differences in readmission at 28 days or in parent-reported quality of life."
    assert null_finding_conflict("Readmissions were lower with saline.", sentence)
    assert null_finding_conflict("Quality of life as reported by parents was better with saline.", sentence)
    assert any(agrees("Readmissions and quality of life were similar.", f) for f in null_findings(sentence))
    # a time point the finding states is matched as a figure, not required as a word
    assert not null_finding_conflict("Readmissions at 7 days were lower with saline.", sentence)


def test_a_composite_named_with_or_is_not_the_component_a_null_finding_is_about() -> None:
    sentence = "Cardiovascular death did not differ between groups."
    composite = "The drug lowered the rate of worsening heart failure or cardiovascular death from 19.5% to 16.4%."
    assert not null_finding_conflict(composite, sentence)
    assert null_finding_conflict("The drug lowered cardiovascular death.", sentence)


def test_a_composite_whose_components_are_listed_is_not_each_component() -> None:
    # round 20: a faithful effect on a composite, its components in brackets, was contradicted by the null finding
    # about one of them
    sentence = "Cardiovascular death did not differ significantly between groups (HR 0.96; 95% CI 0.58-1.59)."
    listed = (
        "Colchicine lowered the rate of the combined ischemic endpoint (cardiovascular death, repeat heart attack, "
        "ischemic stroke, or urgent angina admission) from 8.3% with placebo to 6.1%."
    )
    assert not null_finding_conflict(listed, sentence)
    assert not null_finding_conflict("It reduced the composite of cardiovascular death, MI or stroke.", sentence)
    # the component alone, or a composite of it alone, is still the null finding's subject
    assert null_finding_conflict("It lowered the combined risk of cardiovascular death.", sentence)
    assert null_finding_conflict("Colchicine significantly reduced cardiovascular death (HR 0.96).", sentence)


def test_a_subject_cut_at_and_is_read_whole_and_a_change_in_time_names_its_duration() -> None:
    sentence = "The duration of diarrhoea and vomiting did not differ between groups."
    assert sorted(null_findings(sentence)[0].subject) == ["diarr", "durat", "vomit"]
    assert null_finding_conflict("The probiotic shortened diarrhoea or vomiting compared with placebo.", sentence)
    assert null_finding_conflict("Diarrhoea and vomiting lasted longer with the probiotic.", sentence)
    assert not null_finding_conflict("The probiotic reduced diarrhoea.", sentence)


def test_a_finding_stated_in_passing_with_without_is_a_null_finding_of_its_own() -> None:
    sentence = (
        "Conclusions: Skin-to-skin contact in the operating room increased exclusive breastfeeding at discharge "
        "without increasing hypothermia, but the effect had largely faded by 3 months."
    )
    assert finding_parts(sentence)[1] == "without increasing hypothermia"
    assert [sorted(f.subject) for f in null_findings(sentence)] == [["hypo-ther"]]
    assert null_finding_conflict("Hypothermia was twice as common with skin-to-skin contact.", sentence)
    assert null_finding_conflict("Skin-to-skin contact caused more hypothermia.", sentence)
    # the effect the sentence does report, and the null finding restated, stay uncontradicted
    assert not null_finding_conflict("Skin-to-skin contact increased exclusive breastfeeding at discharge.", sentence)
    assert not null_finding_conflict("Hypothermia was no more common with skin-to-skin contact.", sentence)
    # "without" naming a population is no finding
    assert not reports_null_finding("Patients without diabetes were enrolled.")


def test_a_hedge_of_a_figure_never_names_a_subject() -> None:
    # "approximately" and "appropriate" share their first five letters; the finding is about the latter
    sentence = "The difference in appropriate endotracheal intubation between the two settings was not significant."
    unit = "Intubation in flight takes approximately twice as long as intubation on the ground."
    assert asserts_effect(unit)
    assert not null_finding_conflict(unit, sentence)


def test_the_variable_that_groups_the_patients_is_not_the_subject_of_a_null_finding() -> None:
    sentence = "Length of stay did not differ between BMI groups."
    assert [sorted(f.subject) for f in null_findings(sentence)] == [["hospi", "lengt", "stay"]]
    assert null_finding_conflict("Length of hospital stay was longer in morbidly obese patients.", sentence)
    assert not null_finding_conflict("Revision was more common in morbidly obese patients.", sentence)


def test_linked_to_asserts_an_association() -> None:
    sentence = "Fewer than 10 years of rotating night work was not associated with diabetes (odds ratio 1.07)."
    assert asserts_effect("Even a few years of rotating night work was linked to diabetes.")
    assert null_finding_conflict("Fewer than ten years of rotating night work was linked to diabetes.", sentence)
    assert not null_finding_conflict("Shorter periods of rotating night work were not linked to diabetes.", sentence)
    # the finding is about a stratum bounded by a figure: a unit that names no figure may be about the others
    assert not null_finding_conflict("Long-term rotating night shift work was linked to type 2 diabetes.", sentence)


def test_a_question_or_aim_reports_no_null_finding() -> None:
    # the study's question holds "without increasing": whichever way the study came out, it is no finding
    aim = "We tested whether intravenous tranexamic acid reduces transfusion without increasing thrombotic events."
    assert null_findings(aim) == ()
    assert not null_finding_conflict("Thrombotic events were twice as common with tranexamic acid.", aim)
    result = "Tranexamic acid reduced transfusion without an apparent increase in thrombotic events."
    assert [sorted(f.subject) for f in null_findings(result)] == [["throm"]]
    assert null_finding_conflict("Thrombotic events were twice as common with tranexamic acid.", result)


def test_did_not_lead_to_more_is_a_null_finding() -> None:
    assert reports_null_finding("Adding the app did not lead to more people quitting at six months.")
    assert reports_null_finding("Screening did not result in a meaningful reduction in mortality.")
    assert not reports_null_finding("Screening led to more biopsies.")


def test_leaving_hospital_earlier_is_a_shorter_stay() -> None:
    sentence = "Length of stay did not differ between groups (median 9 days in both)."
    assert null_finding_conflict("Patients given the drug left hospital two days earlier.", sentence)
    assert null_finding_conflict("Patients given the drug were discharged sooner.", sentence)
    assert null_finding_conflict("Patients given the drug stayed in hospital two days longer.", sentence)
    # the stay restated, at the finding's figure, asserts nothing against it
    assert not null_finding_conflict("Patients stayed in hospital for a median of nine days in both groups.", sentence)
    assert not null_finding_conflict("Patients given the drug left hospital after a median of nine days.", sentence)


def test_who_developed_it_frames_a_finding_as_its_occurrence_does() -> None:
    sentence = "Among patients who developed delirium, its duration did not differ (median 3 days in both groups)."
    assert null_finding_conflict("When delirium did occur, it was shorter with the intervention.", sentence)
    assert not null_finding_conflict("When delirium did occur, it lasted about as long in both groups.", sentence)


def test_one_figure_in_both_groups_is_no_difference() -> None:
    sentence = "Mortality at 90 days was 6% in both groups."
    assert reports_null_finding(sentence)
    assert null_finding_conflict("Deaths were twice as common with the shorter course.", sentence)
    assert not null_finding_conflict("Six percent of patients died in each group.", sentence)


STROKE_CONCLUSION = (
    "Conclusions: Among patients with acute ischaemic stroke and hyperglycaemia, intensive glucose control did not "
    "improve functional outcome at 90 days and caused more severe hypoglycaemia."
)


def test_a_conclusion_restating_the_study_population_is_about_its_finding() -> None:
    # the population a labelled conclusion opens with is the study's, not the finding's subject; the effect the
    # same subject goes on to have ("and caused more severe hypoglycaemia") is a finding of its own
    (finding,) = null_findings(STROKE_CONCLUSION)
    assert finding.subject == frozenset({"inten", "gluco", "contr", "funct"})
    wrong = "Tight glucose control with an insulin drip improved function 90 days after stroke."
    assert contradicts(wrong, finding)
    assert agrees("Tight glucose control did not improve function 90 days after stroke.", finding)
    # in the results, "among patients with diabetes" may be a subgroup: still part of what the finding is about
    subgroup = "Results: Among patients with diabetes, intensive glucose control did not improve function."
    assert not null_finding_conflict("Intensive glucose control improved function.", subgroup)


@pytest.mark.parametrize(
    ("text", "effect", "null"),
    [
        ("Apixaban caused about as much bleeding as a vitamin K antagonist (45.8% vs 51.0%).", False, True),
        ("Bleeding was about as common with apixaban as with warfarin.", False, True),
        ("Deaths occurred twice as often as with placebo.", True, False),
        ("It caused three times as much bleeding as warfarin.", True, False),
    ],
)
def test_as_much_as_compares_without_a_difference_unless_multiplied(text: str, effect: bool, null: bool) -> None:
    assert asserts_effect(text) is effect
    assert reports_null_finding(text) is null


def test_as_much_as_restates_a_null_finding_with_respect_to_its_subject() -> None:
    finding = null_finding(
        "Conclusions: In patients with atrial fibrillation on haemodialysis, apixaban did not differ from a vitamin K "
        "antagonist with respect to bleeding, but the trial was underpowered to detect differences."
    )
    assert finding is not None
    assert agrees("Apixaban caused about as much bleeding as a vitamin K antagonist.", finding)
    assert not contradicts("Apixaban caused about as much bleeding as a vitamin K antagonist.", finding)
    assert contradicts("Apixaban caused significantly less bleeding than a vitamin K antagonist.", finding)


def test_a_conclusions_study_population_narrows_nothing() -> None:
    conclusion = (
        "Conclusions: Among older adults undergoing cardiac surgery, EEG-guided anaesthesia did not decrease the "
        "incidence of postoperative delirium."
    )
    (finding,) = null_findings(conclusion)
    assert finding.populations == frozenset()  # "older adults" is whom the study enrolled
    assert contradicts("Guiding anaesthesia with EEG monitoring reduced delirium after surgery.", finding)
    # "In women, ..." may be a subgroup wherever it stands
    (women,) = null_findings("Conclusions: In women, aspirin did not reduce stroke.")
    assert "women" in women.populations


def test_a_median_in_both_groups_is_no_difference_and_a_shorter_stay_contradicts_it() -> None:
    (finding,) = null_findings("Length of hospital stay was a median of 9 days in both groups.")
    assert contradicts("Hospital stays were two days shorter with early mobilisation.", finding)
    assert not contradicts("Hospital stays were the same length, about nine days in both groups.", finding)


def test_faster_recovery_is_an_effect_and_happened_an_occurrence() -> None:
    finding = null_findings("Recovery at 28 days and rates of hospital admission did not differ between groups.")
    assert any(contradicts("Recovery was faster with CRP testing.", f) for f in finding)
    assert asserts_occurrence("Falls in hospital happened in both groups.")


def test_a_count_in_each_group_is_no_absence() -> None:
    # "occurred in one participant in each group" is no null finding: read as one, it restated the wrong "Severe
    # hypoglycaemia did not occur in either group" (bad17 of round 3)
    sentence = "Severe hypoglycaemia occurred in one participant in each group."
    assert not reports_null_finding(sentence)
    assert not any(agrees("Severe hypoglycaemia did not occur in either group.", f) for f in null_findings(sentence))


def test_a_compound_adjective_is_no_verb_of_its_own() -> None:
    # "Pregnancy-related hypertension | and neonatal lean body mass did not differ": one subject of two conjuncts,
    # each reported without a difference ("-related" is not a verb that would give the first half a finding of its own)
    found = null_findings("Pregnancy-related hypertension and neonatal lean body mass did not differ between groups.")
    subjects = [f.subject for f in found]
    assert frozenset({"pregn", "hyper-tens"}) in subjects and frozenset({"neona", "lean", "body", "mass"}) in subjects
    assert any(contradicts("Immediate treatment also prevented pregnancy-related hypertension.", f) for f in found)


@pytest.mark.parametrize(
    "sentence",
    [
        "The site of access does not appear to influence complications.",
        "The site of access did not seem to affect complications.",
        "The site of access does not influence complications.",
    ],
)
def test_a_hedged_or_influence_null_finding_is_one(sentence: str) -> None:
    # "appear" and "seem" frame the finding: they name nothing of its subject
    assert [f.subject for f in null_findings(sentence)] == [frozenset({"site", "acces", "cmplc"})]


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        # one kind of death is not what an overall null finding denies
        ("Screening lowered lung cancer deaths by a quarter.", False),
        ("It reduced deaths from cardiovascular causes.", False),
        ("Progression-free survival was longer with A.", False),
        # every kind, or none named
        ("Screening also reduced deaths from all causes.", True),
        ("All-cause mortality was lower with screening.", True),
        ("Survival was longer with A.", True),
    ],
)
def test_an_overall_null_finding_on_deaths_is_not_one_on_a_kind_of_them(unit: str, expected: bool) -> None:
    (finding,) = null_findings("Overall mortality did not differ between groups.")
    assert contradicts(unit, finding) is expected


def test_kinds_are_read_only_for_deaths() -> None:
    # "newborn hypothermia" is the finding's hypothermia, "left hospital" its stay (both clinical pairs)
    (finding,) = null_findings("Skin-to-skin contact did not increase hypothermia.")
    assert contradicts("Skin-to-skin contact made newborn hypothermia twice as common.", finding)
    (stay,) = null_findings("Length of stay did not differ between groups (median 9 days in both).")
    assert contradicts("Patients given tranexamic acid left hospital two days earlier.", stay)


def test_the_groups_a_null_finding_compares_may_be_left_out() -> None:
    (finding,) = null_findings("Bleeding did not differ between carriers and non-carriers.")
    assert agrees("Bleeding was similar.", finding)
    assert contradicts("Carriers bled more.", finding)
    # a unit naming anything else the finding does not is about something else
    assert not agrees("Metformin did not reduce bleeding.", finding)
    assert not contradicts("Metformin reduced bleeding.", finding)
    assert not contradicts("Bleeding was more frequent in women.", finding)


def test_a_composite_with_the_subject_across_its_halves_is_not_the_component() -> None:
    (finding,) = null_findings("There were no neonatal deaths in either group.")
    assert finding.absence
    assert not contradicts("Betamethasone reduced neonatal respiratory support or death.", finding)
    assert contradicts("Betamethasone reduced neonatal deaths.", finding)


def test_unchanged_frames_a_null_finding() -> None:
    (finding,) = null_findings("The proportion of patients admitted to intensive care was unchanged.")
    assert contradicts("Admissions to intensive care fell by a third.", finding)


def test_a_null_finding_about_several_listed_outcomes_is_one_about_each() -> None:
    found = null_findings(
        "There were no significant differences between groups in large-for-gestational-age infants (8.9% vs 9.2%), "
        "a perinatal composite outcome (3.1% vs 3.0%), gestational hypertension or preeclampsia (13.6% vs 13.5%), "
        "or primary caesarean delivery (24.0% vs 24.6%)."
    )
    assert any(contradicts("Caesarean deliveries were less frequent with one-step screening.", f) for f in found)
    assert any(agrees("Perinatal outcomes did not differ.", f) for f in found)
    # an outcome joined by "or" inside one item stays that item's: no null finding on preeclampsia alone
    assert not any(contradicts("One-step screening reduced preeclampsia.", f) for f in found)


def test_what_a_null_finding_was_adjusted_for_is_not_its_subject() -> None:
    (finding,) = null_findings("No association was found for nitrogen dioxide after adjustment for PM2.5.")
    assert finding.adjusted and finding.subject == frozenset({"nitro", "dioxi"})
    assert agrees("Nitrogen dioxide was not associated with dementia once PM2.5 was accounted for.", finding)
    assert contradicts("Nitrogen dioxide was independently associated with dementia.", finding)
    # the crude association may hold where the adjusted one does not
    assert not contradicts("Nitrogen dioxide was associated with dementia.", finding)


def test_one_woman_and_two_women_are_the_same_people() -> None:
    # "No woman developed ileus" was no null finding at all, and "woman" and "women" named different people
    (finding,) = null_findings("No woman developed ileus.")
    assert finding.absence
    assert contradicts("Two women developed ileus.", finding)
    assert not contradicts("Two women developed wound infections.", finding)


def test_advice_after_a_null_finding_is_not_its_subject() -> None:
    # "... and should not be used outside randomised trials" made "outside" and "randomised" part of the subject
    (finding,) = null_findings(
        "Conclusions: Tranexamic acid did not reduce death from gastrointestinal bleeding and should not be used "
        "outside randomised trials."
    )
    assert agrees("Tranexamic acid did not lower deaths from gastrointestinal bleeding.", finding)
    assert contradicts("Tranexamic acid lowered deaths from gastrointestinal bleeding.", finding)


def test_a_result_that_did_not_reach_significance_is_a_null_finding() -> None:
    (finding,) = null_findings("The reduction in relapse did not reach statistical significance.")
    assert finding.subject == frozenset({"recur"})  # "relapse" reads as "recurrence" (round 220)
    assert contradicts("Relapse was significantly reduced.", finding)
    (finding,) = null_findings("The reduction in relapse failed to reach significance.")
    assert finding.subject == frozenset({"recur"})
    assert null_findings("The reduction in relapse did reach significance.") == ()


def test_needing_what_no_one_required_denies_an_absence() -> None:
    (finding,) = null_findings("No child required intensive care.")
    assert contradicts("Two children in the placebo group needed intensive care.", finding)
    assert not contradicts("No child needed intensive care.", finding)
    # whom a study took in is not what happened to them
    (finding,) = null_findings("No patient required intensive care.")
    assert not contradicts("Patients who required intensive care were enrolled.", finding)


def test_what_an_absence_includes_never_happened_either() -> None:
    found = null_findings("No serious adverse events, including pneumothorax, were reported in either group.")
    assert [sorted(f.subject) for f in found] == [["adver", "serio"], ["pneum"]]
    assert agrees("Nobody had a pneumothorax.", found[1])
    assert contradicts("Pneumothorax occurred in 2% of infants.", found[1])
    # a null finding that is no absence says nothing of each thing it includes
    assert len(null_findings("Serious adverse events, including pneumothorax, did not differ between groups.")) == 1


def test_none_admitted_to_intensive_care_is_an_absence() -> None:
    (finding,) = null_findings("Readmission occurred in 9 children (2.2%); none were admitted to intensive care.")
    assert finding.absence and finding.subject == frozenset({"inten", "care"})
    assert contradicts("Two children needed intensive care.", finding)
    assert agrees("No child needed intensive care.", finding)


def test_a_time_point_before_deaths_is_no_kind_of_death() -> None:
    (finding,) = null_findings("There was no significant difference in all-cause mortality at 6 months (3% and 5%).")
    assert finding.subject == frozenset({"morta"})
    assert contradicts("Six-month mortality was significantly lower with early surgery.", finding)
    assert agrees("Six-month mortality did not differ significantly between the strategies.", finding)
    assert not contradicts("One-year mortality was lower with early surgery.", finding)  # another time point


def test_did_not_result_in_a_significantly_lower_risk_reports_a_null_finding() -> None:
    assert reports_null_finding("Aspirin did not result in a significantly lower risk of cardiovascular disease.")
    assert not reports_null_finding("Aspirin resulted in a significantly lower risk of cardiovascular disease.")


def test_a_null_finding_on_a_pathogen_named_in_full_covers_its_abbreviation() -> None:
    (finding,) = null_findings("Rates of Clostridioides difficile infection did not differ.")
    assert contradicts("C. difficile infections were halved.", finding)
    assert not contradicts("S. aureus infections were halved.", finding)


def test_outcomes_listed_before_the_verb_each_hold_the_null_finding() -> None:
    sentence = "Waist circumference, body fat, blood pressure and glucose did not differ between groups."
    assert null_finding_conflict("It also improved blood pressure.", sentence)
    assert null_finding_conflict("Glucose was lower with time-restricted eating.", sentence)
    bracketed = "Rates of delirium (18% vs 22%) and 30-day mortality (4% vs 5%) did not differ significantly."
    assert null_finding_conflict("Early mobilisation significantly reduced delirium (18% vs 22%).", bracketed)
    after = "There were no differences in length of stay, falls or sedative use."
    assert null_finding_conflict("Falls were less frequent with melatonin.", after)
    # a composite listed before its verb is one outcome
    composite = "The composite of death, myocardial infarction or stroke did not differ."
    assert not null_finding_conflict("Stroke was less frequent with the drug.", composite)


def test_did_not_produce_a_greater_effect_is_a_null_finding() -> None:
    sentence = "Adding time-restricted eating to calorie restriction did not produce significantly greater weight loss."
    assert reports_null_finding(sentence)
    assert null_finding_conflict(
        "Adding time-restricted eating to calorie restriction led to significantly more weight loss.", sentence
    )


def test_a_composite_called_one_is_not_a_component_the_unit_names_elsewhere() -> None:
    component = "Myocardial infarction alone did not differ significantly (2.0% vs 2.4%)."
    unit = "Giving the flu vaccine within three days of a heart attack lowered the combined risk of death,"
    assert not null_finding_conflict(unit, component)
    # a unit about the component itself is still contradicted
    assert null_finding_conflict("The vaccine lowered the risk of another heart attack.", component)


def test_cause_as_a_noun_asserts_no_effect() -> None:
    assert not asserts_effect("Deaths from any cause,")
    assert not asserts_effect("The cause of death was unclear.")
    assert asserts_effect("Statins cause myopathy.")
    sentence = "There were no differences in all-cause death, reinfarction or stroke."
    assert not null_finding_conflict("Deaths from any cause,", sentence)


def test_cut_asserts_an_effect_and_a_cut_off_does_not() -> None:
    assert asserts_effect("The programme cut unscheduled asthma care by a quarter.")
    assert not asserts_effect("A cut-off of 5 ng/L was used.")
    assert reports_null_finding("The programme did not cut unscheduled asthma care.")
    assert null_finding_conflict(
        "The programme cut unscheduled asthma care by a quarter.", "The programme did not reduce unscheduled care."
    )


def test_did_not_rise_is_a_null_finding_and_no_patient_died_an_absence() -> None:
    assert reports_null_finding("Falls and fractures from falls did not rise.")
    assert any(
        agrees("Falls and fractures from falls did not rise,", f)
        for f in null_findings("Falls and fall-related fractures did not increase.")
    )
    deaths = "No patient in either group died within 30 days."
    assert [f.absence for f in null_findings(deaths)] == [True]
    assert null_finding_conflict("and three patients died within a month.", deaths)
    assert agrees("Nobody died within a month.", null_finding(deaths))
    # a death narrowed to some ("during surgery") is no absence
    assert null_findings("No patient died during surgery.") == ()


def test_emerged_says_something_happened() -> None:
    # round 18: "Mupirocin resistance emerged in 4% of isolates" was not read against "No mupirocin-resistant isolates
    # were found"
    assert asserts_occurrence("Mupirocin resistance emerged in 4% of isolates.")
    assert asserts_occurrence("Resistance arose in two patients.")
    # "emerged from" a state is an outcome, not an occurrence (PubMedQA: "Six of 9 patients ... emerged from an MCS")
    assert not asserts_occurrence("Six of 9 patients emerged from a minimally conscious state.")
    assert null_finding_conflict(
        "Resistance to the drug emerged in two patients.", "No resistance to the drug was detected in any patient."
    )


def test_slightly_more_frequent_is_no_effect_a_null_finding_denies() -> None:
    # round 20: "pneumonia, though slightly more frequent," against "numerically more common ... not significant"
    sentence = "Pneumonia was numerically more common with colchicine (0.9% vs 0.4%), but not significantly (p = 0.09)."
    assert not null_finding_conflict("and pneumonia, though slightly more frequent,", sentence)
    assert null_finding_conflict("and pneumonia was more frequent with colchicine,", sentence)
    # ... unless it says "significantly" too
    assert null_finding_conflict("Pneumonia, though slightly more frequent, was significantly increased.", sentence)


def test_much_the_same_reports_a_null_finding_and_unchanged_conclusions_report_none() -> None:
    # round 21: "Death rates at 28 days were much the same (31% vs 30%)" (P(C) 0.76 against "did not differ")
    unit = "Death rates at 28 days were much the same (31% vs 30%)."
    assert reports_null_finding(unit)
    assert any(agrees(unit, f) for f in null_findings("Mortality at 28 days did not differ (31% vs 30%)."))
    # a sensitivity analysis leaving the conclusions unchanged is no null finding about an outcome ("extrapolation"
    # shares its stem with "extra health benefit")
    assert null_findings("Conclusions were unchanged with a 10-year extrapolation.") == ()
    assert null_findings("Results were similar in a sensitivity analysis.") == ()
    assert null_findings("Mortality was similar in both groups.") != ()


def test_no_patient_needing_something_says_it_never_happened() -> None:
    # round 20 (an abstract of my own): "with no patient needing a pacemaker" against "bradycardia requiring pacemaker
    # implantation (1.8%)" was `unsupported`; "needing" and "needed" frame the absence, as "required" did
    assert [sorted(f.subject) for f in null_findings("with no patient needing a pacemaker.")] == [["pacem"]]
    assert [sorted(f.subject) for f in null_findings("No patient needed dialysis.")] == [["dialy"]]
    sentence = (
        "Serious adverse events occurred in 5.3% of patients, most often bradycardia requiring a pacemaker (1.8%)."
    )
    assert any(contradicts(sentence, f) for f in null_findings("with no patient needing a pacemaker."))
    assert not any(contradicts(sentence, f) for f in null_findings("with no patient needing dialysis."))


def test_a_comparative_naming_an_arm_and_a_dosing_frequency_assert_no_effect() -> None:
    assert not asserts_effect("The lower dose is the one to use: acetazolamide 125 mg twice a day,")
    assert not asserts_effect("It is given twice daily with the higher-dose regimen.")
    assert asserts_effect("The lower dose was better tolerated.")
    assert asserts_effect("Pain was lower with the higher-dose regimen.")
    assert asserts_effect("The risk was twice as high.")


def test_when_a_null_finding_was_measured_is_not_part_of_its_subject() -> None:
    # round 22: "Antidepressant prescribing during follow-up did not differ between arms (38% vs 41%)" against
    # "The programme reduced how often antidepressants were prescribed" (was supported)
    found = null_findings("Antidepressant prescribing during follow-up did not differ between arms (38% vs 41%).")
    assert [sorted(f.subject) for f in found] == [["antid", "presc"]]
    assert contradicts("The programme reduced how often antidepressants were prescribed,", found[0])
    assert not contradicts("Antidepressant prescribing did not differ.", found[0])


def test_the_same_count_in_each_group_is_a_null_finding() -> None:
    # an abstract of my own (round 22): "Gastrointestinal bleeding was no more frequent with the steroid" was
    # contradicted by "Gastrointestinal bleeding occurred in 6 patients in each group, and hyperglycaemia ... was
    # more common with dexamethasone (18% vs 9%)"
    sentence = "Gastrointestinal bleeding occurred in 6 patients in each group, and hyperglycaemia was more common."
    assert [sorted(f.subject) for f in null_findings(sentence)] == [["bleed", "gastr"]]
    assert contradicts("Gastrointestinal bleeding was more common with dexamethasone.", null_findings(sentence)[0])
    assert not reports_null_finding("Bleeding occurred in 6 patients in group A.")


def test_a_composite_named_with_the_verbs_and_time_words_that_frame_it_is_the_composite() -> None:
    from medhal.text.composites import within_either

    subject = finding_subject("Transfusion or death occurred in 27.6% and 28.3%.")
    assert not within_either("It lowered the chance of needing a transfusion or dying within a month,", subject)
    death = finding_subject("Death occurred in 2.0% and 2.1%.")
    assert within_either("It lowered the chance of needing dialysis or dying within a month,", death)


def test_a_null_finding_joined_by_and_no_to_an_absence_keeps_its_own_subject() -> None:
    sentence = "Daytime sleepiness did not differ between groups, and no study reported falls linked to melatonin."
    assert null_findings(sentence)[0].subject == frozenset({"dayti", "somno"})


def test_an_effect_joined_by_and_to_an_absence_does_not_restate_a_null_finding() -> None:
    finding = null_finding("Mortality at 30 days did not differ (6.2% vs 6.9%).")
    assert finding is not None
    assert not agrees("Death within a month was lower with tranexamic acid, and nobody had a seizure.", finding)
    assert agrees("Death within a month was similar, and nobody had a seizure.", finding)


def test_an_absence_among_those_named_before_is_theirs_alone() -> None:
    """Round 32: "none of these required neurosurgery" (the 9 with delayed bleeding) says nothing against "Overall,
    14 patients needed neurosurgery", and agrees with "none of them needed neurosurgery"."""
    sentence = "Of 985 patients with a repeat CT, 9 showed delayed bleeding; none of these required neurosurgery."
    (finding,) = null_findings(sentence)
    assert finding.absence and "@those" in finding.populations
    assert not contradicts("Overall, 14 patients needed neurosurgery.", finding)
    assert contradicts("Most of them needed neurosurgery.", finding)


@pytest.mark.parametrize(
    "sentence",
    [
        "and was no more common with lithium than with valproate.",  # of what: the clause before says
        "Triptan use fell in both periods, but the reduction was not significant for candesartan (p=0.09).",
        "Bifidobacteria fell with the low-FODMAP diet but did not change with the sham diet (p=0.002).",
    ],
)
def test_a_null_finding_about_nothing_but_the_arms_is_none(sentence: str) -> None:
    """Rounds 26 and 32: such a finding read alone was about the drugs or the diet, and contradicted every unit
    naming them ("whereas propranolol slowed it by about 11 beats a minute", "bloating more than the sham diet did")."""
    assert null_findings(sentence) == ()


def test_a_predicate_only_part_keeps_its_own_subject() -> None:
    assert [
        sorted(f.subject) for f in null_findings("Events were more frequent with A, but did not differ in severity.")
    ] == [["sever"]]


def test_a_non_prefixed_outcome_is_not_the_outcome_it_negates() -> None:
    # round 34: "non-major bleeding" was read as the major bleeding whose interval held no effect
    major = "Major bleeding did not differ between the groups."
    unit = "Clinically relevant non-major bleeding was twice as common with rivaroxaban."
    assert not null_finding_conflict(unit, major)
    assert null_finding_conflict("Major bleeding was twice as common with rivaroxaban.", major)
    both = "Non-major bleeding did not differ between the groups."
    assert null_finding_conflict("Non-major bleeding was twice as common with rivaroxaban.", both)


def test_a_null_finding_about_another_dose_is_not_the_units() -> None:
    # round 36: "the 10 mg dose did not differ significantly from 1 mg" said nothing of the 25 mg dose
    sentence = (
        "The difference between 25 mg and 1 mg was -6.2 points (p<0.001), whereas the 10 mg dose did not differ "
        "significantly from 1 mg."
    )
    assert not null_finding_conflict("A 25 mg dose lowered depression scores more than a 1 mg dose.", sentence)
    assert null_finding_conflict("The 10 mg dose lowered depression scores more than the 1 mg dose.", sentence)


def test_the_people_a_finding_holds_in_are_not_its_subject() -> None:
    # round 26: "incidence among those without high-risk findings was not raised" was read as a null finding about
    # "high" risk, and a guideline's "Patients with high-risk findings get a surveillance colonoscopy" contradicted
    sentence = (
        "CRC incidence among patients with high-risk findings who had no surveillance exceeded that of the general "
        "population (SIR 1.91), whereas incidence among those without high-risk findings was not raised (SIR 0.86)."
    )
    assert all(f.subject != {"high"} for f in null_findings(sentence))
    unit = "Patients with high-risk findings get a single surveillance colonoscopy three years later."
    assert not any(contradicts(unit, f) for f in null_findings(sentence))


def test_an_effect_asserted_with_an_emphatic_did() -> None:
    # round 41: "Aspirin did lengthen overall survival." against "Overall survival did not differ (HR 0.96)"
    assert asserts_effect("Aspirin did lengthen overall survival.")
    assert asserts_effect("Aspirin lengthened overall survival.")
    assert not asserts_effect("Aspirin did not lengthen overall survival.")
    finding = null_finding("Overall survival did not differ between groups (hazard ratio 0.96; 95% CI 0.75 to 1.23).")
    assert finding is not None and contradicts("Aspirin did lengthen overall survival.", finding)


def test_a_null_finding_added_by_nor_did_is_its_own() -> None:
    # round 41: "..., nor did the change in tiredness score" made one finding about symptoms and tiredness together,
    # which "tiredness improved significantly more with levothyroxine than with placebo" did not name whole
    sentence = (
        "The change in hypothyroid symptoms score did not differ between groups (mean difference 0.1 points; p=0.93), "
        "nor did the change in tiredness score (mean difference 0.3 points; p=0.79)."
    )
    found = null_findings(sentence)
    assert [sorted(f.subject) for f in found] == [["hypo-thyr", "sympt"], ["fatig"]]
    assert contradicts("and tiredness improved significantly more with levothyroxine than with placebo.", found[1])
    assert not contradicts("and tiredness did not improve more with levothyroxine.", found[1])


def test_a_hedge_inside_a_subject_is_no_part_of_it() -> None:
    # round 42: "Adverse events, mainly nausea and diarrhoea, ... did not differ" was about "mainly" too, so "side
    # effects such as nausea and diarrhoea ... occurred significantly more often with nitrofurantoin" named it not
    finding = null_finding(
        "Adverse events, mainly nausea and diarrhoea, were infrequent and did not differ between the groups "
        "(8.1% vs 9.7%)."
    )
    assert finding is not None and finding.subject == {"adver", "nause", "diarr"}
    unit = (
        "Side effects such as nausea and diarrhoea were uncommon but occurred significantly more often with "
        "nitrofurantoin."
    )
    assert contradicts(unit, finding)
