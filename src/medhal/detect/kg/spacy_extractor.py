"""The spaCy extractor of ``kg-triple`` (stage (a), extraction).

:class:`SpacyTripleExtractor`: subject / verb / complements from a spaCy dependency parse; used only when
``spacy`` and a model are importable (neither is a medhal dependency).
"""

from __future__ import annotations

import importlib
from typing import Any

from medhal.detect.kg.triples import Triple
from medhal.detect.units import ConfigError
from medhal.text import Span
from medhal.verify.encoding import first_line

__all__ = ["SPACY_HINT", "SpacyTripleExtractor"]

SPACY_HINT = "kg-triple: extractor 'spacy' needs spacy and an English model (pip install spacy, then the model); "
SPACY_HINT += "use extractor 'rule'"
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj"})
_OBJECT_DEPS = frozenset({"dobj", "attr", "acomp", "oprd", "prep", "agent", "dative", "xcomp", "ccomp", "pobj"})


class SpacyTripleExtractor:
    """Triples from a spaCy dependency parse: for each verb with a subject, the subject's subtree, the verb with
    its auxiliaries / negation / particle, and the subtrees of its complements to the right.

    spaCy is imported here (never when medhal is imported); ``nlp`` injects a loaded pipeline instead.
    """

    def __init__(self, model: str = "en_core_web_sm", *, nlp: Any | None = None) -> None:
        if nlp is None:
            try:
                spacy = importlib.import_module("spacy")
            except ImportError:
                raise ConfigError(SPACY_HINT) from None
            try:
                nlp = spacy.load(model)
            except (OSError, ImportError, ValueError) as exc:
                raise ConfigError(
                    f"kg-triple: cannot load spaCy model {model!r} ({first_line(exc)}); use extractor 'rule'"
                ) from None
        self.model = model
        self._nlp: Any = nlp

    @property
    def name(self) -> str:
        return f"spacy:{self.model}"

    def extract(self, text: str) -> list[Triple]:
        doc = self._nlp(text)
        triples: list[Triple] = []
        for s_idx, sent in enumerate(doc.sents):
            for tok in sent:
                if tok.pos_ not in ("VERB", "AUX"):
                    continue
                children = list(tok.children)
                subjects = [c for c in children if c.dep_ in _SUBJECT_DEPS]
                objects = [c for c in children if c.dep_ in _OBJECT_DEPS and c.i > tok.i]
                if not subjects or not objects:
                    continue
                before = [c.idx for c in children if c.dep_ in ("aux", "auxpass", "neg") and c.i < tok.i]
                after = [c.idx + len(c.text) for c in children if c.dep_ == "prt"]
                rel = (min([tok.idx, *before]), max([tok.idx + len(tok.text), *after]))
                subj = subjects[0]
                s = (subj.left_edge.idx, _end(subj.right_edge))
                o = (min(c.left_edge.idx for c in objects), max(_end(c.right_edge) for c in objects))
                if not (s[1] <= rel[0] and rel[1] <= o[0]):
                    continue
                triples.append(
                    Triple(
                        subject=Span.of(text, *s),
                        relation=Span.of(text, *rel),
                        obj=Span.of(text, *o),
                        span=Span.of(text, s[0], o[1]),
                        label=str(tok.lemma_).lower(),
                        negated=any(c.dep_ == "neg" for c in children),
                        sentence=s_idx,
                    )
                )
        return sorted(triples, key=lambda t: (t.span.start, t.span.end, t.relation.start))


def _end(token: Any) -> int:
    return int(token.idx) + len(token.text)
