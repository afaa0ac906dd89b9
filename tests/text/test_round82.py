"""Round 82 (24 texts written blind after round 81's rules: sinus surgery letters, thyroid eye disease letters,
prostate enlargement letters, gallstone surgery letters, ketoacidosis discharge summaries, joint replacement letters,
post-COVID clinic letters and children's eczema letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.antonyms import swapped_qualifier
from medhal.text.explanations import unstated_cause
from medhal.text.negation import flips_negation
from medhal.text.synonyms import alignment_tokens

_LISTED = [
    "- Listed for elective laparoscopic cholecystectomy, day case (routine list, approx 16 weeks).",
    "- Consent discussed: bleeding, infection, bile leak (~1%), conversion to open (<5%), shoulder tip pain.",
]


def test_the_emergency_department_is_no_emergency_operation() -> None:
    assert swapped_qualifier("If you develop jaundice, you should go to the emergency department,", _LISTED) is None
    assert swapped_qualifier("You are listed for an emergency cholecystectomy.", _LISTED) == 0


def test_a_conversion_to_open_surgery_says_open() -> None:
    assert swapped_qualifier("and a less than 5% chance of needing an open operation.", _LISTED) is None
    assert swapped_qualifier("You will have an open operation.", _LISTED[:1]) == 0


def test_a_not_without_its_copula_denies_its_whole_list() -> None:
    findings = "Findings: inflamed, oedematous GB; no gangrene or perforation; subtotal not required."
    assert flips_negation("but not gangrenous or perforated,", findings) is None
    assert flips_negation("and it was perforated,", findings) is not None


def test_a_size_measured_and_compared_with_a_figure_is_the_figure_cues() -> None:
    letter = (
        "- TRUS volume: 58 ml. Plan: 2. Start finasteride 5 mg od given prostate volume >30 ml - explained takes "
        "3-6 months for full effect."
    )
    unit = "chosen because your prostate measured 58 ml on ultrasound, which is larger than 30 ml."
    assert unstated_cause(unit, alignment_tokens(letter), letter) is None
    assert unstated_cause("chosen because your kidneys were scarred.", alignment_tokens(letter), letter) is not None
