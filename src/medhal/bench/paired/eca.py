"""Evidence Contrastive Analysis (ECA) of seed 002 §3.4.3, §4.4, Appendix E and Table 15.

ECA scores the ``Evidence`` line a model cites on each note of a pair:

* **TP localization** - the evidence cited on the *error* note overlaps the error sentence;
* **FP evidence-hit** - the evidence cited on the *clean* note overlaps the corrected sentence (the clean note's
  version of that sentence: ``corrected_sentence`` of the error note).

Overlap (:func:`evidence_overlaps`) is substring containment either way or word coverage ``>= threshold`` (0.6; the
seed checks 0.5 / 0.6 / 0.7), with character-level counting for Chinese and Japanese (``language`` ``zh`` / ``ja``,
region suffixes allowed).  Texts are compared after :func:`normalize_text` (NFKC, casefold, whitespace collapsed -
removed altogether for Chinese / Japanese - and quotes / punctuation stripped at both ends).  The seed does not say
which side "word coverage" is measured on; ``coverage="either"`` (default) takes the larger of the two directions,
``|W(e) & W(t)| / min(|W(e)|, |W(t)|)`` over distinct tokens, mirroring "containment either way";
``coverage="target"`` (share of the gold sentence's tokens the evidence covers) and ``coverage="evidence"`` (share of
the evidence's tokens found in the gold sentence) are the one-sided readings.  Tokens are ``\\w+`` runs, or single
letters / digits for Chinese and Japanese; no stop-words are removed.

The two indicators make five mutually exclusive categories per pair (Figure 3):

* ``A`` Both-Hit (TP and FP hit: a judgment failure), ``B`` TP-only, ``C`` FP-only, ``D`` Neither-hit (attention
  failure),
* ``E`` Extraction-fail: "pairs with unparseable Evidence fields", and "parse failures are themselves captured as
  Extraction-Fail" (§3.4.3-3.4.4).  Rule here: a pair is ``E`` when **either** note lacks a usable verdict (only
  possible with ``scope="all"``) or **either** note's evidence is unusable - ``None``, empty, only punctuation, or an
  ``NA`` marker (:data:`NA_MARKERS`, :func:`usable_evidence`) - since neither indicator can then be scored for the
  pair.

ECA runs on the Pred1 pairs (both notes flagged; ``scope="pred1"``, the seed's setting) or on every pair
(``scope="all"``).  Rates are over **all** categorized pairs, ``E`` included: ``tp_localization = (A + B) / n``,
``fp_evidence_hit = (A + C) / n`` - the convention of Table 15 (Qwen 3-32B on MS-Test: (240 + 213) / 521 = 86.9%)
and of Table 7's pooled N = 9,428.  Pooling configurations: :func:`pool_eca_reports` sums counts (Table 15's A-E);
the seed's "TP loc" column is instead the unweighted mean of per-configuration rates
(``aggregate_configs(...)["tp_localization"]`` in :mod:`medhal.bench.paired.metrics`).

Random baseline (§4.4): "a sentence-level uniform pick, ... the inverse of the average number of sentences per
note" (:func:`random_localization_baseline`).  :func:`eca_report` reports ``1 / mean(n_sentences)`` over the
distinct notes (both members) of the pairs it is given, before the scope filter, so the baseline is a property of the
data set, not of the model; ``n_sentences`` is the dataset's own sentence numbering (``ClinicalNote.sentences``).
``average="mean_inverse"`` gives ``mean(1 / n)``, the exact expected hit rate of a uniform pick (larger: Jensen).

**This does not reproduce the seed's printed baselines** (12.6% MS-Test, 9.3% MEB-EN, 27.7% MEB-CN).  On the
shared test files medhal's default gives 8.5 / 8.9 / 24.8%; ``mean_inverse`` over the error notes gives
11.5 / 10.3 / 27.7% (CN only).  No data-only counting we tried reproduces all three: 13 sentence counters (the
dataset's ids, ``medhal.text.split_sentences``, regex splits on ``.!?。！？`` with and without whitespace, ``. ``,
bare ``.``, line breaks, punctuation counts, Chinese clause punctuation) x 5 note sets (all, error, clean, paired,
paired error) x 3 averages (``1 / mean``, ``mean(1 / n)``, ``1 / median``) stay at least 1.1 points off on MS-Test
or MEB-EN.  The nearest miss is not the stated formula: a uniform pick among ``split_sentences`` sentences scored
with the ECA overlap rule itself (a hit when the picked sentence overlaps the error sentence), averaged over the
error notes, gives 12.3-13.0 / 9.5-10.0 / 27.6-28.3% over thresholds 0.5-0.7 and the coverage readings - MEB-EN never
reaches 9.3.  The seed's ordering is itself telling: MS-Test notes have *more* numbered sentences than MEB-EN notes
(11.6 vs 11.2 on average) yet its baseline is higher (12.6 vs 9.3).  Table 7 states its 12.6% against the
N = 9,428 pooled Pred1 judgments (the sum of Table 15's MS-Test ``n``), so the seed may have averaged over the
error notes of the Pred1 pairs, which depend on the model outputs and cannot be recomputed from the data alone.
medhal's figure is therefore labelled "1 / mean sentences over the pair set's notes (medhal)" and is not the
seed's.  Reproduce: ``pytest tests/bench/paired/test_eca.py -k seed_baseline``.

Embedding variant (Appendix E, Table 7): :func:`embedding_localization_report` embeds the cited evidence and every
sentence of the error note, ranks the sentences by cosine similarity and reports Recall@1, Recall@3 and MRR of the
gold error sentence.  "A hit only when the gold error sentence is the single most similar sentence": ties are broken
against the gold sentence (its rank is 1 + the number of other sentences at least as similar).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

import numpy as np

from medhal.bench.paired._eca_items import (
    EcaItem,
    _note,
    _pair_set_baseline,
    _scoped,
    eca_items,
    random_localization_baseline,
)
from medhal.bench.paired._overlap import (
    NA_MARKERS,
    BaselineAverage,
    Coverage,
    EcaCategory,
    EcaScope,
    NoteLike,
    SentenceLike,
    eca_category,
    evidence_overlaps,
    is_char_level,
    normalize_text,
    overlap_tokens,
    usable_evidence,
    word_coverage,
)
from medhal.bench.paired.records import NotePair, NotePrediction
from medhal.detect.embedding import Embedder, cosine_matrix
from medhal.detect.records import JSONObject

__all__ = [
    "NA_MARKERS",
    "BaselineAverage",
    "Coverage",
    "EcaCategory",
    "EcaItem",
    "EcaReport",
    "EcaScope",
    "EmbeddingLocalizationReport",
    "NoteLike",
    "SentenceLike",
    "eca_category",
    "eca_items",
    "eca_report",
    "embedding_localization_report",
    "evidence_overlaps",
    "gold_rank",
    "is_char_level",
    "mean_reciprocal_rank",
    "normalize_text",
    "overlap_tokens",
    "pool_eca_reports",
    "random_localization_baseline",
    "recall_at_k",
    "usable_evidence",
    "word_coverage",
]


@dataclass(frozen=True, slots=True)
class EcaReport:
    """ECA counts of one run (or pooled runs) and the rates derived from them; ``n`` includes ``E``."""

    a: int
    b: int
    c: int
    d: int
    e: int
    random_baseline: float = math.nan
    """``1 / mean sentences per note`` over the pair set's notes (:func:`random_localization_baseline`): medhal's
    reading of §4.4, which does not reproduce the seed's printed figures (see the module docstring)."""
    scope: EcaScope = "pred1"
    threshold: float = 0.6

    @property
    def n(self) -> int:
        return self.a + self.b + self.c + self.d + self.e

    def _rate(self, k: int) -> float:
        return k / self.n if self.n else math.nan

    @property
    def tp_localization(self) -> float:
        """``(A + B) / n``: the evidence on the error note overlaps the error sentence."""
        return self._rate(self.a + self.b)

    @property
    def fp_evidence_hit(self) -> float:
        """``(A + C) / n``: the evidence on the clean note overlaps the corrected sentence."""
        return self._rate(self.a + self.c)

    @property
    def lift(self) -> float:
        """``tp_localization / random_baseline``."""
        return self.tp_localization / self.random_baseline if self.random_baseline > 0 else math.nan

    def to_dict(self) -> JSONObject:
        """Counts ``a``-``e``, ``n``, the category shares ``rate_a``-``rate_e``, ``tp_localization``,
        ``fp_evidence_hit``, ``random_baseline``, ``lift``, ``scope``, ``threshold``."""
        out: JSONObject = {k: getattr(self, k) for k in ("a", "b", "c", "d", "e", "n")}
        out.update({f"rate_{k}": self._rate(getattr(self, k)) for k in ("a", "b", "c", "d", "e")})
        out.update(
            tp_localization=self.tp_localization,
            fp_evidence_hit=self.fp_evidence_hit,
            random_baseline=self.random_baseline,
            lift=self.lift,
            scope=self.scope,
            threshold=self.threshold,
        )
        return out


def eca_report(
    pairs: Sequence[NotePair],
    notes_by_id: Mapping[str, NoteLike],
    predictions_by_note_id: Mapping[str, NotePrediction],
    *,
    scope: EcaScope = "pred1",
    threshold: float = 0.6,
    coverage: Coverage = "either",
) -> EcaReport:
    """:class:`EcaReport` of one configuration's predictions (see :func:`eca_items`); the random baseline is taken
    over the distinct notes of all ``pairs``."""
    if not pairs:
        raise ValueError("no pairs")
    items = eca_items(pairs, notes_by_id, predictions_by_note_id, scope=scope, threshold=threshold, coverage=coverage)
    counts = {k: 0 for k in get_args(EcaCategory)}
    for it in items:
        counts[it.category] += 1
    return EcaReport(
        a=counts["A"],
        b=counts["B"],
        c=counts["C"],
        d=counts["D"],
        e=counts["E"],
        random_baseline=_pair_set_baseline(pairs, notes_by_id),
        scope=scope,
        threshold=threshold,
    )


def pool_eca_reports(reports: Sequence[EcaReport]) -> EcaReport:
    """Sum the counts of several reports (configurations, models), as Table 15's A-E columns and Table 7's pooled
    N; the baseline, scope and threshold are the first report's (they must agree)."""
    if not reports:
        raise ValueError("no reports")
    first = reports[0]
    for r in reports[1:]:
        if r.scope != first.scope or r.threshold != first.threshold:
            raise ValueError("reports differ in scope or threshold")
    return EcaReport(
        a=sum(r.a for r in reports),
        b=sum(r.b for r in reports),
        c=sum(r.c for r in reports),
        d=sum(r.d for r in reports),
        e=sum(r.e for r in reports),
        random_baseline=first.random_baseline,
        scope=first.scope,
        threshold=first.threshold,
    )


# ---------------------------------------------------------------------------------------------- embedding variant


def recall_at_k(ranks: Sequence[int | None], k: int) -> float:
    """Share of judgments whose gold rank is ``<= k`` (``None`` = a miss); ``nan`` with no judgment."""
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    if not ranks:
        return math.nan
    return sum(r is not None and r <= k for r in ranks) / len(ranks)


def mean_reciprocal_rank(ranks: Sequence[int | None]) -> float:
    """Mean of ``1 / rank`` (0 for a miss, ``None``); ``nan`` with no judgment."""
    if not ranks:
        return math.nan
    return sum(1.0 / r for r in ranks if r is not None) / len(ranks)


def gold_rank(evidence: str, sentences: Sequence[str], gold: Sequence[bool], embedder: Embedder) -> int:
    """Rank (1-based) of the best gold sentence when ``sentences`` are sorted by cosine similarity to ``evidence``.

    Ties count against the gold sentence: ``rank = 1 + #{non-gold sentences with similarity >= the best gold
    one}``, so rank 1 means the gold sentence is the single most similar (Appendix E's Recall@1 rule)."""
    if len(sentences) != len(gold) or not sentences:
        raise ValueError("sentences and gold must be non-empty and of equal length")
    if not any(gold):
        raise ValueError("no gold sentence")
    vecs = embedder.embed([evidence, *sentences])
    return _rank(cosine_matrix(vecs[:1], vecs[1:])[0], gold)


def _rank(sims: np.ndarray[Any, np.dtype[np.float64]], gold: Sequence[bool]) -> int:
    mask = np.asarray(gold, dtype=bool)
    best = float(sims[mask].max())
    return 1 + int(np.sum(sims[~mask] >= best - 1e-12))


def _gold_mask(note: NoteLike) -> list[bool]:
    sents = note.sentences
    if note.error_sentence_id is not None:
        by_id = [s.id == note.error_sentence_id for s in sents]
        if any(by_id):
            return by_id
    if note.error_sentence:
        target = normalize_text(note.error_sentence, language=note.language)
        mask = []
        for s in sents:
            t = normalize_text(s.text, language=note.language)
            mask.append(bool(t) and (t in target or target in t))
        if any(mask):
            return mask
    raise ValueError(f"error note {note.id!r}: no sentence matches the error sentence")


@dataclass(frozen=True, slots=True)
class EmbeddingLocalizationReport:
    """Embedding-based TP localization (Appendix E, Table 7) over ``n`` judgments."""

    n: int
    n_unusable: int
    """Judgments with unusable evidence: counted as misses (``unusable="miss"``) or left out (``"exclude"``)."""
    recall_at_1: float
    recall_at_3: float
    mrr: float
    random_baseline: float
    embedder_id: str
    ranks: tuple[int | None, ...]

    def to_dict(self) -> JSONObject:
        out = asdict(self)
        out["ranks"] = list(self.ranks)
        return out


def embedding_localization_report(
    pairs: Sequence[NotePair],
    notes_by_id: Mapping[str, NoteLike],
    predictions_by_note_id: Mapping[str, NotePrediction],
    embedder: Embedder,
    *,
    scope: EcaScope = "pred1",
    unusable: Literal["miss", "exclude"] = "miss",
) -> EmbeddingLocalizationReport:
    """Recall@1, Recall@3 and MRR of the gold error sentence among the error note's sentences ranked by cosine
    similarity to the evidence cited on the error note (seed 002 Appendix E, "Embedding-based localization").

    One judgment per pair in ``scope``.  The gold sentences are those whose id is the note's
    ``error_sentence_id``, else those contained in (or containing) the normalized ``error_sentence`` - several for a
    multi-sentence error; the best-ranked counts (:func:`gold_rank`).  A pair whose error-note evidence is unusable
    (or whose verdicts failed, ``scope="all"``) is a miss by default - the seed's N = 9,428 equals the pooled Pred1
    pairs of Table 15, ``E`` included - or left out with ``unusable="exclude"``.  All texts go through one
    ``embedder.embed`` call.
    """
    if not pairs:
        raise ValueError("no pairs")
    if unusable not in ("miss", "exclude"):
        raise ValueError(f"unusable must be 'miss' or 'exclude', got {unusable!r}")
    jobs: list[tuple[str, list[str], list[bool]] | None] = []
    for pair, pe, _pc, outcome in _scoped(pairs, predictions_by_note_id, scope):
        note = _note(notes_by_id, pair.error_id)
        if outcome is None or not usable_evidence(pe.evidence):
            jobs.append(None)
            continue
        assert pe.evidence is not None
        jobs.append((pe.evidence, [s.text for s in note.sentences], _gold_mask(note)))
    texts = list(dict.fromkeys(t for job in jobs if job is not None for t in (job[0], *job[1])))
    index = {t: i for i, t in enumerate(texts)}
    vecs = embedder.embed(texts) if texts else np.zeros((0, 1))
    ranks: list[int | None] = []
    n_unusable = 0
    for job in jobs:
        if job is None:
            n_unusable += 1
            if unusable == "miss":
                ranks.append(None)
            continue
        evidence, sents, gold = job
        sims = cosine_matrix(vecs[[index[evidence]]], vecs[[index[s] for s in sents]])[0]
        ranks.append(_rank(sims, gold))
    return EmbeddingLocalizationReport(
        n=len(ranks),
        n_unusable=n_unusable,
        recall_at_1=recall_at_k(ranks, 1),
        recall_at_3=recall_at_k(ranks, 3),
        mrr=mean_reciprocal_rank(ranks),
        random_baseline=_pair_set_baseline(pairs, notes_by_id),
        embedder_id=embedder.id,
        ranks=tuple(ranks),
    )
