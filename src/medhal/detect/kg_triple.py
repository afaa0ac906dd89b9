"""Detector ``kg-triple``: an AdaTriple-like knowledge-graph triple pipeline (seed 000 §5, §6.2-6.3).

AdaTriple, the KG-triple case study of MedHal-Loc, decomposes a response into (subject, relation, object)
triples, grounds their entities in a medical KG (SapBERT against a Hetionet projection) and runs NLI per triple;
its unit is the triple.  Seed 000 finds it "bottlenecked by ~59% entity-extraction coverage": an error that is
never extracted as a triple cannot be localized.  medhal's version has three stages.

**(a) Extraction** behind the :class:`TripleExtractor` Protocol.

* :class:`RuleTripleExtractor` (default, no dependency): every sentence of the response is cut into clauses
  (:func:`medhal.text.split_clauses`, seed 000 §5) and clauses are cut again before complementizers ("that",
  "which", "who", "whether", "if", "because", ...).  In each such segment the first relation phrase of a lexicon
  (:data:`DEFAULT_LEXICON`: "causes", "leads to", "results in", "increases", "reduces", "inhibits", "treats",
  "affects", "is associated with", "is effective for", "was higher in", passives, "may/does + verb", a copula
  fallback, ... each with auxiliaries, modals, negation and adverbs: "has been shown to cut", "did not
  significantly affect") splits the segment: the subject is the text before it (discourse words such as
  "however", conjunctions and a fronted phrase such as "In this series," stripped; at most ``max_subject_words``
  words), the object the text after it (at most ``max_object_words`` words).  Participles and nouns that look
  like relation verbs are skipped ("patients *treated* with", "an *increase* in", "with *reduced* function"); a
  passive without agent is read as a copula ("polyps | are | missed").  A restrictive relative clause stays in
  its subject ("Patients who normalized X | had | Y").  A segment whose subject is empty inherits one: the
  previous triple's subject in the same sentence for a coordinated predicate ("X lowered A and *reduced* B"),
  the previous triple's object after a relative pronoun ("..., which *has been shown to cut* ..."), a fronted
  noun phrase cut off by a relative clause ("X, which ..., *showed* Y").  Participial adjuncts are triples too
  (``participles``): ", *requiring* X" and ", *nearly doubling* X" take the previous triple's subject,
  ", *driven by* X" its object, "with X *increasing* Y" has subject X.  Coordination across clause cuts is
  restored: a subject list ("A, B, and C *is associated with* D") and an object list ("*reduced* anxiety and
  postoperative complications") are joined.  The rules were written against typical PubMed conclusion sentences
  and refined on the misses of the MedHal-Loc dev items, so coverage measured there is optimistic.
* :class:`SpacyTripleExtractor`: subject / verb / complements from a spaCy dependency parse; used only when
  ``spacy`` and a model are importable (neither is a medhal dependency).

Every :class:`Triple` keeps character spans of its subject, relation and object in the response and a
``span`` covering subject..object (relation..object when the subject is inherited from elsewhere), each slicing
back exactly; ``span`` is the unit the benchmarks score.  Triples need not tile the response, and a response may
yield none: such a result has status ``ok`` and zero units, so the benchmark's coverage (share of items with a
unit, or with a unit on the gold span, seed 000 eq. 2) measures the extraction bottleneck.

**(b) Grounding** (optional) in a user-supplied :class:`KnowledgeGraph` (JSON or TSV of entities and/or
triples).  :class:`EntityLinker` links a subject or object phrase to an entity by normalised string match
(the leftmost, then longest, KG name or alias that occurs as a whole-word n-gram of the phrase), else, when an
:class:`~medhal.detect.embedding.Embedder` is given, by the best cosine between the phrase's noun chunks and
the KG names (SapBERT's role in AdaTriple; ``match_threshold``).  The grounded ids, names, types, methods,
scores and mention spans, and any KG relation between the two grounded entities, are recorded in the unit's
``signals["grounding"]``.  ``require_grounding`` keeps only triples with a grounded subject or object ("any") or
both ("both"), as an NER-first pipeline would; the default keeps all.

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

import hashlib
import importlib
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

from medhal.detect.base import PairwiseDetector, Plan
from medhal.detect.embedding import Embedder, Embeddings, cosine_matrix, load_embedder
from medhal.detect.records import CheckItem, CheckResult, EvidencePointer, UnitResult
from medhal.detect.scoring import VerdictRule
from medhal.detect.units import ConfigError, response_span
from medhal.text import STOPWORDS, Span, check_spans, split_clauses, split_sentences, trim_span
from medhal.verify.base import CONTRADICTION, ENTAILMENT, Probabilities, Verifier
from medhal.verify.encoding import first_line

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


# --------------------------------------------------------------------------------------------------- records


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

    def to_dict(self) -> dict[str, Any]:
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


# --------------------------------------------------------------------------------------------- the lexicon


@dataclass(frozen=True, slots=True)
class RelationPattern:
    """One relation of the rule lexicon: a regular expression for the relation's core words (inflections
    included, non-capturing groups only), matched after optional auxiliaries, modals, negation and adverbs.
    ``copular`` cores ("effective for", "higher in") must follow a copula ("is", "was", "remains", "be", ...)."""

    label: str
    core: str
    copular: bool = False


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ADV_NOT = (
    "family|early|daily|weekly|monthly|yearly|hourly|elderly|italy|july|supply|reply|apply|assembly|anomaly|"
    "likely|unlikely|friendly|costly|lonely|ugly|holy|rely"
)
_ADV = (
    r"(?:not|never|no\s+longer|also|still|further|even|often|thus|therefore|only|already|always|both|indeed|"
    r"then|now|"
    rf"(?!(?:{_ADV_NOT})(?![\w-]))[a-z]{{2,}}ly)"
)
_AUX_WORDS = sorted(
    _wordset(
        "is are was were be been being am has have had having do does did may might can could will would shall "
        "should must cannot"
    )
)
_AUX = "(?:" + "|".join(_AUX_WORDS) + r"|\w+n['’]t)"
_FRAME = (
    r"(?:(?:shown|found|reported|known|thought|believed|likely|unlikely|able|unable|seems?|seemed|appears?|"
    r"appeared|tends?|tended|expected|considered|proven|proved|needs?|needed|continues?|continued|fails?|failed|"
    r"helps?|helped|serves?|served|used)\s+to)"
)
_PRE = rf"(?:(?:{_FRAME}|{_AUX}|{_ADV})(?![\w-])\s+){{0,6}}"
_COP_WORDS = "is are was were be been being am remains remain remained becomes become became seems seem seemed "
_COP_WORDS += "appears appear appeared"
_COP = "(?:" + "|".join(_COP_WORDS.split()) + ")"
_PARTICIPLES = "shown|seen|given|taken|known|found|made|done|held|kept|led|met|drawn|grown|born|chosen|driven|"
_PARTICIPLES += "written|proven|thought|brought|sought|built|sent|spent|lost|left|cut|undergone|withdrawn"


def _v(stem: str, endings: str) -> str:
    return f"{stem}(?:{endings})"


DEFAULT_LEXICON: tuple[RelationPattern, ...] = (
    RelationPattern(
        "associated_with",
        r"(?:associated|correlated|linked|related|connected|attributed|attributable)\s+(?:with|to)",
        copular=True,
    ),
    RelationPattern(
        "causes",
        "(?:"
        + "|".join(
            (
                _v("caus", "e|es|ed|ing"),
                r"lead(?:s|ing)?\s+to",
                r"led\s+to",
                r"result(?:s|ed|ing)?\s+in",
                r"contribut(?:e|es|ed|ing)\s+to",
                _v("induc", "e|es|ed|ing"),
                _v("trigger", "s|ed|ing|"),
                _v("provok", "e|es|ed|ing"),
                _v("produc", "e|es|ed|ing"),
                r"g(?:ive|ives|ave|iving)\s+rise\s+to",
            )
        )
        + ")",
    ),
    RelationPattern(
        "increases",
        "(?:"
        + "|".join(
            (
                _v("increas", "e|es|ed|ing"),
                _v("rais", "e|es|ed|ing"),
                _v("elevat", "e|es|ed|ing"),
                _v("enhanc", "e|es|ed|ing"),
                _v("improv", "e|es|ed|ing"),
                _v("promot", "e|es|ed|ing"),
                _v("augment", "s|ed|ing|"),
                _v("boost", "s|ed|ing|"),
                _v("doubl", "e|es|ed|ing"),
                _v("tripl", "e|es|ed|ing"),
                _v("facilitat", "e|es|ed|ing"),
                _v("accelerat", "e|es|ed|ing"),
                _v("stimulat", "e|es|ed|ing"),
                _v("activat", "e|es|ed|ing"),
                _v("up-?regulat", "e|es|ed|ing"),
                _v("prolong", "s|ed|ing|"),
                _v("exacerbat", "e|es|ed|ing"),
                _v("worsen", "s|ed|ing|"),
                _v("aggravat", "e|es|ed|ing"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "decreases",
        "(?:"
        + "|".join(
            (
                _v("reduc", "e|es|ed|ing"),
                _v("decreas", "e|es|ed|ing"),
                _v("lower", "s|ed|ing|"),
                _v("diminish", "es|ed|ing|"),
                _v("attenuat", "e|es|ed|ing"),
                _v("alleviat", "e|es|ed|ing"),
                _v("mitigat", "e|es|ed|ing"),
                _v("prevent", "s|ed|ing|"),
                _v("inhibit", "s|ed|ing|"),
                _v("suppress", "es|ed|ing|"),
                _v("block", "s|ed|ing|"),
                _v("impair", "s|ed|ing|"),
                _v("cut", "s|ting|"),
                _v("shorten", "s|ed|ing|"),
                _v("down-?regulat", "e|es|ed|ing"),
                _v("halv", "e|es|ed|ing"),
                _v("minimi[sz]", "e|es|ed|ing"),
                _v("abolish", "es|ed|ing|"),
                _v("eliminat", "e|es|ed|ing"),
                r"protect(?:s|ed|ing)?(?:\s+against)?",
            )
        )
        + ")",
    ),
    RelationPattern(
        "treats",
        "(?:"
        + "|".join(
            (
                _v("treat", "s|ed|ing|"),
                _v("cur", "e|es|ed|ing"),
                _v("reliev", "e|es|ed|ing"),
                _v("resolv", "e|es|ed|ing"),
                _v("control", "s|led|ling|"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "affects",
        "(?:"
        + "|".join(
            (
                _v("affect", "s|ed|ing|"),
                _v("influenc", "e|es|ed|ing"),
                _v("impact", "s|ed|ing|"),
                _v("alter", "s|ed|ing|"),
                _v("modif", "y|ies|ied|ying"),
                _v("chang", "e|es|ed|ing"),
                _v("determin", "e|es|ed|ing"),
                _v("mediat", "e|es|ed|ing"),
                _v("regulat", "e|es|ed|ing"),
                _v("modulat", "e|es|ed|ing"),
                r"depend(?:s|ed|ing)?\s+(?:on|upon)",
                r"differ(?:s|ed|ing)?(?:\s+(?:from|between|by|in|among|with))?",
                r"var(?:y|ies|ied|ying)(?:\s+(?:by|with|in|between|among|across|from))?",
            )
        )
        + ")",
    ),
    RelationPattern(
        "predicts",
        "(?:"
        + "|".join(
            (
                _v("predict", "s|ed|ing|"),
                r"correlat(?:e|es|ed|ing)\s+(?:with|to)",
                r"associat(?:e|es)\s+with",
            )
        )
        + ")",
    ),
    RelationPattern(
        "detects",
        "(?:"
        + "|".join(
            (
                _v("detect", "s|ed|ing|"),
                _v("identif", "y|ies|ied|ying"),
                _v("diagnos", "e|es|ed|ing"),
                _v("distinguish", "es|ed|ing|"),
                _v("discriminat", "e|es|ed|ing"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "requires",
        "(?:" + "|".join((_v("requir", "e|es|ed|ing"), _v("need", "s|ed|"), _v("involv", "e|es|ed|ing"))) + ")",
    ),
    RelationPattern(
        "exhibits",
        "(?:"
        + "|".join(
            (
                _v("exhibit", "s|ed|"),
                _v("express", "es|ed"),
                _v("develop", "s|ed|"),
                _v("experienc", "e|es|ed"),
                r"undergo(?:es)?",
                "underwent",
                _v("receiv", "e|es|ed"),
                _v("achiev", "e|es|ed"),
                _v("reach", "es|ed"),
                _v("exceed", "s|ed|"),
                _v("outperform", "s|ed|"),
                r"occur(?:s|red)?\s+(?:in|among|after|during|with|at)",
                _v("persist", "s|ed"),
                _v("recur", "s|red"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "reports",
        "(?:"
        + "|".join(
            (
                _v("suggest", "s|ed|"),
                _v("indicat", "e|es|ed"),
                _v("show", "s|ed|n|"),
                _v("demonstrat", "e|es|ed"),
                _v("reveal", "s|ed|"),
                _v("reflect", "s|ed|"),
                _v("support", "s|ed|"),
                _v("confirm", "s|ed|"),
                _v("highlight", "s|ed|"),
                _v("underscor", "e|es|ed"),
                _v("emphasi[sz]", "e|es|ed"),
                _v("provid", "e|es|ed"),
                _v("offer", "s|ed|"),
            )
        )
        + r")(?!\s+(?:that|whether|how)(?![\w-]))",
    ),
    RelationPattern(
        "property",
        r"(?:effective|efficacious|ineffective|safe|unsafe|useful|beneficial|helpful|harmful|protective|toxic|"
        r"accurate|inaccurate|reliable|valid|sensitive|specific|predictive|diagnostic|prognostic|indicated|"
        r"contraindicated|sufficient|insufficient|necessary|essential|important|responsible|common|uncommon|rare|"
        r"frequent|infrequent|prevalent|present|absent|involved|mandatory|feasible|appropriate|independent|"
        r"dependent|significant|key|crucial|critical|suitable|resistant|susceptible|vulnerable|prone|due|"
        r"secondary|consistent|inconsistent|compatible|positive|negative|willing|superior|inferior)"
        r"\s+(?:for|in|to|at|with|of|against|than|as|among|on|from)",
        copular=True,
    ),
    RelationPattern(
        "compares",
        r"(?:higher|lower|greater|smaller|larger|more|less|fewer|better|worse|longer|shorter|faster|slower|"
        r"similar|comparable|equivalent|equal|different|identical)"
        r"(?:\s+(?:in|than|among|with|for|to|at|from|between|after|during|compared\s+(?:with|to)))?",
        copular=True,
    ),
    RelationPattern(
        "passive",
        rf"(?:[a-z]{{2,}}ed|{_PARTICIPLES})"
        r"(?:\s+(?:by|with|to|in|for|from|on|as|into|against|at|through|among|between|via|after))?",
        copular=True,
    ),
    RelationPattern("perfect", rf"(?:has|have|had)\s+(?:{_ADV}\s+){{0,3}}(?:[a-z]{{2,}}ed|{_PARTICIPLES})"),
    RelationPattern("has", r"(?:has|have|had)(?!\s+(?:been|to)(?![\w-]))"),
    RelationPattern(
        "modal",
        r"(?:may|might|can|could|will|would|shall|should|must|cannot|do|does|did|\w+n['’]t)"
        rf"\s+(?:{_ADV}\s+){{0,3}}(?!(?:be|been|being|have|has|had|not)(?![\w-]))[a-z][\w-]*",
    ),
    RelationPattern("is", "", copular=True),
)
"""The rule extractor's relations, tried in this order at each position (the leftmost match wins)."""


def _compile(lexicon: Sequence[RelationPattern]) -> tuple[re.Pattern[str], dict[str, RelationPattern]]:
    alternatives: list[str] = []
    names: dict[str, RelationPattern] = {}
    for k, pattern in enumerate(lexicon):
        name = f"r{k}"
        names[name] = pattern
        if pattern.copular and not pattern.core:  # the bare copula: "is", "remains", "is not often"
            body = rf"{_PRE}{_COP}(?:\s+{_ADV}(?![\w-])){{0,3}}"
        elif pattern.copular:
            body = rf"{_PRE}{_COP}\s+(?:{_ADV}\s+){{0,3}}{pattern.core}"
        else:
            body = rf"{_PRE}{pattern.core}"
        alternatives.append(rf"(?P<{name}>(?<![\w-]){body}(?![\w-]))")
    return re.compile("|".join(alternatives), re.IGNORECASE), names


_WORD = re.compile(r"[^\W_][\w'’-]*")
_BOUNDARY = re.compile(
    r"(?<![\w-])(?:so\s+that|as\s+long\s+as|even\s+though|even\s+if|provided\s+that|given\s+that|such\s+that|that|"
    r"which|where|who|whom|whose|whether|if|when|whenever|unless|until|because|whereas|although|though|while)"
    r"(?![\w-])",
    re.IGNORECASE,
)
_LEAD_WORDS = (
    r"and|or|but|nor|yet|so|then|thus|hence|therefore|however|moreover|furthermore|additionally|also|overall|"
    r"finally|consequently|nevertheless|nonetheless|instead|specifically|notably|importantly|similarly|likewise|"
    r"conversely|meanwhile|which|who|whom|whose|that|while|whereas|although|though|because|since|where|when|"
    r"whenever|whether|if|unless|until|in\s+conclusion|in\s+summary|in\s+addition|in\s+contrast|in\s+particular|"
    r"as\s+a\s+result|on\s+the\s+other\s+hand|taken\s+together|so\s+that|as\s+long\s+as|even\s+though|even\s+if|"
    r"provided\s+that|given\s+that|such\s+that"
)
_LEAD = re.compile(rf"(?:\s+|[,;:]+|(?:{_LEAD_WORDS})(?![\w-]))", re.IGNORECASE)
_RELATIVE = frozenset({"which", "who", "whom", "that", "whose"})
_SUBJECT_RELATIVE = frozenset({"which", "who"})
_COORDINATORS = frozenset({"and", "or"})
_PREPOSITIONS = _wordset(
    "with by in for at on from during after before among to into through under over via of between against "
    "across within without toward towards upon versus vs than as"
)
_DETERMINERS = _wordset(
    "the a an this these those our their its his her my your such no any each every all some either "
    "neither another other"
)
_FINITE_WITH_PREPOSITION = frozenset(
    {"resulted", "led", "contributed", "gave", "depended", "differed", "varied", "occurred", "persisted", "recurred"}
)
_PARTICIPLE_SET = frozenset(_PARTICIPLES.split("|"))
_AUX_SET = frozenset(_AUX_WORDS) | frozenset(_COP_WORDS.split())
_ADV_RE = re.compile(_ADV + r"$", re.IGNORECASE)
_NEGATIONS = frozenset({"not", "no", "never", "cannot", "neither", "nor"})
_TRAILING = ".,;:!?"


def _words(text: str, start: int, end: int) -> list[re.Match[str]]:
    return list(_WORD.finditer(text, start, end))


def _previous_word(text: str, pos: int, floor: int) -> str:
    words = _WORD.findall(text, max(floor, pos - 40), pos)
    return words[-1].lower() if words else ""


# ------------------------------------------------------------------------------------------- rule extractor


@dataclass(slots=True)
class _Draft:
    subject: Span
    relation: Span
    obj: Span
    label: str
    negated: bool
    inherited: bool
    clause: int
    object_to_clause_end: bool


@dataclass(slots=True)
class _Segment:
    """A clause, or the part of one from a complementizer on: what one triple is looked for in."""

    start: int
    end: int
    clause: int
    lead: frozenset[str]
    """Discourse words, conjunctions and complementizers stripped from its start ("and", "which", ...)."""
    content: Span | None
    """The segment without its lead words and trailing punctuation."""
    at_clause_end: bool
    draft: _Draft | None = None


@dataclass(slots=True)
class _Clause:
    span: Span
    content: Span | None
    lead: frozenset[str]
    drafts: list[_Draft] = field(default_factory=list)


class RuleTripleExtractor:
    """Dependency-free triples from medhal's clause splitter and a relation lexicon (module docstring).

    ``extra_patterns`` are tried before :data:`DEFAULT_LEXICON` (or instead of it with ``lexicon=...``);
    ``participles`` switches the participial adjuncts on or off (", requiring X", "with X showing Y").
    """

    def __init__(
        self,
        *,
        lexicon: Sequence[RelationPattern] = DEFAULT_LEXICON,
        extra_patterns: Sequence[RelationPattern] = (),
        max_subject_words: int = 20,
        max_object_words: int = 25,
        participles: bool = True,
    ) -> None:
        if max_subject_words < 1 or max_object_words < 1:
            raise ConfigError("max_subject_words and max_object_words must be >= 1")
        patterns = (*extra_patterns, *lexicon)
        if not patterns:
            raise ConfigError("the relation lexicon is empty")
        try:
            self._regex, self._patterns = _compile(patterns)
        except re.error as exc:
            raise ConfigError(f"bad relation pattern: {exc}") from None
        self.max_subject_words = max_subject_words
        self.max_object_words = max_object_words
        self.participles = participles
        default = not extra_patterns and tuple(lexicon) == DEFAULT_LEXICON
        self._name = ("rule" if default else f"rule:{len(patterns)}") + ("" if participles else ":no-participles")

    @property
    def name(self) -> str:
        return self._name

    def extract(self, text: str) -> list[Triple]:
        triples: list[Triple] = []
        clauses = split_clauses(text)
        for s_idx, sentence in enumerate(split_sentences(text)):
            own = [c for c in clauses if sentence.start <= c.start < sentence.end]
            infos: list[_Clause] = []
            segments: list[_Segment] = []
            drafts: list[_Draft] = []
            for c_idx, clause in enumerate(own):
                lead, content = _strip(text, clause.start, clause.end)
                info = _Clause(clause, content, lead)
                infos.append(info)
                for start, end in self._cuts(text, clause, content):
                    seg_lead, seg_content = _strip(text, start, end)
                    segment = _Segment(start, end, c_idx, seg_lead, seg_content, end == clause.end)
                    draft = self._segment_triple(text, segment, segments, drafts)
                    if draft is not None:
                        if not draft.inherited and segment.start == clause.start:
                            self._extend_subject(text, infos, c_idx, draft)
                        segment.draft = draft
                        info.drafts.append(draft)
                        drafts.append(draft)
                    segments.append(segment)
            self._extend_objects(text, infos)
            triples.extend(self._freeze(text, d, s_idx) for d in drafts)
        return sorted(triples, key=lambda t: (t.span.start, t.span.end, t.relation.start))

    @staticmethod
    def _cuts(text: str, clause: Span, content: Span | None) -> list[tuple[int, int]]:
        """The clause cut before complementizers ("that", "who", "which", "whether", "if", ...)."""
        cuts = [clause.start]
        floor = clause.start if content is None else content.start
        for m in _BOUNDARY.finditer(text, floor, clause.end):
            if m.start() <= floor:
                continue
            if m.group().lower() == "that" and _previous_word(text, m.start(), clause.start) in _PREPOSITIONS:
                continue  # "in that group": a determiner
            cuts.append(m.start())
        cuts.append(clause.end)
        return [(a, b) for a, b in pairwise(cuts) if b > a]

    # -- one segment

    def _segment_triple(
        self, text: str, seg: _Segment, before: list[_Segment], previous: list[_Draft]
    ) -> _Draft | None:
        if seg.content is None:
            return None
        candidates = self._candidates(text, seg)
        host = before[-1] if before else None
        restrictive = (
            bool(seg.lead & _SUBJECT_RELATIVE)
            and host is not None
            and host.clause == seg.clause
            and host.draft is None
            and host.content is not None
        )
        for k, (m, relation, obj, to_end, label) in enumerate(candidates):
            if restrictive and host is not None and host.content is not None:
                # "Patients who normalized X *had* Y", "people who develop X *can experience* Y": the relative
                # clause belongs to the subject; the main verb is the first match after words of its own, or the
                # first later match with an auxiliary.
                own_words = _clean_subject(text, seg.content.start, m.start(), self.max_subject_words) is not None
                later = [c for c in candidates[k + 1 :] if _has_aux(c[1].text)]
                if not own_words and later:
                    m, relation, obj, to_end, label = later[0]
                    own_words = True
                if own_words:
                    subject = _clean_subject(text, host.content.start, m.start(), self.max_subject_words)
                    if subject is not None:
                        return _Draft(
                            subject, relation, obj, label, _negated(relation.text), False, seg.clause,
                            to_end and seg.at_clause_end,
                        )  # fmt: skip
            found = self._subject(text, seg, m.start(), before, previous)
            if found is None:
                continue
            subject, inherited = found
            return _Draft(
                subject, relation, obj, label, _negated(relation.text), inherited, seg.clause,
                to_end and seg.at_clause_end,
            )  # fmt: skip
        if self.participles and (previous or seg.content.text[:5].lower() == "with "):
            return self._participle(text, seg, previous)
        return None

    def _candidates(self, text: str, seg: _Segment) -> list[tuple[re.Match[str], Span, Span, bool, str]]:
        """The segment's relation matches that look like verbs and have an object, in order."""
        out = []
        for m in self._regex.finditer(text, seg.start, seg.end):
            if self._not_a_verb(text, m, seg):
                continue
            pattern = self._patterns[m.lastgroup or ""]
            rel_end = m.end()
            obj, to_end = self._object(text, rel_end, seg.end)
            if obj is None and pattern.copular:
                bare = _BARE_COPULA.match(text, m.start(), seg.end)  # "polyps are | missed": no agent
                if bare is not None and bare.end() < m.end():
                    rel_end, pattern = bare.end(), _IS
                    obj, to_end = self._object(text, rel_end, seg.end)
            relation = trim_span(text, m.start(), rel_end)
            if obj is not None and relation is not None:
                out.append((m, relation, obj, to_end, pattern.label))
        return out

    def _subject(
        self, text: str, seg: _Segment, end: int, before: list[_Segment], previous: list[_Draft]
    ) -> tuple[Span, bool] | None:
        """The subject before a relation starting at ``end``: local, or inherited when the segment has none."""
        start = seg.start if seg.content is None else seg.content.start
        local = _clean_subject(text, start, end, self.max_subject_words)
        if local is not None:
            return local, False
        prev = previous[-1] if previous else None
        first = before[0] if before else None
        fronted = first.content if first is not None and first.draft is None else None  # "X, which ..., showed Y"
        if seg.lead & _RELATIVE:
            if prev is None and fronted is not None and len(before) == 1:
                return fronted, True
            if prev is not None:
                return prev.obj, True
            pronoun = _last_word_span(text, seg.start, end)
            return None if pronoun is None else (pronoun, False)
        if prev is not None:
            return prev.subject, True
        if fronted is not None:
            return fronted, True
        return None

    def _participle(self, text: str, seg: _Segment, previous: list[_Draft]) -> _Draft | None:
        """Participial adjuncts: ", requiring X" (subject: the previous triple's subject), ", driven by X" (its
        object), "with X showing Y" (subject X)."""
        assert seg.content is not None
        prev = previous[-1] if previous else None
        m = _ABSOLUTE.match(text, seg.content.start, seg.content.end)
        if m is not None and m.group("verb").lower() not in _ING_NOUNS:
            subject = trim_span(text, m.start("np"), m.end("np"))
            rel_start, inherited = m.start("rel"), False
        else:
            m = _ADJUNCT.match(text, seg.content.start, seg.content.end)
            if m is None or prev is None or (m.group("verb") or "").lower() in _ING_NOUNS:
                return None
            ing = m.group("verb") is not None
            subject, rel_start, inherited = (prev.subject if ing else prev.obj), m.start("rel"), True
        relation = trim_span(text, rel_start, m.end())
        obj, to_end = self._object(text, m.end(), seg.end)
        if subject is None or relation is None or obj is None:
            return None
        return _Draft(
            subject, relation, obj, "participle", _negated(relation.text), inherited, seg.clause,
            to_end and seg.at_clause_end,
        )  # fmt: skip

    def _not_a_verb(self, text: str, m: re.Match[str], seg: _Segment) -> bool:
        """A relation-looking word that is a participle or a noun: "patients *treated with*", "an *increase* in",
        "with *reduced* function", "groups, *diagnoses* should"."""
        words = [w.lower() for w in _WORD.findall(m.group())]
        if any(w in _AUX_SET or w.endswith(("n't", "n’t")) for w in words):
            return False
        heads = [w for w in words if not _ADV_RE.match(w)]
        if not heads:
            return True
        head = heads[0]
        floor = seg.start if seg.content is None else seg.content.start
        before = _previous_word(text, m.start(), seg.start)
        after_m = _WORD.search(text, m.end(), seg.end)
        after = after_m.group().lower() if after_m else ""
        if before in _DETERMINERS or before in _PREPOSITIONS or head.endswith("ing"):
            return True
        if text[floor : m.start()].rstrip().endswith(","):
            return True  # a subject is not cut from its verb by a comma
        ends_in_preposition = words[-1] in _PREPOSITIONS and len(words) > 1
        if head.endswith("ed") or head in _PARTICIPLE_SET:
            if head in _FINITE_WITH_PREPOSITION:
                return False
            return ends_in_preposition or after in _PREPOSITIONS
        return not ends_in_preposition and after in {"in", "of", "for", "on", "with", "between", "among"}

    def _object(self, text: str, start: int, end: int) -> tuple[Span | None, bool]:
        stop = end
        while stop > start and (text[stop - 1] in _TRAILING or text[stop - 1].isspace()):
            stop -= 1
        while stop > start and text[stop - 1] in ")]" and _unbalanced(text[start:stop]):
            stop -= 1
        words = _words(text, start, stop)
        if not words:
            return None, False
        to_end = True
        if len(words) > self.max_object_words:
            stop, to_end = words[self.max_object_words - 1].end(), False
        first = start
        while first < stop and (text[first].isspace() or text[first] in ",;:"):
            first += 1
        return trim_span(text, first, stop), to_end

    # -- coordination across clause cuts

    @staticmethod
    def _extend_subject(text: str, clauses: list[_Clause], c_idx: int, draft: _Draft) -> None:
        """ "A, B, and C *is associated with* D": the subject list starts in earlier triple-less clauses."""
        clause = clauses[c_idx]
        if (
            c_idx == 0
            or clause.drafts
            or not clause.lead & _COORDINATORS
            or clause.content is None
            or draft.subject.start != clause.content.start
        ):
            return
        start = draft.subject.start
        j = c_idx - 1
        while j >= 0 and not clauses[j].drafts and clauses[j].content is not None:
            start = clauses[j].content.start  # type: ignore[union-attr]
            j -= 1
        if start < draft.subject.start:
            draft.subject = Span.of(text, start, draft.subject.end)

    @staticmethod
    def _extend_objects(text: str, clauses: list[_Clause]) -> None:
        """ "*reduced* anxiety and postoperative complications": the object list runs on into later clauses."""
        for c_idx, clause in enumerate(clauses):
            if not clause.drafts or not clause.drafts[-1].object_to_clause_end:
                continue
            draft = clause.drafts[-1]
            end = draft.obj.end
            j = c_idx + 1
            while j < len(clauses) and not clauses[j].drafts and clauses[j].lead & _COORDINATORS:
                content = clauses[j].content
                if content is not None:
                    end = max(end, content.end)
                j += 1
            if end > draft.obj.end:
                draft.obj = Span.of(text, draft.obj.start, end)

    @staticmethod
    def _freeze(text: str, d: _Draft, sentence: int) -> Triple:
        start = d.relation.start if d.inherited else min(d.subject.start, d.relation.start)
        return Triple(
            subject=d.subject,
            relation=d.relation,
            obj=d.obj,
            span=Span.of(text, start, d.obj.end),
            label=d.label,
            negated=d.negated,
            subject_inherited=d.inherited,
            sentence=sentence,
        )


_IS = RelationPattern("is", "", copular=True)
_BARE_COPULA = re.compile(rf"(?<![\w-]){_PRE}{_COP}(?:\s+{_ADV}(?![\w-])){{0,3}}(?![\w-])", re.IGNORECASE)
_ING_NOUNS = _wordset(
    "during including according following regarding concerning considering nothing something anything everything "
    "morning evening training screening bleeding funding setting meeting building finding rating timing dosing "
    "spring string thing swelling hearing aging ageing living nursing smoking drinking eating walking sleeping "
    "feeding breastfeeding coding staging imaging monitoring counseling counselling testing marketing housing "
    "learning reading writing understanding offspring sibling wording"
)
_ABSOLUTE = re.compile(
    rf"with\s+(?P<np>(?:[^\s,;:]+\s+){{0,7}}?[^\s,;:]+)\s+(?P<rel>(?:{_ADV}\s+){{0,2}})(?P<verb>[a-z][\w-]*ing)(?![\w-])",
    re.IGNORECASE,
)
_ADJUNCT = re.compile(
    rf"(?P<rel>(?:{_ADV}\s+){{0,2}})(?:(?P<verb>[a-z][\w-]*ing)|(?P<verb2>[a-z]{{2,}}ed|{_PARTICIPLES})"
    rf"(?:\s+{_ADV}){{0,2}}\s+(?:by|through|via|from|with|in))(?![\w-])",
    re.IGNORECASE,
)
_FRONTED = re.compile(
    r"(?:in|among|for|despite|after|before|during|with|without|at|on|from|by|under|within|following|given|"
    r"regarding|compared\s+with|compared\s+to|in\s+addition\s+to|due\s+to|because\s+of|as\s+for)(?![\w-])[^,]*,\s*",
    re.IGNORECASE,
)


def _strip(text: str, start: int, end: int) -> tuple[frozenset[str], Span | None]:
    """Lead words (conjunctions, discourse markers, complementizers) off the start, punctuation off the end."""
    lead: set[str] = set()
    pos = start
    while pos < end:
        m = _LEAD.match(text, pos, end)
        if m is None or m.end() == pos:
            break
        word = " ".join(m.group().lower().split())
        if word and word[0].isalpha():
            lead.add(word)
        pos = m.end()
    stop = end
    while stop > pos and (text[stop - 1] in _TRAILING or text[stop - 1].isspace()):
        stop -= 1
    return frozenset(lead), trim_span(text, pos, stop) if _words(text, pos, stop) else None


def _clean_subject(text: str, start: int, end: int, max_words: int) -> Span | None:
    """The subject before a relation: trailing punctuation and fronted phrases ("In this series, ...") removed,
    at most ``max_words`` words (the last ones)."""
    stop = end
    while stop > start and (text[stop - 1] in ",;:([" or text[stop - 1].isspace()):
        stop -= 1
    pos = start
    while (m := _FRONTED.match(text, pos, stop)) is not None and _words(text, m.end(), stop):
        pos = m.end()
    words = _words(text, pos, stop)
    if not words:
        return None
    if len(words) > max_words:
        pos = words[-max_words].start()
    return trim_span(text, pos, stop)


def _has_aux(relation: str) -> bool:
    return any(w.lower() in _AUX_SET or w.lower().endswith(("n't", "n’t")) for w in _WORD.findall(relation))


def _negated(relation: str) -> bool:
    words = {w.lower() for w in _WORD.findall(relation)}
    return bool(words & _NEGATIONS) or any(w.endswith(("n't", "n’t")) for w in words)


def _unbalanced(text: str) -> bool:
    return text.count("(") < text.count(")") or text.count("[") < text.count("]")


def _last_word_span(text: str, start: int, end: int) -> Span | None:
    words = _words(text, start, end)
    return Span.of(text, words[-1].start(), words[-1].end()) if words else None


# ------------------------------------------------------------------------------------------ spaCy extractor

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


# -------------------------------------------------------------------------------------- knowledge graph


@dataclass(frozen=True, slots=True)
class KGEntity:
    id: str
    name: str
    type: str | None = None
    aliases: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "type": self.type}


@dataclass(frozen=True, slots=True)
class KnowledgeGraph:
    """Entities (id, name, type, aliases) and ``(subject id, relation, object id)`` triples.

    Files (:meth:`load`):

    * ``.json``: ``{"entities": [...], "triples": [...]}``; an entity is ``{"id", "name", "type", "aliases"}``
      (only ``name`` required; ``id`` defaults to it), ``[name, type]`` or a bare name; a triple is
      ``[subject, relation, object]`` or ``{"subject", "relation", "object"}`` naming entity ids or names
      (unknown ones become untyped entities);
    * anything else is read as TSV, one record a line: 2 columns ``entity<TAB>type``, 3 columns
      ``subject<TAB>relation<TAB>object``; blank lines, ``#`` comments and a header line
      (``entity type`` / ``name type`` / ``subject relation object``) are skipped.  Ids are the names.
    """

    entities: tuple[KGEntity, ...]
    triples: tuple[tuple[str, str, str], ...] = ()
    source: str = "memory"

    def __post_init__(self) -> None:
        ids = [e.id for e in self.entities]
        if len(set(ids)) != len(ids):
            raise ValueError("knowledge graph entity ids must be unique")
        known = set(ids)
        for s, _, o in self.triples:
            if s not in known or o not in known:
                raise ValueError(f"triple ({s!r}, ..., {o!r}) names an unknown entity id")

    @classmethod
    def from_records(
        cls,
        entities: Iterable[KGEntity | tuple[str, str | None] | str] = (),
        triples: Iterable[tuple[str, str, str]] = (),
        *,
        source: str = "memory",
    ) -> KnowledgeGraph:
        """Build from entities (``KGEntity``, ``(name, type)`` or a name) and triples naming ids or names."""
        by_id: dict[str, KGEntity] = {}
        for entry in entities:
            if isinstance(entry, KGEntity):
                entity = entry
            elif isinstance(entry, str):
                entity = KGEntity(entry, entry)
            else:
                entity = KGEntity(entry[0], entry[0], entry[1])
            by_id.setdefault(entity.id, entity)
        by_name = {_normalize(e.name): e.id for e in by_id.values()}

        def resolve(ref: str) -> str:
            if ref in by_id:
                return ref
            found = by_name.get(_normalize(ref))
            if found is not None:
                return found
            by_id[ref] = KGEntity(ref, ref)
            by_name[_normalize(ref)] = ref
            return ref

        resolved = tuple((resolve(s), r, resolve(o)) for s, r, o in triples)
        return cls(tuple(by_id.values()), resolved, source)

    @classmethod
    def load(cls, path: str | Path) -> KnowledgeGraph:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"cannot read knowledge graph {str(path)!r}: {first_line(exc)}") from None
        if path.suffix.lower() == ".json":
            return cls._from_json(text, path)
        return cls._from_tsv(text, path)

    @classmethod
    def _from_json(cls, text: str, path: Path) -> KnowledgeGraph:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path}: not JSON ({exc})") from None
        if not isinstance(data, dict):
            raise ConfigError(f'{path}: expected an object with "entities" and/or "triples"')
        entities: list[KGEntity] = []
        for e in data.get("entities", []):
            if isinstance(e, str):
                entities.append(KGEntity(e, e))
            elif isinstance(e, list) and len(e) == 2:
                entities.append(KGEntity(str(e[0]), str(e[0]), None if e[1] is None else str(e[1])))
            elif isinstance(e, dict) and "name" in e:
                name = str(e["name"])
                aliases = tuple(str(a) for a in e.get("aliases", ()))
                kind = e.get("type")
                entities.append(KGEntity(str(e.get("id", name)), name, None if kind is None else str(kind), aliases))
            else:
                raise ConfigError(f"{path}: bad entity {e!r}")
        triples: list[tuple[str, str, str]] = []
        for t in data.get("triples", []):
            if isinstance(t, list) and len(t) == 3:
                triples.append((str(t[0]), str(t[1]), str(t[2])))
            elif isinstance(t, dict) and {"subject", "relation", "object"} <= set(t):
                triples.append((str(t["subject"]), str(t["relation"]), str(t["object"])))
            else:
                raise ConfigError(f"{path}: bad triple {t!r}")
        return cls.from_records(entities, triples, source=path.name)

    @classmethod
    def _from_tsv(cls, text: str, path: Path) -> KnowledgeGraph:
        entities: list[tuple[str, str | None]] = []
        triples: list[tuple[str, str, str]] = []
        headers = ({"entity", "type"}, {"name", "type"}, {"subject", "relation", "object"})
        for number, line in enumerate(text.split("\n"), start=1):
            line = line.rstrip("\r")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            cols = [c.strip() for c in line.split("\t")]
            if number == 1 and {c.lower() for c in cols} in headers:
                continue
            if len(cols) == 2 and cols[0]:
                entities.append((cols[0], cols[1] or None))
            elif len(cols) == 3 and cols[0] and cols[2]:
                triples.append((cols[0], cols[1], cols[2]))
            else:
                raise ConfigError(
                    f"{path}:{number}: expected 2 (entity, type) or 3 (subject, relation, object) tab-separated columns"
                )
        return cls.from_records(entities, triples, source=path.name)

    @property
    def digest(self) -> str:
        h = hashlib.sha256()
        for e in self.entities:
            h.update(json.dumps([e.id, e.name, e.type, list(e.aliases)]).encode())
        for t in self.triples:
            h.update(json.dumps(list(t)).encode())
        return h.hexdigest()

    @property
    def id(self) -> str:
        return f"{self.source}@{self.digest[:12]}"


@dataclass(frozen=True, slots=True)
class Grounding:
    """An entity a phrase of the response was linked to, how, and the mention span that matched."""

    entity: KGEntity
    score: float
    method: Literal["exact", "contains", "embedding"]
    mention: Span

    def to_dict(self) -> dict[str, Any]:
        return {**self.entity.to_dict(), "score": self.score, "method": self.method, "mention": self.mention.to_dict()}


_TOKEN = re.compile(r"[^\W_]+")


def _normalize(text: str) -> str:
    return " ".join(t.casefold() for t in _TOKEN.findall(unicodedata.normalize("NFKC", text)))


def _key(text: str) -> tuple[str, ...]:
    return tuple(_normalize(text).split())


class EntityLinker:
    """Links phrases to :class:`KnowledgeGraph` entities: string match first, then embedding similarity.

    String match: the KG name or alias whose normalised tokens (NFKC, casefolded, alphanumeric runs) occur as
    consecutive tokens of the phrase, leftmost first (the head of "HbA1c in patients with type 2 diabetes" is
    "HbA1c"), longest at that position; ``exact`` when they are all the phrase's non-stop-word tokens, else
    ``contains``; n-grams of stop words only are never matched.  Embedding: the phrase and its noun chunks
    (maximal runs of non-stop-word tokens) against every KG name and alias; the best cosine at or above
    ``threshold`` wins.
    """

    def __init__(
        self, kg: KnowledgeGraph, *, embedder: Embedder | None = None, threshold: float = 0.8, max_ngram: int = 8
    ) -> None:
        if not -1.0 <= threshold <= 1.0:
            raise ConfigError("match_threshold must lie in [-1, 1]")
        self.kg = kg
        self.embedder = embedder
        self.threshold = threshold
        self.max_ngram = max_ngram
        self._by_key: dict[tuple[str, ...], KGEntity] = {}
        self._names: list[tuple[str, KGEntity]] = []
        for e in kg.entities:
            for name in (e.name, *e.aliases):
                key = _key(name)
                if key:
                    self._by_key.setdefault(key, e)
                    self._names.append((name, e))
        self._edges: dict[tuple[str, str], list[str]] = {}
        for s, r, o in kg.triples:
            self._edges.setdefault((s, o), []).append(r)
        self._matrix: Embeddings | None = None

    def relations(self, subject_id: str, object_id: str) -> list[str]:
        """KG relations from ``subject_id`` to ``object_id`` (``~relation`` for one in the other direction)."""
        forward = self._edges.get((subject_id, object_id), [])
        backward = [f"~{r}" for r in self._edges.get((object_id, subject_id), [])] if subject_id != object_id else []
        return [*forward, *backward]

    def link_many(self, source: str, spans: Sequence[Span]) -> list[Grounding | None]:
        """One grounding (or ``None``) per span of ``source``; one embedding call for all string misses."""
        out: list[Grounding | None] = [self._string_match(source, s) for s in spans]
        if self.embedder is None or not self._names:
            return out
        misses = [i for i, g in enumerate(out) if g is None]
        candidates: dict[int, list[Span]] = {i: _chunks(source, spans[i]) for i in misses}
        texts = list(dict.fromkeys(c.text for cs in candidates.values() for c in cs))
        if not texts:
            return out
        vectors = self.embedder.embed(texts)
        sims = cosine_matrix(vectors, self._name_matrix())
        row = {t: k for k, t in enumerate(texts)}
        for i in misses:
            best: tuple[float, Span, KGEntity] | None = None
            for chunk in candidates[i]:
                r = sims[row[chunk.text]]
                j = int(np.argmax(r))
                if best is None or float(r[j]) > best[0]:
                    best = (float(r[j]), chunk, self._names[j][1])
            if best is not None and best[0] >= self.threshold:
                out[i] = Grounding(best[2], best[0], "embedding", best[1])
        return out

    def _name_matrix(self) -> Embeddings:
        if self._matrix is None:
            assert self.embedder is not None
            self._matrix = np.asarray(self.embedder.embed([n for n, _ in self._names]), dtype=np.float64)
        return self._matrix

    def _string_match(self, source: str, span: Span) -> Grounding | None:
        toks = [(span.start + m.start(), span.start + m.end(), m.group()) for m in _TOKEN.finditer(span.text)]
        keys = [_normalize(t[2]) for t in toks]
        content = [k for k in keys if k not in STOPWORDS]
        for i in range(len(toks)):
            for n in range(min(self.max_ngram, len(toks) - i), 0, -1):
                key = tuple(keys[i : i + n])
                if all(k in STOPWORDS for k in key):
                    continue
                entity = self._by_key.get(key)
                if entity is not None:
                    exact = [k for k in key if k not in STOPWORDS] == content
                    mention = Span.of(source, toks[i][0], toks[i + n - 1][1])
                    score = 1.0 if exact else len(key) / max(1, len(keys))
                    return Grounding(entity, score, "exact" if exact else "contains", mention)
        return None


def _chunks(source: str, span: Span) -> list[Span]:
    """The phrase (without leading / trailing stop words) and its runs of non-stop-word tokens."""
    toks = [(span.start + m.start(), span.start + m.end(), _normalize(m.group())) for m in _TOKEN.finditer(span.text)]
    runs: list[list[tuple[int, int, str]]] = [[]]
    for t in toks:
        if t[2] in STOPWORDS:
            runs.append([])
        else:
            runs[-1].append(t)
    spans = [Span.of(source, r[0][0], r[-1][1]) for r in runs if r]
    if spans:
        spans.insert(0, Span.of(source, spans[0].start, spans[-1].end))
    return list(dict.fromkeys(spans))


# ----------------------------------------------------------------------------------------------- detector

GroundingFilter = Literal["none", "any", "both"]
HypothesisChoice = Literal["triple", "span"]
Fallback = Literal["response", "none"]


class KGTripleDetector(PairwiseDetector):
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
        if not 0.0 <= threshold <= 1.0:
            raise ConfigError("threshold must lie in [0, 1]")
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
    def config(self) -> dict[str, Any]:
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

    def plan(self, item: CheckItem) -> Plan:
        response = item.response
        triples = list(self.triple_extractor.extract(response))
        for t in triples:
            check_spans(response, (t.subject, t.relation, t.obj, t.span))
        groundings: list[tuple[Grounding | None, Grounding | None]] = [(None, None)] * len(triples)
        if self.linker is not None and triples:
            linked = self.linker.link_many(response, [p for t in triples for p in (t.subject, t.obj)])
            groundings = [(linked[2 * k], linked[2 * k + 1]) for k in range(len(triples))]
        keep = [k for k, g in enumerate(groundings) if self._grounded_enough(g)]
        triples = [triples[k] for k in keep]
        groundings = [groundings[k] for k in keep]
        evidence = response_span(item.evidence)
        hypotheses = [t.hypothesis if self.hypothesis == "triple" else t.span.text for t in triples]
        pairs = [(evidence.text, h) for h in hypotheses]
        if not triples and self.fallback == "response":
            pairs = [(evidence.text, response_span(response).text)]
        return Plan(
            item=item,
            pairs=pairs,
            data={
                "triples": triples,
                "groundings": groundings,
                "hypotheses": hypotheses,
                "evidence": evidence,
                "sentences": len(split_sentences(item.evidence)),
            },
        )

    def _grounded_enough(self, pair: tuple[Grounding | None, Grounding | None]) -> bool:
        if self.require_grounding == "any":
            return pair[0] is not None or pair[1] is not None
        if self.require_grounding == "both":
            return pair[0] is not None and pair[1] is not None
        return True

    def assemble(self, plan: Plan, probs: Probabilities, lengths: Sequence[int]) -> CheckResult:
        triples: list[Triple] = plan.data["triples"]
        groundings: list[tuple[Grounding | None, Grounding | None]] = plan.data["groundings"]
        hypotheses: list[str] = plan.data["hypotheses"]
        evidence: Span = plan.data["evidence"]
        n_sentences: int = plan.data["sentences"]
        units: list[UnitResult] = []
        for k, triple in enumerate(triples):
            p_e, p_c = float(probs[k, ENTAILMENT]), float(probs[k, CONTRADICTION])
            score = 1.0 - p_e
            signals: dict[str, Any] = {"triple": triple.to_dict(), "hypothesis": hypotheses[k]}
            if self.linker is not None:
                signals["grounding"] = self._grounding_record(groundings[k])
            units.append(
                UnitResult(
                    index=k,
                    text=triple.span.text,
                    start=triple.span.start,
                    end=triple.span.end,
                    kind="triple",
                    verdict=self.rule.verdict(p_e, p_c),
                    score=score,
                    suspicion=min(1.0, max(0.0, score)),
                    p_entail=p_e,
                    p_contradict=p_c,
                    entailing=EvidencePointer(evidence.start, evidence.end, evidence.text, p_e, (0, n_sentences), 0),
                    contradicting=EvidencePointer(
                        evidence.start, evidence.end, evidence.text, p_c, (0, n_sentences), 0
                    ),
                    signals=signals,
                )
            )
        if units:
            response_score = max(u.suspicion for u in units)
        elif len(plan.pairs) == 1:
            response_score = 1.0 - float(probs[0, ENTAILMENT])
        else:
            response_score = 0.0
        return CheckResult(
            detector=self.name,
            verifier_id=self.verifier.id,
            config=self.config,
            status="ok",
            id=plan.item.id,
            score=response_score,
            flagged=response_score >= self.threshold,
            units=tuple(units),
            windows=1 if plan.pairs else 0,
            library_entries=1 if plan.pairs else 0,
            pairs=len(plan.pairs),
            truncated_pairs=sum(1 for n in lengths if n > self.verifier.max_length),
        )

    def _grounding_record(self, pair: tuple[Grounding | None, Grounding | None]) -> dict[str, Any]:
        subject, obj = pair
        record: dict[str, Any] = {
            "subject": None if subject is None else subject.to_dict(),
            "object": None if obj is None else obj.to_dict(),
        }
        if subject is not None and obj is not None and self.linker is not None:
            record["kg_relations"] = self.linker.relations(subject.entity.id, obj.entity.id)
        return record
