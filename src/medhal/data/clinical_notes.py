"""Clinical notes of the paired error-detection benchmarks (seed 002 §3.1): MEDEC-MS, MedErrBench, MedRECT.

Every loader returns :class:`~medhal.data.loading.Records` of :class:`ClinicalNote`, one per non-empty row, in
file order (the order matters: MedErrBench pairs are consecutive rows).  A note's ``sentences`` are spans into
its ``text`` (``note.text[s.start:s.end] == s.text`` always), numbered with the dataset's own sentence ids.

Formats
-------
* ``read_medec`` -- MEDEC-MS CSV (``Text ID, Text, Sentences, Error Flag, Error Type, Error Sentence ID, Error
  Sentence, Corrected Sentence, Corrected Text``).  The test file holds 328 all-empty rows between its notes:
  they are dropped and counted (``stats.skipped_empty``).  ``Sentences`` holds ``"<id> <sentence>"`` lines,
  ids from 0; a few sentences run over several lines (lab tables: ``"28 IU/L\\nGGT\\n29 27 IU/L"``) and one
  has an id inside a line (``"30 Glucose negative 31 Protein"``).
* ``read_mederrbench_notes`` -- MedErrBench CSV (``reviewed_data_{EN,CN,ARA}_{split}.csv``: the MEDEC columns
  plus ``Important Words, Difficulty, Reasoning Type`` and, in ARA, ``Question Type``).  ``Sentences`` is
  ``"<id> <sentence>"`` lines (CN) or the same markers inline on one line (EN, ARA: ``"0 A man ... 1 He
  has ..."``).  (``medhal.data.corpora.read_mederrbench`` is a separate, simpler reader for training.)
* ``read_medrect`` -- MedRECT JSON array (``sample_id, sentences, error_flag, error_type, error_sentence_id,
  error_sentence, corrected_sentence, corrected_text, metadata``); ``sentences`` is ``"1. ...\\n2. ..."``
  (1-based).  There is no note text in the file: ``text`` is the sentences joined with one space, which is
  how the file's own ``corrected_text`` is built.  ``scenario_id`` is ``metadata.jmle_question_id`` (JA);
  the EN file has none (its ``sample_id`` is the MEDEC row id), so its ``scenario_id`` is ``None``.

Text and sentences
------------------
For MEDEC and MedErrBench ``text`` is the ``Text`` column (stripped, line ends normalised to ``\n``) and each
numbered sentence is located in it.  Mostly the ``Sentences`` cell, with its id markers removed, equals
``Text`` up to whitespace: sentences are then matched character by character ignoring whitespace, and an
inline number that could be a marker or part of a sentence (``"1 He drinks 2 beers. 2 Next ..."``) is read as
whichever the ``Text`` continues with; a marker may also follow a full stop directly (MedErrBench EN:
``"... ago.1 He remains ..."``), and a literal backslash-n in a MedErrBench EN cell is a line break.  Where
the cell differs from ``Text`` (MedErrBench EN drops apostrophes and the odd word in 67 of its 208 test cells:
``patients`` for ``patient's``; CN and ARA cells miss a sentence of the text now and then) the two are aligned
with :class:`difflib.SequenceMatcher` and each sentence spans the text from its first to its last aligned
character (``counts["sentences_fuzzy"]``); text no sentence covers stays uncovered.  A sentence's ``text`` is
always the slice of the note, so it keeps the note's own wording and whitespace (a line break inside a lab
table, the apostrophe the cell dropped).  Only where that alignment fails (under 80% of the cell's characters
found) is the note text rebuilt from the cell's sentences joined with one space, the original kept in
``meta["source_text"]`` (``counts["text_rebuilt"]``: none in any test file, one note of MedErrBench CN train).
Lines of a ``sentences`` cell without a number continue the sentence before them (joined with ``\n``); lines
with no letter or digit (``"***"``, ``"---"``, MedRECT-JA) are dropped and counted (``separator_lines``).  A
note without numbered sentences is split by :func:`medhal.text.split_sentences` (ids from the dataset's first
id; ``counts["sentences_split"]``).

Mojibake
--------
MedErrBench EN is UTF-8 that was decoded as Mac Roman (``4‚Äì6`` for ``4–6``, ``¬∞`` for ``°``); MEDEC-MS
validation has UTF-8 decoded as Windows-1252 (``â€“``, ``Ã©``).  With ``repair_mojibake`` (default on) each
field is re-encoded (Mac Roman; Windows-1252 with its five undefined bytes taken as Latin-1, which also
covers plain Latin-1) and decoded as UTF-8, and the result kept only when it round-trips, has fewer
mis-decoded ``lead byte + continuation byte`` pairs than the original, brings in no control, private-use or
combining characters, and when every encoding that qualifies gives the same text.  ``counts``:
``mojibake_repaired`` (fields), ``mojibake_rows``, ``mojibake_ambiguous`` (fields left as they were because
two encodings disagreed).  A field mixing mis-decoded and correct characters is left as it is.

Other ``counts``: ``error_sentence_mismatch`` (error notes whose ``error_sentence`` differs, beyond
whitespace, from the sentence its ``error_sentence_id`` names, or whose id names no sentence).

Roles: MEDEC, MedRECT and every MedErrBench ``test`` split are eval-only (see ``shared/data/README.md``).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from medhal.data.errors import DataFileNotFoundError, DataFormatError
from medhal.data.loading import LoadStats, RawRow, RawTable, Records, read_csv_rows, read_json_rows, text_field
from medhal.text import split_sentences

__all__ = [
    "DATASETS",
    "ClinicalNote",
    "NoteFormat",
    "NoteSentence",
    "corrected_note",
    "read_medec",
    "read_mederrbench_notes",
    "read_medrect",
    "read_notes",
    "repair_mojibake",
]

NoteFormat = Literal["medec", "mederrbench", "medrect"]

DATASETS: dict[str, str] = {
    "medec-ms": "en",
    "mederrbench-en": "en",
    "mederrbench-cn": "zh",
    "mederrbench-ara": "ar",
    "medrect-en": "en",
    "medrect-ja": "ja",
}
"""The dataset names a :class:`ClinicalNote` carries, and each one's language."""


@dataclass(frozen=True, slots=True)
class NoteSentence:
    """One numbered sentence of a note: ``id`` is the dataset's sentence id as text (0-based for MEDEC and
    MedErrBench, 1-based for MedRECT) and ``[start, end)`` its half-open span in :attr:`ClinicalNote.text`."""

    id: str
    text: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end or self.end - self.start != len(self.text):
            raise ValueError(f"sentence {self.id}: span [{self.start}, {self.end}) does not fit its text")


@dataclass(frozen=True, slots=True)
class ClinicalNote:
    """One note of a paired clinical error-detection set, normalised across datasets.

    ``error_flag`` is 1 when the note contains an (injected) error; ``error_sentence_id`` (a sentence id),
    ``error_sentence``, ``corrected_sentence``, ``error_type`` and ``corrected_text`` are then set (``None``
    for clean notes and where the dataset leaves them empty or ``NA``).  ``scenario_id`` groups notes written
    from the same case (MedRECT-JA's exam question id); ``None`` where the dataset has none.  ``meta`` holds
    the dataset's remaining columns and where the row came from (``row``); it is left out of the hash.
    """

    id: str
    dataset: str
    language: str
    text: str
    sentences: tuple[NoteSentence, ...]
    error_flag: int
    error_sentence_id: str | None
    error_sentence: str | None
    corrected_sentence: str | None
    error_type: str | None
    scenario_id: str | None
    corrected_text: str | None = None
    meta: dict[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.error_flag not in (0, 1):
            raise ValueError(f"note {self.id}: error_flag must be 0 or 1, not {self.error_flag!r}")
        for s in self.sentences:
            if self.text[s.start : s.end] != s.text:
                raise ValueError(f"note {self.id}: sentence {s.id} does not slice back from the note text")

    def sentence(self, sentence_id: str) -> NoteSentence | None:
        """The sentence with this id, or ``None``."""
        for s in self.sentences:
            if s.id == sentence_id:
                return s
        return None

    @property
    def error_span(self) -> NoteSentence | None:
        """The sentence ``error_sentence_id`` names (``None`` for clean notes or an id that names none)."""
        return self.sentence(self.error_sentence_id) if self.error_sentence_id is not None else None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --------------------------------------------------------------------------------------------------- mojibake


def _sloppy_cp1252_encode(text: str) -> bytes:
    """Windows-1252, with the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) as Latin-1."""
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1252")
        except UnicodeEncodeError:
            if ord(ch) > 0xFF:
                raise
            out.append(ord(ch))
    return bytes(out)


def _sloppy_cp1252_decode(data: bytes) -> str:
    return "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)


def _mac_roman_encode(text: str) -> bytes:
    return text.encode("mac_roman")


def _mac_roman_decode(data: bytes) -> str:
    return data.decode("mac_roman")


_CODECS: dict[str, tuple[Callable[[str], bytes], Callable[[bytes], str]]] = {
    "cp1252": (_sloppy_cp1252_encode, _sloppy_cp1252_decode),
    "mac_roman": (_mac_roman_encode, _mac_roman_decode),
}


def _marker_pattern(decode: Callable[[bytes], str]) -> re.Pattern[str]:
    lead = "".join(sorted({decode(bytes([b])) for b in range(0xC2, 0xF5)}))
    cont = "".join(sorted({decode(bytes([b])) for b in range(0x80, 0xC0)}))
    return re.compile(f"[{re.escape(lead)}][{re.escape(cont)}]")


_MARKERS = {name: _marker_pattern(decode) for name, (_, decode) in _CODECS.items()}
_SUSPECT_CATEGORIES = frozenset({"Cc", "Co", "Cn", "Cs", "Mn"})


def _suspects(text: str) -> int:
    return sum(1 for ch in text if ch not in "\t\n\r" and unicodedata.category(ch) in _SUSPECT_CATEGORIES)


def repair_mojibake(text: str) -> tuple[str, Literal["ok", "repaired", "ambiguous"]]:
    """``text`` with UTF-8-read-as-Mac-Roman or -Windows-1252 undone, where that is unambiguous.

    Returns the text and what happened: ``"repaired"``, ``"ambiguous"`` (two encodings gave different
    repairs; the text comes back as is) or ``"ok"`` (nothing to repair, or no repair that qualifies).  See the
    module docstring for the conditions.

    >>> repair_mojibake("He drinks 4‚Äì6 cups")
    ('He drinks 4–6 cups', 'repaired')
    >>> repair_mojibake("café")
    ('café', 'ok')
    """
    if text.isascii():
        return text, "ok"
    found: set[str] = set()
    for name, (encode, decode) in _CODECS.items():
        markers = len(_MARKERS[name].findall(text))
        if not markers:
            continue
        try:
            fixed = encode(text).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if fixed == text or decode(fixed.encode("utf-8")) != text:
            continue
        if len(_MARKERS[name].findall(fixed)) >= markers or _suspects(fixed) > _suspects(text):
            continue
        found.add(fixed)
    if len(found) == 1:
        return found.pop(), "repaired"
    return text, "ambiguous" if found else "ok"


# --------------------------------------------------------------------------------------- numbered sentences

_LOOKAHEAD = 48


def _common_prefix(a: str, b: str) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


_MARKER = re.compile(r"\d+(?=\s|$)")
_MIN_MATCHED = 0.8  # share of a cell's sentence characters a fuzzy match must find in the text


def _non_space(text: str) -> tuple[list[int], str]:
    positions = [i for i, ch in enumerate(text) if not ch.isspace()]
    return positions, "".join(text[i] for i in positions)


def _marker_at(cell: str, i: int, expected: int) -> int | None:
    """The end of the marker for id ``expected`` starting at ``cell[i]``, else ``None``.  A marker starts a token
    or follows a sentence end directly (MedErrBench EN has ``"... 10 days ago.1 He remains ..."``)."""
    if i > 0 and not cell[i - 1].isspace() and cell[i - 1] not in ".。!?！？":
        return None
    m = _MARKER.match(cell, i)
    return m.end() if m is not None and m.group() == str(expected) else None


def _guided(cell: str, text: str, first: int) -> list[tuple[str, int, int]] | None:
    """Split ``cell`` (``"<id> <sentence>"`` markers, on lines or inline, ids ``first, first+1, ...``) into
    sentences located in ``text``: ``None`` unless the cell without its markers equals ``text`` up to
    whitespace.  A number that could be the next marker or part of the sentence is read as whichever the
    text continues with (a marker on a tie)."""
    positions, chars = _non_space(text)
    cell_positions, cell_chars = _non_space(cell)
    spans: list[list[int]] = []  # [first char, one past last char] as indices into ``chars``
    expected = first
    j = 0  # next character of ``chars``
    k = 0  # next character of ``cell_chars``
    while k < len(cell_chars):
        i = cell_positions[k]
        end = _marker_at(cell, i, expected)
        if end is not None:
            after = k + (end - i)
            as_marker = _common_prefix(cell_chars[after : after + _LOOKAHEAD], chars[j : j + _LOOKAHEAD])
            as_text = _common_prefix(cell_chars[k : k + _LOOKAHEAD], chars[j : j + _LOOKAHEAD])
            if not spans or as_marker >= as_text:
                spans.append([j, j])
                expected += 1
                k = after
                continue
        if not spans or j >= len(chars) or chars[j] != cell_chars[k]:
            return None
        j += 1
        k += 1
        spans[-1][1] = j
    if not spans or j != len(chars) or any(a == b for a, b in spans):
        return None
    return [(str(first + n), positions[a], positions[b - 1] + 1) for n, (a, b) in enumerate(spans)]


def _projected(cell: str, text: str, first: int) -> list[tuple[str, int, int]] | None:
    """:func:`_guided` for a cell that differs from the text (a word or an apostrophe dropped, a sentence
    missing): the two are aligned by :class:`difflib.SequenceMatcher` (whitespace ignored); a possible marker
    is one when most of its digits have no counterpart in the text; each sentence spans the text from its
    first to its last aligned character.  ``None`` when a sentence has no aligned character, or fewer than
    :data:`_MIN_MATCHED` of the cell's sentence characters are aligned."""
    positions, chars = _non_space(text)
    cell_positions, cell_chars = _non_space(cell)
    target = [-1] * len(cell_chars)
    matcher = difflib.SequenceMatcher(None, cell_chars, chars, autojunk=False)
    for a, b, size in matcher.get_matching_blocks():
        for d in range(size):
            target[a + d] = b + d
    sentences: list[list[int]] = []  # cell indices of each sentence's characters
    expected = first
    k = 0
    while k < len(cell_chars):
        end = _marker_at(cell, cell_positions[k], expected)
        if end is not None:
            width = end - cell_positions[k]
            unaligned = sum(1 for d in range(width) if target[k + d] < 0)
            if not sentences or 2 * unaligned >= width:
                sentences.append([])
                expected += 1
                k += width
                continue
        if not sentences:
            return None
        sentences[-1].append(k)
        k += 1
    content = sum(len(s) for s in sentences)
    aligned = sum(1 for s in sentences for c in s if target[c] >= 0)
    if not sentences or not content or aligned < _MIN_MATCHED * content:
        return None
    out: list[tuple[str, int, int]] = []
    for n, members in enumerate(sentences):
        hits = [target[c] for c in members if target[c] >= 0]
        if not hits:
            return None
        out.append((str(first + n), positions[min(hits)], positions[max(hits)] + 1))
    return out


def _inline(line: str, first: int) -> list[tuple[str, str]]:
    """Inline markers without a text to guide: each next id at its first whitespace-delimited occurrence."""
    out: list[tuple[str, str]] = []
    m = re.match(rf"\s*{first}(?=\s)", line)
    if m is None:
        return out
    expected, pos = first + 1, m.end()
    while True:
        nxt = re.compile(rf"(?<!\S){expected}(?=\s)").search(line, pos)
        body = line[pos : nxt.start() if nxt else len(line)].strip()
        if body:
            out.append((str(expected - 1), body))
        if nxt is None:
            return out
        expected, pos = expected + 1, nxt.end()


def _numbered_lines(cell: str, first: int, *, dot: bool) -> tuple[list[tuple[str, str]], int]:
    """``(id, sentence)`` from ``"<id> text"`` (or ``"<id>. text"``) lines, ids ``first, first+1, ...``.

    A line not starting with the next id continues the sentence before it (joined with ``\\n``); blank lines
    are skipped and lines without a letter or digit dropped (their number is returned).  A one-line cell with
    inline markers is split at each next id's first occurrence.
    """
    lines = [line for line in cell.split("\n") if line.strip()]
    if len(lines) == 1 and not dot:
        return _inline(lines[0], first), 0
    head = re.compile(r"\s*(\d+)\." if dot else r"\s*(\d+)(?=\s|$)")
    out: list[tuple[str, str]] = []
    dropped = 0
    for line in lines:
        m = head.match(line)
        if m is not None and int(m.group(1)) == first + len(out):
            body = line[m.end() :].strip()
            out.append((m.group(1), body))
        elif not any(ch.isalnum() for ch in line):
            dropped += 1
        elif out:
            sid, body = out[-1]
            out[-1] = (sid, f"{body}\n{line.strip()}" if body else line.strip())
        else:
            return [], dropped
    return [(sid, body) for sid, body in out if body], dropped


def _join(parts: Sequence[tuple[str, str]], sep: str = " ") -> tuple[str, tuple[NoteSentence, ...]]:
    """A note text made of ``parts`` joined with ``sep``, and the sentences pointing into it."""
    pieces: list[str] = []
    sentences: list[NoteSentence] = []
    pos = 0
    for k, (sid, body) in enumerate(parts):
        if k:
            pieces.append(sep)
            pos += len(sep)
        pieces.append(body)
        sentences.append(NoteSentence(sid, body, pos, pos + len(body)))
        pos += len(body)
    return "".join(pieces), tuple(sentences)


def _split(text: str, first: int) -> tuple[NoteSentence, ...]:
    return tuple(NoteSentence(str(first + k), s.text, s.start, s.end) for k, s in enumerate(split_sentences(text)))


# ------------------------------------------------------------------------------------------------- building


def _normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


@dataclass(slots=True)
class _Counts:
    repaired: int = 0
    rows: int = 0
    ambiguous: int = 0
    rebuilt: int = 0
    fuzzy: int = 0
    split: int = 0
    separators: int = 0
    mismatch: int = 0

    def as_dict(self) -> dict[str, int]:
        return {
            "mojibake_repaired": self.repaired,
            "mojibake_rows": self.rows,
            "mojibake_ambiguous": self.ambiguous,
            "text_rebuilt": self.rebuilt,
            "sentences_fuzzy": self.fuzzy,
            "sentences_split": self.split,
            "separator_lines": self.separators,
            "error_sentence_mismatch": self.mismatch,
        }


class _Row:
    """The text fields of one raw row, mojibake-repaired (counted) and with ``\\n`` line ends."""

    def __init__(self, raw: RawRow, what: str, counts: _Counts, repair: bool) -> None:
        self.raw = raw
        self.what = what
        self.values: dict[str, str | None] = {}
        touched = False
        for key in raw.data:
            value = text_field(raw, (key,), what, required=False) if _is_text(raw.data[key]) else None
            if value is not None and repair:
                value, status = repair_mojibake(value)
                if status == "repaired":
                    counts.repaired += 1
                    touched = True
                elif status == "ambiguous":
                    counts.ambiguous += 1
            self.values[key] = _normalise_newlines(value) if value is not None else None
        counts.rows += touched

    def get(self, names: Sequence[str], *, required: bool = True) -> str | None:
        for name in names:
            if name in self.raw.data:
                return self.values.get(name)
        if required:
            aliases = f" (or {', '.join(repr(n) for n in names[1:])})" if len(names) > 1 else ""
            raise DataFormatError(f"{self.raw.where}: missing column {names[0]!r}{aliases} ({self.what})")
        return None

    def optional(self, names: Sequence[str]) -> str | None:
        """A column that may be absent, empty or ``NA`` (all ``None``); stripped otherwise."""
        value = self.get(names, required=False)
        if value is None or not value.strip() or value.strip().upper() in {"NA", "N/A", "NAN", "NONE", "NULL"}:
            return None
        return value.strip()


def _is_text(value: Any) -> bool:
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _flag(row: _Row, names: Sequence[str]) -> int:
    raw = row.raw.data.get(next((n for n in names if n in row.raw.data), names[0]))
    value = row.get(names)
    if isinstance(raw, bool):
        return int(raw)
    text = (value or "").strip()
    try:
        number = float(text)
    except ValueError:
        number = -1.0
    if number not in (0.0, 1.0):
        raise DataFormatError(f"{row.raw.where}: {names[0]} {text!r} is not 0 or 1 ({row.what})")
    return int(number)


def _sentence_id(value: str | None) -> str | None:
    """A dataset's error sentence id as text; ``None`` for empty, ``NA`` or negative (``-1`` = no error)."""
    if value is None:
        return None
    text = value.strip()
    try:
        number = float(text)
    except ValueError:
        return text or None
    if number < 0 or number != int(number):
        return None
    return str(int(number))


def _check_error_sentence(note: ClinicalNote, counts: _Counts) -> None:
    if note.error_flag != 1 or note.error_sentence is None:
        return
    span = note.error_span
    if span is None or _loose(span.text) != _loose(note.error_sentence):
        counts.mismatch += 1


def _loose(text: str) -> str:
    """``text`` without whitespace and final punctuation (MedErrBench ARA drops the final ``.``)."""
    return "".join(text.split()).rstrip(".。,،;؛!?！？")


def _unique(rows: Sequence[RawRow], ids: Sequence[str], what: str) -> None:
    seen: dict[str, RawRow] = {}
    for raw, note_id in zip(rows, ids, strict=True):
        if note_id in seen:
            raise DataFormatError(
                f"{raw.where}: duplicate note id {note_id!r} (first at {seen[note_id].where}; {what})"
            )
        seen[note_id] = raw


def _table_sentences(
    text: str, cell: str | None, first: int, counts: _Counts
) -> tuple[str, tuple[NoteSentence, ...], dict[str, Any]]:
    """Text and sentences of a MEDEC / MedErrBench row (see the module docstring)."""
    if cell is not None and cell.strip():
        if "\\n" in cell and "\\n" not in text:
            cell = cell.replace("\\n", "\n")  # MedErrBench EN: a literal backslash-n for a line break
        located = _guided(cell, text, first)
        if located is None:
            located = _projected(cell, text, first)
            counts.fuzzy += located is not None
        if located is not None:
            return text, tuple(NoteSentence(sid, text[a:b], a, b) for sid, a, b in located), {}
        parts, dropped = _numbered_lines(cell, first, dot=False)
        counts.separators += dropped
        if parts:
            counts.rebuilt += 1
            rebuilt, sentences = _join(parts)
            return rebuilt, sentences, {"source_text": text}
    counts.split += 1
    return text, _split(text, first), {}


_MEDEC = "MEDEC row"
TEXT_ID = ("Text ID", "text_id", "id")
TEXT = ("Text", "text")
SENTENCES = ("Sentences", "sentences")
ERROR_FLAG = ("Error Flag", "error_flag")
ERROR_TYPE = ("Error Type", "error_type")
ERROR_SENTENCE_ID = ("Error Sentence ID", "error_sentence_id")
ERROR_SENTENCE = ("Error Sentence", "error_sentence")
CORRECTED_SENTENCE = ("Corrected Sentence", "corrected_sentence")
CORRECTED_TEXT = ("Corrected Text", "corrected_text")


def _table_notes(
    table: RawTable,
    what: str,
    dataset: Callable[[_Row], str],
    meta_columns: Sequence[str],
    *,
    repair: bool,
    skip_incomplete: bool,
    path: str | Path,
) -> Records[ClinicalNote]:
    counts = _Counts()
    notes: list[ClinicalNote] = []
    kept: list[RawRow] = []
    incomplete = 0
    for raw in table.rows:
        row = _Row(raw, what, counts, repair)
        note_id = (row.get(TEXT_ID) or "").strip()
        text = row.get(TEXT) or ""
        empty = [name for name, value in (("Text ID", note_id), ("Text", text.strip())) if not value]
        if empty:
            if skip_incomplete:
                incomplete += 1
                continue
            raise DataFormatError(f"{raw.where}: empty {', '.join(repr(e) for e in empty)} ({what})")
        name = dataset(row)
        flag = _flag(row, ERROR_FLAG)
        body, sentences, extra = _table_sentences(text.strip(), row.get(SENTENCES), 0, counts)
        meta: dict[str, Any] = {"row": raw.number, **extra}
        for column in meta_columns:
            value = row.optional((column,))
            if value is not None:
                meta[column.lower().replace(" ", "_")] = value
        error = flag == 1
        note = ClinicalNote(
            id=note_id,
            dataset=name,
            language=DATASETS[name],
            text=body,
            sentences=sentences,
            error_flag=flag,
            error_sentence_id=_sentence_id(row.get(ERROR_SENTENCE_ID, required=False)) if error else None,
            error_sentence=row.optional(ERROR_SENTENCE) if error else None,
            corrected_sentence=row.optional(CORRECTED_SENTENCE) if error else None,
            error_type=row.optional(ERROR_TYPE) if error else None,
            scenario_id=None,
            corrected_text=row.optional(CORRECTED_TEXT) if error else None,
            meta=meta,
        )
        _check_error_sentence(note, counts)
        notes.append(note)
        kept.append(raw)
    _unique(kept, [n.id for n in notes], what)
    stats = LoadStats(str(path), len(table.rows), len(notes), table.skipped_empty, incomplete, counts.as_dict())
    return Records(notes, stats)


def _csv_table(path: str | Path, what: str) -> RawTable:
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({what}s)")
    if p.is_file() and p.suffix.lower() not in {".csv", ".tsv"}:
        raise DataFormatError(f"{path}: unknown file type {p.suffix!r}; expected a .csv file ({what}s)")
    return read_csv_rows(p, what)


def read_medec(
    path: str | Path, *, repair_mojibake: bool = True, skip_incomplete: bool = False
) -> Records[ClinicalNote]:
    """The notes of a MEDEC-MS CSV (``dataset="medec-ms"``), all-empty rows dropped and counted.

    A row with an empty ``Text ID`` or ``Text`` raises :class:`~medhal.data.errors.DataFormatError` unless
    ``skip_incomplete`` (then it is skipped and counted); so do a missing column, an ``Error Flag`` other than
    0 / 1 and a duplicate ``Text ID``.
    """
    table = _csv_table(path, _MEDEC)
    return _table_notes(
        table,
        _MEDEC,
        lambda row: "medec-ms",
        (),
        repair=repair_mojibake,
        skip_incomplete=skip_incomplete,
        path=path,
    )


_MEB = "MedErrBench row"
_MEB_LANGUAGES = {"en": "en", "cn": "cn", "zh": "cn", "ara": "ara", "ar": "ara"}
_MEB_FILE = re.compile(r"(?:^|[_\-.])(EN|CN|ARA)(?:[_\-.]|$)", re.IGNORECASE)
_MEB_ID = re.compile(r"^(en|cn|ara)-", re.IGNORECASE)
_MEB_META = ("Important Words", "Difficulty", "Reasoning Type", "Question Type")


def read_mederrbench_notes(
    path: str | Path,
    *,
    language: str | None = None,
    repair_mojibake: bool = True,
    skip_incomplete: bool = False,
) -> Records[ClinicalNote]:
    """The notes of a MedErrBench CSV (``dataset="mederrbench-en"``, ``-cn`` or ``-ara``), in file order.

    ``language`` (``en``, ``cn``/``zh``, ``ara``/``ar``) defaults to the file name's ``_EN_`` / ``_CN_`` /
    ``_ARA_``, else each row's ``Text ID`` prefix (``en-test-0``).  ``meta`` keeps ``important_words``,
    ``difficulty``, ``reasoning_type`` and (ARA) ``question_type``.  Errors as :func:`read_medec`.
    """
    fixed: str | None = None
    if language is not None:
        if language.lower() not in _MEB_LANGUAGES:
            raise ValueError(f"unknown MedErrBench language {language!r}; expected en, cn (zh) or ara (ar)")
        fixed = _MEB_LANGUAGES[language.lower()]
    else:
        m = _MEB_FILE.search(Path(path).stem)
        fixed = m.group(1).lower() if m else None
    table = _csv_table(path, _MEB)

    def dataset(row: _Row) -> str:
        if fixed is not None:
            return f"mederrbench-{fixed}"
        m = _MEB_ID.match((row.get(TEXT_ID) or "").strip())
        if m is None:
            raise DataFormatError(
                f"{row.raw.where}: cannot tell the language (file name without _EN_/_CN_/_ARA_, "
                f"Text ID without en-/cn-/ara-); pass language= ({_MEB})"
            )
        return f"mederrbench-{m.group(1).lower()}"

    return _table_notes(
        table,
        _MEB,
        dataset,
        _MEB_META,
        repair=repair_mojibake,
        skip_incomplete=skip_incomplete,
        path=path,
    )


_MEDRECT = "MedRECT item"
_MEDRECT_FILE = re.compile(r"(?:^|[_\-.])(en|ja)(?:[_\-.]|$)", re.IGNORECASE)
_KANA = re.compile(r"[\u3040-\u30ff]")


def read_medrect(
    path: str | Path, *, language: str | None = None, skip_incomplete: bool = False
) -> Records[ClinicalNote]:
    """The notes of a MedRECT JSON file (``dataset="medrect-en"`` or ``"medrect-ja"``), in file order.

    ``language`` (``en``/``ja``) defaults to the file name (``medrect-ja-test.json``), else to ``ja`` when the
    first note has kana.  Sentence ids are the file's (1-based).  ``scenario_id`` is
    ``metadata.jmle_question_id`` where present.  ``meta``: ``row`` (item number), ``source_model`` and the
    scalar ``metadata`` entries (``jmle_question_id``, ``choice``, ``record_type``, ``row_index``).  An item
    without ``sample_id`` or ``sentences`` raises (or, with ``skip_incomplete``, is skipped and counted).
    """
    p = Path(path)
    if not p.exists():
        raise DataFileNotFoundError(f"{path}: no such file ({_MEDRECT}s)")
    table = read_json_rows(p, _MEDRECT)
    lang = language.lower() if language is not None else None
    if lang is None:
        m = _MEDRECT_FILE.search(p.stem)
        if m is not None:
            lang = m.group(1).lower()
    if lang is None:
        first = text_field(table.rows[0], ("sentences",), _MEDRECT, required=False) or ""
        lang = "ja" if _KANA.search(first) else "en"
    if lang not in {"en", "ja"}:
        raise ValueError(f"unknown MedRECT language {language!r}; expected en or ja")
    name = f"medrect-{lang}"
    counts = _Counts()
    notes: list[ClinicalNote] = []
    kept: list[RawRow] = []
    incomplete = 0
    for raw in table.rows:
        row = _Row(raw, _MEDRECT, counts, repair=False)
        note_id = (row.get(("sample_id", "id")) or "").strip()
        cell = row.get(("sentences",)) or ""
        empty = [n for n, v in (("sample_id", note_id), ("sentences", cell.strip())) if not v]
        if empty:
            if skip_incomplete:
                incomplete += 1
                continue
            raise DataFormatError(f"{raw.where}: empty {', '.join(repr(e) for e in empty)} ({_MEDRECT})")
        flag = _flag(row, ("error_flag",))
        parts, dropped = _numbered_lines(cell, 1, dot=True)
        counts.separators += dropped
        if parts:
            text, sentences = _join(parts)
        else:
            text = cell.strip()
            sentences = _split(text, 1)
            counts.split += 1
        metadata = raw.data.get("metadata")
        meta: dict[str, Any] = {"row": raw.number}
        if isinstance(metadata, dict):
            meta.update({k: v for k, v in metadata.items() if isinstance(v, str | int | float | bool)})
        source_model = row.optional(("source_model",))
        if source_model is not None:
            meta["source_model"] = source_model
        scenario = meta.get("jmle_question_id")
        error = flag == 1
        note = ClinicalNote(
            id=note_id,
            dataset=name,
            language=DATASETS[name],
            text=text,
            sentences=sentences,
            error_flag=flag,
            error_sentence_id=_sentence_id(row.get(("error_sentence_id",), required=False)) if error else None,
            error_sentence=row.optional(("error_sentence",)) if error else None,
            corrected_sentence=row.optional(("corrected_sentence",)) if error else None,
            error_type=row.optional(("error_type",)) if error else None,
            scenario_id=str(scenario) if scenario is not None and str(scenario).strip() else None,
            corrected_text=row.optional(("corrected_text",)) if error else None,
            meta=meta,
        )
        _check_error_sentence(note, counts)
        notes.append(note)
        kept.append(raw)
    _unique(kept, [n.id for n in notes], _MEDRECT)
    stats = LoadStats(str(path), len(table.rows), len(notes), table.skipped_empty, incomplete, counts.as_dict())
    return Records(notes, stats)


def read_notes(path: str | Path, format: NoteFormat) -> Records[ClinicalNote]:
    """Read ``path`` with the loader of ``format`` (``medec``, ``mederrbench`` or ``medrect``)."""
    if format == "medec":
        return read_medec(path)
    if format == "mederrbench":
        return read_mederrbench_notes(path)
    if format == "medrect":
        return read_medrect(path)
    raise ValueError(f"unknown note format {format!r}; expected medec, mederrbench or medrect")


# ------------------------------------------------------------------------------------------ corrected notes


def corrected_note(note: ClinicalNote) -> ClinicalNote | None:
    """The clean counterpart of an error note rebuilt from its ``corrected_text`` (``None`` without one).

    ``id`` is ``<id>:corrected``, ``error_flag`` 0, the error fields ``None``, ``scenario_id`` kept, ``meta``
    ``{"source_note": <id>, "sentences": "kept" | "split"}``.  The sentences keep the error note's ids where
    the corrected text is the note with its error sentence rewritten: the sentences before it are found from
    the start and those after it from the end (each equal up to whitespace), and the rewritten sentence is
    what lies between.  Otherwise (no error sentence, or the corrected text differs elsewhere) the corrected
    text is split with :func:`medhal.text.split_sentences`, numbered from the note's first id.
    """
    if note.error_flag != 1 or note.corrected_text is None:
        return None
    text = note.corrected_text
    meta: dict[str, Any] = {"source_note": note.id, "sentences": "kept"}
    sentences = _corrected_sentences(note, text)
    if sentences is None:
        first = int(note.sentences[0].id) if note.sentences and note.sentences[0].id.isdigit() else 0
        sentences = _split(text, first)
        meta["sentences"] = "split"
    return replace(
        note,
        id=f"{note.id}:corrected",
        text=text,
        sentences=sentences,
        error_flag=0,
        error_sentence_id=None,
        error_sentence=None,
        corrected_sentence=None,
        error_type=None,
        corrected_text=None,
        meta=meta,
    )


def _corrected_sentences(note: ClinicalNote, text: str) -> tuple[NoteSentence, ...] | None:
    """The error note's sentences located in ``text``: those before the error sentence from the start, those
    after it from the end (each equal up to whitespace), the error sentence's place whatever lies between."""
    error = note.error_span
    if error is None:
        return None
    hole = note.sentences.index(error)
    positions, chars = _non_space(text)
    spans: list[tuple[int, int]] = []
    j = 0
    for s in note.sentences[:hole]:
        compact = "".join(s.text.split())
        if not compact or chars[j : j + len(compact)] != compact:
            return None
        spans.append((positions[j], positions[j + len(compact) - 1] + 1))
        j += len(compact)
    tail: list[tuple[int, int]] = []
    e = len(chars)
    for s in reversed(note.sentences[hole + 1 :]):
        compact = "".join(s.text.split())
        if not compact or e - len(compact) < j or chars[e - len(compact) : e] != compact:
            return None
        tail.append((positions[e - len(compact)], positions[e - 1] + 1))
        e -= len(compact)
    if e <= j:
        return None
    spans.append((positions[j], positions[e - 1] + 1))
    spans.extend(reversed(tail))
    return tuple(NoteSentence(s.id, text[a:b], a, b) for s, (a, b) in zip(note.sentences, spans, strict=True))
