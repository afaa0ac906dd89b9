"""Calibration shipped beside a model: verdict thresholds, response thresholds and recommended settings.

A model directory may hold ``calibration.json``.  medhal's embedded verifier ships one, fitted on development
data only (see its model card for how); any ``onnx:`` or ``hf:`` directory can carry one too.  The file::

    {
      "entail_threshold": 0.5,            # VerdictRule: supported when max P(E) >= this and > max P(C)
      "contradict_threshold": 0.5,        # VerdictRule: contradicted when max P(C) >= this and > max P(E)
      "response_thresholds": {"decomposed": 0.5, "nli-clause": 0.5},
      "detector_options": {"decomposed": {"max_windows": 6}},
      "max_length": 256,                  # token budget the model was trained and calibrated for
      "fitted_on": "...", "method": "..."
    }

:class:`medhal.Checker` applies these as defaults; explicit options always win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from medhal.verify._sidecar import read_sidecar, write_sidecar

__all__ = ["CALIBRATION_FILE", "Calibration", "read_calibration"]

CALIBRATION_FILE = "calibration.json"


@dataclass(frozen=True, slots=True)
class Calibration:
    entail_threshold: float = 0.5
    contradict_threshold: float = 0.5
    response_thresholds: dict[str, float] = field(default_factory=dict)
    detector_options: dict[str, dict[str, object]] = field(default_factory=dict)
    """Recommended keyword options per detector name (JSON values)."""
    max_length: int | None = None
    fitted_on: str = ""
    method: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "entail_threshold": self.entail_threshold,
            "contradict_threshold": self.contradict_threshold,
            "response_thresholds": dict(self.response_thresholds),
            "detector_options": {k: dict(v) for k, v in self.detector_options.items()},
            "max_length": self.max_length,
            "fitted_on": self.fitted_on,
            "method": self.method,
        }

    def write(self, directory: str | Path) -> Path:
        return write_sidecar(directory, CALIBRATION_FILE, self.to_dict())


def _calibration(raw: Any) -> Calibration:
    cal = Calibration(
        entail_threshold=float(raw.get("entail_threshold", 0.5)),
        contradict_threshold=float(raw.get("contradict_threshold", 0.5)),
        response_thresholds={str(k): float(v) for k, v in raw.get("response_thresholds", {}).items()},
        detector_options={str(k): dict(v) for k, v in raw.get("detector_options", {}).items()},
        max_length=None if raw.get("max_length") is None else int(raw["max_length"]),
        fitted_on=str(raw.get("fitted_on", "")),
        method=str(raw.get("method", "")),
    )
    for name in ("entail_threshold", "contradict_threshold"):
        if not 0.0 <= getattr(cal, name) <= 1.0:
            raise ValueError(f"{name} must lie in [0, 1]")
    return cal


def read_calibration(directory: str | Path) -> Calibration | None:
    """The calibration of a model directory, or ``None`` when it has none; malformed files raise one line."""
    return read_sidecar(directory, CALIBRATION_FILE, _calibration)
