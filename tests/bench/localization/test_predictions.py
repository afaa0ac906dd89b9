from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.bench.localization.predictions import PredictionError, score_predictions
from medhal.data.medhal_loc import LocItem

TEXT = "Holmium laser lithotripsy treated renal calculi, with a high success rate."
ITEMS = [
    LocItem("a", "entity_substitution", "q", "ev", "clean", TEXT, "renal calculi"),
    LocItem("b", "relation_error", "q", "ev", "clean", TEXT, "high success rate"),
    LocItem("c", "invented", "q", "ev", "clean", TEXT, "renal calculi"),
]


def write(tmp_path: Path, rows: list[object]) -> Path:
    path = tmp_path / "pred.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_minimal_records_with_scores_rank_by_score(tmp_path: Path) -> None:
    rows = [
        {
            "id": "a",
            "units": [{"text": "with a high success rate.", "score": 0.1}, {"text": "renal calculi,", "score": 0.9}],
        },
        {"id": "b", "units": [{"text": "renal calculi,", "score": 0.8}, {"text": "high success rate", "score": 0.2}]},
        {"id": "zzz", "units": []},
    ]
    scored = score_predictions(write(tmp_path, rows), ITEMS)
    report = scored.run.overall
    assert report is not None and report.n == 3
    assert (scored.missing, scored.unknown) == (1, 1)
    assert report.hit_at_1 == pytest.approx(1 / 3)
    assert report.random == pytest.approx((0.5 + 0.5 + 0.0) / 3)
    assert report.margin == pytest.approx(((0.9 - 0.1) + (0.2 - 0.8)) / 2)
    assert scored.run.statuses == {"ok": 2, "api_error": 1}


def test_file_order_is_the_ranking_without_scores_and_no_margin(tmp_path: Path) -> None:
    rows = [{"id": "a", "units": ["renal calculi,", "with a high success rate."]}]
    report = score_predictions(write(tmp_path, rows), ITEMS[:1]).run.overall
    assert report is not None and report.hit_at_1 == 1.0 and report.margin is None


def test_span_predictions_use_the_overlap_metric(tmp_path: Path) -> None:
    start = TEXT.index("renal calculi")
    rows = [{"id": "a", "units": [{"start": start, "end": start + 13, "kind": "span"}]}]
    run = score_predictions(write(tmp_path, rows), ITEMS[:1]).run
    assert run.kind == "span" and run.metrics()["hit1"] == 1.0


def test_bad_lines_are_one_line_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a", "units": [{"text": "x", "score": "high"}]}\n')
    with pytest.raises(PredictionError, match=r"bad\.jsonl:1"):
        score_predictions(path, ITEMS)
    path.write_text("not json\n")
    with pytest.raises(PredictionError, match="not JSON"):
        score_predictions(path, ITEMS)
