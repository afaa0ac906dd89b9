"""Load ``medhal serve`` over loopback and measure what request batching buys.

    python benchmarks/serve_load.py [--fake] [--verifier SPEC] [--requests 500] [--concurrency 16]
                                    [--max-batch 32] [--batch-wait-ms 5] [--units clause] [--no-compare]
                                    [--poison RATE]

Starts the app with uvicorn in a thread on a free 127.0.0.1 port, sends ``--requests`` ``POST /v1/check`` from
``--concurrency`` concurrent httpx clients, and prints latency p50/p95/p99, throughput, errors and the mean
items per shared verifier batch -- once with batching on (``--max-batch``), once one item at a time
(``max_batch=1``), then the gain.  The verifier is loaded once and shared by both runs.

Every request is a different answer (each sentence carries the request number), so no (window, unit) pair
repeats across requests: the gain measured is the model's batching, not cross-request deduplication.

``--fake`` swaps the embedded model for a simulated one (word overlap, and a sleep of ``--fake-call-ms`` per
model call plus ``--fake-pair-ms`` per pair, standing in for a model that releases the GIL): a quick run that
measures the service and the batching mechanics, not a model.

``--poison RATE`` makes that share of the requests (spread evenly) poison: an answer holding a lone surrogate
escape (``"\\ud800"``, which crashed the HF tokenizer with TypeError before medhal replaced such characters), and
with ``--fake`` every other one an answer the simulated model refuses with TypeError (as a tokenizer does with
a text it cannot take).  Poison requests share batches with the others; the table counts the errors of the other
(innocent) requests -- which must be 0: one bad item fails only its own request -- and lists what the poison
requests got.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import re
import socket
import statistics
import threading
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import httpx
import numpy as np
import uvicorn

from medhal.serve import create_app
from medhal.serve.server import server_config
from medhal.verify import LoadedVerifier, VerifierStats, open_verifier

EVIDENCE = (
    "Background: Heart failure with preserved ejection fraction (HFpEF) accounts for about half of heart failure "
    "admissions, and few therapies improve outcomes. Methods: In this double-blind trial, 1,204 patients aged 50 "
    "years or older with HFpEF and elevated natriuretic peptides were randomly assigned to empagliflozin 10 mg "
    "once daily or placebo, in addition to usual therapy. The primary outcome was a composite of cardiovascular "
    "death or hospitalization for heart failure. Results: Over a median follow-up of 26 months, the primary "
    "outcome occurred in 13.8% of patients in the empagliflozin group and in 17.1% of patients in the placebo "
    "group (hazard ratio, 0.79; 95% CI, 0.69 to 0.90; p < 0.001). The effect was driven mainly by a lower risk of "
    "hospitalization for heart failure, whereas cardiovascular death did not differ significantly between groups. "
    "Uncomplicated genital and urinary tract infections and hypotension were more common with empagliflozin, "
    "while ketoacidosis was rare and occurred in fewer than 0.2% of patients in each group."
)
ANSWER = [
    "Empagliflozin lowered the composite of cardiovascular death or heart failure hospitalization",
    "The benefit came mostly from fewer hospitalizations for heart failure",
    "Cardiovascular death was reduced by half with empagliflozin",
    "Ketoacidosis was common in patients with diabetes",
]
WORD = re.compile(r"[A-Za-z]{4,}")
POISON = "UNTOKENIZABLE"
"""In an answer, makes the simulated verifier raise TypeError."""
SURROGATE = re.compile("[\ud800-\udfff]")


class SimulatedVerifier:
    """Word-overlap probabilities behind a simulated model cost (``time.sleep``, which releases the GIL)."""

    def __init__(self, call_ms: float, pair_ms: float) -> None:
        self.call_s = call_ms / 1000.0
        self.pair_s = pair_ms / 1000.0
        self._stats = VerifierStats()

    @property
    def id(self) -> str:
        return "fake:simulated@000000000000"

    @property
    def max_length(self) -> int:
        return 512

    @property
    def stats(self) -> VerifierStats:
        return self._stats

    def pair_lengths(self, pairs: Sequence[tuple[str, str]]) -> list[int]:
        return [len(p.split()) + len(h.split()) + 3 for p, h in pairs]

    def predict(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        time.sleep(self.call_s + self.pair_s * len(pairs))
        if any(POISON in hyp or SURROGATE.search(premise + hyp) for premise, hyp in pairs):
            raise TypeError("TextEncodeInput must be Union[TextInputSequence, Tuple[InputSequence, InputSequence]]")
        self._stats.pairs += len(pairs)
        self._stats.batches += 1
        out = np.zeros((len(pairs), 3))
        for i, (premise, hyp) in enumerate(pairs):
            words = {w.lower() for w in WORD.findall(hyp)}
            cover = len(words & {w.lower() for w in WORD.findall(premise)}) / max(1, len(words))
            out[i] = (0.9 * cover, 1.0 - 0.9 * cover - 0.05, 0.05)
        return out


def request_body(i: int, units: str) -> dict[str, Any]:
    k = i % len(ANSWER)
    sentences = ANSWER[k:] + ANSWER[:k]
    answer = " ".join(f"{s} in report {i + 1}." for s in sentences)
    return {"evidence": EVIDENCE, "response": answer, "id": str(i), "units": units, "timings": False}


def poison_kind(i: int, rate: float, fake: bool) -> str | None:
    """``None`` for an innocent request; else ``surrogate`` or (``--fake``, every other one) ``model``."""
    if int((i + 1) * rate) == int(i * rate):
        return None
    return "model" if fake and int((i + 1) * rate) % 2 == 0 else "surrogate"


def request_bytes(i: int, units: str, kind: str | None) -> bytes:
    body = request_body(i, units)
    if kind == "model":
        body["response"] += f" {POISON} text."
    text = json.dumps(body)
    if kind == "surrogate":
        text = text.replace(f"report {i + 1}.", f"report {i + 1} \\ud800.", 1)
    return text.encode("utf-8")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def warm_up(base_url: str, units: str) -> None:
    """A few sequential requests: the checker, the model's first call."""
    async with httpx.AsyncClient(base_url=base_url, timeout=120.0) as client:
        for i in range(4):
            (await client.post("/v1/check", json=request_body(-1 - i, units))).raise_for_status()


async def load(
    base_url: str, requests: int, concurrency: int, units: str, poison: float = 0.0, fake: bool = False
) -> tuple[list[float], int, float, Counter[str]]:
    """Latencies of the innocent requests, their errors, the wall time, and the poison requests' outcomes."""
    latencies: list[float] = []
    errors = 0
    poisoned: Counter[str] = Counter()
    headers = {"content-type": "application/json"}
    counter = iter(range(requests))
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base_url, timeout=120.0, limits=limits) as client:

        async def worker() -> None:
            nonlocal errors
            for i in counter:
                kind = poison_kind(i, poison, fake)
                start = time.perf_counter()
                try:
                    resp = await client.post("/v1/check", content=request_bytes(i, units, kind), headers=headers)
                    outcome = str(resp.status_code)
                except httpx.HTTPError as exc:
                    outcome = type(exc).__name__
                if kind is not None:
                    poisoned[f"{kind} {outcome}"] += 1
                    continue
                latencies.append(time.perf_counter() - start)
                errors += outcome != "200"

        start = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(concurrency)))
        wall = time.perf_counter() - start
    return latencies, errors, wall, poisoned


def run(verifier: LoadedVerifier, args: argparse.Namespace, max_batch: int) -> dict[str, Any]:
    app = create_app(
        verifier, max_batch=max_batch, batch_wait_ms=args.batch_wait_ms, units=args.units, detector=args.detector
    )
    port = free_port()
    config = server_config(app, host="127.0.0.1", port=port, log_level="error", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise SystemExit("the server did not start")
        time.sleep(0.01)
    try:
        base_url = f"http://127.0.0.1:{port}"
        asyncio.run(warm_up(base_url, args.units))
        metrics = app.state.service.metrics
        before_batches, before_items = metrics.batches, metrics.items
        latencies, errors, wall, poisoned = asyncio.run(
            load(base_url, args.requests, args.concurrency, args.units, args.poison, args.fake)
        )
        batches, items = metrics.batches - before_batches, metrics.items - before_items
    finally:
        server.should_exit = True
        thread.join(timeout=30)
    latencies.sort()

    def pct(q: float) -> float:
        return 1000.0 * latencies[min(len(latencies) - 1, round(q * (len(latencies) - 1)))]

    return {
        "max_batch": max_batch,
        "requests": len(latencies),
        "errors": errors,
        "poisoned": poisoned,
        "p50_ms": 1000.0 * statistics.median(latencies),
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "rps": len(latencies) / wall,
        "items_per_batch": items / max(1, batches),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fake", action="store_true", help="simulated verifier (quick run)")
    parser.add_argument("--fake-call-ms", type=float, default=4.0)
    parser.add_argument("--fake-pair-ms", type=float, default=0.2)
    parser.add_argument("--verifier", default=None, help="verifier spec (default: embedded)")
    parser.add_argument("--detector", default="decomposed")
    parser.add_argument("--units", default="clause", choices=["clause", "sentence"])
    parser.add_argument("--requests", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=16)
    parser.add_argument("--max-batch", type=int, default=32)
    parser.add_argument("--batch-wait-ms", type=float, default=5.0)
    parser.add_argument("--no-compare", action="store_true", help="skip the max_batch=1 run")
    parser.add_argument("--poison", type=float, default=0.0, metavar="RATE", help="share of poison requests (0-1)")
    args = parser.parse_args()
    if args.requests < 1 or args.concurrency < 1:
        parser.error("--requests and --concurrency must be >= 1")
    if not 0.0 <= args.poison < 1.0:
        parser.error("--poison must be in [0, 1)")
    logging.getLogger("medhal.serve").setLevel(logging.CRITICAL)  # poison requests log one line each
    start = time.perf_counter()
    verifier = (
        LoadedVerifier(SimulatedVerifier(args.fake_call_ms, args.fake_pair_ms))
        if args.fake
        else open_verifier(args.verifier)
    )
    print(
        f"verifier {verifier.id} (loaded in {time.perf_counter() - start:.2f} s); detector {args.detector}, "
        f"units {args.units}; {args.requests} requests at concurrency {args.concurrency}, "
        f"batch wait {args.batch_wait_ms} ms" + (f", poison rate {args.poison:g}" if args.poison else "")
    )
    rows = [run(verifier, args, args.max_batch)]
    if not args.no_compare and args.max_batch != 1:
        rows.append(run(verifier, args, 1))
    print(
        f"{'max_batch':>9} {'innocent':>8} {'errors':>6} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'req/s':>8} "
        f"{'items/batch':>11}"
    )
    for r in rows:
        print(
            f"{r['max_batch']:>9.0f} {r['requests']:>8.0f} {r['errors']:>6.0f} {r['p50_ms']:>8.1f} "
            f"{r['p95_ms']:>8.1f} {r['p99_ms']:>8.1f} {r['rps']:>8.1f} {r['items_per_batch']:>11.1f}"
        )
        if r["poisoned"]:
            outcomes = ", ".join(f"{k}: {v}" for k, v in sorted(r["poisoned"].items()))
            print(f"{'':>9} poison requests -> {outcomes}; innocent failures: {r['errors']:.0f} of {r['requests']:.0f}")
    if len(rows) == 2:
        on, off = rows
        print(
            f"batching gain: throughput x{on['rps'] / off['rps']:.2f}, p50 latency x{on['p50_ms'] / off['p50_ms']:.2f}"
            f" (max_batch {args.max_batch} vs 1)"
        )


if __name__ == "__main__":
    main()
