"""``medhal score agreement``: inter-annotator agreement of the MedHal-Loc natural subset (seed 000 §3.3).

Reads ``DATA/natural_40.jsonl`` (the answers) and ``DATA/annotation/llm_annot_*.json`` (one file per LLM
annotator), and ``DATA/annotation/verify_natural_18.csv`` (the human audit) when present; ``DATA`` may also be the
``annotation`` folder itself, with the answers file beside it.  Writes ``RUN_DIR/metrics.json`` (top-level
``span_f1`` and ``fleiss_kappa``), ``items.jsonl`` (per item), ``run.json`` and ``report.md`` (medhal's figures
beside the seed's 0.87 / 0.88, and why they differ where they do).  Exit status: 0 done; 2 usage or input error
(one line; a non-empty ``--out`` is refused before anything is read).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from medhal.cli.inputs import UsageError, new_run_dir

__all__ = ["score_agreement_command"]

_ANSWERS = "natural_40.jsonl"
_AUDIT = "verify_natural_18.csv"


def _locate(data: Path) -> tuple[Path, Path]:
    """(answers file, annotation folder) under ``data``."""
    if not data.is_dir():
        raise UsageError(f"--data {data} is not a folder (expected the medhal_loc data folder)")
    folder = data / "annotation" if (data / "annotation").is_dir() else data
    for answers in (data / _ANSWERS, folder.parent / _ANSWERS):
        if answers.is_file():
            return answers, folder
    raise UsageError(f"no {_ANSWERS} in {data} (the natural-subset answers the spans point into)")


def score_agreement_command(
    data: Annotated[Path, typer.Option(help="The medhal_loc folder (natural_40.jsonl, annotation/llm_annot_*.json).")],
    out: Annotated[Path, typer.Option(help="Run directory to write (absent or empty).")],
    tokens: Annotated[
        str, typer.Option(help="Unit of span overlap: whitespace (the published code) or content (medhal's τ).")
    ] = "whitespace",
) -> None:
    """Span-level F1 and Fleiss' kappa between the LLM annotators, and the human audit count (seed 000 §3.3)."""
    from medhal._version import __version__
    from medhal.bench.agreement.compute import compute_agreement, summarize_audit
    from medhal.bench.agreement.run import build_metrics, write_agreement_run
    from medhal.bench.agreement.spans import TOKENS
    from medhal.data.errors import DataFormatError
    from medhal.data.medhal_loc_annotation import find_annotator_files, read_audit, read_llm_annotations
    from medhal.data.medhallu import read_medhallu_rows
    from medhal.report.agreement import write_agreement_report

    new_run_dir(out)
    if tokens not in TOKENS:
        raise UsageError(f"unknown --tokens {tokens!r}; choose one of {', '.join(TOKENS)}")
    answers_path, folder = _locate(data)
    files = find_annotator_files(folder)
    if len(files) < 2:
        raise UsageError(f"{folder} holds {len(files)} llm_annot_*.json file(s); agreement needs at least two")
    audit_path = folder / _AUDIT
    try:
        answers = {row.id: row.hallucinated_answer for row in read_medhallu_rows(answers_path)}
        read = {name: read_llm_annotations(path) for name, path in files.items()}
        audit_rows = read_audit(audit_path) if audit_path.is_file() else None
    except DataFormatError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    spans = {n: {i: [(s.text, s.type) for s in item.spans] for i, item in by_id.items()} for n, by_id in read.items()}
    unknown = sorted({i for by_id in read.values() for i in by_id} - set(answers))
    if unknown:
        sys.stderr.write(f"note: {len(unknown)} annotated id(s) are not in {answers_path.name} (e.g. {unknown[0]!r})\n")
    flags = {n: sum(item.no_locatable_span for item in by_id.values()) for n, by_id in read.items()}
    results = {t: compute_agreement(answers, spans, tokens=t, no_locatable=flags) for t in TOKENS}
    result = results[tokens]
    audit = None
    if audit_rows is not None:
        audit = summarize_audit(
            [(r.id, [(s.text, s.verdict, s.type_verdict) for s in r.spans], bool(r.missed_error)) for r in audit_rows],
            spans,
        )
    data_info: dict[str, Any] = {
        "answers": str(answers_path),
        "answers_name": answers_path.name,
        "annotators": {n: str(p) for n, p in files.items()},
        "audit": str(audit_path) if audit_rows is not None else None,
        "items": len(answers),
        "unknown_ids": len(unknown),
    }
    metrics = build_metrics(result, [r for t, r in results.items() if t != tokens], audit, data_info)
    meta = {"command": "score agreement", "data": str(data), "tokens": tokens, "medhal_version": __version__}
    write_agreement_run(out, metrics, result, meta)
    write_agreement_report(out, metrics, [item.as_dict() for item in result.items])
    judged = (
        "no audit sheet"
        if audit is None
        else f"audit accepted {audit.items_accepted}/{audit.rows} items"
        if audit.judged
        else f"audit sheet of {audit.rows} items has no verdicts"
    )
    sys.stderr.write(
        f"span F1 {result.span_f1:.3f} (seed 0.87), Fleiss' kappa {result.fleiss_kappa:.3f} (seed 0.88) over "
        f"{len(answers)} items, {len(files)} annotators; {judged} (seed 1/18)\n"
        f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n"
    )
    raise typer.Exit(0)
