"""``medhal bench medhalt`` / ``medhal score medhalt`` as a :class:`~medhal.bench.suite.Suite` (seed 001 §5.2).

``load`` reads the tests' items (one test, or ``all`` the tests whose files a data folder holds), their prompts and,
to score outputs made elsewhere, the predictions file; ``run`` asks the model through the LLM engine (one resumable
engine run per test under ``RUN_DIR/generation/<test>/``) or takes the predictions; ``score`` grades every item
(an unanswered one is ``no_answer``, never dropped) into :class:`MedhaltResult`; ``write`` adds ``items.jsonl`` (one
graded row per item).  ``metrics.json``: per test ``n, correct, wrong, parse_failures, accuracy, score,
published_score, format_error_rate`` and breakdowns; ``report.md`` is :mod:`medhal.report.medhalt`'s.

``--limit N`` takes, per test, a seeded sample (:func:`sample_test`, :func:`medhal.bench.sampling.stratified_sample`)
stratified as the report breaks the test down: a reasoning item by its source ``dataset`` (MedMCQA, HeadQA, MedQA
...: ``by_dataset``), a memory item by whether its paper is real or made up (``by_existence``).  Each test's sample
is recorded in ``config.json`` (``options.samples``); the same seed draws the same sample, so a resumed run finds
its engine run's items again, and another seed or limit is refused like any other change of the items.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import ClassVar, cast

from medhal.bench.medhalt.prompts import PromptError, PromptSet, load_prompt_set
from medhal.bench.medhalt.runner import Item, Prediction, default_generation, grade_items, read_predictions, run_medhalt
from medhal.bench.medhalt.scoring import (
    FctScoring,
    FqtScoring,
    Graded,
    MemoryMatch,
    ScoringOptions,
    TestSummary,
    summarize_test,
)
from medhal.bench.runio import atomic_write_text
from medhal.bench.sampling import Sample, stratified_sample
from medhal.bench.suite import DataFile, RunConfig
from medhal.data.errors import DataFormatError
from medhal.data.medhalt import MEMORY_TESTS, TESTS, MemoryItem, canonical_test, find_test_file, load_medhalt
from medhal.detect.records import JSONObject
from medhal.errors import UsageError
from medhal.llm.engine import Engine, ProgressSink

__all__ = [
    "SUITE",
    "MedhaltInputs",
    "MedhaltResult",
    "MedhaltSpec",
    "MedhaltSuite",
    "load_tests",
    "medhalt_stratum",
    "sample_test",
    "scoring_options",
]

METRICS_VERSION = "1.0"


def scoring_options(fct: str, fqt: str, match: str, existence: bool, exclude: bool) -> ScoringOptions:
    """The scoring options of the command line, or a one-line usage error naming the bad one."""
    try:
        return ScoringOptions(
            exclude_parse_failures=exclude,
            fct_scoring=cast(FctScoring, fct),
            fqt_scoring=cast(FqtScoring, fqt),
            memory_match=cast(MemoryMatch, match),
            memory_existence=existence,
        )
    except ValueError as exc:
        raise UsageError(str(exc).replace("_scoring", "-scoring").replace("memory_match", "memory-match")) from None


def medhalt_stratum(item: Item) -> str:
    """The stratum of a Med-HALT item in a ``--limit`` sample: a memory item's ``real`` / ``made_up`` (the report's
    ``by_existence``), a reasoning item's source ``dataset`` (``by_dataset``; ``unknown`` when the file has none)."""
    if isinstance(item, MemoryItem):
        return "real" if item.exists else "made_up"
    return item.dataset or "unknown"


def sample_test(test: str, items: Sequence[Item], limit: int | None, seed: int = 0) -> Sample[Item]:
    """``limit`` items of one test drawn with ``seed``, stratified by :func:`medhalt_stratum` (all of them, in file
    order, when ``limit`` is ``None`` or not smaller than the test)."""
    by = "existence" if test in MEMORY_TESTS else "dataset"
    return stratified_sample(items, limit, stratum=medhalt_stratum, seed=seed, by=by)


def load_tests(
    data: Path, test: str, limit: int | None = None, seed: int = 0
) -> tuple[dict[str, Sample[Item]], list[str]]:
    """The items of each test (``test`` one name, or ``all`` the tests ``data`` holds a file of), as the ``--limit``
    sample of :func:`sample_test` (every item when ``limit`` is ``None``), and the tests ``all`` skipped for want of
    a file; one-line usage errors."""
    if not data.exists():
        raise UsageError(f"data path {data} does not exist")
    if test.strip().lower() == "all":
        if not data.is_dir():
            raise UsageError("--test all needs --data to be the folder that holds the Med-HALT files")
        names = [t for t in TESTS if find_test_file(data, t) is not None]
        skipped = [t for t in TESTS if t not in names]
        if not names:
            raise UsageError(f"{data} holds no Med-HALT data file (reasoning_fake.csv, IR_pmid2title.json, ...)")
    else:
        try:
            names, skipped = [canonical_test(test)], []
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    loaded: dict[str, Sample[Item]] = {}
    for name in names:
        try:
            items: list[Item] = list(load_medhalt(data, name))
        except DataFormatError as exc:
            raise UsageError(str(exc).splitlines()[0]) from None
        loaded[name] = sample_test(name, items, limit, seed)
    return loaded, skipped


@dataclass(frozen=True, slots=True)
class MedhaltSpec:
    """A run of the model ``engine`` builds (``bench medhalt``) or the scoring of ``predictions`` made elsewhere
    (``score medhalt``), on ``test`` of ``data``."""

    test: str
    data: Path
    scoring: ScoringOptions = field(default_factory=ScoringOptions)
    predictions: Path | None = None
    engine: Callable[[], Engine] | None = None
    model: str | None = None
    prompt_variant: str = "v0"
    prompts_dir: Path | None = None
    shots: int = 2
    seed: int = 0
    """Seeds the worked-example draw and the ``limit`` sample."""
    limit: int | None = None
    """Per test, a seeded stratified sample of this many items (:func:`sample_test`)."""
    max_tokens: int = 512
    progress: Callable[[str], ProgressSink | None] | None = None


@dataclass(frozen=True, slots=True)
class MedhaltInputs:
    tests: Mapping[str, Sequence[Item]]
    skipped: Sequence[str] = ()
    prompts: Mapping[str, PromptSet] = field(default_factory=dict)
    predictions: Mapping[str, Prediction] | None = None
    unknown: Sequence[str] = ()
    """Prediction ids that match no item (ignored)."""
    samples: Mapping[str, JSONObject] | None = None
    """Test -> the record of its ``--limit`` sample (``None`` without a limit)."""


@dataclass(frozen=True, slots=True)
class MedhaltResult:
    """``metrics.json``: test -> :class:`TestSummary`; ``graded`` holds the rows of ``items.jsonl``."""

    tests: Mapping[str, TestSummary]
    graded: Mapping[str, Sequence[Graded]]
    schema_version: ClassVar[str] = METRICS_VERSION

    @property
    def complete(self) -> bool:
        """Every item answered and parsed."""
        return all(g.status == "ok" for rows in self.graded.values() for g in rows)

    def to_json(self) -> JSONObject:
        return {test: summary.to_json() for test, summary in self.tests.items()}


class MedhaltSuite:
    """Run a model on the Med-HALT tests, or take its outputs, and score its answers."""

    name = "medhalt"

    def load(self, spec: MedhaltSpec) -> MedhaltInputs:
        if spec.predictions is not None:
            return self._load_predictions(spec)
        if spec.prompts_dir is not None and not spec.prompts_dir.is_dir():
            raise UsageError(f"--prompts-dir {spec.prompts_dir} is not a folder")
        loaded, skipped = load_tests(spec.data, spec.test, spec.limit, spec.seed)
        tests = {name: sample.items for name, sample in loaded.items()}
        samples: dict[str, JSONObject] | None = None
        if spec.limit is not None:
            samples = {name: sample.record([i.id for i in sample.items]) for name, sample in loaded.items()}
        try:
            prompts = {name: load_prompt_set(name, spec.prompt_variant, spec.prompts_dir) for name in tests}
        except PromptError as exc:
            raise UsageError(str(exc)) from None
        return MedhaltInputs(tests, skipped, prompts, samples=samples)

    def _load_predictions(self, spec: MedhaltSpec) -> MedhaltInputs:
        if spec.test.strip().lower() == "all":
            raise UsageError("score medhalt scores one test at a time; name it with --test")
        loaded, _ = load_tests(spec.data, spec.test)
        tests = {name: sample.items for name, sample in loaded.items()}
        path = cast(Path, spec.predictions)
        if not path.is_file():
            raise UsageError(f"predictions file {path} does not exist")
        preds = read_predictions(path)
        ((_, items),) = tests.items()
        unknown = sorted(set(preds) - {item.id for item in items})
        if len(unknown) == len(preds):
            raise UsageError(f"no prediction id matches an item id of {spec.data} (e.g. {unknown[0]!r})")
        return MedhaltInputs(tests, predictions=preds, unknown=unknown)

    def config(self, spec: MedhaltSpec, inputs: MedhaltInputs) -> RunConfig:
        options: JSONObject
        if spec.predictions is not None:
            options = {
                "command": "score medhalt",
                "data": str(spec.data),
                "predictions": str(spec.predictions),
                "unknown_ids": len(inputs.unknown),
            }
        else:
            options = {
                "command": "bench medhalt",
                "data": str(spec.data),
                "model": spec.model,
                "variant": spec.prompt_variant,
                "shots": spec.shots,
                "seed": spec.seed,
                "prompts": {name: p.describe() for name, p in inputs.prompts.items()},
                "generation": default_generation(spec.max_tokens).to_dict(),
                "skipped_tests": list(inputs.skipped),
            }
            if inputs.samples is not None:
                options["samples"] = dict(inputs.samples)
        options |= {"tests": list(inputs.tests), "scoring": asdict(spec.scoring)}
        files = [DataFile.of(spec.data)] if spec.data.is_file() else []
        for name in [] if spec.data.is_file() else inputs.tests:
            found = find_test_file(spec.data, name)
            files += [] if found is None else [DataFile.of(found)]
        if spec.predictions is not None:
            files.append(DataFile.of(spec.predictions, "predictions"))
        return RunConfig(self.name, options, files, spec.seed, None, METRICS_VERSION)

    def run(self, spec: MedhaltSpec, inputs: MedhaltInputs, out: Path) -> dict[str, Mapping[str, Prediction]]:
        if inputs.predictions is not None:
            return {name: inputs.predictions for name in inputs.tests}
        if spec.engine is None:
            raise ValueError("a medhalt run needs an engine or a predictions file")
        generation = default_generation(spec.max_tokens)
        predictions = run_medhalt(
            inputs.tests,
            spec.engine(),
            out,
            inputs.prompts,
            k=spec.shots,
            seed=spec.seed,
            generation=generation,
            progress=spec.progress,
        )
        return dict(predictions)

    def score(
        self, spec: MedhaltSpec, inputs: MedhaltInputs, raw: Mapping[str, Mapping[str, Prediction]]
    ) -> MedhaltResult:
        graded = {name: grade_items(items, raw.get(name, {}), spec.scoring) for name, items in inputs.tests.items()}
        return MedhaltResult({name: summarize_test(rows, spec.scoring) for name, rows in graded.items()}, graded)

    def write(
        self, out: Path, inputs: MedhaltInputs, raw: Mapping[str, Mapping[str, Prediction]], result: MedhaltResult
    ) -> None:
        """``items.jsonl``: one graded row per item."""
        lines = [
            json.dumps(row.to_dict(), ensure_ascii=False) + "\n" for rows in result.graded.values() for row in rows
        ]
        atomic_write_text(out / "items.jsonl", "".join(lines))


SUITE = MedhaltSuite()
