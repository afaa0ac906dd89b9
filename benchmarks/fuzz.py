"""Fuzz the checking path (issue 15): generated hostile inputs through the Python API, the CLI batch mode and the
HTTP service, and peak memory of one item from 1 KB to the 200 KB evidence limit.

    python benchmarks/fuzz.py [--n 10000] [--seed 0] [--surfaces api,cli,service,rss] [--work DIR]

Inputs mix, per field: empty, whitespace, random bytes (as Latin-1 text: controls, C1, NUL), lone surrogates,
CJK, right-to-left scripts, emoji ZWJ sequences, combining marks, CRLF, U+2028, only numbers, thousands of
sentences, 100k-character words and ordinary trial sentences; the CLI batch also gets lines that are not UTF-8
or not JSON.  Each surface is checked for: crashes (an exception, an HTTP 5xx, an ``internal_error`` record,
a non-zero CLI exit other than the documented 1/2), hangs (one item over 30 s), lost or duplicated ids, and
spans that do not slice back into the (cleaned) texts.  ``rss`` runs single items in fresh processes and reports
their peak RSS (target <= 1.5 GB for anything within the documented limits).

Prints one table per surface and exits 1 when any target is missed.  The same inputs, seed and verifier give the
same records (the CLI pass runs with ``--no-timings`` and is compared with the API's records byte for byte).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HANG_S = 30.0
RSS_LIMIT_MB = 1536.0
SENTENCE = "In the {i}th cohort, metformin at {d} mg lowered HbA1c by {p}% and did not increase lactic acidosis."


def _piece(rng: random.Random) -> str:
    """One fragment of hostile or ordinary text; large fragments are rare (about 1 in 40), as in real traffic."""
    kind = rng.randrange(16)
    n = rng.choice([1, 1, 2, 3, 5, 8, 20]) if rng.random() > 0.05 else 200
    if kind == 0:
        return ""
    if kind == 1:
        return rng.choice([" ", "\n", "\t", "\u3000", "\r\n"]) * n
    if kind == 2:
        return bytes(rng.randrange(256) for _ in range(n * 4)).decode("latin-1")
    if kind == 3:
        return "".join(rng.choice(["\ud800", "\udfff", "a\udc00b", "\ud83d"]) for _ in range(min(n, 20)))
    if kind == 4:
        return "\x00" * min(n, 20) + "drug"
    if kind == 5:
        return "患者接受二甲双胍治疗后血糖下降" * n
    if kind == 6:
        return "המטופל קיבל מטפורמין. " * min(n, 20) + "تحسن المريض. " * min(n, 20)
    if kind == 7:
        return "👩\u200d⚕️👨\u200d👩\u200d👧 " * n
    if kind == 8:
        return "e\u0301\u0302\u0303 " * n
    if kind == 9:
        return "Dose was 10 mg.\u2028It fell.\u2029" * min(n, 20)
    if kind == 10:
        return " ".join(str(rng.randrange(10**6)) for _ in range(n))
    if kind == 11:
        return "A. " * (n if n < 200 else 10_000 // 3)
    if kind == 12:
        return "Pain fell. " * (n * 5 if n < 200 else 1000)
    if kind == 13:
        return "x" * (n * 10 if n < 200 else rng.choice([10_000, 100_000]))
    return " ".join(SENTENCE.format(i=i, d=rng.choice([5, 10, 25]), p=rng.choice([0.5, 0.8])) for i in range(n))


def generate(n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` items, deterministic in ``seed``; every id distinct."""
    rng = random.Random(seed)
    items = []
    for i in range(n):
        fields = {}
        for name in ("evidence", "response"):
            text = "".join(_piece(rng) for _ in range(rng.choice([1, 1, 2, 3])))
            fields[name] = text[:200_000] if name == "evidence" else text[:20_000]
        if rng.random() < 0.3:
            fields["question"] = _piece(rng)[:500]
        items.append({"id": f"f{i}", **fields})
    return items


def as_json_sees_it(item: dict[str, Any]) -> dict[str, Any]:
    """The item after a JSON round trip with ASCII escapes, as the CLI and the service receive it: two adjacent
    lone surrogates that form a valid UTF-16 pair (``"\\ud83d\\ude00"``) come back as one astral character."""
    return dict(json.loads(json.dumps(item, ensure_ascii=True)))


class Tally:
    """Outcome counts and failures of one surface."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.status: Counter[str] = Counter()
        self.failures: list[str] = []
        self.slowest = 0.0
        self.retimed = 0

    def fail(self, message: str) -> None:
        if len(self.failures) < 20:
            self.failures.append(message)
        self.status["FAILURE"] += 1

    def record(self, record: dict[str, Any], item: dict[str, Any], seconds: float) -> None:
        from medhal.text import clean_text

        status = str(record.get("status"))
        self.status[status] += 1
        self.slowest = max(self.slowest, seconds)
        if seconds > HANG_S:
            self.fail(f"{item['id']}: {seconds:.1f} s (hang)")
        if status == "internal_error":
            self.fail(f"{item['id']}: {record.get('reason')}")
        if status != "ok":
            return
        evidence, response = clean_text(item["evidence"])[0], clean_text(item["response"])[0]
        for unit in record["units"]:
            if response[unit["start"] : unit["end"]] != unit["text"]:
                self.fail(f"{item['id']}: unit span does not slice back")
            for pointer in (unit["evidence"]["entailing"], unit["evidence"]["contradicting"]):
                if pointer is not None and evidence[pointer["start"] : pointer["end"]] != pointer["text"]:
                    self.fail(f"{item['id']}: evidence span does not slice back")

    def report(self, seconds: float) -> bool:
        ok = not self.failures
        counts = ", ".join(f"{k} {v}" for k, v in sorted(self.status.items()))
        if self.retimed:
            counts += f" ({self.retimed} items of chunks over {HANG_S:.0f} s re-timed alone)"
        print(
            f"{self.name:>8}: {counts}; slowest item {self.slowest:.2f} s; {seconds:.0f} s in all -> "
            f"{'OK' if ok else 'FAILED'}"
        )
        for failure in self.failures:
            print(f"          {failure}")
        return ok


def run_api(items: list[dict[str, Any]], checker: Any, chunk: int) -> tuple[bool, dict[str, str]]:
    """``Checker.check_many`` over ``chunk`` items at a time (a chunk's wall time bounds each of its items')."""
    from medhal.detect import CheckItem

    tally = Tally("api")
    lines: dict[str, str] = {}
    start = time.perf_counter()
    for first in range(0, len(items), chunk):
        group = items[first : first + chunk]
        batch = [CheckItem(i["evidence"], i["response"], i.get("question"), i["id"]) for i in group]
        t = time.perf_counter()
        try:
            results = checker.check_many(batch)
        except Exception as exc:  # a crash is what this benchmark looks for
            tally.fail(f"{group[0]['id']}..: {type(exc).__name__}: {exc}")
            continue
        seconds = time.perf_counter() - t
        if len(results) != len(group):
            tally.fail(f"{group[0]['id']}..: {len(results)} records for {len(group)} items")
        alone = [seconds] * len(group)
        if seconds > HANG_S:  # a slow chunk: time each of its items on its own (a hang is one item over 30 s)
            alone = []
            for one in batch:
                t = time.perf_counter()
                checker.check_many([one])
                alone.append(time.perf_counter() - t)
            tally.retimed += len(batch)
        for item, result, item_seconds in zip(group, results, alone, strict=False):
            record = result.to_dict(timings=False)
            lines[item["id"]] = json.dumps(record, ensure_ascii=False)
            tally.record(record, item, item_seconds)
        if (first // chunk) % 100 == 0:
            print(f"  api: {first + len(group)} items, {time.perf_counter() - start:.0f} s", flush=True)
    return tally.report(time.perf_counter() - start), lines


def run_cli(items: list[dict[str, Any]], work: Path, cache: Path, api_lines: dict[str, str]) -> bool:
    tally = Tally("cli")
    source = work / "batch.jsonl"
    with source.open("wb") as handle:
        for k, item in enumerate(items):
            handle.write(json.dumps(item, ensure_ascii=True).encode() + b"\n")  # surrogates as \ud800 escapes
            if k % 997 == 0:
                handle.write(b'{"id": "bad-utf8-%d", "evidence": "\xff\xfe", "response": "x"}\n' % k)
                handle.write(b"not json %d\n" % k)
    out = work / "batch.out.jsonl"
    start = time.perf_counter()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "medhal",
            "check",
            "--input",
            str(source),
            "--out",
            str(out),
            "--no-timings",
            "--cache",
            str(cache),
            "--overwrite",  # the work folder may hold an earlier run's output
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1, 2):
        tally.fail(f"exit {proc.returncode}: {proc.stderr.strip().splitlines()[-1:]}")
    text = out.read_text(encoding="utf-8") if out.exists() else ""
    records = [json.loads(line) for line in text.split("\n") if line]  # not splitlines: U+2028 is inside strings
    ids = Counter(str(r.get("id")) for r in records)
    expected = len(items) + 2 * len(range(0, len(items), 997))
    if len(records) != expected:
        tally.fail(f"{len(records)} lines written for {expected} input lines (lost or duplicated)")
    duplicated = [i for i, c in ids.items() if c > 1]
    if duplicated:
        tally.fail(f"duplicated ids: {duplicated[:5]}")
    by_id = {item["id"]: as_json_sees_it(item) for item in items}
    mismatched = 0
    for record in records:
        item = by_id.get(str(record.get("id")))
        if item is None:
            tally.status[str(record.get("status"))] += 1
            continue
        tally.record(record, item, 0.0)
        record.pop("line", None)
        same_input = item == items[int(item["id"][1:])]
        if api_lines and same_input and item["id"] in api_lines:
            api = json.loads(api_lines[item["id"]])
            # verifier_passes charges a pair to the first item of a batch that needs it: batch-dependent by design
            differ = sorted(
                k for k in record.keys() | api.keys() if k != "verifier_passes" and record.get(k) != api.get(k)
            )
            if differ:
                mismatched += 1
                if mismatched <= 3:
                    tally.failures.append(f"{item['id']}: differs from the API in {differ}")
    if mismatched:
        tally.fail(f"{mismatched} records differ from the API's")
    missing = set(by_id) - set(ids)
    if missing:
        tally.fail(f"{len(missing)} ids missing, e.g. {sorted(missing)[:5]}")
    return tally.report(seconds)


def run_service(items: list[dict[str, Any]], checker: Any, concurrency: int) -> bool:
    import httpx
    import uvicorn

    from medhal.serve import create_app
    from medhal.serve.server import server_config

    tally = Tally("service")
    app = create_app(checker.verifier)
    with tempfile.TemporaryDirectory():
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = uvicorn.Server(server_config(app, host="127.0.0.1", port=port, log_level="critical"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        while not server.started:
            time.sleep(0.05)
        start = time.perf_counter()
        lock = threading.Lock()

        def send(item: dict[str, Any]) -> None:
            body = json.dumps({k: v for k, v in item.items() if v is not None}, ensure_ascii=True).encode()
            t = time.perf_counter()
            try:
                reply = client.post("/v1/check", content=body, headers={"content-type": "application/json"})
            except httpx.HTTPError as exc:
                with lock:
                    tally.fail(f"{item['id']}: {type(exc).__name__}")
                return
            seconds = time.perf_counter() - t
            with lock:
                if reply.status_code >= 500:
                    tally.fail(f"{item['id']}: HTTP {reply.status_code}")
                elif reply.status_code == 200:
                    tally.record(reply.json(), as_json_sees_it(item), seconds)
                else:
                    tally.status[f"http_{reply.status_code}"] += 1

        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=120) as client:
            with ThreadPoolExecutor(concurrency) as pool:
                list(pool.map(send, items))
            alive = client.get("/healthz").status_code == 200
        server.should_exit = True
        thread.join(timeout=30)
    if not alive:
        tally.fail("/healthz dead after the run")
    return tally.report(time.perf_counter() - start)


RSS_CASES = {
    "1 KB": ("sentences", 1_000),
    "10 KB": ("sentences", 10_000),
    "50 KB": ("sentences", 50_000),
    "100 KB": ("sentences", 100_000),
    "200 KB": ("sentences", 200_000),
    "200 KB CJK, no punctuation": ("cjk", 200_000),
    "20k 'A.' sentences": ("dots", 20_000),
    "100k-character word": ("word", 100_000),
}

_RSS_CHILD = r"""
import json, resource, sys, time
from medhal.checker import Checker
kind, size = sys.argv[1], int(sys.argv[2])
s = "In the {i}th cohort, metformin at 10 mg lowered HbA1c by 0.8% and did not increase lactic acidosis. "
evidence = {"sentences": "".join(s.format(i=i) for i in range(size // 90 + 1))[:size],
            "cjk": "患者接受二甲双胍治疗后血糖下降" * (size // 15), "dots": "A. " * (size // 3),
            "word": "x" * size}[kind]
response = {"cjk": "者" * 20000}.get(kind, "Metformin at 10 mg lowered HbA1c by 0.8% in the 7th cohort. It was safe.")
checker = Checker()
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
t = time.perf_counter()
r = checker.check(evidence, response)
print(json.dumps({"status": r.status, "seconds": time.perf_counter() - t, "pairs": r.pairs,
                  "examined": r.evidence_examined, "base_mb": base / 1024,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run_rss() -> bool:
    ok = True
    print(f"{'item':>28} {'status':>12} {'seconds':>8} {'pairs':>6} {'examined':>8} {'peak MB':>8} {'over load':>9}")
    for name, (kind, size) in RSS_CASES.items():
        proc = subprocess.run(
            [sys.executable, "-c", _RSS_CHILD, kind, str(size)],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        if proc.returncode != 0:
            print(f"{name:>28} crashed: {proc.stderr.strip().splitlines()[-1:]}")
            ok = False
            continue
        r = json.loads(proc.stdout.strip().splitlines()[-1])
        fine = r["peak_mb"] <= RSS_LIMIT_MB and r["seconds"] <= HANG_S
        ok &= fine
        print(
            f"{name:>28} {r['status']:>12} {r['seconds']:>8.2f} {r['pairs']:>6} {r['examined'] or 0:>8.3f} "
            f"{r['peak_mb']:>8.0f} {r['peak_mb'] - r['base_mb']:>9.0f}{'' if fine else '  <- over target'}"
        )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--surfaces", default="api,cli,service,rss")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--chunk", type=int, default=8, help="API items per check_many call")
    parser.add_argument("--work", type=Path, default=None, help="folder for the batch files (default: a temp dir)")
    args = parser.parse_args()
    surfaces = set(args.surfaces.split(","))
    items = generate(args.n, args.seed)
    sizes = sorted(len(i["evidence"]) + len(i["response"]) for i in items)
    print(
        f"{len(items)} generated items (seed {args.seed}); median {sizes[len(sizes) // 2]} characters, "
        f"largest {sizes[-1]}"
    )
    ok = True
    work = args.work or Path(tempfile.mkdtemp(prefix="medhal-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)
    cache = work / "pairs.sqlite"
    api_lines: dict[str, str] = {}
    if surfaces & {"api", "cli", "service"}:
        from medhal.checker import Checker

        checker = Checker(cache=cache)
        if "api" in surfaces:
            passed, api_lines = run_api(items, checker, args.chunk)
            ok &= passed
        if "cli" in surfaces:
            ok &= run_cli(items, work, cache, api_lines)
        if "service" in surfaces:
            ok &= run_service(items, checker, args.concurrency)
    if "rss" in surfaces:
        ok &= run_rss()
    print(
        f"peak RSS of this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB; "
        f"work files in {work}"
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    main()
