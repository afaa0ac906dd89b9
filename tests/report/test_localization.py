from __future__ import annotations

from pathlib import Path

import pytest

from medhal.report.localization import (
    detection_localization_scatter,
    localization_bar_chart,
    localization_markdown,
    plotting_available,
)

METRICS = {
    "nli-clause": {
        "kind": "ranked",
        "n": 100,
        "excluded": 0,
        "coverage": 1.0,
        "hit1": 0.59,
        "hit3": 0.91,
        "rand": 0.433,
        "lift": 0.157,
        "se": 0.049,
        "sigma": 3.2,
        "significant": True,
        "margin": 0.07,
        "per_type": {"invented": {"hit1": 0.5, "rand": 0.4, "coverage": 1.0}},
        "detection": {"n": 200, "auc_pr": 0.63, "f1_opt": 0.67, "threshold_opt": 0.3},
        "statuses": {"ok": 200},
    },
    "nli-response": {"kind": "response", "detection": {"n": 200, "auc_pr": 0.55}, "statuses": {"ok": 200}},
}


def test_markdown_has_table_3_4_and_6_shapes() -> None:
    text = localization_markdown(METRICS, meta={"items": 100}, figures={"fig": "localization.png"})
    assert "| nli-clause | ranked | 100 | 0 | 100.0 | 59.0 | 91.0 | 43.3 | +15.7 | 4.9 | 3.2 | yes | +0.070 |" in text
    assert "| nli-response | response | - | - | - | 0 (n/a) |" in text
    assert "| nli-clause | 50.0 / 40.0 |" in text
    assert "Table 4" in text and "| nli-clause | 100.0 | 100.0 |" in text
    assert "| nli-clause | 200 | 0.630 | 0.670 | 0.300 | - |" in text
    assert "![fig](localization.png)" in text


def test_markdown_without_figures_says_how_to_get_them() -> None:
    assert "medhal[report]" in localization_markdown(METRICS)


def test_figures_are_written(tmp_path: Path) -> None:
    if not plotting_available():
        pytest.skip("matplotlib is not installed")
    bar = localization_bar_chart(METRICS, tmp_path / "bar.png")
    scatter = detection_localization_scatter(METRICS, tmp_path / "scatter.png")
    for path in (bar, scatter):
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 5000
