"""Detectors: turn (evidence, response) into ranked units with spans and a response score."""

from medhal.detect.base import (
    MAX_EVIDENCE_CHARS,
    MAX_RESPONSE_CHARS,
    Detector,
    InputError,
    PairBatch,
    PairwiseDetector,
    validate_item,
)
from medhal.detect.chunking import DYADIC_GRANULARITIES, ChunkLibrary, Window, build_library, chunk_ranges
from medhal.detect.decomposed import DecomposedDetector
from medhal.detect.nli_clause import NLIClauseDetector, NLIResponseDetector
from medhal.detect.passages import Passage
from medhal.detect.records import SCHEMA_VERSION, CheckItem, CheckResult, EvidencePointer, FocusLine, UnitResult
from medhal.detect.registry import (
    DETECTORS,
    DetectorSpec,
    DetectorSpecError,
    Resources,
    build_detector,
    build_detectors,
    create_detector,
    detector_names,
    parse_detector,
)
from medhal.detect.scoring import VerdictRule, contrastive_score, fed_score, suspicion_from_score
from medhal.detect.units import ConfigError

__all__ = [
    "DETECTORS",
    "DYADIC_GRANULARITIES",
    "MAX_EVIDENCE_CHARS",
    "MAX_RESPONSE_CHARS",
    "SCHEMA_VERSION",
    "CheckItem",
    "CheckResult",
    "ChunkLibrary",
    "ConfigError",
    "DecomposedDetector",
    "Detector",
    "DetectorSpec",
    "DetectorSpecError",
    "EvidencePointer",
    "FocusLine",
    "InputError",
    "NLIClauseDetector",
    "NLIResponseDetector",
    "PairBatch",
    "PairwiseDetector",
    "Passage",
    "Resources",
    "UnitResult",
    "VerdictRule",
    "Window",
    "build_detector",
    "build_detectors",
    "build_library",
    "chunk_ranges",
    "contrastive_score",
    "create_detector",
    "detector_names",
    "fed_score",
    "parse_detector",
    "suspicion_from_score",
    "validate_item",
]
