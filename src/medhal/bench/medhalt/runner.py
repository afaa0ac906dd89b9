"""Running and scoring Med-HALT (seed 001 §5.2): model calls through the LLM engine, predictions files, run dirs.

:func:`run_medhalt` sends every item of every test, prompted as seed 001 §4 lays out (one completion prompt,
stopped at ``Stop Here``, greedy by default: what the original actually ran, "Paper vs code", Decoding), through
an :class:`~medhal.llm.engine.Engine` (response cache, bounded concurrency).  Each test is an engine run
directory ``RUN_DIR/generation/<test>/`` (``config.json``, the raw ``items.jsonl`` with ``ok`` /
``parse_failure`` / ``api_error`` per item); calling again with the same ``RUN_DIR`` resumes it, and a directory
made with other prompts, items, model or decoding is refused.  Nothing is dropped (seed 001 "Pitfalls", Silent
loss on server errors): an item the model never answered is graded ``no_answer``.

:func:`read_predictions` reads outputs made elsewhere (JSONL, ``id`` and ``output``) and :func:`grade_items` grades
either; :mod:`medhal.bench.medhalt.suite` ties them into the suite and its run directory.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from medhal.bench.llmrun import engine_dir, open_engine_run, parts_digest
from medhal.bench.medhalt.parsing import parse_output
from medhal.bench.medhalt.prompts import STOP, PromptSet, build_prompt
from medhal.bench.medhalt.scoring import Graded, ScoringOptions, grade
from medhal.bench.suite import GENERATION_DIR
from medhal.data.medhalt import MemoryItem, ReasoningItem
from medhal.detect.records import JSON
from medhal.errors import PredictionsFileError
from medhal.llm.base import GenerationConfig, GenerationRequest
from medhal.llm.engine import Engine, ProgressSink, WorkItem, run_closing

__all__ = [
    "GENERATION_DIR",
    "Prediction",
    "PredictionsFileError",
    "default_generation",
    "grade_items",
    "read_predictions",
    "run_medhalt",
    "work_items",
]

Item = ReasoningItem | MemoryItem
Prediction = tuple[str, str | None, str | None]
"""(status, raw output, reason) of one item."""


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
    return parts_digest((item.id, (item.request.prompt or "") if item.request else "") for item in work)


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
        for test, items in tests.items():
            work = work_items(items, prompts[test], k=k, seed=seed, generation=config)
            identity: dict[str, JSON] = {
                "test": test,
                "model": engine.client.model_id,
                "prompt": prompts[test].describe(),
                "shots": k,
                "seed": seed,
                "generation": config.to_dict(),
                "items": {"count": len(work), "sha256": _digest(work)},
            }
            path = engine_dir(Path(out), test)
            run = open_engine_run(path, "medhalt", identity, engine, command="bench medhalt")

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
        return results

    return run_closing(main, engine.client.aclose)


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
