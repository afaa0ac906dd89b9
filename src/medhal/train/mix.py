"""Assemble the seeded training mix and the dev sets for the embedded verifier.

Only files whose role is *train* in ``shared/data/README.md`` feed training; dev sets are the RTE /
COVID-Fact / SciFact / NLI4CT dev files, a seeded SICK held-out slice, and synthetic pairs from a seeded
held-out slice of the biomedical documents (documents, not pairs, are held out). Every file read is listed
with its sha256 in the :class:`Mix` manifest.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from medhal.data.corpora import passages_from_texts, read_mederrbench, read_nicta_piboso
from medhal.data.loading import sha256_file
from medhal.data.nli import (
    NLIPair,
    holdout_split,
    label_counts,
    load_glue_tsv,
    load_healthver,
    load_nli4ct,
    load_sick,
    seeded_sample,
)
from medhal.data.pubtator import Document, read_ncbi_disease, read_pubtator
from medhal.synthesis.pairs import (
    PerturbationProbe,
    SynthDoc,
    docs_from_passages,
    docs_from_pubtator,
    inventory_from_pubtator,
    mederrbench_pairs,
    perturbation_probes,
    synthesize,
)
from medhal.synthesis.perturb import EntityInventory

__all__ = ["SOURCE_LICENCES", "Mix", "MixConfig", "SourceFile", "build_mix", "sha256_file"]

SOURCE_LICENCES: dict[str, str] = {
    "nli/sick/SICK.txt": "SICK (Marelli et al. 2014); none stated in the copy used (original: CC BY-NC-SA 3.0)",
    "nli/rte": "GLUE RTE re-split; none stated (original RTE data: research use)",
    "nli/covidfact": "COVID-Fact (Saakyan et al. 2021); none stated in the repo",
    "nli/scifact": "SciFact (Wadden et al. 2020) RTE re-packaging; none stated in the repo (original: CC BY-NC 2.0)",
    "nli/nli4ct": "NLI4CT (SemEval-2023/24 Task 7/2); none stated in the repo",
    "nli/healthver": "HealthVer (Sarrouti et al. 2021); none stated in the repo",
    "biomed/bc5cdr": "BC5CDR: public domain (NCBI notice; cite the corpus)",
    "biomed/ncbi_disease": "NCBI-disease: public domain (NLM notice)",
    "biomed/chr": "CHR: CC BY 4.0",
    "biomed/nicta_piboso": "NICTA-PIBOSO: none stated for the data",
    "mederrbench/train": "MedErrBench: MIT",
}


@dataclass(frozen=True, slots=True)
class MixConfig:
    """How many pairs to take from each source (``None`` = all) and the seed."""

    data_root: Path
    seed: int = 13
    sick_holdout: float = 0.1
    sick: int | None = 3000
    rte: int | None = 900
    covidfact: int | None = 1500
    scifact: int | None = None
    nli4ct: int | None = None
    nli4ct_types: tuple[str, ...] = ("Single",)
    healthver: int | None = None
    synth_bc5cdr: int = 3600
    synth_ncbi: int = 1400
    synth_chr: int = 1300
    synth_nicta: int = 1800
    synth_evidence: int = 1500
    mederrbench: bool = True
    doc_holdout: float = 0.05
    synth_dev: int = 600
    probes: int = 300
    """Perturbation probes (original vs edited sentence) from the held-out documents."""
    conclusions: int = 0
    """Conclusion-clause pairs (:mod:`medhal.synthesis.conclusions`) from the train-role PubTator abstracts; 0 = none
    (the mix is then exactly the original one)."""
    conclusions_dev: int = 400
    """Conclusion-clause dev pairs from the held-out abstracts (only when ``conclusions`` > 0)."""
    contrast: int = 0
    """Minimal pairs (:mod:`medhal.synthesis.contrast`: negation / number / direction contrasts, identity) from the
    train-role biomedical documents; 0 = none."""
    contrast_dev: int = 300
    """Minimal-pair dev pairs from the held-out documents (only when ``contrast`` > 0)."""
    restate: int = 0
    """Faithful restatements, their wrong twins and same-document non-addressing windows
    (:mod:`medhal.synthesis.restate`) from the train-role biomedical documents; 0 = none."""
    restate_dev: int = 300
    """Restatement dev pairs from the held-out documents (only when ``restate`` > 0)."""
    base_keep: int | None = None
    """Keep a seeded sample of this many pairs of the original mix (``None`` = all), e.g. for a continuation
    run that mixes mostly conclusion-clause pairs with some of the original data."""
    curriculum_replay: int | None = None
    """``None``: every pair shuffled together.  A number: a two-stage curriculum in one run — stage 1 is the
    original mix minus its last ``curriculum_replay`` pairs; stage 2 is those pairs (replay) shuffled with the
    conclusion-clause and minimal pairs.  A model from scratch does not learn the hard targeted pairs before it
    has learned plain entailment (measured: a shuffled mix of 9k original + 5.4k conclusion + 1.6k minimal pairs
    stayed at the label-prior loss for 200 steps, where the original mix alone drops from step ~120)."""


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file the mix read, relative to the data root, with its sha256 and role."""

    path: str
    sha256: str
    role: str


@dataclass(frozen=True)
class Mix:
    """The shuffled training pairs, the dev sets and the manifest of what went in."""

    train: list[NLIPair]
    dev: dict[str, list[NLIPair]]
    files: list[SourceFile]
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    dev_counts: dict[str, dict[str, int]] = field(default_factory=dict)
    synth_kinds: dict[str, int] = field(default_factory=dict)
    probes: list[PerturbationProbe] = field(default_factory=list)
    stages: tuple[int, ...] = ()
    """Curriculum stage sizes over ``train`` (empty: one shuffled stage)."""

    def digest(self) -> str:
        """sha256 over the training pairs in order (premise, hypothesis, label, source): a fingerprint of the
        exact mix, to check that a rerun or a continuation run sees the same data."""
        h = hashlib.sha256()
        for p in self.train:
            h.update(f"{p.premise}\x00{p.hypothesis}\x00{p.label}\x00{p.source}\n".encode())
        return h.hexdigest()


class _Generated(Protocol):
    """A generated pair with its provenance (:class:`~medhal.synthesis.contrast.ContrastPair`,
    :class:`~medhal.synthesis.restate.RestatePair`)."""

    @property
    def pair(self) -> NLIPair: ...


_Generator = Callable[[Sequence[SynthDoc], int, int, str], Sequence[_Generated]]
"""``(docs, n, seed, source) -> generated pairs``: :func:`~medhal.synthesis.contrast.contrast_pairs`,
:func:`~medhal.synthesis.restate.restate_pairs`."""


def _doc_held_out(doc_id: str, seed: int, fraction: float) -> bool:
    digest = hashlib.sha256(f"doc\x00{seed}\x00{doc_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2.0**64 < fraction


def _split_docs(docs: Sequence[SynthDoc], seed: int, fraction: float) -> tuple[list[SynthDoc], list[SynthDoc]]:
    train = [d for d in docs if not _doc_held_out(f"{d.source}:{d.doc_id}", seed, fraction)]
    held = [d for d in docs if _doc_held_out(f"{d.source}:{d.doc_id}", seed, fraction)]
    return train, held


def build_mix(config: MixConfig) -> Mix:
    """Read every source under ``config.data_root``, generate synthetic pairs and return the shuffled mix."""
    root = Path(config.data_root)
    seed = config.seed
    files: list[SourceFile] = []

    def use(rel: str, role: str = "train") -> Path:
        path = root / rel
        if not path.is_file():
            raise FileNotFoundError(f"missing data file {path}")
        files.append(SourceFile(rel, sha256_file(path), role))
        return path

    parts: dict[str, list[NLIPair]] = {}
    dev: dict[str, list[NLIPair]] = {}

    sick_train, sick_held = holdout_split(load_sick(use("nli/sick/SICK.txt")), config.sick_holdout, seed)
    parts["sick"] = _take(sick_train, config.sick, seed)
    dev["sick_heldout"] = sick_held
    parts["rte"] = _take(load_glue_tsv(use("nli/rte/train.tsv"), "rte"), config.rte, seed)
    parts["covidfact"] = _take(load_glue_tsv(use("nli/covidfact/train.tsv"), "covidfact"), config.covidfact, seed)
    parts["scifact"] = _take(load_glue_tsv(use("nli/scifact/train.tsv"), "scifact"), config.scifact, seed)
    nli4ct_zip = use("nli/nli4ct/training_data.zip", "train (train.json, CT json/); dev (dev.json)")
    parts["nli4ct"] = _take(load_nli4ct(nli4ct_zip, "train", config.nli4ct_types), config.nli4ct, seed)
    parts["healthver"] = _take(load_healthver(use("nli/healthver/healthver_dev.csv")), config.healthver, seed)

    dev["rte_dev"] = load_glue_tsv(use("nli/rte/dev.tsv", "dev"), "rte")
    dev["covidfact_dev"] = load_glue_tsv(use("nli/covidfact/dev.tsv", "dev"), "covidfact")
    dev["scifact_dev"] = load_glue_tsv(use("nli/scifact/dev.tsv", "dev"), "scifact")
    dev["nli4ct_dev"] = load_nli4ct(nli4ct_zip, "dev")

    # ---- synthetic biomedical pairs
    bc5: list[Document] = []
    for rel in ("biomed/bc5cdr/CDR_TrainingSet.PubTator.txt", "biomed/bc5cdr/CDR_DevelopmentSet.PubTator.txt"):
        bc5.extend(read_pubtator(use(rel)))
    ncbi: list[Document] = []
    for rel in ("biomed/ncbi_disease/NCBItrainset_corpus.txt", "biomed/ncbi_disease/NCBIdevelopset_corpus.txt"):
        ncbi.extend(read_ncbi_disease(use(rel)))
    chr_docs = read_pubtator(use("biomed/chr/dev.pubtator"))  # CHR's only file; role train per README
    inventory = EntityInventory()
    for docs in (bc5, ncbi, chr_docs):
        inventory_from_pubtator(docs, inventory)
    nicta = read_nicta_piboso(use("biomed/nicta_piboso/train_clean.txt"))
    evidence_texts = [(f"healthver:{i}", p.premise) for i, p in enumerate(parts["healthver"])] + [
        (f"scifact:{i}", p.premise) for i, p in enumerate(parts["scifact"])
    ]
    covid_all = load_glue_tsv(root / "nli/covidfact/train.tsv", "covidfact")
    evidence_texts += [(f"covidfact:{i}", p.premise) for i, p in enumerate(covid_all)]
    evidence = passages_from_texts(evidence_texts, "evidence")

    kinds: dict[str, int] = {}

    def count_kind(kind: str) -> None:
        kinds[kind] = kinds.get(kind, 0) + 1

    synth_sets = (
        ("synth_bc5cdr", docs_from_pubtator(bc5, "bc5cdr"), config.synth_bc5cdr),
        ("synth_ncbi", docs_from_pubtator(ncbi, "ncbi_disease"), config.synth_ncbi),
        ("synth_chr", docs_from_pubtator(chr_docs, "chr"), config.synth_chr),
        ("synth_nicta", docs_from_passages(nicta), config.synth_nicta),
        ("synth_evidence", docs_from_passages(evidence), config.synth_evidence),
    )
    held_docs: list[SynthDoc] = []
    for offset, (name, docs_all, n) in enumerate(synth_sets, start=1):
        train_docs, held = _split_docs(docs_all, seed, config.doc_holdout)
        held_docs.extend(held)
        parts[name] = synthesize(train_docs, inventory, n, seed * 1000 + offset, name, on_kind=count_kind)
    dev["synth_heldout_docs"] = synthesize(held_docs, inventory, config.synth_dev, seed * 1000 + 99, "synth_dev")

    if config.mederrbench:
        rel = "mederrbench/train/reviewed_data_EN_train.csv"
        parts["mederrbench"] = mederrbench_pairs(read_mederrbench(use(rel)), seed)

    train = [pair for name in parts for pair in parts[name]]
    random.Random(seed).shuffle(train)
    if config.base_keep is not None:
        train = _take(train, config.base_keep, seed)
        parts = {name: [p for p in train if p.source == name or p.source.startswith(name)] for name in parts}
    stage1: list[NLIPair] = []
    if config.curriculum_replay is not None:
        cut = max(0, len(train) - config.curriculum_replay)
        stage1, train = train[:cut], train[cut:]
    if config.conclusions > 0:
        from medhal.synthesis.conclusions import conclusion_pairs

        concl_docs = [
            *docs_from_pubtator(bc5, "bc5cdr"),
            *docs_from_pubtator(ncbi, "ncbi_disease"),
            *docs_from_pubtator(chr_docs, "chr"),
        ]
        concl_train, concl_held = _split_docs(concl_docs, seed, config.doc_holdout)
        parts["conclusions"] = conclusion_pairs(concl_train, inventory, config.conclusions, seed * 1000 + 50)
        dev["conclusion_heldout"] = conclusion_pairs(
            concl_held, inventory, config.conclusions_dev, seed * 1000 + 51, "conclusions_dev"
        )
        train = train + parts["conclusions"]
        random.Random(seed + 1).shuffle(train)
    # minimal pairs and restatements come from the same train-role / held-out documents (PubTator, NICTA)
    if config.contrast > 0 or config.restate > 0:
        from medhal.synthesis.contrast import contrast_pairs
        from medhal.synthesis.restate import restate_pairs

        minimal_train: list[SynthDoc] = []
        minimal_held: list[SynthDoc] = []
        for _, docs_all, _ in synth_sets[:4]:
            doc_train, doc_held = _split_docs(docs_all, seed, config.doc_holdout)
            minimal_train.extend(doc_train)
            minimal_held.extend(doc_held)
        # name, train pairs, dev pairs, generator, seed offset (dev: offset + 1); shuffled with seed + 2, + 3
        minimal: tuple[tuple[str, int, int, _Generator, int], ...] = (
            ("contrast", config.contrast, config.contrast_dev, contrast_pairs, 60),
            ("restate", config.restate, config.restate_dev, restate_pairs, 70),
        )
        for shuffle_seed, (name, n, n_dev, generate, offset) in enumerate(minimal, start=seed + 2):
            if n > 0:
                parts[name] = [g.pair for g in generate(minimal_train, n, seed * 1000 + offset, name)]
                dev[f"{name}_heldout"] = [
                    g.pair for g in generate(minimal_held, n_dev, seed * 1000 + offset + 1, f"{name}_dev")
                ]
                train = train + parts[name]
                random.Random(shuffle_seed).shuffle(train)
    stages: tuple[int, ...] = ()
    if config.curriculum_replay is not None:
        stages = (len(stage1), len(train))
        train = stage1 + train
    # generated last, with their own seed: adding probes never changes the training pairs
    probes = perturbation_probes(held_docs, inventory, config.probes, seed * 1000 + 98)
    return Mix(
        train=train,
        stages=stages,
        dev=dev,
        files=files,
        counts={name: label_counts(pairs) for name, pairs in parts.items()},
        dev_counts={name: label_counts(pairs) for name, pairs in dev.items()},
        synth_kinds=dict(sorted(kinds.items())),
        probes=probes,
    )


def _take(pairs: Sequence[NLIPair], k: int | None, seed: int) -> list[NLIPair]:
    return list(pairs) if k is None else seeded_sample(pairs, k, seed)
