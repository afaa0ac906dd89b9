"""``medhal score agreement`` as a :class:`~medhal.bench.suite.Suite`: inter-annotator agreement of the MedHal-Loc
natural subset (seed 000 §3.3).

``load`` reads ``DATA/natural_40.jsonl`` (the answers), ``DATA/annotation/llm_annot_*.json`` (one file per LLM
annotator) and, when present, ``DATA/annotation/verify_natural_18.csv`` (the human audit); ``DATA`` may also be the
``annotation`` folder itself, with the answers file beside it.  ``run`` computes the agreement under every token
unit (no model is called); ``score`` gives :class:`AgreementMetrics`, whose ``metrics.json`` top-level keys are
``span_f1`` and ``fleiss_kappa`` (the headline figures, under the chosen unit), ``published`` (seed 000's printed
figures), ``tokens``, ``agreement`` (the full summary: pairs, Fleiss terms, diagnostics, counts), ``variants`` (the
same summary under every other unit), ``audit`` (the human audit counts, ``null`` without the sheet) and ``data``
(file counts); ``write`` adds ``items.jsonl`` (per item).  ``report.md`` is :mod:`medhal.report.agreement`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import ClassVar

from medhal._version import __version__
from medhal.bench.agreement.compute import AgreementResult, AuditSummary, compute_agreement, summarize_audit
from medhal.bench.agreement.spans import TOKENS, Tokens
from medhal.bench.runio import atomic_write_text, json_line
from medhal.bench.suite import DataFile, RunConfig
from medhal.data.errors import DataFormatError
from medhal.data.medhal_loc_annotation import AuditRow, find_annotator_files, read_audit, read_llm_annotations
from medhal.data.medhallu import read_medhallu_rows
from medhal.detect.records import JSONObject
from medhal.errors import UsageError

__all__ = [
    "PUBLISHED",
    "SUITE",
    "AgreementData",
    "AgreementInputs",
    "AgreementMetrics",
    "AgreementSpec",
    "AgreementSuite",
    "Published",
]

METRICS_VERSION = "1.0"
ANSWERS = "natural_40.jsonl"
AUDIT = "verify_natural_18.csv"
Spans = dict[str, list[tuple[str, str]]]


@dataclass(frozen=True, slots=True)
class Published:
    """Seed 000's printed figures."""

    span_f1: float = 0.87
    fleiss_kappa: float = 0.88
    audit_items: int = 18
    audit_accepted: int = 1
    audit_partial: int = 1
    source: str = "seed 000 §3.3 and §6.5 (MedHal-Loc natural subset, 40 items, 3 LLM annotators)"

    def to_json(self) -> JSONObject:
        return asdict(self)


PUBLISHED = Published()


@dataclass(frozen=True, slots=True)
class AgreementData:
    """The files read: the answers, one file per annotator, the audit sheet (``None`` without one)."""

    answers: Path
    annotators: Mapping[str, Path]
    audit: Path | None
    items: int
    unknown_ids: int

    def to_json(self) -> JSONObject:
        return {
            "answers": str(self.answers),
            "answers_name": self.answers.name,
            "annotators": {n: str(p) for n, p in self.annotators.items()},
            "audit": None if self.audit is None else str(self.audit),
            "items": self.items,
            "unknown_ids": self.unknown_ids,
        }


@dataclass(frozen=True, slots=True)
class AgreementMetrics:
    """``metrics.json`` (see the module docstring)."""

    result: AgreementResult
    """The agreement under the chosen unit."""
    variants: Sequence[AgreementResult]
    """The same under every other unit."""
    audit: AuditSummary | None
    data: AgreementData
    published: Published = PUBLISHED
    schema_version: ClassVar[str] = METRICS_VERSION

    def to_json(self) -> JSONObject:
        return {
            "span_f1": self.result.span_f1,
            "fleiss_kappa": self.result.fleiss_kappa,
            "published": self.published.to_json(),
            "tokens": self.result.tokens,
            "agreement": self.result.summary(),
            "variants": {v.tokens: v.summary() for v in self.variants},
            "audit": self.audit.as_dict() if self.audit is not None else None,
            "data": self.data.to_json(),
        }


@dataclass(frozen=True, slots=True)
class AgreementSpec:
    data: Path
    """The medhal_loc folder (``natural_40.jsonl``, ``annotation/llm_annot_*.json``), or its ``annotation``."""
    tokens: str = "whitespace"


@dataclass(frozen=True, slots=True)
class AgreementInputs:
    answers: Mapping[str, str]
    spans: Mapping[str, Spans]
    """Annotator -> item id -> (span text, error type)."""
    no_locatable: Mapping[str, int]
    audit: Sequence[AuditRow] | None
    data: AgreementData
    tokens: Tokens
    unknown: Sequence[str] = ()


def _locate(data: Path) -> tuple[Path, Path]:
    """(answers file, annotation folder) under ``data``."""
    if not data.is_dir():
        raise UsageError(f"--data {data} is not a folder (expected the medhal_loc data folder)")
    folder = data / "annotation" if (data / "annotation").is_dir() else data
    for answers in (data / ANSWERS, folder.parent / ANSWERS):
        if answers.is_file():
            return answers, folder
    raise UsageError(f"no {ANSWERS} in {data} (the natural-subset answers the spans point into)")


class AgreementSuite:
    """Span-level F1 and Fleiss' kappa between the LLM annotators, and the human audit count (seed 000 §3.3)."""

    name = "agreement"

    def load(self, spec: AgreementSpec) -> AgreementInputs:
        tokens = next((t for t in TOKENS if t == spec.tokens), None)
        if tokens is None:
            raise UsageError(f"unknown --tokens {spec.tokens!r}; choose one of {', '.join(TOKENS)}")
        answers_path, folder = _locate(spec.data)
        files = find_annotator_files(folder)
        if len(files) < 2:
            raise UsageError(f"{folder} holds {len(files)} llm_annot_*.json file(s); agreement needs at least two")
        audit_path = folder / AUDIT
        try:
            answers = {row.id: row.hallucinated_answer for row in read_medhallu_rows(answers_path)}
            read = {name: read_llm_annotations(path) for name, path in files.items()}
            audit = read_audit(audit_path) if audit_path.is_file() else None
        except DataFormatError as exc:
            raise UsageError(str(exc).splitlines()[0]) from None
        spans = {n: {i: [(s.text, s.type) for s in item.spans] for i, item in by.items()} for n, by in read.items()}
        unknown = sorted({i for by_id in read.values() for i in by_id} - set(answers))
        flags = {n: sum(item.no_locatable_span for item in by_id.values()) for n, by_id in read.items()}
        data = AgreementData(answers_path, files, audit_path if audit is not None else None, len(answers), len(unknown))
        return AgreementInputs(answers, spans, flags, audit, data, tokens, unknown)

    def config(self, spec: AgreementSpec, inputs: AgreementInputs) -> RunConfig:
        options: JSONObject = {
            "command": "score agreement",
            "data": str(spec.data),
            "tokens": inputs.tokens,
            "medhal_version": __version__,
        }
        d = inputs.data
        files = [DataFile.of(d.answers, "answers")]
        files += [DataFile.of(p, f"annotator:{n}") for n, p in d.annotators.items()]
        files += [] if d.audit is None else [DataFile.of(d.audit, "audit")]
        return RunConfig(self.name, options, files, None, None, METRICS_VERSION)

    def run(self, spec: AgreementSpec, inputs: AgreementInputs, out: Path) -> dict[Tokens, AgreementResult]:
        """The agreement under every unit (no model is called)."""
        return {
            t: compute_agreement(inputs.answers, inputs.spans, tokens=t, no_locatable=inputs.no_locatable)
            for t in TOKENS
        }

    def score(
        self, spec: AgreementSpec, inputs: AgreementInputs, raw: Mapping[Tokens, AgreementResult]
    ) -> AgreementMetrics:
        audit = None
        if inputs.audit is not None:
            rows = [
                (r.id, [(s.text, s.verdict, s.type_verdict) for s in r.spans], bool(r.missed_error))
                for r in inputs.audit
            ]
            audit = summarize_audit(rows, inputs.spans)
        variants = [r for t, r in raw.items() if t != inputs.tokens]
        return AgreementMetrics(raw[inputs.tokens], variants, audit, inputs.data)

    def write(
        self, out: Path, inputs: AgreementInputs, raw: Mapping[Tokens, AgreementResult], result: AgreementMetrics
    ) -> None:
        """``items.jsonl``: one row per item."""
        atomic_write_text(out / "items.jsonl", "".join(json_line(item.as_dict()) for item in result.result.items))


SUITE = AgreementSuite()
