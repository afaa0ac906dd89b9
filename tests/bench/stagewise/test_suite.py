"""``--limit N`` of ``bench stagewise`` (medhal.bench.stagewise.suite): a seeded sample stratified by dataset and
answer type, drawn with the run's seed and recorded in ``config.json``."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from medhal.bench.stagewise.runner import StagewiseOptions
from medhal.bench.stagewise.suite import SUITE, StagewiseSpec, item_stratum, sample_items
from medhal.data.stagewise import AnswerType, StagewiseItem

# a VQA-RAD-like set (closed yes/no and open questions) then an MCQ set: sorted, so the first N are one stratum
LAYOUT: tuple[tuple[str, AnswerType, int], ...] = (
    ("vqa-rad", "yes_no", 12),
    ("vqa-rad", "open", 6),
    ("medqa", "option", 9),
)
STRATA = {"vqa-rad:yes_no", "vqa-rad:open", "medqa:option"}


def item(dataset: str, kind: AnswerType, k: int) -> StagewiseItem:
    options = (("A", "Pneumothorax"), ("B", "Pneumonia")) if kind == "option" else ()
    answer = {"option": "A", "yes_no": "yes", "open": "Start antibiotics and obtain blood cultures"}[kind]
    return StagewiseItem(f"{dataset}-{kind}-{k}", f"Question {k}?", (answer,), kind, dataset, options)


def items() -> list[StagewiseItem]:
    return [item(dataset, kind, k) for dataset, kind, n in LAYOUT for k in range(n)]


def data_file(tmp_path: Path) -> Path:
    path = tmp_path / "items.jsonl"
    path.write_text("".join(json.dumps(i.to_dict()) + "\n" for i in items()), encoding="utf-8")
    return path


def spec(data: Path, limit: int | None, seed: int) -> StagewiseSpec:
    return StagewiseSpec(data, limit=limit, options=StagewiseOptions(seed=seed), model="m", judge="j")


def test_the_stratum_is_dataset_and_answer_type() -> None:
    assert item_stratum(item("vqa-rad", "open", 0)) == "vqa-rad:open"
    assert {item_stratum(i) for i in items()} == STRATA


def test_limit_is_a_stratified_sample_in_file_order() -> None:
    every = items()
    sample = sample_items(every, 9, seed=0)
    assert len(sample.items) == 9 and sample.by == "dataset:answer_type"
    assert sample.population == {"medqa:option": 9, "vqa-rad:open": 6, "vqa-rad:yes_no": 12}
    assert sample.strata == {"medqa:option": 3, "vqa-rad:open": 2, "vqa-rad:yes_no": 4}
    assert Counter(item_stratum(i) for i in sample.items) == Counter(sample.strata)
    assert sample.items == sorted(sample.items, key=every.index)
    assert {item_stratum(i) for i in sample_items(every, 3, seed=5).items} == STRATA  # N = strata: one of each


def test_limit_sample_is_deterministic_per_seed() -> None:
    every = items()
    first = sample_items(every, 9, seed=1).items
    assert sample_items(every, 9, seed=1).items == first
    assert sample_items(every, 9, seed=2).items != first


@pytest.mark.parametrize("limit", [None, 27, 100])
def test_no_limit_or_a_large_one_keeps_every_item_in_file_order(tmp_path: Path, limit: int | None) -> None:
    inputs = SUITE.load(spec(data_file(tmp_path), limit, 3))
    assert [i.id for i in inputs.items] == [i.id for i in items()]
    assert (inputs.sample is not None) == (limit is not None)


def test_the_suite_draws_with_the_run_seed_and_records_the_sample(tmp_path: Path) -> None:
    data = data_file(tmp_path)
    runs = {seed: SUITE.load(spec(data, 6, seed)) for seed in (4, 4, 8)}
    assert len(runs) == 2
    chosen = spec(data, 6, 4)
    inputs = SUITE.load(chosen)
    assert [i.id for i in inputs.items] == [i.id for i in runs[4].items]
    assert [i.id for i in runs[8].items] != [i.id for i in runs[4].items]
    config = SUITE.config(chosen, inputs).to_json()
    options = config["options"]
    assert isinstance(options, dict) and config["seed"] == 4 and options["seed"] == 4
    sample = options["sample"]
    assert isinstance(sample, dict)
    assert sample["limit"] == 6 and sample["seed"] == 4 and sample["by"] == "dataset:answer_type"
    assert sample["ids"] == [i.id for i in inputs.items] and set(sample["strata"]) == STRATA
    assert "sample" not in SUITE.config(spec(data, None, 4), SUITE.load(spec(data, None, 4))).options
