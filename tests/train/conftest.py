"""A miniature copy of the shared/data layout, built in a temporary folder, for mix and pipeline tests."""

from __future__ import annotations

import csv
import json
import zipfile
from pathlib import Path

import pytest

CHEMICALS = [
    ("aspirin", "D001241"),
    ("morphine", "D009020"),
    ("clonidine", "D003000"),
    ("naloxone", "D009270"),
    ("cocaine", "D003042"),
    ("lithium", "D008094"),
]
DISEASES = [
    ("hypertension", "D006973"),
    ("seizures", "D012640"),
    ("nephrotoxicity", "D007674"),
    ("hepatitis", "D006505"),
    ("anemia", "D000740"),
    ("bradycardia", "D001919"),
]


def _pubtator_doc(pmid: int, chem: tuple[str, str], dis: tuple[str, str], dose: int) -> str:
    title = f"{chem[0].capitalize()} induced {dis[0]} in rats."
    abstract = (
        f"We studied {dose * 4} rats given {dose} mg/kg {chem[0]} for two weeks. "
        f"Blood pressure was increased in treated animals, and {dis[0]} was observed in {dose + 3} of them. "
        f"The effect was not reversed by saline, which is consistent with direct toxicity. "
        f"These results suggest that {chem[0]} causes {dis[0]} at high doses."
    )
    text = f"{title} {abstract}"
    rows = [f"{pmid}|t|{title}", f"{pmid}|a|{abstract}"]
    for surface, etype, mid in ((chem[0], "Chemical", chem[1]), (dis[0], "Disease", dis[1])):
        start = 0
        low = text.lower()
        while (i := low.find(surface, start)) >= 0:
            rows.append(f"{pmid}\t{i}\t{i + len(surface)}\t{text[i : i + len(surface)]}\t{etype}\t{mid}")
            start = i + len(surface)
    rows.append(f"{pmid}\tCID\t{chem[1]}\t{dis[1]}")
    return "\n".join(rows) + "\n\n"


def make_fake_data_root(root: Path) -> Path:
    """Write every file :func:`medhal.train.mix.build_mix` reads, with a few dozen rows each."""

    def write(rel: str, text: str) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    labels3 = ["ENTAILMENT", "NEUTRAL", "CONTRADICTION"]
    sick = ["pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment"]
    sick += [f"{i}\tA man number {i} is cooking\tA person {i} cooks\t4.0\t{labels3[i % 3]}" for i in range(60)]
    write("nli/sick/SICK.txt", "\n".join(sick) + "\n")
    for name in ("rte", "covidfact", "scifact"):
        for split in ("train", "dev"):
            rows = ["index\tsentence1\tsentence2\tlabel"]
            rows += [
                f"{i}\t{name} {split} premise {i}.\thypothesis {i}\t{'entailment' if i % 2 else 'not_entailment'}"
                for i in range(20)
            ]
            write(f"nli/{name}/{split}.tsv", "\n".join(rows) + "\n")
    hv = root / "nli/healthver/healthver_dev.csv"
    hv.parent.mkdir(parents=True, exist_ok=True)
    with hv.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "evidence", "claim", "label", "topic_ip", "question"])
        for i in range(30):
            evidence = f"Vitamin D levels were lower in {i + 10} patients. Mortality was increased by {i + 2}%."
            writer.writerow([i, evidence, f"Vitamin D claim {i}", ["Supports", "Neutral", "Refutes"][i % 3], 1, "q"])
    trial = {
        "Clinical Trial ID": "NCT1",
        "Intervention": ["Drug A 10 mg"],
        "Eligibility": ["Adults"],
        "Results": ["Response 20%"],
        "Adverse Events": ["Nausea 2/10"],
    }
    items = {
        f"u{i}": {
            "Type": "Single",
            "Section_id": "Intervention",
            "Primary_id": "NCT1",
            "Statement": f"Statement {i}",
            "Label": "Entailment" if i % 2 else "Contradiction",
        }
        for i in range(10)
    }
    zpath = root / "nli/nli4ct/training_data.zip"
    zpath.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(zpath, "w") as archive:
        archive.writestr("CT json/NCT1.json", json.dumps(trial))
        archive.writestr("train.json", json.dumps(items))
        archive.writestr("dev.json", json.dumps(items))
    for rel, offset in (
        ("biomed/bc5cdr/CDR_TrainingSet.PubTator.txt", 0),
        ("biomed/bc5cdr/CDR_DevelopmentSet.PubTator.txt", 100),
        ("biomed/ncbi_disease/NCBItrainset_corpus.txt", 200),
        ("biomed/ncbi_disease/NCBIdevelopset_corpus.txt", 300),
        ("biomed/chr/dev.pubtator", 400),
    ):
        docs = [_pubtator_doc(offset + i, CHEMICALS[i % 6], DISEASES[(i * 5) % 6], 5 + i) for i in range(24)]
        write(rel, "".join(docs))
    nicta = []
    for i in range(20):
        nicta.append(f"###{900 + i}")
        nicta.append(f"background\tHypertension is common in {i + 40} % of adults .")
        nicta.append(f"intervention\tPatients received {i + 1} mg of drug B daily for {i + 2} weeks .")
        nicta.append("outcome\tSystolic pressure was significantly lower , and no adverse events occurred .")
    write("biomed/nicta_piboso/train_clean.txt", "\n".join(nicta) + "\n")
    mpath = root / "mederrbench/train/reviewed_data_EN_train.csv"
    mpath.parent.mkdir(parents=True, exist_ok=True)
    with mpath.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Text ID", "Text", "Error Flag", "Error Sentence", "Corrected Sentence"])
        for i in range(6):
            err = f"The most likely diagnosis is condition {i}."
            writer.writerow(
                [
                    f"en-{i}",
                    f"A {30 + i}-year-old man has fever. {err} He is stable.",
                    "1",
                    err,
                    f"The most likely diagnosis is influenza type {i}.",
                ]
            )
    return root


@pytest.fixture(scope="session")
def fake_data_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session-wide miniature data root."""
    return make_fake_data_root(tmp_path_factory.mktemp("data"))
