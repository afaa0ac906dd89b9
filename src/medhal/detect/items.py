"""One item's way through a detector: the input policy (size limits, cleaning, validation) and its result record.

Every detector applies the same policy: an item :func:`validate_item` refuses becomes an ``input_error`` record,
never an exception to the caller; verifier-backed detectors first clean the texts (:func:`sanitize_item`).  For
evidence given as passages (:mod:`medhal.detect.passages`), :func:`place_in_passages` names each evidence pointer's
passage and its offsets inside it.  Re-exported by :mod:`medhal.detect.base`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from medhal._version import __version__
from medhal.detect.passages import EvidenceInput, Passage, PassageLayout
from medhal.detect.records import CheckItem, CheckResult, EvidencePointer, JSONObject, Status, UnitResult
from medhal.errors import InputError, InvariantError
from medhal.text import clean_text

__all__ = [
    "MAX_EVIDENCE_CHARS",
    "MAX_RESPONSE_CHARS",
    "MAX_UNITS",
    "InputError",
    "item_result",
    "place_in_passages",
    "sanitize_item",
    "split_valid",
    "validate_item",
    "with_accounting",
]

MAX_EVIDENCE_CHARS = 200_000
"""Longest evidence accepted (characters); about 30k words, far beyond what an NLI window budget can use."""
MAX_RESPONSE_CHARS = 20_000
"""Longest response accepted (characters)."""
MAX_UNITS = 400
"""Most units (clauses, sentences, claims) one response may have; more is an ``input_error`` (about 50 pages of
answer: ``"A. "`` repeated 7,000 times would otherwise cost millions of verifier pairs)."""


def validate_item(item: CheckItem) -> None:
    """Raise :class:`InputError` for input medhal refuses to check."""
    for name, value, limit in (
        ("evidence", item.evidence, MAX_EVIDENCE_CHARS),
        ("response", item.response, MAX_RESPONSE_CHARS),
    ):
        if not isinstance(value, str):
            raise InputError(f"{name} must be a string, got {type(value).__name__}")
        if not value.strip():
            raise InputError(f"{name} is empty")
        if len(value) > limit:
            joined = " (its passages joined)" if name == "evidence" and item.passages is not None else ""
            raise InputError(f"{name} has {len(value)} characters{joined}; the limit is {limit}")
    if item.question is not None and not isinstance(item.question, str):
        raise InputError("question must be a string")


def item_result(
    detector: str,
    item: CheckItem,
    config: JSONObject,
    status: Status,
    *,
    reason: str | None = None,
    score: float | None = None,
    flagged: bool | None = None,
    units: tuple[UnitResult, ...] = (),
    verifier_id: str | None = None,
    windows: int = 0,
    library_entries: int = 0,
) -> CheckResult:
    """The result of one item: a failure (``status`` and ``reason``) or a score with its units, stamped with the
    medhal version (evidence pointers name their passage: :func:`place_in_passages`)."""
    result = CheckResult(
        detector=detector,
        verifier_id=verifier_id,
        config=config,
        status=status,
        id=item.id,
        reason=reason,
        score=score,
        flagged=flagged,
        units=units,
        windows=windows,
        library_entries=library_entries,
        medhal_version=__version__,
    )
    return place_in_passages(result, item) if units else result


def with_accounting(result: CheckResult, *, passes: int, timings: dict[str, float]) -> CheckResult:
    """``result`` with the verifier passes it cost, its timings and the medhal version."""
    return replace(result, verifier_passes=passes, timings=timings, medhal_version=__version__)


def split_valid(
    items: Sequence[CheckItem], refuse: Callable[[CheckItem, str], CheckResult]
) -> tuple[list[CheckResult | None], list[int]]:
    """One result slot per item, filled with ``refuse(item, reason)`` for the items :func:`validate_item` refuses,
    and the indices of the valid ones."""
    results: list[CheckResult | None] = [None] * len(items)
    valid: list[int] = []
    for i, item in enumerate(items):
        try:
            validate_item(item)
            valid.append(i)
        except InputError as exc:
            results[i] = refuse(item, str(exc))
    return results, valid


def sanitize_item(item: CheckItem) -> tuple[CheckItem, tuple[str, ...]]:
    """``item`` cleaned per the input policy of :mod:`medhal.text.sanitize` (one-for-one replacements, so spans
    into the cleaned texts index the given ones), and notes naming what was replaced, field by field (passage by
    passage, ``evidence passage '2': ...``, for evidence given as passages)."""
    notes: list[str] = []

    def clean(name: str, value: str) -> str:
        if not isinstance(value, str):
            return value  # validate_item names the wrong type
        value, changed = clean_text(value)
        notes.extend(f"{name}: {note}" for note in changed)
        return value

    evidence: EvidenceInput
    if item.passages is None:
        evidence = clean("evidence", item.evidence)
    else:
        evidence = [Passage(p.id, clean(f"evidence passage {p.id!r}", p.text)) for p in item.passages]
    response = clean("response", item.response)
    question = None if item.question is None else clean("question", item.question)
    if not notes:
        return item, ()
    return CheckItem(evidence, response, question, item.id), tuple(notes)


def place_in_passages(
    result: CheckResult, item: CheckItem, premises: Sequence[tuple[int, int]] | None = None
) -> CheckResult:
    """``result`` with every evidence pointer naming its passage and its offsets inside it, when ``item``'s evidence
    was given as passages (else ``result`` as it is: string-evidence records do not change).

    ``premises`` (a plan's premise spans of the evidence text, when it has them) must each lie inside one passage:
    one that reaches over a passage boundary is a bug in the window builder and raises :class:`InvariantError`
    (the item becomes an ``internal_error``).  A pointer that reaches over a boundary -- only a detector that reads
    the evidence whole as one premise and does not list its premises makes one -- is left without a passage."""
    if item.passages is None:
        return result
    layout = PassageLayout.of(item.passages)
    for start, end in premises or ():
        if layout.find(start, end) is None:
            raise InvariantError(f"premise [{start}:{end}) of the evidence reaches over a passage boundary")

    def place(pointer: EvidencePointer | None) -> EvidencePointer | None:
        k = None if pointer is None else layout.find(pointer.start, pointer.end)
        if pointer is None or k is None:
            return pointer
        offset = layout.starts[k]
        return replace(
            pointer,
            passage=layout.passages[k].id,
            passage_start=pointer.start - offset,
            passage_end=pointer.end - offset,
        )

    units = tuple(replace(u, entailing=place(u.entailing), contradicting=place(u.contradicting)) for u in result.units)
    return replace(result, units=units)
