"""Controlled, rule-based injection of one localizable error into a clean statement (seed 000 §3.2).

The four MedHal-Loc error types, each made from the seeded perturbations of :mod:`medhal.data.perturb`:

==============================  ==========================================================================
type                            how (``operation`` of the item)
==============================  ==========================================================================
``entity_substitution``         a known entity replaced by another of the same type (``entity``)
``relation_error``              a direction word flipped (``direction``), a negation added or removed
                                (``negation``), or two same-type entities exchanged (``swap``)
``mechanism_misattribution``    a stated mechanism replaced by a false one (``mechanism_replaced``), else a
                                false mechanism clause appended to a sentence (``mechanism_appended``)
``invented``                    an unsupported clause appended to a sentence: a fabricated quantitative
                                finding (``invented_template``) or a clause of another statement
                                (``invented_donor``)
==============================  ==========================================================================

Every injection changes exactly one contiguous region of the clean text, inside one sentence.  The gold span is
the new text, snapped to whole words and, where needed, widened word by word until it occurs once in the
hallucinated text and has content tokens (so the localization metric of seed 000 §4, which compares content
tokens, does not exclude the item).  ``gold_start``/``gold_end`` record where it is; every item passes
:func:`validate_injection` with ``strict=True``.

Entities come from an :class:`~medhal.data.perturb.EntityInventory` the caller builds from user-given PubTator
corpora (:func:`read_inventory`, or :func:`medhal.data.synth.inventory_from_pubtator`) and are found in the
statement with :meth:`~medhal.data.perturb.EntityInventory.find_mentions`.  Without one, or when its entities do
not occur in a statement, :func:`builtin_inventory` is used: a small list of generic clinical terms written for
medhal (populations, conditions, drug classes, procedures, organs, outcomes, mediators), not taken from any
dataset.  Mechanism agents are chemicals/genes of the given inventory, else the built-in mediators; fabricated
findings use the built-in outcomes, populations and conditions.

Nothing is dropped silently: :func:`inject_items` reports every (record, type) attempt where no perturbation
applies, per type, in its :class:`InjectionStats`.
"""

from __future__ import annotations

import difflib
import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, get_args

from medhal.data.medhal_loc import LocItem
from medhal.data.perturb import (
    EntityInventory,
    Perturbation,
    SpanMention,
    add_false_cause,
    append_invented_clause,
    flip_direction,
    flip_negation,
    misattribute_mechanism,
    substitute_entity,
    swap_entities,
)
from medhal.data.pubtator import NCBI_DISEASE_TYPES, read_pubtator
from medhal.text import STOPWORDS, content_tokens, split_sentences

__all__ = [
    "BUILTIN_TERMS",
    "ERROR_TYPES",
    "PUBTATOR_TYPES",
    "SCHEMA_VERSION",
    "CleanRecord",
    "EditRegion",
    "ErrorType",
    "InjectedItem",
    "Injection",
    "InjectionStats",
    "Skip",
    "builtin_inventory",
    "changed_region",
    "inject",
    "inject_items",
    "locate_gold",
    "parse_error_types",
    "plan_assignments",
    "read_clean_records",
    "read_inventory",
    "validate_injection",
]

ErrorType = Literal["entity_substitution", "relation_error", "mechanism_misattribution", "invented"]
ERROR_TYPES: tuple[ErrorType, ...] = get_args(ErrorType)
SCHEMA_VERSION = 1
"""Version of the extra fields an :class:`InjectedItem` writes beside the MedHal-Loc schema."""

# ----------------------------------------------------------------------------------------------- built-in terms

# fmt: off
BUILTIN_TERMS: Mapping[str, tuple[str, ...]] = {
    "population": (
        "patients", "children", "adults", "older adults", "elderly patients", "women", "men", "infants", "neonates",
        "adolescents", "pregnant women", "outpatients", "inpatients", "smokers", "athletes", "nursing home residents",
        "individuals", "participants", "physicians", "nurses", "surgeons", "caregivers", "mothers", "survivors",
        "veterans", "students",
    ),
    "condition": (
        "diabetes", "hypertension", "stroke", "asthma", "obesity", "depression", "anxiety", "sepsis", "pneumonia",
        "heart failure", "atrial fibrillation", "myocardial infarction", "chronic kidney disease", "dementia",
        "osteoporosis", "anemia", "epilepsy", "migraine", "cirrhosis", "tuberculosis", "rheumatoid arthritis",
        "cancer", "breast cancer", "prostate cancer", "colorectal cancer", "lung cancer", "infection", "fractures",
        "preeclampsia", "atherosclerosis",
    ),
    "drug": (
        "antibiotics", "statins", "beta-blockers", "corticosteroids", "anticoagulants", "opioids", "antidepressants",
        "antihypertensives", "proton pump inhibitors", "insulin", "aspirin", "heparin", "metformin", "warfarin",
        "paracetamol", "ibuprofen", "vitamin D", "folic acid",
    ),
    "procedure": (
        "surgery", "laparoscopy", "chemotherapy", "radiotherapy", "endoscopy", "colonoscopy", "ultrasonography",
        "computed tomography", "magnetic resonance imaging", "biopsy", "transplantation", "physiotherapy", "dialysis",
        "mechanical ventilation", "angioplasty", "vaccination", "screening", "rehabilitation", "stenting",
        "intubation", "anesthesia",
    ),
    "organ": (
        "liver", "kidney", "heart", "lung", "brain", "pancreas", "spleen", "colon", "stomach", "bladder", "thyroid",
        "prostate", "skin", "retina", "bone", "breast", "ovary", "uterus", "cervix", "esophagus",
    ),
    "outcome": (
        "mortality", "morbidity", "survival", "recurrence", "readmission", "length of stay", "quality of life",
        "postoperative complications", "wound infection", "blood loss", "pain scores", "functional recovery",
        "hospitalization", "relapse", "adverse events", "adverse outcomes", "complications", "costs", "disability",
        "fatigue", "bleeding",
    ),
    "mediator": (
        "interleukin-6", "tumour necrosis factor", "nitric oxide", "cortisol", "angiotensin II", "prostaglandin E2",
        "histamine", "serotonin", "bradykinin", "endothelin-1", "thromboxane A2", "adenosine", "glutamate", "leptin",
    ),
}
# fmt: on
"""Generic clinical vocabulary for :func:`builtin_inventory`, written for medhal (no dataset is copied)."""

_GENERIC_TYPES = frozenset({"population"})
"""Entity types substituted only when the statement holds no more specific entity."""
_AGENT_TYPES = ("Chemical", "ChemMet", "Gene", "GeneOrGeneProduct", "mediator")


def builtin_inventory() -> EntityInventory:
    """An :class:`EntityInventory` of :data:`BUILTIN_TERMS` (one id per term, ``builtin:<type>:<term>``)."""
    inventory = EntityInventory()
    for etype, terms in BUILTIN_TERMS.items():
        for term in terms:
            inventory.add(term, etype, (f"builtin:{etype}:{term}",))
    return inventory


# ----------------------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class CleanRecord:
    """A clean, evidence-supported statement to inject an error into."""

    id: str
    clean_text: str
    question: str = ""
    evidence: str = ""


@dataclass(frozen=True, slots=True)
class Injection:
    """One injected error: ``hallucinated_text[gold_start:gold_end] == gold_span``.

    ``removed`` is the clean text the edit replaced ('' for an insertion), ``inserted`` the new text (the gold
    span may be wider: whole words, unique, with content tokens).
    """

    error_type: ErrorType
    hallucinated_text: str
    gold_span: str
    gold_start: int
    gold_end: int
    operation: str
    removed: str
    inserted: str


@dataclass(frozen=True, slots=True)
class InjectedItem:
    """A MedHal-Loc item (``id, source, target_type, question, evidence, clean_text, hallucinated_text,
    gold_span``) plus where the gold span is and how it was made."""

    id: str
    source: str
    target_type: str
    question: str
    evidence: str
    clean_text: str
    hallucinated_text: str
    gold_span: str
    gold_start: int
    gold_end: int
    method: str
    """``rule`` or ``llm``."""
    operation: str
    source_id: str
    """The id of the clean record."""

    def to_dict(self) -> dict[str, Any]:
        """MedHal-Loc fields first, then ``gold_start, gold_end, method, operation, source_id, schema_version``."""
        return {
            "id": self.id,
            "source": self.source,
            "target_type": self.target_type,
            "question": self.question,
            "evidence": self.evidence,
            "clean_text": self.clean_text,
            "hallucinated_text": self.hallucinated_text,
            "gold_span": self.gold_span,
            "gold_start": self.gold_start,
            "gold_end": self.gold_end,
            "method": self.method,
            "operation": self.operation,
            "source_id": self.source_id,
            "schema_version": SCHEMA_VERSION,
        }

    def to_loc_item(self) -> LocItem:
        """As the :class:`~medhal.data.medhal_loc.LocItem` the localization suite runs on."""
        return LocItem(
            id=self.id,
            error_type=self.target_type,
            question=self.question,
            evidence=self.evidence,
            clean_text=self.clean_text,
            hallucinated_text=self.hallucinated_text,
            gold_span=self.gold_span,
            source=self.source,
        )

    @classmethod
    def build(cls, record: CleanRecord, injection: Injection, method: str) -> InjectedItem:
        return cls(
            id=f"{record.id}:{injection.error_type}",
            source="injected",
            target_type=injection.error_type,
            question=record.question,
            evidence=record.evidence,
            clean_text=record.clean_text,
            hallucinated_text=injection.hallucinated_text,
            gold_span=injection.gold_span,
            gold_start=injection.gold_start,
            gold_end=injection.gold_end,
            method=method,
            operation=injection.operation,
            source_id=record.id,
        )


@dataclass(frozen=True, slots=True)
class Skip:
    """A (record, type) attempt where no perturbation applied."""

    record_id: str
    error_type: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"id": self.record_id, "target_type": self.error_type, "status": "skipped", "reason": self.reason}


@dataclass(slots=True)
class InjectionStats:
    """What :func:`inject_items` did, per error type.

    ``produced[t]`` items were made; ``skipped[t]`` records were tried for ``t`` without an applicable
    perturbation (each listed in ``skips``; such a record may still have produced an item of another type);
    ``unusable`` records got no item of any open type.  ``requested`` is the per-type quota (``None``: no quota,
    every record is used for the neediest type).
    """

    types: tuple[str, ...]
    records: int
    requested: int | None
    produced: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    skips: list[Skip] = field(default_factory=list)
    unusable: int = 0

    @property
    def shortfall(self) -> dict[str, int]:
        """Items missing to reach the quota, per type (all 0 without a quota)."""
        if self.requested is None:
            return dict.fromkeys(self.types, 0)
        return {t: max(0, self.requested - self.produced.get(t, 0)) for t in self.types}

    def success_rate(self, error_type: str) -> float:
        """Share of the attempts at ``error_type`` that produced an item (nan without attempts)."""
        made, failed = self.produced.get(error_type, 0), self.skipped.get(error_type, 0)
        return made / (made + failed) if made + failed else float("nan")

    def to_dict(self) -> dict[str, Any]:
        return {
            "types": list(self.types),
            "records": self.records,
            "requested_per_type": self.requested,
            "produced": {t: self.produced.get(t, 0) for t in self.types},
            "skipped": {t: self.skipped.get(t, 0) for t in self.types},
            "shortfall": self.shortfall,
            "unusable_records": self.unusable,
        }


# ----------------------------------------------------------------------------------------------- validation

_PUNCT_SPACE = " \t\r\n,;:.!?()[]{}\"'“”‘’-–—"
# fmt: off
_CONNECTORS = frozenset({
    "and", "or", "but", "while", "whereas", "although", "though", "which", "who", "whom", "whose", "that", "in",
    "with", "as", "also", "additionally", "moreover", "furthermore", "thereby", "thus", "particularly", "especially",
    "primarily", "largely", "mainly", "mostly", "likely", "possibly", "the", "a", "an", "of", "to", "by", "for", "at",
    "on", "among",
})
# fmt: on
"""Glue words a lenient :func:`validate_injection` lets the edit have outside the gold span ("..., in whom X")."""
_TOKEN = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class EditRegion:
    """The changed region between two texts: ``clean[clean_start:clean_end]`` became
    ``hallucinated[start:end]``; everything before and after is common (common prefix + common suffix)."""

    clean_start: int
    clean_end: int
    start: int
    end: int


def changed_region(clean: str, hallucinated: str) -> EditRegion:
    """The middle left after removing the longest common prefix, then the longest common suffix."""
    limit = min(len(clean), len(hallucinated))
    p = 0
    while p < limit and clean[p] == hallucinated[p]:
        p += 1
    s = 0
    while s < limit - p and clean[-1 - s] == hallucinated[-1 - s]:
        s += 1
    return EditRegion(p, len(clean) - s, p, len(hallucinated) - s)


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _common_suffix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(reversed(a), reversed(b), strict=False):
        if x != y:
            break
        n += 1
    return n


def _widen(text: str, start: int, end: int, lenient: bool, max_words: int = 3) -> tuple[int, int]:
    """``[start, end)`` grown over adjacent spaces and punctuation (and, when ``lenient``, up to ``max_words``
    connector words on each side)."""

    def left(i: int) -> int:
        words = 0
        while True:
            while i > 0 and text[i - 1] in _PUNCT_SPACE:
                i -= 1
            m = re.search(r"(\w+)$", text[:i])
            if not lenient or m is None or words >= max_words or m.group(1).lower() not in _CONNECTORS:
                return i
            i, words = m.start(1), words + 1

    def right(i: int) -> int:
        words = 0
        while True:
            while i < len(text) and text[i] in _PUNCT_SPACE:
                i += 1
            m = re.match(r"\w+", text[i:])
            if not lenient or m is None or words >= max_words or m.group(0).lower() not in _CONNECTORS:
                return i
            i, words = i + m.end(), words + 1

    return left(start), right(end)


def _covers(clean: str, hallucinated: str, start: int, end: int, prefix: int, suffix: int) -> bool:
    """Whether one replacement inside ``hallucinated[start:end]`` turns ``clean`` into ``hallucinated``."""
    tail = len(hallucinated) - end
    return start <= prefix and tail <= suffix and start + tail <= len(clean)


def _occurrences(text: str, needle: str) -> list[int]:
    out: list[int] = []
    i = text.find(needle)
    while i != -1 and needle:
        out.append(i)
        i = text.find(needle, i + 1)
    return out


def locate_gold(
    clean: str, hallucinated: str, gold_span: str, *, strict: bool = False, gold_start: int | None = None
) -> tuple[int, int] | None:
    """``(start, end)`` of the occurrence of ``gold_span`` in ``hallucinated`` that covers the edit from
    ``clean`` (see :func:`validate_injection`), or ``None``."""
    if not gold_span or clean == hallucinated:
        return None
    prefix, suffix = _common_prefix(clean, hallucinated), _common_suffix(clean, hallucinated)
    starts = [gold_start] if gold_start is not None else _occurrences(hallucinated, gold_span)
    for start in starts:
        end = start + len(gold_span)
        if hallucinated[start:end] != gold_span:
            continue
        wide_start, wide_end = _widen(hallucinated, start, end, lenient=not strict)
        if _covers(clean, hallucinated, wide_start, wide_end, prefix, suffix):
            return start, end
    return None


def _changed_blocks(clean: str, hallucinated: str) -> list[tuple[int, int]]:
    """Character ranges of ``hallucinated`` that a word-level diff marks as changed (a deletion is an empty
    range at its position)."""
    a = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(clean)]
    b = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(hallucinated)]
    matcher = difflib.SequenceMatcher(None, [t[2] for t in a], [t[2] for t in b], autojunk=False)
    blocks: list[tuple[int, int]] = []
    for tag, _, _, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if j1 < j2:
            blocks.append((b[j1][0], b[j2 - 1][1]))
        else:
            pos = b[j1][0] if j1 < len(b) else len(hallucinated)
            blocks.append((pos, pos))
    return blocks


def validate_injection(
    clean: str, hallucinated: str, gold_span: str, *, strict: bool = False, gold_start: int | None = None
) -> list[str]:
    """Problems of an injected item (empty list: valid).

    Valid means: the texts differ; ``gold_span`` is non-empty and occurs in ``hallucinated`` (at ``gold_start``
    when given); and one occurrence *covers the edit*: replacing some text inside it turns ``clean`` into
    ``hallucinated``, so the change is one contiguous region within the gold span.  The gold span may extend
    beyond the edit (published spans often take the whole phrase: "renal calculi" for ureteral -> renal); the
    edit may reach past the gold span only over spaces and punctuation, and, unless ``strict``, over up to three
    connector words on each side (", in whom <gold>", ", and <gold>").  When the edit is not covered and a
    word-level diff finds several separated changes, that is reported as well.
    """
    problems: list[str] = []
    if clean == hallucinated:
        return ["hallucinated_text equals clean_text"]
    if not gold_span.strip():
        return ["gold_span is empty"]
    if gold_start is not None and hallucinated[gold_start : gold_start + len(gold_span)] != gold_span:
        problems.append(f"gold_span is not at gold_start {gold_start} of hallucinated_text")
        gold_start = None
    if gold_span not in hallucinated:
        return [*problems, "gold_span does not occur in hallucinated_text"]
    if locate_gold(clean, hallucinated, gold_span, strict=strict, gold_start=gold_start) is not None:
        return problems
    region = changed_region(clean, hallucinated)
    occurrences = [gold_start] if gold_start is not None else _occurrences(hallucinated, gold_span)
    blocks = _changed_blocks(clean, hallucinated)
    outside = [(s, e) for s, e in blocks if not any(o <= s and e <= o + len(gold_span) for o in occurrences)]
    if len(blocks) > 1 and outside:
        problems.append(f"{len(blocks)} separate changed regions (expected one contiguous edit)")
    start, end = _whole_words(hallucinated, region.start, region.end)
    edit = (
        hallucinated[start:end]
        if region.end > region.start
        else f"(deleted {clean[region.clean_start : region.clean_end]!r})"
    )
    problems.append(f"gold_span does not cover the edit {_short(edit)!r}")
    return problems


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """``[start, end)`` grown to whole words where it cuts one."""
    while 0 < start < len(text) and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
        end += 1
    return start, end


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ----------------------------------------------------------------------------------------------- injection

_INVENTED_TEMPLATES: tuple[str, ...] = (
    "{outcome} occurred in {pct}% of {population}",
    "{pct}% of {population} discontinued treatment because of adverse events",
    "the benefit persisted for {months} months after treatment",
    "the effect was confined to {population} with {condition}",
    "the number needed to treat was {nnt}",
    "these findings were confirmed in an external cohort of {count} {population}",
    "{outcome} was reduced by {pct}% at {months} months",
    "{outcome} doubled among {population} within {months} months",
)
_WORD_SPAN = re.compile(r"[^\s]+")
_EDGE_PUNCT = "([{\"'“‘"
_END_PUNCT = ",;:.!?)]}\"'”’"


def _words(text: str) -> list[tuple[int, int]]:
    """Word spans of ``text`` without the punctuation glued to their edges."""
    out: list[tuple[int, int]] = []
    for m in _WORD_SPAN.finditer(text):
        s, e = m.start(), m.end()
        while s < e and text[s] in _EDGE_PUNCT:
            s += 1
        while e > s and text[e - 1] in _END_PUNCT:
            e -= 1
        if s < e:
            out.append((s, e))
    return out


def _gold_span(text: str, start: int, end: int, max_extra: int = 6) -> tuple[int, int]:
    """The gold region for new text ``text[start:end]``: trimmed of edge spaces/punctuation, snapped to whole
    words, then widened a word at a time (right first, never across a sentence end) until it occurs once in
    ``text`` and has content tokens."""
    while start < end and text[start] in _PUNCT_SPACE:
        start += 1
    while end > start and text[end - 1] in _PUNCT_SPACE:
        end -= 1
    start, end = _whole_words(text, start, end) if start < end else (start, end)
    words = _words(text)
    for _ in range(max_extra):
        gold = text[start:end]
        if content_tokens(gold) and len(_occurrences(text, gold)) == 1:
            break
        after = [w for w in words if w[0] >= end]
        before = [w for w in words if w[1] <= start]
        if after and not re.search(r"[.;!?]", text[end : after[0][0]]):
            end = after[0][1]
        elif before and not re.search(r"[.;!?]", text[before[-1][1] : start]):
            start = before[-1][0]
        else:
            break
    return start, end


def _ordered(weights: Mapping[str, float], rng: random.Random) -> list[str]:
    """The keys of ``weights`` in a seeded weighted order (each draw without replacement)."""
    keys = list(weights)
    out: list[str] = []
    while keys:
        k = rng.choices(range(len(keys)), weights=[weights[x] for x in keys])[0]
        out.append(keys.pop(k))
    return out


_GOVERNS_WITH = frozenset({"consistent", "comparable", "compatible", "along", "together", "concomitant", "contact"})
_DANGLING_START = re.compile(
    r"^(?:this|these|that|those|it|its|they|their|such|however|thus|therefore|hence|moreover|furthermore|further|"
    r"in conclusion|in summary|overall|finally|also|additionally|but|and|or)\b",
    re.IGNORECASE,
)
_HOMOGRAPHS = frozenset({"lead", "leads", "aids", "ace", "impact", "major", "cope", "gas", "pad", "tag"})
"""Corpus entity surfaces that are mostly ordinary English words in a conclusion ("may lead to")."""


class _Injector:
    def __init__(
        self,
        rng: random.Random,
        inventories: Sequence[EntityInventory],
        avoid: str,
        donors: Sequence[str],
        own: str,
    ) -> None:
        self.rng = rng
        self.inventories = inventories
        self.avoid = avoid
        self.donors = [d for d in donors if d.strip() and d != own]

    @staticmethod
    def mentions(inventory: EntityInventory, sentence: str) -> list[SpanMention]:
        return [
            m
            for m in inventory.find_mentions(sentence)
            if m.ids and m.text.lower() not in STOPWORDS and m.text.lower() not in _HOMOGRAPHS
        ]

    def entity(self, sentence: str) -> tuple[Perturbation, str] | None:
        for inventory in self.inventories:
            # one mention per surface (the first), so that only one region changes; specific types first
            first: dict[str, SpanMention] = {}
            for m in self.mentions(inventory, sentence):
                first.setdefault(m.text.lower(), m)
            pool = list(first.values())
            for tier in ([m for m in pool if m.type not in _GENERIC_TYPES], pool):
                for _ in range(3 if tier else 0):
                    pert = substitute_entity(sentence, tier, inventory, self.rng, avoid_text=self.avoid)
                    if pert is None:
                        break
                    old, new = pert.removed.lower(), pert.inserted.lower()
                    if old not in new and new not in old:  # "patients" -> "elderly patients" only narrows
                        return pert, "entity"
        return None

    def swap(self, sentence: str) -> Perturbation | None:
        for inventory in self.inventories:
            by_type: dict[str, list[SpanMention]] = {}
            for m in self.mentions(inventory, sentence):
                by_type.setdefault(m.type, []).append(m)
            groups = [g for _, g in sorted(by_type.items()) if len(g) >= 2]
            if groups:
                pert = swap_entities(sentence, groups[self.rng.randrange(len(groups))], self.rng)
                if pert is not None:
                    return pert
        return None

    def negation(self, sentence: str) -> Perturbation | None:
        """:func:`flip_negation`, except "with" -> "without" after a word that governs "with" ("associated
        with", "compared with"): that reads as nonsense rather than as a reversed relation."""
        for _ in range(4):
            pert = flip_negation(sentence, self.rng)
            if pert is None:
                return None
            previous = [w.lower() for w in re.findall(r"\w+", sentence[: pert.start])[-2:]]
            if len(previous) == 2 and previous[1].endswith("ly"):  # "correlated significantly with"
                previous = previous[:1]
            governed = bool(previous) and (previous[-1].endswith("ed") or previous[-1] in _GOVERNS_WITH)
            if not (pert.removed.lower() == "with" and governed):
                return pert
        return None

    def relation(self, sentence: str) -> tuple[Perturbation, str] | None:
        for op in _ordered({"direction": 0.45, "negation": 0.35, "swap": 0.20}, self.rng):
            if op == "direction":
                pert = flip_direction(sentence, self.rng)
            elif op == "negation":
                pert = self.negation(sentence)
            else:
                pert = self.swap(sentence)
            if pert is not None:
                return pert, op
        return None

    def agent(self) -> str | None:
        for inventory in [*self.inventories, _BUILTIN]:
            for etype in _AGENT_TYPES:
                found = inventory.sample(etype, (), self.avoid, self.rng) if inventory.size(etype) else None
                if found is not None and found.lower() not in _HOMOGRAPHS:
                    return found
        return None

    def mechanism(self, sentence: str) -> tuple[Perturbation, str] | None:
        agent = self.agent()
        if agent is None:
            return None
        replaced = misattribute_mechanism(sentence, self.rng, agent)
        if replaced is not None and self.rng.random() < 0.8:
            return replaced, "mechanism_replaced"
        appended = add_false_cause(sentence, self.rng, agent)
        return (appended, "mechanism_appended") if appended is not None else None

    def invented_clause(self) -> str:
        rng = self.rng
        lowered = self.avoid.lower()
        outcomes = [t for t in BUILTIN_TERMS["outcome"] if t not in lowered] or list(BUILTIN_TERMS["outcome"])
        populations = [t for t in BUILTIN_TERMS["population"] if t not in lowered] or list(BUILTIN_TERMS["population"])
        conditions = [t for t in BUILTIN_TERMS["condition"] if t not in lowered] or list(BUILTIN_TERMS["condition"])
        return rng.choice(_INVENTED_TEMPLATES).format(
            outcome=rng.choice(outcomes),
            population=rng.choice(populations),
            pct=rng.randint(12, 78),
            months=rng.choice((3, 6, 9, 12, 18, 24, 36)),
            condition=rng.choice(conditions),
            nnt=rng.randint(3, 40),
            count=rng.randint(120, 2400),
        )

    def donor_clause(self) -> str | None:
        """A self-contained sentence (6-30 words, no leading pronoun or discourse marker) of another record."""
        for _ in range(10):
            donor = self.donors[self.rng.randrange(len(self.donors))]
            sentences = [
                s.text
                for s in split_sentences(donor)
                if 6 <= len(s.text.split()) <= 30 and not _DANGLING_START.match(s.text)
            ]
            if sentences:
                sentence = sentences[self.rng.randrange(len(sentences))]
                if sentence.lower() not in self.avoid.lower():
                    return sentence
        return None

    def invented(self, sentence: str) -> tuple[Perturbation, str] | None:
        if self.donors and self.rng.random() < 0.3:
            clause = self.donor_clause()
            if clause is not None:
                pert = append_invented_clause(sentence, clause, self.rng)
                if pert is not None:
                    return pert, "invented_donor"
        pert = append_invented_clause(sentence, self.invented_clause(), self.rng)
        return (pert, "invented_template") if pert is not None else None


_BUILTIN = builtin_inventory()
_NOT_APPLICABLE: Mapping[str, str] = {
    "entity_substitution": "no substitutable entity of the inventory in the text",
    "relation_error": "no direction word, negation or pair of same-type entities to flip",
    "mechanism_misattribution": "no mechanism agent absent from the text and evidence",
    "invented": "no clause could be appended",
}


_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=\s))(an?)\s+$", re.IGNORECASE)


def _agree_article(pert: Perturbation) -> Perturbation:
    """Make an "a"/"an" right before a replaced word agree with the new word ("a safe" -> "an unsafe"); the
    change then starts at the article."""
    m = _ARTICLE_BEFORE.search(pert.text[: pert.start])
    if m is None or not pert.inserted[:1].isalpha() or pert.inserted[:2].isupper():
        return pert
    article = m.group(1)
    wanted = "an" if pert.inserted[0].lower() in "aeiou" else "a"
    if article.lower() == wanted:
        return pert
    wanted = wanted.capitalize() if article[0].isupper() else wanted
    text = pert.text[: m.start(1)] + wanted + pert.text[m.end(1) :]
    shift = len(wanted) - len(article)
    end = pert.end + shift
    removed = pert.original[m.start(1) : m.start(1) + (pert.start - m.start(1)) + len(pert.removed)]
    return Perturbation(text, m.start(1), end, pert.kind, pert.original, removed, text[m.start(1) : end])


def _inject(
    clean_text: str,
    error_type: str,
    seed: int | str,
    inventory: EntityInventory | None,
    evidence: str,
    donors: Sequence[str],
    builtin_fallback: bool = True,
) -> Injection | str:
    if error_type not in ERROR_TYPES:
        raise ValueError(f"unknown error type {error_type!r}; use one of {', '.join(ERROR_TYPES)}")
    kind = error_type
    if not clean_text.strip():
        return "the clean text is empty"
    rng = random.Random(f"medhal-inject:{seed}")
    inventories = [inventory] if inventory is not None else []
    if inventory is None or (builtin_fallback and inventory is not _BUILTIN):
        inventories.append(_BUILTIN)
    maker = _Injector(rng, inventories, f"{evidence} {clean_text}", donors, clean_text)
    sentences = [s for s in split_sentences(clean_text) if len(s.text.split()) >= 3] or split_sentences(clean_text)
    rng.shuffle(sentences)
    operations = {
        "entity_substitution": maker.entity,
        "relation_error": maker.relation,
        "mechanism_misattribution": maker.mechanism,
        "invented": maker.invented,
    }
    for sentence in sentences:
        made = operations[kind](sentence.text)
        if made is None:
            continue
        pert, operation = made
        pert = _agree_article(pert)
        text = clean_text[: sentence.start] + pert.text + clean_text[sentence.end :]
        # the gold region starts as the new text plus whatever else the edit touched (a joiner such as
        # ", and in addition " before an appended clause)
        region = changed_region(clean_text, text)
        start, end = _gold_span(
            text, min(sentence.start + pert.start, region.start), max(sentence.start + pert.end, region.end)
        )
        gold = text[start:end]
        if validate_injection(clean_text, text, gold, strict=True, gold_start=start):
            continue  # not expected for these perturbations; an item that fails validation is never emitted
        return Injection(kind, text, gold, start, end, operation, pert.removed, pert.inserted)
    return _NOT_APPLICABLE[kind]


def inject(
    clean_text: str,
    *,
    error_type: str,
    seed: int | str,
    inventory: EntityInventory | None = None,
    evidence: str = "",
    donors: Sequence[str] = (),
    builtin_fallback: bool = True,
) -> Injection | None:
    """Inject one ``error_type`` error into ``clean_text``, or ``None`` when no perturbation applies.

    ``inventory``: entities to substitute or swap and agents for mechanisms; the built-in generic terms
    (:func:`builtin_inventory`) are used without one, and after it when ``builtin_fallback`` and it has nothing
    that applies (corpus entities first, generic terms second);
    ``evidence``: substitutes and agents are drawn so they occur in neither it nor the clean text; ``donors``:
    other statements whose clauses ``invented`` may append (else only fabricated quantitative clauses).  The
    same arguments always give the same result.  ``ValueError`` for an unknown ``error_type``.
    """
    made = _inject(clean_text, error_type, seed, inventory, evidence, donors, builtin_fallback)
    return made if isinstance(made, Injection) else None


def parse_error_types(spec: str | Sequence[str]) -> tuple[ErrorType, ...]:
    """Error types from ``"a,b"`` or a list (order kept, repeats dropped); ``ValueError`` for unknown ones."""
    names = spec.split(",") if isinstance(spec, str) else list(spec)
    out: list[ErrorType] = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name not in ERROR_TYPES:
            raise ValueError(f"unknown error type {name!r}; use one of {', '.join(ERROR_TYPES)}")
        if name not in out:
            out.append(name)
    if not out:
        raise ValueError(f"no error types given; use one or more of {', '.join(ERROR_TYPES)}")
    return tuple(out)


def _shuffled(n: int, seed: int) -> list[int]:
    order = list(range(n))
    random.Random(f"medhal-inject-order:{seed}").shuffle(order)
    return order


def plan_assignments(
    records: Sequence[CleanRecord], types: Sequence[str], *, seed: int, per_type: int | None = None
) -> list[tuple[CleanRecord, ErrorType]]:
    """A fixed record -> type plan: records in a seeded order, types in turn, each record used once, until every
    type has ``per_type`` records (or the records run out).  For injectors that cannot tell in advance whether a
    record suits a type (the LLM injector); :func:`inject_items` instead moves on to the next record."""
    kinds = parse_error_types(types)
    counts = dict.fromkeys(kinds, 0)
    plan: list[tuple[CleanRecord, ErrorType]] = []
    for index in _shuffled(len(records), seed):
        open_types = [t for t in kinds if per_type is None or counts[t] < per_type]
        if not open_types:
            break
        kind = min(open_types, key=lambda t: (counts[t], kinds.index(t)))
        counts[kind] += 1
        plan.append((records[index], kind))
    return plan


def inject_items(
    records: Sequence[CleanRecord],
    *,
    types: Sequence[str] = ERROR_TYPES,
    seed: int = 0,
    inventory: EntityInventory | None = None,
    per_type: int | None = None,
    donors: bool = True,
    builtin_fallback: bool = True,
) -> tuple[list[InjectedItem], InjectionStats]:
    """Injected items for ``records``, each record used at most once, and what happened per type.

    Records are taken in a seeded order; each goes to the open type with the fewest items so far (ties in
    ``types`` order); when no perturbation of that type applies, the attempt is recorded as a :class:`Skip` and
    the next open type is tried.  A type is open until it has ``per_type`` items (``None``: always, so every
    usable record yields one item and the types stay balanced).  ``donors``: ``invented`` may append a clause
    of another record; ``inventory`` and ``builtin_fallback`` as in :func:`inject`.  Deterministic: the same
    records, arguments and seed give the same items.
    """
    kinds = parse_error_types(types)
    if per_type is not None and per_type < 1:
        raise ValueError(f"per_type must be >= 1, got {per_type}")
    ids = [r.id for r in records]
    if len(set(ids)) != len(ids):
        raise ValueError("record ids must be unique")
    stats = InjectionStats(kinds, len(records), per_type, dict.fromkeys(kinds, 0), dict.fromkeys(kinds, 0))
    pool = [r.clean_text for r in records] if donors else []
    items: list[InjectedItem] = []
    for index in _shuffled(len(records), seed):
        open_types = [t for t in kinds if per_type is None or stats.produced[t] < per_type]
        if not open_types:
            break
        record = records[index]
        made_one = False
        for kind in sorted(open_types, key=lambda t: (stats.produced[t], kinds.index(t))):
            made = _inject(
                record.clean_text,
                kind,
                f"{seed}:{record.id}:{kind}",
                inventory,
                record.evidence,
                pool,
                builtin_fallback,
            )
            if isinstance(made, str):
                stats.skipped[kind] += 1
                stats.skips.append(Skip(record.id, kind, made))
                continue
            items.append(InjectedItem.build(record, made, "rule"))
            stats.produced[kind] += 1
            made_one = True
            break
        if not made_one:
            stats.unusable += 1
    return items, stats


# ----------------------------------------------------------------------------------------------- reading


def _record(number: int, obj: object) -> CleanRecord:
    if not isinstance(obj, dict):
        raise ValueError(f"line {number} is not a JSON object")
    raw_id = obj.get("id")
    if isinstance(raw_id, bool) or not isinstance(raw_id, str | int) or raw_id == "":
        raise ValueError(f"line {number}: id must be a non-empty string or an integer")
    clean = obj.get("clean_text")
    if not isinstance(clean, str) or not clean.strip():
        raise ValueError(f"line {number}: clean_text must be a non-empty string")
    for key in ("question", "evidence"):
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise ValueError(f"line {number}: {key} must be a string")
    return CleanRecord(str(raw_id), clean, obj.get("question") or "", obj.get("evidence") or "")


def read_clean_records(path: str | Path) -> list[CleanRecord]:
    """Clean statements from a JSONL file: ``id, clean_text`` and optional ``question, evidence`` per line (a
    MedHal-Loc file works too: its ``clean_text`` is reused, its errors ignored).  Blank lines are skipped; lines
    are split on ``\\n`` only.  ``ValueError`` (one line, with the line number) for a malformed line, a duplicate
    id or an empty file; ``OSError`` when the file cannot be read."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not valid UTF-8 (byte offset {exc.start})") from None
    records: list[CleanRecord] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {number} is not JSON: {exc.msg} (column {exc.colno})") from None
        record = _record(number, obj)
        if record.id in seen:
            raise ValueError(f"duplicate id {record.id!r} on lines {seen[record.id]} and {number}")
        seen[record.id] = number
        records.append(record)
    if not records:
        raise ValueError("no records")
    return records


PUBTATOR_TYPES: Mapping[str, str] = {"ChemMet": "Chemical", **dict.fromkeys(sorted(NCBI_DISEASE_TYPES), "Disease")}
"""Entity types renamed when reading corpora for an inventory: CHR's ``ChemMet`` and the NCBI-disease classes
become BC5CDR's ``Chemical`` / ``Disease``, so the corpora merge."""


def read_inventory(paths: Sequence[str | Path]) -> EntityInventory:
    """An :class:`EntityInventory` of every mention with ids in the PubTator files ``paths`` (BC5CDR, CHR,
    NCBI-disease; types renamed by :data:`PUBTATOR_TYPES`).  ``ValueError`` for a file without mentions or that
    is not UTF-8; ``OSError`` when one cannot be read."""
    inventory = EntityInventory()
    for path in paths:
        try:
            documents = read_pubtator(path, dict(PUBTATOR_TYPES))
        except UnicodeDecodeError as exc:
            raise ValueError(f"PubTator file {path} is not valid UTF-8 (byte offset {exc.start})") from None
        mentions = [m for doc in documents for m in doc.mentions]
        if not mentions:
            raise ValueError(f"PubTator file {path} has no entity mentions")
        for m in mentions:
            inventory.add(m.text, m.type, m.ids)
    return inventory
