"""ECA's types and the word overlap between a model's evidence and a sentence (re-exported by ``eca``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Literal, Protocol, get_args

EcaCategory = Literal["A", "B", "C", "D", "E"]
"""A Both-Hit, B TP-only, C FP-only, D Neither-hit, E Extraction-fail (seed 002 Figure 3)."""
EcaScope = Literal["pred1", "all"]
Coverage = Literal["either", "target", "evidence"]
BaselineAverage = Literal["inverse_mean", "mean_inverse"]

NA_MARKERS = frozenset(
    {"na", "n/a", "n.a", "none", "null", "nil", "no error", "no evidence", "not applicable"}
    | {"无", "無", "なし", "該当なし"}
)
"""Evidence values (after :func:`normalize_text`) that mean "no evidence"; the prompt asks for ``NA``."""

_EDGE = "\"'`“”‘’„«»「」『』《》〈〉()[]{}<>.,;:!?。、，；：！？…-–—*_ \t\n"
_WS = re.compile(r"\s+")
_WORD = re.compile(r"\w+")


class SentenceLike(Protocol):
    """What ECA reads of a sentence (:class:`medhal.data.notes.NoteSentence` satisfies it)."""

    @property
    def id(self) -> object: ...
    @property
    def text(self) -> str: ...


class NoteLike(Protocol):
    """What ECA reads of a note (:class:`medhal.data.notes.ClinicalNote` satisfies it)."""

    @property
    def id(self) -> str: ...
    @property
    def language(self) -> str: ...
    @property
    def sentences(self) -> Sequence[SentenceLike]: ...
    @property
    def error_sentence_id(self) -> object: ...
    @property
    def error_sentence(self) -> str | None: ...
    @property
    def corrected_sentence(self) -> str | None: ...


# ------------------------------------------------------------------------------------------------------ overlap


def is_char_level(language: str) -> bool:
    """Whether overlap is counted in characters: Chinese and Japanese (``zh``, ``ja``, ``zh-CN``, ``ja_JP``, ...;
    ``cn``, MedErrBench's tag, is taken as Chinese)."""
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0] in {"zh", "cn", "ja"}


def normalize_text(text: str, *, language: str = "en") -> str:
    """NFKC, casefold, whitespace collapsed (removed for Chinese / Japanese), quotes and punctuation stripped at both
    ends - what containment and coverage compare."""
    t = unicodedata.normalize("NFKC", text).casefold()
    t = _WS.sub("" if is_char_level(language) else " ", t)
    return t.strip(_EDGE)


def overlap_tokens(text: str, *, language: str = "en") -> frozenset[str]:
    """Distinct tokens of a normalized text: ``\\w+`` runs, or single letters / digits for Chinese and Japanese."""
    t = normalize_text(text, language=language)
    if is_char_level(language):
        return frozenset(ch for ch in t if unicodedata.category(ch)[0] in "LN")
    return frozenset(_WORD.findall(t))


def word_coverage(evidence: str, target: str, *, language: str = "en", coverage: Coverage = "either") -> float:
    """Token coverage between the cited evidence and a gold sentence (see the module docstring for ``coverage``);
    0.0 when a side has no token."""
    e = overlap_tokens(evidence, language=language)
    t = overlap_tokens(target, language=language)
    if not e or not t:
        return 0.0
    inter = len(e & t)
    if coverage == "either":
        return inter / min(len(e), len(t))
    if coverage == "target":
        return inter / len(t)
    if coverage == "evidence":
        return inter / len(e)
    raise ValueError(f"coverage must be one of {get_args(Coverage)}, got {coverage!r}")


def evidence_overlaps(
    evidence: str,
    target: str,
    *,
    language: str = "en",
    threshold: float = 0.6,
    coverage: Coverage = "either",
) -> bool:
    """Seed 002 §3.4.3 overlap: normalized substring containment either way, or :func:`word_coverage` ``>=
    threshold``.  An empty side never overlaps."""
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"threshold must lie in (0, 1], got {threshold}")
    e = normalize_text(evidence, language=language)
    t = normalize_text(target, language=language)
    if not e or not t:
        return False
    if e in t or t in e:
        return True
    return word_coverage(evidence, target, language=language, coverage=coverage) >= threshold


def usable_evidence(evidence: str | None) -> bool:
    """Whether an ``Evidence`` field can be scored: not ``None``, not empty or punctuation only, not an NA marker."""
    if evidence is None:
        return False
    t = normalize_text(evidence, language="en")
    if not t or t in NA_MARKERS:
        return False
    return any(unicodedata.category(ch)[0] in "LN" for ch in t)


def eca_category(
    error_evidence: str | None,
    clean_evidence: str | None,
    error_sentence: str,
    corrected_sentence: str,
    *,
    language: str = "en",
    threshold: float = 0.6,
    coverage: Coverage = "either",
) -> EcaCategory:
    """The ECA category of one pair from the evidence cited on each note (``E`` when either is unusable)."""
    if not usable_evidence(error_evidence) or not usable_evidence(clean_evidence):
        return "E"
    assert error_evidence is not None and clean_evidence is not None
    return hit_category(
        *evidence_hits(
            error_evidence,
            clean_evidence,
            error_sentence,
            corrected_sentence,
            language=language,
            threshold=threshold,
            coverage=coverage,
        )
    )


def evidence_hits(
    error_evidence: str,
    clean_evidence: str,
    error_sentence: str,
    corrected_sentence: str,
    *,
    language: str,
    threshold: float,
    coverage: Coverage,
) -> tuple[bool, bool]:
    """The two indicators of a pair whose evidence is usable on both notes (Figure 3): the error note's evidence
    overlaps the error sentence (TP hit), the clean note's overlaps the corrected sentence (FP hit)."""
    tp = evidence_overlaps(error_evidence, error_sentence, language=language, threshold=threshold, coverage=coverage)
    fp = evidence_overlaps(
        clean_evidence, corrected_sentence, language=language, threshold=threshold, coverage=coverage
    )
    return tp, fp


def hit_category(tp: bool, fp: bool) -> EcaCategory:
    """The category of a pair whose evidence is usable on both notes, from its two indicators (Figure 3): ``A``
    TP and FP hit, ``B`` TP only, ``C`` FP only, ``D`` neither."""
    if tp:
        return "A" if fp else "B"
    return "C" if fp else "D"
