"""Detectors by name: the one place that knows each detector, its options and what it is built from.

Each detector registers once (:data:`DETECTORS`) with its options class (:mod:`medhal.detect.options`: the keys
it takes, their types and defaults, and how it is built), what it needs — an entailment ``verifier``, an LLM
``client`` (the model under test for ``selfcheck-nli``, a judge, a FAVA server), an ``embedder`` — and how it
localizes (seed 000 Table 2): ``ranked`` units, unranked ``span`` s, or ``none`` (response-level).

:func:`parse_detector` reads the ``NAME[:key=value...]`` syntax of ``check``, ``serve`` and ``bench`` into a
:class:`DetectorSpec` whose values have the option's type; :func:`build_detector` builds one detector and
:func:`build_detectors` a comma-separated list (``bench``).  Every refusal is a one-line
:class:`DetectorSpecError` (a :class:`~medhal.errors.ConfigError`).  To add a detector: write its options class
in :mod:`medhal.detect.options` and add one :class:`DetectorEntry` below.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from typing import TYPE_CHECKING, Literal, NamedTuple

from medhal.detect.base import Detector
from medhal.detect.options import (
    DecomposedOptions,
    DetectorOptions,
    EmbeddingOptions,
    FavaOptions,
    KGTripleOptions,
    LLMJudgeOptions,
    NLIClauseOptions,
    NLIResponseOptions,
    RandomOptions,
    Resources,
    SelfCheckOptions,
    literal_choices,
    read_option,
)
from medhal.detect.overlap import OverlapOptions
from medhal.detect.scoring import VerdictRule
from medhal.errors import ConfigError

if TYPE_CHECKING:
    from medhal.detect.embedding import Embedder
    from medhal.llm.base import ModelClient
    from medhal.verify.base import Verifier
    from medhal.verify.calibration import Calibration

__all__ = [
    "DETECTORS",
    "DetectorEntry",
    "DetectorSpec",
    "DetectorSpecError",
    "OptionValue",
    "Resources",
    "accepted_options",
    "accepts",
    "apply_calibration",
    "build_detector",
    "build_detectors",
    "create_detector",
    "detector_entry",
    "detector_names",
    "fitted_detectors",
    "offline_units",
    "option_choices",
    "parse_detector",
    "parse_detectors",
    "taken_options",
]

Need = Literal["verifier", "client", "embedder"]
Localizes = Literal["ranked", "span", "none"]
OptionValue = str | int | float | bool | None
"""What a spec string can give an option (objects such as a verdict rule or an extractor come from code)."""


class DetectorSpecError(ConfigError):
    """A detector spec or option set that names an unknown detector or option, gives a bad value, or lacks a
    resource the detector needs (one line)."""


@dataclass(frozen=True, slots=True)
class DetectorEntry:
    """One registered detector."""

    name: str
    options: type[DetectorOptions]
    needs: frozenset[Need]
    localizes: Localizes
    summary: str
    optional: frozenset[Need] = field(default_factory=frozenset)
    """Resources passed when present but not required (e.g. an LLM client for ``selfcheck-nli``)."""
    fitted: bool = False
    """Its response threshold is fitted by the verifier's calibration (``train-verifier``); ``serve`` offers it."""

    def option_names(self) -> frozenset[str]:
        return frozenset(f.name for f in fields(self.options))

    def check_keys(self, keys: Iterable[str]) -> None:
        """Refuse (one line, naming what it takes) any key this detector does not take."""
        unknown = sorted(set(keys) - self.option_names())
        if unknown:
            takes = ", ".join(sorted(self.option_names())) or "no options"
            raise DetectorSpecError(
                f"detector {self.name!r} takes no option {', '.join(map(repr, unknown))}; it takes: {takes}"
            )

    def typed(self, options: Mapping[str, object] | None = None) -> DetectorOptions:
        """``options`` as this detector's options object (unset keys take their defaults)."""
        given = dict(options or {})
        self.check_keys(given)
        return self.options(**given)

    def needs_client(self, options: Mapping[str, object] | None = None) -> bool:
        """Whether this detector, built with ``options``, needs an LLM client (``--model``)."""
        return "client" in self.needs or self.typed(options).needs_client()

    def takes_client(self) -> bool:
        """Whether an LLM client (``--model``) is of any use to this detector."""
        return "client" in self.needs or "client" in self.optional


_V: frozenset[Need] = frozenset({"verifier"})
_C: frozenset[Need] = frozenset({"client"})
_NONE: frozenset[Need] = frozenset()
DETECTORS: dict[str, DetectorEntry] = {
    entry.name: entry
    for entry in (
        DetectorEntry(
            "decomposed",
            DecomposedOptions,
            _V,
            "ranked",
            "decomposed entailment, multi-scale windows (seed 003)",
            fitted=True,
        ),
        DetectorEntry(
            "nli-clause", NLIClauseOptions, _V, "ranked", "NLI per clause against the evidence (seed 000)", fitted=True
        ),
        DetectorEntry(
            "nli-response", NLIResponseOptions, _V, "none", "1 - P(E | evidence, answer) (seed 003 eq. 3)", fitted=True
        ),
        DetectorEntry(
            "kg-triple",
            KGTripleOptions,
            _V,
            "ranked",
            "triples extracted, optionally grounded, each checked by NLI (AdaTriple-like, seed 000)",
            optional=frozenset({"embedder"}),
        ),
        DetectorEntry(
            "selfcheck-nli",
            SelfCheckOptions,
            _V,
            "ranked",
            "SelfCheckGPT-NLI: sentences vs N sampled answers of the model under test",
            optional=_C,
        ),
        DetectorEntry("llm-judge", LLMJudgeOptions, _C, "none", "LLM judge (response or span level)"),
        DetectorEntry("fava", FavaOptions, _NONE, "span", "FAVA-style tagged error spans", optional=_C),
        DetectorEntry(
            "embedding",
            EmbeddingOptions,
            _NONE,
            "ranked",
            "semantic divergence baseline (seed 003 §5)",
            optional=frozenset({"embedder"}),
        ),
        DetectorEntry("random", RandomOptions, _NONE, "ranked", "seeded random ranking (empirical chance)"),
        DetectorEntry(
            "overlap", OverlapOptions, _NONE, "ranked", "lexical-overlap baseline: unit terms absent from the evidence"
        ),
    )
}


def detector_names() -> list[str]:
    return sorted(DETECTORS)


def fitted_detectors() -> tuple[str, ...]:
    """The detectors whose response threshold a verifier's calibration fits, in registration order."""
    return tuple(name for name, entry in DETECTORS.items() if entry.fitted)


def offline_units() -> tuple[str, ...]:
    """The units a verifier-backed detector cuts without an LLM (``claim`` needs a claim extractor)."""
    return tuple(units for units in option_choices("decomposed", "units") if units != "claim")


def detector_entry(name: str) -> DetectorEntry:
    try:
        return DETECTORS[name]
    except KeyError:
        raise DetectorSpecError(f"unknown detector {name!r}; choose one of {', '.join(detector_names())}") from None


detector_spec = detector_entry
"""The old name of :func:`detector_entry` (``cli/bench.py`` still calls it)."""


def accepted_options(name: str) -> frozenset[str]:
    """The keyword options detector ``name`` takes (its options class's fields)."""
    return detector_entry(name).option_names()


def accepts(name: str, option: str) -> bool:
    """Whether detector ``name`` takes keyword option ``option`` (e.g. ``rule``, ``threshold``, ``units``)."""
    return option in accepted_options(name)


@cache
def option_choices(name: str, option: str) -> tuple[str, ...]:
    """The values a ``Literal`` option takes (e.g. ``decomposed``'s ``units``); empty for other options."""
    return literal_choices(detector_entry(name).options, option)


def taken_options(name: str, given: Mapping[str, OptionValue]) -> tuple[dict[str, OptionValue], list[str]]:
    """Of the options ``given`` (``None``: not given), those detector ``name`` takes, and the keys of the others:
    how ``check``'s flags and a ``serve`` request become options."""
    taken: dict[str, OptionValue] = {k: v for k, v in given.items() if v is not None and accepts(name, k)}
    return taken, [key for key, value in given.items() if value is not None and key not in taken]


# -- the spec syntax -------------------------------------------------------------------------------------------


class DetectorSpec(NamedTuple):
    """A parsed ``NAME[:key=value...]``: its ``label`` (the text), the detector's ``name`` and the options the
    spec set, each of the option's type (unset options are absent: the detector's default, or the verifier's
    calibration, applies)."""

    label: str
    name: str
    options: dict[str, object]

    @property
    def entry(self) -> DetectorEntry:
        return detector_entry(self.name)

    def typed(self) -> DetectorOptions:
        return self.entry.typed(self.options)

    def needs_client(self) -> bool:
        return self.entry.needs_client(self.options)


def parse_value(name: str, key: str, raw: str) -> OptionValue:
    """``raw`` as option ``key`` of detector ``name`` takes it (:func:`~medhal.detect.options.read_option`)."""
    try:
        return read_option(detector_entry(name).options, key, raw)
    except ConfigError as exc:
        raise DetectorSpecError(f"detector {name!r}: {exc}") from None


def parse_detector(text: str) -> DetectorSpec:
    """``NAME[:key=value...]`` (the ``--detector`` syntax of ``check`` and ``bench``) -> :class:`DetectorSpec`.

    ``-`` in a key is ``_``; each value is read as its option's type (:func:`parse_value`).  An unknown
    detector or option, or a value the option does not take, is a one-line :class:`DetectorSpecError`."""
    parts = [p for p in text.strip().split(":") if p]
    if not parts:
        raise DetectorSpecError("empty detector name")
    entry = detector_entry(parts[0])
    raw: dict[str, str] = {}
    for part in parts[1:]:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise DetectorSpecError(f"detector option {part!r} of {text!r} is not key=value")
        raw[key.replace("-", "_")] = value
    entry.check_keys(raw)
    options: dict[str, object] = {key: parse_value(entry.name, key, value) for key, value in raw.items()}
    return DetectorSpec(text.strip(), entry.name, options)


def parse_detectors(text: str, *, every: Sequence[str] = ()) -> list[DetectorSpec]:
    """Comma-separated specs, in order, each once; ``all`` stands for the specs ``every`` lists."""
    labels: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if piece == "all":
            labels.extend(every)
        elif piece:
            labels.append(piece)
    if not labels:
        raise DetectorSpecError("no detector given")
    return [parse_detector(label) for label in dict.fromkeys(labels)]


# -- building --------------------------------------------------------------------------------------------------


def apply_calibration(name: str, options: Mapping[str, object], calibration: Calibration) -> dict[str, object]:
    """A verifier's calibration (verdict thresholds, response threshold, recommended options of ``name``) as
    defaults under the explicit ``options``.  The verdict rule and a threshold go only to a detector that takes
    them (``random`` and ``fava`` take no ``rule``); a threshold fitted for one aggregation of a detector is keyed
    ``name:aggregation=value`` (decomposed's seed rule scores on another scale than its aligned rule)."""
    merged: dict[str, object] = dict(calibration.detector_options.get(name, {}))
    if accepts(name, "rule"):
        merged["rule"] = VerdictRule(calibration.entail_threshold, calibration.contradict_threshold)
    merged.update(options)
    if "threshold" in options or not accepts(name, "threshold"):
        return merged
    keyed = f"{name}:aggregation={options.get('aggregation')}"
    if options.get("aggregation") is not None and keyed in calibration.response_thresholds:
        merged["threshold"] = calibration.response_thresholds[keyed]
    elif name in calibration.response_thresholds:
        merged["threshold"] = calibration.response_thresholds[name]
    return merged


def build_detector(
    spec: DetectorSpec | str,
    resources: Resources | None = None,
    options: Mapping[str, object] | None = None,
    *,
    calibrate: Literal["all", "fitted"] = "all",
) -> Detector:
    """Build a detector from a spec (or a name) with ``options`` over the spec's own.  The calibration in
    ``resources`` gives its defaults (:func:`apply_calibration`) to every detector (``all``, as
    :class:`medhal.Checker` does) or only to those it was fitted for (``fitted``, the benchmarks' protocol).  A
    missing resource, an option the detector does not take, or a value its constructor refuses is a one-line
    :class:`DetectorSpecError`."""
    parsed = parse_detector(spec) if isinstance(spec, str) else spec
    resources = resources or Resources()
    entry = parsed.entry
    given: dict[str, object] = {**parsed.options, **(options or {})}
    if resources.calibration is not None and (calibrate == "all" or entry.fitted):
        given = apply_calibration(entry.name, given, resources.calibration)
    typed = entry.typed(given)
    have = {"verifier": resources.verifier, "client": resources.client, "embedder": resources.embedder}
    missing = sorted(need for need in entry.needs if have[need] is None)
    if resources.client is None and "client" not in missing and typed.needs_client():
        missing.append("client")
    if missing:
        hint = " (pass --model / --base-url)" if "client" in missing else ""
        raise DetectorSpecError(f"detector {entry.name!r} needs {' and '.join(missing)}{hint}")
    try:
        return typed.build(resources)
    except TypeError as exc:
        raise DetectorSpecError(f"detector {entry.name!r}: {exc}") from None


def create_detector(
    name: str,
    verifier: Verifier | None = None,
    *,
    client: ModelClient | None = None,
    embedder: Embedder | None = None,
    **options: object,
) -> Detector:
    """:func:`build_detector` with the resources as arguments and the options as keywords (the public API)."""
    return build_detector(name, Resources(verifier, client, embedder), options)


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def build_detectors(
    specs: str | Sequence[DetectorSpec],
    resources: Resources | Callable[[frozenset[Need]], Resources],
    *,
    every: Sequence[str] = (),
    calibrate: Literal["all", "fitted"] = "all",
    on_skip: Callable[[str, str], None] | None = None,
) -> dict[str, Detector]:
    """Detectors by label, from a comma-separated spec string (``all``: the specs ``every`` lists) or parsed specs.

    ``resources``: what they are built from, or a function of what they need (called once, so a verifier is
    loaded only when one needs it); ``calibrate`` as :func:`build_detector`.  A detector that ``all`` brought in
    (not named) and that cannot be built here (a missing extra) is skipped with ``on_skip(label, reason)`` when
    that is given; any other failure is a one-line :class:`~medhal.errors.ConfigError`."""
    parsed = parse_detectors(specs, every=every) if isinstance(specs, str) else list(specs)
    named = {p.strip() for p in specs.split(",")} if isinstance(specs, str) else {s.label for s in parsed}
    needs: frozenset[Need] = frozenset(need for spec in parsed for need in spec.entry.needs)
    loaded = resources(needs) if callable(resources) else resources
    detectors: dict[str, Detector] = {}
    for spec in parsed:
        try:
            detectors[spec.label] = build_detector(spec, loaded, calibrate=calibrate)
        except (ConfigError, ImportError, RuntimeError) as exc:
            if on_skip is None or spec.label in named or spec.label not in every:
                if isinstance(exc, ConfigError):
                    raise
                raise DetectorSpecError(f"detector {spec.label!r}: {_first_line(exc)}") from None
            on_skip(spec.label, _first_line(exc))
    return detectors
