"""Metrics of the paired clinical error-detection benchmark (seed 002 §3.4, §3.4.4, Appendices B and E).

Pure functions over plain values and the shared records of :mod:`medhal.bench.paired.records`; no I/O.

Conventions (scikit-learn style): labels are binary, **1 = the note contains an error** (the positive class), 0 =
the note is clean.  ``y_pred`` holds a model's verdicts (``Error: Yes`` = 1).

* Pointwise (§3.4.1): :func:`pointwise_report` - balanced accuracy, F1, precision, recall (= sensitivity),
  specificity, MCC (scikit-learn underneath) and the error-flag rate (share of notes predicted 1,
  :func:`error_flag_rate`).
* Per pair (§3.4.2): every pair ``(x_e, x_c)`` falls into one of four outcomes (:func:`pair_outcome`)::

      bc    = Both Correct  y^_e = 1, y^_c = 0
      pred1 = both predicted erroneous (yes-bias)  y^_e = 1, y^_c = 1
      pred0 = both predicted error-free (no-bias)  y^_e = 0, y^_c = 0
      bw    = Both Wrong    y^_e = 0, y^_c = 1

  ``BCR = bc / n`` (eq. 1); the expected BCR under within-pair independence is ``sensitivity x specificity`` (eq. 2)
  and ``R_independence = BCR / E[BCR]_indep`` (eq. 3).  Here sensitivity and specificity are **computed on the paired
  notes**, one error note and one clean note per pair (Appendix B, "Setup": ``sensitivity = mean_i 1[y^_e,i = 1]``,
  ``specificity = mean_i 1[y^_c,i = 0]``); a clean note shared by several pairs (MedRECT-JA) counts once per pair.
  On exactly these marginals Appendix B proves ``BCR <= min(sensitivity, specificity)`` (eq. 4), which
  :func:`check_bounds` verifies on every :class:`PairReport` that :func:`pair_report` returns.  (Sensitivity and
  specificity over *all* notes of a dataset - unpaired MS-Test notes included, shared clean notes once - need not
  obey the bound.)
* Zero case of ``R_independence``: ``E[BCR]_indep = 0`` means sensitivity or specificity is 0, so by eq. 4 BCR is 0
  too and the ratio is 0/0.  It is then ``zero_division`` (default ``nan``: undefined, and skipped by
  :func:`aggregate_configs`).  Pass ``zero_division=1.0`` for the reading "observed equals the independence
  prediction": a constant predictor is, trivially, independent within pairs.
* Random baseline (§3.4.2): :func:`prevalence_random_baseline` - a predictor that outputs 1 with probability equal to
  the empirical error prevalence ``p`` of the evaluated notes, independently of the input, has sensitivity ``p`` and
  specificity ``1 - p`` and so ``E[BCR] = p (1 - p)``: 25% on a balanced pair set, ``(190/295)(105/295) = 22.9%`` on
  MedRECT-JA (190 error notes, 105 distinct clean notes).  :func:`pair_set_random_baseline` takes ``p`` over the
  distinct notes of a pair set, which is how the seed gets both numbers.
* Parse failures (§3.4.4, Appendix E): ``by="skip"`` (the seed's reported numbers) drops every pair with a member
  that has no parseable verdict, and counts them (``n_excluded``); ``by="impute"`` (the seed's robustness check,
  "random-assignment imputation that fills in unparseable verdicts using the model's overall accuracy") replaces each
  failed note's verdict by a seeded random draw - see :func:`pair_report` for the two rates offered.
* Across configurations (§3.4.2): :func:`aggregate_configs` - mean and standard deviation over the four
  prompt-decoding configurations.  The default is the sample standard deviation (``ddof=1``); the seed's Table 2
  ``±`` values are *population* standard deviations (``ddof=0``; recomputed from Figure 6 to within rounding).
* Uncertainty: :func:`pair_bootstrap_ci` - percentile bootstrap that resamples **pairs** (the two notes of a pair
  travel together: a cluster bootstrap), deterministic given ``seed``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import get_args

import numpy as np
from numpy.typing import ArrayLike

from medhal.bench.paired._baselines import (
    RandomBaseline,
    aggregate_configs,
    pair_set_random_baseline,
    prevalence_random_baseline,
)
from medhal.bench.paired._outcomes import (
    _lookup,
    _note_labels,
    is_parsed,
    pair_outcome,
    pair_outcomes,
    parse_failure_rate,
    predictions_by_note,
)
from medhal.bench.paired._pointwise import (
    _ATOL,
    ImputeRate,
    IntArray,
    PairMetric,
    PairOutcome,
    ParseFailureStrategy,
    PointwiseReport,
    _as_pair,
    error_flag_rate,
    pointwise_report,
    specificity_score,
)
from medhal.bench.paired.records import NotePair, NotePrediction
from medhal.detect.records import JSONObject
from medhal.errors import InvariantError

__all__ = [
    "BoundViolationError",
    "ImputeRate",
    "PairMetric",
    "PairOutcome",
    "PairReport",
    "ParseFailureStrategy",
    "PointwiseReport",
    "RandomBaseline",
    "aggregate_configs",
    "both_correct_rate",
    "check_bounds",
    "error_flag_rate",
    "expected_bcr_independence",
    "independence_ratio",
    "is_parsed",
    "pair_outcome",
    "pair_outcomes",
    "pair_report",
    "pair_report_from_arrays",
    "pair_reports_by_strategy",
    "pair_set_random_baseline",
    "parse_failure_rate",
    "pointwise_report",
    "predictions_by_note",
    "prevalence_random_baseline",
    "specificity_score",
]

# --------------------------------------------------------------------------------------------------- pair report


class BoundViolationError(InvariantError, ValueError):
    """A :class:`PairReport` that cannot come from real predictions (Appendix B: ``BCR <= min(sens, spec)``)."""


@dataclass(frozen=True, slots=True)
class PairReport:
    """Pair-level results of one run (seed 002 §3.4.2): outcome counts, BCR, its independence baseline and ratio.

    ``sensitivity`` and ``specificity`` are the marginals **on the paired notes**, derived from the counts:
    ``(bc + pred1) / n`` and ``(bc + pred0) / n``.  With ``n == 0`` (every pair excluded) the rates are ``nan``.
    """

    n: int
    bc: int
    pred1: int
    pred0: int
    bw: int
    bcr: float
    expected_bcr: float
    """``sensitivity x specificity`` (eq. 2)."""
    r_independence: float
    """``bcr / expected_bcr`` (eq. 3); ``zero_division`` (default ``nan``) when ``expected_bcr == 0``."""
    by: ParseFailureStrategy = "skip"
    n_excluded: int = 0
    """Pairs dropped because a member had no usable verdict (``by="skip"``)."""
    n_imputed: int = 0
    """Distinct notes whose verdict was drawn at random (``by="impute"``)."""
    impute_p: float | None = None
    """The probability used by the imputation (see :func:`pair_report`); ``None`` when nothing was imputed."""

    @property
    def sensitivity(self) -> float:
        return (self.bc + self.pred1) / self.n if self.n else math.nan

    @property
    def specificity(self) -> float:
        return (self.bc + self.pred0) / self.n if self.n else math.nan

    @property
    def within_bound(self) -> bool:
        """Appendix B, eq. 4: ``bcr <= min(sensitivity, specificity)`` (vacuously true when ``n == 0``)."""
        if self.n == 0:
            return True
        return self.bcr <= min(self.sensitivity, self.specificity) + _ATOL

    def to_dict(self) -> JSONObject:
        """The fields plus ``sensitivity``, ``specificity`` and ``within_bound``."""
        out = asdict(self)
        out.update(sensitivity=self.sensitivity, specificity=self.specificity, within_bound=self.within_bound)
        return out


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=_ATOL)


def check_bounds(report: PairReport) -> PairReport:
    """Check a :class:`PairReport` against the identities and the bound of seed 002 Appendix B; return it unchanged.

    Raises :class:`BoundViolationError` unless: the counts are non-negative and sum to ``n``; ``bcr == bc / n``;
    ``bcr <= min(sensitivity, specificity)`` (eq. 4: the Both-Correct pairs are the intersection of the correctly
    flagged error notes and the correctly cleared clean notes, so they cannot outnumber either); ``expected_bcr ==
    sensitivity x specificity``; ``r_independence == bcr / expected_bcr`` where ``expected_bcr > 0``.  With
    ``n == 0`` the rates must be ``nan``.  :func:`pair_report` runs this on every report it returns.
    """
    counts = (report.bc, report.pred1, report.pred0, report.bw)
    if min(counts) < 0 or report.n < 0:
        raise BoundViolationError(f"negative count in {report}")
    if sum(counts) != report.n:
        raise BoundViolationError(f"bc + pred1 + pred0 + bw = {sum(counts)} != n = {report.n}")
    if report.n == 0:
        if not (math.isnan(report.bcr) and math.isnan(report.expected_bcr)):
            raise BoundViolationError("a report over 0 pairs must have bcr = expected_bcr = nan")
        return report
    if not report.within_bound:
        raise BoundViolationError(
            f"bcr = {report.bcr:.6g} exceeds min(sensitivity, specificity) = "
            f"min({report.sensitivity:.6g}, {report.specificity:.6g}) (seed 002 Appendix B, eq. 4)"
        )
    if not _close(report.bcr, report.bc / report.n):
        raise BoundViolationError(f"bcr = {report.bcr} but bc / n = {report.bc}/{report.n}")
    if not _close(report.expected_bcr, report.sensitivity * report.specificity):
        raise BoundViolationError(f"expected_bcr = {report.expected_bcr} but sensitivity x specificity differs")
    if report.expected_bcr > 0 and not _close(report.r_independence, report.bcr / report.expected_bcr):
        raise BoundViolationError(f"r_independence = {report.r_independence} but bcr / expected_bcr differs")
    return report


def both_correct_rate(y_pred_error: ArrayLike, y_pred_clean: ArrayLike) -> float:
    """BCR (seed 002 eq. 1): the share of pairs with the error note predicted 1 and the clean note predicted 0.

    ``y_pred_error[i]`` and ``y_pred_clean[i]`` are the verdicts on the two notes of pair ``i``."""
    e, c = _as_pair(y_pred_error, y_pred_clean)
    return float(np.mean((e == 1) & (c == 0)))


def expected_bcr_independence(y_pred_error: ArrayLike, y_pred_clean: ArrayLike) -> float:
    """``E[BCR]_indep = sensitivity x specificity`` (seed 002 eq. 2) with both marginals taken on the pairs."""
    e, c = _as_pair(y_pred_error, y_pred_clean)
    return float(np.mean(e == 1)) * float(np.mean(c == 0))


def independence_ratio(bcr: float, expected_bcr: float, *, zero_division: float = math.nan) -> float:
    """``R_independence = BCR / E[BCR]_indep`` (seed 002 eq. 3); ``zero_division`` when ``expected_bcr == 0``."""
    if math.isnan(bcr) or math.isnan(expected_bcr):
        return math.nan
    return bcr / expected_bcr if expected_bcr > 0 else float(zero_division)


def pair_report_from_arrays(
    y_pred_error: ArrayLike, y_pred_clean: ArrayLike, *, zero_division: float = math.nan
) -> PairReport:
    """:class:`PairReport` of verdict arrays aligned by pair (no failures; see :func:`pair_report` for records)."""
    e, c = _as_pair(y_pred_error, y_pred_clean)
    return _report_from_arrays(e, c, zero_division=zero_division)


def _report_from_arrays(
    e: IntArray,
    c: IntArray,
    *,
    zero_division: float,
    by: ParseFailureStrategy = "skip",
    n_excluded: int = 0,
    n_imputed: int = 0,
    impute_p: float | None = None,
) -> PairReport:
    n = int(e.size)
    bc = int(np.sum((e == 1) & (c == 0)))
    pred1 = int(np.sum((e == 1) & (c == 1)))
    pred0 = int(np.sum((e == 0) & (c == 0)))
    bw = n - bc - pred1 - pred0
    if n:
        bcr = bc / n
        expected = ((bc + pred1) / n) * ((bc + pred0) / n)
    else:
        bcr = expected = math.nan
    report = PairReport(
        n=n,
        bc=bc,
        pred1=pred1,
        pred0=pred0,
        bw=bw,
        bcr=bcr,
        expected_bcr=expected,
        r_independence=independence_ratio(bcr, expected, zero_division=zero_division),
        by=by,
        n_excluded=n_excluded,
        n_imputed=n_imputed,
        impute_p=impute_p,
    )
    return check_bounds(report)


def pair_report(
    pairs: Sequence[NotePair],
    predictions_by_note_id: Mapping[str, NotePrediction],
    *,
    by: ParseFailureStrategy = "skip",
    impute: ImputeRate = "accuracy",
    impute_p: float | None = None,
    seed: int = 0,
    zero_division: float = math.nan,
) -> PairReport:
    """Outcome counts, BCR, ``E[BCR]_indep`` and ``R_independence`` of one run over ``pairs`` (seed 002 §3.4.2).

    ``predictions_by_note_id`` maps every note of ``pairs`` to its prediction under one configuration (see
    :func:`predictions_by_note`).  A note *fails* when it has no usable verdict (:func:`is_parsed`).

    ``by="skip"`` (default; every BCR the seed reports): a pair with a failed member is excluded and counted in
    ``n_excluded`` (§3.4.4).

    ``by="impute"`` (the seed's robustness check, Appendix E Table 6): every failed note - once per distinct note, so
    a clean note shared by several pairs gets one verdict - receives a random verdict.  ``rng =
    numpy.random.default_rng(seed)`` draws ``u = rng.random(k)`` for the ``k`` failed note ids in sorted order, so the
    result is deterministic given ``seed``.  The rate:

    * ``impute="accuracy"`` (default; the seed's §3.4.4 wording, "fills in unparseable verdicts using the model's
      overall accuracy"): the note gets its **correct** label with probability ``p`` = the model's accuracy over the
      parsed distinct notes of ``pairs`` (``u < p``), else the wrong one.  This uses the gold label, as the seed's
      rule does; the imputed notes then behave like the model's parsed notes on average, but within-pair correlation
      is broken for them.
    * ``impute="flag_rate"``: the note gets verdict 1 with probability ``p`` = the model's error-flag rate over the
      parsed distinct notes of ``pairs``, label-blind (a prevalence-style random predictor of the model's own bias).

    ``impute_p`` overrides the computed ``p`` (e.g. the accuracy over every note of the run, unpaired ones
    included, which is what "overall" may mean).  With no parsed note and no ``impute_p``, ``p = 0.5``.

    ``zero_division`` is ``r_independence`` when ``expected_bcr == 0`` (see the module docstring).  The report is
    checked with :func:`check_bounds`.  Raises ``ValueError`` for empty ``pairs`` or a note without a prediction.
    """
    if not pairs:
        raise ValueError("no pairs")
    if by not in get_args(ParseFailureStrategy):
        raise ValueError(f"by must be one of {get_args(ParseFailureStrategy)}, got {by!r}")
    if impute not in get_args(ImputeRate):
        raise ValueError(f"impute must be one of {get_args(ImputeRate)}, got {impute!r}")
    if impute_p is not None and not 0.0 <= impute_p <= 1.0:
        raise ValueError(f"impute_p must lie in [0, 1], got {impute_p}")
    labels = _note_labels(pairs)
    verdict: dict[str, int | None] = {}
    for note_id in labels:
        pred = _lookup(predictions_by_note_id, note_id)
        verdict[note_id] = pred.prediction if is_parsed(pred) else None

    if by == "skip":
        kept = [p for p in pairs if verdict[p.error_id] is not None and verdict[p.clean_id] is not None]
        e = np.array([verdict[p.error_id] for p in kept], dtype=np.int64)
        c = np.array([verdict[p.clean_id] for p in kept], dtype=np.int64)
        return _report_from_arrays(e, c, zero_division=zero_division, by="skip", n_excluded=len(pairs) - len(kept))

    failed = sorted(note_id for note_id, v in verdict.items() if v is None)
    p_used: float | None = None
    if failed:
        parsed = [(labels[i], v) for i, v in verdict.items() if v is not None]
        if impute_p is not None:
            p_used = float(impute_p)
        elif not parsed:
            p_used = 0.5
        elif impute == "accuracy":
            p_used = sum(y == v for y, v in parsed) / len(parsed)
        else:
            p_used = sum(v == 1 for _, v in parsed) / len(parsed)
        u = np.random.default_rng(seed).random(len(failed))
        for note_id, draw in zip(failed, u, strict=True):
            hit = bool(draw < p_used)
            if impute == "accuracy":
                verdict[note_id] = labels[note_id] if hit else 1 - labels[note_id]
            else:
                verdict[note_id] = int(hit)
    e = np.array([verdict[p.error_id] for p in pairs], dtype=np.int64)
    c = np.array([verdict[p.clean_id] for p in pairs], dtype=np.int64)
    return _report_from_arrays(e, c, zero_division=zero_division, by="impute", n_imputed=len(failed), impute_p=p_used)


def pair_reports_by_strategy(
    pairs: Sequence[NotePair],
    predictions_by_note_id: Mapping[str, NotePrediction],
    *,
    impute: ImputeRate = "accuracy",
    impute_p: float | None = None,
    seed: int = 0,
    zero_division: float = math.nan,
) -> dict[ParseFailureStrategy, PairReport]:
    """Both parse-failure strategies side by side, ``{"skip": ..., "impute": ...}`` (seed 002 Appendix E, Table 6)."""
    return {
        "skip": pair_report(pairs, predictions_by_note_id, by="skip", zero_division=zero_division),
        "impute": pair_report(
            pairs,
            predictions_by_note_id,
            by="impute",
            impute=impute,
            impute_p=impute_p,
            seed=seed,
            zero_division=zero_division,
        ),
    }
