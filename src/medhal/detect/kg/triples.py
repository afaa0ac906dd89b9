"""Triples of ``kg-triple`` (stage (a), extraction): the :class:`Triple` record and the :class:`TripleExtractor`
Protocol the extractors implement.

Every :class:`Triple` keeps character spans of its subject, relation and object in the response and a
``span`` covering subject..object (relation..object when the subject is inherited from elsewhere), each slicing
back exactly; ``span`` is the unit the benchmarks score.  Triples need not tile the response, and a response may
yield none: such a result has status ``ok`` and zero units, so the benchmark's coverage (share of items with a
unit, or with a unit on the gold span, seed 000 eq. 2) measures the extraction bottleneck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from medhal.detect.records import JSONObject
from medhal.text import Span

__all__ = ["Triple", "TripleExtractor"]


@dataclass(frozen=True, slots=True)
class Triple:
    """A (subject, relation, object) triple of a text, every part a span slicing back into it."""

    subject: Span
    relation: Span
    obj: Span
    span: Span
    """The triple's surface unit: subject..object, or relation..object when ``subject_inherited``."""
    label: str
    """The relation's lexicon label ("decreases", "associated_with", "is", ...; the verb lemma for spaCy)."""
    negated: bool = False
    subject_inherited: bool = False
    """The subject was taken from an earlier triple of the sentence (coordination or relative pronoun)."""
    sentence: int = 0

    @property
    def hypothesis(self) -> str:
        """``"subject relation object"``: the NLI hypothesis of ``hypothesis="triple"``."""
        return f"{self.subject.text} {self.relation.text} {self.obj.text}"

    def to_dict(self) -> JSONObject:
        return {
            "subject": self.subject.to_dict(),
            "relation": self.relation.to_dict(),
            "object": self.obj.to_dict(),
            "label": self.label,
            "negated": self.negated,
            "subject_inherited": self.subject_inherited,
            "sentence": self.sentence,
        }


@runtime_checkable
class TripleExtractor(Protocol):
    """Turns a text into triples whose spans slice back into that text, in reading order."""

    @property
    def name(self) -> str: ...

    def extract(self, text: str) -> list[Triple]: ...
