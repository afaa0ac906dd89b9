"""Synthetic pair generation: windows contain their sentence, labels follow the perturbation, seeded."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from medhal.data.corpora import MedErrItem, Passage
from medhal.data.pubtator import Document, Mention
from medhal.synthesis.pairs import (
    SynthConfig,
    build_window,
    docs_from_passages,
    docs_from_pubtator,
    inventory_from_pubtator,
    mederrbench_pairs,
    synthesize,
)
from medhal.synthesis.perturb import EntityInventory

TITLE = "Cocaine induced seizures in rats."
ABSTRACT = (
    "We gave 20 rats 5 mg/kg cocaine. Seizures were increased in treated rats, and lithium was not protective. "
    "Aspirin did not affect blood pressure in these animals. These results suggest that cocaine causes seizures."
)


def _doc(pmid: str) -> Document:
    text = f"{TITLE} {ABSTRACT}"
    mentions = []
    for surface, etype, mid in (
        ("Cocaine", "Chemical", "D003042"),
        ("cocaine", "Chemical", "D003042"),
        ("seizures", "Disease", "D012640"),
        ("Seizures", "Disease", "D012640"),
        ("lithium", "Chemical", "D008094"),
        ("Aspirin", "Chemical", "D001241"),
    ):
        start = 0
        while (i := text.find(surface, start)) >= 0:
            mentions.append(Mention(i, i + len(surface), surface, etype, (mid,)))
            start = i + 1
    mentions.sort(key=lambda m: m.start)
    return Document(pmid, TITLE, ABSTRACT, tuple(mentions), ())


def _inventory() -> EntityInventory:
    inv = inventory_from_pubtator([_doc("1")])
    for name, etype, mid in (("morphine", "Chemical", "D009020"), ("anemia", "Disease", "D000740")):
        inv.add(name, etype, (mid,))
    return inv


def test_docs_from_pubtator_rebases_mentions() -> None:
    (doc,) = docs_from_pubtator([_doc("1")], "bc5cdr")
    assert doc.sentences[0] == TITLE
    assert len(doc.sentences) == 5
    for sentence, mentions in zip(doc.sentences, doc.mentions, strict=True):
        for m in mentions:
            assert sentence[m.start : m.end] == m.text


def test_window_always_contains_the_sentence() -> None:
    sentences = [f"Sentence number {i} says something about drug {i}." for i in range(12)]
    cfg = SynthConfig(max_window_words=40)
    for seed in range(60):
        index = seed % 12
        window = build_window(sentences, index, random.Random(seed), cfg)
        assert sentences[index] in window
        assert len(window.split()) <= max(40, len(sentences[index].split()))


def test_synthesize_is_seeded_and_labelled() -> None:
    docs = docs_from_pubtator([_doc(str(i)) for i in range(6)], "bc5cdr")
    docs += docs_from_passages([Passage("n1", ("Mortality was 12% lower with drug B than placebo.",) * 1, "nicta")])
    kinds: Counter[str] = Counter()
    a = synthesize(docs, _inventory(), 120, seed=7, source="synth", on_kind=lambda k: kinds.update([k]))
    b = synthesize(docs, _inventory(), 120, seed=7, source="synth")
    assert a == b
    assert a != synthesize(docs, _inventory(), 120, seed=8, source="synth")
    labels = Counter(p.label for p in a)
    assert set(labels) == {"entailment", "neutral", "contradiction"}
    assert len({(p.premise, p.hypothesis) for p in a}) == len(a)
    for pair in a:
        if pair.label == "contradiction":
            assert pair.hypothesis not in pair.premise
    assert sum(kinds.values()) == len(a)


def test_mederrbench_pairs() -> None:
    err = "The most likely diagnosis is gout."
    fix = "The most likely diagnosis is septic arthritis."
    item = MedErrItem("en-1", f"A 60-year-old man has a hot swollen knee. {err} He has a fever.", err, fix, True)
    clean = MedErrItem("en-2", "A note without errors.", "", "", False)
    pairs = mederrbench_pairs([item, clean], seed=1)
    assert [(p.hypothesis, p.label) for p in pairs] == [(fix, "entailment"), (err, "contradiction")]
    assert fix in pairs[0].premise and err not in pairs[0].premise


def test_synthesis_data_and_train_packages_import_without_torch() -> None:
    code = (
        "import sys, medhal.synthesis.pairs, medhal.data.nli, medhal.train, medhal.train.mix, medhal.train.card;"
        "assert 'torch' not in sys.modules and 'transformers' not in sys.modules"
    )
    src = Path(__file__).resolve().parents[2] / "src"
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": str(src)})


def test_perturbation_probes_are_balanced_contradicting_edits() -> None:
    from medhal.synthesis.pairs import perturbation_probes

    docs = docs_from_pubtator([_doc(str(i)) for i in range(6)], "bc5cdr")
    probes = perturbation_probes(docs, _inventory(), 20, seed=3)
    assert probes == perturbation_probes(docs, _inventory(), 20, seed=3)
    assert len(probes) == 20
    assert len({p.kind for p in probes}) >= 3
    for p in probes:
        assert p.original != p.perturbed and p.original in p.premise
        assert p.perturbed[p.start : p.end]
