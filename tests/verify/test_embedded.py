"""The verifier shipped inside medhal: loads offline with onnxruntime + tokenizers only, and is sane."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from medhal.verify import load_verifier, open_verifier
from medhal.verify.lexical import read_lexical_head
from medhal.verify.loader import EMBEDDED_DIR

pytestmark = pytest.mark.skipif(
    not (EMBEDDED_DIR / "model.onnx").is_file(), reason="this build ships no embedded verifier"
)
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def embedded():  # type: ignore[no-untyped-def]
    return load_verifier()


def test_id_carries_the_onnx_sha256_and_calibration_ships(embedded) -> None:  # type: ignore[no-untyped-def]
    digest = hashlib.sha256((EMBEDDED_DIR / "model.onnx").read_bytes()).hexdigest()
    head = read_lexical_head(EMBEDDED_DIR)
    assert head is not None, "the embedded verifier ships its lexical head"
    assert embedded.id == f"onnx:embedded@{digest[:12]}+lex@{head.digest()[:12]}"
    assert load_verifier("embedded:raw").id == f"onnx:embedded@{digest[:12]}"
    cal = open_verifier().calibration
    assert cal is not None and cal.max_length == embedded.max_length
    assert (EMBEDDED_DIR / "model_card.md").read_text().count("Apache-2.0") >= 1
    assert (EMBEDDED_DIR / "model.onnx").stat().st_size < 26 * 1024 * 1024


def test_clear_cut_predictions(embedded) -> None:  # type: ignore[no-untyped-def]
    guitar = "A man is playing a guitar on the stage."
    trial = "The trial enrolled 412 adults with type 2 diabetes."
    probs = embedded.predict(
        [
            (guitar, "A man is playing a guitar."),  # obvious entailment
            (guitar, "Nobody is playing a guitar."),  # obvious contradiction
            (guitar, "A woman is slicing an onion."),  # unrelated: neutral
            (trial, trial),  # verbatim medical sentence
        ]
    )
    assert probs.shape == (4, 3) and np.allclose(probs.sum(axis=1), 1.0)
    assert probs[0].argmax() == 0 and probs[0, 0] > 0.7
    assert probs[1, 0] < 0.2 and probs[1, 2] > probs[0, 2] + 0.3
    assert probs[2].argmax() == 1
    assert probs[3].argmax() == 0


def test_number_change_lowers_entailment(embedded) -> None:  # type: ignore[no-untyped-def]
    trial = "The trial enrolled 412 adults with type 2 diabetes."
    probs = embedded.predict([(trial, trial), (trial, "The trial enrolled 97 adults with type 2 diabetes.")])
    assert probs[1, 0] < probs[0, 0] - 0.2
    assert probs[1].argmax() == 2


def test_negation_and_direction(embedded) -> None:  # type: ignore[no-untyped-def]
    sentence = "Metformin did not slow the decline in eGFR."
    aspirin = "Aspirin reduced the risk of stroke by 20% in elderly patients."
    probs = embedded.predict(
        [
            (sentence, sentence),  # a negated sentence entails itself
            (sentence, "Metformin slowed the decline in eGFR."),  # negation removed
            (aspirin, "Aspirin increased the risk of stroke in elderly patients."),  # direction flipped
            (aspirin, "Aspirin reduced the risk of stroke in elderly patients."),  # trimmed: still entailed
        ]
    )
    assert probs[0].argmax() == 0
    assert probs[1].argmax() == 2
    assert probs[2].argmax() == 2
    assert probs[3, 0] > probs[2, 0] + 0.3


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
