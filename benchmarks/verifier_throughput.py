"""Verifier throughput: time ``predict`` on synthetic medical-ish pairs and compare two backends.

Usage::

    python benchmarks/verifier_throughput.py                       # tiny in-process model: hf vs onnx
    python benchmarks/verifier_throughput.py --verifier onnx:DIR --compare hf:DIR --pairs 2000

With no ``--verifier`` the script builds the tiny test model (tests/verify/tiny_models.py) in a temporary
directory, exports it to ONNX and compares ``hf:`` against ``onnx:`` on it.  Each verifier is warmed up on a
few pairs first; the reported time is the best of ``--repeat`` runs over the same pairs.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("medhal") is None:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "src"))

from medhal.verify import Probabilities, Verifier, VerifierError, load_verifier  # noqa: E402


@dataclass(frozen=True, slots=True)
class Timing:
    """One verifier's best run."""

    spec: str
    verifier_id: str
    pairs: int
    seconds: float
    truncated: int
    probabilities: Probabilities

    @property
    def pairs_per_second(self) -> float:
        return self.pairs / self.seconds if self.seconds > 0 else float("inf")


def _tiny_models() -> ModuleType:
    path = ROOT / "tests" / "verify" / "tiny_models.py"
    spec = importlib.util.spec_from_file_location("medhal_bench_tiny_models", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pairs(n: int, seed: int) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = _tiny_models().synthetic_pairs(n, seed=seed)
    return pairs


def time_verifier(spec: str, verifier: Verifier, pairs: list[tuple[str, str]], repeat: int) -> Timing:
    """Warm up, then return the best of ``repeat`` timed ``predict`` calls over all ``pairs``."""
    verifier.predict(pairs[: min(len(pairs), 32)])
    best = float("inf")
    probs: Probabilities = np.zeros((0, 3))
    truncated = 0
    for _ in range(repeat):
        before = verifier.stats.snapshot()
        start = time.perf_counter()
        probs = verifier.predict(pairs)
        elapsed = time.perf_counter() - start
        truncated = verifier.stats.since(before).truncated
        best = min(best, elapsed)
    return Timing(spec, verifier.id, len(pairs), best, truncated, probs)


def _report(timing: Timing) -> None:
    print(
        f"{timing.spec:<12.60} {timing.verifier_id}\n"
        f"    {timing.pairs} pairs in {timing.seconds:.3f} s = {timing.pairs_per_second:,.1f} pairs/s"
        f" ({timing.truncated} truncated)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--verifier", help="spec to time (hf:..., onnx:..., embedded); default: tiny model")
    parser.add_argument("--compare", help="second spec to time against the first")
    parser.add_argument("--pairs", type=int, default=512, help="number of synthetic pairs (default 512)")
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--max-length", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per verifier; best is kept")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.pairs < 1 or args.repeat < 1:
        parser.error("--pairs and --repeat must be >= 1")

    with tempfile.TemporaryDirectory(prefix="medhal-bench-") as tmp:
        specs = [args.verifier, args.compare] if args.verifier else []
        if not args.verifier:
            tiny = _tiny_models()
            model_dir = tiny.build_model(Path(tmp) / "tiny")
            exporter = tiny.export_onnx(model_dir)
            print(f"built tiny model in {model_dir} (onnx export: {exporter})")
            specs = [f"hf:{model_dir}", f"onnx:{model_dir}"]
        pairs = _pairs(args.pairs, args.seed)
        timings = []
        for spec in (s for s in specs if s):
            try:
                verifier = load_verifier(spec, batch_size=args.batch_size, max_length=args.max_length)
            except VerifierError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            timing = time_verifier(spec.split(":", 1)[0], verifier, pairs, args.repeat)
            _report(timing)
            timings.append(timing)
        if len(timings) == 2:
            first, second = timings
            ratio = second.pairs_per_second / first.pairs_per_second
            diff = float(np.abs(first.probabilities - second.probabilities).max())
            print(f"ratio {second.spec}/{first.spec}: {ratio:.2f}x   max |Δp| = {diff:.2e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
