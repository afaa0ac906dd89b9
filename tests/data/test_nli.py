"""NLI loaders on inline fixtures, and on ../shared/data when present."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from medhal.data.nli import (
    NLIPair,
    holdout_split,
    label_counts,
    load_glue_tsv,
    load_healthver,
    load_nli4ct,
    load_sick,
    nli4ct_trials,
    seeded_sample,
)

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "nli").is_dir(), reason="../shared/data is absent")


def test_sick(tmp_path: Path) -> None:
    path = tmp_path / "SICK.txt"
    path.write_text(
        "pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment\n"
        '1\tA man is "playing" a guitar\tA man plays a guitar\t4.9\tENTAILMENT\n'
        "2\tA dog runs\tNo dog runs\t3.0\tCONTRADICTION\n"
        "3\tA cat sleeps\tA cat is black\t2.0\tNEUTRAL\n",
        encoding="utf-8",
    )
    pairs = load_sick(path)
    assert [p.label for p in pairs] == ["entailment", "contradiction", "neutral"]
    assert pairs[0].premise == 'A man is "playing" a guitar'
    assert all(p.source == "sick" for p in pairs)


def test_glue_tsv_keeps_not_entailment(tmp_path: Path) -> None:
    path = tmp_path / "train.tsv"
    path.write_text(
        "index\tsentence1\tSentence2\tlabel\n0\tP one.\tH one\tentailment\n1\tP two.\tH two\tnot_entailment\n",
        encoding="utf-8",
    )
    pairs = load_glue_tsv(path, "covidfact")
    assert pairs == [
        NLIPair("P one.", "H one", "entailment", "covidfact"),
        NLIPair("P two.", "H two", "not_entailment", "covidfact"),
    ]


def test_glue_tsv_rejects_unknown_label(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("index\ts1\ts2\tlabel\n0\tP\tH\tcontradiction\n", encoding="utf-8")
    with pytest.raises(ValueError, match="unknown label"):
        load_glue_tsv(path, "rte")


def test_healthver(tmp_path: Path) -> None:
    path = tmp_path / "hv.csv"
    path.write_text(
        'id,evidence,claim,label,topic_ip,question\n1,"Ev, with comma.",Claim a,Supports,1,q\n'
        "2,Ev b.,Claim b,Refutes,1,q\n3,Ev c.,Claim c,Neutral,2,q\n",
        encoding="utf-8",
    )
    pairs = load_healthver(path)
    assert [p.label for p in pairs] == ["entailment", "contradiction", "neutral"]
    assert pairs[0].premise == "Ev, with comma."


def _nli4ct_zip(path: Path) -> None:
    trial_a = {
        "Clinical Trial ID": "NCT1",
        "Intervention": ["INTERVENTION 1: ", "  Drug A 10 mg daily"],
        "Eligibility": ["Age over 18"],
        "Results": [],
        "Adverse Events": [],
    }
    trial_b = dict(trial_a, **{"Clinical Trial ID": "NCT2", "Intervention": ["  Placebo"]})
    items = {
        "u1": {
            "Type": "Single",
            "Section_id": "Intervention",
            "Primary_id": "NCT1",
            "Statement": "Patients  get drug A.",
            "Label": "Entailment",
        },
        "u2": {
            "Type": "Comparison",
            "Section_id": "Intervention",
            "Primary_id": "NCT1",
            "Secondary_id": "NCT2",
            "Statement": "Both get placebo.",
            "Label": "Contradiction",
        },
    }
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("CT json/NCT1.json", json.dumps(trial_a))
        archive.writestr("CT json/NCT2.json", json.dumps(trial_b))
        archive.writestr("__MACOSX/CT json/._NCT1.json", "junk")
        archive.writestr("train.json", json.dumps(items))
        archive.writestr("dev.json", json.dumps({"u1": items["u1"]}))


def test_nli4ct(tmp_path: Path) -> None:
    path = tmp_path / "training_data.zip"
    _nli4ct_zip(path)
    assert set(nli4ct_trials(path)) == {"NCT1", "NCT2"}
    pairs = load_nli4ct(path)
    assert pairs[0] == NLIPair("INTERVENTION 1: Drug A 10 mg daily", "Patients get drug A.", "entailment", "nli4ct")
    assert pairs[1].premise == "Primary trial: INTERVENTION 1: Drug A 10 mg daily Secondary trial: Placebo"
    assert pairs[1].label == "contradiction"
    assert len(load_nli4ct(path, types=("Single",))) == 1
    assert len(load_nli4ct(path, "dev")) == 1


def test_nli_pair_rejects_bad_label() -> None:
    with pytest.raises(ValueError):
        NLIPair("p", "h", "maybe", "x")  # type: ignore[arg-type]


def test_holdout_split_is_seeded_and_order_free() -> None:
    pairs = [NLIPair(f"p{i}", f"h{i}", "neutral", "s") for i in range(400)]
    kept, held = holdout_split(pairs, 0.1, seed=13)
    assert len(kept) + len(held) == 400
    assert 15 <= len(held) <= 70
    _kept2, held2 = holdout_split(list(reversed(pairs)), 0.1, seed=13)
    assert set(held2) == set(held)
    _, held3 = holdout_split(pairs, 0.1, seed=14)
    assert set(held3) != set(held)


def test_seeded_sample_and_counts() -> None:
    pairs = [NLIPair(f"p{i}", "h", "entailment" if i % 2 else "not_entailment", "s") for i in range(50)]
    a = seeded_sample(pairs, 10, 3)
    assert a == seeded_sample(pairs, 10, 3)
    assert len(a) == 10
    assert seeded_sample(pairs, 100, 3) == pairs
    assert label_counts(pairs) == {"entailment": 25, "not_entailment": 25}


@needs_shared
def test_shared_files_load() -> None:
    nli = SHARED / "nli"
    assert label_counts(load_sick(nli / "sick/SICK.txt")) == {
        "contradiction": 1459,
        "entailment": 2857,
        "neutral": 5611,
    }
    assert len(load_glue_tsv(nli / "rte/train.tsv", "rte")) == 1244
    assert len(load_glue_tsv(nli / "covidfact/dev.tsv", "covidfact")) == 419
    assert len(load_glue_tsv(nli / "scifact/train.tsv", "scifact")) == 564
    assert label_counts(load_healthver(nli / "healthver/healthver_dev.csv")) == {
        "contradiction": 391,
        "entailment": 533,
        "neutral": 993,
    }
    train = load_nli4ct(nli / "nli4ct/training_data.zip")
    assert len(train) == 1700
    assert len(load_nli4ct(nli / "nli4ct/training_data.zip", "dev")) == 200
    assert all(p.premise for p in train)
