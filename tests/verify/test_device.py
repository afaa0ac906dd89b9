"""Hardware control (issue 18): threads and device reach the ONNX session and the hf model; CUDA where present."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from medhal.errors import ConfigError, VerifierError
from medhal.verify import load_verifier
from medhal.verify.device import onnx_providers, parse_device
from medhal.verify.loader import EMBEDDED_DIR

from .conftest import requires_hf


def _onnx_cuda() -> bool:
    try:
        import onnxruntime as ort
    except ImportError:
        return False
    return "CUDAExecutionProvider" in ort.get_available_providers()


def _torch_cuda() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


requires_embedded = pytest.mark.skipif(not (EMBEDDED_DIR / "model.onnx").is_file(), reason="no embedded model")
requires_onnx_cuda = pytest.mark.skipif(not _onnx_cuda(), reason="onnxruntime has no CUDA provider here")
requires_torch_cuda = pytest.mark.skipif(not _torch_cuda(), reason="torch sees no CUDA GPU here")


def _onnx(verifier: Any) -> Any:
    """The OnnxVerifier under a lexical head / cache wrapper."""
    while not hasattr(verifier, "_session"):
        verifier = verifier.inner
    return verifier


@pytest.mark.parametrize(
    ("spec", "canonical"), [(None, "cpu"), ("cpu", "cpu"), (" CUDA ", "cuda"), ("cuda:1", "cuda:1")]
)
def test_parse_device(spec: str | None, canonical: str) -> None:
    assert parse_device(spec) == canonical


@pytest.mark.parametrize("spec", ["gpu", "cpu:0", "cuda:x", "cuda:", "mps"])
def test_parse_device_refuses(spec: str) -> None:
    with pytest.raises(VerifierError, match="unknown device"):
        parse_device(spec)


def test_onnx_providers() -> None:
    assert onnx_providers("cpu", ["CUDAExecutionProvider", "CPUExecutionProvider"]) == ["CPUExecutionProvider"]
    assert onnx_providers("cuda:1", ["CUDAExecutionProvider", "CPUExecutionProvider"]) == [
        ("CUDAExecutionProvider", {"device_id": 1}),
        "CPUExecutionProvider",
    ]
    with pytest.raises(VerifierError, match="no CUDA execution provider"):
        onnx_providers("cuda", ["CPUExecutionProvider"])


def test_onnx_session_gets_the_threads(tiny_onnx_dir: Path) -> None:
    verifier = _onnx(load_verifier(f"onnx:{tiny_onnx_dir}", threads=1))
    assert verifier._session.get_session_options().intra_op_num_threads == 1
    assert verifier.providers == ("CPUExecutionProvider",)
    assert verifier.threads == 1
    two = _onnx(load_verifier(f"onnx:{tiny_onnx_dir}", threads=2))
    assert two._session.get_session_options().intra_op_num_threads == 2
    assert two.id == verifier.id  # threads do not change the answers, so not the cache key either


@pytest.mark.parametrize("threads", [0, -1])
def test_bad_threads_refused(threads: int) -> None:
    with pytest.raises(VerifierError, match="threads must be"):
        load_verifier(threads=threads)


@requires_embedded
def test_embedded_cpu_id_unchanged_by_device_and_threads() -> None:
    default = load_verifier()
    explicit = load_verifier(device="cpu", threads=1)
    assert explicit.id == default.id
    assert "+cuda" not in default.id
    assert _onnx(explicit)._session.get_session_options().intra_op_num_threads == 1


@pytest.mark.skipif(_onnx_cuda(), reason="this onnxruntime has a CUDA provider")
@requires_embedded
def test_cuda_without_provider_is_one_line_error() -> None:
    with pytest.raises(VerifierError, match="no CUDA execution provider") as info:
        load_verifier(device="cuda")
    assert "\n" not in str(info.value)


@requires_hf
def test_hf_verifier_gets_device_and_threads(tiny_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import torch

    from medhal.verify import hf

    seen: dict[str, Any] = {}
    real = hf.HFVerifier.__init__

    def spy(self: Any, *args: Any, **kwargs: Any) -> None:
        seen.update(kwargs)
        real(self, *args, **kwargs)

    monkeypatch.setattr(hf.HFVerifier, "__init__", spy)
    before = torch.get_num_threads()
    try:
        verifier = load_verifier(f"hf:{tiny_dir}", device="cpu", threads=1)
        assert seen["device"] == "cpu" and seen["threads"] == 1
        assert torch.get_num_threads() == 1
        inner = verifier if hasattr(verifier, "_model") else verifier.inner  # type: ignore[attr-defined]
        assert next(inner._model.parameters()).device.type == "cpu"
        assert "+cuda" not in verifier.id
    finally:
        torch.set_num_threads(before)


@requires_hf
@pytest.mark.skipif(_torch_cuda(), reason="torch sees a CUDA GPU here")
def test_hf_cuda_without_gpu_is_one_line_error(tiny_dir: Path) -> None:
    with pytest.raises(VerifierError, match="no CUDA GPU"):
        load_verifier(f"hf:{tiny_dir}", device="cuda")


@requires_hf
@requires_torch_cuda
def test_hf_on_cuda(tiny_dir: Path, pairs: list[tuple[str, str]]) -> None:
    import numpy as np

    cpu = load_verifier(f"hf:{tiny_dir}")
    gpu = load_verifier(f"hf:{tiny_dir}", device="cuda:0")
    assert gpu.id == cpu.id + "+cuda"
    np.testing.assert_allclose(gpu.predict(pairs), cpu.predict(pairs), atol=1e-4)


@requires_onnx_cuda
def test_onnx_on_cuda(tiny_onnx_dir: Path, pairs: list[tuple[str, str]]) -> None:
    import numpy as np

    cpu = _onnx(load_verifier(f"onnx:{tiny_onnx_dir}"))
    gpu = _onnx(load_verifier(f"onnx:{tiny_onnx_dir}", device="cuda"))
    assert gpu.providers[0] == "CUDAExecutionProvider"
    assert gpu.id == cpu.id + "+cuda"
    np.testing.assert_allclose(gpu.predict(pairs), cpu.predict(pairs), atol=1e-4)


def test_checker_passes_threads_and_refuses_them_for_a_loaded_verifier(tiny_onnx_dir: Path) -> None:
    from medhal.checker import Checker

    checker = Checker(f"onnx:{tiny_onnx_dir}", detector="nli-response", threads=1, device="cpu")
    assert _onnx(checker.verifier)._session.get_session_options().intra_op_num_threads == 1
    with pytest.raises(ConfigError, match="threads and device"):
        Checker(checker.verifier, detector="nli-response", threads=1)
