"""What "the primary outcome" stands for: the words an abstract defines it with, read into the sentences that report
it by that name (issue 14).

Trial abstracts define the outcome once ("The primary outcome was a composite of worsening heart failure or
cardiovascular death") and report it by name ("the primary outcome occurred in 16.4% of patients in the
dapagliflozin group and 19.5% in the placebo group").  An answer restates the result with the outcome's own words
("dapagliflozin halved the rate of worsening heart failure or cardiovascular death"), so the result sentence shares
almost none of the answer's words and nothing aligns it with the answer: the cues that read figures against the
aligned sentence never see the 16.4% and 19.5%.  :func:`defined_outcomes` gives, for each sentence that names the
primary (or secondary) outcome or end point without defining it, the words of its definition, which alignment adds
to the sentence's own (:class:`medhal.detect.alignment.EvidenceIndex`).  The restatement cue still needs the words
in the sentence itself.

The verifier reads them too (round 45): :func:`spelled_outcomes` writes the definition in brackets after the name in
a premise that names the outcome without defining it.  A small encoder read "death or heart failure readmission
occurred in 29.4% of the nurse-led group versus 38.2% with usual care" against "The primary outcome occurred in 90
patients (29.4%) in the nurse-led group and 117 (38.2%) in the usual care group" as a contradiction (P(C) 0.81; 0.33
with the definition in brackets).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["defined_outcomes", "outcome_definitions", "spelled_outcomes"]

_NAME = (
    r"(?P<rank>primary|secondary|main|principal)\s+(?:efficacy\s+|safety\s+|composite\s+)?"
    r"(?:outcome|end\s*-?\s*point)s?"
)
_DEFINITION = re.compile(
    r"\b" + _NAME + r"\s+(?:was|were|is|are|included|comprised)\s+(?:defined\s+as\s+)?(?P<words>[^.;]+)",
    re.IGNORECASE,
)
_MENTION = re.compile(r"\b" + _NAME, re.IGNORECASE)


def defined_outcomes(sentences: Sequence[str]) -> list[str]:
    """For each sentence, the definition of the outcome it names but does not define (``""`` for the rest).

    >>> defined_outcomes(["The primary outcome was a composite of stroke or death.",
    ...                   "The primary outcome occurred in 4.1% and 6.0%.", "Bleeding was rare."])
    ['', 'a composite of stroke or death', '']
    """
    definitions = outcome_definitions(sentences)
    out: list[str] = []
    for sentence in sentences:
        if _DEFINITION.search(sentence):
            out.append("")
            continue
        ranks = dict.fromkeys(_rank(m.group("rank")) for m in _MENTION.finditer(sentence))
        out.append(" ".join(definitions[r] for r in ranks if r in definitions))
    return out


def _rank(word: str) -> str:
    return "secondary" if word.lower() == "secondary" else "primary"


def outcome_definitions(sentences: Sequence[str]) -> dict[str, str]:
    """The words each outcome the evidence defines is defined with, by rank (``"primary"`` / ``"secondary"``; the
    first definition of each).

    >>> outcome_definitions(["The primary outcome was death or readmission at 12 months.", "It fell."])
    {'primary': 'death or readmission at 12 months'}
    """
    definitions: dict[str, str] = {}
    for sentence in sentences:
        for m in _DEFINITION.finditer(sentence):
            definitions.setdefault(_rank(m.group("rank")), m.group("words").strip())
    return definitions


def spelled_outcomes(premise: str, definitions: dict[str, str]) -> str:
    """``premise`` with the definition of each outcome it names but does not define written in brackets after its
    first mention (module docstring); ``premise`` itself when it defines or names none.

    >>> spelled_outcomes("The primary outcome occurred in 29.4% and 38.2%.", {"primary": "death or readmission"})
    'The primary outcome (death or readmission) occurred in 29.4% and 38.2%.'
    >>> spelled_outcomes("The primary outcome was death or readmission.", {"primary": "death or readmission"})
    'The primary outcome was death or readmission.'
    """
    if not definitions or _DEFINITION.search(premise):
        return premise
    done: set[str] = set()
    parts: list[str] = []
    last = 0
    for m in _MENTION.finditer(premise):
        rank = _rank(m.group("rank"))
        if rank in done or rank not in definitions:
            continue
        done.add(rank)
        parts += [premise[last : m.end()], f" ({definitions[rank]})"]
        last = m.end()
    return "".join(parts) + premise[last:]
