"""The training mix: seeded, manifest with sha256, only train files in training, dev sets apart."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from medhal.synthesis.pairs import SynthDoc
from medhal.train.mix import MixConfig, _split_docs, build_mix, sha256_file

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _small(root: Path, seed: int = 5) -> MixConfig:
    return MixConfig(
        data_root=root,
        seed=seed,
        sick=30,
        rte=10,
        covidfact=10,
        synth_bc5cdr=40,
        synth_ncbi=20,
        synth_chr=20,
        synth_nicta=20,
        synth_evidence=20,
        synth_dev=20,
        doc_holdout=0.2,
    )


def test_mix_is_seeded_and_counted(fake_data_root: Path) -> None:
    a = build_mix(_small(fake_data_root))
    b = build_mix(_small(fake_data_root))
    assert a.train == b.train
    assert a.counts == b.counts
    c = build_mix(_small(fake_data_root, seed=6))
    assert c.train != a.train
    assert sum(sum(v.values()) for v in a.counts.values()) == len(a.train)
    assert a.counts["sick"] and sum(a.counts["sick"].values()) == 30
    assert set(a.counts["rte"]) <= {"entailment", "not_entailment"}
    assert {p.source for p in a.train} >= {"sick", "rte", "healthver", "synth_bc5cdr", "synth_nicta", "mederrbench"}
    assert a.synth_kinds
    assert set(a.dev) == {
        "sick_heldout",
        "rte_dev",
        "covidfact_dev",
        "scifact_dev",
        "nli4ct_dev",
        "synth_heldout_docs",
    }


def test_dev_pairs_never_in_training(fake_data_root: Path) -> None:
    mix = build_mix(_small(fake_data_root))
    train = {(p.premise, p.hypothesis) for p in mix.train}
    for name in ("sick_heldout", "rte_dev", "covidfact_dev", "scifact_dev"):
        assert not train & {(p.premise, p.hypothesis) for p in mix.dev[name]}, name
    assert mix.dev["synth_heldout_docs"]


def test_document_holdout_is_disjoint_and_seeded() -> None:
    docs = [SynthDoc(str(i), "bc5cdr", (f"Sentence {i}.",), ((),)) for i in range(300)]
    train, held = _split_docs(docs, seed=13, fraction=0.1)
    assert {d.doc_id for d in train}.isdisjoint({d.doc_id for d in held})
    assert len(train) + len(held) == 300 and 10 <= len(held) <= 55
    assert _split_docs(list(reversed(docs)), seed=13, fraction=0.1)[1] == list(reversed(held))


def test_manifest_has_sha256_of_each_file(fake_data_root: Path) -> None:
    mix = build_mix(_small(fake_data_root))
    paths = [f.path for f in mix.files]
    assert "nli/sick/SICK.txt" in paths and "mederrbench/train/reviewed_data_EN_train.csv" in paths
    for f in mix.files:
        assert f.sha256 == hashlib.sha256((fake_data_root / f.path).read_bytes()).hexdigest()
        assert f.sha256 == sha256_file(fake_data_root / f.path)
    roles = {f.path: f.role for f in mix.files}
    assert roles["nli/rte/dev.tsv"] == "dev"
    assert roles["nli/rte/train.tsv"] == "train"
    assert not any("test" in p.lower() for p in paths)


def test_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        build_mix(MixConfig(data_root=tmp_path))


@pytest.mark.skipif(not (SHARED / "nli").is_dir(), reason="../shared/data is absent")
def test_real_mix_uses_no_forbidden_file() -> None:
    mix = build_mix(
        MixConfig(
            data_root=SHARED,
            sick=50,
            rte=20,
            covidfact=20,
            synth_bc5cdr=30,
            synth_ncbi=10,
            synth_chr=10,
            synth_nicta=10,
            synth_evidence=10,
            synth_dev=10,
        )
    )
    forbidden = ("pubmedqa", "medec", "medrect", "medhalt", "tofueval", "medhal_loc", "test")
    for f in mix.files:
        assert not any(word in f.path.lower() for word in forbidden), f.path
    assert {f.role for f in mix.files} <= {"train", "dev", "train (train.json, CT json/); dev (dev.json)"}
    assert sum(mix.counts["synth_bc5cdr"].values()) == 30
