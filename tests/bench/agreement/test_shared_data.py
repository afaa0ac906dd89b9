"""Seed 000 §3.3 on the shared annotation files (skipped without ../shared/data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from medhal.bench.agreement.compute import compute_agreement, summarize_audit
from medhal.data.medhal_loc_annotation import find_annotator_files, read_audit, read_llm_annotations
from medhal.data.medhallu import read_medhallu_rows


@pytest.fixture(scope="module")
def loc(shared_data: Path) -> Path:
    folder = shared_data / "medhal_loc"
    if not (folder / "annotation" / "llm_annot_A.json").is_file():
        pytest.skip("the MedHal-Loc annotation files are not in ../shared/data")
    return folder


def _load(loc: Path) -> tuple[dict[str, str], dict[str, dict[str, list[tuple[str, str]]]]]:
    answers = {r.id: r.hallucinated_answer for r in read_medhallu_rows(loc / "natural_40.jsonl")}
    files = find_annotator_files(loc / "annotation")
    spans = {
        n: {i: [(s.text, s.type) for s in it.spans] for i, it in read_llm_annotations(p).items()}
        for n, p in files.items()
    }
    return answers, spans


def test_seed_figures_reproduced(loc: Path) -> None:
    answers, spans = _load(loc)
    assert len(answers) == 40 and list(spans) == ["A", "B", "C"]
    r = compute_agreement(answers, spans)
    assert round(r.span_f1, 2) == 0.87  # seed 000 §3.3
    assert round(r.fleiss_kappa, 2) == 0.88
    assert r.span_f1 == pytest.approx(0.86986, abs=1e-5)
    assert r.fleiss_kappa == pytest.approx(0.88271, abs=1e-5)
    assert r.fleiss_subjects == 442
    assert r.missing == {"A": 0, "B": 0, "C": 0} and r.unlocated == {"A": 0, "B": 0, "C": 0}
    # the published script's own statistic (mean pairwise Cohen) would print 0.87, not the paper's 0.88
    assert round(r.mean_pairwise_cohen_kappa, 2) == 0.87
    content = compute_agreement(answers, spans, tokens="content")
    assert round(content.span_f1, 2) == 0.89 and round(content.fleiss_kappa, 2) == 0.89


def test_audit_sheet(loc: Path) -> None:
    _, spans = _load(loc)
    rows = read_audit(loc / "annotation" / "verify_natural_18.csv")
    assert len(rows) == 18 and all(r.subset == "natural" for r in rows)
    s = summarize_audit([(r.id, [(x.text, x.verdict, x.type_verdict) for x in r.spans], False) for r in rows], spans)
    assert s.spans == 33
    assert s.judged == 0  # the shared sheet's verdict columns are blank: 1/18 cannot be recomputed
    assert s.from_annotator["A"] == 32  # the audited spans are annotator A's (one cell holds only a translation)
