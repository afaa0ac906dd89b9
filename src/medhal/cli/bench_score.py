"""``medhal score localization`` and ``medhal score detection``: the seed 000 metrics of predictions made elsewhere
(no model is loaded), and the options ``bench localization`` / ``bench detection`` share with them.  Registered on
``medhal score`` by :mod:`medhal.cli.bench`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer

from medhal.cli.inputs import UsageError
from medhal.detect.records import JSONObject
from medhal.text.clauses import CLAUSE_RULES, ClauseRules
from medhal.text.tokens import TAU_RULES, TauRule

if TYPE_CHECKING:
    from medhal.bench.detection.table6 import PublishedDetection

__all__ = [
    "PUBLISHED_HELP",
    "ClausesOption",
    "TauOption",
    "rules",
    "score_detection",
    "score_localization",
    "table6_inputs",
]

PUBLISHED_HELP = "The published per_method.json (seed 000 Table 6), printed beside medhal's numbers."
TAU_HELP = (
    "Content tokens of the metric: 'paper' (seed 000 §4 as written) or 'code' (the published code's rule: "
    "hyphens kept, its 124-word stop list). Recorded in every report."
)
CLAUSES_HELP = (
    "Clause splitter for clause units: 'paper' (medhal's, clauses tile the text) or 'code' (the published "
    "code's, short fragments dropped). Recorded in every report."
)
TauOption = Annotated[str, typer.Option(help=TAU_HELP)]
ClausesOption = Annotated[str, typer.Option(help=CLAUSES_HELP)]


def rules(tau: str, clauses: str) -> tuple[TauRule, ClauseRules]:
    """Validated ``(tau, clauses)`` rule names (issue 16), or a one-line usage error."""
    if tau not in TAU_RULES:
        raise UsageError(f"unknown --tau {tau!r}; choose one of {', '.join(TAU_RULES)}")
    if clauses not in CLAUSE_RULES:
        raise UsageError(f"unknown --clauses {clauses!r}; choose one of {', '.join(CLAUSE_RULES)}")
    return cast(TauRule, tau), cast(ClauseRules, clauses)


def table6_inputs(seeds: str, published: Path | None) -> tuple[list[int], PublishedDetection | None]:
    """The ``--seeds`` of the Table 6 protocol and the ``--published`` file, or a one-line usage error."""
    from medhal.bench.detection.table6_suite import read_published

    try:
        seed_list = sorted({int(x) for x in seeds.split(",") if x.strip()})
    except ValueError:
        raise UsageError(f"--seeds takes comma-separated integers, got {seeds!r}") from None
    if not seed_list:
        raise UsageError("--seeds is empty")
    return seed_list, read_published(published)


def score_localization(
    predictions: Annotated[Path, typer.Option(help="JSONL: id + ranked units (or spans) per item.")],
    data: Annotated[Path, typer.Option(help="MedHal-Loc JSONL with the gold spans.")],
    name: Annotated[str, typer.Option(help="Name of the detector in the output.")] = "predictions",
    tau: TauOption = "paper",
    clauses: Annotated[
        str, typer.Option(help=CLAUSES_HELP + " Here a label and a check: the units are the file's.")
    ] = "paper",
) -> None:
    """Seed 000 §4 metrics of a predictions file (no model is loaded); prints JSON."""
    from medhal.bench.localization.predictions import PredictionError, score_predictions
    from medhal.data.errors import DataFormatError
    from medhal.data.medhal_loc import read_medhal_loc

    tau_rule, clause_rules = rules(tau, clauses)
    if not predictions.is_file():
        raise UsageError(f"predictions file {predictions} does not exist")
    try:
        items = list(read_medhal_loc(data))
        scored = score_predictions(predictions, items, name=name, tau=tau_rule, clauses=clause_rules)
    except (DataFormatError, PredictionError, OSError) as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    payload = {
        name: {
            **scored.run.metrics(),
            "missing": scored.missing,
            "unknown_ids": scored.unknown,
            "items_without_scores": scored.unscored,
            "clauses_match": {"items": scored.clauses_compared, "match": scored.clauses_match},
        }
    }
    sys.stdout.write(json.dumps(payload, indent=2) + "\n")


def _read_triples(predictions: Path) -> dict[str, list[tuple[int, float, int]]]:
    """``detector -> (label, score, seed)`` of the ``ok`` rows of a predictions file."""
    rows: dict[str, list[tuple[int, float, int]]] = {}
    try:
        lines = predictions.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise UsageError(f"cannot read {predictions}: {exc.strerror}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if row.get("status", "ok") != "ok" or row.get("score") is None:
                continue
            triple = (int(row["label"]), float(row["score"]), int(row.get("seed", 0)))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
            raise UsageError(f"{predictions}:{number}: needs label, score and seed") from None
        rows.setdefault(str(row.get("detector", "predictions")), []).append(triple)
    return rows


def score_detection(
    published: Annotated[Path, typer.Option(help=PUBLISHED_HELP)],
    predictions: Annotated[
        Path | None,
        typer.Option(help="JSONL rows with detector, seed, label, score (and status): e.g. a table6 items.jsonl."),
    ] = None,
    dataset: Annotated[str, typer.Option(help="Dataset of --published to set --predictions beside.")] = "medhallu",
    resamples: Annotated[int, typer.Option(min=1)] = 1000,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of Markdown.")] = False,
) -> None:
    """Seed 000 Table 6 recomputed from the published file (bootstrap means over pooled seeds), and with
    ``--predictions`` the same protocol on your scores beside it (no model is loaded)."""
    from medhal.bench.detection.table6 import TABLE6_PRINTED, read_published_detection, table6_cells
    from medhal.bench.detection.table6_suite import Table6Entry, table6_entry
    from medhal.report.detection import table6_markdown

    try:
        pub = read_published_detection(published)
    except ValueError as exc:
        raise UsageError(str(exc).splitlines()[0]) from None
    medhal: dict[str, Table6Entry] = {}
    if predictions is not None:
        for name, triples in _read_triples(predictions).items():
            y, s, g = zip(*triples, strict=True)
            medhal[name] = table6_entry(list(y), list(s), list(g), n_resamples=resamples)
    if as_json:
        payload: JSONObject = {
            "table6": {m: table6_cells(pub, m, methods=tuple(TABLE6_PRINTED[m])) for m in ("F1", "AUC-PR")},
            "printed": TABLE6_PRINTED,
            "medhal": {name: entry.to_json() for name, entry in medhal.items()},
            "dataset": dataset,
        }
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
        return
    sys.stdout.write(table6_markdown(pub, medhal or None, dataset=dataset))
