from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from medhal.bench.localization import (
    coverage_score,
    hit_at_k_score,
    localization_report,
    random_baseline_score,
    unit_hits,
)
from medhal.bench.localization.metrics import (
    aggregate_localization,
    binomial_se,
    item_localization,
    localization_by_type,
)
from medhal.bench.localization.published import read_published_items
from medhal.bench.localization.spans import aggregate_spans


def test_unit_hits_use_content_tokens() -> None:
    assert unit_hits("renal calculi", ["for renal calculi", "with a high success rate", "the calculi"]) == [
        1,
        0,
        1,
    ]
    # "with" and "the" are stop words / short: no overlap through them
    assert unit_hits("with the", ["with the laser"]) == [0]


def test_report_matches_hand_computation() -> None:
    gold = ["renal calculi", "protective against growth", "of the"]  # the last has an empty gold token set
    pred = [
        ["for renal calculi", "high success rate", "low morbidity"],  # hit@1
        ["both groups lost control", "polyps differ", "appears protective"],  # hit only at rank 3
        ["anything"],
    ]
    scores = [[0.9, 0.2, 0.1], [0.8, 0.5, 0.4], [0.3]]
    r = localization_report(gold, pred, scores=scores)
    assert (r.n, r.excluded) == (2, 1)
    assert r.hit_at_1 == 0.5 and r.hit_at_3 == 1.0 and r.coverage == 1.0
    assert r.random == pytest.approx((1 / 3 + 1 / 3) / 2)
    assert r.lift == pytest.approx(0.5 - 1 / 3)
    # margin: item 1: 0.9 - mean(0.2, 0.1); item 2: 0.4 - mean(0.8, 0.5)
    assert r.margin == pytest.approx(((0.9 - 0.15) + (0.4 - 0.65)) / 2)
    assert r.se == pytest.approx(math.sqrt(0.25 / 2))
    assert hit_at_k_score(gold, pred, k=1) == 0.5
    assert hit_at_k_score(gold, pred, k=3) == 1.0
    assert coverage_score(gold, pred) == 1.0
    assert random_baseline_score(gold, pred) == pytest.approx(1 / 3)


def test_zero_units_count_as_miss_with_zero_random() -> None:
    r = localization_report(["renal calculi"], [[]])
    assert r.hit_at_1 == 0.0 and r.random == 0.0 and r.coverage == 0.0


def test_seed_000_table_3_significance_arithmetic() -> None:
    # NLI-clause: hit@1 62.0 %, lift +20.3 pp, N = 295 -> SE 2.8 pp, ~7.2 sigma (seed 000 §6.1 / Table 3)
    se = binomial_se(0.620, 295)
    assert round(100 * se, 1) == 2.8
    assert round(0.203 / se, 1) == 7.2
    # AdaTriple: hit@1 39.3 %, lift +3.3 pp -> SE 2.8 pp, not significant (3.3 < 2 x 2.8)
    assert round(100 * binomial_se(0.393, 295), 1) == 2.8 and not 2 * binomial_se(0.393, 295) < 0.033


def test_every_branch_of_eqs_1_to_4_by_hand() -> None:
    # k = 0 (no unit), m = k (all units on the gold span: no margin), 0 < m < k (margin), m = 0 (no margin),
    # and an empty gold token set (excluded).
    items = [
        item_localization("renal calculi", [], [], id="k0", error_type="entity"),
        item_localization("renal calculi", ["renal stones", "calculi here"], [0.3, 0.9], id="mk", error_type="entity"),
        item_localization("renal calculi", ["low morbidity", "renal"], [0.7, 0.2], id="mid", error_type="relation"),
        item_localization("renal calculi", ["low morbidity"], [0.7], id="m0", error_type="relation"),
        item_localization("of the", ["anything"], [0.5], id="empty", error_type="relation"),
    ]
    assert items[4] is None
    kept = [i for i in items if i is not None]
    k0, mk, mid, m0 = kept
    assert (k0.k, k0.m, k0.rand, k0.hit1, k0.cover, k0.margin) == (0, 0, 0.0, 0, 0, None)
    assert (mk.m, mk.rand, mk.hit1, mk.hit3, mk.margin) == (2, 1.0, 1, 1, None)
    assert (mid.m, mid.rand, mid.hit1, mid.hit3) == (1, 0.5, 0, 1)
    assert mid.margin == pytest.approx(0.2 - 0.7)
    assert (m0.hit3, m0.margin) == (0, None)
    report = aggregate_localization(kept, excluded=1)
    assert (report.n, report.excluded, report.margin_items) == (4, 1, 1)
    assert report.hit_at_1 == 0.25 and report.hit_at_3 == 0.5 and report.coverage == 0.5
    assert report.random == pytest.approx((0 + 1 + 0.5 + 0) / 4)
    assert report.lift == pytest.approx(0.25 - 0.375)
    assert report.margin == pytest.approx(-0.5) and report.sigma is not None and not report.significant
    by_type = localization_by_type(kept)
    assert by_type["entity"].n == 2 and by_type["entity"].hit_at_1 == 0.5 and by_type["relation"].hit_at_1 == 0.0
    same = localization_report(
        ["renal calculi"] * 4 + ["of the"],
        [[], ["renal stones", "calculi here"], ["low morbidity", "renal"], ["low morbidity"], ["anything"]],
        scores=[[], [0.3, 0.9], [0.7, 0.2], [0.7], [0.5]],
    )
    assert same == report


def test_scores_must_align_with_units() -> None:
    with pytest.raises(ValueError, match="scores"):
        item_localization("renal calculi", ["a renal unit"], [0.1, 0.2])


def test_published_per_item_records_reaggregate_to_their_means(shared_data: Path) -> None:
    rows = [
        json.loads(x) for x in (shared_data / "medhal_loc" / "published_peritem_dev.jsonl").read_text().split("\n") if x
    ]
    published = read_published_items(shared_data / "medhal_loc" / "published_peritem_dev.jsonl")
    for method in ("AdaTriple", "NLI-clause", "SelfCheckGPT-NLI"):
        items = published[method]
        report = aggregate_localization(items)  # type: ignore[arg-type]
        recs = [r[method] for r in rows]
        n = len(recs)
        margins = [r["margin"] for r in recs if r["margin"] is not None]
        # independent computation straight from the JSON
        assert report.n == n == 100
        assert round(100 * report.coverage, 1) == round(100 * sum(r["cover"] for r in recs) / n, 1)
        assert round(100 * report.hit_at_1, 1) == round(100 * sum(r["hit1"] for r in recs) / n, 1)
        assert round(100 * report.hit_at_3, 1) == round(100 * sum(r["hit3"] for r in recs) / n, 1)
        assert round(100 * report.random, 1) == round(100 * sum(r["rand"] for r in recs) / n, 1)
        assert report.margin == pytest.approx(sum(margins) / len(margins))
    nli = aggregate_localization(published["NLI-clause"])  # type: ignore[arg-type]
    assert (round(100 * nli.hit_at_1, 1), round(100 * nli.random, 1), round(100 * nli.lift, 1)) == (64.0, 42.1, 21.9)
    ada = aggregate_localization(published["AdaTriple"])  # type: ignore[arg-type]
    assert (round(100 * ada.coverage, 1), round(100 * ada.hit_at_1, 1), round(100 * ada.random, 1)) == (
        56.0,
        35.0,
        32.5,
    )
    fava = aggregate_spans(published["FAVA"])  # type: ignore[arg-type]
    assert (round(100 * fava.flagged, 1), round(100 * fava.hit, 1)) == (84.0, 56.0)
    assert fava.chance == pytest.approx(
        sum(r["FAVA"]["n_flagged_tok"] / r["FAVA"]["n_passage_tok"] for r in rows) / len(rows)
    )
