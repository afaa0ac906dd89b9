"""Rounds 111-114 (96 texts written blind: rounds 111-112 after round 110's rules, chilblains, keloid scars, de
Quervain's tenosynovitis, acute porphyria, pseudogout, primary biliary cholangitis, Hirschsprung disease, small-bowel
neuroendocrine tumours, Takayasu arteritis, Behcet's disease, dermatomyositis, Fabry disease, Gaucher disease,
Peyronie's disease, interstitial cystitis and pericarditis letters; rounds 113-114 after their mends, head lice,
threadworm, whooping cough, scarlet fever, toxoplasmosis, Alport and Gitelman syndromes, quinsy, thyroglossal cyst,
craniosynostosis, testicular torsion, Bartholin's cyst, adenomyosis, breast abscess, Baker's cyst and Morton's
neuroma letters; rounds 115-116 after those, hand, foot and mouth disease, pityriasis rosea, molluscum, verrucas,
mumps, leptospirosis, schistosomiasis, cat scratch disease, renal tubular acidosis, branchial cyst, laryngomalacia,
posterior urethral valves, vulvodynia, Asherman syndrome, chondromalacia patellae and hallux rigidus letters): their
false cues mended at their cause; rounds 117-118 after those, eye, hiccup, burning mouth, costochondritis,
piriformis, granuloma annulare, lichen simplex, coccydynia, diastasis recti and genetic syndrome letters), each with
the wrong reading it must still make."""

from __future__ import annotations

from medhal.text.effects import changed_outcome, stated_cause, unnamed_outcome
from medhal.text.figures import unstated_quantities
from medhal.text.frequency import dose_frequencies, frequency_conflicts
from medhal.text.intervals import interval_conflicts
from medhal.text.names import unstated_names
from medhal.text.negation import flips_negation
from medhal.text.number_forms import slash_durations
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens

from .letters import cause


def test_an_interval_before_a_drug_is_the_drugs() -> None:
    # round 112: "and weekly alendronic acid" is of the alendronic acid, not of the omeprazole listed before it
    plan = "1. Prednisolone 50 mg OD + omeprazole 20 mg OD + Adcal-D3 BD + alendronic acid 70 mg weekly."
    assert (
        interval_conflicts("along with omeprazole, calcium and vitamin D, and weekly alendronic acid.", plan, plan)
        == []
    )
    found = interval_conflicts("You should also take alendronic acid daily.", plan, plan)
    assert [(a.text, b.text) for a, b in found] == [("daily", "weekly")]


def test_a_step_up_and_a_taper_are_no_doses_at_other_frequencies() -> None:
    # round 112: "going up by 10 mg every two weeks" is a step of the titration, not a dose given fortnightly
    plan = ["2. Amitriptyline 10 mg nocte, ↑ by 10 mg every 2/52 as tolerated, max 50 mg"]
    assert (
        frequency_conflicts("going up by 10 mg every two weeks if you tolerate it, to a maximum of 50 mg.", plan)
        is None
    )
    assert frequency_conflicts("Take amitriptyline 10 mg twice a day.", plan) is not None
    # round 112: each step of a taper written with arrows is a dose of its own, not one hedged by ">"
    taper = ["1. Taper ibuprofen: 400 mg TDS x1/52 -> 400 mg BD x1/52 -> 400 mg OD x1/52 -> stop"]
    assert [d.frequency.text for d in dose_frequencies(taper[0])] == ["TDS", "BD", "OD"]
    assert (
        frequency_conflicts("then 400 mg twice a day for one week, then 400 mg once a day for one week,", taper) is None
    )
    assert frequency_conflicts("then 400 mg four times a day for one week,", taper) is not None
    # round 71: "in 100 mg steps every four weeks" for "titrate by 100 mg every 4 weeks", beside "allopurinol 100 mg OD"
    gout = ["Nov 2023: 0.52 mmol/L (allopurinol 100 mg OD)", "Please continue to titrate by 100 mg every 4 weeks."]
    assert (
        frequency_conflicts("The GP is asked to keep increasing the dose in 100 mg steps every four weeks,", gout)
        is None
    )
    assert [q.approximate for q in quantities("Hb 121 -> 116 g/L; > 400 mg")] == [False, False, True]
    # round 112: "every 2 wks" is every two weeks
    letter = ["Adalimumab 80 mg SC loading dose, then 40 mg SC every 2 wks.", "Prednisolone 7.5 mg -> 40 mg OD."]
    assert frequency_conflicts("then 40 mg every two weeks starting one week later.", letter) is None
    assert frequency_conflicts("then 40 mg every four weeks starting one week later.", letter) is not None


def test_a_plans_repeat_at_6_12_is_six_months() -> None:
    # round 111: "another CT scan and urine 5-HIAA test in six months" for "Repeat CT CAP + 5-HIAA 6/12"
    plan = "4. Repeat CT CAP + 5-HIAA 6/12; echo annually (next 02/2026).\n5. NET clinic r/v 6/12, sooner if worse."
    assert [plan[a:b] for _, _, a, b in slash_durations(plan)] == ["6/12", "6/12"]
    assert not unstated_quantities("You will have another CT scan and urine 5-HIAA test in six months,", plan)
    assert unstated_quantities("You will have another CT scan and urine 5-HIAA test in three months,", plan)
    # a visual acuity stays one, in a review line too
    assert slash_durations("Review in clinic: VA 6/12.\nReview: R 6/12, L 6/9.\nVA 6/12 right eye.") == []


def test_a_month_and_two_digits_is_a_year() -> None:
    # round 112: "from 79 in November 2023" for "Creat 88 umol/L (45-84) [79 in Nov 23]"
    letter = "Creat 88 umol/L (45-84) [79 in Nov 23], eGFR 68"
    assert not unstated_quantities("has gone up slightly to 88 from 79 in November 2023,", letter)
    assert [q.text for q in unstated_quantities("from 79 in November 2022,", letter)] == ["2022"]
    assert [(q.kind, q.value) for q in quantities("Seen on Nov 23, 2024.") if q.text == "23"] == [("label:date", 327.0)]
    assert [q.kind for q in quantities("HbA1c 56 mmol/mol (Mar 68)")] == ["substance/mol", "count"]  # March's level


def test_how_much_and_what_a_condition_is_name_no_outcome_orcause() -> None:
    # round 111: "and improved a great deal" says how much, not what improved
    assert changed_outcome("The knee was aspirated and improved a great deal.") is None
    assert changed_outcome("The injection improved his walking distance.") == "his walking distance"
    # round 112: a diagnosis glossed in lay words is what the condition is, not a cause the answer adds
    assert stated_cause("a condition where the immune system causes inflammation in the muscles and skin.") is None
    assert stated_cause("Stress causes the flares.") == "Stress"


def test_lay_words_of_rounds_111_and_112_read_as_the_letters_terms() -> None:
    # "these tumours can come back late" for "late recurrence possible"; results that came back stay results
    assert "recur" in alignment_tokens("these tumours can come back late")
    assert "recur" not in alignment_tokens("the blood results came back normal")
    # "the difficulty getting needles into your veins" for "difficult venous access, 2 failed cannulations"
    access = "Requests oral therapy - difficult venous access, 2 failed cannulations last month."
    assert cause("and because of the difficulty getting needles into your veins,", access) is None
    assert cause("and because of the pain of the injections in your stomach,", access) is not None
    # "presumed to be due to a virus" for "(presumed viral)"
    viral = "Diagnosis: Acute idiopathic (presumed viral) pericarditis - first episode"
    assert cause("and it is presumed to be due to a virus.", viral) is None
    assert cause("and it is presumed to be due to an autoimmune reaction.", viral) is not None


def test_lay_words_of_rounds_113_and_114_read_as_the_letters_terms() -> None:
    # "wear-and-tear arthritis" and "OA" are osteoarthritis; "feet roll inwards" pronation; "a spreading infection in
    # the skin" cellulitis
    baker = "Impression: Baker's cyst secondary to L knee OA/effusion - treat underlying OA."
    assert cause("which has formed because of wear-and-tear arthritis", baker) is None
    assert cause("which has formed because of a torn cartilage", baker) is not None
    feet = "Foot posture: pronated bilat. Prefab orthoses issued for pronation."
    assert cause("You have been given insoles because your feet roll inwards.", feet) is None
    assert cause("You have been given insoles because your toes are clawed.", feet) is not None
    swab = "Pus swab: E. coli - no abx given as no cellulitis."
    assert cause("No antibiotics were needed because there was no spreading infection in the skin.", swab) is None
    assert cause("No antibiotics were needed because the germ was sensitive to them.", swab) is not None


def test_an_own_renal_letters_shorthand_is_read() -> None:
    # session 22's own letter: "every 2 wks" is an interval, "keep having" is "continue", and a changed interval of
    # the plan's line is read against it
    plan = "1. Continue darbepoetin 40 micrograms every 2 wks; hold if Hb >120 g/L."
    found = interval_conflicts("You should keep having darbepoetin every week,", plan, plan)
    assert [(a.text, b.text) for a, b in found] == [("every week", "every 2 wks")]
    assert interval_conflicts("You should keep having darbepoetin every two weeks,", plan, plan) == []
    assert {"conti", "weeks"} <= alignment_tokens("You should keep having it every two weeks")
    assert "weeks" in alignment_tokens("every 2 wks")


def test_rounds_115_and_116_shorthand_is_read() -> None:
    # "up to 12 to 18 months" for "(up to 12-18/12)", "18 months or longer" for "may take 18/12 or longer", in letters
    # whose other dates show the day first; a day and month stay a date
    seen = "Seen: 18/06/2024. "
    letter = seen + "Fingernails over ~4-6/12, toenails may take longer (up to 12-18/12)."
    assert not unstated_quantities("while the toenails may take longer, up to 12 to 18 months.", letter)
    assert unstated_quantities("while the toenails may take longer, up to 12 to 24 months.", letter)
    assert not unstated_quantities("It may take 18 months or longer to clear.", seen + "May take 18/12 or longer.")
    assert [q.kind for q in quantities(seen + "Review 19/12.")][-1] == "label:date"
    # "July 2024" for "(06/24 & 07/24)": a month with its leading zero and the year's two figures; not "06/10" nor
    # "12/24" (twelve hours)
    erpc = "ERPC x2 for retained products (06/24 & 07/24); second procedure complicated by endometritis."
    assert not unstated_quantities("and July 2024 to remove tissue left behind after the birth,", erpc)
    assert [q.text for q in unstated_quantities("and July 2023 to remove tissue left behind,", erpc)] == ["2023"]
    assert [q.kind for q in quantities("pain 06/10; obs 12/24")] == ["count", "label:scale", "count", "label:scale"]


def test_rounds_115_and_116_names_outcomes_and_causes() -> None:
    # "the River Wye" for "R. Wye"; another river is unstated
    swim = "Open-water swimming in R. Wye 10 days pre-admission after heavy rain."
    assert unstated_names("after swimming in the River Wye,", swim) == ()
    assert unstated_names("after swimming in the River Severn,", swim) == ("River", "Severn")
    # "some reduced feeling" is an adjective; "cut it away" cuts what was named before
    assert changed_outcome("Because you have diabetes with some reduced feeling in your feet,") is None
    assert changed_outcome("They found a small leftover piece of valve tissue and cut it away.") is None
    assert changed_outcome("The surgery relieved her hip pain.") == "her hip pain"
    # "scar tissue inside the womb" for "intrauterine adhesions (Asherman syndrome)"
    asherman = "Working diagnosis: Secondary amenorrhoea - likely intrauterine adhesions (Asherman syndrome)"
    assert cause("Your periods have stopped because of scar tissue inside the womb,", asherman) is None
    assert cause("Your periods have stopped because of a hormone imbalance,", asherman) is not None


def test_rounds_117_and_118_shorthand_lay_words_and_glossed_terms() -> None:
    # "14 months in total" for "Sx now 14/12 in total" in a letter whose dates show the day first
    letter = "Last seen 16/04/2024. Sx now 14/12 in total. Review 19/12."
    assert not unstated_quantities("You have now had symptoms for 14 months in total.", letter)
    assert [q.kind for q in quantities(letter)][-1] == "label:date"
    # "it made you drowsy and unsteady" for "stopped due to drowsiness + unsteadiness"
    baclofen = "Baclofen 10 mg TDS trialled - stopped after 3/52 due to drowsiness + unsteadiness, minimal effect."
    assert cause("You stopped the baclofen because it made you drowsy and unsteady,", baclofen) is None
    assert cause("You stopped the baclofen because it gave you a rash and headaches,", baclofen) is not None
    # "increased blood flow around the joint" for "increased Doppler signal"
    scan = "US R 2nd CCJ: mild soft tissue thickening, increased Doppler signal, no fracture/collection."
    assert unnamed_outcome("and increased blood flow around the joint,", scan, alignment_tokens(scan)) is None
    assert unnamed_outcome("and increased fluid inside the joint,", scan, alignment_tokens(scan)) is not None
    # "the neck arteries often lie closer to the middle" for "medialised carotids common in 22q11"
    mra = "2. Pre-op MRA neck to assess carotid position (medialised carotids common in 22q11)."
    assert cause("because in 22q11 the neck arteries often lie closer to the middle than usual,", mra) is None
    # a clinical term in brackets the evidence states is what the lay words before it gloss
    vpi = "Diagnoses: 2. Submucous cleft palate 3. Velopharyngeal insufficiency (VPI)"
    glossed = "because the back of her palate does not close off her nose properly (velopharyngeal insufficiency),"
    assert cause(glossed, vpi) is None
    assert cause("because the back of her palate does not close off her nose properly (palatal paralysis),", vpi)


def test_older_rounds_faithful_flags_read_in_lay_words() -> None:
    # round 69: "has reduced feeling in his left foot" is neuropathy, a condition, not an effect on "feeling"
    risk = "RISK CLASSIFICATION: HIGH RISK (previous ulceration + L neuropathy)"
    unit = "because he has had an ulcer before and has reduced feeling in his left foot."
    assert unnamed_outcome(unit, risk, alignment_tokens(risk)) is None
    # round 65: "diabetic ketoacidosis with normal sugar levels" for "euglycaemic DKA"
    dka = "2. Stop dapagliflozin at start of LRD (risk of euglycaemic DKA); diabetes team to advise."
    assert cause("because of the risk of a form of diabetic ketoacidosis with normal sugar levels.", dka) is None
    assert cause("because of the risk of a form of kidney damage with high sugar levels.", dka) is not None
    # round 71: "they would help little" for "limited benefit expected"; round 78: "egg reserve" is ovarian reserve
    assert cause("New glasses were not prescribed because they would help little.", "Limited benefit expected.") is None
    reserve = "R ovarian cystectomy - counselled re impact on ovarian reserve; AMH to be taken pre-op."
    assert cause("her AMH will be checked because of the possible effect on her egg reserve.", reserve) is None


def test_round_119_denials_and_school_years() -> None:
    # "You have not had any more of the popping feeling" denies the popping, as "No further 'popping' sensation" does
    review = "No further 'popping' sensation."
    assert flips_negation("You have not had any more of the popping feeling.", review) is None
    assert flips_negation("You have had more of the popping feeling.", review) == "popping"
    # a school's "Year 5" labels, as "Grade 5" does, and names nothing the letter's "Yr 5" must spell
    assert unstated_names("so he will meet his Year 5 teacher,", "Transition to Yr 5 teacher (09/2025).") == ()
    assert unstated_names("so he will meet his Year 5 teacher at St Mary's,", "Transition to Yr 5 teacher.") == (
        "Mary",
    )
