"""OnnxVerifier: same answers as HFVerifier on the exported tiny model, with no torch at run time."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from medhal.verify import Verifier, VerifierError
from medhal.verify.labels import softmax64

from .conftest import requires_hf

pytestmark = requires_hf

SRC = Path(__file__).resolve().parents[2] / "src"


def test_protocol_identity_and_inputs(onnx_verifier: Any, tiny_onnx_dir: Path) -> None:
    assert set(onnx_verifier.input_names) == {"input_ids", "attention_mask", "token_type_ids"}
    assert re.fullmatch(rf"onnx:{re.escape(tiny_onnx_dir.name)}@[0-9a-f]{{12}}", onnx_verifier.id)
    assert onnx_verifier.max_length == 64
    assert isinstance(onnx_verifier, Verifier)  # runtime Protocol check


def test_matches_hf_verifier(onnx_verifier: Any, hf_verifier: Any, pairs: list[tuple[str, str]]) -> None:
    got = onnx_verifier.predict(pairs)
    assert got.dtype == np.float64 and got.shape == (len(pairs), 3)
    np.testing.assert_allclose(got, hf_verifier.predict(pairs), rtol=0, atol=1e-4)
    np.testing.assert_allclose(got.sum(axis=1), 1.0, rtol=0, atol=1e-12)


def test_columns_reordered_against_raw_logits(
    onnx_verifier: Any, pairs: list[tuple[str, str]], reference_logits: Any
) -> None:
    raw = reference_logits(pairs)  # model order: contradiction, entailment, neutral
    e = np.exp(raw - raw.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    expected = np.column_stack([p[:, 1], p[:, 2], p[:, 0]])
    np.testing.assert_allclose(onnx_verifier.predict(pairs), expected, rtol=0, atol=1e-4)


def test_pair_lengths_match_hf(onnx_verifier: Any, hf_verifier: Any, pairs: list[tuple[str, str]]) -> None:
    long = [(" ".join(["cough"] * 90), "fever"), ("", "")]
    assert onnx_verifier.pair_lengths(pairs + long) == hf_verifier.pair_lengths(pairs + long)
    assert onnx_verifier.pair_lengths(long) == [94, 3]


def test_truncation_counted_and_matches_hf(onnx_verifier: Any, hf_verifier: Any) -> None:
    premise = " ".join(("the patient has fever and cough with chest pain " * 12).split())
    hypothesis_long = " ".join(("patient has fever " * 30).split())
    batch = [(premise, "the patient has no fever"), ("chest pain", hypothesis_long), ("a", "b")]
    before = onnx_verifier.stats.snapshot()
    got = onnx_verifier.predict(batch)
    assert onnx_verifier.stats.since(before).truncated == 2
    np.testing.assert_allclose(got, hf_verifier.predict(batch), rtol=0, atol=1e-4)
    words = premise.split()
    manual = onnx_verifier.predict([(" ".join(words[: 64 - 3 - 5]), "the patient has no fever")])
    np.testing.assert_allclose(got[0], manual[0], rtol=0, atol=1e-6)


def test_explicit_short_max_length(tiny_onnx_dir: Path, tiny_dir: Path, pairs: list[tuple[str, str]]) -> None:
    from medhal.verify.hf import HFVerifier
    from medhal.verify.onnx import OnnxVerifier

    short = OnnxVerifier(tiny_onnx_dir, max_length=10)
    got = short.predict(pairs)
    assert short.stats.truncated == sum(n > 10 for n in short.pair_lengths(pairs)) > 0
    np.testing.assert_allclose(got, HFVerifier(tiny_dir, max_length=10).predict(pairs), rtol=0, atol=1e-4)


def test_batch_size_and_token_budget_do_not_change_results(
    tiny_onnx_dir: Path, onnx_verifier: Any, pairs: list[tuple[str, str]]
) -> None:
    from medhal.verify.onnx import OnnxVerifier

    reference = onnx_verifier.predict(pairs)
    for kwargs in ({"batch_size": 1}, {"batch_size": 64}, {"batch_size": 8, "max_tokens": 24}):
        np.testing.assert_allclose(OnnxVerifier(tiny_onnx_dir, **kwargs).predict(pairs), reference, atol=1e-6)


def test_single_file_path_and_directory_lookup(tiny_onnx_dir: Path, onnx_verifier: Any, tmp_path: Path) -> None:
    from medhal.verify.onnx import OnnxVerifier

    assert OnnxVerifier(tiny_onnx_dir / "model.onnx").id == onnx_verifier.id
    other = tmp_path / "renamed"
    other.mkdir()
    for name in ("tokenizer.json", "tokenizer_config.json", "config.json"):
        shutil.copy(tiny_onnx_dir / name, other / name)
    shutil.copy(tiny_onnx_dir / "model.onnx", other / "nli.onnx")
    renamed = OnnxVerifier(other)
    assert renamed.id == f"onnx:renamed@{onnx_verifier.id.split('@')[1]}"
    shutil.copy(tiny_onnx_dir / "model.onnx", other / "second.onnx")
    with pytest.raises(VerifierError, match=r"several \.onnx files"):
        OnnxVerifier(other)
    (other / "config.json").unlink()
    with pytest.raises(VerifierError, match=r"missing config\.json"):
        OnnxVerifier(other / "nli.onnx")


def test_relative_path_uses_directory_name(
    tiny_onnx_dir: Path, onnx_verifier: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from medhal.verify.onnx import OnnxVerifier

    monkeypatch.chdir(tiny_onnx_dir)
    assert OnnxVerifier(".").id == onnx_verifier.id


def test_hash_changes_when_weights_change(tiny_onnx_dir: Path, onnx_verifier: Any, tmp_path: Path) -> None:
    import onnx
    from onnx import numpy_helper

    from medhal.verify.onnx import OnnxVerifier

    changed = Path(shutil.copytree(tiny_onnx_dir, tmp_path / tiny_onnx_dir.name))
    graph = onnx.load(str(changed / "model.onnx"))
    init = max(graph.graph.initializer, key=lambda t: np.prod(t.dims))
    weights = numpy_helper.to_array(init)
    noise = np.random.default_rng(0).normal(0.0, 0.1, weights.shape).astype(weights.dtype)
    init.CopyFrom(numpy_helper.from_array(weights + noise, init.name))
    onnx.save(graph, str(changed / "model.onnx"))
    same_name = OnnxVerifier(changed)
    assert same_name.id.split("@")[0] == onnx_verifier.id.split("@")[0]
    assert same_name.id != onnx_verifier.id
    pair = [("the patient has fever", "patient has fever")]
    assert not np.allclose(same_name.predict(pair), onnx_verifier.predict(pair), atol=1e-7)


def test_binary_model_maps_not_entailment_to_neutral(binary_onnx_dir: Path, pairs: list[tuple[str, str]]) -> None:
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    from medhal.verify.onnx import OnnxVerifier

    got = OnnxVerifier(binary_onnx_dir).predict(pairs)
    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(binary_onnx_dir).eval()
    tok = AutoTokenizer.from_pretrained(binary_onnx_dir)
    premises, hypotheses = zip(*pairs, strict=True)
    with torch.no_grad():
        logits = model(**tok(list(premises), list(hypotheses), padding=True, return_tensors="pt")).logits
    p = softmax64(logits.double().numpy())
    np.testing.assert_allclose(got[:, :2], p, rtol=0, atol=1e-4)
    assert (got[:, 2] == 0.0).all()


def test_label_count_mismatch_and_bad_labels(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    from medhal.verify.onnx import OnnxVerifier

    broken = Path(shutil.copytree(tiny_onnx_dir, tmp_path / "broken"))
    config = json.loads((broken / "config.json").read_text())
    config["id2label"] = {"0": "LABEL_0", "1": "LABEL_1", "2": "LABEL_2"}
    (broken / "config.json").write_text(json.dumps(config))
    with pytest.raises(VerifierError, match="explicit id2label"):
        OnnxVerifier(broken)
    config["id2label"] = {"0": "entailment", "1": "not_entailment"}
    (broken / "config.json").write_text(json.dumps(config))
    with pytest.raises(VerifierError, match="emits 3 logits"):
        OnnxVerifier(broken)


def test_runs_without_torch_or_transformers(tiny_onnx_dir: Path) -> None:
    code = (
        "import sys\n"
        "from medhal.verify.onnx import OnnxVerifier\n"
        f"v = OnnxVerifier({str(tiny_onnx_dir)!r}, threads=1)\n"
        "p = v.predict([('the patient has fever', 'patient has fever')])\n"
        "assert p.shape == (1, 3)\n"
        "bad = [m for m in ('torch', 'transformers') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_bad_arguments(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    from medhal.verify.onnx import OnnxVerifier

    with pytest.raises(VerifierError, match="does not exist"):
        OnnxVerifier(tmp_path / "nothing")
    with pytest.raises(VerifierError, match=r"no \.onnx file"):
        OnnxVerifier(tmp_path)
    with pytest.raises(VerifierError, match="threads"):
        OnnxVerifier(tiny_onnx_dir, threads=0)
    with pytest.raises(VerifierError, match="batch_size"):
        OnnxVerifier(tiny_onnx_dir, batch_size=0)
    (tmp_path / "x.txt").write_text("")
    with pytest.raises(VerifierError, match=r"not an \.onnx file"):
        OnnxVerifier(tmp_path / "x.txt")


def test_graph_with_only_input_ids(tiny_onnx_dir: Path, tmp_path: Path, pairs: list[tuple[str, str]]) -> None:
    """Only declared inputs are fed; without attention_mask each pair runs unpadded."""
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    from medhal.verify.onnx import OnnxVerifier

    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(tiny_onnx_dir).eval()

    class IdsOnly(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = model

        def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
            return self.inner(input_ids=input_ids).logits  # type: ignore[no-any-return]

    target = tmp_path / "ids_only"
    target.mkdir()
    for name in ("tokenizer.json", "tokenizer_config.json", "config.json"):
        shutil.copy(tiny_onnx_dir / name, target / name)
    example = torch.tensor([[2, 5, 3, 6, 3]])
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.onnx.export(
                IdsOnly().eval(),
                (example,),
                str(target / "model.onnx"),
                input_names=["input_ids"],
                output_names=["logits"],
                dynamic_axes={"input_ids": {0: "batch", 1: "sequence"}, "logits": {0: "batch"}},
                opset_version=17,
                dynamo=False,
            )
    except Exception as exc:
        pytest.skip(f"TorchScript ONNX export unavailable: {exc}")
    verifier = OnnxVerifier(target, batch_size=8)
    assert verifier.input_names == ("input_ids",)
    got = verifier.predict(pairs)
    assert verifier.stats.batches == len(pairs)
    tok = AutoTokenizer.from_pretrained(tiny_onnx_dir)
    with torch.no_grad():
        raw = np.stack(
            [
                model(input_ids=tok([p], [h], return_tensors="pt")["input_ids"]).logits[0].double().numpy()
                for p, h in pairs
            ]
        )
    np.testing.assert_allclose(got, softmax64(raw)[:, [1, 2, 0]], rtol=0, atol=1e-4)
