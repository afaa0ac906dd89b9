"""LLM engine throughput: requests/s against the stub server, and response-cache hits/s.

Usage::

    python benchmarks/llm_throughput.py                     # 1000 requests at concurrency 32, 20000 cache hits
    python benchmarks/llm_throughput.py --requests 2000 --hits 50000

The stub (tests/llm/stub_server.py) runs in its own process and answers every request after 5 ms.  Measured:

1. ``Engine.generate`` with :class:`OpenAIClient` at concurrency 32, no cache (target >= 200 requests/s);
2. the same through ``Engine.run`` into a run directory (items.jsonl appended per item, fsync thread);
3. ``Engine.generate`` answered entirely from a warm :class:`ResponseCache` (target >= 5,000 hits/s);
4. the same through ``Engine.run`` (every hit also becomes an items.jsonl row).

Each figure is the best of ``--repeat`` runs; the ratio to its target is printed beside it.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if importlib.util.find_spec("medhal") is None:  # running from a checkout without `pip install -e .`
    sys.path.insert(0, str(ROOT / "src"))

from medhal.llm import (  # noqa: E402
    Engine,
    GenerationRequest,
    GenerationResult,
    OpenAIClient,
    ResponseCache,
    RetryPolicy,
    RunDir,
    WorkItem,
)

REQUESTS_TARGET = 200.0
HITS_TARGET = 5000.0


def start_stub(delay: float) -> tuple[subprocess.Popen[str], str]:
    stub = subprocess.Popen(
        [sys.executable, str(ROOT / "tests" / "llm" / "stub_server.py"), "--delay", str(delay)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert stub.stdout is not None
    url = stub.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        stub.kill()
        raise SystemExit(f"stub server did not start: {url!r}")
    return stub, url


def best_rate(count: int, repeat: int, run: Callable[[int], None]) -> float:
    """Best items/s over ``repeat`` runs of ``run(round)``."""
    best = 0.0
    for round_ in range(repeat):
        started = time.perf_counter()
        run(round_)
        best = max(best, count / (time.perf_counter() - started))
    return best


def report(label: str, rate: float, target: float | None) -> None:
    ratio = f"  ({rate / target:.2f}x the {target:,.0f}/s target)" if target else ""
    print(f"{label:<52} {rate:>10,.0f}/s{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--hits", type=int, default=20000)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--delay", type=float, default=0.005, help="stub answer delay in seconds")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    stub, url = start_stub(args.delay)
    try:
        with tempfile.TemporaryDirectory(prefix="medhal-llm-bench-") as tmp:
            root = Path(tmp)
            client = OpenAIClient("stub", base_url=url, concurrency=args.concurrency, retry=RetryPolicy(max_attempts=2))
            engine = Engine(client)

            def requests(round_: int, n: int) -> list[GenerationRequest]:
                return [GenerationRequest(f"r{i}", prompt=f"round {round_} question {i}") for i in range(n)]

            engine.generate(requests(-1, 64))  # warm-up: connections, imports

            def live(round_: int) -> None:
                results = engine.generate(requests(round_, args.requests))
                failed = sum(not r.ok for r in results)
                if failed:
                    raise SystemExit(f"{failed} requests failed against the stub")

            def live_run(round_: int) -> None:
                items = [WorkItem(r.id, r) for r in requests(100 + round_, args.requests)]
                summary = engine.run(items, RunDir.create({}, path=root / f"live-{round_}"))
                if not summary.all_ok:
                    raise SystemExit(f"run not all ok: {summary.status}")

            print(f"stub at {url}, answering after {args.delay * 1000:.0f} ms; concurrency {args.concurrency}")
            report(
                f"requests/s, Engine.generate ({args.requests} requests)",
                best_rate(args.requests, args.repeat, live),
                REQUESTS_TARGET,
            )
            report(
                "requests/s, Engine.run into a run directory",
                best_rate(args.requests, args.repeat, live_run),
                REQUESTS_TARGET,
            )

            with ResponseCache(root / "cache.sqlite") as cache:
                warm = requests(-2, args.hits)
                cache.store(
                    client.model_id,
                    client.endpoint,
                    ((r, GenerationResult(r.id, "ok", texts=(f"cached answer {r.id}",), attempts=1)) for r in warm),
                )
                cached_engine = Engine(client, cache=cache)

                def hits(_: int) -> None:
                    results = cached_engine.generate(warm)
                    if not all(r.cached for r in results):
                        raise SystemExit("cache benchmark reached the server")

                def hits_run(round_: int) -> None:
                    items = [WorkItem(r.id, r) for r in warm]
                    summary = cached_engine.run(items, RunDir.create({}, path=root / f"hits-{round_}"))
                    if summary.cached != len(items):
                        raise SystemExit("cache benchmark reached the server")

                report(
                    f"cache hits/s, Engine.generate ({args.hits} hits)",
                    best_rate(args.hits, args.repeat, hits),
                    HITS_TARGET,
                )
                report(
                    "cache hits/s, Engine.run into a run directory",
                    best_rate(args.hits, args.repeat, hits_run),
                    HITS_TARGET,
                )
    finally:
        if stub.stdin is not None:
            stub.stdin.close()
        stub.wait(10)


if __name__ == "__main__":
    main()
