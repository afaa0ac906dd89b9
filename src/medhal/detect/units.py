"""Response units: the pieces of an answer a detector judges one by one.

``clause`` and ``sentence`` units come from :mod:`medhal.text` (seed 000 §5: sentence boundaries, then
coordinating conjunctions and punctuation).  ``claim`` units are atomic claims extracted by an LLM with the
copy-faithful prompt of seed 003 Appendix A.3 (:mod:`medhal.detect.claims`); every claim is verified as its own
text, and aligning it back to a span of the answer only says where it sits (a claim that cannot be aligned is
still verified, with no span).  Asking for them without a claim extractor raises :class:`ConfigError` with a
clear message.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, get_args

from medhal.detect.records import EvidencePointer, JSONObject, Status, UnitKind, UnitResult, Verdict
from medhal.errors import ConfigError
from medhal.text import Span, split_units, trim_span
from medhal.text.assertions import opens_relative
from medhal.text.findings import reports_null_finding
from medhal.text.fragments import states_no_predicate
from medhal.text.lexical import has_negation

__all__ = [
    "UNIT_KINDS",
    "ClaimExtractionLike",
    "ClaimExtractorLike",
    "ConfigError",
    "Unit",
    "UnitChoice",
    "check_threshold",
    "continued",
    "fronted",
    "interrupted",
    "judged_unit",
    "qualified",
    "qualifies",
    "readings",
    "relative_to",
    "response_span",
    "segment_units",
    "sentence_after",
    "sentence_before",
]

UnitChoice = Literal["clause", "sentence", "claim"]
UNIT_KINDS: tuple[str, ...] = get_args(UnitChoice)


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit a detector verifies: ``text`` is the hypothesis, ``start``/``end`` where it sits in the response.

    A clause or sentence unit is a span of the response (``response[start:end] == text``, see :meth:`of_span`).
    A claim unit's ``text`` is the claim as extracted; ``start``/``end``/``span_text`` is the span it was aligned
    to, ``None`` when it could not be aligned, and ``alignment`` records how (or why not).
    """

    text: str
    start: int | None
    end: int | None
    span_text: str | None = None
    alignment: JSONObject | None = None

    @classmethod
    def of_span(cls, span: Span) -> Unit:
        """A clause / sentence unit: the span's text is the hypothesis."""
        return cls(span.text, span.start, span.end)

    def __len__(self) -> int:
        """Length of the hypothesis (what the verifier reads)."""
        return len(self.text)


def judged_unit(
    index: int,
    unit: Unit,
    kind: UnitKind,
    verdict: Verdict,
    score: float,
    *,
    suspicion: float | None = None,
    p_entail: float | None = None,
    p_contradict: float | None = None,
    entailing: EvidencePointer | None = None,
    contradicting: EvidencePointer | None = None,
    signals: JSONObject | None = None,
    cues: JSONObject | None = None,
) -> UnitResult:
    """The record of one judged unit: where it sits and its text come from ``unit``; ``suspicion`` is ``score``
    unless given; no probabilities or evidence pointers unless given (detectors without an entailment model)."""
    return UnitResult(
        index=index,
        text=unit.text,
        start=unit.start,
        end=unit.end,
        kind=kind,
        verdict=verdict,
        score=score,
        suspicion=score if suspicion is None else suspicion,
        p_entail=p_entail,
        p_contradict=p_contradict,
        entailing=entailing,
        contradicting=contradicting,
        signals=signals,
        cues=cues,
        span_text=unit.span_text,
        alignment=unit.alignment,
    )


class ClaimExtractionLike(Protocol):
    """What the detectors read of one :class:`medhal.detect.claims.ClaimExtraction`."""

    @property
    def status(self) -> Status: ...

    @property
    def reason(self) -> str | None: ...

    @property
    def units(self) -> tuple[Unit, ...]: ...

    @property
    def unaligned(self) -> tuple[str, ...]: ...

    def to_dict(self) -> JSONObject: ...


class ClaimExtractorLike(Protocol):
    """What the detectors need of :class:`medhal.detect.claims.ClaimExtractor`."""

    def extract_many(self, responses: Sequence[str]) -> Sequence[ClaimExtractionLike]: ...


def check_unit_kind(kind: str, *, extractor: object | None = None) -> UnitChoice:
    if kind not in UNIT_KINDS:
        raise ConfigError(f"unknown unit kind {kind!r}; choose one of {', '.join(UNIT_KINDS)}")
    if kind == "claim" and extractor is None:
        raise ConfigError(
            "units 'claim' need an LLM claim extractor: pass --claim-model PROVIDER/MODEL (and --base-url), "
            "or use --units clause or --units sentence"
        )
    return kind  # type: ignore[return-value]


def check_threshold(threshold: float) -> float:
    """Return a detector's flagging ``threshold`` unchanged, or raise :class:`ConfigError` when it is outside [0, 1]."""
    if not 0.0 <= threshold <= 1.0:
        raise ConfigError(f"threshold must lie in [0, 1], got {threshold}")
    return threshold


def segment_units(response: str, kind: UnitChoice) -> list[Span]:
    """The units of ``response`` in reading order, each a span slicing back to its text."""
    if kind == "claim":
        raise ConfigError("claim units need an LLM claim extractor")
    return split_units(response, kind)


def response_span(text: str) -> Span:
    """The whole text as one span, surrounding whitespace excluded."""
    span = trim_span(text, 0, len(text))
    if span is None:
        raise ValueError("text is blank")
    return span


def continued(units: Sequence[Unit], k: int, response: str) -> str | None:
    """The text of unit ``k`` with the next unit of its sentence where the clause split cut a list and the next unit
    states no predicate of its own: "starting rhythm control early significantly lowered the combined rate of
    cardiovascular death," with "stroke or heart-failure admission (23.4% vs 27.7%; hazard ratio 0.83, 95% CI 0.66
    to 1.04)." (round 20), or where the next unit qualifies it (:func:`qualified`); ``None`` otherwise."""
    after = _next_in_sentence(units, k, response)
    if after is not None and units[k].text.rstrip().endswith(",") and states_no_predicate(after.text):
        return f"{units[k].text} {after.text}"
    return qualified(units, k, response)


def qualified(units: Sequence[Unit], k: int, response: str) -> str | None:
    """The text of unit ``k`` with the next unit of its sentence where that one only qualifies it as no finding:
    "Major bleeding was more common on edoxaban (3.3% vs 1.8% a year)," with "but this was not statistically
    significant." or "but the difference could have been due to chance." (round 30); ``None`` otherwise.  Read
    together, the unit claims no effect: the null-finding cue and the contradiction focus read them so (the verifier
    reads the unit alone: joined, it read a faithful "... were higher (58 versus 51), but this difference was not
    statistically significant" as contradicted, P(C) 0.76)."""
    after = _next_in_sentence(units, k, response)
    return None if after is None or not qualifies(after.text) else f"{units[k].text} {after.text}"


def qualifies(text: str) -> bool:
    """Whether ``text``, the unit after another in its sentence, only qualifies it as no finding ("but this was not
    statistically significant", "although this could have been due to chance"), rather than going on with a list
    ("and the same proportion of people, | about one in ten, died in each group")."""
    return _QUALIFYING.match(text) is not None and (reports_null_finding(text) or _CHANCE.search(text) is not None)


def fronted(units: Sequence[Unit], k: int, response: str) -> str | None:
    """The text of unit ``k`` with the unit before it where that one is a fronted subordinate clause of the same
    sentence and unit ``k`` names its subject only by a pronoun: "When delirium did happen," with "it was shorter in
    the programme group," (round 54: cut apart, the null-finding cue found no subject in "it", and a flipped "its
    duration did not differ" was `supported`); ``None`` otherwise."""
    if k == 0 or _next_in_sentence(units, k - 1, response) is None or not _PRONOUN_SUBJECT.match(units[k].text):
        return None
    before = units[k - 1].text
    if not before.rstrip().endswith(",") or not _FRONTED.match(before):
        return None
    return f"{before} {units[k].text}"


def relative_to(units: Sequence[Unit], k: int, response: str) -> str | None:
    """The text of unit ``k`` with the unit before it where unit ``k`` is a relative clause of the same sentence that
    says something of it: "Wound infection affected 6.6% and 9.4% of participants respectively," with "which was a
    significant difference." (round 62: cut apart, the relative clause named no figures, and a significance the
    evidence's p = 0.44 denies was `supported`); ``None`` otherwise."""
    if k == 0 or _next_in_sentence(units, k - 1, response) is None or not opens_relative(units[k].text):
        return None
    if not units[k - 1].text.rstrip().endswith(","):
        return None
    # the whole sentence before it: "Wound infection affected 6.6% | and 9.4% ... respectively,"
    return f"{sentence_before(units, k, response)} {units[k].text}"


_ENDS = re.compile(r"[.!?]['\")]?\s*$")
"""The end of a sentence."""
_PRONOUN_SUBJECT = re.compile(r"\W*(?:it|they)\s+(?!\w+ing\b)\w+", re.IGNORECASE)
_FRONTED = re.compile(
    r"\W*(?:when|whenever|once|if|where|among|in|for|after|before|although|though|while)\b", re.IGNORECASE
)


def continues_negation(units: Sequence[Unit], k: int, response: str) -> bool:
    """Whether unit ``k`` goes on with a list that a negation of the unit before it governs: "Whether patients
    responded did not depend on their age," | "their sex or whether they were overusing medication." (round 41).  The
    unit restates what the negation denies, so a sentence saying it negated denies nothing the unit says; a unit that
    opens with a word of its own turn ("but increased stroke") asserts plainly."""
    if k == 0 or _next_in_sentence(units, k - 1, response) is None:
        return False
    before, text = units[k - 1].text, units[k].text
    if _AVOIDED_END.search(before) and _LIST_GOES_ON.match(text) and not has_negation(text):
        return True  # "and avoid baths" | "and swimming until it has healed." (round 84)
    again = _DENIED_AGAIN.match(text)
    if again and has_negation(before) and states_no_predicate(rest := text[again.end() :]) and not _VERB.search(rest):
        return True  # "showed no association," | "and neither did variants in PRSS1": its predicate (round 158)
    return (
        before.rstrip().endswith(",")
        and has_negation(before)
        and (text[:1].islower() or _ACRONYM_OPENS.match(text) is not None)  # "| TTP or heparin-induced ..." (r. 240)
        and not has_negation(re.split(r"[,;]", text, maxsplit=1)[0])  # "antibiotics or steroids, as none were needed"
        and _OWN_TURN.match(text) is None
    )


_ACRONYM_OPENS = re.compile(r"[A-Z][A-Z0-9-]+\b")
"""A list item named by an acronym, which opens a unit in capitals mid-sentence ("TTP or heparin-induced ...")."""
_AVOIDED_END = re.compile(r"\b(?:avoid(?:ing)?|no|not|without|never)\s+(?:[\w-]+\s+){0,2}[\w-]+\s*$", re.IGNORECASE)
"""A unit that ends denying or avoiding a thing, whose list the next unit may go on with."""
_LIST_GOES_ON = re.compile(
    r"\s*(?:and|or|nor)\s+(?:[\w-]+\s+){0,2}?(?:until|for|while|unless|if|after|before|during)\b"
    r"|\s*(?:and|or|nor)\s+[\w-]+(?:\s+[\w-]+)?\s*[.,;]?\s*$",
    re.IGNORECASE,
)
"""A unit that only adds an item to the list before it and a condition or time ("and swimming until it has healed")."""


_DENIED_AGAIN = re.compile(r"\W*(?:and\s+)?(?:neither|nor)\s+(?:did|does|do)\b", re.IGNORECASE)
"""A unit that denies the predicate of the unit before it again, of a new subject ("and neither did X"), with no
predicate of its own ("nor did it lower the risk" has one)."""
_VERB = re.compile(r"\b(?:lower|raise|worsen|change|alter|prevent|shorten|prolong)\b", re.IGNORECASE)
"""Base forms that also name things ("lower doses"), which :func:`states_no_predicate` does not read as verbs; after
"did" they are ("nor did it lower the risk")."""
_OWN_TURN = re.compile(r"\W*(?:but|and|yet|while|whereas|although|though|however|which|who|so)\b", re.IGNORECASE)


def interrupted(units: Sequence[Unit], k: int, response: str) -> str | None:
    """The text of unit ``k`` with the unit before it where the clause split cut a predicate at an interjection:
    "Getting the auto-injector early did not," | "however, reduce the need for a second dose" (round 170: read
    alone, the unit asserted the reduction the evidence denies, and a faithful answer was contradicted); ``None``
    otherwise."""
    if k == 0 or _next_in_sentence(units, k - 1, response) is None:
        return None
    before, text = units[k - 1].text, units[k].text
    if not _DANGLING.search(before) or not _INTERJECTED.match(text):
        return None
    return f"{before} {text}"


_DANGLING = re.compile(
    r"\b(?:do|does|did|is|are|was|were|has|have|had|can|could|will|would|should|may|might|must)\s*(?:not|n't)?,\s*$",
    re.IGNORECASE,
)
"""A unit ending on an auxiliary, negated or not, before a comma ("did not,", "was,"): its verb is in the next unit."""
_INTERJECTED = re.compile(
    r"\W*(?:however|though|in\s+fact|as\s+expected|surprisingly|overall|on\s+average|in\s+the\s+end),\s+[a-z]",
    re.IGNORECASE,
)
"""A unit opening with a word set off by commas and going on with the predicate ("however, reduce ...")."""


def sentence_before(units: Sequence[Unit], k: int, response: str) -> str:
    """The units of unit ``k``'s sentence that stand before it, joined ("A steroid injection brought pain down
    faster: at one month," before "pain scores were about one point lower ...": round 170); ``""`` for a unit that
    opens its sentence."""
    first = k
    while first > 0 and _next_in_sentence(units, first - 1, response) and not _ENDS.search(units[first - 1].text):
        first -= 1
    return " ".join(u.text for u in units[first:k])


def sentence_after(units: Sequence[Unit], k: int, response: str) -> str:
    """The units of unit ``k``'s sentence that stand after it, joined ("The heel pain also came back less often
    after shockwave therapy," before "in about one in ten people ... within a year."); ``""`` for a unit that ends its
    sentence."""
    last = k
    while not _ENDS.search(units[last].text) and _next_in_sentence(units, last, response):
        last += 1
    return " ".join(u.text for u in units[k + 1 : last + 1])


def _next_in_sentence(units: Sequence[Unit], k: int, response: str) -> Unit | None:
    """Unit ``k + 1`` where only white space stands between it and unit ``k`` in ``response``, else ``None``."""
    if k + 1 >= len(units):
        return None
    unit, after = units[k], units[k + 1]
    if unit.end is None or after.start is None or response[unit.end : after.start].strip():
        return None
    return after


_QUALIFYING = re.compile(r"\W*(?:but|although|though|however|yet|and\s+(?=no\s+longer\b|not\b))\b", re.IGNORECASE)
_CHANCE = re.compile(
    r"\b(?:by|to)\s+chance\b|\b(?:not|no\s+longer)\s+(?:statistically\s+)?(?:significant|clear|conclusive)",
    re.IGNORECASE,
)  # "but this difference was not statistically clear" (round 176)


def readings(units: Sequence[Unit], response: str) -> list[str]:
    """What the contradiction focus reads for each unit: its text, or its text with the qualifier that follows it
    (:func:`qualified`)."""
    return [qualified(units, k, response) or u.text for k, u in enumerate(units)]
