"""Hardware control for verifiers: the device spec (``cpu``, ``cuda``, ``cuda:N``), the thread count, and the
onnxruntime execution providers a device maps to.

A device other than ``cpu`` is part of a verifier's id (``+cuda``): a GPU's kernels round differently from the
CPU's, so its probabilities are cached and recorded apart.  The default (``cpu``) leaves the id unchanged.
Nothing here imports onnxruntime or torch at module level.
"""

from __future__ import annotations

import re

from medhal.verify.base import VerifierError

__all__ = ["DEVICES", "check_threads", "device_index", "device_suffix", "onnx_providers", "parse_device"]

DEVICES = ("cpu", "cuda", "cuda:N")

_DEVICE = re.compile(r"^(cpu|cuda)(?::(\d+))?$")


def parse_device(device: str | None) -> str:
    """The canonical device spec: ``cpu`` (also for ``None``), ``cuda`` or ``cuda:N``; anything else is a
    one-line :class:`VerifierError`.  Says nothing about whether the device exists."""
    text = "cpu" if device is None else device.strip().lower()
    match = _DEVICE.match(text)
    if match is None or (match.group(1) == "cpu" and match.group(2) is not None):
        raise VerifierError(f"unknown device {device!r}; expected one of: {', '.join(DEVICES)}")
    return text


def device_index(device: str) -> int:
    """The GPU ordinal of ``cuda:N`` (0 for plain ``cuda``)."""
    _, _, index = device.partition(":")
    return int(index) if index else 0


def device_suffix(device: str) -> str:
    """What a device adds to a verifier id: nothing for ``cpu``, ``+cuda`` for any GPU (the ordinal does not
    change the answers, so it stays out of the cache key)."""
    return "" if device == "cpu" else "+cuda"


def check_threads(threads: int | None) -> None:
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise VerifierError(f"threads must be an integer >= 1, got {threads!r}")


def onnx_providers(device: str, available: list[str]) -> list[str | tuple[str, dict[str, int]]]:
    """onnxruntime's ``providers`` argument for ``device``, from the ``available`` providers
    (``onnxruntime.get_available_providers()``): the CPU provider alone for ``cpu``; for ``cuda[:N]`` the CUDA
    provider on that GPU with the CPU provider behind it for the operators CUDA lacks.  A CUDA device on an
    onnxruntime without the CUDA provider is a :class:`VerifierError`: no silent fall back to the CPU."""
    if device == "cpu":
        return ["CPUExecutionProvider"]
    if "CUDAExecutionProvider" not in available:
        raise VerifierError(
            f"--device {device}: this onnxruntime has no CUDA execution provider (available: "
            f"{', '.join(available) or 'none'}); install onnxruntime-gpu on a machine with CUDA, or use --device cpu"
        )
    return [("CUDAExecutionProvider", {"device_id": device_index(device)}), "CPUExecutionProvider"]
