"""The verifier shipped inside medhal: loads offline with onnxruntime + tokenizers only, and is sane."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from medhal.verify import load_verifier
from medhal.verify.calibration import calibration_of
from medhal.verify.loader import EMBEDDED_DIR

pytestmark = pytest.mark.skipif(
    not (EMBEDDED_DIR / "model.onnx").is_file(), reason="this build ships no embedded verifier"
)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def embedded():  # type: ignore[no-untyped-def]
    return load_verifier()


def test_id_carries_the_onnx_sha256_and_calibration_is_attached(embedded) -> None:  # type: ignore[no-untyped-def]
    digest = hashlib.sha256((EMBEDDED_DIR / "model.onnx").read_bytes()).hexdigest()
    assert embedded.id == f"onnx:embedded@{digest[:12]}"
    cal = calibration_of(embedded)
    assert cal is not None and cal.max_length == embedded.max_length
    assert (EMBEDDED_DIR / "model_card.md").read_text().count("Apache-2.0") >= 1
    assert (EMBEDDED_DIR / "model.onnx").stat().st_size < 26 * 1024 * 1024


def test_clear_cut_predictions(embedded) -> None:  # type: ignore[no-untyped-def]
    premise = "In the trial, 412 adults received metformin. Lactic acidosis did not occur in either group."
    probs = embedded.predict(
        [
            (premise, "Lactic acidosis did not occur in either group."),  # verbatim: entailment
            (premise, "Lactic acidosis occurred in the metformin group."),  # negation flip: contradiction
            (premise, "In the trial, 412 adults received metformin."),
            (premise, "In the trial, 97 adults received metformin."),  # number change
        ]
    )
    assert probs.shape == (4, 3)
    assert probs[0].argmax() == 0 and probs[0, 0] > 0.5
    assert probs[1, 2] > probs[1, 0] and probs[1, 0] < 0.5
    assert probs[2, 0] > 0.5
    assert probs[3, 0] < probs[2, 0] - 0.2


def test_medhal_check_runs_offline_without_torch(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from medhal.cli.main import main\n"
        f"rc = main(['check', '-e', {str(EXAMPLES / 'evidence.txt')!r}, '-r', {str(EXAMPLES / 'response.txt')!r},"
        f" '-f', 'json', '-o', {str(tmp_path / 'r.json')!r}])\n"
        "print(rc, 'torch' in sys.modules, 'transformers' in sys.modules)\n"
    )
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    rc, torch_loaded, transformers_loaded = out.stdout.split()
    assert rc in ("0", "1") and torch_loaded == "False" and transformers_loaded == "False"
    record = json.loads((tmp_path / "r.json").read_text())
    assert record["status"] == "ok" and record["verifier_id"].startswith("onnx:embedded@")
