"""Round 65 (24 texts written blind after round 64's rules: occupational-therapy home visits, fracture-clinic
letters, sexual-health results, cataract consent and aftercare, mental-health crisis plans, travel-clinic notes,
bariatric clinic letters and epilepsy care plans), round 64's figures left unread, and an abstract of our own whose
supported clause pointed at the trial's aim: the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.restating import agreeing
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.findings import agrees, contradicts, null_findings, reports_null_finding
from medhal.text.implied import implied_figures
from medhal.text.laterality import side_conflict
from medhal.text.measured import measuring_tests
from medhal.text.quantities import quantities
from medhal.text.sentences import split_sentences
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_lab_test_is_read_as_the_function_it_measures() -> None:
    abstract = (
        "We aimed to compare the two drugs in adults with gout and stage 3 chronic kidney disease. Urate fell in "
        "68% and 59% (p=0.11). eGFR did not change in either group. Gout flares occurred in 41% and 44%."
    )
    sentences = [s.text for s in split_sentences(abstract)]
    assert sentences[2] == "eGFR did not change in either group."  # a sentence opening with "eGFR" is one
    index = EvidenceIndex.of(abstract, sentences)
    assert agreeing(index, "Kidney function stayed the same in both arms.") == {2}  # the sentence that restates it
    finding = null_findings(sentences[2])[0]
    assert reports_null_finding("Kidney function stayed the same in both arms.")
    assert agrees("Kidney function stayed the same in both arms.", finding)
    assert not agrees("Kidney function got worse with febuxostat.", finding)
    assert contradicts("Kidney function got worse with febuxostat.", finding)  # the function itself changed
    assert not contradicts("In this trial, 295 people with moderately reduced kidney function", finding)  # round 52
    assert not agrees("Liver function stayed the same in both arms.", finding)
    assert measuring_tests("Flares were common.") == ""


def test_minutes_between_two_times_of_day() -> None:
    record = "06:40 wife called. 06:58 Glucagon 1 mg IM, L deltoid. 07:10 GCS 15, BM 4.2. 07:30 BM 7.8."
    assert _unstated("Twelve minutes later he was fully alert with a glucose of 4.2", record) == []
    assert _unstated("Seventeen minutes later he was fully alert", record) == ["Seventeen minutes"]
    delivery = "Delivery: SVD 12:08 on 14/03. Placenta and membranes complete at 12:16. EBL: 450 mL."
    assert _unstated("the placenta came out complete eight minutes after the birth", delivery) == []


def test_sizes_in_a_table_whose_heading_gives_the_unit() -> None:
    notes = "Measurements (L x W x D, cm):\n26/07: 3.2 x 2.0 x 0.8\n09/09: 1.6 x 0.9 x 0.2\n\nToday: clean."
    assert _unstated("from 3.2 by 2.0 cm and 8 mm deep in late July to 2 mm deep today", notes) == []
    assert _unstated("and 6 mm deep in late July", notes) == ["6 mm"]
    assert implied_figures("Pain 3 x 2 daily:\nnone") == []  # no unit in the heading


def test_dates_with_a_two_figure_year() -> None:
    notes = "Fever onset 30/10/23 (= illness day 1). Afebrile since 04/11 06:00. FBC repeat 05/02/24."
    assert [q.text for q in quantities(notes) if q.kind == "label:date"] == ["30/10", "04/11", "05/02"]
    assert _unstated("Her illness started on 30 October, and she has had no fever since 4 November", notes) == []
    assert _unstated("an infusion is booked for 5 February 2024", notes) == []
    assert _unstated("Her illness started on 31 October", notes) == ["31 October"]
    assert [q.kind for q in quantities("pain 04/10 today")] == ["count", "label:scale"]  # no date shown day first
    assert [q.kind for q in quantities("31/02/24 and 3/4/5")].count("label:date") == 0


def test_a_side_written_as_its_letter() -> None:
    consent = [
        "Procedure: RIGHT eye phacoemulsification + posterior chamber intraocular lens (IOL)",
        "Patient questions: both eyes together - advised no; L eye may be considered after 6 weeks if R eye good.",
    ]
    unit = "and the left eye may be considered after six weeks if the right eye does well."
    assert side_conflict(unit, consent) is None
    assert side_conflict("He is having surgery on his left eye.", consent[:1]) is not None
    assert side_conflict("Glucagon went into his right upper arm.", ["Glucagon 1 mg IM, L deltoid upper arm."])
    assert side_conflict("a reply from Dr Smith", ["Seen by L. Sorensen, podiatrist."]) is None


def test_the_third_dose_is_no_share() -> None:
    notes = "3. Hep B vaccine dose 3 given today, L deltoid."
    assert quantities("so the third was given into his left upper arm that day.") == []
    assert _unstated("so the third was given into his left upper arm that day.", notes) == []
    assert [q.kind for q in quantities("a third had no red flags")] == ["percent"]


def test_a_virus_named_by_its_type() -> None:
    notes = "HSV PCR (lesion swab, 20/02/2025): HSV-2 DETECTED."
    assert _unstated("the swab confirmed herpes simplex virus type 2,", notes) == []
    assert _unstated("the swab confirmed herpes simplex virus type 1,", notes) == ["1"]


def test_a_cause_stated_with_a_plural_of_four_letters() -> None:
    evidence = alignment_tokens("Hepatitis B (HBsAg) | Not tested - fully vaccinated (3 doses, 2019)")
    stated = "because a full three-dose vaccine course had already been completed in 2019."
    assert unstated_cause(stated, evidence) is None
    assert unstated_cause("because the risks of the drug were judged too high.", evidence) is not None


def test_white_cells_wiped_out_is_agranulocytosis() -> None:
    letter = alignment_tokens("She understands that either drug can rarely cause agranulocytosis.")
    unit = "because either drug can very occasionally wipe out infection-fighting white cells,"
    assert unstated_cause(unit, letter) is None
    assert unstated_cause("because either drug can very occasionally cause liver failure,", letter) is not None
