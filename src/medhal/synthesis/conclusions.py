"""Seeded "conclusion-clause" NLI pairs: an abstract's context sentences vs the clauses of its conclusion.

This mirrors the *shape* of MedHal-Loc (evidence = an abstract without its conclusion; response = the
conclusion cut into clauses with :func:`medhal.text.split_clauses`) using only train-role PubTator abstracts
(BC5CDR Training+Development, NCBI-disease train+devel, CHR ``dev.pubtator``: role *train* in
``shared/data/README.md``). It never reads a file itself: callers pass documents they loaded.

For an abstract (title excluded) whose final 1-2 sentences form the conclusion:

* premise: the sentences before the conclusion, cut to ``max_premise_words`` (mostly the whole context,
  sometimes a 1-3 sentence window around the context sentence that best supports the clause);
* hypothesis: one clause of the conclusion (sometimes the whole conclusion sentence holding it);
* label ``entailment`` for a clean clause; ``contradiction`` for the clause with one perturbation from
  :mod:`medhal.synthesis.perturb` (entity substitution from the corpus inventory, direction / relation flip,
  negation flip, number change); ``neutral`` for an invented mechanism ("because <entity> <verb> <entity>",
  entities absent from the premise) or invented content (a clause from another abstract's conclusion).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.data.nli import Label, NLIPair
from medhal.synthesis._draws import weighted_order
from medhal.synthesis._perturb_records import mentions_within
from medhal.synthesis.pairs import SynthDoc
from medhal.synthesis.perturb import (
    EntityInventory,
    Perturbation,
    SpanMention,
    change_number,
    flip_direction,
    flip_negation,
    substitute_entity,
)
from medhal.text import content_tokens, split_clauses

__all__ = ["ConclusionConfig", "ConclusionExample", "conclusion_examples", "conclusion_pairs", "split_conclusion"]

_MECHANISM_VERBS: tuple[str, ...] = (
    "inhibits",
    "activates",
    "suppresses",
    "induces",
    "blocks",
    "up-regulates",
    "down-regulates",
    "binds to",
    "depletes",
    "stimulates",
)
_MECHANISM_FRAMES: tuple[str, ...] = (
    "because {a} {v} {b}",
    "because {a} directly {v} {b}",
    "since {a} {v} {b}",
    "as {a} {v} {b}",
)


@dataclass(frozen=True, slots=True)
class ConclusionConfig:
    """Knobs of :func:`conclusion_examples`; label shares are normalised."""

    entail_share: float = 0.40
    contra_share: float = 0.30
    neutral_share: float = 0.30
    max_premise_words: int = 220
    min_context_sentences: int = 3
    two_sentence_probability: float = 0.3
    """Chance the conclusion is the final two sentences (always when the final sentence is under 8 words)."""
    window_probability: float = 0.2
    """Chance the premise is a 1-3 sentence window around the best-supporting context sentence."""
    sentence_hypothesis_probability: float = 0.15
    """Chance the hypothesis is the whole conclusion sentence holding the (perturbed) clause."""
    contra_kinds: tuple[str, ...] = ("entity", "direction", "negation", "number")
    contra_weights: tuple[float, ...] = (0.40, 0.30, 0.18, 0.12)
    neutral_kinds: tuple[str, ...] = ("mechanism", "mechanism_appended", "invented")
    neutral_weights: tuple[float, ...] = (0.40, 0.20, 0.40)
    pairs_per_doc: int = 3
    min_clause_words: int = 3


@dataclass(frozen=True, slots=True)
class ConclusionExample:
    """One generated pair with its provenance; ``hypothesis[start:end] == inserted`` when ``inserted``."""

    doc_id: str
    premise: str
    hypothesis: str
    label: Label
    kind: str
    clause: str
    """The clean conclusion clause the hypothesis was made from."""
    start: int
    end: int
    inserted: str

    def pair(self, source: str) -> NLIPair:
        """As an :class:`NLIPair`."""
        return NLIPair(self.premise, self.hypothesis, self.label, source)


def split_conclusion(doc: SynthDoc, rng: random.Random, config: ConclusionConfig) -> tuple[int, int] | None:
    """``(first_context, first_conclusion)`` sentence indices (title at 0 excluded), or None if too short."""
    first = 1 if len(doc.sentences) > 1 else 0
    n = len(doc.sentences)
    k = 1
    if len(doc.sentences[-1].split()) < 8 or rng.random() < config.two_sentence_probability:
        k = 2
    if n - k - first < config.min_context_sentences:
        return None
    return first, n - k


def _cut_words(sentences: Sequence[str], budget: int) -> list[str]:
    out: list[str] = []
    words = 0
    for s in sentences:
        n = len(s.split())
        if out and words + n > budget:
            break
        out.append(s)
        words += n
    return out


def _support_index(context: Sequence[str], clause: str) -> int:
    target = content_tokens(clause)
    best, best_score = len(context) - 1, -1.0
    for i, sent in enumerate(context):
        score = len(target & content_tokens(sent)) / (1.0 + len(target))
        if score > best_score:
            best, best_score = i, score
    return best


def _premise(context: Sequence[str], clause: str, rng: random.Random, config: ConclusionConfig) -> str:
    if rng.random() < config.window_probability:
        i = _support_index(context, clause)
        width = rng.randint(1, 3)
        lo = max(0, i - rng.randint(0, width - 1))
        return " ".join(_cut_words(context[lo : lo + width], config.max_premise_words))
    kept = _cut_words(context, config.max_premise_words)
    return " ".join(kept)


def _strip_end(text: str) -> str:
    return text.rstrip().rstrip(".;:,!").rstrip()


class _Maker:
    def __init__(self, docs: Sequence[SynthDoc], inventory: EntityInventory, rng: random.Random) -> None:
        self.docs = list(docs)
        self.inventory = inventory
        self.rng = rng
        self.entities: list[str] = sorted(
            {m.text for d in self.docs for ms in d.mentions for m in ms if len(m.text) >= 4 and m.ids}
        )

    def entity_absent(self, avoid: str) -> str | None:
        low = avoid.lower()
        for _ in range(20):
            e = self.entities[self.rng.randrange(len(self.entities))] if self.entities else ""
            if e and e.lower() not in low:
                return e
        return None

    def donor_clause(self, doc_id: str, avoid: str) -> str | None:
        for _ in range(10):
            doc = self.docs[self.rng.randrange(len(self.docs))]
            if doc.doc_id == doc_id:
                continue
            clauses = [c.text for c in split_clauses(doc.sentences[-1]) if len(c.text.split()) >= 5]
            if clauses:
                c = clauses[self.rng.randrange(len(clauses))]
                if c.lower() not in avoid.lower():
                    return c
        return None


def _contradiction(
    kind: str, clause: str, mentions: Sequence[SpanMention], maker: _Maker, premise: str
) -> Perturbation | None:
    rng = maker.rng
    if kind == "entity":
        # prefer an entity the premise mentions: replacing it contradicts the evidence
        grounded = [m for m in mentions if m.text.lower() in premise.lower()]
        return substitute_entity(clause, grounded or mentions, maker.inventory, rng, avoid_text=premise)
    if kind == "direction":
        return flip_direction(clause, rng)
    if kind == "negation":
        return flip_negation(clause, rng)
    if kind == "number":
        return change_number(clause, rng)
    raise ValueError(kind)


def _neutral(kind: str, clause: str, doc_id: str, maker: _Maker, premise: str) -> tuple[str, int, int, str] | None:
    rng = maker.rng
    if kind in ("mechanism", "mechanism_appended"):
        a = maker.entity_absent(premise + " " + clause)
        b = maker.entity_absent(premise + " " + clause + " " + (a or ""))
        if a is None or b is None or a.lower() == b.lower():
            return None
        frame = rng.choice(_MECHANISM_FRAMES)
        text = frame.format(a=a, b=b, v=rng.choice(_MECHANISM_VERBS)) + "."
        if kind == "mechanism":
            return text, 0, len(text) - 1, text[:-1]
        body = _strip_end(clause)
        new = f"{body}, {text}"
        return new, len(body) + 2, len(new) - 1, text[:-1]
    if kind == "invented":
        donor = maker.donor_clause(doc_id, premise)
        if donor is None:
            return None
        return donor, 0, len(donor), donor
    raise ValueError(kind)


def conclusion_examples(
    docs: Sequence[SynthDoc],
    inventory: EntityInventory,
    n_pairs: int,
    seed: int,
    config: ConclusionConfig | None = None,
) -> list[ConclusionExample]:
    """About ``n_pairs`` examples (fewer if the abstracts run out); deterministic for ``seed`` and inputs."""
    cfg = config or ConclusionConfig()
    rng = random.Random(seed)
    usable = [d for d in docs if len(d.sentences) >= cfg.min_context_sentences + 2]
    if not usable or n_pairs <= 0:
        return []
    maker = _Maker(usable, inventory, rng)
    labels: tuple[Label, Label, Label] = ("entailment", "contradiction", "neutral")
    shares = (cfg.entail_share, cfg.contra_share, cfg.neutral_share)
    out: list[ConclusionExample] = []
    seen: set[tuple[str, str]] = set()
    per_doc: dict[str, int] = {}
    counts: dict[str, int] = dict.fromkeys(labels, 0)
    attempts = 0
    while len(out) < n_pairs and attempts < n_pairs * 30:
        attempts += 1
        doc = usable[rng.randrange(len(usable))]
        if per_doc.get(doc.doc_id, 0) >= cfg.pairs_per_doc:
            continue
        split = split_conclusion(doc, rng, cfg)
        if split is None:
            continue
        first, concl = split
        context = list(doc.sentences[first:concl])
        units: list[tuple[int, int, int]] = []  # (sentence index, clause start, clause end)
        for si in range(concl, len(doc.sentences)):
            for c in split_clauses(doc.sentences[si]):
                if len(c.text.split()) >= cfg.min_clause_words:
                    units.append((si, c.start, c.end))
        if not units:
            continue
        si, cs, ce = units[rng.randrange(len(units))]
        sentence = doc.sentences[si]
        clause = sentence[cs:ce]
        premise = _premise(context, clause, rng, cfg)
        if not premise or clause in premise or sentence in premise:
            continue
        # the label furthest below its share (ties: a seeded draw), so that labels that fail more often
        # (a clause without a perturbable entity, direction word, ...) still reach their share
        total = sum(shares)
        deficits = [shares[i] / total * (len(out) + 1) - counts[labels[i]] for i in range(3)]
        top = max(deficits)
        label = rng.choice([labels[i] for i in range(3) if deficits[i] >= top - 1e-9])
        whole = rng.random() < cfg.sentence_hypothesis_probability
        made: ConclusionExample | None = None
        if label == "entailment":
            hyp, kind = (sentence, "clean_sentence") if whole else (clause, "clean_clause")
            made = ConclusionExample(doc.doc_id, premise, hyp, label, kind, clause, 0, 0, "")
        elif label == "contradiction":
            mentions = mentions_within(doc.mentions[si], cs, ce)
            for kind in weighted_order(cfg.contra_kinds, cfg.contra_weights, rng):
                pert = _contradiction(kind, clause, mentions, maker, premise)
                if pert is None:
                    continue
                if whole:
                    hyp = sentence[:cs] + pert.text + sentence[ce:]
                    made = ConclusionExample(
                        doc.doc_id,
                        premise,
                        hyp,
                        label,
                        pert.kind,
                        clause,
                        cs + pert.start,
                        cs + pert.end,
                        pert.inserted,
                    )
                else:
                    made = ConclusionExample(
                        doc.doc_id, premise, pert.text, label, pert.kind, clause, pert.start, pert.end, pert.inserted
                    )
                break
        else:
            for kind in weighted_order(cfg.neutral_kinds, cfg.neutral_weights, rng):
                res = _neutral(kind, clause, doc.doc_id, maker, premise)
                if res is None:
                    continue
                hyp, start, end, inserted = res
                made = ConclusionExample(doc.doc_id, premise, hyp, label, kind, clause, start, end, inserted)
                break
        if made is None or made.hypothesis in premise or (made.premise, made.hypothesis) in seen:
            continue
        seen.add((made.premise, made.hypothesis))
        per_doc[doc.doc_id] = per_doc.get(doc.doc_id, 0) + 1
        counts[made.label] += 1
        out.append(made)
    return out


def conclusion_pairs(
    docs: Sequence[SynthDoc],
    inventory: EntityInventory,
    n_pairs: int,
    seed: int,
    source: str = "conclusions",
    config: ConclusionConfig | None = None,
) -> list[NLIPair]:
    """:func:`conclusion_examples` as :class:`NLIPair` objects tagged with ``source``."""
    return [e.pair(source) for e in conclusion_examples(docs, inventory, n_pairs, seed, config)]
