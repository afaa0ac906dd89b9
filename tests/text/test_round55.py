"""Round 55 (24 texts written blind after round 54's rules: time-to-event trial abstracts, investigation reports,
answers to a patient's own question, observational studies, guidelines and ward notes; read with round 54's rules,
7 faithful clauses of 620 were contradicted and 9 of 24 faithful answers flagged): the faithful clauses' false cues
mended at their cause."""

from __future__ import annotations

from medhal.text.advice_forms import reversed_guidance
from medhal.text.drug_doses import dose_conflict
from medhal.text.explanations import unstated_cause
from medhal.text.figure_agreement import figures_agree
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.lexical import negated
from medhal.text.negation import flips_negation
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens

LEAFLET = "Do not give for more than 3 days without speaking to a doctor or pharmacist."


def test_do_not_without_asks_for_it() -> None:
    assert reversed_guidance("check with a doctor or pharmacist.", [LEAFLET]) is None
    assert flips_negation("If it lasts more than 3 days, speak to a doctor or pharmacist.", LEAFLET) is None
    # a population qualifier after "should not" is still a negation
    assert flips_negation(
        "Corticosteroids should be used in adults without asthma.",
        "Oral corticosteroids should not be used in adults without asthma.",
    )


def test_an_hour_and_a_half_is_no_share() -> None:
    # one duration of 90 minutes (session 36), never a share of 50%
    assert [(q.kind, q.value, q.about) for q in quantities("around an hour and a half of morning stiffness")] == [
        ("time", 0.0625, True)
    ]
    assert [q.text for q in quantities("Most had fever, and half of the patients had cough.")] == ["half"]


def test_a_year_cut_from_its_range() -> None:
    assert [q.kind for q in quantities("and 2022 and recorded roughly 8,900 pneumonia admissions,")] == [
        "label:year",
        "count",
    ]
    assert [q.kind for q in quantities("and 2022 patients were seen")] == ["count"]
    results = "Over 247,000 person-years of follow-up, 8,890 hospital admissions for pneumonia were recorded."
    assert figures_agree("and 2022 and recorded roughly 8,900 pneumonia admissions,", results)


def test_figures_a_report_implies() -> None:
    rate = "8,890 admissions were recorded, a crude rate of 36 per 1,000 person-years."
    stated = [*quantities(rate), *implied_figures(rate)]
    assert unstated_quantities("about 3.6 admissions for every 100 person-years", stated) == []
    policy = "changed its policy from offering induction at 41+5 weeks to offering it at 41+0 weeks."
    stated = [*quantities(policy), *implied_figures(policy)]
    assert unstated_quantities("and 5 days to exactly 41 weeks", stated) == []
    audit = "Monthly run charts showed the improvement was sustained through the final quarter."
    assert unstated_quantities("including its last three months.", implied_figures(audit)) == []


def test_a_rate_per_night_in_words() -> None:
    stated = quantities("Admitted after 2 weeks of reduced sleep (2-3 hours/night).")
    assert unstated_quantities("sleeping only two to three hours a night,", stated) == []
    assert [q.text for q in unstated_quantities("sleeping only four hours a night,", stated)] == ["four hours"]


def test_the_one_drug_of_a_leaflet_has_every_dose_of_its_table() -> None:
    leaflet = [
        "Paracetamol 120 mg/5 mL Oral Suspension - Information for parents and carers",
        "12 to 13.9 kg - 7.5 mL - 180 mg",
    ]
    assert dose_conflict("7.5 mL of the suspension per dose, which is 180 mg of paracetamol.", leaflet) is None
    letter = ["Add amlodipine 5 mg once daily.", "Continue ramipril 10 mg once daily."]
    assert dose_conflict("so amlodipine 10 mg once daily is being added,", letter) is not None


def test_unavailable_is_negated_and_lay_words() -> None:
    assert negated("Gestational age was based on dating scans, which were unavailable for 3% of women.")
    named = alignment_tokens("Valproate ruled out because he and his partner are planning to conceive.")
    assert unstated_cause("because he and his partner are hoping to have a baby.", named) is None
    leaflet = alignment_tokens("Wait at least 12 months after the episode before your first dose.")
    assert unstated_cause("because it can return and the leaflet only asks for a year's gap.", leaflet) is None


def test_a_purpose_is_not_read_as_an_outcome() -> None:
    """Round 55's invented "and to prevent a febrile seizure" was read as an unnamed outcome for a while; round 57's
    faithful "Treatment to prevent spread to the brain" (for "CNS prophylaxis") was flagged by the same reading, so a
    purpose is left to the verifier (a faithful answer flagged is the worse error)."""
    from medhal.text.effects import unnamed_outcome

    leaflet = "Paracetamol is used to relieve pain and fever in children. Get help if your child has a fit."
    named = alignment_tokens(leaflet)
    assert unnamed_outcome("and to prevent a febrile seizure,", leaflet, named) is None
    mdt = "CNS prophylaxis was discussed and is not recommended."
    assert unnamed_outcome("Treatment to prevent spread to the brain", mdt, alignment_tokens(mdt)) is None


def test_a_trials_title_registration_and_citation_are_no_claims() -> None:
    """MedHal-Loc dev's faithful conclusions: a registration, the trial's bracketed title, a journal reference and
    "reflecting the daily routine" flagged their answers."""
    from medhal.detect.unstated import _CITATION
    from medhal.text.names import unstated_names

    evidence = "DES candidates were randomised to ZES or BMS."
    title = "(Zotarolimus-Eluting Endeavor Sprint Stent in Uncertain DES Candidates [ZEUS]; NCT01385319)."
    assert unstated_names(title, evidence) == ()
    assert unstated_names("The ZEUS trial in Norway showed it.", evidence) == ("ZEUS", "Norway")
    assert _CITATION.search("Geriatr Gerontol Int 2016; 16: 1138-1144.")
    assert not _CITATION.search("In 2016; 16 patients: 12 died")
    named = alignment_tokens("Ki-67 was assessed by eye and by software.")
    assert unstated_cause("reflecting the daily routine concerning Ki-67", named) is None
