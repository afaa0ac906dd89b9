"""``--limit N`` of ``bench medhalt`` (medhal.bench.medhalt.suite): per test, a seeded sample stratified by source
dataset (reasoning tests) or by real / made-up paper (memory tests), recorded in ``config.json``."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path

import pytest

from medhal.bench.medhalt.suite import SUITE, MedhaltSpec, load_tests, medhalt_stratum, sample_test
from medhal.data.medhalt import MemoryItem, ReasoningItem

DATASETS = ("headqa_en", "medmcqa", "medqa_usmle", "pubmedqa")
HEADER = ["id", "subject_name", "topic_name", "split_type", "dataset", "question", "options"]


def data_dir(tmp_path: Path, per_dataset: int = 10, real: int = 30, made_up: int = 6) -> Path:
    """FQT sorted by dataset and pmid2title sorted real-first, as the released files are: the first N of each are
    one stratum."""
    root = tmp_path / "medhalt"
    root.mkdir()
    buf = io.StringIO(newline="")
    writer = csv.writer(buf)
    writer.writerow(HEADER)
    options = "{'0': 'Moon dust', '1': 'Star water', '2': 'I do not know'}"
    for dataset in DATASETS:
        for i in range(per_dataset):
            writer.writerow([f"{dataset}-{i}", "Anatomy", "", "train", dataset, f"Made-up question {i}?", options])
    (root / "reasoning_fake.csv").write_text(buf.getvalue(), encoding="utf-8")
    rows = [{"id": f"real-{i}", "PMID": 1000 + i, "Title": f"Paper {i}"} for i in range(real)]
    rows += [{"id": f"fake-{i}", "PMID": 9000 + i, "Title": "Unknown"} for i in range(made_up)]
    (root / "IR_pmid2title.json").write_text(json.dumps(rows), encoding="utf-8")
    return root


def ids(items: list[ReasoningItem] | list[MemoryItem] | list[ReasoningItem | MemoryItem]) -> list[str]:
    return [i.id for i in items]


def test_the_stratum_is_the_dataset_or_the_existence_of_the_paper() -> None:
    reasoning = ReasoningItem("r", "fqt", "q?", ("a", "I do not know"), ("0", "1"), dataset="medmcqa")
    assert medhalt_stratum(reasoning) == "medmcqa"
    assert medhalt_stratum(ReasoningItem("r", "fqt", "q?", ("a",), ("0",))) == "unknown"
    assert medhalt_stratum(MemoryItem("m", "pmid2title", "1", "A title", True)) == "real"
    assert medhalt_stratum(MemoryItem("m", "pmid2title", "2", "Unknown", False)) == "made_up"


def test_limit_is_a_stratified_sample_of_each_test(tmp_path: Path) -> None:
    data = data_dir(tmp_path)
    loaded, skipped = load_tests(data, "all", 8, seed=0)
    assert list(loaded) == ["fqt", "pmid2title"] and "fct" in skipped
    fqt, memory = loaded["fqt"], loaded["pmid2title"]
    assert len(fqt.items) == 8 and len(memory.items) == 8
    assert fqt.by == "dataset" and fqt.strata == dict.fromkeys(DATASETS, 2)
    assert Counter(medhalt_stratum(i) for i in fqt.items) == Counter(fqt.strata)
    # proportional (30 real, 6 made up) but every stratum represented: the first 8 items are all real
    assert memory.by == "existence" and memory.population == {"made_up": 6, "real": 30}
    assert memory.strata["made_up"] >= 1 and sum(memory.strata.values()) == 8
    assert {medhalt_stratum(i) for i in memory.items} == {"real", "made_up"}
    everything, _ = load_tests(data, "all")
    for name, sample in loaded.items():  # in file order
        order = ids(everything[name].items)
        assert ids(sample.items) == sorted(ids(sample.items), key=order.index)


def test_limit_sample_is_deterministic_per_seed(tmp_path: Path) -> None:
    data = data_dir(tmp_path)
    first, _ = load_tests(data, "fqt", 8, seed=3)
    again, _ = load_tests(data, "fqt", 8, seed=3)
    other, _ = load_tests(data, "fqt", 8, seed=4)
    assert ids(first["fqt"].items) == ids(again["fqt"].items)
    assert ids(other["fqt"].items) != ids(first["fqt"].items)
    assert set(other["fqt"].strata) == set(DATASETS)


@pytest.mark.parametrize("limit", [None, 40, 100])
def test_no_limit_or_a_large_one_keeps_every_item_in_file_order(tmp_path: Path, limit: int | None) -> None:
    data = data_dir(tmp_path)
    loaded, _ = load_tests(data, "fqt", limit, seed=9)
    assert ids(loaded["fqt"].items) == [f"{d}-{i}" for d in DATASETS for i in range(10)]
    items = list(loaded["fqt"].items)
    assert sample_test("fqt", items, limit, seed=1).items == items


def test_the_sample_and_its_seed_go_into_config_json(tmp_path: Path) -> None:
    data = data_dir(tmp_path)
    spec = MedhaltSpec("all", data, limit=5, seed=7)
    inputs = SUITE.load(spec)
    options = SUITE.config(spec, inputs).to_json()["options"]
    assert isinstance(options, dict) and options["seed"] == 7
    samples = options["samples"]
    assert isinstance(samples, dict) and list(samples) == ["fqt", "pmid2title"]
    for name, record in samples.items():
        assert isinstance(record, dict)
        assert record["limit"] == 5 and record["seed"] == 7 and record["method"] == "stratified"
        assert record["ids"] == ids(list(inputs.tests[name]))
    assert samples["fqt"]["by"] == "dataset" and samples["pmid2title"]["by"] == "existence"
    unlimited = MedhaltSpec("all", data, seed=7)
    assert "samples" not in SUITE.config(unlimited, SUITE.load(unlimited)).options
