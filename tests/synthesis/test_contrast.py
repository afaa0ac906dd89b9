"""Minimal pairs (medhal.synthesis.contrast) on a train-role corpus of ../shared/data, plus a tiny in-memory one."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from medhal.data.pubtator import read_pubtator
from medhal.synthesis.contrast import NEGATION_CUE, ContrastPair, contrast_pairs
from medhal.synthesis.pairs import SynthDoc, docs_from_pubtator

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "biomed").is_dir(), reason="../shared/data is absent")


def _check(pairs: list[ContrastPair]) -> None:
    for c in pairs:
        p = c.pair
        if c.kind in {"negation", "number", "direction", "identity"} and p.label == "entailment":
            assert p.hypothesis.rstrip(".") in p.premise
            assert p.premise[c.sentence_start :].startswith(p.hypothesis.rstrip("."))
        if p.label == "contradiction":
            assert c.kind in {"negation", "number", "direction"}
            assert p.hypothesis[c.start : c.end] == c.inserted
            assert p.hypothesis not in p.premise
        if c.kind == "other_doc":
            assert p.label == "neutral" and c.sentence_start == -1
    # every contradiction follows its entailed twin on the same premise; negation removal drops a cue
    for a, b in itertools.pairwise(pairs):
        if b.pair.label == "contradiction":
            assert a.pair.label == "entailment" and a.pair.premise == b.pair.premise and a.kind == b.kind
            if b.kind == "negation":
                assert len(NEGATION_CUE.findall(b.pair.hypothesis)) < len(NEGATION_CUE.findall(a.pair.hypothesis))


def test_tiny_corpus_is_deterministic_and_labelled() -> None:
    docs = [
        SynthDoc(
            "a",
            "t",
            (
                "In the trial, 412 adults received metformin.",
                "Lactic acidosis did not occur in either group.",
                "Mortality was higher in the placebo group.",
            ),
            ((), (), ()),
        ),
        SynthDoc("b", "t", ("Aspirin reduced the risk of stroke by 20%.", "The patient has no fever today."), ((), ())),
    ]
    first = contrast_pairs(docs, 60, seed=5)
    assert first == contrast_pairs(docs, 60, seed=5)
    assert first != contrast_pairs(docs, 60, seed=6)
    assert len(first) >= 60
    _check(first)
    assert {c.pair.label for c in first} == {"entailment", "contradiction", "neutral"}


@needs_shared
def test_train_corpus_shares_and_spans() -> None:
    docs = docs_from_pubtator(read_pubtator(SHARED / "biomed/bc5cdr/CDR_TrainingSet.PubTator.txt")[:150], "bc5cdr")
    pairs = contrast_pairs(docs, 600, seed=13)
    assert pairs == contrast_pairs(docs, 600, seed=13)
    _check(pairs)
    labels = Counter(c.pair.label for c in pairs)
    n = sum(labels.values())
    assert abs(labels["entailment"] / n - 0.45) < 0.06
    assert abs(labels["contradiction"] / n - 0.35) < 0.06
    assert abs(labels["neutral"] / n - 0.20) < 0.06
    kinds = Counter(c.kind for c in pairs if c.pair.label == "contradiction")
    assert kinds["negation"] > 0 and kinds["number"] > 0 and kinds["direction"] > 0
    # negated sentences appear as entailed hypotheses (breaking "negation -> contradiction")
    assert any(c.pair.label == "entailment" and NEGATION_CUE.search(c.pair.hypothesis) for c in pairs)
