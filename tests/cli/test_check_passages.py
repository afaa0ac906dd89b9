"""``medhal check --input`` with evidence given as passages (issue 19): lists of strings or of ``{id, text}``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import medhal.checker
from fakes import RuleVerifier
from medhal.cli.inputs import iter_batch
from medhal.cli.main import main
from medhal.verify import LoadedVerifier
from passage_items import EVIDENCE, PASSAGES, RESPONSE, RULES, TEXTS, assert_pointers_in_passages

ITEMS: list[dict[str, Any]] = [
    {"id": "objects", "evidence": PASSAGES, "response": RESPONSE},
    {"id": "strings", "evidence": TEXTS, "response": RESPONSE},
    {"id": "string", "evidence": EVIDENCE, "response": RESPONSE},
    {"id": "empty", "evidence": [], "response": RESPONSE},
    {"id": "dup", "evidence": [{"id": "a", "text": "A."}, {"id": "a", "text": "B."}], "response": RESPONSE},
    {"id": "wrong", "evidence": {"text": "A."}, "response": RESPONSE},
]


@pytest.fixture(autouse=True)
def rule_verifier(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(medhal.checker, "open_verifier", lambda *a, **k: LoadedVerifier(RuleVerifier(RULES)))


def _write(path: Path, items: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    return path


def test_batch_lines_read_passages_and_refuse_bad_lists(tmp_path: Path) -> None:
    lines = list(iter_batch(str(_write(tmp_path / "items.jsonl", ITEMS))))
    first = lines[0].item
    assert first is not None and first.passages is not None
    assert [p.id for p in first.passages] == ["council", "mayor", "budget"]
    assert lines[1].item is not None and [p.id for p in lines[1].item.passages or ()] == ["1", "2", "3"]
    assert lines[2].item is not None and lines[2].item.passages is None
    assert [(b.id, b.error) for b in lines[3:]] == [
        ("empty", "line 4: evidence is an empty list; give at least one passage"),
        ("dup", "line 5: evidence passages 1 and 2 share the id 'a'"),
        ("wrong", "line 6: field(s) evidence must be strings"),
    ]


def test_check_input_with_three_passages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path / "items.jsonl", ITEMS)
    out = tmp_path / "results.jsonl"
    code = main(["check", "--input", str(src), "--out", str(out), "--units", "sentence", "--no-timings"])
    capsys.readouterr()
    assert code == 2  # three lines are input errors
    records = {r["id"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert [records[k]["status"] for k in ("objects", "strings", "string", "empty", "dup", "wrong")] == [
        "ok",
        "ok",
        "ok",
        "input_error",
        "input_error",
        "input_error",
    ]
    assert_pointers_in_passages(records["objects"], PASSAGES)
    numbered = [{"id": str(k), "text": t} for k, t in enumerate(TEXTS, start=1)]
    assert_pointers_in_passages(records["strings"], numbered)
    mayor = records["objects"]["units"][1]
    assert mayor["verdict"] == "contradicted"
    pointer = mayor["evidence"]["contradicting"]
    assert (pointer["passage"], pointer["passage_start"]) == ("mayor", 0)
    assert PASSAGES[1]["text"][pointer["passage_start"] : pointer["passage_end"]] == pointer["text"]
    assert "passage" not in json.dumps(records["string"])  # string evidence: the record it always was


def test_check_input_passages_as_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = _write(tmp_path / "items.jsonl", ITEMS[:1])
    out = tmp_path / "audit.html"
    code = main(["check", "--input", str(src), "--out", str(out), "--format", "html", "--units", "sentence"])
    capsys.readouterr()
    assert code == 1
    page = out.read_text(encoding="utf-8")
    for passage in PASSAGES:
        assert f'<p class="ev-passage" data-passage="{passage["id"]}">' in page
    assert '"passage":"mayor"' in page


def test_parquet_input_with_a_list_column(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    path = tmp_path / "items.parquet"
    pq.write_table(pa.Table.from_pylist(ITEMS[:1]), path)
    out = tmp_path / "results.jsonl"
    code = main(["check", "--input", str(path), "--out", str(out), "--units", "sentence", "--no-timings"])
    capsys.readouterr()
    assert code == 1
    (record,) = map(json.loads, out.read_text(encoding="utf-8").splitlines())
    assert_pointers_in_passages(record, PASSAGES)
