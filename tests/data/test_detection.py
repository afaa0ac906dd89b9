"""DetectionItem and the read_detection dispatcher (medhal.data.detection) over every supported format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.data.detection import DETECTION_FORMATS, DetectionItem, loc_detection_items, read_detection
from medhal.data.medhal_loc import LocItem

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data is absent")

LOC = {
    "id": "inj_1",
    "source": "injected",
    "target_type": "entity_substitution",
    "question": "Q?",
    "evidence": "Ureteral stones were treated.",
    "clean_text": "It treats ureteral calculi.",
    "hallucinated_text": "It treats renal calculi.",
    "gold_span": "renal calculi",
}


def test_detection_item_label_and_hash() -> None:
    item = DetectionItem("a", None, "r", 1, None, "s", {"x": [1]})
    assert hash(item) == hash(DetectionItem("a", None, "r", 1, None, "s", {"y": 2}))  # meta takes no part in hashing
    assert DetectionItem("b", "e", "r", 0, "q", "s").meta == {}
    with pytest.raises(ValueError, match="label must be 0 or 1"):
        DetectionItem("a", "e", "r", 2, None, "s")


def test_loc_items_give_clean_and_hallucinated_pairs() -> None:
    fields = {k: v for k, v in LOC.items() if k != "target_type"}
    item = LocItem(error_type=LOC["target_type"], **fields)
    clean, hallucinated = loc_detection_items([item])
    assert (clean.id, clean.label, clean.response) == ("inj_1:clean", 0, "It treats ureteral calculi.")
    assert (hallucinated.id, hallucinated.label) == ("inj_1:hallucinated", 1)
    assert clean.evidence == hallucinated.evidence == "Ureteral stones were treated." and clean.question == "Q?"
    assert clean.meta == {"pair_id": "inj_1", "error_type": "entity_substitution", "origin": "injected"}
    ((start, end),) = hallucinated.meta["spans"]
    assert hallucinated.response[start:end] == "renal calculi" and hallucinated.meta["gold_span"] == "renal calculi"


def test_dispatch_every_format(tmp_path: Path) -> None:
    loc = tmp_path / "loc.jsonl"
    loc.write_text(json.dumps(LOC) + "\n", encoding="utf-8")
    medhallu = tmp_path / "medhallu.jsonl"
    medhallu.write_text(
        json.dumps({"Question": "Q?", "Knowledge": ["K."], "Ground Truth": "G.", "Hallucinated Answer": "H."}) + "\n",
        encoding="utf-8",
    )
    halueval = tmp_path / "general_data.json"
    halueval.write_text(
        json.dumps({"ID": "1", "user_query": "q", "chatgpt_response": "r", "hallucination": "no"}) + "\n",
        encoding="utf-8",
    )
    qags = tmp_path / "mturk_xsum.jsonl"
    qags.write_text(
        json.dumps({"article": "A.", "summary_sentences": [{"sentence": "B.", "responses": [{"response": "no"}]}]})
        + "\n",
        encoding="utf-8",
    )
    got = {
        "medhal-loc": read_detection(loc, "medhal-loc"),
        "medhallu": read_detection(medhallu, "medhallu"),
        "halueval": read_detection(halueval, "halueval"),
        "qags": read_detection(qags, "qags"),
    }
    assert set(got) == set(DETECTION_FORMATS)
    assert [(i.source, i.label) for i in got["medhal-loc"]] == [("medhal-loc", 0), ("medhal-loc", 1)]
    assert [(i.source, i.label) for i in got["medhallu"]] == [("medhallu", 0), ("medhallu", 1)]
    assert [(i.source, i.label, i.evidence) for i in got["halueval"]] == [("halueval-general", 0, None)]
    assert [(i.source, i.label, i.response) for i in got["qags"]] == [("qags-xsum", 1, "B.")]
    assert got["medhal-loc"].stats.items == 2 and got["medhal-loc"].stats.rows == 1
    assert all(isinstance(i, DetectionItem) for items in got.values() for i in items)
    assert read_detection(medhallu, "medhallu", source="medhallu-x")[0].source == "medhallu-x"


def test_unknown_format_and_options(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown detection format 'fever'; expected one of medhallu, medhal-loc"):
        read_detection(tmp_path / "x", "fever")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="unknown option\\(s\\) split; accepted: tie, source"):
        read_detection(tmp_path / "x", "qags", split="train")


@needs_shared
def test_shared_files() -> None:
    loc = read_detection(
        SHARED / "medhal_loc" / "controlled_dev.jsonl", "medhal-loc", pubmedqa=SHARED / "pubmedqa" / "ori_pqal.json"
    )
    assert len(loc) == 200 and sum(i.label for i in loc) == 100 and len({i.id for i in loc}) == 200
    assert loc.stats.counts["pubmedqa_matched"] == 100
    assert all(i.meta["spans"] for i in loc if i.label == 1)  # every gold span occurs in its hallucinated text
    halueval = read_detection(SHARED / "consistency" / "halueval" / "general_data.json", "halueval")
    assert len(halueval) == 4507
    xsum = read_detection(SHARED / "consistency" / "qags" / "mturk_xsum.jsonl", "qags")
    cnndm = read_detection(SHARED / "consistency" / "qags" / "mturk_cnndm.jsonl", "qags")
    assert (len(cnndm), len(xsum)) == (235, 239)
    natural = read_detection(SHARED / "medhal_loc" / "natural_40.jsonl", "medhallu")
    assert len(natural) == 80
