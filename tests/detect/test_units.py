"""Tests of the shared option checks in :mod:`medhal.detect.units`."""

from __future__ import annotations

import pytest

from medhal.detect.overlap import OverlapDetector
from medhal.detect.random_baseline import RandomDetector
from medhal.detect.units import Unit, check_threshold, continues_negation
from medhal.errors import ConfigError


@pytest.mark.parametrize("value", [0.0, 0.5, 1.0])
def test_threshold_inside_the_unit_interval_is_returned(value: float) -> None:
    assert check_threshold(value) == value


@pytest.mark.parametrize("value", [-0.01, 1.01, float("nan")])
def test_threshold_outside_the_unit_interval_is_a_config_error(value: float) -> None:
    with pytest.raises(ConfigError, match=r"threshold must lie in \[0, 1\], got"):
        check_threshold(value)


def test_detectors_reject_a_threshold_outside_the_unit_interval() -> None:
    with pytest.raises(ConfigError, match="threshold must lie in"):
        OverlapDetector(threshold=1.5)
    with pytest.raises(ConfigError, match="threshold must lie in"):
        RandomDetector(threshold=-0.2)


def test_a_unit_denying_the_predicate_before_it_again_goes_on_with_its_negation() -> None:
    # round 158: "showed no association, | and neither did variants in PRSS1, SPINK1 or ULK2." was contradicted by
    # "No association was found for PRSS1, SPINK1 or ULK2 variants" (the encoder read the unit without its predicate)
    first, second = "Sex showed no association,", "and neither did variants in PRSS1, SPINK1 or ULK2."
    text = f"{first} {second}"
    units = [Unit(first, 0, len(first)), Unit(second, len(first) + 1, len(text))]
    assert continues_negation(units, 1, text)
    # a unit with a predicate of its own asserts what it says
    second = "nor did it lower the risk of stroke."
    text = f"{first} {second}"
    units = [Unit(first, 0, len(first)), Unit(second, len(first) + 1, len(text))]
    assert not continues_negation(units, 1, text)
