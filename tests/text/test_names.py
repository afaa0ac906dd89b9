"""Names an answer gives that the evidence never gives (seed 000 §3: entity substitution and invented content)."""

from __future__ import annotations

import pytest

from medhal.text.drug_names import is_drug_name
from medhal.text.names import unstated_names

EVIDENCE = (
    "Background: Spinal posture index (SPI) predicts back pain. Methods: In Sweden, 412 adults with low-density "
    "lipoprotein cholesterol (LDL-C) above 3.0 mmol/L received dapagliflozin 10 mg or placebo in a randomised "
    "controlled trial (RCT) run from the emergency department (ED). Results: The HR for hospital admission was 0.74 "
    "(95% CI 0.61 to 0.90); IL-6 fell in the dapagliflozin group. Patients with EGFR mutations were excluded."
)


@pytest.mark.parametrize(
    ("unit", "names"),
    [
        ("The HARI predicted back pain.", ("HARI",)),  # seed 000's "SPI" -> "HARI"
        ("Adults in Norway took part.", ("Norway",)),
        ("Patients received empagliflozin 10 mg or placebo.", ("empagliflozin",)),
        ("IL-17 fell in the treated group.", ("IL-17",)),
        ("Benefit was seen in the Framingham cohort.", ("Framingham",)),
    ],
)
def test_a_name_the_evidence_never_gives_is_found(unit: str, names: tuple[str, ...]) -> None:
    assert unstated_names(unit, EVIDENCE) == names


@pytest.mark.parametrize(
    "unit",
    [
        "The SPI predicted back pain.",  # the evidence's own acronym
        "Swedish adults took part.",  # an adjective of a place the evidence names
        "Adults from Sweden with LDL above 3 took dapagliflozin.",  # "LDL" of "LDL-C"
        "The Emergency Department ran the trial.",  # capitalised words that spell the evidence's "ED"
        "The HR was 0.74 (95% CI 0.61 to 0.90) in this phase III RCT.",  # generic acronyms and Roman numerals
        "Interleukin-6 fell; IL-6 levels fell.",
        "Dapagliflozin lowered admissions (Table 2, Group A).",  # a drug opening its sentence; labels
        "Patients with EGFR-positive tumours were excluded.",  # a hyphen joins a word to the evidence's acronym
        "Total cholesterol fell, and peptide levels did not change.",  # "-sterol" and "-tide" name no drug
    ],
)
def test_names_the_evidence_gives_are_not_found(unit: str) -> None:
    assert unstated_names(unit, EVIDENCE) == ()


def test_a_people_named_for_the_country_the_evidence_names() -> None:
    assert unstated_names("In this Dutch cohort, Thai patients did well.", "In the Netherlands and Thailand.") == ()
    assert unstated_names("In this Swiss cohort", "In the Netherlands.") == ("Swiss",)


def test_an_acronym_spelled_out_in_the_evidence_is_given_by_it() -> None:
    assert unstated_names("SPI fell.", "The spinal posture index fell.") == ()
    assert unstated_names("The RTP fell.", "The spinal posture index fell.") == ("RTP",)


def test_drug_names_by_their_inn_stem() -> None:
    assert [is_drug_name(w) for w in ("ondansetron", "Celecoxib", "azithromycin", "levofloxacin")] == [True] * 4
    assert [is_drug_name(w) for w in ("cholesterol", "peptide", "hormone", "amide", "April")] == [False] * 5


def test_common_drugs_without_a_distinctive_stem_and_their_other_names() -> None:
    """Round 32: "lamotrigine" and "aminocaproic acid" swapped in for the evidence's drugs; a faithful "noradrenaline"
    for "norepinephrine" and "heparin injections" for "No LMWH bridging" are the evidence's own."""
    evidence = "Valproate users were compared. Norepinephrine was weaned. No LMWH bridging required."
    assert unstated_names("Patients on lamotrigine did worse.", evidence) == ("lamotrigine",)
    assert unstated_names("Noradrenaline was weaned and she needs no heparin injections.", evidence) == ()
    assert is_drug_name("aminocaproic") and is_drug_name("Warfarin") and not is_drug_name("acid")


def test_an_acronym_behind_a_lower_case_prefix_is_given() -> None:
    # round 35: "HPV" was "unstated" where the evidence wrote "high-risk human papillomavirus (hrHPV)"
    evidence = "Mailed kits found high-risk human papillomavirus (hrHPV) in 11%; eGFR was not measured."
    assert unstated_names("Around 11% of samples tested positive for high-risk HPV.", evidence) == ()
    assert unstated_names("GFR was not measured.", evidence) == ()
    assert unstated_names("RSV was found in 11%.", evidence) == ("RSV",)


def test_a_joint_named_as_the_site_of_an_operation() -> None:
    # round 40: "In this Dutch trial of 412 knee replacement patients" for a trial of hip arthroplasty
    evidence = "We randomised 412 adults undergoing primary total hip arthroplasty to intravenous or topical TXA."
    assert unstated_names("In this trial of 412 knee replacement patients,", evidence) == ("knee",)
    assert unstated_names("In this trial of 412 hip replacement patients,", evidence) == ()
    # a joint named for a symptom is lay wording of the evidence's terms ("ankle swelling" for peripheral oedema)
    assert unstated_names("Ankle swelling was less common with the polypill,", "Peripheral oedema: 3% vs 9%.") == ()


def test_abbreviations_whose_letters_start_no_words_of_the_evidence() -> None:
    # round 41: "Rates of new TB over two years were comparable" flagged a faithful answer on tuberculosis
    evidence = "Secondary outcomes included incident tuberculosis over 24 months."
    assert unstated_names("- Rates of new TB over two years were comparable between the groups.", evidence) == ()
    assert unstated_names("The ECG was normal.", "An electrocardiogram showed sinus rhythm.") == ()
    assert unstated_names("Rates of new HCV were comparable.", evidence) == ("HCV",)


def test_an_acronym_over_a_roman_numeral_and_a_multidisciplinary_team() -> None:
    # round 43: "ACE inhibitors and ARBs" against "angiotensin II receptor blockers"; "the breast MDT" against "the
    # breast multidisciplinary team meeting"
    assert unstated_names("ARBs should not be used.", "Do not offer angiotensin II receptor blockers.") == ()
    assert unstated_names("at the breast MDT on 12 September.", "For the breast multidisciplinary team meeting.") == ()


def test_a_region_names_the_countries_in_it_never_the_other_way_round() -> None:
    # round 44: "This Scandinavian cohort" for "four centres in Sweden and Norway" flagged a faithful answer
    evidence = "We followed 214 adolescents at four centres in Sweden and Norway."
    assert unstated_names("This Scandinavian cohort followed 214 teenagers,", evidence) == ()
    assert unstated_names("This Nordic cohort followed 214 teenagers,", evidence) == ()
    assert unstated_names("This Swedish cohort", "A Scandinavian cohort of 214 adolescents.") == ("Swedish",)
    assert unstated_names("This Baltic cohort", evidence) == ("Baltic",)


def test_a_joined_demonym_names_each_country() -> None:
    # round 45: "this Dutch-Belgian trial" for "14 hospitals in the Netherlands and Belgium" flagged a faithful answer
    evidence = "In this trial at 14 hospitals in the Netherlands and Belgium, adults were randomised."
    assert unstated_names("In this Dutch-Belgian trial of 288 adults,", evidence) == ()
    assert unstated_names("In this Dutch-German trial of 288 adults,", evidence) == ("Dutch-German",)
