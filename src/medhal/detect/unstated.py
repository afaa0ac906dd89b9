"""The cues of what a unit states that its evidence never does (issue 14), gathered for the aligned verdict rule of
:mod:`medhal.detect.decomposed`: a unit with any of them is never `supported`, and any but unadvised advice flags
its answer.

* an exact figure the evidence states nowhere, not even rounded or converted
  (:func:`medhal.text.figures.unstated_quantities`);
* a compared measure or a changed outcome the evidence never names (:func:`medhal.text.unnamed.unnamed_subject`,
  :func:`medhal.text.effects.unnamed_outcome`);
* superiority claimed from a non-inferiority result (:func:`medhal.text.designs.overstated_superiority`);
* a name the evidence never gives: an acronym, a proper noun, a drug (:func:`medhal.text.names.unstated_names`);
* an effect said to differ in a subgroup the evidence reports nothing on
  (:func:`medhal.text.subgroup_claims.unreported_subgroup`);
* a cause or mechanism the evidence never states, "as a result of reduced intraglomerular pressure"
  (:func:`medhal.text.explanations.unstated_cause`);
* an effect said to have lasted to a time when the evidence says nothing of how long any effect lasted, "the
  benefit persisted at 24 months" (:func:`medhal.text.durability.unreported_durability`);
* advice where the evidence gives none (:func:`medhal.text.recommendations.unadvised`): never `supported`, but it
  does not flag the answer (an answer may add a recommendation of its own; the verdict says it is its own);
* a finding the evidence only asks about, as its aim or hypothesis (:func:`medhal.detect.hypothesised.hypothesised`):
  never `supported`, and no flag (the results may say it in other words).

Each is deterministic and read from the unit's text and the evidence alone; :meth:`UnstatedCues.record` gives the
unit record's keys (``unstated_figures``, ``unnamed_subject``, ``unstated_names``, ``overstated``, ``unadvised``,
``unreported_subgroup``, ``unstated_cause``, ``unreported_durability``, ``hypothesised``), which
:func:`medhal.detect.cue_notes.describe` puts in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from medhal.detect.alignment import EvidenceIndex
from medhal.detect.asked import asked_figure, asked_figures, asked_name
from medhal.detect.hypothesised import hypothesised
from medhal.detect.records import JSONObject
from medhal.text.designs import overstated_superiority
from medhal.text.durability import promised_outcome, unreported_durability
from medhal.text.effects import unnamed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.frequency import interval_stated
from medhal.text.names import unstated_names
from medhal.text.quantities import Quantity
from medhal.text.recommendations import unadvised
from medhal.text.significance import is_null_value
from medhal.text.subgroup_claims import unreported_subgroup
from medhal.text.term_figures import figure_in_term
from medhal.text.unnamed import unnamed_subject

__all__ = ["UnstatedCues", "unstated_cues"]


@dataclass(frozen=True, slots=True)
class UnstatedCues:
    """What one unit states that its evidence never does (module docstring)."""

    figures: tuple[Quantity, ...]
    unnamed: str | None
    overstated: int | None
    """The index of the evidence sentence that shows non-inferiority only."""
    names: tuple[str, ...]
    subgroup: str | None
    advised: bool
    cause: str | None = None
    """The explanation the unit gives that the evidence never states."""
    lasted: str | None = None
    """The unit's words saying an effect lasted, when the evidence says nothing of durability."""
    asked: int | None = None
    """The index of the evidence sentence that only asks what the unit asserts (an aim or hypothesis)."""

    @property
    def flags(self) -> bool:
        """Whether the unit's answer is flagged for it: any cue but unadvised advice."""
        return bool(self.figures or self.names) or any(
            cue is not None for cue in (self.unnamed, self.overstated, self.subgroup, self.cause, self.lasted)
        )

    @property
    def unsupported(self) -> bool:
        """Whether the unit may not be `supported`: any cue."""
        return self.flags or self.advised or self.asked is not None

    def record(self, index: EvidenceIndex) -> JSONObject:
        """The unit record's keys for these cues (module docstring)."""
        return {
            "unstated_figures": [q.text for q in self.figures],
            "unnamed_subject": self.unnamed,
            "unstated_names": list(self.names),
            "overstated": None if self.overstated is None else index.sentences[self.overstated],
            "unadvised": self.advised,
            "unreported_subgroup": self.subgroup,
            "unstated_cause": self.cause,
            "unreported_durability": self.lasted,
            "hypothesised": None if self.asked is None else index.sentences[self.asked],
        }


def unstated_cues(
    unit: str,
    evidence: str,
    index: EvidenceIndex,
    named: frozenset[str],
    *,
    before: str = "",
    after: str = "",
    question: str | None = None,
) -> UnstatedCues:
    """The cues of ``unit`` against ``evidence`` (``index``: its :class:`EvidenceIndex`; ``named``: the union of its
    sentences' alignment tokens, what the evidence names; ``before``: the answer's text before the unit, whose last
    words may hedge or complete its first figure (the last 32 characters are read for that) and whose sentence may
    open an inquiry the unit goes on ("To investigate whether controls | and depressed subjects are at higher risk");
    ``after``: the text just after it, whose relative clause may say which
    subgroup the unit names, "The benefit was concentrated in programmes | where a pharmacist ... adjusted the
    medication": round 45).  A figure or a name the
    ``question`` the answer answers gives is the user's, not one the answer invents ("which for a 14 kg child comes
    to 98 mg per dose" for "My 3-year-old weighs 14 kg": round 54)."""
    if _CITATION.search(unit):  # "Geriatr Gerontol Int 2016; 16: 1138-1144.": where it was published, no claim
        return UnstatedCues((), None, None, (), None, False)
    relative = _RELATIVE.match(after)
    asked = asked_figures(question)  # the user's own figures and names (detect/asked.py)
    return UnstatedCues(
        figures=tuple(  # "doses spaced about six hours apart" for "four times a day" (round 53)
            q
            for q in unstated_quantities(unit, index.quantities, before=before[-32:], after=after, opened=before)
            if not interval_stated(unit, q, evidence)
            and not asked_figure(q, unit, asked, index.quantities)
            and not figure_in_term(unit, q, evidence)  # "half of the thyroid" for "hemithyroidectomy" (round 96)
            and not is_null_value(unit, q)  # "where the confidence interval crossed 1" (round 157)
        ),
        # a comparison of a measure, or a change in an outcome, the evidence never names is not supported by it
        unnamed=unnamed_subject(unit, evidence, named) or unnamed_outcome(unit, evidence, named),
        overstated=overstated_superiority(unit, index.sentences),
        names=tuple(  # "HARI" for "SPI", a drug it never names
            n for n in unstated_names(unit, evidence, named) if not asked_name(n, question)
        ),
        # "the benefit was largest in patients over 75"
        subgroup=unreported_subgroup(unit.rstrip(" ,") + (relative.group() if relative else ""), index.sentences),
        advised=unadvised(unit, index.sentences),
        cause=unstated_cause(unit, named, evidence),  # "as a result of reduced intraglomerular pressure"
        # "and the benefit persisted at 24 months"; "expect the clots to clear completely" (rounds 118-136)
        lasted=unreported_durability(unit, index.sentences) or promised_outcome(unit, index.sentences),
        asked=hypothesised(unit, index, before),  # "X reduces delirium" where the evidence only tested whether it does
    )


_CITATION = re.compile(r"\b(?:19|20)\d{2}\s*;\s*\d+\s*(?:\(\d+\))?\s*:\s*[A-Za-z]?\d+(?:\s*[-–]\s*\d+)?\b")
"""A journal reference: year; volume(issue): pages."""
_RELATIVE = re.compile(r"\s*(?:where|in\s+which|who|whose|that)\b[^,;.()]*", re.IGNORECASE)
"""A relative clause opening the text after a unit: it says which people or programmes the unit's last word names."""
