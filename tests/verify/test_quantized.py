"""Dynamically quantized graphs compute activation scales per batch: medhal runs them one pair at a time."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from medhal.verify.onnx import OnnxVerifier, uses_dynamic_quantization

from .conftest import PAIRS


def test_dynamic_int8_graph_is_run_pair_by_pair(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = tmp_path / "int8"
    shutil.copytree(tiny_onnx_dir, model)
    (model / "model.onnx").unlink()
    quantize_dynamic(str(tiny_onnx_dir / "model.onnx"), str(model / "model.onnx"), weight_type=QuantType.QInt8)
    assert uses_dynamic_quantization(model / "model.onnx")
    assert not uses_dynamic_quantization(tiny_onnx_dir / "model.onnx")
    fp32 = OnnxVerifier(tiny_onnx_dir, batch_size=8)
    int8 = OnnxVerifier(model, batch_size=8)
    assert fp32.batch_independent and not int8.batch_independent
    pairs = [p for p in PAIRS if p[0] and p[1]]
    together = int8.predict(pairs)
    alone = np.vstack([int8.predict([p]) for p in pairs])
    assert np.array_equal(together, alone)  # byte-identical whatever the batch holds
    assert int8.stats.batches == 2 * len(pairs)


def test_pairs_run_side_by_side_give_the_probabilities_of_one_run_at_a_time(
    tiny_onnx_dir: Path, tmp_path: Path
) -> None:
    from onnxruntime.quantization import QuantType, quantize_dynamic

    model = tmp_path / "int8"
    shutil.copytree(tiny_onnx_dir, model)
    (model / "model.onnx").unlink()
    quantize_dynamic(str(tiny_onnx_dir / "model.onnx"), str(model / "model.onnx"), weight_type=QuantType.QInt8)
    pairs = [p for p in PAIRS if p[0] and p[1]] * 3
    side_by_side = OnnxVerifier(model)  # threads unset: one-pair runs on a pool of one thread each
    one_at_a_time = OnnxVerifier(model, threads=2)  # an explicit thread count: one run at a time
    assert side_by_side._workers >= 1 and one_at_a_time._workers == 1
    assert np.array_equal(side_by_side.predict(pairs), one_at_a_time.predict(pairs))
    assert np.array_equal(side_by_side.predict(pairs), side_by_side.predict(pairs))
