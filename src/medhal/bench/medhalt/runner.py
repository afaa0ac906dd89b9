"""Running and scoring Med-HALT (seed 001 §5.2): model calls through the LLM engine, predictions files, run dirs.

:func:`run_medhalt` sends every item of every test, prompted as seed 001 §4 lays out (one completion prompt,
stopped at ``Stop Here``, greedy by default: what the original actually ran, "Paper vs code", Decoding), through
an :class:`~medhal.llm.engine.Engine` (response cache, bounded concurrency).  Each test is an engine run
directory ``RUN_DIR/generation/<test>/`` (``config.json``, the raw ``items.jsonl`` with ``ok`` /
``parse_failure`` / ``api_error`` per item); calling again with the same ``RUN_DIR`` resumes it, and a directory
made with other prompts, items, model or decoding is refused.  Nothing is dropped (seed 001 "Pitfalls", Silent
loss on server errors): an item the model never answered is graded ``no_answer``.

:func:`read_predictions` reads outputs made elsewhere (JSONL, ``id`` and ``output``), :func:`grade_items` grades
either, and :func:`write_medhalt_run` writes ``RUN_DIR/metrics.json`` (per test), ``items.jsonl`` (one graded
row per item) and ``run.json``; ``report.md`` is :mod:`medhal.report.medhalt`'s.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from medhal.bench.medhalt.parsing import parse_output
from medhal.bench.medhalt.prompts import STOP, PromptSet, build_prompt
from medhal.bench.medhalt.scoring import Graded, ScoringOptions, grade, summarize_test
from medhal.bench.runio import atomic_write_text
from medhal.data.medhalt import MemoryItem, ReasoningItem
from medhal.errors import PredictionsFileError
from medhal.llm.base import GenerationConfig, GenerationRequest
from medhal.llm.engine import Engine, ProgressSink, WorkItem, run_sync
from medhal.llm.runs import RunDir, RunDirError

__all__ = [
    "GENERATION_DIR",
    "Prediction",
    "PredictionsFileError",
    "default_generation",
    "grade_items",
    "read_predictions",
    "run_info",
    "run_medhalt",
    "work_items",
    "write_medhalt_run",
]

Item = ReasoningItem | MemoryItem
Prediction = tuple[str, str | None, str | None]
"""(status, raw output, reason) of one item."""
GENERATION_DIR = "generation"


def default_generation(max_tokens: int = 512) -> GenerationConfig:
    """Greedy decoding stopped at ``Stop Here``."""
    return GenerationConfig(temperature=0.0, max_tokens=max_tokens, stop=(STOP,))


def work_items(
    items: Sequence[Item], prompts: PromptSet, *, k: int, seed: int, generation: GenerationConfig
) -> list[WorkItem]:
    """One completion request per item (the prompt of :func:`~medhal.bench.medhalt.prompts.build_prompt`)."""
    out: list[WorkItem] = []
    for item in items:
        request = GenerationRequest(item.id, prompt=build_prompt(item, prompts, k=k, seed=seed), config=generation)
        out.append(WorkItem(item.id, request=request, data={"test": item.test, "dataset": item.dataset}))
    return out


def _digest(work: Sequence[WorkItem]) -> str:
    digest = hashlib.sha256()
    for item in work:
        for part in (item.id, item.request.prompt if item.request else ""):
            data = (part or "").encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _open(path: Path, identity: Mapping[str, Any], engine: Engine) -> RunDir:
    if not (path / RunDir.CONFIG).is_file():
        return RunDir.create(
            {"command": "bench medhalt", "medhalt": dict(identity), "engine": engine.describe()}, path=path
        )
    run = RunDir.open(path)
    stored = run.config.get("medhalt") or {}
    for key, value in identity.items():
        if stored.get(key) != json.loads(json.dumps(value)):
            raise RunDirError(f"run directory {path} was made with another {key}; use a new --out")
    run.note_session(resume=True, engine=engine.describe())
    return run


def run_medhalt(
    tests: Mapping[str, Sequence[Item]],
    engine: Engine,
    out: str | Path,
    prompts: Mapping[str, PromptSet],
    *,
    k: int = 2,
    seed: int = 0,
    generation: GenerationConfig | None = None,
    progress: Callable[[str], ProgressSink | None] | None = None,
) -> dict[str, dict[str, Prediction]]:
    """Generate an answer for every item of every test; per test, item id -> (status, output, reason).

    ``progress(test)`` may return a sink for that test's run.  The client is closed at the end.
    """
    config = generation or default_generation()

    async def main() -> dict[str, dict[str, Prediction]]:
        results: dict[str, dict[str, Prediction]] = {}
        try:
            for test, items in tests.items():
                work = work_items(items, prompts[test], k=k, seed=seed, generation=config)
                identity = {
                    "test": test,
                    "model": engine.client.model_id,
                    "prompt": prompts[test].describe(),
                    "shots": k,
                    "seed": seed,
                    "generation": config.to_dict(),
                    "items": {"count": len(work), "sha256": _digest(work)},
                }
                run = _open(Path(out) / GENERATION_DIR / test, identity, engine)

                def parser(text: str, test: str = test) -> object:
                    return parse_output(test, text)

                sink = progress(test) if progress is not None else None
                await engine.arun(work, run, parser=parser, progress=sink, resume=True)
                rows = run.read_items().rows
                results[test] = {
                    i.id: (str(r.get("status")), r.get("output"), r.get("reason"))
                    for i in items
                    if (r := rows.get(i.id)) is not None
                }
        finally:
            await engine.client.aclose()
        return results

    return run_sync(main)


def read_predictions(path: str | Path) -> dict[str, Prediction]:
    """``id`` -> (status, output, reason) from a JSONL file of ``{"id": ..., "output": "raw text"}`` lines
    (optional ``status`` and ``reason``; a null output is an unanswered item)."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise PredictionsFileError(f"cannot read predictions file {target}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise PredictionsFileError(f"{target}: not UTF-8 text (byte {exc.start})") from None
    out: dict[str, Prediction] = {}
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = f"{target}:{number}"
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise PredictionsFileError(f"{where}: not JSON ({' '.join(str(exc).split())})") from None
        ident = row.get("id") if isinstance(row, dict) else None
        if isinstance(ident, bool) or not isinstance(ident, str | int) or not str(ident).strip():
            raise PredictionsFileError(f"{where}: a line needs a JSON object with a non-empty id")
        output = row.get("output")
        if output is not None and not isinstance(output, str):
            raise PredictionsFileError(f"{where}: output must be a string (the raw model text)")
        key = str(ident).strip()
        if key in out:
            raise PredictionsFileError(f"{where}: a second prediction for id {key!r}")
        status = str(row.get("status") or ("ok" if output is not None else "api_error"))
        reason = row.get("reason")
        out[key] = (status, output, reason if isinstance(reason, str) else None)
    if not out:
        raise PredictionsFileError(f"{target}: no predictions")
    return out


def grade_items(items: Sequence[Item], predictions: Mapping[str, Prediction], options: ScoringOptions) -> list[Graded]:
    """Grade every item; an item without a prediction is ``no_answer`` with status ``missing``."""
    graded: list[Graded] = []
    for item in items:
        status, output, reason = predictions.get(item.id, ("missing", None, "no prediction for this id"))
        graded.append(grade(item, output, options, status=status, reason=reason))
    return graded


def run_info(
    graded: Mapping[str, Sequence[Graded]], options: ScoringOptions, meta: Mapping[str, Any]
) -> dict[str, Any]:
    """``run.json``: ``meta`` with the tests graded and the scoring options (what the report describes)."""
    return {**dict(meta), "tests": list(graded), "scoring": asdict(options)}


def write_medhalt_run(
    out: str | Path, graded: Mapping[str, Sequence[Graded]], options: ScoringOptions, meta: Mapping[str, Any]
) -> dict[str, dict[str, Any]]:
    """Write ``metrics.json``, ``items.jsonl`` and ``run.json`` (:func:`run_info`) into ``out``; return the metrics.

    The report is :func:`medhal.report.medhalt.write_medhalt_report`'s (the CLI calls it next)."""
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    metrics = {test: summarize_test(rows, options) for test, rows in graded.items()}
    full_meta = run_info(graded, options, meta)
    atomic_write_text(target / "metrics.json", json.dumps(metrics, indent=2, ensure_ascii=False) + "\n")
    lines = [json.dumps(row.to_dict(), ensure_ascii=False) + "\n" for rows in graded.values() for row in rows]
    atomic_write_text(target / "items.jsonl", "".join(lines))
    atomic_write_text(target / "run.json", json.dumps(full_meta, indent=2, ensure_ascii=False) + "\n")
    return metrics
