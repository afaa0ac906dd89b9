"""Readers for the un-annotated text sources used for synthetic pairs, and a span-keeping sentence splitter.

* NICTA-PIBOSO (``###PMID`` then ``label<TAB>sentence`` lines, tokenised text, detokenised here);
* MedErrBench notes (CSV with ``Text``, ``Error Flag``, ``Error Sentence``, ``Corrected Sentence``, ...);
* free evidence text (COVID-Fact / SciFact / HealthVer premises), split into sentences.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "MedErrItem",
    "Passage",
    "detokenize",
    "fix_mojibake",
    "passages_from_texts",
    "read_mederrbench",
    "read_nicta_piboso",
    "split_sentences",
]


@dataclass(frozen=True, slots=True)
class Passage:
    """A document as a tuple of sentences, with an id and the corpus it came from."""

    doc_id: str
    sentences: tuple[str, ...]
    source: str


_ABBREV = re.compile(
    r"(?:\b(?:et al|e\.g|i\.e|vs|Fig|Figs|Dr|Drs|Mr|Mrs|Ms|No|approx|ca|cf|resp|Ref|Eq|St|Jr|Sr|Inc|Ltd|Co)\."
    r"|\b[A-Z]\.)$"
)
_BOUNDARY = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans ``[(start, end), ...]`` of ``text`` (end exclusive, whitespace excluded).

    Splits after ``.``, ``!`` or ``?`` followed by whitespace and a capital or digit, except after common
    abbreviations (``et al.``, ``e.g.``, ``vs.``, single initials).
    """
    spans: list[tuple[int, int]] = []
    start = 0
    n = len(text)
    while start < n and text[start].isspace():
        start += 1
    for m in _BOUNDARY.finditer(text):
        cut = m.start()
        head = text[start:cut].rstrip("\"')]")
        if _ABBREV.search(head) or cut <= start:
            continue
        end = cut
        while end < m.end() and not text[end].isspace():
            end += 1
        spans.append((start, end))
        start = m.end()
    end = len(text.rstrip())
    if start < end:
        spans.append((start, end))
    return spans


_DETOK = (
    (re.compile(r"\s+([.,;:!?%)\]])"), r"\1"),
    (re.compile(r"([(\[])\s+"), r"\1"),
    (re.compile(r"\s+(['’]s)\b"), r"\1"),
    (re.compile(r"\s*-\s*(?=\w)(?<=\w-)"), ""),
)


def detokenize(text: str) -> str:
    """Undo PTB-style tokenisation spacing: ``"( SA ) ."`` -> ``"(SA)."``."""
    out = " ".join(text.split())
    for pattern, repl in _DETOK:
        out = pattern.sub(repl, out)
    return out


def read_nicta_piboso(path: str | Path, source: str = "nicta_piboso") -> list[Passage]:
    """Read NICTA-PIBOSO ``*_clean.txt``: one passage per ``###PMID`` block, sentences detokenised."""
    passages: list[Passage] = []
    doc_id = ""
    sentences: list[str] = []
    with Path(path).open(encoding="utf-8") as handle:
        for raw in handle:
            line = raw.rstrip("\n")
            if line.startswith("###"):
                if doc_id and sentences:
                    passages.append(Passage(doc_id, tuple(sentences), source))
                doc_id, sentences = line[3:].strip(), []
            elif "\t" in line:
                sentences.append(detokenize(line.split("\t", 1)[1]))
    if doc_id and sentences:
        passages.append(Passage(doc_id, tuple(sentences), source))
    return passages


def fix_mojibake(text: str) -> str:
    """Repair UTF-8 text that was decoded as Mac Roman (``4‚Äì6`` -> ``4–6``); other text comes back as is."""
    if not any(ch in text for ch in "‚Äô√¬"):
        return text
    try:
        return text.encode("mac_roman").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


@dataclass(frozen=True, slots=True)
class MedErrItem:
    """One MedErrBench note: its text as given (with the error, if any) and the erroneous / corrected sentence."""

    text_id: str
    text: str
    error_sentence: str
    corrected_sentence: str
    has_error: bool


def read_mederrbench(path: str | Path) -> list[MedErrItem]:
    """Read a MedErrBench CSV (``reviewed_data_EN_train.csv``), repairing its mojibake."""
    items: list[MedErrItem] = []
    with Path(path).open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            has_error = row.get("Error Flag", "0").strip() == "1"
            items.append(
                MedErrItem(
                    row.get("Text ID", ""),
                    fix_mojibake(" ".join((row.get("Text") or "").split())),
                    fix_mojibake(" ".join((row.get("Error Sentence") or "").split())),
                    fix_mojibake(" ".join((row.get("Corrected Sentence") or "").split())),
                    has_error,
                )
            )
    return items


def passages_from_texts(texts: Iterable[tuple[str, str]], source: str) -> list[Passage]:
    """Split ``(doc_id, text)`` items into sentence passages, dropping exact duplicate texts."""
    seen: set[str] = set()
    out: list[Passage] = []
    for doc_id, text in texts:
        key = " ".join(text.split())
        if not key or key in seen:
            continue
        seen.add(key)
        sents = tuple(key[s:e] for s, e in split_sentences(key))
        if sents:
            out.append(Passage(doc_id, sents, source))
    return out
