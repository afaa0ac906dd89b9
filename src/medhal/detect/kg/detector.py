"""The ``kg-triple`` detector (stage (c), verification): :class:`KGTripleDetector`, and :func:`load_extractor` for
its ``extractor`` option.

**(c) Verification**: one NLI pair per triple with the whole evidence as premise (as NLI-clause; seed 000 §5
says AdaTriple's NLI component shares its cross-encoder) and as hypothesis the string ``"subject relation
object"`` (``hypothesis="triple"``, default; with ``"span"`` the surface ``span`` text).  The two differ only for
inherited subjects, where the string restores the subject the span lacks ("Font ... significantly increased
their willingness ..." rather than "significantly increased their willingness ...").  A triple's score and
suspicion are ``1 - P(E)`` (seed 003 eq. 3 per unit, as NLI-clause); its verdict follows
:class:`~medhal.detect.scoring.VerdictRule`.  The response score is the largest triple suspicion; a response
with no triple is scored by one response-level pair, ``1 - P(E | evidence, response)`` (``fallback="response"``,
default; the units stay empty) or 0 (``fallback="none"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from medhal.detect.base import PairwiseDetector, Plan
from medhal.detect.chunking import Window
from medhal.detect.embedding import Embedder, load_embedder
from medhal.detect.kg.graph import EntityLinker, Grounding, KnowledgeGraph
from medhal.detect.kg.rule_extractor import RuleTripleExtractor
from medhal.detect.kg.spacy_extractor import SpacyTripleExtractor
from medhal.detect.kg.triples import Triple, TripleExtractor
from medhal.detect.records import CheckItem, CheckResult, JSONObject, UnitResult
from medhal.detect.scoring import VerdictRule
from medhal.detect.units import ConfigError, Unit, check_threshold, judged_unit, response_span
from medhal.text import check_spans, split_sentences
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Probabilities, Verifier

__all__ = ["Fallback", "GroundingFilter", "HypothesisChoice", "KGTripleDetector", "TriplePlan", "load_extractor"]


def load_extractor(spec: str | TripleExtractor) -> TripleExtractor:
    """``rule`` (:class:`RuleTripleExtractor`), ``spacy`` or ``spacy:<model>`` (:class:`SpacyTripleExtractor`);
    an extractor object is returned as is."""
    if not isinstance(spec, str):
        return spec
    if spec == "rule":
        return RuleTripleExtractor()
    if spec == "spacy":
        return SpacyTripleExtractor()
    if spec.startswith("spacy:"):
        return SpacyTripleExtractor(spec.split(":", 1)[1])
    raise ConfigError(f"unknown triple extractor {spec!r}; choose rule, spacy or spacy:<model>")


GroundingFilter = Literal["none", "any", "both"]
HypothesisChoice = Literal["triple", "span"]
Fallback = Literal["response", "none"]


Groundings = tuple[Grounding | None, Grounding | None]
"""What a triple's subject and object were linked to in the knowledge graph (``None``: not linked)."""


@dataclass(frozen=True, slots=True)
class TriplePlan:
    """What :meth:`KGTripleDetector.assemble` reads back of one item's plan: one pair per kept triple (or the one
    response-level fallback pair when there is none)."""

    triples: list[Triple]
    groundings: list[Groundings]
    hypotheses: list[str]
    """Each triple's hypothesis as verified."""
    evidence: Window
    """The whole evidence, every triple's premise."""


class KGTripleDetector(PairwiseDetector[TriplePlan]):
    """Triples of the response, optionally grounded, each verified against the whole evidence (module docstring)."""

    name = "kg-triple"
    units = "triple"

    def __init__(
        self,
        verifier: Verifier,
        *,
        extractor: TripleExtractor | str = "rule",
        kg: KnowledgeGraph | str | Path | None = None,
        embedder: Embedder | str | None = None,
        match_threshold: float = 0.8,
        require_grounding: GroundingFilter = "none",
        hypothesis: HypothesisChoice = "triple",
        fallback: Fallback = "response",
        threshold: float = 0.5,
        rule: VerdictRule | None = None,
    ) -> None:
        super().__init__(verifier)
        if hypothesis not in ("triple", "span"):
            raise ConfigError(f"unknown hypothesis {hypothesis!r}; choose triple or span")
        if fallback not in ("response", "none"):
            raise ConfigError(f"unknown fallback {fallback!r}; choose response or none")
        if require_grounding not in ("none", "any", "both"):
            raise ConfigError(f"unknown require_grounding {require_grounding!r}; choose none, any or both")
        check_threshold(threshold)
        if kg is None and (embedder is not None or require_grounding != "none"):
            raise ConfigError("embedder and require_grounding need a knowledge graph (kg=...)")
        self.triple_extractor = load_extractor(extractor)
        graph = kg if isinstance(kg, KnowledgeGraph) or kg is None else KnowledgeGraph.load(kg)
        emb = None if embedder is None else load_embedder(embedder)
        self.linker = None if graph is None else EntityLinker(graph, embedder=emb, threshold=match_threshold)
        self.require_grounding: GroundingFilter = require_grounding
        self.hypothesis: HypothesisChoice = hypothesis
        self.fallback: Fallback = fallback
        self.threshold = threshold
        self.rule = rule or VerdictRule()
        self.match_threshold = match_threshold

    @property
    def config(self) -> JSONObject:
        linker = self.linker
        return {
            "units": "triple",
            "extractor": self.triple_extractor.name,
            "kg": None if linker is None else linker.kg.id,
            "embedder": None if linker is None or linker.embedder is None else linker.embedder.id,
            "match_threshold": None if linker is None else self.match_threshold,
            "require_grounding": self.require_grounding,
            "hypothesis": self.hypothesis,
            "premise": "whole",
            "fallback": self.fallback,
            "threshold": self.threshold,
            "entail_threshold": self.rule.entail_threshold,
            "contradict_threshold": self.rule.contradict_threshold,
            "max_length": self.verifier.max_length,
        }

    def plan(self, item: CheckItem) -> Plan[TriplePlan]:
        response = item.response
        triples = list(self.triple_extractor.extract(response))
        for t in triples:
            check_spans(response, (t.subject, t.relation, t.obj, t.span))
        groundings: list[Groundings] = [(None, None)] * len(triples)
        if self.linker is not None and triples:
            linked = self.linker.link_many(response, [p for t in triples for p in (t.subject, t.obj)])
            groundings = [(linked[2 * k], linked[2 * k + 1]) for k in range(len(triples))]
        keep = [k for k, g in enumerate(groundings) if self._grounded_enough(g)]
        triples = [triples[k] for k in keep]
        groundings = [groundings[k] for k in keep]
        whole = response_span(item.evidence)
        evidence = Window(whole.start, whole.end, whole.text, 0, len(split_sentences(item.evidence)), ())
        hypotheses = [t.hypothesis if self.hypothesis == "triple" else t.span.text for t in triples]
        pairs = [(evidence.text, h) for h in hypotheses]
        if not triples and self.fallback == "response":
            pairs = [(evidence.text, response_span(response).text)]
        return Plan(item=item, pairs=pairs, data=TriplePlan(triples, groundings, hypotheses, evidence))

    def _grounded_enough(self, pair: Groundings) -> bool:
        if self.require_grounding == "any":
            return pair[0] is not None or pair[1] is not None
        if self.require_grounding == "both":
            return pair[0] is not None and pair[1] is not None
        return True

    def assemble(self, plan: Plan[TriplePlan], probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        data = plan.data
        units: list[UnitResult] = []
        for k, triple in enumerate(data.triples):
            p_e, p_c = float(probs[k, ENTAILMENT]), float(probs[k, CONTRADICTION])
            score = 1.0 - p_e
            signals: JSONObject = {"triple": triple.to_dict(), "hypothesis": data.hypotheses[k]}
            if self.linker is not None:
                signals["grounding"] = self._grounding_record(data.groundings[k])
            units.append(
                judged_unit(
                    k,
                    Unit.of_span(triple.span),
                    "triple",
                    self.rule.verdict(p_e, p_c),
                    score,
                    suspicion=min(1.0, max(0.0, score)),
                    p_entail=p_e,
                    p_contradict=p_c,
                    entailing=data.evidence.pointer(p_e),
                    contradicting=data.evidence.pointer(p_c),
                    signals=signals,
                )
            )
        if units:
            response_score = max(u.suspicion for u in units)
        elif len(plan.pairs) == 1:
            response_score = 1.0 - float(probs[0, ENTAILMENT])
        else:
            response_score = 0.0
        read = 1 if plan.pairs else 0
        return self.verified_result(plan, units, response_score, lengths, windows=read, library_entries=read)

    def _grounding_record(self, pair: Groundings) -> JSONObject:
        subject, obj = pair
        record: JSONObject = {
            "subject": None if subject is None else subject.to_dict(),
            "object": None if obj is None else obj.to_dict(),
        }
        if subject is not None and obj is not None and self.linker is not None:
            record["kg_relations"] = self.linker.relations(subject.entity.id, obj.entity.id)
        return record
