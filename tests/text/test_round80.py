"""Round 80 (24 texts written blind after round 79's rules: immunotherapy toxicity notes, scoliosis letters,
ketogenic diet reviews, Kawasaki disease letters, breast reconstruction letters, Bell's palsy letters, lithium
clinic letters and venous ablation letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.bounds import bounds
from medhal.text.drug_doses import dose_conflict
from medhal.text.drug_names import is_drug_name, same_drug_names
from medhal.text.explanations import unstated_cause
from medhal.text.figures import number_conflicts
from medhal.text.implied import implied_figures
from medhal.text.intervals import interval_conflicts, intervals
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_a_dose_the_evidence_gives_as_a_bound_is_the_drugs() -> None:
    plan = [
        "1. Start oral prednisolone 1 mg/kg = 80 mg OD (wt 80 kg) with omeprazole 20 mg OD as gastroprotection.",
        "2. Hold pembrolizumab. Not for rechallenge until symptoms grade 1 or less AND prednisolone ≤10 mg/day.",
    ]
    assert dose_conflict("and your prednisolone dose is down to 10 mg a day or less.", plan) is None
    found = dose_conflict("and your prednisolone dose is down to 5 mg a day or less.", plan)
    assert found is not None and [(a.text, b.text) for a, b in found[0]] == [("5 mg", "80 mg")]


def test_an_acronym_of_the_evidence_states_the_words_it_stands_for() -> None:
    letter = "Diagnosis: R medial gaiter venous leg ulcer (CEAP C6). Superficial venous reflux R GSV."
    named = alignment_tokens(letter)
    assert unstated_cause("a leg ulcer, caused by reflux in the right great saphenous vein.", named, letter) is None
    found = unstated_cause("a leg ulcer, caused by a clot in the right popliteal artery.", named, letter)
    assert found == "a clot in the right popliteal artery"


def test_botox_is_botulinum_toxin() -> None:
    letter = "3. Botulinum toxin A offered to L orbicularis oculi: 2.5 units to each of 4 sites (10 units total)."
    named = alignment_tokens(letter)
    unit = "you have been offered Botox injections to the muscle around your left eye,"
    assert unstated_names(unit, letter, named) == ()
    assert same_drug_names("dysport") == same_drug_names("botulinum")


def test_a_cycle_written_c8_is_cycle_8() -> None:
    assert [(q.kind, q.value) for q in implied_figures("C8 due today. OK to proceed with C8 pembrolizumab today.")] == [
        ("count", 8.0),
        ("count", 8.0),
    ]
    assert implied_figures("Numbness in the C8 dermatome; C7 radiculopathy.") == []


def test_common_drugs_without_a_distinctive_stem_are_drugs() -> None:
    assert all(is_drug_name(w) for w in ("liothyronine", "tamsulosin", "bicalutamide", "carbimazole", "riluzole"))
    letter = "1. Start levothyroxine 50 micrograms OD, on empty stomach 30-60 min before breakfast."
    named = alignment_tokens(letter)
    assert unstated_names("You are starting liothyronine 50 micrograms once a day,", letter, named) == ("liothyronine",)


def test_a_minimum_of_is_a_bound() -> None:
    found = bounds("taper prednisolone over a minimum of 4 weeks; a maximum of 3 doses")
    assert [(b.quantity.text, b.side, b.inclusive) for b in found] == [("4 weeks", "up", True), ("3", "down", True)]


def test_so_many_times_a_week_is_an_interval() -> None:
    plan = "Practice nurse dressings to R abdominal wound twice weekly (Aquacel Ag + Mepore)."
    wrong = "Your practice nurse should dress it three times a week using an Aquacel Ag dressing covered with Mepore."
    assert [(a.text, b.text) for a, b in interval_conflicts(wrong, plan, plan)] == [
        ("three times a week", "twice weekly")
    ]
    assert interval_conflicts(wrong.replace("three times", "twice"), plan, plan) == []
    # "N weekly" is every N weeks, and a dose's times a day stay the frequency cue's
    assert [(i.text, i.days) for i in intervals("2 weekly; four weekly doses; 3 times daily")] == [
        ("2 weekly", 14.0),
        ("weekly", 7.0),
    ]


def test_a_rate_said_in_words_is_rivalled_by_the_evidences_rate() -> None:
    plan = "Continue KD at 3:1; increase energy by 50 kcal/day (dietitian to revise recipe) for weight gain."
    wrong = "so her diet will stay at a 3:1 ratio but with an extra 150 kcal a day."
    assert [(a.text, b.text) for a, b in number_conflicts(wrong, plan, plan)] == [("150 kcal", "50 kcal")]
    assert number_conflicts(wrong.replace("150", "50"), plan, plan) == []
    assert [(q.kind, round(q.value)) for q in quantities("1200 kcal; 5000 kJ")] == [("energy", 1200), ("energy", 1195)]
