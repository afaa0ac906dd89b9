"""What a request may ask for comes from the detector registry, and requests that ask for the same detector share
it (and its verifier batches)."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")

from fakes import RuleVerifier
from medhal.checker import Checker
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.registry import fitted_detectors, offline_units
from medhal.serve import SERVABLE_DETECTORS, SERVABLE_UNITS
from medhal.serve.middleware import APIError
from medhal.serve.service import CheckRequest, ServeConfig, Service
from medhal.verify import LoadedVerifier
from medhal.verify.calibration import Calibration

CALIBRATION = Calibration(
    entail_threshold=0.45,
    contradict_threshold=0.5,
    response_thresholds={"decomposed": 0.69, "nli-clause": 0.31},
    detector_options={"decomposed": {"max_windows": 4}},
)
TEXTS = {"evidence": "Aspirin was given.", "response": "Aspirin was given."}


@pytest.fixture
def service() -> Service:
    loaded = LoadedVerifier(RuleVerifier(), CALIBRATION)
    return Service(loaded, ServeConfig(detectors=("nli-clause", "nli-response")), None)


def test_what_is_served_comes_from_the_registry() -> None:
    assert SERVABLE_DETECTORS == fitted_detectors() == ("decomposed", "nli-clause", "nli-response")
    assert SERVABLE_UNITS == offline_units() == ("clause", "sentence")


def test_a_request_option_the_detector_does_not_take_is_ignored(service: Service) -> None:
    key = service.options(CheckRequest(**TEXTS, detector="nli-response", units="sentence", premise="windows"))
    assert key == ("nli-response", ())
    assert service.options(CheckRequest(**TEXTS, detector="nli-clause", premise="windows")) == (
        "nli-clause",
        (("premise", "windows"),),
    )


def test_requests_for_the_same_detector_share_one_key(service: Service) -> None:
    def key(**options: object) -> object:
        return service.options(CheckRequest.model_validate({**TEXTS, **options}))

    assert key(detector="nli-clause") == key(detector="nli-clause", premise="whole", units="clause")
    assert key() == key(long_windows="skip")
    assert key(threshold=0.5) != key()  # the calibration's threshold (0.69) applies when none is asked for
    assert key(max_windows=4) != key()  # an explicit option stays explicit


def test_the_service_builds_what_checker_builds(service: Service) -> None:
    request = CheckRequest(**TEXTS, units="sentence", long_windows="split")
    built = service.detector(service.options(request))
    expected = Checker(
        LoadedVerifier(service.verifier.verifier, CALIBRATION), units="sentence", long_windows="split"
    ).detector
    assert isinstance(built, DecomposedDetector) and isinstance(expected, DecomposedDetector)
    assert built.config == expected.config and built.config["threshold"] == 0.69


def test_a_detector_not_served_is_refused(service: Service) -> None:
    with pytest.raises(APIError, match="detector 'random' is not served"):
        service.options(CheckRequest(**TEXTS, detector="random"))
