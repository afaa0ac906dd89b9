"""The detector registry (issue 17): each detector registered once with a typed options class that matches its
constructor, one spec parser with typed values and one-line errors, and the builders every face uses."""

from __future__ import annotations

import importlib
import inspect
import typing
from dataclasses import MISSING, fields
from typing import Any

import pytest

from fakes import RuleVerifier
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.options import DetectorOptions, Resources, option_types
from medhal.detect.registry import (
    DETECTORS,
    DetectorSpec,
    DetectorSpecError,
    accepted_options,
    apply_calibration,
    build_detector,
    build_detectors,
    create_detector,
    detector_entry,
    fitted_detectors,
    offline_units,
    option_choices,
    parse_detector,
    parse_detectors,
    taken_options,
)
from medhal.detect.scoring import VerdictRule
from medhal.errors import ConfigError
from medhal.verify.calibration import Calibration

CONSTRUCTORS = {
    "decomposed": "medhal.detect.decomposed:DecomposedDetector",
    "nli-clause": "medhal.detect.nli_clause:NLIClauseDetector",
    "nli-response": "medhal.detect.nli_clause:NLIResponseDetector",
    "kg-triple": "medhal.detect.kg:KGTripleDetector",
    "selfcheck-nli": "medhal.detect.selfcheck:SelfCheckNLIDetector",
    "llm-judge": "medhal.detect.llm_judge:LLMJudgeDetector",
    "fava": "medhal.detect.fava:FavaDetector",
    "embedding": "medhal.detect.embedding:EmbeddingDetector",
    "random": "medhal.detect.random_baseline:RandomDetector",
    "overlap": "medhal.detect.overlap:OverlapDetector",
}
RESOURCES = {"verifier", "client"}
RENAMED = {("embedding", "embedder"): "model"}  # the constructor's embedder, by name, is embedding's ``model``
CALIBRATION = Calibration(
    entail_threshold=0.45,
    contradict_threshold=0.5,
    response_thresholds={"decomposed": 0.69, "decomposed:aggregation=seed": 0.58, "nli-clause": 0.31},
    detector_options={"decomposed": {"max_windows": 4}},
)


def _constructor(name: str) -> Any:
    module, _, attr = CONSTRUCTORS[name].partition(":")
    return getattr(importlib.import_module(module), attr)


def _default(options: type[DetectorOptions], name: str) -> object:
    (found,) = [f for f in fields(options) if f.name == name]
    return found.default_factory() if found.default is MISSING else found.default  # type: ignore[misc]


def test_every_detector_is_registered_once() -> None:
    assert set(DETECTORS) == set(CONSTRUCTORS)
    assert len({entry.options for entry in DETECTORS.values()}) == len(DETECTORS)


@pytest.mark.parametrize("name", sorted(CONSTRUCTORS))
def test_options_class_matches_the_constructor(name: str) -> None:
    """Same keys, in order, with the same defaults and types as the constructor (its resources excluded)."""
    entry = detector_entry(name)
    constructor = _constructor(name)
    params = [p for p in inspect.signature(constructor).parameters.values() if p.name not in RESOURCES]
    hints = typing.get_type_hints(constructor.__init__)
    types = option_types(entry.options)
    assert [RENAMED.get((name, p.name), p.name) for p in params] == [f.name for f in fields(entry.options)]
    for param in params:
        key = RENAMED.get((name, param.name), param.name)
        assert _default(entry.options, key) == param.default, (name, key)
        if key == param.name and hints[param.name] is not Any and "Any" not in str(hints[param.name]):
            assert types[key] == hints[param.name], (name, key)


def test_spec_values_take_their_options_types() -> None:
    spec = parse_detector("decomposed:max-windows=4:signals=0.5:threshold=1:units=sentence")
    assert spec == ("decomposed:max-windows=4:signals=0.5:threshold=1:units=sentence", "decomposed", spec.options)
    assert spec.options == {"max_windows": 4, "signals": 0.5, "threshold": 1.0, "units": "sentence"}
    assert isinstance(spec.options["threshold"], float)
    assert parse_detector("decomposed:max_windows=none").options == {"max_windows": None}
    assert parse_detector("kg-triple:fallback=none:require_grounding=none").options == {
        "fallback": "none",  # a Literal choice, not None
        "require_grounding": "none",
    }
    assert parse_detector("selfcheck-nli:source=evidence:chat=false").options == {"source": "evidence", "chat": False}
    assert parse_detector("embedding:model=hashing").options == {"model": "hashing"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nope", "unknown detector 'nope'; choose one of decomposed, embedding"),
        ("", "empty detector name"),
        ("decomposed:units", "detector option 'units' of 'decomposed:units' is not key=value"),
        ("decomposed:foo=1:bar=2", "detector 'decomposed' takes no option 'bar', 'foo'; it takes: aggregation,"),
        ("decomposed:max_windows=abc", "detector 'decomposed': option max_windows takes an integer or none, not 'abc'"),
        ("decomposed:units=word", "option units takes 'clause', 'sentence' or 'claim', not 'word'"),
        ("random:seed=1.5", "detector 'random': option seed takes an integer, not '1.5'"),
        ("decomposed:rule=0.5", "detector 'decomposed': option rule takes none (other values from code), not '0.5'"),
        ("decomposed:granularities=1", "detector 'decomposed': option granularities cannot be set in a spec"),
    ],
)
def test_bad_specs_are_one_line_config_errors(text: str, message: str) -> None:
    with pytest.raises(DetectorSpecError) as caught:
        parse_detector(text)
    assert isinstance(caught.value, ConfigError) and message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_registry_answers_what_faces_list() -> None:
    assert fitted_detectors() == ("decomposed", "nli-clause", "nli-response")
    assert offline_units() == ("clause", "sentence")
    assert option_choices("decomposed", "aggregation") == ("aligned", "seed")
    assert option_choices("nli-clause", "premise") == ("whole", "windows")
    assert option_choices("decomposed", "threshold") == ()
    assert "model" in accepted_options("embedding") and "embedder" not in accepted_options("embedding")
    assert taken_options("nli-response", {"units": "clause", "threshold": 0.4, "signals": None}) == (
        {"threshold": 0.4},
        ["units"],
    )


def test_needs_client_comes_from_the_options() -> None:
    assert parse_detector("llm-judge").needs_client()
    assert parse_detector("selfcheck-nli").needs_client()
    assert not parse_detector("selfcheck-nli:source=evidence").needs_client()
    assert detector_entry("fava").needs_client() and not detector_entry("fava").needs_client({"outputs": {}})
    assert not parse_detector("decomposed").needs_client()


def test_build_detector_checks_resources_and_options() -> None:
    with pytest.raises(DetectorSpecError, match="detector 'decomposed' needs verifier"):
        build_detector("decomposed")
    with pytest.raises(DetectorSpecError, match=r"detector 'llm-judge' needs client \(pass --model"):
        build_detector("llm-judge", Resources(verifier=RuleVerifier()))
    with pytest.raises(DetectorSpecError, match="takes no option 'long_windows'"):
        create_detector("nli-response", RuleVerifier(), long_windows="skip")
    detector = build_detector("decomposed:max_windows=2", Resources(verifier=RuleVerifier()), {"units": "sentence"})
    assert isinstance(detector, DecomposedDetector) and detector.units == "sentence"


def test_calibration_gives_defaults_under_explicit_options() -> None:
    assert apply_calibration("decomposed", {}, CALIBRATION) == {
        "max_windows": 4,
        "rule": VerdictRule(0.45, 0.5),
        "threshold": 0.69,
    }
    assert apply_calibration("decomposed", {"aggregation": "seed"}, CALIBRATION)["threshold"] == 0.58
    assert apply_calibration("decomposed", {"threshold": 0.2}, CALIBRATION)["threshold"] == 0.2
    assert apply_calibration("random", {}, CALIBRATION) == {}  # random takes no rule, has no fitted threshold
    assert apply_calibration("kg-triple", {}, CALIBRATION) == {"rule": VerdictRule(0.45, 0.5)}


def test_build_detectors_from_a_spec_string() -> None:
    seen: list[frozenset[str]] = []
    skipped: list[tuple[str, str]] = []

    def resources(needs: frozenset[str]) -> Resources:
        seen.append(needs)
        return Resources(verifier=RuleVerifier(), calibration=CALIBRATION)

    every = ("random:units=sentence", "llm-judge", "kg-triple")
    built = build_detectors(
        "decomposed, all ,decomposed",
        resources,
        every=every,
        calibrate="fitted",
        on_skip=lambda label, why: skipped.append((label, why)),
    )
    assert list(built) == ["decomposed", "random:units=sentence", "kg-triple"]
    assert skipped and skipped[0][0] == "llm-judge" and "needs client" in skipped[0][1]
    assert seen == [frozenset({"verifier", "client"})]  # asked once, with what the detectors need
    assert built["decomposed"].threshold == 0.69  # type: ignore[attr-defined]
    assert built["kg-triple"].rule == VerdictRule()  # type: ignore[attr-defined]  # fitted only
    every_rule = build_detectors("kg-triple", Resources(RuleVerifier(), calibration=CALIBRATION), calibrate="all")
    assert every_rule["kg-triple"].rule == VerdictRule(0.45, 0.5)  # type: ignore[attr-defined]
    with pytest.raises(DetectorSpecError, match="needs client"):  # named, so not skipped
        build_detectors("llm-judge", resources, on_skip=lambda *_: None)
    with pytest.raises(DetectorSpecError, match="no detector given"):
        parse_detectors(" , ")
    assert parse_detectors("all", every=every) == [parse_detector(label) for label in every]


def test_spec_is_a_tuple_for_old_callers() -> None:
    label, name, options = parse_detector("random:seed=3")
    assert (label, name, options) == ("random:seed=3", "random", {"seed": 3})
    assert DetectorSpec(label, name, options).typed().seed == 3  # type: ignore[attr-defined]
