"""Seed 000 Table 6 protocol (§5, §6.4): bootstrap means over pooled seeds, read from the published file."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from medhal.bench.detection.table6 import (
    TABLE6_PRINTED,
    PublishedDetection,
    grid_f1_threshold,
    read_published_detection,
    table6_bootstrap,
    table6_cells,
)
from medhal.bench.detection.table6_suite import table6_entry

runner = CliRunner()


@pytest.fixture(scope="module")
def published(shared_data: Path) -> PublishedDetection:
    return read_published_detection(shared_data / "medhal_loc" / "published_detection_per_method.json")


@pytest.mark.parametrize("metric", ["F1", "AUC-PR"])
def test_table6_cells_recomputed_from_the_published_file_to_the_printed_digit(
    published: PublishedDetection, metric: str
) -> None:
    printed = TABLE6_PRINTED[metric]
    cells = table6_cells(published, metric, methods=tuple(printed))
    got = {m: tuple(f"{v:.3f}" for v in values) for m, values in cells.items()}
    assert got == {m: tuple(f"{v:.3f}" for v in values) for m, values in printed.items()}


def test_seeds_mean_of_point_values_is_not_what_table6_prints(published: PublishedDetection) -> None:
    differ = 0
    for metric, printed in TABLE6_PRINTED.items():
        cells = table6_cells(published, metric, methods=tuple(printed), statistic="seeds")
        differ += sum(
            f"{v:.3f}" != f"{p:.3f}" for m in printed for v, p in zip(cells[m][:5], printed[m][:5], strict=True)
        )
    assert differ == 26


def test_always_positive_bootstrap_matches_the_published_record(published: PublishedDetection) -> None:
    # MedHallu: 3 seeds of 500 hallucinated + 500 faithful items (per-seed P of Always-Positive is 0.5)
    entry = published.per_method["medhallu"]["Always-Positive"]
    assert {float(v["P"]) for v in entry["per_seed"].values()} == {0.5}
    y = np.tile(np.r_[np.ones(500), np.zeros(500)], 3).astype(int)
    boot = table6_bootstrap(y, np.ones(y.size), np.repeat([1, 2, 42], 1000))
    for metric in ("P", "F1"):
        assert boot[metric].mean == pytest.approx(entry["bootstrap"][metric]["mean"], abs=2e-3)
    assert boot["F1"].n_boot == 1000


def test_grid_threshold_is_strict_first_best_and_falls_back_to_half() -> None:
    # score > threshold: the negative at 0.1 stops being predicted from the grid value 0.10 on, where F1 = 1
    f1, th = grid_f1_threshold([1, 0, 1], [0.3, 0.1, 0.9])
    assert f1 == 1.0 and th == pytest.approx(0.10)
    # ties everywhere: the first grid value wins
    f1, th = grid_f1_threshold([1, 0], [0.99, 0.99])
    assert th == pytest.approx(0.02) and f1 == pytest.approx(2 / 3)
    # no threshold gives F1 > 0 (the positive scores 0): the published default 0.5
    assert grid_f1_threshold([1, 0], [0.0, 0.9]) == (0.0, 0.5)


def test_pool_follows_seed_order_not_input_order() -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 90)
    s = rng.random(90)
    g = np.repeat([42, 1, 2], 30)
    order = np.argsort(g, kind="stable")
    a = table6_bootstrap(y, s, g, n_resamples=50)
    b = table6_bootstrap(y[order], s[order], n_resamples=50)
    assert a == b
    assert table6_bootstrap(y, s, n_resamples=50) != a


def test_table6_entry_reports_per_seed_and_bootstrap() -> None:
    y = [1, 0, 1, 0] * 10
    s = [0.9, 0.1, 0.6, 0.4] * 10
    typed = table6_entry(y, s, [1] * 20 + [2] * 20, n_resamples=20)
    assert typed.auc_pr == pytest.approx(1.0) and typed.seeds_summary is not None
    entry = typed.to_json()
    assert entry["seeds"] == [1, 2] and set(entry["per_seed"]) == {"1", "2"}
    assert entry["bootstrap"]["F1"]["mean"] == pytest.approx(1.0)
    assert entry["auc_pr"] == pytest.approx(1.0)
    assert table6_entry([1, 1], [0.5, 0.6], [1, 1]).to_json()["bootstrap"] is None


def test_score_detection_prints_published_cells_and_recomputes_predictions(shared_data: Path, tmp_path: Path) -> None:
    from medhal.cli.main import app

    path = shared_data / "medhal_loc" / "published_detection_per_method.json"
    rows = [{"detector": "x", "seed": k % 2, "label": k % 2, "score": (k % 2) * 0.5 + 0.2} for k in range(40)]
    rows = [{**r, "seed": 1 + (i // 20)} for i, r in enumerate(rows)]
    pred = tmp_path / "items.jsonl"
    pred.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = runner.invoke(app, ["score", "detection", "--published", str(path), "--predictions", str(pred), "--json"])
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert f"{payload['table6']['F1']['SelfCheckGPT-NLI'][0]:.3f}" == "0.700"
    assert payload["medhal"]["x"]["bootstrap"]["F1"]["mean"] == pytest.approx(1.0)
    text = runner.invoke(app, ["score", "detection", "--published", str(path)]).stdout
    assert "| SelfCheckGPT-NLI | 0.700 | 0.623 | 0.666 | 0.401 | 0.665 | 0.611 |" in text
