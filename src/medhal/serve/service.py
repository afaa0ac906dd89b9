"""What the service knows and does behind its routes: start-up settings, the request model, and
:class:`Service` -- the loaded verifier, one detector per option set, the micro-batcher and the metrics.

Which detectors and units are served, and which of a request's options a detector takes, come from
:mod:`medhal.detect.registry`, which also builds the detectors (with the verifier's calibration as defaults, as
:class:`medhal.Checker` does).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Discriminator, Field, Tag, field_validator

from medhal._version import __version__
from medhal.detect import (
    MAX_EVIDENCE_CHARS,
    MAX_RESPONSE_CHARS,
    CheckItem,
    CheckResult,
    ConfigError,
    Detector,
    InputError,
    validate_item,
)
from medhal.detect.decomposed import LongWindowPolicy
from medhal.detect.nli_clause import PremiseChoice
from medhal.detect.passages import PASSAGE_SEPARATOR, Passage
from medhal.detect.registry import (
    DetectorSpec,
    OptionValue,
    Resources,
    apply_calibration,
    build_detector,
    detector_entry,
    fitted_detectors,
    offline_units,
    taken_options,
)
from medhal.report.html_viewer import render_check_html
from medhal.serve.batching import BatcherClosedError, MicroBatcher, QueueFullError
from medhal.serve.metrics import Metrics
from medhal.serve.middleware import APIError
from medhal.serve.page import Renderer
from medhal.verify import LoadedVerifier

__all__ = [
    "PROTECTED",
    "SERVABLE_DETECTORS",
    "SERVABLE_UNITS",
    "TOKEN_ENV",
    "BatchRequest",
    "CheckRequest",
    "EvidencePassage",
    "OptionsKey",
    "ServeConfig",
    "Service",
    "log_failure",
    "request_item",
]

TOKEN_ENV = "MEDHAL_SERVE_TOKEN"
SERVABLE_DETECTORS = fitted_detectors()
"""The detectors a verifier's calibration is fitted for (they need nothing but the verifier: no LLM client, no
other model), from the registry."""
SERVABLE_UNITS = offline_units()
"""The registry's units but ``claim``: claim units need an LLM and are not served."""
PROTECTED = ("/v1/", "/metrics")
"""Path prefixes that need the bearer token when one is set (the page, /docs, /openapi.json and /healthz do not)."""
MAX_QUESTION_CHARS = MAX_RESPONSE_CHARS
"""Longest question accepted (characters); the question is only recorded."""

logger = logging.getLogger("medhal.serve")
_SURROGATE = re.compile("[\ud800-\udfff]")

OptionsKey = tuple[str, tuple[tuple[str, OptionValue], ...]]
"""A detector and the options a request set (sorted): the key of the detector that serves it."""


@dataclass(frozen=True, slots=True)
class ServeConfig:
    """Start-up settings of the service.  ``detectors`` / ``units``: what a request may choose (the defaults first
    are always allowed); ``token``: a bearer token required on ``/v1/*`` and ``/metrics`` (``None``: open).

    What one request may make the service hold: a body of ``max_body_bytes``, received within ``body_timeout_s``
    seconds (``None``: no limit); at most ``max_items`` items in a batch; per item, evidence, answer and question of
    at most ``max_evidence_chars``, ``max_response_chars`` and ``max_question_chars`` characters (the text limits
    cannot exceed medhal's own, ``MAX_EVIDENCE_CHARS`` and ``MAX_RESPONSE_CHARS``)."""

    detector: str = "decomposed"
    detectors: tuple[str, ...] = ()
    units: str = "clause"
    allowed_units: tuple[str, ...] = SERVABLE_UNITS
    max_batch: int = 32
    batch_wait_ms: float = 5.0
    max_queue: int = 1024
    max_body_bytes: int = 2 * 1024 * 1024
    max_items: int = 64
    max_evidence_chars: int = MAX_EVIDENCE_CHARS
    max_response_chars: int = MAX_RESPONSE_CHARS
    max_question_chars: int = MAX_QUESTION_CHARS
    body_timeout_s: float | None = 30.0
    token: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        allowed = tuple(dict.fromkeys((self.detector, *self.detectors)))
        object.__setattr__(self, "detectors", allowed)
        object.__setattr__(self, "allowed_units", tuple(dict.fromkeys((self.units, *self.allowed_units))))
        for name in allowed:
            if name not in SERVABLE_DETECTORS:
                raise ConfigError(f"detector {name!r} cannot be served; choose from {', '.join(SERVABLE_DETECTORS)}")
        for units in self.allowed_units:
            if units not in SERVABLE_UNITS:
                raise ConfigError(f"units {units!r} cannot be served; choose from {', '.join(SERVABLE_UNITS)}")
        for name in (
            "max_batch",
            "max_queue",
            "max_body_bytes",
            "max_items",
            "max_evidence_chars",
            "max_response_chars",
            "max_question_chars",
        ):
            if getattr(self, name) < 1:
                raise ConfigError(f"{name} must be >= 1")
        if self.max_evidence_chars > MAX_EVIDENCE_CHARS or self.max_response_chars > MAX_RESPONSE_CHARS:
            raise ConfigError(
                f"max_evidence_chars and max_response_chars cannot exceed {MAX_EVIDENCE_CHARS} and "
                f"{MAX_RESPONSE_CHARS} (medhal refuses longer texts)"
            )
        if self.batch_wait_ms < 0:
            raise ConfigError("batch_wait_ms must be >= 0")
        if self.body_timeout_s is not None and self.body_timeout_s <= 0:
            raise ConfigError("body_timeout_s must be > 0 (or None: no limit)")


def _no_surrogate(value: str | int | None) -> str | int | None:
    if isinstance(value, str) and _SURROGATE.search(value):
        raise ValueError("contains a lone surrogate (an unpaired \\ud800-\\udfff escape), which is not text")
    return value


class EvidencePassage(BaseModel):
    """One passage of evidence given as passages (``docs/check-record.md``, "Evidence as passages")."""

    model_config = ConfigDict(extra="forbid")

    id: str | int = Field(description="The passage id, unique within the item; evidence pointers name it.")
    text: str = Field(description="The passage text.")

    @field_validator("id")
    @classmethod
    def _id_is_text(cls, value: str | int) -> str | int:
        """A passage id is echoed in the record's pointers, so one with a lone surrogate is refused, as an item id
        is."""
        _no_surrogate(value)
        return value


def _evidence_form(value: object) -> str | None:
    """Which form a request's ``evidence`` takes, so that a 422 names what is wrong inside it (``None``: none)."""
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        if all(isinstance(v, str) for v in value):
            return "strings"
        if not any(isinstance(v, str) for v in value):
            return "passages"
    return None


Evidence = Annotated[
    Annotated[str, Tag("text")]
    | Annotated[list[str], Tag("strings")]
    | Annotated[list[EvidencePassage], Tag("passages")],
    Discriminator(
        _evidence_form,
        custom_error_type="evidence_form",
        custom_error_message=(
            'must be a string, a list of strings, or a list of {"id", "text"} objects (one form per list)'
        ),
    ),
]
"""A request's ``evidence``: one string or passages (:mod:`medhal.detect.passages`)."""


class CheckRequest(BaseModel):
    """One item to check, with the detector options of ``medhal check`` (options a detector does not take are
    ignored, as on the command line)."""

    model_config = ConfigDict(extra="forbid")

    evidence: Evidence = Field(
        description="The evidence the model was given: one string, or passages (a list of strings, ids "
        '"1".."n", or of {"id", "text"} objects); every evidence pointer of the record then names its passage.'
    )
    response: str = Field(description="The answer to check.")
    question: str | None = Field(default=None, description="The question the answer responds to (recorded).")
    id: str | int | None = Field(default=None, description="Item id, echoed in the record.")
    detector: str | None = Field(default=None, description="One of the detectors this service was started with.")
    units: str | None = Field(default=None, description="clause or sentence (decomposed, nli-clause).")
    threshold: float | None = Field(default=None, ge=0.0, le=1.0, description="Response flag threshold.")
    long_windows: LongWindowPolicy | None = Field(default=None, description="decomposed only.")
    signals: float | None = Field(default=None, ge=0.0, le=1.0, description="Lexical-signal weight in unit ranking.")
    max_windows: int | None = Field(default=None, ge=1, le=1024, description="decomposed: windows per unit.")
    premise: PremiseChoice | None = Field(default=None, description="nli-clause only.")
    timings: bool = Field(default=True, description="Include wall-clock timings (the only non-deterministic field).")

    @field_validator("id")
    @classmethod
    def _id_is_text(cls, value: str | int | None) -> str | int | None:
        """An id is echoed as given: one with a lone surrogate (JSON ``"\\ud800"``) cannot be, so it is refused
        (in evidence, answer and question medhal replaces lone surrogates and notes it, per its input policy)."""
        return _no_surrogate(value)


class BatchRequest(BaseModel):
    """Items to check; each is validated on its own, so one bad item yields its own error record."""

    model_config = ConfigDict(extra="forbid")

    items: list[object] = Field(description="Objects with the fields of a /v1/check request.")


class Service:
    """The loaded verifier, one detector per option set, the batcher and the metrics of one app."""

    def __init__(self, verifier: LoadedVerifier, config: ServeConfig, renderer: Renderer | None) -> None:
        self.verifier = verifier
        self.config = config
        self.renderer: Renderer = renderer or render_check_html
        self.metrics = Metrics(version=__version__, verifier_id=verifier.id, detector=config.detector)
        self._resources = Resources(verifier=verifier.verifier, calibration=verifier.calibration)
        self._detectors: OrderedDict[OptionsKey, Detector] = OrderedDict()
        self._lock = threading.Lock()
        self.batcher: MicroBatcher[OptionsKey, CheckItem, CheckResult] = MicroBatcher(
            self._run,
            max_batch=config.max_batch,
            max_wait_ms=config.batch_wait_ms,
            max_queue=config.max_queue,
            on_queue=self._on_queue,
        )
        self.options(CheckRequest(evidence="", response=""))  # builds the default detector: fail at start-up

    def _on_queue(self, depth: int) -> None:
        self.metrics.queue_depth = depth

    def detector(self, key: OptionsKey) -> Detector:
        """The detector of one option set, built by the registry with the verifier's calibration as defaults, as
        :class:`~medhal.checker.Checker` builds it (built on first use; the 64 most recent are kept)."""
        with self._lock:
            detector = self._detectors.get(key)
            if detector is None:
                spec = DetectorSpec(key[0], key[0], dict(key[1]))
                detector = build_detector(spec, self._resources)
                self._detectors[key] = detector
                while len(self._detectors) > 64:
                    self._detectors.popitem(last=False)
            self._detectors.move_to_end(key)
            return detector

    def options(self, request: CheckRequest) -> OptionsKey:
        """The detector and options a request asks for, checked against what this service serves."""
        detector = _served("detector", "is", request.detector or self.config.detector, self.config.detectors)
        units = _served("units", "are", request.units or self.config.units, self.config.allowed_units)
        options, _ = taken_options(  # a request's options that the detector does not take are ignored
            detector,
            {
                "units": units,
                "signals": request.signals,
                "premise": request.premise,
                "long_windows": request.long_windows,
                "max_windows": request.max_windows,
                "threshold": request.threshold,
            },
        )
        key: OptionsKey = (detector, tuple(sorted(self._canonical(detector, options).items())))
        try:
            self.detector(key)
        except ConfigError as exc:
            raise APIError(400, "unsupported_option", str(exc)) from None
        return key

    def _canonical(self, detector: str, options: dict[str, OptionValue]) -> dict[str, OptionValue]:
        """``options`` less those set to the detector's own default where the verifier's calibration gives that
        option no other default: the same detector either way, so such requests share one key (and batches)."""
        defaults = detector_entry(detector).typed()
        calibration = self._resources.calibration
        calibrated = apply_calibration(detector, {}, calibration) if calibration is not None else {}
        return {k: v for k, v in options.items() if k in calibrated or getattr(defaults, k) != v}

    def oversized(self, request: CheckRequest) -> str | None:
        """Why a request's texts are over the service's limits (``None``: they are not)."""
        evidence = request.evidence
        joined = "" if isinstance(evidence, str) else " (its passages joined)"
        for name, size, limit in (
            ("evidence", _evidence_chars(evidence), self.config.max_evidence_chars),
            ("response", len(request.response), self.config.max_response_chars),
            ("question", len(request.question or ""), self.config.max_question_chars),
        ):
            if size > limit:
                return f"{name} has {size} characters{joined if name == 'evidence' else ''}; the limit is {limit}"
        return None

    def _run(self, key: OptionsKey, items: Sequence[CheckItem]) -> list[CheckResult]:
        """One shared verifier pass (on the batcher's worker thread).  When it raises, the batcher runs each item
        of the batch alone, so the exception reaches only the item that causes it."""
        start = time.perf_counter()
        try:
            results = self.detector(key).detect_many(items)
        except Exception:
            if len(items) == 1:
                self.metrics.failed(1)
            raise
        self.metrics.batch(
            items=len(items),
            seconds=time.perf_counter() - start,
            verifier_passes=sum(r.verifier_passes for r in results),
            pairs=sum(r.pairs for r in results),
            statuses=[r.status for r in results],
        )
        return results

    async def run(self, items: list[tuple[OptionsKey, CheckItem]]) -> list[CheckResult]:
        """Check items through the batcher, results in order; an item whose check raised raises here."""
        results = await self.run_settled(items)
        for result in results:
            if isinstance(result, Exception):
                raise result
        return [r for r in results if not isinstance(r, Exception)]

    async def run_settled(self, items: list[tuple[OptionsKey, CheckItem]]) -> list[CheckResult | Exception]:
        """Check items through the batcher, grouped by option set, results in order; an item whose check raised
        gets its exception in place of its result, and the others their results."""
        await self.batcher.start()
        groups: dict[OptionsKey, list[int]] = {}
        for index, (key, _) in enumerate(items):
            groups.setdefault(key, []).append(index)
        try:
            settled = await asyncio.gather(
                *(self.batcher.submit_settled(key, [items[i][1] for i in where]) for key, where in groups.items())
            )
        except QueueFullError as exc:
            raise APIError(503, "overloaded", str(exc)) from None
        except BatcherClosedError as exc:
            raise APIError(503, "unavailable", str(exc)) from None
        out: list[CheckResult | Exception | None] = [None] * len(items)
        for where, results in zip(groups.values(), settled, strict=True):
            for index, result in zip(where, results, strict=True):
                if isinstance(result, BatcherClosedError):
                    raise APIError(503, "unavailable", str(result))
                out[index] = result
        return [r for r in out if r is not None]

    async def check_one(self, request: CheckRequest) -> tuple[CheckResult, CheckItem]:
        key = self.options(request)
        reason = self.oversized(request)
        if reason is not None:
            raise APIError(413, "text_too_large", reason)
        try:
            item = request_item(request)
            validate_item(item)
        except InputError as exc:
            raise APIError(400, "input_error", str(exc)) from None
        result = (await self.run([(key, item)]))[0]
        if result.status == "input_error":
            raise APIError(400, "input_error", result.reason or result.status)
        if result.status != "ok":
            log_failure(str(result.status))
            raise APIError(500, "internal_error", "internal error (see the log)")
        return result, item


def log_failure(kind: str, exc: BaseException | None = None) -> None:
    """Log a failed check by its kind only (an exception's message could quote the input); the traceback too with
    ``MEDHAL_DEBUG=1``."""
    debug = bool(os.environ.get("MEDHAL_DEBUG"))
    logger.error("check failed: %s", kind, exc_info=exc if debug and exc is not None else None)


def _served(option: str, verb: str, value: str, served: Sequence[str]) -> str:
    """``value`` of a request's ``option`` when the service serves it, else a 400 ``unsupported_option``."""
    if value not in served:
        raise APIError(
            400, "unsupported_option", f"{option} {value!r} {verb} not served; choose one of {', '.join(served)}"
        )
    return value


def _evidence_chars(evidence: Evidence) -> int:
    """Characters of the evidence text detectors read (passages joined by the separator)."""
    if isinstance(evidence, str):
        return len(evidence)
    texts = [p if isinstance(p, str) else p.text for p in evidence]
    return sum(map(len, texts)) + len(PASSAGE_SEPARATOR) * max(0, len(texts) - 1)


def request_item(request: CheckRequest) -> CheckItem:
    """The item a request asks to check; evidence passages that medhal refuses (an empty list or text, a duplicate
    id) raise a one-line :class:`InputError`."""
    ident = None if request.id is None else str(request.id)
    evidence = request.evidence
    passages = evidence if isinstance(evidence, str) else [_passage(p) for p in evidence]
    return CheckItem(evidence=passages, response=request.response, question=request.question, id=ident)


def _passage(raw: str | EvidencePassage) -> str | Passage:
    return raw if isinstance(raw, str) else Passage(str(raw.id), raw.text)
