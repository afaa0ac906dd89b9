from __future__ import annotations

from pathlib import Path

import pytest

from medhal.report.localization import (
    detection_localization_scatter,
    localization_bar_chart,
    localization_markdown,
    plotting_available,
)
from report_results import entry, report

METRICS = {
    "nli-clause": entry("ranked", report(0.59, 0.433, 0.157), 0.63),
    "nli-response": entry("response", None, 0.55),
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
