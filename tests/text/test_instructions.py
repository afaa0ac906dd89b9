"""A patient's instruction turned round (``medhal.text.instructions``), round 56's three wrong twins and what it must
leave alone."""

from __future__ import annotations

import pytest

from medhal.text.instructions import instruction, reversed_instruction

LEAFLET = [
    "Pain relief: Take paracetamol 1 g four times a day and ibuprofen 400 mg three times a day with food for 5 days.",
    "Do not take ibuprofen if you develop indigestion or black stools.",
    "- Do not take extra tablets if you still wake at night.",
    "Driving: because she has moderate OSA, she must notify the DVLA and must not drive until it is controlled.",
]


@pytest.mark.parametrize(
    ("unit", "index"),
    [
        ("Keep taking the ibuprofen if you get indigestion or black stools.", 1),
        ("She may take an additional tablet if she still wakes at night,", 2),
        ("she has been told she need not notify the DVLA", 3),
    ],
)
def test_an_instruction_turned_round(unit: str, index: int) -> None:
    assert reversed_instruction(unit, LEAFLET) == index


@pytest.mark.parametrize(
    "unit",
    [
        "Stop the ibuprofen if you get indigestion or black stools.",  # the same way, another verb
        "Don't take ibuprofen if you get indigestion.",  # the same way
        "She should not take extra tablets if she still wakes at night,",
        "She must tell the DVLA and must not drive for now.",  # "tell" is not "notify": left to the other cues
        "She might take an additional tablet if she still wakes at night,",  # hedged
        "Take paracetamol 1 g four times a day.",
    ],
)
def test_what_it_leaves_alone(unit: str) -> None:
    assert reversed_instruction(unit, LEAFLET) is None


def test_a_report_is_no_instruction() -> None:
    assert instruction("Many patients do not understand their discharge instructions.") is None
    assert instruction("Ibuprofen reduced pain by 20%.") is None
    assert instruction("you do not need to start again").against
