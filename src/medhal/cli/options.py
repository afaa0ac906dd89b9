"""The command-line options several commands share, defined once so their flags and help read the same everywhere.

An alias is ``Annotated[type, typer.Option(...)]``; a command declares ``base_url: BaseUrlOption = None``.
The model arguments (``-M`` / ``--model-args``) live beside their parser in :mod:`medhal.cli.modelargs`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = [
    "BASE_URL_HELP",
    "AddressOption",
    "BaseUrlOption",
    "BatchOption",
    "CacheFileOption",
    "CacheOption",
    "ConcurrencyOption",
    "DeviceOption",
    "EngineOption",
    "GpusPerWorkerOption",
    "MaxAttemptsOption",
    "ModelUnderTestOption",
    "NoCacheOption",
    "NumWorkersOption",
    "QuietOption",
    "ThreadsOption",
    "TimeoutOption",
]

BASE_URL_HELP = (
    "OpenAI-compatible server of --model, e.g. http://localhost:8000/v1 (or MEDHAL_BASE_URL); several "
    "comma-separated URLs are replicas of one model, load-balanced."
)
BaseUrlOption = Annotated[str | None, typer.Option("--base-url", help=BASE_URL_HELP)]
ModelUnderTestOption = Annotated[
    str, typer.Option("--model", help="Model under test: openai/<name> (with --base-url), hf/<path> or vllm/<id>.")
]
ConcurrencyOption = Annotated[int, typer.Option(min=1, help="Requests in flight (openai/).")]
TimeoutOption = Annotated[float, typer.Option(min=0.001, help="Seconds to wait for one answer (read timeout).")]
MaxAttemptsOption = Annotated[int, typer.Option(min=1, help="Attempts per request before api_error.")]
CacheFileOption = Annotated[
    Path | None, typer.Option("--cache", help="Response cache file (default ~/.cache/medhal/llm.sqlite).")
]
NoCacheOption = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or summary on stderr.")]
CacheOption = Annotated[Path | None, typer.Option("--cache", help="SQLite cache of pair probabilities.")]
"""``--cache`` of the commands that verify: the verifier's pair cache (not the LLM response cache)."""
BatchOption = Annotated[int, typer.Option("--batch-size", min=1, help="Pairs per verifier batch.")]
ThreadsOption = Annotated[
    int | None,
    typer.Option(
        "--threads",
        min=1,
        help="Verifier intra-op threads (onnxruntime's, torch's for hf:). Default: the runtime's choice; set it when "
        "several processes share a machine.",
    ),
]
DeviceOption = Annotated[
    str | None,
    typer.Option(
        "--device", help="Verifier device: cpu (default), cuda or cuda:N (a GPU adds +cuda to the verifier id)."
    ),
]
EngineOption = Annotated[
    str,
    typer.Option(
        "--engine",
        help="local (this process) or ray (each detector's chunks on a Ray actor pool, same records; detectors that "
        "need no LLM; pip install 'medhal[ray]', docs/scale-out.md).",
    ),
]
NumWorkersOption = Annotated[
    int | None, typer.Option("--num-workers", min=1, help="--engine ray: checker actors (default: CPUs / threads).")
]
GpusPerWorkerOption = Annotated[
    float | None, typer.Option("--gpus-per-worker", min=0.0, help="--engine ray: GPUs per worker (--device cuda).")
]
AddressOption = Annotated[
    str | None, typer.Option("--address", help="--engine ray: the cluster to join (default: $RAY_ADDRESS, else local).")
]
