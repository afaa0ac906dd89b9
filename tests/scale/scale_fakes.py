"""Checkers for the scale-out tests, in a module the Ray workers can import (``tests/scale`` and ``tests`` are on
their ``PYTHONPATH``, see ``conftest.py``): factories are pickled by reference, so they must live in a module."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from fakes import RuleVerifier
from medhal.bench.checking import DetectorSet
from medhal.checker import Checker
from medhal.verify.base import Pair, Probabilities

RULES = [("Ibuprofen raised blood pressure", "lowered blood pressure")]
EVIDENCES = [
    "Aspirin reduced pain in adults. Ibuprofen raised blood pressure in the cohort. Sleep improved.",
    "Metformin lowered HbA1c by 1.1 points. Weight fell slightly. Nausea was common in the first month.",
    "The vaccine prevented 90% of infections. Fever followed 10% of doses. No deaths were reported.",
]
RESPONSES = [
    "Aspirin reduced pain.",
    "Ibuprofen lowered blood pressure in the cohort.",
    "Metformin lowered HbA1c. Weight rose sharply.",
    "The vaccine prevented most infections, and fever was rare.",
    "Nausea was common. Sleep improved in adults.",
]
KILL_WORD = "KILL-ME"


def rule_checker() -> Checker:
    """A checker over the rule verifier of ``tests/fakes.py`` (deterministic, no model)."""
    return Checker(RuleVerifier(RULES), detector="decomposed")


class KillOnceVerifier(RuleVerifier):
    """The rule verifier, except that the first process to see :data:`KILL_WORD` in a hypothesis dies on the spot
    (``os._exit``, as a killed or out-of-memory worker does), leaving ``marker`` behind so the retry lives."""

    def __init__(self, marker: Path) -> None:
        super().__init__(RULES)
        self.marker = marker

    def predict(self, pairs: Sequence[Pair]) -> Probabilities:
        if any(KILL_WORD in hypothesis for _, hypothesis in pairs) and not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(1)
        return super().predict(pairs)


def killing_checker(marker: str) -> Checker:
    """:func:`rule_checker`, but its verifier kills its worker once (use with ``functools.partial``)."""
    return Checker(KillOnceVerifier(Path(marker)), detector="decomposed")


def batch_rows(count: int, *, kill_at: int | None = None) -> list[str]:
    """``count`` JSONL lines over three evidences: ids, a few lines without one (``line-N``), a malformed line, a
    repeated id; line ``kill_at`` (from 0) carries :data:`KILL_WORD`."""
    lines: list[str] = []
    for k in range(count):
        response = RESPONSES[k % len(RESPONSES)] + ("" if k % 7 else f" Item {k} was noted.")
        if k == kill_at:
            response += f" {KILL_WORD} now."
        row: dict[str, str] = {"evidence": EVIDENCES[(k // 2) % len(EVIDENCES)], "response": response}
        if k % 11 != 5:
            row["id"] = f"item-{k}"
        lines.append(json.dumps(row))
    lines.insert(count // 3, "{not json")
    lines.append(json.dumps({"id": "item-0", "evidence": EVIDENCES[0], "response": RESPONSES[0]}))
    return lines


def write_batch(path: Path, count: int, *, kill_at: int | None = None) -> Path:
    path.write_text("\n".join(batch_rows(count, kill_at=kill_at)) + "\n", encoding="utf-8")
    return path


def rule_detectors() -> DetectorSet:
    """A bench suite's detector set over the rule verifier (what ``detector_source`` builds, without a model)."""
    from medhal.detect import DecomposedDetector, NLIClauseDetector

    return DetectorSet(
        {"nli-clause": NLIClauseDetector(RuleVerifier(RULES)), "decomposed": DecomposedDetector(RuleVerifier(RULES))},
        "rule:test",
    )
