"""Rounds 105-108 (96 texts written blind after round 104's rules: vitiligo, eosinophilic oesophagitis,
gastroparesis, narcolepsy, fibroids, ovarian cysts, acromegaly, diabetes insipidus; polycythaemia, CLL, MGUS,
undescended testis, phimosis, lipoedema, claudication, anorexia nervosa; PTSD, trochanteric bursitis, TMJ disorder,
salivary stones, Lyme disease, coarctation, PFO closure, SVT ablation; placenta praevia, postnatal depression,
IgA vasculitis, JIA, Osgood-Schlatter, SUFE, nasal polyps and Paget's disease letters): their false cues mended at
their cause."""

from __future__ import annotations

from medhal.text.effects import changed_outcome
from medhal.text.figures import unstated_quantities
from medhal.text.intervals import interval_conflicts, intervals
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import canonical_stems

from .letters import cause


def test_a_durations_x_and_tilde_are_no_dates() -> None:
    # round 107: "not drunk any alcohol for 17 months" for "Nil alcohol x17/12"; round 108: "off it for about two
    # years" for "now ~24/12 off MTX"; "x7/7" is seven days
    letter = "Seen 03/07/2024. Nil alcohol x17/12 (confirmed by wife). Now ~24/12 off MTX."
    assert [(q.kind, q.text) for q in quantities(letter) if q.kind == "time"] == [("time", "17/12"), ("time", "24/12")]
    assert not unstated_quantities("you have not drunk any alcohol for 17 months;", letter)
    assert not unstated_quantities("co-amoxiclav for seven days.", "co-amoxiclav 625 mg TDS x7/7 (no pen allergy).")
    assert unstated_quantities("co-amoxiclav for ten days.", "co-amoxiclav 625 mg TDS x7/7 (no pen allergy).")
    # a date written day first stays a date
    assert [q.kind for q in quantities("Seen 17/12/2024. Review 19/12")] == ["label:date", "label:year", "label:date"]


def test_x2_a_week_is_twice_a_week_and_a_dose_of_another_item_is_not_its_dose() -> None:
    letter = "- Paracetamol 240 mg QDS PRN\n\nFollow-up:\n1. Urine dip x2/wk for 1/12, then weekly to 6/12."
    assert [(i.text, i.days) for i in intervals(letter)] == [("x2/wk", 3.5), ("weekly", 7.0)]
    sentence = "1. Urine dip x2/wk for 1/12, then weekly to 6/12."
    joined = "Paracetamol 240 mg QDS PRN. Follow-up: " + sentence
    assert interval_conflicts("Please test her urine twice a week for one month", sentence, joined) == []
    wrong = interval_conflicts("Please test her urine every day for one month", sentence, joined)
    assert [(a.text, b.text) for a, b in wrong] == [("every day", "x2/wk")]


def test_a_daily_target_said_without_a_day_is_stated() -> None:
    letter = "Dietetic assessment: calcium intake ~550 mg/day (target 1000 mg/day) - low due to dairy exclusion."
    assert not unstated_quantities("below the 1000 mg target,", letter)
    assert [q.text for q in unstated_quantities("below the 1200 mg target,", letter)] == ["1200 mg"]
    assert [q.text for q in unstated_quantities("give 1000 mg,", letter)] == ["1000 mg"]  # a dose given, no target


def test_letters_shorthand_for_tests_and_vitamins_names_them() -> None:
    assert unstated_names("Your low-dose whole-body CT scan showed no holes", "Low-dose WBCT (05/24): no lytic") == ()
    assert unstated_names("The MRI scan shows the narrowest point", "CMR 15/01/25: min diameter 9 mm") == ()
    assert unstated_names("thiamine (vitamin B1) 100 mg", "Thiamine 100 mg TDS - continue 1/52") == ()
    assert unstated_names("thiamine (vitamin B12) 100 mg", "Thiamine 100 mg TDS - continue 1/52") == ("B12",)
    assert unstated_names("including tests for TB,", "Pre-biologic screen: QuantiFERON, hep B/C, HIV") == ()
    assert unstated_names("if you are allergic to penicillin.", "if pen-allergic, clarithromycin") == ()
    letter = "Needs dive medical with UKDMC medical referee before resuming."
    assert unstated_names("you need a diving medical with a UK Diving Medical Committee referee.", letter) == ()
    assert unstated_names("you need a diving medical with a UK Diving Safety Board referee.", letter)
    # an acronym the answer writes itself spells nothing by its letters: the swapped drug stays unstated
    plan = "3. IBD team may start adalimumab once she has completed at least 4 weeks of LTBI treatment."
    assert unstated_names("The IBD team may start infliximab once she has completed 4 weeks,", plan) == ("infliximab",)


def test_lay_words_of_round_105_to_108_read_as_the_letters_terms() -> None:
    assert canonical_stems("growth hormone") <= canonical_stems("GH-secreting macroadenoma")
    assert canonical_stems("sodium") <= canonical_stems("Na 124 mmol/L")
    assert "sodiu" not in canonical_stems("Na")  # not applicable, no figure
    assert canonical_stems("amenorrhoea") <= canonical_stems("your periods have been absent")
    assert canonical_stems("dyspepsia") == canonical_stems("they upset your stomach") - canonical_stems("they your")
    assert canonical_stems("bronchospasm") <= canonical_stems("caused your airways to tighten")


def test_causes_a_letter_gives_in_its_own_terms_are_stated() -> None:
    ed = "Attended ED 28/05/24 w/ headache, confusion; Na 124 mmol/L. Desmopressin withheld 24h. Repeat bloods 1/52."
    assert cause("because the sodium (salt) level in your blood had dropped to 124, which is low.", ed) is None
    assert cause("because the potassium level in your blood had dropped to 124, which is low.", ed) is not None
    dexa = "DEXA requested (amenorrhoea >6/12)."
    assert cause("because your periods have been absent for more than six months,", dexa) is None
    assert cause("because they upset your stomach.", "Avoid NSAIDs given dyspepsia.") is None
    assert cause("because they damage your kidneys.", "Avoid NSAIDs given dyspepsia.") is not None
    tmj = "Diagnosis: 2. L TMJ disc displacement with reduction"
    assert cause("because the small cushion (disc) inside the left jaw joint slips out of place", tmj) is None
    svt = "Procedure: EP study + RF ablation. Transseptal puncture to LA. Aspirin 75 mg OD x 4/52 (post LA ablation)"
    assert cause("because the treatment was done in the left upper chamber of the heart.", svt) is None
    assert cause("because the treatment was done in the right lower chamber of the heart.", svt) is not None
    rh = "G&S: A Rh NEG, antibody screen neg\n- Anti-D 1500 IU IM 03/06"
    assert cause("because your blood group is rhesus negative you also had an anti-D injection.", rh) is None
    nsaid = "STRICTLY NO aspirin or NSAIDs - documented allergy (bronchospasm)."
    assert cause("because these have caused your airways to tighten before.", nsaid) is None


def test_an_improvement_since_a_date_names_no_outcome() -> None:
    # round 107: "your jaw problem has improved a lot since April with the splint"
    assert changed_outcome("The letter says your jaw problem has improved a lot since April") is None
    assert changed_outcome("both knees have clearly improved since her last visit in June.") is None
    assert changed_outcome("The splint improved your sleep since April") == "your sleep"


def test_rounds_109_and_110_shorthand_is_read() -> None:
    from medhal.text.quantities import quantities as read

    # "every 2/52" is an interval of two weeks; "max 6 doses/24 h" six doses in 24 hours
    hcg = "blood + urine hCG every 2/52 until normal (<5 IU/L), then urine monthly."
    assert [(i.text, i.days) for i in intervals(hcg)] == [("every 2/52", 14.0), ("monthly", 30.4375)]
    oramorph = "- Oramorph 2.5-5 mg PRN 4-hourly for SOB/pain (NEW) - max 6 doses/24 h"
    assert not unstated_quantities("with no more than 6 doses in 24 hours,", oramorph)
    assert [q.text for q in read("10 mg/24h")] == ["10 mg"]  # a rate stays a rate
    # each dose of a list of one unit
    hc = "Meds: hydrocortisone 10 mg/5 mg/5 mg (08:00/12:00/17:00)"
    assert not unstated_quantities("10 mg in the morning, 5 mg at midday and 5 mg at 5 pm.", hc)


def test_rounds_109_and_110_names_and_causes() -> None:
    assert (
        unstated_names("You will not need desmopressin for the birth.", "No factor concentrate or DDAVP needed.") == ()
    )
    assert unstated_names("you can carry on with tranexamic acid,", "Meds: TXA 1 g TDS PRN for nosebleeds") == ()
    assert unstated_names("and a slow-release morphine tablet,", "paracetamol 1 g QDS + MST 10 mg BD") == ()
    assert unstated_names("and a slow-release oxycodone tablet,", "paracetamol 1 g QDS + MST 10 mg BD") == (
        "oxycodone",
    )
    optic = "1. IV methylprednisolone discussed - declined by pt as vision already improving."
    assert cause("but you chose not to have it because your sight was already getting better.", optic) is None
    rp = "Voretigene (Luxturna) applies only to biallelic RPE65 - not suitable. Genetics: RHO heterozygous."
    assert cause("because it only works for a different gene, RPE65.", rp) is None
    pit = "Diagnoses: hypopituitarism - TSH deficiency. TSH not useful for monitoring in central hypothyroidism."
    unit = "because your thyroid problem comes from the pituitary rather than the thyroid gland itself."
    assert cause(unit, pit) is None
    assert cause("because your thyroid problem comes from a tumour in your liver.", pit) is not None
    auto = "NEW: primary hypothyroidism (autoimmune). Overt autoimmune hypothyroidism."
    assert cause("Antibodies show this is caused by your immune system affecting the gland,", auto) is None
    hs = "Impression: Mild HS. Not Gilbert's alone - haemolysis clearly present."
    assert cause("because there is clear evidence of red cells being broken down.", hs) is None
    ddavp = "3. Fluid restriction to 1.5 L/24 hrs for 24 hrs post DDAVP (hyponatraemia risk)."
    assert cause("because this medicine can lower the salt level in your blood.", ddavp) is None
    assert canonical_stems("reduced sensation in your legs") == canonical_stems("reduced feeling in your legs")
