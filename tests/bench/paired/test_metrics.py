from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import (
    balanced_accuracy_score,
    confusion_matrix,
    f1_score,
    matthews_corrcoef,
    precision_score,
    recall_score,
)

from medhal.bench.paired.bootstrap import pair_bootstrap_ci
from medhal.bench.paired.metrics import (
    BoundViolationError,
    PairReport,
    PointwiseReport,
    aggregate_configs,
    both_correct_rate,
    check_bounds,
    error_flag_rate,
    expected_bcr_independence,
    independence_ratio,
    pair_outcome,
    pair_outcomes,
    pair_report,
    pair_report_from_arrays,
    pair_reports_by_strategy,
    pair_set_random_baseline,
    parse_failure_rate,
    pointwise_report,
    predictions_by_note,
    prevalence_random_baseline,
    specificity_score,
)
from medhal.bench.paired.records import NotePair, NotePrediction

# ------------------------------------------------------------------------------------------------------ fixtures


def _pairs(n: int, *, shared_clean: int | None = None) -> list[NotePair]:
    """``n`` pairs e0/c0, e1/c1, ...; with ``shared_clean`` the clean ids cycle over that many notes."""
    k = shared_clean or n
    return [NotePair(f"e{i}", f"c{i % k}", "alternating", 1.0) for i in range(n)]


def _ok(note_id: str, y: int, evidence: str | None = None) -> NotePrediction:
    return NotePrediction(note_id, "neutral-greedy", "ok", y, evidence)


def _fail(note_id: str) -> NotePrediction:
    return NotePrediction(note_id, "neutral-greedy", "parse_failure", None, reason="no Error line")


def _preds(pairs: list[NotePair], ye: list[int], yc: list[int]) -> dict[str, NotePrediction]:
    out: dict[str, NotePrediction] = {}
    for p, e, c in zip(pairs, ye, yc, strict=True):
        out[p.error_id] = _ok(p.error_id, e)
        out[p.clean_id] = _ok(p.clean_id, c)
    return out


def _pairs_with_outcomes(bc: int, pred1: int, pred0: int, bw: int) -> tuple[list[NotePair], dict[str, NotePrediction]]:
    verdicts = [(1, 0)] * bc + [(1, 1)] * pred1 + [(0, 0)] * pred0 + [(0, 1)] * bw
    pairs = _pairs(len(verdicts))
    return pairs, _preds(pairs, [v[0] for v in verdicts], [v[1] for v in verdicts])


# --------------------------------------------------------------------------------------- Appendix B corollary


def test_always_error_on_balanced_pairs_gives_f1_two_thirds_and_bcr_zero() -> None:
    """Seed 002 Appendix B corollary: y^ = 1 everywhere on balanced pairs -> F1 = 2/3, BCR = 0."""
    n = 50
    pairs = _pairs(n)
    preds = _preds(pairs, [1] * n, [1] * n)
    y_true = [1] * n + [0] * n
    y_pred = [preds[p.error_id].prediction for p in pairs] + [preds[p.clean_id].prediction for p in pairs]
    pw = pointwise_report(y_true, y_pred)
    assert pw.f1 == pytest.approx(2 / 3)
    assert pw.precision == pytest.approx(0.5)
    assert pw.recall == 1.0
    assert pw.specificity == 0.0
    assert pw.flag_rate == 1.0
    assert pw.balanced_accuracy == 0.5
    assert pw.mcc == 0.0
    rep = pair_report(pairs, preds)
    assert (rep.n, rep.bc, rep.pred1, rep.pred0, rep.bw) == (n, 0, n, 0, 0)
    assert rep.bcr == 0.0
    assert rep.sensitivity == 1.0 and rep.specificity == 0.0
    assert rep.expected_bcr == 0.0
    assert math.isnan(rep.r_independence)  # 0/0: undefined by default
    assert pair_report(pairs, preds, zero_division=1.0).r_independence == 1.0
    assert rep.within_bound


def test_always_error_row_of_table_13() -> None:
    """Table 13, MedErrBench-EN (104 + 104 notes), Gemma 3-4B neutral-greedy: .500 .667 .500 1.000 .000 .000 100.0."""
    pw = pointwise_report([1] * 104 + [0] * 104, [1] * 208)
    got = [pw.balanced_accuracy, pw.f1, pw.precision, pw.recall, pw.specificity, pw.mcc, pw.flag_rate * 100]
    assert [round(v, 3) for v in got[:-1]] == [0.5, 0.667, 0.5, 1.0, 0.0, 0.0]
    assert round(got[-1], 1) == 100.0


@pytest.mark.parametrize(
    ("tp", "fn", "tn", "fp", "row"),
    [
        # Table 13, MedErrBench-EN (104 error / 104 clean), UltraMed-70B neutral-greedy
        (103, 1, 45, 59, (0.712, 0.774, 0.636, 0.990, 0.433, 0.510, 77.9)),
        # Table 13, MedRECT-JA (190 error / 105 clean), Qwen 3-4B neutral-greedy
        (179, 11, 27, 78, (0.600, 0.801, 0.696, 0.942, 0.257, 0.285, 87.1)),
    ],
)
def test_pointwise_reproduces_seed_rows_from_counts(tp: int, fn: int, tn: int, fp: int, row: tuple[float, ...]) -> None:
    y_true = [1] * (tp + fn) + [0] * (tn + fp)
    y_pred = [1] * tp + [0] * fn + [0] * tn + [1] * fp
    pw = pointwise_report(y_true, y_pred)
    got = (pw.balanced_accuracy, pw.f1, pw.precision, pw.recall, pw.specificity, pw.mcc)
    assert [round(v, 3) for v in got] == list(row[:6])
    assert round(pw.flag_rate * 100, 1) == row[6]


# ------------------------------------------------------------------------------------------ pointwise metrics


@pytest.mark.parametrize("seed", range(20))
def test_pointwise_matches_sklearn(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    y_true = rng.integers(0, 2, n)
    y_pred = rng.integers(0, 2, n)
    pw = pointwise_report(y_true, y_pred)
    assert pw.f1 == pytest.approx(f1_score(y_true, y_pred, zero_division=0.0))
    assert pw.precision == pytest.approx(precision_score(y_true, y_pred, zero_division=0.0))
    assert pw.recall == pytest.approx(recall_score(y_true, y_pred, zero_division=0.0))
    assert pw.mcc == pytest.approx(matthews_corrcoef(y_true, y_pred))
    tn, fp, _fn, tp = confusion_matrix(y_true, y_pred, labels=[0, 1]).ravel()
    spec = tn / (tn + fp) if tn + fp else 0.0
    assert pw.specificity == pytest.approx(spec)
    assert pw.flag_rate == pytest.approx((tp + fp) / n)
    if 0 < y_true.sum() < n:
        assert pw.balanced_accuracy == pytest.approx(balanced_accuracy_score(y_true, y_pred))
        assert pw.balanced_accuracy == pytest.approx((pw.recall + pw.specificity) / 2)


def test_pointwise_zero_division_and_keys() -> None:
    pw = pointwise_report([1, 0, 1], [0, 0, 0], zero_division=1.0)
    assert pw.precision == 1.0  # nothing predicted 1
    assert pw.f1 == 0.0  # 2TP + FP + FN = 2 > 0
    assert specificity_score([1, 1], [1, 0], zero_division=1.0) == 1.0  # no clean note
    assert math.isnan(specificity_score([1, 1], [1, 0], zero_division=math.nan))
    assert list(pw.to_dict()) == [
        "balanced_accuracy",
        "f1",
        "precision",
        "recall",
        "specificity",
        "mcc",
        "flag_rate",
    ]
    assert isinstance(pw, PointwiseReport)
    assert error_flag_rate([1, 0, 1, 1]) == 0.75


def test_pointwise_validation() -> None:
    with pytest.raises(ValueError, match="binary"):
        pointwise_report([0, 2], [0, 1])
    with pytest.raises(ValueError, match="items"):
        pointwise_report([0, 1], [0, 1, 1])
    with pytest.raises(ValueError, match="empty"):
        pointwise_report([], [])


# ------------------------------------------------------------------------------------------------ pair outcomes


def test_pair_outcome_table() -> None:
    assert pair_outcome(1, 0) == "bc"
    assert pair_outcome(1, 1) == "pred1"
    assert pair_outcome(0, 0) == "pred0"
    assert pair_outcome(0, 1) == "bw"
    with pytest.raises(ValueError):
        pair_outcome(2, 0)


def test_hand_built_counts() -> None:
    pairs, preds = _pairs_with_outcomes(bc=3, pred1=4, pred0=2, bw=1)
    assert pair_outcomes(pairs, preds) == ["bc"] * 3 + ["pred1"] * 4 + ["pred0"] * 2 + ["bw"]
    rep = pair_report(pairs, preds)
    assert (rep.n, rep.bc, rep.pred1, rep.pred0, rep.bw) == (10, 3, 4, 2, 1)
    assert rep.bcr == pytest.approx(0.3)
    assert rep.sensitivity == pytest.approx(0.7)  # (bc + pred1) / n
    assert rep.specificity == pytest.approx(0.5)  # (bc + pred0) / n
    assert rep.expected_bcr == pytest.approx(0.35)
    assert rep.r_independence == pytest.approx(0.3 / 0.35)
    assert rep.within_bound
    d = rep.to_dict()
    assert d["bcr"] == pytest.approx(0.3) and d["within_bound"] is True and d["by"] == "skip"


def _brute(ye: list[int], yc: list[int]) -> tuple[Counter[str], float, float, float]:
    """Independent recomputation: loop over pairs; marginals from scikit-learn on the stacked paired notes."""
    counts: Counter[str] = Counter()
    for e, c in zip(ye, yc, strict=True):
        if e == 1 and c == 0:
            counts["bc"] += 1
        elif e == 1 and c == 1:
            counts["pred1"] += 1
        elif e == 0 and c == 0:
            counts["pred0"] += 1
        else:
            counts["bw"] += 1
    y_true = [1] * len(ye) + [0] * len(yc)
    y_pred = ye + yc
    sens = recall_score(y_true, y_pred, pos_label=1)
    spec = recall_score(y_true, y_pred, pos_label=0)
    return counts, counts["bc"] / len(ye), float(sens), float(spec)


@pytest.mark.parametrize("seed", range(50))
def test_bcr_and_ratio_match_brute_force(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 80))
    bias_e, bias_c = rng.random(2)
    ye = [int(v) for v in rng.random(n) < bias_e]
    yc = [int(v) for v in rng.random(n) < bias_c]
    pairs = _pairs(n)
    rep = pair_report(pairs, _preds(pairs, ye, yc))
    counts, bcr, sens, spec = _brute(ye, yc)
    assert (rep.bc, rep.pred1, rep.pred0, rep.bw) == (counts["bc"], counts["pred1"], counts["pred0"], counts["bw"])
    assert rep.bcr == pytest.approx(bcr)
    assert rep.expected_bcr == pytest.approx(sens * spec)
    if sens * spec > 0:
        assert rep.r_independence == pytest.approx(bcr / (sens * spec))
    else:
        assert bcr == 0.0 and math.isnan(rep.r_independence)
    assert both_correct_rate(ye, yc) == pytest.approx(bcr)
    assert expected_bcr_independence(ye, yc) == pytest.approx(sens * spec)
    # Appendix B, eq. 4, on every random result
    assert rep.bcr <= min(sens, spec) + 1e-12
    assert rep.within_bound


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=60))
def test_bound_holds_for_any_predictions(verdicts: list[tuple[int, int]]) -> None:
    rep = pair_report_from_arrays([v[0] for v in verdicts], [v[1] for v in verdicts])
    assert rep.bcr <= min(rep.sensitivity, rep.specificity) + 1e-12
    assert check_bounds(rep) is rep


def test_check_bounds_raises_on_impossible_reports() -> None:
    # 1 Both-Correct pair of 10 cannot give BCR 0.9; sensitivity = specificity = 0.1 caps it (Appendix B).
    impossible = PairReport(n=10, bc=1, pred1=0, pred0=0, bw=9, bcr=0.9, expected_bcr=0.01, r_independence=90.0)
    assert not impossible.within_bound
    with pytest.raises(BoundViolationError, match="Appendix B"):
        check_bounds(impossible)
    with pytest.raises(BoundViolationError, match="!= n"):
        check_bounds(PairReport(n=10, bc=1, pred1=1, pred0=1, bw=1, bcr=0.1, expected_bcr=0.04, r_independence=2.5))
    with pytest.raises(BoundViolationError, match="expected_bcr"):
        check_bounds(PairReport(n=4, bc=1, pred1=1, pred0=1, bw=1, bcr=0.25, expected_bcr=0.5, r_independence=0.5))
    with pytest.raises(BoundViolationError, match="r_independence"):
        check_bounds(PairReport(n=4, bc=1, pred1=1, pred0=1, bw=1, bcr=0.25, expected_bcr=0.25, r_independence=2.0))
    ok = PairReport(n=4, bc=1, pred1=1, pred0=1, bw=1, bcr=0.25, expected_bcr=0.25, r_independence=1.0)
    assert check_bounds(ok) is ok


def test_independence_ratio_zero_case() -> None:
    assert math.isnan(independence_ratio(0.0, 0.0))
    assert independence_ratio(0.0, 0.0, zero_division=1.0) == 1.0
    assert independence_ratio(0.2, 0.4) == 0.5


def test_missing_prediction_raises_and_failure_is_none() -> None:
    pairs = _pairs(2)
    preds = {"e0": _ok("e0", 1), "c0": _ok("c0", 0), "e1": _fail("e1"), "c1": _ok("c1", 0)}
    assert pair_outcomes(pairs, preds) == ["bc", None]
    del preds["c1"]
    with pytest.raises(ValueError, match="no prediction for note 'c1'"):
        pair_outcomes(pairs, preds)


# ---------------------------------------------------------------------------------------------- parse failures


def _with_failures() -> tuple[list[NotePair], dict[str, NotePrediction]]:
    """8 pairs over 4 shared clean notes; e6 and c3 (shared by pairs 3 and 7) fail."""
    pairs = _pairs(8, shared_clean=4)
    ye = [1, 1, 1, 0, 1, 1, 1, 0]
    preds: dict[str, NotePrediction] = {f"e{i}": _ok(f"e{i}", y) for i, y in enumerate(ye)}
    preds.update({"c0": _ok("c0", 0), "c1": _ok("c1", 1), "c2": _ok("c2", 0), "c3": _fail("c3")})
    preds["e6"] = _fail("e6")
    return pairs, preds


def test_skip_excludes_and_counts() -> None:
    pairs, preds = _with_failures()
    rep = pair_report(pairs, preds)
    # kept pairs: 0 (1,0) bc, 1 (1,1) pred1, 2 (1,0) bc, 4 (1,0) bc, 5 (1,1) pred1; excluded: 3, 6, 7
    assert (rep.n, rep.bc, rep.pred1, rep.pred0, rep.bw) == (5, 3, 2, 0, 0)
    assert rep.n_excluded == 3 and rep.n_imputed == 0 and rep.by == "skip"
    assert pair_outcomes(pairs, preds).count(None) == 3


def test_impute_accuracy_is_seeded_and_uses_the_models_accuracy() -> None:
    pairs, preds = _with_failures()
    a = pair_report(pairs, preds, by="impute", seed=7)
    b = pair_report(pairs, preds, by="impute", seed=7)
    assert a == b
    assert a.n == 8 and a.n_excluded == 0 and a.by == "impute"
    assert a.n_imputed == 2  # e6 and c3, the shared clean note once
    # parsed distinct notes: e0..e5, e7 (labels 1; verdicts 1,1,1,0,1,1,0 -> 5 right) and c0, c1, c2 (2 right)
    assert a.impute_p == pytest.approx(7 / 10)
    # by hand: the draws for ("c3", "e6") in sorted order
    u = np.random.default_rng(7).random(2)
    c3 = 0 if u[0] < 0.7 else 1
    e6 = 1 if u[1] < 0.7 else 0
    ye = [1, 1, 1, 0, 1, 1, e6, 0]
    yc = [0, 1, 0, c3, 0, 1, 0, c3]
    assert a.bcr == pytest.approx(both_correct_rate(ye, yc))


def test_impute_overrides_and_flag_rate() -> None:
    pairs, preds = _with_failures()
    perfect = pair_report(pairs, preds, by="impute", impute_p=1.0)
    assert perfect.impute_p == 1.0
    # e6 -> 1, c3 -> 0: pairs 3 (0,0) pred0, 6 (1,0) bc, 7 (0,0) pred0
    assert (perfect.bc, perfect.pred1, perfect.pred0, perfect.bw) == (4, 2, 2, 0)
    flag = pair_report(pairs, preds, by="impute", impute="flag_rate")
    assert flag.impute_p == pytest.approx(6 / 10)  # parsed verdicts: e 1,1,1,0,1,1,0 and c 0,1,0
    zeros = pair_report(pairs, preds, by="impute", impute="flag_rate", impute_p=0.0)
    assert (zeros.bc, zeros.pred1, zeros.pred0, zeros.bw) == (3, 2, 3, 0)  # e6 -> 0, c3 -> 0
    both = pair_reports_by_strategy(pairs, preds, seed=3)
    assert set(both) == {"skip", "impute"}
    assert both["skip"].n == 5 and both["impute"].n == 8
    with pytest.raises(ValueError, match="impute_p"):
        pair_report(pairs, preds, by="impute", impute_p=1.5)


def test_all_failed_pairs_give_an_empty_report() -> None:
    pairs = _pairs(2)
    preds = {i: _fail(i) for i in ("e0", "c0", "e1", "c1")}
    rep = pair_report(pairs, preds)
    assert rep.n == 0 and rep.n_excluded == 2 and math.isnan(rep.bcr) and rep.within_bound
    imp = pair_report(pairs, preds, by="impute")
    assert imp.impute_p == 0.5 and imp.n == 2
    assert parse_failure_rate(preds.values()) == 1.0


def test_predictions_by_note() -> None:
    preds = [
        NotePrediction("a", "neutral-greedy", "ok", 1),
        NotePrediction("a", "conservative-greedy", "ok", 0),
    ]
    assert predictions_by_note(preds, config="conservative-greedy")["a"].prediction == 0
    with pytest.raises(ValueError, match="two predictions"):
        predictions_by_note(preds)


# ---------------------------------------------------------------------------------------------- random baseline


def test_prevalence_random_baseline_reproduces_the_seed() -> None:
    """§3.4.2: MedRECT-JA, 190 error / 105 clean notes -> (190/295)(105/295) = 22.9%; balanced -> 25%."""
    jp = prevalence_random_baseline([1] * 190 + [0] * 105)
    assert jp.sensitivity == pytest.approx(190 / 295)
    assert jp.specificity == pytest.approx(105 / 295)
    assert jp.expected_bcr == pytest.approx((190 / 295) * (105 / 295))
    assert round(jp.expected_bcr * 100, 1) == 22.9
    assert prevalence_random_baseline([1, 0] * 104).expected_bcr == 0.25
    # a MedRECT-like pair set: 190 pairs sharing 105 clean notes
    pairs = _pairs(190, shared_clean=105)
    from_pairs = pair_set_random_baseline(pairs)
    assert (from_pairs.n_error, from_pairs.n_clean) == (190, 105)
    assert from_pairs.expected_bcr == pytest.approx(jp.expected_bcr)
    assert pair_set_random_baseline(_pairs(286)).expected_bcr == 0.25  # MS-Test: 286 one-to-one pairs


def test_prevalence_random_predictor_simulated() -> None:
    """The calibrated predictor (one verdict per distinct note) reaches p (1 - p) BCR and R ~ 1 on average."""
    pairs = _pairs(190, shared_clean=105)
    base = pair_set_random_baseline(pairs)
    rng = np.random.default_rng(0)
    ids = sorted({i for p in pairs for i in (p.error_id, p.clean_id)})
    bcrs = []
    for _ in range(400):
        draw = dict(zip(ids, (rng.random(len(ids)) < base.prevalence).astype(int).tolist(), strict=True))
        preds = {i: _ok(i, v) for i, v in draw.items()}
        bcrs.append(pair_report(pairs, preds).bcr)
    assert float(np.mean(bcrs)) == pytest.approx(base.expected_bcr, abs=0.01)


# -------------------------------------------------------------------------------------- across configurations

# Figure 6 (BCR % per configuration: cons-greedy, cons-sampling, neutral-greedy, neutral-sampling) -> Table 2
FIGURE_6 = {
    ("Qwen 3-32B", "MS-Test"): ((25.5, 26.9, 19.9, 18.2), (22.6, 3.7)),
    ("UltraMed-70B", "MS-Test"): ((11.9, 17.5, 35.0, 32.9), (24.3, 9.8)),
    ("Llama 3.1-70B", "MEB-EN"): ((45.2, 39.8, 9.0, 14.4), (27.1, 15.6)),
    ("Gemma 3-4B", "MRT-JA"): ((7.4, 7.4, 5.8, 4.7), (6.3, 1.1)),
    ("UltraMed-70B", "MEB-EN"): ((44.2, 47.1, 42.3, 41.3), (43.7, 2.2)),
}


@pytest.mark.parametrize("key", list(FIGURE_6))
def test_aggregate_configs_reproduces_table_2(key: tuple[str, str]) -> None:
    values, (mean, sd) = FIGURE_6[key]
    agg = aggregate_configs([{"bcr": v} for v in values], ddof=0)  # the seed's "±" is the population sd
    assert round(agg["bcr"]["mean"], 1) == pytest.approx(mean, abs=0.051)
    assert agg["bcr"]["sd"] == pytest.approx(sd, abs=0.06)
    sample = aggregate_configs([{"bcr": v} for v in values])
    assert sample["bcr"]["sd"] == pytest.approx(float(np.std(values, ddof=1)))


def test_aggregate_configs_over_reports() -> None:
    reports = [
        pair_report(*_pairs_with_outcomes(3, 4, 2, 1)),
        pair_report(*_pairs_with_outcomes(5, 3, 1, 1)),
        pair_report(*_pairs_with_outcomes(0, 6, 0, 0)),  # r_independence undefined -> skipped
        pair_report(*_pairs_with_outcomes(2, 2, 2, 2)),
    ]
    agg = aggregate_configs(reports)
    bcrs = [r.bcr for r in reports]
    assert agg["bcr"]["mean"] == pytest.approx(np.mean(bcrs))
    assert agg["bcr"]["sd"] == pytest.approx(np.std(bcrs, ddof=1))
    assert agg["bcr"]["n"] == 4
    ratios = [r.r_independence for r in reports if not math.isnan(r.r_independence)]
    assert agg["r_independence"]["n"] == 3
    assert agg["r_independence"]["mean"] == pytest.approx(np.mean(ratios))
    assert "within_bound" not in agg and "by" not in agg and "impute_p" not in agg
    one = aggregate_configs([reports[0]])
    assert math.isnan(one["bcr"]["sd"])


# ---------------------------------------------------------------------------------------------------- bootstrap


def _random_run(n: int, seed: int) -> tuple[list[NotePair], dict[str, NotePrediction]]:
    rng = np.random.default_rng(seed)
    pairs = _pairs(n)
    return pairs, _preds(pairs, rng.integers(0, 2, n).tolist(), rng.integers(0, 2, n).tolist())


def test_pair_bootstrap_is_deterministic_and_brackets_the_estimate() -> None:
    pairs, preds = _random_run(80, 1)
    a = pair_bootstrap_ci(pairs, preds, "bcr", n_resamples=300, seed=5)
    b = pair_bootstrap_ci(pairs, preds, lambda p, m: pair_report(p, m).bcr, n_resamples=300, seed=5)
    assert a == b
    assert a.estimate == pair_report(pairs, preds).bcr
    assert a.low <= a.estimate <= a.high
    assert 0 < a.se < 0.2 and a.n_invalid == 0 and a.n_resamples == 300
    c = pair_bootstrap_ci(pairs, preds, "bcr", n_resamples=300, seed=6)
    assert (c.low, c.high) != (a.low, a.high)
    wider = pair_bootstrap_ci(pairs, preds, "bcr", n_resamples=300, seed=5, confidence=0.99)
    assert wider.low <= a.low and wider.high >= a.high


def test_pair_bootstrap_resamples_pairs_by_hand() -> None:
    pairs, preds = _random_run(30, 2)
    res = pair_bootstrap_ci(pairs, preds, "bcr", n_resamples=50, seed=11)
    idx = np.random.default_rng(11).integers(0, 30, size=(50, 30))
    outcomes = pair_outcomes(pairs, preds)
    reps = np.array([np.mean([outcomes[i] == "bc" for i in row]) for row in idx])
    low, high = np.quantile(reps, [0.025, 0.975])
    assert (res.low, res.high) == (pytest.approx(low), pytest.approx(high))


def test_pair_bootstrap_invalid_and_constant() -> None:
    pairs = _pairs(10)
    preds = _preds(pairs, [1] * 10, [1] * 10)
    res = pair_bootstrap_ci(pairs, preds, "r_independence", n_resamples=20)
    assert res.n_invalid == 20 and math.isnan(res.low) and math.isnan(res.high)
    const = pair_bootstrap_ci(pairs, preds, "pred1", n_resamples=20)
    assert const.low == const.high == const.estimate == 10
    with pytest.raises(ValueError, match="unknown"):
        pair_bootstrap_ci(pairs, preds, "nope")
