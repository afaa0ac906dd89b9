"""MedHal-Loc reader (medhal.data.medhal_loc): compatibility, the source field, full PubMedQA evidence."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from medhal.data.errors import DataFormatError
from medhal.data.medhal_loc import LocItem, read_medhal_loc, restore_evidence
from medhal.data.pubmedqa import pubmedqa_contexts

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
DEV = SHARED / "medhal_loc" / "controlled_dev.jsonl"
PQAL = SHARED / "pubmedqa" / "ori_pqal.json"
needs_shared = pytest.mark.skipif(not (DEV.is_file() and PQAL.is_file()), reason="../shared/data is absent")

FULL = "Aspirin was given to 100 patients. Strokes fell by half. No bleeding was seen."


def row(i: str, question: str, evidence: str, **extra: str) -> dict[str, str | None]:
    return {
        "id": i,
        "source": "injected",
        "target_type": "entity_substitution",
        "question": question,
        "evidence": evidence,
        "clean_text": "Aspirin reduces stroke.",
        "hallucinated_text": "Aspirin reduces cancer.",
        "gold_span": "cancer",
        **extra,
    }


def write(tmp_path: Path, rows: list[dict[str, str | None]], blank: bool = False) -> Path:
    path = tmp_path / "loc.jsonl"
    lines = [json.dumps(r) for r in rows]
    if blank:
        lines.insert(1, "")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_reads_items_with_source_and_counts_blank_lines(tmp_path: Path) -> None:
    path = write(tmp_path, [row("a", "Q1?", "E1."), {**row("b", "Q2?", "E2."), "source": None}], blank=True)
    items = read_medhal_loc(path)
    assert items[0] == LocItem(
        "a",
        "entity_substitution",
        "Q1?",
        "E1.",
        "Aspirin reduces stroke.",
        "Aspirin reduces cancer.",
        "cancer",
        "injected",
    )
    assert [i.id for i in items] == ["a", "b"] and items[0].source == "injected" and items[1].source == ""
    assert items[0].error_type == "entity_substitution" and items[0].gold_span == "cancer"
    assert items.stats.rows == 2 and items.stats.skipped_empty == 1 and items.stats.counts == {}


def test_locitem_positional_construction_still_works() -> None:
    item = LocItem("x", "invented", "q", "e", "c", "h", "g")
    assert item.source == ""


def test_malformed_lines_raise_value_errors_naming_the_line(tmp_path: Path) -> None:
    bad = row("a", "Q?", "E.")
    del bad["gold_span"]
    path = write(tmp_path, [row("z", "Q?", "E."), bad])
    with pytest.raises(ValueError, match=r"loc\.jsonl:2: not a MedHal-Loc item \(missing field 'gold_span'\)"):
        read_medhal_loc(path)
    path.write_text('{"id": "a", "evidence": ["list"]}\n', encoding="utf-8")
    with pytest.raises(DataFormatError, match=r":1: .*'evidence' is list"):
        read_medhal_loc(path)


def test_pubmedqa_evidence_restore(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    rows = [
        row("cut", "Does aspirin  reduce stroke?", "Aspirin was given to 100 patients. Strokes fell"),
        row("full", "Is it full?", "Short context."),
        row("other", "Not in PubMedQA?", "Own evidence."),
        row("wrong", "Wrong abstract?", "Completely different text."),
        row("dots", "Dots?", "Aspirin was given to 100 ..."),
    ]
    pqal = tmp_path / "ori_pqal.json"
    paragraphs = ["Aspirin was given to 100 patients.", "Strokes fell by half.", "No bleeding was seen."]
    record = {"CONTEXTS": paragraphs, "LABELS": [], "LONG_ANSWER": "", "final_decision": "yes"}
    pqal.write_text(
        json.dumps(
            {
                "1": {**record, "QUESTION": "does aspirin reduce stroke?"},
                "2": {**record, "QUESTION": "Is it full?", "CONTEXTS": ["Short context."]},
                "3": {**record, "QUESTION": "Wrong abstract?"},
                "4": {**record, "QUESTION": "Dots?"},
            }
        ),
        encoding="utf-8",
    )
    with caplog.at_level(logging.INFO, logger="medhal.data.medhal_loc"):
        items = read_medhal_loc(write(tmp_path, rows), pubmedqa=pqal)
    by_id = {i.id: i for i in items}
    assert by_id["cut"].evidence == FULL and by_id["dots"].evidence == FULL
    assert by_id["full"].evidence == "Short context."
    assert by_id["other"].evidence == "Own evidence." and by_id["wrong"].evidence == "Completely different text."
    assert items.stats.counts == {
        "pubmedqa_matched": 4,
        "evidence_extended": 2,
        "evidence_already_full": 1,
        "evidence_kept": 2,
        "pubmedqa_unmatched": 1,
        "pubmedqa_mismatched": 1,
    }
    assert "4/5 items matched PubMedQA" in caplog.text and "2 kept their own evidence" in caplog.text
    # a prepared mapping works too; without the prefix check the mismatched item takes the context
    plain = read_medhal_loc(tmp_path / "loc.jsonl")
    restored, counts = restore_evidence(plain, pubmedqa_contexts(pqal), check_prefix=False)
    assert restored[3].evidence == FULL and counts.kept == 1 and counts.match_rate == pytest.approx(0.8)


@needs_shared
def test_shared_dev_full_contexts() -> None:
    plain = read_medhal_loc(DEV)
    assert len(plain) == 100 and {i.source for i in plain} == {"injected"}
    assert max(len(i.evidence) for i in plain) == 1200
    items = read_medhal_loc(DEV, pubmedqa=PQAL)
    counts = items.stats.counts
    # every dev question is a PubMedQA PQA-L question; 69 evidences were cut at 1200 characters, 31 were whole
    assert counts["pubmedqa_matched"] == 100 and counts["evidence_kept"] == 0
    assert counts["evidence_extended"] == 69 and counts["evidence_already_full"] == 31
    for before, after in zip(plain, items, strict=True):
        assert after.evidence.startswith(before.evidence)
        assert (before.id, before.clean_text, before.gold_span) == (after.id, after.clean_text, after.gold_span)
    assert max(len(i.evidence) for i in items) > 2000
