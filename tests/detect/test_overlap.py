"""The lexical-overlap baseline (medhal.detect.overlap), built through the registry like any detector."""

from __future__ import annotations

import pytest

from medhal.detect.overlap import OverlapDetector
from medhal.detect.records import CheckItem
from medhal.detect.registry import Resources, build_detector, parse_detector
from medhal.errors import ConfigError

EVIDENCE = "Aspirin reduced stroke risk by 20% in adults over 60. Bleeding was rare."
RESPONSE = "Aspirin reduced stroke risk by 20%. It also cured migraine in children."


def test_scores_are_the_absent_share_and_pointers_slice_back() -> None:
    result = OverlapDetector().detect(CheckItem(EVIDENCE, RESPONSE, id="a"))
    assert result.status == "ok"
    first, second = result.units
    assert first.score == 0.0 and first.verdict == "supported"
    # "also" is a stop word; cured, migraine, children absent: 3 of 3 content stems
    assert second.score == 1.0 and second.verdict == "unsupported"
    assert result.score == 1.0 and result.flagged
    pointer = first.entailing
    assert pointer is not None and EVIDENCE[pointer.start : pointer.end] == pointer.text
    assert pointer.text.startswith("Aspirin reduced") and pointer.probability == 1.0
    for unit in result.units:
        assert RESPONSE[unit.start : unit.end] == unit.text
        assert unit.verdict != "contradicted"


def test_numbers_count_and_independent_recount() -> None:
    result = OverlapDetector(units="sentence").detect(
        CheckItem(EVIDENCE, "Aspirin reduced stroke risk by 35%.", id="b")
    )
    (unit,) = result.units
    # stems: aspir, reduc, strok, risk + number 35% -> 1 of 5 absent
    assert unit.score == pytest.approx(1 / 5)


def test_registered_and_validated() -> None:
    spec = parse_detector("overlap:units=sentence:threshold=0.3")
    detector = build_detector(spec, Resources())
    assert isinstance(detector, OverlapDetector) and detector.units == "sentence" and detector.threshold == 0.3
    with pytest.raises(ConfigError):
        parse_detector("overlap:units=triple")
    assert OverlapDetector().detect(CheckItem("", "x", id="c")).status == "input_error"
