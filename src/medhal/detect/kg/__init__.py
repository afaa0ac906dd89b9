"""Detector ``kg-triple``: an AdaTriple-like knowledge-graph triple pipeline (seed 000 §5, §6.2-6.3).

AdaTriple, the KG-triple case study of MedHal-Loc, decomposes a response into (subject, relation, object)
triples, grounds their entities in a medical KG (SapBERT against a Hetionet projection) and runs NLI per triple;
its unit is the triple.  Seed 000 finds it "bottlenecked by ~59% entity-extraction coverage": an error that is
never extracted as a triple cannot be localized.  medhal's version has three stages.

**(a) Extraction** behind the :class:`TripleExtractor` Protocol (:mod:`medhal.detect.kg.triples`):
:class:`RuleTripleExtractor` (default, no dependency; :mod:`medhal.detect.kg.rule_extractor`, with the relation
lexicon of :mod:`medhal.detect.kg.lexicon` and the word patterns of :mod:`medhal.detect.kg.grammar`) or
:class:`SpacyTripleExtractor` (:mod:`medhal.detect.kg.spacy_extractor`).

**(b) Grounding** (optional) in a user-supplied :class:`KnowledgeGraph` with an :class:`EntityLinker`
(:mod:`medhal.detect.kg.graph`).

**(c) Verification**: one NLI pair per triple, in :class:`KGTripleDetector` (:mod:`medhal.detect.kg.detector`).
"""

from medhal.detect.kg.detector import KGTripleDetector, load_extractor
from medhal.detect.kg.graph import EntityLinker, Grounding, KGEntity, KnowledgeGraph
from medhal.detect.kg.lexicon import DEFAULT_LEXICON, RelationPattern
from medhal.detect.kg.rule_extractor import RuleTripleExtractor
from medhal.detect.kg.spacy_extractor import SpacyTripleExtractor
from medhal.detect.kg.triples import Triple, TripleExtractor

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
