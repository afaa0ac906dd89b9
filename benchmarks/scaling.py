"""Scale-out of ``medhal check --input`` (issue 18): checks/s of one process against Ray with 1 and 2 workers at
equal cores, Ray's overhead, memory per worker, and two concurrent ``--threads 1`` processes (``--shard``) against
one process with ``--threads 2``.  Every configuration is the real command line, run as a subprocess under
``nice``, so its wall clock includes what a user pays (interpreter, verifier load, Ray start-up); the worker-side
checking time Ray reports (``ray: pool of ...`` on stderr) separates start-up from steady-state throughput.

    python benchmarks/loc_items.py --out /tmp/scale            # the 200 MedHal-Loc dev answers
    python benchmarks/scaling.py --items /tmp/scale/items.jsonl --out /tmp/scale/runs [--limit N] [--only ...]

``items.parquet`` beside ``items.jsonl`` is the Ray runs' input (the issue's command: ``--input items.parquet
--out DIR --engine ray``).  Every output is checked against the single-process records (timings left out), each
id exactly once.  The machine's load (``/proc/loadavg``) before and after each run is printed: on a shared
machine, read the figures with it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from medhal.detect import CheckResult
from medhal.scale import read_parts

RAY_LINE = re.compile(r"pid (\d+): (\d+) chunk\(s\), ([\d.]+) s checking, peak RSS (\d+) MiB")
CONFIGS = ("single", "ray1", "ray2", "ray2-warm", "threads2", "shards2")
RAY_PORT = "63790"


@dataclass
class Run:
    """One configuration's measurement."""

    name: str
    command: list[list[str]]
    wall_s: float = 0.0
    items: int = 0
    rss_mib: list[float] = field(default_factory=list)
    """Peak RSS of each checking process: the CLI process (local), or each Ray worker (ray)."""
    driver_rss_mib: float | None = None
    worker_busy_s: list[float] = field(default_factory=list)
    load_before: str = ""
    load_after: str = ""
    same_records: bool | None = None

    @property
    def checks_per_s(self) -> float:
        return self.items / self.wall_s if self.wall_s else 0.0


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def run_all(commands: list[list[str]]) -> tuple[float, list[float], str]:
    """Run ``commands`` at once (``nice``); wall seconds until the last ends, each one's peak RSS (MiB), stderr."""
    start = time.perf_counter()
    procs = [subprocess.Popen(["nice", "-n", "10", *c], stderr=subprocess.PIPE, text=True) for c in commands]
    rss, errors = [], []
    for proc in procs:
        assert proc.stderr is not None
        errors.append(proc.stderr.read())
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(proc.args)} exited {proc.returncode}:\n{errors[-1]}")  # type: ignore[arg-type]
        rss.append(usage.ru_maxrss / 1024)
    return time.perf_counter() - start, rss, "".join(errors)


def jsonl_lines(path: Path) -> list[str]:
    """The non-blank lines of a JSONL file, split on ``\\n`` only (texts hold U+2028, a line end to ``splitlines``)."""
    return [line for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]


def start_head(log: Path) -> subprocess.Popen[bytes]:
    """A local Ray head of two CPUs started before the run and not timed (``--address auto`` joins it): what a
    standing cluster costs a run.  Stopped by its own pid, never with ``ray stop`` (which stops every Ray here)."""
    command = ["ray", "start", "--head", "--block", "--num-cpus", "2", "--port", RAY_PORT]
    command += ["--include-dashboard", "false", "--disable-usage-stats"]
    with log.open("wb") as sink:
        head = subprocess.Popen(["nice", "-n", "10", *command], stdout=sink, stderr=subprocess.STDOUT)
    for _ in range(240):
        time.sleep(0.5)
        if "Ray runtime started" in log.read_text(errors="replace"):
            return head
        if head.poll() is not None:
            break
    head.terminate()
    raise SystemExit(f"the Ray head did not start; see {log}")


def stop_head(head: subprocess.Popen[bytes]) -> None:
    """Stop the head (``--block``: it takes its processes down with it) and forget it: a later ``ray.init()``
    without an address would otherwise try to join the dead cluster that ``ray_current_cluster`` still names."""
    head.terminate()
    head.wait()
    current = Path("/tmp/ray/ray_current_cluster")
    if current.is_file() and current.read_text().strip().endswith(f":{RAY_PORT}"):
        current.unlink()


def records(path: Path) -> list[dict[str, object]]:
    """The records of an output (JSONL file, Parquet parts folder) as :meth:`CheckResult.to_dict` objects without
    timings, plus ``line``: one form for both (a Parquet row also holds the fields a JSONL record leaves out when
    empty)."""
    if path.is_dir():
        read = [(CheckResult.from_row(row), row["line"]) for row in read_parts(path)]
    else:
        objects = [json.loads(line) for line in jsonl_lines(path)]
        read = [(CheckResult.from_dict(obj), obj["line"]) for obj in objects]
    return [result.to_dict(timings=False) | {"line": line} for result, line in read]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=Path, required=True, help="items.jsonl (items.parquet beside it for Ray)")
    parser.add_argument("--out", type=Path, required=True, help="a new folder for the outputs and results.json")
    parser.add_argument("--limit", type=int, default=None, help="only the first N items")
    parser.add_argument("--only", default=",".join(CONFIGS), help=f"comma-separated subset of {','.join(CONFIGS)}")
    parser.add_argument("--chunk-size", type=int, default=32)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=False)
    source, parquet = args.items, args.items.with_suffix(".parquet")
    if args.limit is not None:
        lines = [line + "\n" for line in jsonl_lines(args.items)[: args.limit]]
        source = args.out / "items.jsonl"
        source.write_text("".join(lines), encoding="utf-8")
        parquet = args.out / "items.parquet"
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist([json.loads(line) for line in lines]), parquet)
    n = len(jsonl_lines(source))
    medhal = [sys.executable, "-m", "medhal", "check", "--no-timings", "--chunk-size", str(args.chunk_size)]
    out = args.out
    ray = ["--threads", "1", "--engine", "ray", "--num-workers"]
    plans = {
        "single": [[*medhal, "-i", str(source), "-o", str(out / "single.jsonl"), "--threads", "1"]],
        "ray1": [[*medhal, "-i", str(source), "-o", str(out / "ray1.jsonl"), *ray, "1"]],
        "ray2": [[*medhal, "-i", str(parquet), "-o", str(out / "ray2"), *ray, "2"]],
        "ray2-warm": [[*medhal, "-i", str(parquet), "-o", str(out / "ray2-warm"), *ray, "2", "--address", "auto"]],
        "threads2": [[*medhal, "-i", str(source), "-o", str(out / "threads2.jsonl"), "--threads", "2"]],
        "shards2": [
            [*medhal, "-i", str(source), "-o", str(out / f"shard{i}.jsonl"), "--threads", "1", "--shard", f"{i}/2"]
            for i in range(2)
        ],
    }
    wanted = [name for name in args.only.split(",") if name]
    runs: dict[str, Run] = {}
    for name in wanted:
        head = start_head(out / f"{name}-head.log") if name.endswith("-warm") else None
        run = Run(name, plans[name], items=n, load_before=load())
        try:
            run.wall_s, rss, err = run_all(plans[name])
        finally:
            if head is not None:
                stop_head(head)
        run.load_after = load()
        workers = RAY_LINE.findall(err.replace("\n", " "))
        if workers:
            run.driver_rss_mib = rss[0]
            run.rss_mib = [float(w[3]) for w in workers]
            run.worker_busy_s = [float(w[2]) for w in workers]
        else:
            run.rss_mib = rss
        runs[name] = run
        print(
            f"{name}: {run.wall_s:.1f} s, {run.checks_per_s:.2f} checks/s, load {run.load_before} -> {run.load_after}"
        )
    if "single" in runs:
        reference = records(out / "single.jsonl")
        for name, run in runs.items():
            if name == "single":
                continue
            if name == "shards2":
                got = records(out / "shard0.jsonl") + records(out / "shard1.jsonl")
                got.sort(key=lambda r: int(r["line"]))  # type: ignore[call-overload]
            else:
                got = records(out / (name if name.startswith("ray2") else f"{name}.jsonl"))
            ids = [r["id"] for r in got]
            run.same_records = got == reference and len(ids) == len(set(ids)) == n
    report(runs)
    (out / "results.json").write_text(json.dumps({k: asdict(v) for k, v in runs.items()}, indent=2) + "\n")


def report(runs: dict[str, Run]) -> None:
    print("\n| run | processes x threads | wall s | checks/s | vs single | peak RSS MiB per checker | same records |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    shape = {"single": "1 x 1", "ray1": "1 worker x 1", "ray2": "2 workers x 1", "threads2": "1 x 2"}
    shape["shards2"], shape["ray2-warm"] = "2 x 1", "2 workers x 1, standing cluster"
    base = runs.get("single")
    for name, run in runs.items():
        ratio = f"{run.checks_per_s / base.checks_per_s:.2f}x" if base else "-"
        rss = ", ".join(f"{r:.0f}" for r in run.rss_mib)
        same = "-" if run.same_records is None else "yes" if run.same_records else "NO"
        print(f"| {name} | {shape[name]} | {run.wall_s:.1f} | {run.checks_per_s:.2f} | {ratio} | {rss} | {same} |")
    for name in ("ray1", "ray2", "ray2-warm"):
        run = runs.get(name)
        if run and run.worker_busy_s:
            busy = max(run.worker_busy_s)
            print(
                f"{name}: workers busy {', '.join(f'{b:.1f}' for b in run.worker_busy_s)} s; start-up and hand-off "
                f"{run.wall_s - busy:.1f} s of {run.wall_s:.1f} s; steady {run.items / sum(run.worker_busy_s):.2f} "
                f"checks/s per worker; driver peak RSS {run.driver_rss_mib:.0f} MiB"
            )
    pairs = (("ray1", "single"), ("ray2", "shards2"), ("ray2-warm", "shards2"), ("ray2", "threads2"))
    pairs += (("shards2", "threads2"),)
    for slow, fast in pairs:
        if slow in runs and fast in runs:
            overhead = runs[slow].wall_s / runs[fast].wall_s - 1
            print(f"{slow} vs {fast} (equal cores): wall {overhead:+.1%}")


if __name__ == "__main__":
    main()
