"""The public checking API: :func:`check` for one item, :class:`Checker` to load a verifier once and check many.

Both return :class:`~medhal.detect.records.CheckResult` records (the claim-level audit trail).  Nothing here
has logic of its own beyond wiring: the verifier and its calibration come from :func:`medhal.verify.open_verifier`,
the detector from :func:`medhal.detect.create_detector`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from medhal.detect import (
    CheckItem,
    CheckResult,
    ConfigError,
    Detector,
    DetectorSpec,
    Resources,
    build_detector,
    parse_detector,
)
from medhal.detect.passages import EvidenceInput
from medhal.detect.registry import apply_calibration
from medhal.verify import LoadedVerifier, Verifier, open_verifier
from medhal.verify.calibration import Calibration
from medhal.verify.loader import VerifierOptions, is_llm_spec

if TYPE_CHECKING:
    from medhal.detect.claims import ClaimExtractor

__all__ = ["Checker", "calibrated_options", "check"]


class Checker:
    """A loaded verifier plus a detector, ready to check many items.

    ``verifier`` is a spec for :func:`~medhal.verify.open_verifier` (``None`` = the embedded default,
    ``"hf:<id or path>"``, ``"onnx:<path>"``, an LLM ``"openai/<model>"``), a :class:`~medhal.verify.LoadedVerifier`
    (a verifier with its calibration) or an object implementing the ``Verifier`` Protocol (used without calibration).
    An LLM verifier spec gets ``base_url`` and ``model_args`` (``-M``) for its client.  To use a calibration fitted
    by ``python -m medhal.train.calibrate``, pass ``open_verifier(spec, calibration="calibration.json")``.
    ``detector`` is a :class:`~medhal.detect.DetectorSpec` or its text, a registered detector's name with options
    (``"decomposed"``, ``"nli-clause:units=sentence:threshold=0.5"``; :func:`~medhal.detect.parse_detector`);
    keyword options are laid over the spec's (e.g. ``units="sentence"``, ``long_windows="split"``), each checked
    and typed by the detector registry, and ``client`` / ``embedder`` are the resources of the detectors that use
    an LLM or an embedder.  The detector is built by :func:`~medhal.detect.build_detector`, like every face's.
    ``units="claim"`` needs ``claim_model="openai/<model>"`` (with ``base_url``) or an ``extractor=``.
    ``cache`` is a path to an SQLite file of pair -> probabilities, keyed by the verifier's id (for an LLM
    verifier: its response cache, the default LLM cache when ``None``).
    When the verifier's model directory ships a ``calibration.json`` (the embedded verifier does), its verdict
    thresholds, response threshold and recommended detector options are the defaults; explicit options win.
    ``loaded`` is the verifier with that calibration (pass it on to share the verifier between checkers).
    ``threads`` (the model's intra-op threads) and ``device`` (``cpu``, ``cuda``, ``cuda:N``) go to
    :func:`~medhal.verify.load_verifier`, and so do ``verifier_options`` (any other keyword of
    :func:`~medhal.verify.open_verifier`: ``calibration``, ``trust_remote_code``, ``hf_mapping``, ...); they need
    a verifier spec, not a loaded verifier.
    """

    def __init__(
        self,
        verifier: str | LoadedVerifier | Verifier | None = None,
        *,
        detector: str | DetectorSpec = "decomposed",
        cache: str | Path | None = None,
        batch_size: int = 16,
        claim_model: str | None = None,
        base_url: str | None = None,
        threads: int | None = None,
        device: str | None = None,
        model_args: Mapping[str, Any] | None = None,
        verifier_options: VerifierOptions | None = None,
        **options: Any,
    ) -> None:
        if (threads is not None or device is not None) and not (verifier is None or isinstance(verifier, str)):
            raise ConfigError("threads and device apply to a verifier spec, not to an already loaded verifier")
        if claim_model is not None and "extractor" not in options:
            options["extractor"] = claim_extractor(claim_model, base_url=base_url)
        if (model_args or verifier_options) and not (verifier is None or isinstance(verifier, str)):
            raise ConfigError("model_args and verifier_options apply to a verifier spec, not to a loaded verifier")
        if verifier is None or isinstance(verifier, str):
            llm = is_llm_spec(verifier)
            if model_args and not llm:
                raise ConfigError(f"model_args apply to an LLM verifier (openai/<model>), not {verifier or 'embedded'}")
            given: VerifierOptions = {
                "batch_size": batch_size,
                "cache": cache,
                "threads": threads,
                "device": device,
                "base_url": base_url if llm else None,
                "model_args": model_args if llm else None,
            }
            given.update(verifier_options or {})
            self.loaded = open_verifier(verifier, **given)
        elif isinstance(verifier, LoadedVerifier):
            self.loaded = verifier
        else:
            self.loaded = LoadedVerifier(verifier)
        self.verifier: Verifier = self.loaded.verifier
        self.calibration: Calibration | None = self.loaded.calibration
        self.spec: DetectorSpec = parse_detector(detector) if isinstance(detector, str) else detector
        client, embedder = options.pop("client", None), options.pop("embedder", None)
        resources = Resources(self.verifier, client, embedder, self.calibration)
        self.detector: Detector = build_detector(self.spec, resources, options)

    def check(
        self, evidence: EvidenceInput, response: str, *, question: str | None = None, id: str | None = None
    ) -> CheckResult:
        """Check one response against its evidence: one string, or passages (a list of strings, ids ``"1"``..,
        or of ``{"id", "text"}`` objects; :mod:`medhal.detect.passages`), whose pointers then name their passage."""
        return self.detector.detect(CheckItem(evidence=evidence, response=response, question=question, id=id))

    def check_many(self, items: Sequence[CheckItem]) -> list[CheckResult]:
        """Check many items with one shared, deduplicated verifier pass; results in input order."""
        return self.detector.detect_many(items)

    def iter_check(self, items: Iterable[CheckItem], *, chunk_size: int = 32) -> Iterator[CheckResult]:
        """Check a stream of items ``chunk_size`` at a time, yielding results in input order as chunks finish."""
        if chunk_size < 1:
            raise ValueError("chunk_size must be >= 1")
        iterator = iter(items)
        while chunk := list(islice(iterator, chunk_size)):
            yield from self.detector.detect_many(chunk)


def calibrated_options(detector: str, options: Mapping[str, object], calibration: Calibration) -> dict[str, object]:
    """The verifier's shipped calibration (verdict thresholds, response threshold, recommended options of
    ``detector``) as defaults under the caller's explicit ``options``: the registry's
    :func:`~medhal.detect.registry.apply_calibration` (the verdict rule and a threshold go only to a detector that
    takes them)."""
    return apply_calibration(detector, options, calibration)


def claim_extractor(
    model: str, *, base_url: str | None = None, cache: bool = True, model_args: dict[str, object] | None = None
) -> ClaimExtractor:
    """A :class:`~medhal.detect.claims.ClaimExtractor` over LLM ``model`` (``provider/model``), greedy and cached."""
    from medhal.detect.claims import ClaimExtractor
    from medhal.llm import load_client
    from medhal.llm.base import LLMConfigError
    from medhal.llm.cache import ResponseCache

    try:
        client = load_client(model, base_url=base_url, model_args=model_args)
    except LLMConfigError as exc:
        raise ConfigError(str(exc)) from None
    return ClaimExtractor(client, cache=ResponseCache() if cache else None)


def check(
    evidence: EvidenceInput,
    response: str,
    *,
    question: str | None = None,
    verifier: str | Verifier | None = None,
    detector: str | DetectorSpec = "decomposed",
    **options: Any,
) -> CheckResult:
    """Check one response against its evidence and return its audit trail (loads the verifier each call)."""
    return Checker(verifier, detector=detector, **options).check(evidence, response, question=question)
