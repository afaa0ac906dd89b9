"""``medhal score agreement``: inter-annotator agreement of the MedHal-Loc natural subset (seed 000 §3.3).

Reads ``DATA/natural_40.jsonl`` (the answers) and ``DATA/annotation/llm_annot_*.json`` (one file per LLM
annotator), and ``DATA/annotation/verify_natural_18.csv`` (the human audit) when present; ``DATA`` may also be the
``annotation`` folder itself, with the answers file beside it.  Writes ``RUN_DIR/metrics.json`` (top-level
``span_f1`` and ``fleiss_kappa``), ``items.jsonl`` (per item), ``config.json`` and ``report.md`` (medhal's figures
beside the seed's 0.87 / 0.88, and why they differ where they do).  Exit status: 0 done; 2 usage or input error
(one line; a non-empty ``--out`` is refused before anything is read).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from medhal.cli.inputs import new_run_dir

__all__ = ["score_agreement_command"]


def score_agreement_command(
    data: Annotated[Path, typer.Option(help="The medhal_loc folder (natural_40.jsonl, annotation/llm_annot_*.json).")],
    out: Annotated[Path, typer.Option(help="Run directory to write (absent or empty).")],
    tokens: Annotated[
        str, typer.Option(help="Unit of span overlap: whitespace (the published code) or content (medhal's τ).")
    ] = "whitespace",
) -> None:
    """Span-level F1 and Fleiss' kappa between the LLM annotators, and the human audit count (seed 000 §3.3)."""
    from medhal.bench.agreement.suite import SUITE, AgreementSpec
    from medhal.bench.suite import execute
    from medhal.report.suites import write_report

    new_run_dir(out)
    done = execute(SUITE, AgreementSpec(data, tokens), out)
    unknown, answers = done.inputs.unknown, done.inputs.data.answers
    if unknown:
        sys.stderr.write(f"note: {len(unknown)} annotated id(s) are not in {answers.name} (e.g. {unknown[0]!r})\n")
    write_report(out, done.result, done.config)
    result, audit = done.result.result, done.result.audit
    judged = (
        "no audit sheet"
        if audit is None
        else f"audit accepted {audit.items_accepted}/{audit.rows} items"
        if audit.judged
        else f"audit sheet of {audit.rows} items has no verdicts"
    )
    sys.stderr.write(
        f"span F1 {result.span_f1:.3f} (seed 0.87), Fleiss' kappa {result.fleiss_kappa:.3f} (seed 0.88) over "
        f"{done.inputs.data.items} items, {len(done.inputs.data.annotators)} annotators; {judged} (seed 1/18)\n"
        f"wrote {out / 'metrics.json'}, {out / 'items.jsonl'}, {out / 'report.md'}\n"
    )
    raise typer.Exit(0)
