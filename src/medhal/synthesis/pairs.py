"""Seeded synthetic biomedical NLI pairs built from annotated abstracts and free clinical text.

For a chosen sentence of a document the premise is its *window* (the sentence alone, the sentence with 1-4
neighbours, or the abstract cut around it to a word budget), and the hypothesis is

* the sentence verbatim or a leading sub-clause of it -> ``entailment``;
* the sentence (or sub-clause) perturbed by :mod:`medhal.synthesis.perturb` (entity / number / direction /
  negation / role swap) -> ``contradiction``;
* the sentence with an invented clause or a false mechanism appended, or a sentence from another
  document -> ``neutral``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from medhal.data.corpora import MedErrItem, Passage, split_sentences
from medhal.data.nli import Label, NLIPair
from medhal.data.pubtator import Document
from medhal.synthesis._draws import weighted_order
from medhal.synthesis._perturb_records import mentions_within
from medhal.synthesis.perturb import (
    EntityInventory,
    Perturbation,
    SpanMention,
    add_false_cause,
    append_invented_clause,
    change_number,
    flip_direction,
    flip_negation,
    simplify,
    substitute_entity,
    swap_entities,
    trim_clause,
)

__all__ = [
    "PerturbationProbe",
    "SynthConfig",
    "SynthDoc",
    "build_window",
    "docs_from_passages",
    "docs_from_pubtator",
    "inventory_from_pubtator",
    "mederrbench_pairs",
    "perturbation_probes",
    "synthesize",
]


@dataclass(frozen=True, slots=True)
class SynthDoc:
    """A document as sentences, each with its entity mentions (sentence-relative offsets)."""

    doc_id: str
    source: str
    sentences: tuple[str, ...]
    mentions: tuple[tuple[SpanMention, ...], ...]


@dataclass(frozen=True, slots=True)
class SynthConfig:
    """Knobs of :func:`synthesize`; label shares are normalised."""

    entail_share: float = 0.32
    contra_share: float = 0.43
    neutral_share: float = 0.25
    trim_probability: float = 0.4
    max_window_words: int = 110
    min_hyp_words: int = 6
    max_hyp_words: int = 55
    window_weights: tuple[float, float, float] = (0.2, 0.55, 0.25)
    contra_kinds: tuple[str, ...] = ("entity", "number", "direction", "negation", "swap")
    contra_weights: tuple[float, ...] = (0.34, 0.22, 0.24, 0.10, 0.10)
    neutral_kinds: tuple[str, ...] = ("other_doc", "invented", "cause")
    neutral_weights: tuple[float, ...] = (0.45, 0.4, 0.15)
    simplify_probability: float = 0.6
    """Share of entailed hypotheses that are a simplified (shortened) sentence rather than verbatim."""


def _sentence_spans(doc: Document) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    title = doc.title.rstrip()
    if title:
        spans.append((0, len(title)))
    if doc.abstract:
        offset = len(doc.title) + 1
        spans.extend((offset + s, offset + e) for s, e in split_sentences(doc.abstract))
    return spans


def docs_from_pubtator(documents: Sequence[Document], source: str) -> list[SynthDoc]:
    """Split PubTator documents into sentences (title first) and re-base mention offsets per sentence."""
    out: list[SynthDoc] = []
    for doc in documents:
        text = doc.text
        sents: list[str] = []
        ments: list[tuple[SpanMention, ...]] = []
        for s, e in _sentence_spans(doc):
            inside = mentions_within(doc.mentions, s, e)
            sents.append(text[s:e])
            ments.append(inside)
        if sents:
            out.append(SynthDoc(doc.pmid, source, tuple(sents), tuple(ments)))
    return out


def docs_from_passages(passages: Sequence[Passage]) -> list[SynthDoc]:
    """Wrap mention-less passages (NICTA-PIBOSO, evidence texts) as :class:`SynthDoc`."""
    return [SynthDoc(p.doc_id, p.source, p.sentences, tuple(() for _ in p.sentences)) for p in passages if p.sentences]


def inventory_from_pubtator(documents: Sequence[Document], inventory: EntityInventory | None = None) -> EntityInventory:
    """Add every mention with ids to an :class:`EntityInventory` (a new one unless given)."""
    inv = inventory if inventory is not None else EntityInventory()
    for doc in documents:
        for m in doc.mentions:
            inv.add(m.text, m.type, m.ids)
    return inv


def build_window(sentences: Sequence[str], index: int, rng: random.Random, config: SynthConfig) -> str:
    """The premise window around ``sentences[index]``: alone, with 1-4 neighbours, or the document cut to
    ``config.max_window_words`` words; the target sentence is always included."""
    mode = rng.choices((0, 1, 2), weights=config.window_weights)[0]
    budget = config.max_window_words
    lo = hi = index
    words = len(sentences[index].split())
    if mode == 0:
        return sentences[index]
    extra = rng.randint(1, 4) if mode == 1 else len(sentences)
    while extra > 0:
        options = []
        if lo > 0:
            options.append(lo - 1)
        if hi < len(sentences) - 1:
            options.append(hi + 1)
        if not options:
            break
        pick = rng.choice(options)
        n = len(sentences[pick].split())
        if words + n > budget:
            break
        words += n
        lo, hi = min(lo, pick), max(hi, pick)
        extra -= 1
    return " ".join(sentences[lo : hi + 1])


def _hypothesis_base(
    sentence: str, mentions: Sequence[SpanMention], rng: random.Random, config: SynthConfig
) -> tuple[str, tuple[SpanMention, ...]]:
    if rng.random() < config.trim_probability:
        clause = trim_clause(sentence, rng)
        if clause is not None:
            body_len = len(clause) - 1
            return clause, tuple(m for m in mentions if m.end <= body_len)
    return sentence, tuple(mentions)


class _Generator:
    def __init__(
        self, docs: Sequence[SynthDoc], inventory: EntityInventory, rng: random.Random, config: SynthConfig
    ) -> None:
        self.docs = [d for d in docs if d.sentences]
        self.inventory = inventory
        self.rng = rng
        self.config = config
        self.agents = [m.text for d in self.docs for ms in d.mentions for m in ms if m.type in ("Chemical", "ChemMet")]

    def _random_sentence(self, exclude_doc: str) -> str | None:
        for _ in range(10):
            doc = self.docs[self.rng.randrange(len(self.docs))]
            if doc.doc_id == exclude_doc:
                continue
            sent = doc.sentences[self.rng.randrange(len(doc.sentences))]
            if self.config.min_hyp_words <= len(sent.split()) <= self.config.max_hyp_words:
                return sent
        return None

    def _contra(self, kind: str, base: str, mentions: Sequence[SpanMention], window: str) -> Perturbation | None:
        rng = self.rng
        if kind == "entity":
            return substitute_entity(base, mentions, self.inventory, rng, avoid_text=window)
        if kind == "number":
            return change_number(base, rng)
        if kind == "direction":
            return flip_direction(base, rng)
        if kind == "negation":
            return flip_negation(base, rng)
        if kind == "swap":
            return swap_entities(base, mentions, rng)
        raise ValueError(kind)

    def _neutral(self, kind: str, doc: SynthDoc, base: str) -> str | None:
        rng = self.rng
        if kind == "other_doc":
            return self._random_sentence(doc.doc_id)
        if kind == "invented":
            donor = self._random_sentence(doc.doc_id)
            pert = append_invented_clause(base, donor, rng) if donor else None
            return pert.text if pert else None
        if kind == "cause":
            if not self.agents:
                return None
            agent = self.agents[rng.randrange(len(self.agents))]
            if agent.lower() in base.lower():
                return None
            pert = add_false_cause(base, rng, agent)
            return pert.text if pert else None
        raise ValueError(kind)

    def one(self, doc: SynthDoc, index: int, label: Label) -> tuple[str, str, str] | None:
        """``(premise, hypothesis, kind)`` for sentence ``index`` of ``doc`` with the wanted label, or None."""
        cfg, rng = self.config, self.rng
        sentence = doc.sentences[index]
        if not cfg.min_hyp_words <= len(sentence.split()) <= cfg.max_hyp_words:
            return None
        window = build_window(doc.sentences, index, rng, cfg)
        base, mentions = _hypothesis_base(sentence, doc.mentions[index], rng, cfg)
        if label == "entailment":
            if rng.random() < cfg.simplify_probability:
                simple = simplify(sentence, rng)
                if simple is not None:
                    return window, simple, "simplified"
            return window, base, "trimmed" if base != sentence else "verbatim"
        if label == "contradiction":
            for kind in weighted_order(cfg.contra_kinds, cfg.contra_weights, rng):
                pert = self._contra(kind, base, mentions, window)
                if pert is not None:
                    return window, pert.text, pert.kind
            return None
        for kind in weighted_order(cfg.neutral_kinds, cfg.neutral_weights, rng):
            hyp = self._neutral(kind, doc, base)
            if hyp is not None and hyp not in window:
                return window, hyp, kind
        return None


def synthesize(
    docs: Sequence[SynthDoc],
    inventory: EntityInventory,
    n_pairs: int,
    seed: int,
    source: str,
    config: SynthConfig | None = None,
    on_kind: Callable[[str], None] | None = None,
) -> list[NLIPair]:
    """Generate about ``n_pairs`` synthetic pairs from ``docs`` (fewer if the documents run out).

    Labels follow the config shares; each pair's perturbation kind is passed to ``on_kind`` when given.
    Deterministic for a given ``seed`` and inputs; exact duplicate pairs are dropped.
    """
    cfg = config or SynthConfig()
    rng = random.Random(seed)
    gen = _Generator(docs, inventory, rng, cfg)
    if not gen.docs or n_pairs <= 0:
        return []
    labels: tuple[Label, Label, Label] = ("entailment", "contradiction", "neutral")
    shares = (cfg.entail_share, cfg.contra_share, cfg.neutral_share)
    out: list[NLIPair] = []
    seen: set[tuple[str, str]] = set()
    attempts = 0
    max_attempts = n_pairs * 20
    while len(out) < n_pairs and attempts < max_attempts:
        attempts += 1
        doc = gen.docs[rng.randrange(len(gen.docs))]
        index = rng.randrange(len(doc.sentences))
        label = rng.choices(labels, weights=shares)[0]
        made = gen.one(doc, index, label)
        if made is None:
            continue
        premise, hypothesis, kind = made
        if (premise, hypothesis) in seen:
            continue
        seen.add((premise, hypothesis))
        out.append(NLIPair(premise, hypothesis, label, source))
        if on_kind is not None:
            on_kind(kind)
    return out


def mederrbench_pairs(
    items: Sequence[MedErrItem], seed: int, max_window_words: int = 110, source: str = "mederrbench"
) -> list[NLIPair]:
    """Pairs from MedErrBench error notes: the note with the corrected sentence in place (windowed around it)
    entails the corrected sentence and contradicts the erroneous one."""
    rng = random.Random(seed)
    cfg = SynthConfig(max_window_words=max_window_words)
    out: list[NLIPair] = []
    for item in items:
        if not item.has_error or not item.error_sentence or not item.corrected_sentence:
            continue
        if item.error_sentence not in item.text or item.error_sentence == item.corrected_sentence:
            continue
        fixed = item.text.replace(item.error_sentence, item.corrected_sentence, 1)
        sentences = [fixed[s:e] for s, e in split_sentences(fixed)]
        try:
            index = next(i for i, s in enumerate(sentences) if item.corrected_sentence in s)
        except StopIteration:
            continue
        window = build_window(sentences, index, rng, cfg)
        if item.corrected_sentence not in window:
            continue
        out.append(NLIPair(window, item.corrected_sentence, "entailment", source))
        out.append(NLIPair(window, item.error_sentence, "contradiction", source))
    return out


@dataclass(frozen=True, slots=True)
class PerturbationProbe:
    """A premise window with the faithful hypothesis and one contradicting edit of it (for sensitivity tests)."""

    premise: str
    original: str
    perturbed: str
    kind: str
    start: int
    """Span of the edit in :attr:`perturbed`."""
    end: int


def perturbation_probes(
    docs: Sequence[SynthDoc],
    inventory: EntityInventory,
    n_probes: int,
    seed: int,
    config: SynthConfig | None = None,
) -> list[PerturbationProbe]:
    """Up to ``n_probes`` (window, sentence, contradicting edit) triples, kinds cycled for balance.

    A verifier should give the perturbed hypothesis a lower entailment probability than the original.
    """
    cfg = config or SynthConfig()
    rng = random.Random(seed)
    gen = _Generator(docs, inventory, rng, cfg)
    if not gen.docs or n_probes <= 0:
        return []
    kinds = list(cfg.contra_kinds)
    out: list[PerturbationProbe] = []
    attempts = 0
    while len(out) < n_probes and attempts < n_probes * 30:
        kind = kinds[len(out) % len(kinds)]  # retry a kind until it applies: balanced kinds
        attempts += 1
        doc = gen.docs[rng.randrange(len(gen.docs))]
        index = rng.randrange(len(doc.sentences))
        sentence = doc.sentences[index]
        if not cfg.min_hyp_words <= len(sentence.split()) <= cfg.max_hyp_words:
            continue
        window = build_window(doc.sentences, index, rng, cfg)
        pert = gen._contra(kind, sentence, doc.mentions[index], window)
        if pert is None:
            continue
        out.append(PerturbationProbe(window, sentence, pert.text, pert.kind, pert.start, pert.end))
    return out
