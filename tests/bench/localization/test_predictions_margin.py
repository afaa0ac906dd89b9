"""Eq. 4's margin is computed per item: one unscored item no longer disables it for the whole file (issue 16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.bench.localization.metrics import item_localization
from medhal.bench.localization.predictions import read_predictions, score_predictions
from medhal.data.medhal_loc import LocItem

TEXT = "Holmium laser lithotripsy treated renal calculi, with a high success rate."
ITEMS = [
    LocItem("a", "entity_substitution", "q", "ev", "clean", TEXT, "renal calculi"),
    LocItem("b", "relation_error", "q", "ev", "clean", TEXT, "high success rate"),
    LocItem("c", "invented", "q", "ev", "clean", TEXT, "renal calculi"),
]
ROWS = [
    {
        "id": "a",
        "units": [{"text": "with a high success rate.", "score": 0.1}, {"text": "renal calculi,", "score": 0.9}],
    },
    {"id": "b", "units": [{"text": "renal calculi,", "score": 0.8}, {"text": "high success rate", "score": 0.2}]},
    {"id": "c", "units": [{"text": "renal calculi,", "score": 0.7}, "with a high success rate."]},  # one unscored unit
]


def _write(tmp_path: Path, rows: list[object]) -> Path:
    path = tmp_path / "pred.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_items_without_scores_lose_only_their_own_margin(tmp_path: Path) -> None:
    path = _write(tmp_path, ROWS)
    _, _, scored_ids = read_predictions(path, ITEMS)
    assert scored_ids == {"a", "b"}
    result = score_predictions(path, ITEMS)
    assert result.unscored == 1
    report = result.run.overall
    assert report is not None and report.n == 3 and report.margin_items == 2
    # independent: item a: 0.9 - 0.1 (gold unit vs the other); item b: 0.2 - 0.8; item c has none
    assert report.margin == pytest.approx(((0.9 - 0.1) + (0.2 - 0.8)) / 2)
    by_id = {i.id: i for i in result.run.items if hasattr(i, "margin")}
    assert by_id["c"].margin is None  # type: ignore[union-attr]
    ref = item_localization("renal calculi", ["renal calculi,", "with a high success rate."], [0.9, 0.1])
    assert by_id["a"].margin == pytest.approx(ref.margin)  # type: ignore[union-attr]


def test_every_item_scored_keeps_every_margin_and_reports_zero_unscored(tmp_path: Path) -> None:
    result = score_predictions(_write(tmp_path, ROWS[:2]), ITEMS[:2])
    assert result.unscored == 0
    assert result.run.overall is not None and result.run.overall.margin_items == 2


def test_cli_reports_items_without_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from medhal.cli.main import main

    data = tmp_path / "data.jsonl"
    fields = ("id", "target_type", "question", "evidence", "clean_text", "hallucinated_text", "gold_span")
    data.write_text(
        "".join(
            json.dumps(
                dict(
                    zip(
                        fields,
                        (i.id, i.error_type, i.question, i.evidence, i.clean_text, i.hallucinated_text, i.gold_span),
                        strict=True,
                    )
                )
            )
            + "\n"
            for i in ITEMS
        )
    )
    assert main(["score", "localization", "--predictions", str(_write(tmp_path, ROWS)), "--data", str(data)]) == 0
    payload = json.loads(capsys.readouterr().out)["predictions"]
    assert payload["items_without_scores"] == 1 and payload["margin_items"] == 2
