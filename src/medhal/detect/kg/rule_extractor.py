"""The dependency-free rule extractor of ``kg-triple`` (stage (a), extraction).

:class:`RuleTripleExtractor` (default, no dependency): every sentence of the response is cut into clauses
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
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from medhal.detect.kg.grammar import (
    _ABSOLUTE,
    _ADJUNCT,
    _ADV_RE,
    _AUX_SET,
    _BARE_COPULA,
    _BOUNDARY,
    _COORDINATORS,
    _DETERMINERS,
    _FINITE_WITH_PREPOSITION,
    _ING_NOUNS,
    _PARTICIPLE_SET,
    _PREPOSITIONS,
    _RELATIVE,
    _SUBJECT_RELATIVE,
    _TRAILING,
    _WORD,
    _clean_subject,
    _has_aux,
    _last_word_span,
    _negated,
    _previous_word,
    _strip,
    _unbalanced,
    _words,
)
from medhal.detect.kg.lexicon import DEFAULT_LEXICON, RelationPattern, _compile
from medhal.detect.kg.triples import Triple
from medhal.detect.units import ConfigError
from medhal.text import Span, split_clauses, split_sentences, trim_span

__all__ = ["RuleTripleExtractor"]


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
