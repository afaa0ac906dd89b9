"""Rule-based injection of one error of one type into one clean statement (:func:`inject`); the types and their
operations are listed in :mod:`medhal.synthesis.injection`."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

from medhal.synthesis._draws import weighted_order
from medhal.synthesis.injection.records import ERROR_TYPES, Injection
from medhal.synthesis.injection.terms import BUILTIN_TERMS, builtin_inventory
from medhal.synthesis.injection.validate import _gold_span, changed_region, validate_injection
from medhal.synthesis.perturb import (
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
from medhal.text import STOPWORDS, split_sentences

__all__ = ["inject"]

_GENERIC_TYPES = frozenset({"population"})
"""Entity types substituted only when the statement holds no more specific entity."""
_AGENT_TYPES = ("Chemical", "ChemMet", "Gene", "GeneOrGeneProduct", "mediator")

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
        # the whole order is drawn before any operation draws from the same rng
        for op in list(weighted_order(("direction", "negation", "swap"), (0.45, 0.35, 0.20), self.rng)):
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
