from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from medhal import Checker
from medhal.verify import LoadedVerifier, VerifierError, load_verifier, open_verifier
from medhal.verify.calibration import Calibration, read_calibration


def test_round_trip_and_validation(tmp_path: Path) -> None:
    assert read_calibration(tmp_path) is None
    cal = Calibration(0.4, 0.6, {"decomposed": 0.7}, {"decomposed": {"max_windows": 5}}, 128, "dev", "grid")
    cal.write(tmp_path)
    assert read_calibration(tmp_path) == cal
    (tmp_path / "calibration.json").write_text('{"entail_threshold": 3}')
    with pytest.raises(VerifierError, match="must lie in"):
        read_calibration(tmp_path)
    (tmp_path / "calibration.json").write_text("[1, 2]")
    with pytest.raises(VerifierError, match="malformed"):
        read_calibration(tmp_path)


def test_checker_uses_shipped_calibration_under_explicit_options(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    model = tmp_path / "model"
    shutil.copytree(tiny_onnx_dir, model)
    Calibration(0.3, 0.7, {"decomposed": 0.8, "nli-clause": 0.6}, {"decomposed": {"max_windows": 4}}).write(model)
    verifier = open_verifier(f"onnx:{model}", cache=tmp_path / "c.sqlite")
    assert verifier.calibration == read_calibration(model) and verifier.id == verifier.verifier.id
    checker = Checker(verifier)
    cfg = checker.detector.config
    assert (cfg["entail_threshold"], cfg["contradict_threshold"], cfg["threshold"], cfg["max_windows"]) == (
        0.3,
        0.7,
        0.8,
        4,
    )
    explicit = Checker(verifier, threshold=0.5, max_windows=None)
    assert explicit.detector.config["threshold"] == 0.5 and explicit.detector.config["max_windows"] is None
    assert Checker(verifier, detector="nli-clause").detector.config["threshold"] == 0.6
    assert Checker(verifier, detector="nli-response").detector.config["threshold"] == 0.5


def test_calibration_is_data_beside_the_verifier_never_on_it(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    model = tmp_path / "model"
    shutil.copytree(tiny_onnx_dir, model)
    Calibration(0.3, 0.7, {"decomposed": 0.8}).write(model)
    loaded = open_verifier(f"onnx:{model}")
    assert isinstance(loaded, LoadedVerifier) and loaded.calibration is not None
    assert not hasattr(loaded.verifier, "calibration")
    bare = load_verifier(f"onnx:{model}")
    assert bare.id == loaded.id and not hasattr(bare, "calibration")
    assert Checker(bare).calibration is None and Checker(bare).detector.config["threshold"] == 0.5
    assert Checker(loaded).calibration == loaded.calibration
    assert open_verifier(f"onnx:{tiny_onnx_dir}").calibration is None
