from __future__ import annotations

import json
from pathlib import Path

import pytest

from medhal.cli.main import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def _data(tmp_path: Path) -> Path:
    root = tmp_path / "medhal_loc"
    (root / "annotation").mkdir(parents=True)
    answers = [
        {"id": "x1", "question": "q", "evidence": "e", "ground_truth": "g", "hallucinated_answer": "one two three"},
        {"id": "x2", "question": "q", "evidence": "e", "ground_truth": "g", "hallucinated_answer": "alpha beta"},
    ]
    (root / "natural_40.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers), encoding="utf-8")
    spans = {
        "A": {"x1": [("one two", "contradictory")], "x2": [("alpha", "invented")]},
        "B": {"x1": [("two three", "contradictory")], "x2": [("alpha beta", "invented")]},
    }
    for name, by_id in spans.items():
        rows = [{"id": i, "spans": [{"text": t, "type": y} for t, y in s]} for i, s in by_id.items()]
        (root / "annotation" / f"llm_annot_{name}.json").write_text(json.dumps({"annotations": rows}), "utf-8")
    return root


def test_score_agreement_synthetic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code, _, err = run(["score", "agreement", "--data", str(_data(tmp_path)), "--out", str(out)], capsys)
    assert code == 0, err
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert metrics["span_f1"] == pytest.approx((0.5 + 2 / 3) / 2)
    assert metrics["fleiss_kappa"] == pytest.approx(1.0)  # pooled: two types, always agreed on
    assert metrics["audit"] is None and metrics["published"]["span_f1"] == 0.87
    assert set(metrics["variants"]) == {"content"}
    items = [json.loads(line) for line in (out / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [i["id"] for i in items] == ["x1", "x2"]
    assert items[0]["fleiss_kappa"] is None  # one type on the item: undefined, written as null
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "| mean pairwise span-level F1 | 0.583 | 0.87 |" in report
    assert "No audit sheet" in report
    assert json.loads((out / "config.json").read_text())["suite"] == "agreement"
    # the annotation folder itself is accepted as --data
    code, _, err = run(
        ["score", "agreement", "--data", str(tmp_path / "medhal_loc" / "annotation"), "--out", str(tmp_path / "run2")],
        capsys,
    )
    assert code == 0, err


def test_score_agreement_refuses_non_empty_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / "keep.txt").write_text("user file", encoding="utf-8")
    code, _, err = run(["score", "agreement", "--data", str(_data(tmp_path)), "--out", str(out)], capsys)
    assert code == 2
    assert err.count("\n") == 1 and "not an empty directory" in err
    assert sorted(p.name for p in out.iterdir()) == ["keep.txt"]


@pytest.mark.parametrize("case", ["no_answers", "one_annotator", "bad_tokens", "not_a_folder", "bad_json"])
def test_score_agreement_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    data = _data(tmp_path)
    extra: list[str] = []
    if case == "no_answers":
        (data / "natural_40.jsonl").unlink()
    elif case == "one_annotator":
        (data / "annotation" / "llm_annot_B.json").unlink()
    elif case == "bad_tokens":
        extra = ["--tokens", "chars"]
    elif case == "not_a_folder":
        data = data / "natural_40.jsonl"
    else:
        (data / "annotation" / "llm_annot_B.json").write_text("{", encoding="utf-8")
    out = tmp_path / "run"
    code, _, err = run(["score", "agreement", "--data", str(data), "--out", str(out), *extra], capsys)
    assert code == 2
    assert err.startswith("medhal: error: ") and err.count("\n") == 1
    assert not out.exists()


def test_score_agreement_shared_data(shared_data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = shared_data / "medhal_loc"
    if not (data / "annotation" / "llm_annot_A.json").is_file():
        pytest.skip("the MedHal-Loc annotation files are not in ../shared/data")
    out = tmp_path / "run"
    code, _, err = run(["score", "agreement", "--data", str(data), "--out", str(out)], capsys)
    assert code == 0, err
    assert "span F1 0.870 (seed 0.87), Fleiss' kappa 0.883 (seed 0.88)" in err
    metrics = json.loads((out / "metrics.json").read_text(encoding="utf-8"))
    assert round(metrics["span_f1"], 2) == 0.87 and round(metrics["fleiss_kappa"], 2) == 0.88
    assert metrics["audit"]["rows"] == 18 and metrics["audit"]["judged_spans"] == 0
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "| mean pairwise span-level F1 | 0.870 | 0.87 | reproduced at the printed precision |" in report
    assert "| Fleiss' kappa on error type | 0.883 | 0.88 | reproduced at the printed precision |" in report
    assert "cannot be recomputed" in report
