"""Rounds 102-103 (48 texts written blind after rounds 101 and 102's rules: Raynaud's, Achilles rupture, cochlear
implant, obstetric cholestasis, ITP, pemphigoid, aortic dissection and PID letters; scabies, skin cancer, bunion,
Barrett's oesophagus, achalasia, Marfan, long QT and WPW letters): their false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.synonyms import alignment_tokens


def test_does_and_include_name_no_cause() -> None:
    named = alignment_tokens("Ofloxacin 400 mg BD + metronidazole 400 mg BD for 14 days (cephalosporin-free regimen).")
    assert unstated_cause("This combination was chosen because it does not include a cephalosporin,", named) is None
    assert unstated_cause("This combination was chosen because it does not include a steroid,", named) is not None


def test_a_run_the_evidence_writes_as_an_acronym_is_a_stated_part_of_a_cause() -> None:
    letter = "Post-op course: AF day 3, cardioverted with amiodarone; SR since. ECG: SR, no AF."
    named = alignment_tokens(letter)
    assert unstated_cause("Amiodarone was stopped because he has stayed in normal sinus rhythm.", named, letter) is None
    assert unstated_cause("Amiodarone was stopped because it damaged his thyroid gland.", named, letter) is not None


def test_a_bone_cut_knitting_together_is_an_osteotomy_uniting() -> None:
    assert alignment_tokens("the bone cut is knitting together") <= alignment_tokens("Osteotomy uniting, 2 screws")
    # "SR" before a dose is a sustained-release form, not sinus rhythm
    assert "sinus" not in alignment_tokens("Nifedipine SR 30 mg twice daily")


def test_a_long_form_the_answer_defines_by_the_evidences_acronym_is_stated() -> None:
    # round 104: "because of the risk of a malignant nerve sheath tumour (MPNST)" for "red flags for MPNST discussed"
    letter = "Repeat MRI R thigh in 12/12 - sooner if new pain (red flags for MPNST discussed with Mum)."
    named = alignment_tokens(letter)
    unit = "and his mother because of the risk of a malignant nerve sheath tumour (MPNST)."
    assert unstated_cause(unit, named, letter) is None
    assert unstated_cause("because of the risk of a malignant nerve sheath tumour (MNST).", named, letter) is not None


def test_tears_evaporating_too_quickly_is_evaporative_dry_eye() -> None:
    named = alignment_tokens("Impression: Benign essential blepharospasm. Mild co-existing evaporative dry eye.")
    assert unstated_cause("You also have a mild dry eye, caused by tears evaporating too quickly.", named) is None
