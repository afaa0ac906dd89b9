"""Compatibility module: detector ``kg-triple`` now lives in the package :mod:`medhal.detect.kg` (see its
docstring for the method: extraction, grounding, verification).  This module re-exports its public names."""

from medhal.detect.kg import (
    DEFAULT_LEXICON,
    EntityLinker,
    Grounding,
    KGEntity,
    KGTripleDetector,
    KnowledgeGraph,
    RelationPattern,
    RuleTripleExtractor,
    SpacyTripleExtractor,
    Triple,
    TripleExtractor,
    load_extractor,
)

__all__ = [
    "DEFAULT_LEXICON",
    "EntityLinker",
    "Grounding",
    "KGEntity",
    "KGTripleDetector",
    "KnowledgeGraph",
    "RelationPattern",
    "RuleTripleExtractor",
    "SpacyTripleExtractor",
    "Triple",
    "TripleExtractor",
    "load_extractor",
]
