"""Conclusion-clause pairs (medhal.synthesis.conclusions) on a few train-role abstracts of ../shared/data."""

from __future__ import annotations

import builtins
import io
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from medhal.data.pubtator import read_ncbi_disease, read_pubtator
from medhal.synthesis.conclusions import ConclusionConfig, conclusion_examples, conclusion_pairs
from medhal.synthesis.pairs import SynthDoc, docs_from_pubtator, inventory_from_pubtator
from medhal.synthesis.perturb import EntityInventory

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "biomed").is_dir(), reason="../shared/data is absent")

TRAIN_FILES = (
    "biomed/bc5cdr/CDR_TrainingSet.PubTator.txt",
    "biomed/ncbi_disease/NCBItrainset_corpus.txt",
)
FORBIDDEN = ("test", "pubmedqa", "medhal_loc", "medec", "medrect", "medhalt", "tofueval")


@pytest.fixture(scope="module")
def corpus() -> tuple[list[SynthDoc], EntityInventory, list[str]]:
    read: list[str] = []
    real_open = builtins.open

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        read.append(str(file))
        return real_open(file, *args, **kwargs)

    builtins.open, io.open = spy, spy
    try:
        bc5 = read_pubtator(SHARED / TRAIN_FILES[0])[:80]
        ncbi = read_ncbi_disease(SHARED / TRAIN_FILES[1])[:40]
    finally:
        builtins.open, io.open = real_open, real_open
    inventory = inventory_from_pubtator(bc5 + ncbi)
    docs = docs_from_pubtator(bc5, "bc5cdr") + docs_from_pubtator(ncbi, "ncbi_disease")
    return docs, inventory, read


@needs_shared
def test_reads_only_train_role_files(corpus: tuple[list[SynthDoc], EntityInventory, list[str]]) -> None:
    docs, inventory, read = corpus
    assert read, "the spy saw no file reads"
    assert all(not any(bad in p.lower() for bad in FORBIDDEN) for p in read)

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"conclusion generation opened a file: {args!r}")

    real_open = builtins.open
    builtins.open, io.open = refuse, refuse
    try:
        out = conclusion_examples(docs, inventory, 60, seed=3)
    finally:
        builtins.open, io.open = real_open, real_open
    assert out


@needs_shared
def test_deterministic_for_a_seed(corpus: tuple[list[SynthDoc], EntityInventory, list[str]]) -> None:
    docs, inventory, _ = corpus
    a = conclusion_pairs(docs, inventory, 80, seed=5)
    b = conclusion_pairs(docs, inventory, 80, seed=5)
    c = conclusion_pairs(docs, inventory, 80, seed=6)
    assert a == b
    assert a != c
    assert {p.source for p in a} == {"conclusions"}


@needs_shared
def test_labels_spans_and_premises(corpus: tuple[list[SynthDoc], EntityInventory, list[str]]) -> None:
    docs, inventory, _ = corpus
    examples = conclusion_examples(docs, inventory, 150, seed=11)
    assert len(examples) >= 100
    counts: Counter[str] = Counter(str(e.label) for e in examples)
    for label, share in (("entailment", 0.4), ("contradiction", 0.3), ("neutral", 0.3)):
        assert abs(counts[label] / len(examples) - share) < 0.08, counts
    by_id = {d.doc_id: d for d in docs}
    for e in examples:
        doc = by_id[e.doc_id]
        # the premise never holds the conclusion: neither the clause nor the final sentence
        assert e.clause not in e.premise
        assert doc.sentences[-1] not in e.premise
        assert e.hypothesis not in e.premise
        assert len(e.premise.split()) <= ConclusionConfig().max_premise_words + 80
        if e.label == "entailment":
            assert e.clause in e.hypothesis
        else:
            assert e.hypothesis != e.clause
            assert e.inserted
            assert e.hypothesis[e.start : e.end] == e.inserted
        if e.label == "contradiction":
            assert e.kind in ("entity", "direction", "negation", "number")
        if e.kind in ("mechanism", "mechanism_appended"):
            assert e.inserted.split()[0] in ("because", "since", "as")


def test_no_docs_no_pairs() -> None:
    assert conclusion_examples([], EntityInventory(), 10, seed=1) == []
