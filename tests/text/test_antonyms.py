"""A qualifier swapped for the one the evidence uses instead (text/antonyms.py, issue 14 rounds 34-36)."""

from __future__ import annotations

import pytest

from medhal.text.antonyms import swapped_qualifier

ERAS = [
    "Background: ERAS pathways are recommended for elective colorectal resection.",
    "Methods: Four hospitals introduced the pathway for all elective resections.",
]
APPENDICITIS = ["Adults undergoing laparoscopic appendectomy for complicated appendicitis were randomised."]
OPEN_VS_LAPAROSCOPIC = ["Patients were randomised to laparoscopic or open mesh repair of the hernia."]


@pytest.mark.parametrize(
    ("unit", "sentences", "expected"),
    [
        # rounds 34 and 36: the setting or approach swapped
        ("Introducing ERAS for emergency colorectal resections shortened stays.", ERAS, 0),
        ("In adults who had open surgery for complicated appendicitis,", APPENDICITIS, 0),
        # the evidence's own side, in its words or lay words
        ("Introducing ERAS for elective colorectal resections shortened stays.", ERAS, None),
        ("In adults who had keyhole surgery for complicated appendicitis,", APPENDICITIS, None),
        # an evidence that says both sides contradicts neither; an open-label trial is no open surgery
        ("Open repair took longer.", OPEN_VS_LAPAROSCOPIC, None),
        ("It was an open-label trial of emergency care.", ["Patients arriving urgently were enrolled."], None),
    ],
)
def test_a_qualifier_the_evidence_only_ever_says_the_other_way(
    unit: str, sentences: list[str], expected: int | None
) -> None:
    assert swapped_qualifier(unit, sentences) == expected


def test_deaths_of_any_cause_for_the_cardiovascular_deaths_the_evidence_counts_are_swapped() -> None:
    # round 45: "cut the risk of all-cause death or heart failure hospitalisation" for a composite of cardiovascular
    # death or hospitalisation was supported
    evidence = ["The primary composite outcome was cardiovascular death or hospitalisation for heart failure."]
    assert swapped_qualifier("It cut the risk of all-cause death or heart failure hospitalisation.", evidence) == 0
    assert swapped_qualifier("It cut the risk of cardiovascular death or hospitalisation.", evidence) is None
    both = [*evidence, "Death from any cause occurred in 12.1% and 13.4%."]
    assert swapped_qualifier("It cut the risk of all-cause death or heart failure hospitalisation.", both) is None
