"""load_verifier: spec parsing and one-line errors."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import medhal.verify.loader as loader
from medhal.verify import CachedVerifier, VerifierError, load_verifier

from .conftest import requires_hf

SRC = Path(__file__).resolve().parents[2] / "src"


def _one_line(info: pytest.ExceptionInfo[VerifierError]) -> str:
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("spec", [None, "embedded", " EMBEDDED "])
def test_embedded_missing_message(spec: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(loader, "EMBEDDED_DIR", tmp_path / "embedded")
    with pytest.raises(VerifierError) as info:
        load_verifier(spec)
    assert _one_line(info) == (
        "no embedded verifier is installed in this medhal build; pass --verifier hf:PATH_OR_ID or --verifier onnx:PATH"
    )


@pytest.mark.parametrize("spec", ["foo:bar", "bert-base", "", "http://x"])
def test_unknown_scheme_lists_valid_ones(spec: str) -> None:
    with pytest.raises(VerifierError) as info:
        load_verifier(spec)
    message = _one_line(info)
    assert "unknown verifier spec" in message
    for scheme in ("embedded", "hf:PATH_OR_ID", "onnx:PATH"):
        assert scheme in message


@pytest.mark.parametrize(
    ("spec", "match"),
    [
        ("onnx:/definitely/not/here", "does not exist"),
        ("hf:/definitely/not/here", "does not exist"),
        ("hf:./not/here/either", "does not exist"),
        ("hf:", "names no model"),
        ("onnx:  ", "names no model"),
    ],
)
def test_missing_paths(spec: str, match: str) -> None:
    with pytest.raises(VerifierError, match=match) as info:
        load_verifier(spec)
    _one_line(info)


def test_hf_without_optional_dependencies(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def fake(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name in ("torch", "transformers") else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", fake)
    with pytest.raises(VerifierError, match=r"pip install 'medhal\[hf\]'") as info:
        load_verifier("hf:some/model")
    _one_line(info)


@requires_hf
def test_hub_id_failure_offline_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import huggingface_hub.constants

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(huggingface_hub.constants, "HF_HUB_OFFLINE", True)
    start = time.monotonic()
    with pytest.raises(VerifierError, match="'medhal-tests/no-such-model' is neither a local folder") as info:
        load_verifier("hf:medhal-tests/no-such-model")
    assert time.monotonic() - start < 5
    message = _one_line(info)
    assert "HF_HUB_OFFLINE=0" in message and "local model folder" in message


@requires_hf
def test_hub_id_fails_fast_when_the_hub_cannot_be_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens there
    monkeypatch.setattr(loader, "_in_hub_cache", lambda _: False)
    start = time.monotonic()
    with pytest.raises(VerifierError, match=r"hub http://127\.0\.0\.1:9 cannot be reached") as info:
        load_verifier("hf:medhal-tests/no-such-model")
    assert time.monotonic() - start < 5
    assert "local model folder" in _one_line(info)


def test_hub_probe_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    def hang(*_: Any, **__: Any) -> Any:
        time.sleep(30)

    monkeypatch.setattr(loader.socket, "create_connection", hang)
    start = time.monotonic()
    reason = loader._hub_unreachable(0.2)
    assert reason is not None and "within 0.2 s" in reason and time.monotonic() - start < 2


@pytest.mark.parametrize("offline", [True, False])
def test_local_or_cached_hf_specs_never_touch_the_network(
    offline: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import medhal.verify.hf

    seen: list[tuple[str, bool]] = []

    class Recorder:
        def __init__(self, target: str, *, local_files_only: bool = False, **_: Any) -> None:
            seen.append((target, local_files_only))

    monkeypatch.setattr(loader.importlib.util, "find_spec", lambda _name, *a, **k: object())
    monkeypatch.setattr(medhal.verify.hf, "HFVerifier", Recorder)
    monkeypatch.setattr(loader, "_hub_unreachable", lambda _: pytest.fail("probed the hub"))
    monkeypatch.setattr(loader, "_in_hub_cache", lambda repo: repo == "org/cached")
    if offline:
        monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    load_verifier("hf:org/cached")
    load_verifier(f"hf:{tmp_path}")
    assert seen == [("org/cached", True), (str(tmp_path), True)]


@requires_hf
def test_hf_and_onnx_specs_load(tiny_onnx_dir: Path, tmp_path: Path) -> None:
    hf = load_verifier(f"hf:{tiny_onnx_dir}", batch_size=2, max_length=32)
    assert hf.id.startswith("hf:") and hf.max_length == 32
    onnx = load_verifier(f"onnx:{tiny_onnx_dir}")
    assert onnx.id.startswith("onnx:") and onnx.max_length == 64
    cached = load_verifier(f"ONNX:{tiny_onnx_dir / 'model.onnx'}", cache=tmp_path / "c.sqlite")
    assert isinstance(cached, CachedVerifier) and cached.id == onnx.id
    cached.close()


@requires_hf
def test_embedded_loads_when_installed(tiny_onnx_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "EMBEDDED_DIR", tiny_onnx_dir)
    verifier = load_verifier()
    assert verifier.id.startswith(f"onnx:{tiny_onnx_dir.name}@")
    assert verifier.predict([("the patient has fever", "patient has fever")]).shape == (1, 3)


def test_import_does_not_pull_heavy_dependencies() -> None:
    code = (
        "import sys, medhal.verify as v\n"
        "assert v.load_verifier and v.CachedVerifier and v.LABELS\n"
        "heavy = [m for m in ('torch', 'transformers', 'onnxruntime') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
        "assert 'HFVerifier' in dir(v)\n"
    )
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_lazy_attributes() -> None:
    import medhal.verify as v

    assert v.OnnxVerifier.__name__ == "OnnxVerifier"
    with pytest.raises(AttributeError):
        _ = getattr(v, "NoSuchThing")  # noqa: B009
