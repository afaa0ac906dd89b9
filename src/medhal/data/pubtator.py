"""Readers for PubTator-format corpora (BC5CDR, CHR) and the NCBI-disease corpus.

PubTator documents are blocks separated by blank lines::

    PMID|t|Title
    PMID|a|Abstract
    PMID<TAB>start<TAB>end<TAB>mention<TAB>type<TAB>ids[<TAB>...]
    PMID<TAB>CID<TAB>chemical_id<TAB>disease_id

Mention offsets index into ``title + " " + abstract``. The NCBI-disease files use the same layout and are read
by the same parser (:func:`read_ncbi_disease` only normalises its entity types).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Document",
    "Mention",
    "Relation",
    "parse_pubtator",
    "read_ncbi_disease",
    "read_pubtator",
]

NCBI_DISEASE_TYPES: frozenset[str] = frozenset({"SpecificDisease", "DiseaseClass", "Modifier", "CompositeMention"})


@dataclass(frozen=True, slots=True)
class Mention:
    """An entity mention: ``text == document.text[start:end]``; ``ids`` are normalised identifiers.  Synthesis
    re-bases mentions onto one sentence (:data:`medhal.synthesis.perturb.SpanMention`)."""

    start: int
    end: int
    text: str
    type: str
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Relation:
    """A document-level relation such as BC5CDR ``CID`` (chemical-induced disease) between two ids."""

    type: str
    arg1: str
    arg2: str


@dataclass(frozen=True, slots=True)
class Document:
    """A title + abstract with its mentions and relations; ``text`` is ``title + " " + abstract``."""

    pmid: str
    title: str
    abstract: str
    mentions: tuple[Mention, ...]
    relations: tuple[Relation, ...]

    @property
    def text(self) -> str:
        """The text the mention offsets index into."""
        return f"{self.title} {self.abstract}" if self.abstract else self.title


def _split_ids(raw: str) -> tuple[str, ...]:
    ids = [part.strip() for chunk in raw.split("|") for part in chunk.split(",")]
    return tuple(i for i in ids if i and i != "-1")


def _build(
    pmid: str,
    title: str,
    abstract: str,
    rows: list[list[str]],
    type_map: dict[str, str] | None,
    where: str,
    strict: bool,
) -> Document:
    text = f"{title} {abstract}" if abstract else title
    mentions: list[Mention] = []
    relations: list[Relation] = []
    for cols in rows:
        if len(cols) >= 5 and cols[1].isdigit() and cols[2].isdigit():
            start, end = int(cols[1]), int(cols[2])
            surface = cols[3]
            if text[start:end] != surface:
                if strict:
                    raise ValueError(f"{where}: mention {surface!r} does not match text at {start}:{end}")
                continue  # a few corpus rows have offsets that disagree with the text: drop them
            etype = cols[4]
            if type_map is not None:
                etype = type_map.get(etype, etype)
            ids = _split_ids(cols[5]) if len(cols) > 5 else ()
            mentions.append(Mention(start, end, surface, etype, ids))
        elif len(cols) >= 4:
            relations.append(Relation(cols[1], cols[2], cols[3]))
        # rows with fewer columns (e.g. a truncated mention line) carry no usable annotation
    mentions.sort(key=lambda m: (m.start, m.end))
    return Document(pmid, title, abstract, tuple(mentions), tuple(relations))


def parse_pubtator(
    lines: Iterator[str], type_map: dict[str, str] | None = None, where: str = "", strict: bool = False
) -> Iterator[Document]:
    """Parse PubTator text line by line, yielding one :class:`Document` per blank-line-separated block.

    A mention whose offsets do not slice back to its surface text raises with ``strict``, else is dropped.
    """
    pmid = title = abstract = ""
    rows: list[list[str]] = []
    seen = False
    for raw in lines:
        line = raw.rstrip("\n").rstrip("\r")
        if not line.strip():
            if seen:
                yield _build(pmid, title, abstract, rows, type_map, f"{where}:{pmid}", strict)
            pmid = title = abstract = ""
            rows = []
            seen = False
            continue
        if "|t|" in line[:40] and not seen:
            pmid, _, title = line.partition("|t|")
            seen = True
        elif "|a|" in line[:40] and line.split("|a|", 1)[0] == pmid:
            abstract = line.split("|a|", 1)[1]
        elif seen:
            rows.append(line.split("\t"))
    if seen:
        yield _build(pmid, title, abstract, rows, type_map, f"{where}:{pmid}", strict)


def read_pubtator(path: str | Path, type_map: dict[str, str] | None = None, strict: bool = False) -> list[Document]:
    """Read a PubTator file (BC5CDR ``CDR_*Set.PubTator.txt``, CHR ``*.pubtator``).

    ``type_map`` renames entity types (e.g. ``{"ChemMet": "Chemical"}``) so inventories can be merged.
    """
    with Path(path).open(encoding="utf-8") as handle:
        return list(parse_pubtator(iter(handle), type_map, str(path), strict))


def read_ncbi_disease(path: str | Path, normalise_types: bool = True, strict: bool = False) -> list[Document]:
    """Read an NCBI-disease corpus file (``NCBI{train,develop,test}set_corpus.txt``).

    With ``normalise_types`` every NCBI mention class (SpecificDisease, DiseaseClass, Modifier,
    CompositeMention) becomes ``Disease``, matching BC5CDR's type name.
    """
    type_map = dict.fromkeys(NCBI_DISEASE_TYPES, "Disease") if normalise_types else None
    return read_pubtator(path, type_map, strict)
