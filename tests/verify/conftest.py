"""Session-scoped tiny models shared by the verifier tests (built once, a few seconds in all)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .tiny_models import BINARY, NON_CANONICAL_3, build_model, export_onnx

PAIRS: list[tuple[str, str]] = [
    ("the patient has fever and cough", "the patient has fever"),
    ("the patient has fever and cough", "the patient has no fever"),
    ("the patient denies chest pain", "the patient has chest pain"),
    ("blood pressure was high", "blood pressure was normal"),
    ("patient was started on aspirin 81 mg daily", "patient is on aspirin"),
    ("history of diabetes and hypertension", "patient has diabetes"),
    ("patient is allergic to penicillin", "patient was prescribed amoxicillin"),
    ("oxygen saturation was low after admitted", "oxygen saturation was reduced"),
    ("a 54 years old male with sepsis", "the patient is female"),
    ("", "patient has fever"),
    ("the patient has fever", ""),
    ("unknownword zzz qqq", "the patient has rash"),
]


def _torch_available() -> bool:
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError:
        return False
    return True


requires_hf = pytest.mark.skipif(not _torch_available(), reason="torch/transformers not installed")


@pytest.fixture(scope="session")
def pairs() -> list[tuple[str, str]]:
    return list(PAIRS)


@pytest.fixture(scope="session")
def tiny_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 3-class model whose id2label is {0: contradiction, 1: entailment, 2: neutral}."""
    if not _torch_available():
        pytest.skip("torch/transformers not installed")
    return build_model(tmp_path_factory.mktemp("tiny"), seed=0, id2label=NON_CANONICAL_3)


@pytest.fixture(scope="session")
def binary_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-class entailment / not_entailment model."""
    if not _torch_available():
        pytest.skip("torch/transformers not installed")
    return build_model(tmp_path_factory.mktemp("binary"), seed=1, id2label=BINARY)


def _export_or_skip(directory: Path) -> Path:
    try:
        export_onnx(directory)
    except Exception as exc:  # an exporter missing from this torch build
        pytest.skip(f"ONNX export of the tiny model is impossible with this torch: {exc}")
    return directory


@pytest.fixture(scope="session")
def tiny_onnx_dir(tiny_dir: Path) -> Path:
    """``tiny_dir`` with ``model.onnx`` exported next to the HF weights (same tokenizer and config)."""
    return _export_or_skip(tiny_dir)


@pytest.fixture(scope="session")
def binary_onnx_dir(binary_dir: Path) -> Path:
    return _export_or_skip(binary_dir)


@pytest.fixture(scope="session")
def hf_verifier(tiny_dir: Path) -> Any:
    from medhal.verify.hf import HFVerifier

    return HFVerifier(tiny_dir, batch_size=4)


@pytest.fixture(scope="session")
def onnx_verifier(tiny_onnx_dir: Path) -> Any:
    from medhal.verify.onnx import OnnxVerifier

    return OnnxVerifier(tiny_onnx_dir, batch_size=4, threads=1)


@pytest.fixture(scope="session")
def reference_logits(tiny_dir: Path) -> Any:
    """Independent reference: raw logits of the tiny model, one pair at a time, no medhal code involved."""
    import numpy as np
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(tiny_dir).eval()
    tokenizer = AutoTokenizer.from_pretrained(tiny_dir)

    def run(batch: list[tuple[str, str]], max_length: int = 64) -> Any:
        rows = []
        with torch.no_grad():
            for premise, hypothesis in batch:
                # list form: a bare ``text_pair=""`` would be dropped and encoded as a single sequence
                enc = tokenizer([premise], [hypothesis], return_tensors="pt")
                assert enc["input_ids"].shape[1] <= max_length, "reference pairs must fit"
                rows.append(model(**enc).logits[0].double().numpy())
        return np.stack(rows)

    return run
