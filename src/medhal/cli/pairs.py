"""``medhal pairs``: build the (error, clean) note pairs of a paired clinical error-detection set (seed 002
Appendix A) and print the summary as one JSON line.

The JSON keys are ``notes, error_notes, clean_notes, pairs, unmatched_error_notes, shared_clean_notes`` (see
:class:`medhal.bench.paired.pairing.PairingSummary`).  ``--corrected`` prints the summary of the pairs made
with clean notes rebuilt from each error note's corrected text instead (not one of the seed's pairings).
Exit status: 0 done; 2 usage or input error (one line on stderr).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from medhal.bench.paired.pairing import PairingResult, corrected_pairs, pair_notes
from medhal.cli.inputs import UsageError

__all__ = ["pairs_command"]


def _threshold(value: float, option: str) -> float:
    if not 0.0 <= value <= 1.0:
        raise UsageError(f"{option} must be between 0 and 1, got {value}")
    return value


def pairs_command(
    data: Annotated[Path, typer.Option(help="The dataset file (MEDEC-MS CSV, MedErrBench CSV, MedRECT JSON).")],
    format: Annotated[str, typer.Option("--format", "-f", help="medec, mederrbench or medrect.")],
    method: Annotated[
        str, typer.Option(help="auto (the dataset's own), jaccard, alternating, scenario or corrected.")
    ] = "auto",
    jaccard: Annotated[float, typer.Option(help="Word-overlap Jaccard threshold of the jaccard method.")] = 0.6,
    overlap: Annotated[float, typer.Option(help="Character-overlap threshold of the scenario method.")] = 0.85,
    corrected: Annotated[
        bool, typer.Option("--corrected", help="Pair each error note with a note rebuilt from its corrected text.")
    ] = False,
) -> None:
    """Pair error notes with their clean counterparts and print the pairing summary as JSON."""
    from medhal.bench.paired.suite import METHODS, load_notes

    if method not in METHODS:
        raise UsageError(f"unknown --method {method!r}; choose one of {', '.join(METHODS)}")
    if corrected and method not in ("auto", "corrected"):
        raise UsageError(f"--corrected and --method {method} exclude each other")
    _threshold(jaccard, "--jaccard")
    _threshold(overlap, "--overlap")
    notes = load_notes(data, format)
    result: PairingResult
    try:
        if corrected or method == "corrected":
            result = corrected_pairs(notes)
        else:
            result = pair_notes(notes, METHODS[method], jaccard=jaccard, overlap=overlap)
    except ValueError as exc:
        raise UsageError(" ".join(str(exc).split())) from None
    typer.echo(json.dumps(result.summary.to_dict()))
