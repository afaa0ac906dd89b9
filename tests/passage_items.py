"""Evidence given as passages (issue 19), shared by the passage tests of detect, cli, serve and report.

The transit example's eight evidence sentences cut into three passages with ids (``council``: sentences 1-2,
``mayor``: 3-5, ``budget``: 6-8).  With :data:`RULES` the rule verifier contradicts "Mayor Ortiz opposed the
expansion" by the ``mayor`` passage only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from medhal.text import split_sentences

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text(encoding="utf-8").strip()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text(encoding="utf-8").strip()
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]

_SENTENCES = [s.text for s in split_sentences(EVIDENCE)]
PASSAGES: list[dict[str, str]] = [
    {"id": "council", "text": " ".join(_SENTENCES[0:2])},
    {"id": "mayor", "text": " ".join(_SENTENCES[2:5])},
    {"id": "budget", "text": " ".join(_SENTENCES[5:])},
]
"""Three passages as ``{"id", "text"}`` objects."""
TEXTS: list[str] = [p["text"] for p in PASSAGES]
"""The same three passages as plain strings (ids ``"1"``, ``"2"``, ``"3"``)."""
JOINED = "\n\n".join(TEXTS)


def pointers(record: Mapping[str, object]) -> list[Mapping[str, object]]:
    """Every evidence pointer of a check record (JSON form), entailing then contradicting, unit by unit."""
    units = record["units"]
    assert isinstance(units, list)
    out = []
    for unit in units:
        for kind in ("entailing", "contradicting"):
            pointer = unit["evidence"][kind]
            if pointer is not None:
                out.append(pointer)
    return out


def assert_pointers_in_passages(record: Mapping[str, object], passages: Sequence[Mapping[str, str]]) -> None:
    """Every pointer of ``record`` names one of ``passages`` and slices back to its text there (passage-local
    offsets) and in the joined evidence (``start``/``end``)."""
    texts = {p["id"]: p["text"] for p in passages}
    joined = "\n\n".join(p["text"] for p in passages)
    found = pointers(record)
    assert found, "the record has no evidence pointer"
    for pointer in found:
        passage = pointer["passage"]
        assert isinstance(passage, str) and passage in texts, pointer
        start, end = pointer["passage_start"], pointer["passage_end"]
        assert isinstance(start, int) and isinstance(end, int)
        assert texts[passage][start:end] == pointer["text"]
        assert joined[pointer["start"] : pointer["end"]] == pointer["text"]  # type: ignore[misc]


def contradicting_passages(record: Mapping[str, object]) -> dict[int, str]:
    """Unit index -> the passage of its contradicting pointer, for the contradicted units."""
    units = record["units"]
    assert isinstance(units, list)
    return {u["index"]: u["evidence"]["contradicting"]["passage"] for u in units if u["verdict"] == "contradicted"}
