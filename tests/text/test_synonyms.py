from __future__ import annotations

from medhal.detect.alignment import restates, sentence_alignment
from medhal.text import content_stems
from medhal.text.findings import agrees, null_finding
from medhal.text.synonyms import (
    STEM_CLASSES,
    alignment_tokens,
    canonical_stem,
    canonical_stems,
    canonical_text,
    rounded_alike,
)


def test_british_spellings_and_lay_phrases_read_as_one_wording() -> None:
    assert canonical_stems("haemorrhage in oesophageal tumours") == canonical_stems("hemorrhage in esophageal tumors")
    assert canonical_stems("side effects") == canonical_stems("adverse events") == {"adver", "event"}
    assert canonical_stems("a heart attack") == canonical_stems("myocardial infarction")
    assert canonical_text("Paediatric side-effects") == "pediatric adverse events"  # lower-cased where changed
    for graded in ("grade 3 or 4 adverse events", "Grade III-IV adverse events", "grade 3 or higher adverse events"):
        assert canonical_stems(graded) == canonical_stems("severe adverse events")
    assert canonical_stems("grade 1 or 2 adverse events") != canonical_stems("severe adverse events")


def test_stem_classes_join_words_of_one_meaning_and_never_opposites() -> None:
    assert canonical_stems("deaths") == canonical_stems("died") == canonical_stems("mortality") == {"morta"}
    assert canonical_stems("kidney function") == canonical_stems("renal function")
    assert canonical_stem("survi") == "survi"  # survival is the opposite of mortality, not a synonym
    assert canonical_stem("incre") != canonical_stem("decre")
    members = [s for stems in STEM_CLASSES.values() for s in stems]
    assert len(members) == len(set(members)) and not set(members) & set(STEM_CLASSES)


def test_the_localization_metric_tau_is_untouched() -> None:
    assert content_stems("deaths from side effects") == {"death", "effec"}  # "side" is a stop word of tau


def test_alignment_and_restatement_read_synonyms() -> None:
    sentence = "Gastrointestinal adverse events were more frequent with metformin."
    unit = "Gastrointestinal side effects were more common with metformin."
    assert sentence_alignment(unit, [sentence])[0] == 1.0
    assert restates(sentence, unit)
    assert not restates(sentence, "Gastrointestinal side effects were less common with metformin.")


def test_a_null_finding_in_lay_words_agrees_with_the_clinical_one() -> None:
    finding = null_finding("Mortality from any cause did not differ between colchicine and placebo.")
    assert finding is not None
    assert agrees("Colchicine did not reduce death from any cause compared with placebo.", finding)


def test_a_null_finding_is_a_null_finding_of_its_complement() -> None:
    from medhal.text.findings import contradicts
    from medhal.text.synonyms import finding_stem

    assert finding_stem("survi") == finding_stem("death") == "morta" and canonical_stem("survi") == "survi"
    finding = null_finding("Mortality at 90 days did not differ significantly between hydrocortisone and placebo.")
    assert finding is not None
    assert agrees("Hydrocortisone did not improve survival at 90 days compared with placebo.", finding)
    assert contradicts("Hydrocortisone significantly improved survival at 90 days compared with placebo.", finding)
    # alignment keeps them apart: "improved survival" does not restate "reduced mortality"
    assert not restates("Hydrocortisone reduced mortality.", "Hydrocortisone improved survival.")


def test_courses_and_schedules_are_one_regimen_and_softeners_are_not_compared() -> None:
    assert canonical_stems("the one-week course") == canonical_stems("the one-week schedule")
    assert canonical_stems("somewhat more common") == canonical_stems("slightly more frequent") == {"frequ"}


def test_a_sentence_of_two_findings_restates_a_unit_through_the_finding_that_holds_it() -> None:
    sentence = (
        "Moderate or marked breast induration was more frequent with the 1-week schedule (11.4% vs 8.7%), "
        "but overall cosmetic outcome did not differ."
    )
    assert restates(sentence, "Breast induration was somewhat more common with the 1-week course.")
    assert not restates(sentence, "Breast induration was less common with the 1-week course.")
    assert not restates(sentence, "Breast induration did not differ with the 1-week course.")


def test_time_nights_and_length_of_stay_in_hospital_are_one_measure() -> None:
    from medhal.text.findings import contradicts

    finding = null_finding(
        "The mean number of nights spent in the hospital did not differ significantly between the groups."
    )
    assert finding is not None and "mean" not in finding.subject  # a statistic frames the subject, names nothing
    assert agrees("The time spent in hospital was not significantly different between groups.", finding)
    assert agrees("Length of stay did not differ between the groups.", finding)
    assert contradicts("Patients assigned to early rhythm control spent fewer nights in hospital.", finding)
    assert contradicts("Length of stay was shorter with early rhythm control.", finding)
    assert not contradicts("Readmissions were fewer with early rhythm control.", finding)


def test_lay_phrases_of_electrolytes_symptoms_and_drug_classes_read_as_their_clinical_terms() -> None:
    assert canonical_text("Low potassium and low blood sodium were rarer; hypokalaemia too.") == (
        "hypokalemia and hyponatremia were rarer; hypokalemia too."
    )
    assert alignment_tokens("Low potassium was more common.") == alignment_tokens("Hypokalaemia was more frequent.")
    # two electrolytes stay two: a swapped one is never read as the other
    assert alignment_tokens("Low sodium was more common.") != alignment_tokens("Hypokalaemia was more common.")
    assert canonical_text("shortness of breath, chest infections, water pills") == (
        "dyspnea, lower respiratory tract infection, diuretics"
    )
    assert restates(
        "Hypokalaemia was more common with chlorthalidone (6.0% versus 4.4%).",
        "Low potassium was more common with chlorthalidone.",
    )


def test_round_6_to_9_lay_wording() -> None:
    same = [
        ("blood clots in the veins", "venous thromboembolism"),
        ("a blood clot in the lungs", "a pulmonary embolism"),
        ("knee replacements", "knee arthroplasty"),
        ("participants", "patients"),
        ("needed their appendix removed", "needed appendectomy"),
        ("kidney problems", "renal dysfunction"),
        ("postoperative", "after surgery"),
        ("ferric derisomaltose", "iron derisomaltose"),
        ("rates rose", "rates increased"),
        ("tight glucose control", "intensive glucose control"),
        ("patients stayed in hospital", "patients length of hospital stay"),
    ]
    for lay, clinical in same:
        assert canonical_stems(lay) == canonical_stems(clinical), lay
    # a swapped organ or a partial response never reads as the other
    assert canonical_stems("blood clots in the lungs") != canonical_stems("blood clots in the veins")
    assert canonical_stems("partial response") != canonical_stems("patients response")


def test_a_words_forms_that_five_letters_tell_apart_are_one_stem() -> None:
    for forms in (
        "guiding guided guidance",
        "smoking smokers",
        "bled bleeding",
        "admitted admission",
        "dosing dose",
        "25-hydroxyvitamin vitamin",
    ):
        if forms.startswith("25"):
            assert canonical_stems("25-hydroxyvitamin D level") == canonical_stems("vitamin D level")
            continue
        assert len({canonical_stem(s) for s in content_stems(forms)}) == 1, forms


def test_during_admission_is_in_hospital_and_chosen_is_selected() -> None:
    assert canonical_stems("Falls during admission") == canonical_stems("falls in hospital")
    assert canonical_stem("chose") == canonical_stem("selec")


def test_a_pathogen_in_full_or_by_its_initial_is_one_word() -> None:
    assert alignment_tokens("C. difficile infections") == alignment_tokens("Clostridioides difficile infections")
    assert alignment_tokens("E coli") == alignment_tokens("Escherichia coli")
    # two genera with one species name stay two organisms, and a short word is no genus
    assert alignment_tokens("K. pneumoniae") != alignment_tokens("S. pneumoniae")
    assert "coli" in alignment_tokens("The coli bacteria")


def test_round_23_lay_words_read_as_their_clinical_terms() -> None:
    assert canonical_stems("Daytime drowsiness") == canonical_stems("daytime sleepiness")
    assert canonical_stems("two babies had seizures put down to caffeine") == canonical_stems(
        "two infants had seizures attributed to caffeine"
    )
    assert canonical_stems("blamed on the drug") == canonical_stems("attributed to the drug")


def test_a_below_knee_clot_is_a_distal_one() -> None:
    assert canonical_stems("mainly below-knee DVT") == canonical_stems("mainly distal DVT")
    assert canonical_stems("calf DVT") == canonical_stems("distal DVT")


def test_an_inflammation_is_not_its_organ() -> None:
    """Round 32: "no signal for pancreatic cancer" was aligned with "a signal for acute pancreatitis exists"."""
    assert canonical_stems("acute pancreatitis") == {"acute", "pancr-itis"}
    assert "pancr" in canonical_stems("pancreatic cancer") and "pancr" in canonical_stems("the pancreas")
    assert canonical_stems("hepatitis C") != canonical_stems("hepatic C")


def test_below_the_knee_clots_are_distal() -> None:
    """Round 26: "mainly below-knee DVT" restates "mainly distal DVT"; an amputation below the knee is no clot."""
    # "clots" reads thrombosis since round 51
    assert canonical_text("below-knee DVT and above the knee clots") == "distal DVT and proximal thrombosis"
    assert canonical_text("a below-knee amputation") == "a below-knee amputation"


def test_a_flare_up_is_an_exacerbation() -> None:
    # round 34: "delayed the first flare-up" named no measure the COPD abstract ("first exacerbation") named
    assert canonical_stems("the first flare-up") <= canonical_stems("time to first exacerbation")
    assert canonical_stems("COPD flare-ups") == canonical_stems("COPD exacerbations")


def test_bleeding_is_haemorrhage_and_the_stomach_gastric() -> None:
    # round 38: "bleeding in the brain" and "heavy bleeding" named no measure of abstracts that say haemorrhage;
    # "the rate of stomach | and bowel upset" none of one that says gastrointestinal
    assert canonical_stems("heavy bleeding") & canonical_stems("postpartum haemorrhage") == canonical_stems("bleeding")
    assert canonical_stems("intracerebral hemorrhage") >= canonical_stems("bleeding")
    assert canonical_stems("stomach upset") & canonical_stems("gastrointestinal adverse events")


def test_light_sensitivity_is_photophobia() -> None:
    # round 40: "and light sensitivity was more common with the stronger dose" named no measure of an abstract that
    # says "Photophobia was reported by 8.6% of children on 0.05%"
    assert canonical_stems("light sensitivity") == canonical_stems("photophobia")
    assert canonical_stems("sensitivity to bright light") == canonical_stems("photophobia")
    assert canonical_stems("the sensitivity of the test") != canonical_stems("photophobia")


def test_a_rounded_figure_counts_for_the_sentence_it_rounds() -> None:
    wanted = alignment_tokens("about 27% of around 600 people, HR 1.2, two groups, 710 mg and 3 of 10 more")
    stated = alignment_tokens("27.2% of 612 people (HR 1.18, 95% CI 0.55 to 3.4), 2.1 per 100, 10 in all, 712 mg")
    assert rounded_alike(wanted, stated) == {"#27", "#600", "#1.2"}  # not "3" for the bound 3.4, nor "two" for 2.1
    assert rounded_alike(wanted, alignment_tokens("Nausea was common.")) == frozenset()


def test_a_unit_rounding_a_figure_is_aligned_with_the_sentence_stating_it() -> None:
    # round 44: "about 0.6 g less sodium" is about the sentence stating 0.61 g, not one that shares only "sodium"
    sentences = ["Urinary sodium had fallen by 0.61 g at 18 months.", "Sodium intake is high in rural India."]
    aligned = sentence_alignment("Urinary sodium had fallen by about 0.6 g.", sentences)
    assert aligned[0] == 1.0 and aligned[1] < 0.5
    assert sentence_alignment("Urinary sodium had fallen by about 0.9 g.", sentences)[0] < aligned[0]


def test_a_whole_number_and_a_half_is_one_figure() -> None:
    # an abstract of our own (paediatric appendicitis): "from about five days to two and a half" was aligned with, and
    # pointed at, the methods' "5 days of intravenous therapy" instead of "Median hospital stay was 2.5 days"
    assert "#2.5" in alignment_tokens("from about five days to two and a half") - alignment_tokens("five days")
    assert "#2" not in alignment_tokens("two and a half days")
    assert "#1.5" in alignment_tokens("1 and a half hours")
