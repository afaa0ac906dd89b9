"""``--limit N`` of ``bench paired`` (medhal.bench.paired.suite): a seeded sample of pairs and unpaired notes,
stratified by error type, pairs kept whole, the pairing restricted to the sample; recorded in ``config.json``."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from csv_files import MEDEC_HEADER, write_csv
from medhal.bench.paired.pairing import alternating_pairs, pair_notes, scenario_pairs
from medhal.bench.paired.suite import (
    SUITE,
    PairedSpec,
    note_stratum,
    note_units,
    restrict_pairing,
    sample_notes,
)
from medhal.data.notes import ClinicalNote, NoteSentence

TYPES = ("causalOrganism", "diagnosis", "management", "pharmacotherapy", "treatment")


def note(note_id: str, flag: int, *, kind: str = "diagnosis", dataset: str = "mederrbench-en",
         scenario: str | None = None, text: str | None = None) -> ClinicalNote:  # fmt: skip
    body = text or f"note {note_id}"
    return ClinicalNote(
        id=note_id, dataset=dataset, language="en", text=body, sentences=(NoteSentence("0", body, 0, len(body)),),
        error_flag=flag, error_sentence_id="0" if flag else None, error_sentence=body if flag else None,
        corrected_sentence=None, error_type=kind if flag else None, scenario_id=scenario,
    )  # fmt: skip


def medec_file(tmp_path: Path, per_type: int = 4) -> Path:
    """MEDEC-MS-like notes sorted by error type (the first N rows are one type): per type ``per_type`` error notes
    each followed by its clean twin, then one unpaired error note and one unpaired clean note."""
    rows: list[list[str]] = []
    for kind in TYPES:
        for i in range(per_type):
            case = " ".join(f"{word}{kind}{i}" for word in ("age", "sex", "history", "exam", "labs", "course", "plan"))
            wrong, right = f"{case} wrong{kind}{i}", f"{case} right{kind}{i}"
            n = len(rows)
            rows.append([f"ms-{n}", wrong, f"0 {wrong}", "1", kind, "0", wrong, right, right])
            rows.append([f"ms-{n + 1}", right, f"0 {right}", "0", "NA", "-1", "NA", "NA", "NA"])
    for k, flag in enumerate(("1", "0")):
        text = f"lonely{k} note{k} with{k} nothing{k} alike{k}"
        kind, sid = ("diagnosis", "0") if flag == "1" else ("NA", "-1")
        rows.append([f"ms-{len(rows)}", text, f"0 {text}", flag, kind, sid, text if flag == "1" else "NA", "NA", "NA"])
    return write_csv(tmp_path / "medec.csv", MEDEC_HEADER, rows)


def test_the_stratum_is_the_error_type_or_clean() -> None:
    assert note_stratum(note("e", 1, kind="management")) == "management"
    assert note_stratum(note("c", 0)) == "clean"
    assert note_stratum(replace(note("e", 1), error_type=None)) == "error"


def test_units_join_a_pair_and_every_note_a_shared_clean_note_holds() -> None:
    kw = {"dataset": "medrect-ja"}
    notes = [
        note("c1", 0, scenario="s1", text="患者は64歳の女性で高血圧がある。", **kw),
        note("e1", 1, scenario="s1", text="患者は64歳の男性で高血圧がある。", **kw),
        note("e2", 1, scenario="s1", text="患者は64歳の女性で低血圧がある。", **kw),
        note("e3", 1, scenario="s2", text="全く別の文章です。", **kw),
    ]
    units = note_units(notes, scenario_pairs(notes))
    assert units == {"c1": "c1", "e1": "c1", "e2": "c1", "e3": "e3"}


def test_limit_keeps_pairs_whole_and_restricts_the_full_pairing() -> None:
    # alternating: n4 has no partner; pairing the sampled rows again would pair n4 with n5 and lose (n5, n6)
    notes = [note("n0", 1), note("n1", 0), note("n2", 0), note("n3", 1, kind="management"), note("n4", 1),
             note("n5", 1, kind="treatment"), note("n6", 0), note("n7", 0)]  # fmt: skip
    full = alternating_pairs(notes)
    for seed in range(20):
        sample = sample_notes(notes, full, 3, seed)
        kept = {n.id for n in sample.items}
        assert all((p.error_id in kept) == (p.clean_id in kept) for p in full.pairs)  # a pair is taken whole
        restricted = restrict_pairing(full, sample.items)
        assert restricted.pairs == tuple(p for p in full.pairs if p.error_id in kept)
        assert restricted.summary.notes == len(sample.items)
        assert restricted.summary.pairs + restricted.summary.unmatched_error_notes == sum(
            n.error_flag for n in sample.items
        )
        assert set(restricted.unmatched_error_ids) == kept & {"n4"}
        assert set(restricted.unmatched_clean_ids) == kept & {"n7"}


def test_limit_is_a_stratified_seeded_sample(tmp_path: Path) -> None:
    data = medec_file(tmp_path)
    spec = PairedSpec(data, "medec", limit=6, seed=0)
    inputs = SUITE.load(spec)
    pairing = inputs.pairing
    # 20 pairs (4 per type), one unpaired error note, one unpaired clean note: 7 strata, 6 units
    sample = SUITE.config(spec, inputs).options["sample"]
    assert (
        isinstance(sample, dict) and sample["limit"] == 6 and sample["seed"] == 0 and sample["by"] == "error_type/clean"
    )
    pair_strata = {"/".join(sorted((t, "clean"))): 4 for t in TYPES}  # a unit's strata, sorted and joined
    assert sample["population"] == {**pair_strata, "clean": 1, "diagnosis": 1}
    assert sum(sample["strata"].values()) == 6 and all(v == 1 for v in sample["strata"].values())
    assert sample["ids"] == [n.id for n in inputs.notes]
    assert len(pairing.pairs) + len(pairing.unmatched_error_ids) + len(pairing.unmatched_clean_ids) == 6
    everything = SUITE.load(PairedSpec(data, "medec"))
    order = [n.id for n in everything.notes]
    assert sample["ids"] == sorted(sample["ids"], key=order.index)
    assert set(pairing.pairs) <= set(everything.pairing.pairs)

    big_spec = PairedSpec(data, "medec", limit=12, seed=0)
    big = SUITE.load(big_spec)
    record = SUITE.config(big_spec, big).options["sample"]
    assert isinstance(record, dict) and set(record["strata"]) == set(record["population"])
    kinds = Counter(note_stratum(n) for n in big.notes if n.error_flag == 1)
    assert set(kinds) == set(TYPES)  # every error type represented
    kept = {n.id for n in big.notes}
    assert all((p.error_id in kept) == (p.clean_id in kept) for p in everything.pairing.pairs)
    assert len(big.pairing.pairs) >= 10 and len(big.notes) == 2 * len(big.pairing.pairs) + 2


def test_limit_sample_is_deterministic_per_seed(tmp_path: Path) -> None:
    data = medec_file(tmp_path)

    def drawn(seed: int) -> list[str]:
        return [n.id for n in SUITE.load(PairedSpec(data, "medec", limit=8, seed=seed)).notes]

    assert drawn(1) == drawn(1)
    assert drawn(2) != drawn(1)


@pytest.mark.parametrize("limit", [None, 22, 50])
def test_no_limit_or_a_large_one_keeps_every_note_in_file_order(tmp_path: Path, limit: int | None) -> None:
    data = medec_file(tmp_path)
    inputs = SUITE.load(PairedSpec(data, "medec", limit=limit, seed=4))
    assert [n.id for n in inputs.notes] == [f"ms-{k}" for k in range(42)]
    notes = list(inputs.notes)
    assert inputs.pairing == pair_notes(notes)
    assert sample_notes(notes, inputs.pairing, limit, 4).items == notes
    options = SUITE.config(PairedSpec(data, "medec", limit=limit, seed=4), inputs).options
    assert ("sample" in options) == (limit is not None)
