"""Shared formatting of the reports (medhal.report.format): numbers and how a figure is finished."""

from __future__ import annotations

from pathlib import Path

import pytest

from medhal.report.format import num, pct, save_figure


def test_missing_and_non_finite_numbers_print_as_a_dash() -> None:
    assert num(None) == "-" and num(float("nan")) == "-" and pct(float("inf")) == "-"
    assert num({"mean": 0.5, "sd": 0.25}) == "0.500 ± 0.250"


def test_save_figure_writes_the_png_at_the_figure_or_given_dpi_and_closes_it(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from medhal.report.format import pyplot

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(2, 1), dpi=50)
    ax.plot([0, 1], [1, 0])
    assert save_figure(fig, tmp_path / "own.png") == tmp_path / "own.png"
    assert not plt.fignum_exists(fig.number)
    fig, _ = plt.subplots(figsize=(2, 1), dpi=50)
    save_figure(fig, tmp_path / "given.png", dpi=30)
    assert not plt.fignum_exists(fig.number)
    assert _png_size(tmp_path / "own.png") == (100, 50) and _png_size(tmp_path / "given.png") == (60, 30)


def _png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")
