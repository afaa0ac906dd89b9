"""Faithful clauses of blind rounds 240-241 (session 36) and of the session's own sore-throat abstract that the cues
flagged or contradicted when first read, each beside the wrong wording the same reading must still catch."""

from __future__ import annotations

from medhal.detect.alignment import restates_in_part
from medhal.detect.units import Unit, continues_negation
from medhal.text.explanations import unstated_cause
from medhal.text.findings import contradicts, null_findings
from medhal.text.harmonize import harmonized
from medhal.text.quantifiers import share_conflicts
from medhal.text.quantities import quantities
from medhal.text.recommendations import advises_against, unadvised
from medhal.text.synonyms import alignment_tokens


def test_advice_against_in_other_words() -> None:
    """Round 240's "Donating is generally advised against if your body mass index is above 35" against "Donation is
    not recommended when body mass index exceeds 35" (P(C) 0.81): both advise against it."""
    assert advises_against("Donating is generally advised against if your body mass index is above 35,")
    assert advises_against("The panel recommended against it.")
    assert not advises_against("Donating is generally advised if your body mass index is above 35,")
    plan = ["Follow-up: Post-splenectomy vaccines given on day 14.", "GP to check full blood count in 2 weeks."]
    assert not unadvised("and his GP should recheck his blood count in a fortnight.", plan)
    assert unadvised("and his GP should recheck his blood count in a fortnight.", plan[:1])


def test_a_list_going_on_after_a_negation_with_an_acronym() -> None:
    """Round 240's "Platelets are not meant for conditions such as immune thrombocytopenia, | TTP or heparin-induced
    thrombocytopenia unless the bleeding is life-threatening" (its second unit "denied", P(C) 0.83)."""
    first = "Platelets are not meant for conditions such as immune thrombocytopenia,"
    second = "TTP or heparin-induced thrombocytopenia unless the bleeding is life-threatening."
    text = f"{first} {second}"
    units = [Unit(first, 0, len(first)), Unit(second, len(first) + 1, len(text))]
    assert continues_negation(units, 1, text)
    # a unit of its own, in capitals after a full stop, asserts what it says
    text = f"{first[:-1]}. {second}"
    units = [Unit(first[:-1] + ".", 0, len(first)), Unit(second, len(first) + 1, len(text))]
    assert not continues_negation(units, 1, text)


def test_causes_named_in_lay_words() -> None:
    """No spleen is a splenectomy; a haemoglobin found in babies is fetal haemoglobin; bladder infections are the
    letter's cystitis; travel being hard is the travel distance."""
    letter = "Discharge medications: phenoxymethylpenicillin 250 mg twice daily, lifelong (post-splenectomy)."
    said = alignment_tokens(letter)
    assert unstated_cause("a penicillin tablet for life, because he no longer has a spleen.", said, letter) is None
    assert unstated_cause("a penicillin tablet for life, because he has sickle cell disease.", said, letter)
    leaflet = "What it is: a once-daily capsule that increases fetal haemoglobin (HbF), making red cells less sticky."
    named = alignment_tokens(leaflet)
    assert unstated_cause("it works by raising a kind of haemoglobin normally found in babies,", named, leaflet) is None
    assert unstated_cause("it works by raising a kind of protein normally found in the liver,", named, leaflet)
    referral = "Thank you for referring her with recurrent cystitis. She reports 4 culture-confirmed episodes."
    tokens = alignment_tokens(referral)
    unit = "She was seen because she has had four lab-confirmed bladder infections over the past year,"
    assert unstated_cause(unit, tokens, referral) is None
    audit = "Thirteen families (7%) withdrew, most commonly because of travel distance."
    assert (
        unstated_cause("most often because travelling to appointments was hard.", alignment_tokens(audit), audit)
        is None
    )


def test_a_share_of_those_who_stayed_against_those_who_left() -> None:
    """Round 241's "Most families stayed the course" against "Thirteen families (7%) withdrew" (contradicted)."""
    left = "Thirteen families (7%) withdrew or were lost to follow-up, most commonly because of travel distance."
    assert share_conflicts("Most families stayed the course,", left) == []
    assert share_conflicts("Most families withdrew,", left) != []
    assert share_conflicts("Most patients had a lithium level done,", "Levels were checked in 11% of patients.") != []


def test_the_part_of_a_sentence_a_unit_restates() -> None:
    """ "Early mortality was lower with blood" restates the conclusion's "although early mortality was lower", not its
    "whole blood did not significantly reduce 30-day mortality"."""
    conclusion = (
        "Conclusions: Prehospital whole blood did not significantly reduce 30-day mortality, although early mortality"
        " was lower."
    )
    assert restates_in_part(conclusion, "Early mortality was lower with blood,")
    assert not restates_in_part(conclusion, "Early mortality was higher with blood,")


def test_days_off_work_in_an_own_abstract() -> None:
    """Session 36's own dexamethasone abstract: "took two fewer days off work" against "Median time off work was 1 day
    in both groups" is a difference where the trial found none; "one day off work" is written as the results' "1
    day", not the methods' "24 hours"."""
    results = "Median time off work was 1 day in both groups."
    (finding,) = null_findings(results)
    assert contradicts("People taking the steroid typically took two fewer days off work.", finding)
    assert not contradicts("People in both groups typically took one day off work.", finding)
    assert [(q.kind, q.value) for q in quantities("took two fewer days off work")] == [("time", 2.0)]
    assert [q.kind for q in quantities("two more patients")] == ["count"]
    evidence = "The primary outcome was resolution within 24 hours. " + results
    assert harmonized("People in both groups typically took one day off work.", evidence) == (
        "People in both groups typically took 1 day off work."
    )


def test_regressions_of_the_final_run_over_rounds_140_184() -> None:
    """Read again at the session's end: a gestation "27 weeks 6 days" is read in completed weeks ("born between 24
    and 27 weeks" states it, round 170); doses "on days 0 and 7" are a week apart (round 172's "just one week apart",
    once "just" hedged nothing)."""
    from medhal.text.figures import unstated_quantities
    from medhal.text.implied import implied_figures

    trial = "1,316 infants born at 24 weeks 0 days to 27 weeks 6 days of gestation were randomised."
    assert [q.text for q in unstated_quantities("Among babies born between 24 and 27 weeks,", trial)] == []
    schedule = "Adults aged 18-65 years may instead receive an accelerated schedule on days 0 and 7."
    said = [*quantities(schedule), *implied_figures(schedule)]
    assert [q.text for q in unstated_quantities("they can have them just one week apart", said)] == []
    assert [q.text for q in unstated_quantities("they can have them just two weeks apart", said)] == ["two weeks"]
    # not days listed from a later day: "further doses due on days 7 and 21" states no "two weeks" (round 246)
    letter = "He received the first vaccine dose, with further doses due on days 7 and 21."
    said = [*quantities(letter), *implied_figures(letter)]
    assert [q.text for q in unstated_quantities("flucloxacillin four times a day for two weeks.", said)] == [
        "two weeks"
    ]
