"""Markdown report of ``medhal score agreement`` (seed 000 §3.3): medhal's figures beside the seed's, with the
reasons for any difference read off the run's own counts (computes nothing new)."""

from __future__ import annotations

from pathlib import Path

from medhal.bench.agreement.suite import AgreementMetrics
from medhal.bench.runio import atomic_write_text
from medhal.report.format import num, value_of

__all__ = ["render_agreement_report", "write_agreement_report"]


_REPRODUCED = "reproduced at the printed precision"


def _same(ours: float, published: float) -> str:
    v = value_of(ours)
    if v is None:
        return "not computable"
    return _REPRODUCED if round(v, 2) == round(published, 2) else f"differs by {v - published:+.3f}"


def _explanation(m: AgreementMetrics) -> list[str]:
    a, pub = m.result, m.published
    n_ann = len(a.annotators)
    lines = [
        "## Why the figures are (or are not) the seed's",
        "",
        f"- **Subset.** The {len(a.items)} natural MedHallu items of `{m.data.answers.name}` "
        "(real hallucinations, not the controlled injected set), the subset the seed's §3.3 figures describe. Items "
        "an annotator left out: "
        + ", ".join(f"{k} {v}" for k, v in a.missing.items())
        + "; ids annotated but not in the answers file: "
        + str(m.data.unknown_ids)
        + ".",
        "- **Missing annotations and no-error items.** Per pair, both annotators without a span on an item scores "
        "F1 1.0 and one without scores 0.0 (the published code's convention); an item one of the two did not "
        "annotate is left out of that pair. Here "
        + ", ".join(f"{p.a}-{p.b}: {p.both_empty} both-empty / {p.one_empty} one-empty" for p in a.pairs)
        + "; `no_locatable_span` flags: "
        + ", ".join(f"{k} {v}" for k, v in a.no_locatable_span.items())
        + "; spans not found verbatim in the answer: "
        + ", ".join(f"{k} {v}" for k, v in a.unlocated.items())
        + ". So on these files the conventions do not move the figures.",
        "- **Tokenisation.** The seed does not define the unit. medhal's default is the published code's "
        "(`src/compute_agreement.py`): `whitespace` tokens of the answer overlapped by a span; `content` is medhal's "
        f"τ (seed 000 §4) over the span text, as distinct words. Headline unit of this run: `{a.tokens}`.",
    ]
    for v in m.variants:
        same = _same(v.span_f1, pub.span_f1) == _same(v.fleiss_kappa, pub.fleiss_kappa) == _REPRODUCED
        verdict = (
            "these also round to the seed's figures"
            if same
            else "they do not round to the seed's figures, so the unit matters in the second decimal"
        )
        lines.append(
            f"  With `{v.tokens}` units instead: span F1 {num(v.span_f1)}, Fleiss' kappa {num(v.fleiss_kappa)} "
            f"({v.fleiss_subjects} units all annotators marked): {verdict}."
        )
    lines += [
        f"- **Fleiss' kappa: which tokens.** Fleiss needs every subject rated by all {n_ann} annotators, so its "
        f"subjects are the {a.fleiss_subjects} units all of them marked, each rated with the type of the "
        f"annotator's first span covering it (P̄ = {num(a.fleiss_observed)}, P̄e = {num(a.fleiss_expected)}). "
        f"It is agreement on type *given* location. Rating unmarked tokens `none` over the "
        f"{a.fleiss_subjects_with_none} units any annotator marked gives {num(a.fleiss_kappa_with_none)}: "
        "location and type jointly agree much less.",
        "- **Fleiss vs the published script.** The published `src/_llm_agreement.py` prints a different statistic: "
        f"the mean over pairs of Cohen's kappa on co-marked tokens, {num(a.mean_pairwise_cohen_kappa)} here, "
        + (
            f"which does not print the seed's {pub.fleiss_kappa:.2f}: the seed's figure is Fleiss' kappa, as the "
            "paper names it."
            if _same(a.mean_pairwise_cohen_kappa, pub.fleiss_kappa) != _REPRODUCED
            else f"which also prints {pub.fleiss_kappa:.2f}, so the printed figure alone does not tell the two "
            "statistics apart under this unit."
        ),
        f"- **Per item.** Fleiss' kappa is defined on {a.fleiss_defined_items} of {len(a.items)} items; on the "
        "others every co-marked unit carries one type (chance agreement 1), so kappa is undefined (shown `-`). The "
        "overall kappa pools the units of all items; it is not a mean of per-item kappas.",
        "",
    ]
    return lines


def _audit(m: AgreementMetrics) -> list[str]:
    pub, audit = m.published, m.audit
    lines = ["## Human audit", ""]
    if audit is None:
        return [*lines, "No audit sheet (`annotation/verify_natural_18.csv`) in the data folder.", ""]
    judged = audit.judged
    lines += [
        "| | medhal | seed 000 |",
        "| --- | --- | --- |",
        f"| audited items | {audit.rows} | {pub.audit_items} |",
        f"| items accepted (a span Y) | {audit.items_accepted if judged else '-'} | {pub.audit_accepted} |",
        f"| items partial (a span P, none Y) | {audit.items_partial if judged else '-'} | {pub.audit_partial} |",
        f"| spans on the sheet / judged | {audit.spans} / {judged} | - |",
        f"| spans accepted / partial / rejected | {audit.accepted} / {audit.partial} / {audit.rejected} | - |",
        "",
    ]
    if not judged:
        lines.append(
            f"The verdict columns of the shared sheet are blank for all {audit.spans} spans, so the seed's "
            f"{pub.audit_accepted}/{pub.audit_items} (plus {pub.audit_partial} partial) cannot be recomputed "
            "from it; the filled sheet is not among the shared files (the published repository also holds a "
            "spreadsheet copy, `verify_natural_18(1).xlsx`, not shared). medhal reports the count as not available "
            "rather than zero."
        )
    src = audit.from_annotator
    if src:
        lines.append(
            f"The sheet's {audit.spans} spans for {audit.rows} items are, verbatim, spans of annotator "
            + ", ".join(f"{k}: {v}" for k, v in src.items())
            + " (a span cell holding only a translation matches none). "
            f'The seed\'s "{pub.audit_accepted}/{pub.audit_items} spans" has the item count as its '
            f"denominator ({audit.rows} items, {audit.spans} spans on the sheet)."
        )
    return [*lines, ""]


def render_agreement_report(metrics: AgreementMetrics) -> str:
    """``report.md`` of an agreement run."""
    m, a, pub = metrics, metrics.result, metrics.published
    lines = [
        "# MedHal-Loc natural subset: inter-annotator agreement (seed 000 §3.3)",
        "",
        f"{len(a.items)} items, annotators {', '.join(a.annotators)}, unit `{a.tokens}`.",
        "",
        "| figure | medhal | seed 000 | |",
        "| --- | --- | --- | --- |",
        f"| mean pairwise span-level F1 | {num(a.span_f1)} | {pub.span_f1:.2f} | {_same(a.span_f1, pub.span_f1)} |",
        f"| Fleiss' kappa on error type | {num(a.fleiss_kappa)} | {pub.fleiss_kappa:.2f} | "
        f"{_same(a.fleiss_kappa, pub.fleiss_kappa)} |",
        "",
        "Span-level F1 of a pair on an item: 2|A∩B| / (|A|+|B|) over the tokens each annotator's spans cover; mean "
        "over items, then over pairs. Fleiss' kappa: over the tokens all annotators marked, each rated with its "
        "error type.",
        "",
        "## Pairs",
        "",
        "| pair | span F1 (mean over items) | micro F1 | Cohen's kappa (co-marked tokens) | co-marked | items |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for p in a.pairs:
        lines.append(
            f"| {p.a}-{p.b} | {num(p.span_f1)} | {num(p.micro_f1)} | {num(p.cohen_kappa)} | {p.co_marked} | {p.items} |"
        )
    lines += ["", *_explanation(m), *_audit(m), "## Per item", ""]
    names = list(a.annotators)
    lines += [
        "| id | " + " | ".join(f"tokens {n}" for n in names) + " | mean F1 | tokens all marked | P̄ | Fleiss' kappa |",
        "| --- | " + " | ".join("---" for _ in names) + " | --- | --- | --- | --- |",
    ]
    for it in a.items:
        lines.append(
            f"| {it.id} | "
            + " | ".join(str(it.units.get(n, "-")) for n in names)
            + f" | {num(it.span_f1)} | {it.fleiss_subjects} | {num(it.fleiss_observed)} | {num(it.fleiss_kappa)} |"
        )
    return "\n".join(lines) + "\n"


def write_agreement_report(out: Path, metrics: AgreementMetrics) -> Path:
    """Write ``out/report.md`` (:func:`render_agreement_report`) into the run directory; return its path."""
    atomic_write_text(out / "report.md", render_agreement_report(metrics))
    return out / "report.md"
