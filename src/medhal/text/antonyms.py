"""A qualifier swapped for the one the evidence uses instead (issue 14, rounds 34-36).

"for emergency colorectal resections" where every resection was elective, "open surgery" for a laparoscopic
("keyhole") operation: an entity substitution a small encoder reads as entailed, since the two texts share every
other word.  A clinician reads the opposite setting or approach.

:func:`swapped_qualifier` fires, narrowly, on pairs of qualifiers no one case can have both of, in its setting or
approach: elective / emergency (urgent), laparoscopic (keyhole, minimally invasive, robotic, endovascular) / open
surgery (not a transcatheter valve against "surgical" replacement, which a faithful answer calls open surgery: round
177), first-line / second-line treatment, and deaths of any cause / cardiovascular deaths (round 45).  The unit says one
side; the evidence never says that side and says the other: the first sentence that says it contradicts the unit.
An evidence that says both (a trial of laparoscopic against open repair) contradicts neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["swapped_qualifier"]

_OPEN = (
    r"\bopen\s+(?:[a-z]+\s+)?(?:surgery|surgical|repair|procedures?|operations?|approach|resections?|appendectom\w*|"
    r"appendicectom\w*|cholecystectom\w*|colectom\w*|hysterectom\w*|nephrectom\w*|prostatectom\w*|hernia)"
    r"|\bconver(?:sion|ted|t|ting)\s+to\s+(?:an?\s+)?open\b"  # "conversion to open (<5%)" (round 82)
)
_URGENT = (
    r"\b(?:emergency|emergent|urgent)\b(?!\s+(?:department|dept|room|services?|unit|care|admissions?|number|contact"
    r"|helpline|line|attendance|team|advice|review|assessment|appointment|referral|help)\b)"
)
"""An emergency or urgent operation; not the emergency department or urgent advice a leaflet sends one to ("go to the
emergency department" where the operation is elective: round 82)."""
_PAIRS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = tuple(
    (re.compile(a, re.IGNORECASE), re.compile(b, re.IGNORECASE))
    for a, b in (
        (r"\belective\b", _URGENT),
        (  # a conversion to open surgery starts as keyhole surgery (round 101); an endovascular repair is the
            # "keyhole repair from inside the vessel" open repair is compared with (round 193)
            r"\b(?:laparoscop\w*|keyhole|minimally[- ]invasive|robotic\w*|robot-assisted|endovascular\w*)"
            r"|(?-i:\bT?EVAR\b)"  # "Anatomy suitable for standard EVAR" (round 85)
            r"|\bconver(?:sion|ted|t|ting)\s+to\s+(?:an?\s+)?open\b",
            _OPEN,
        ),
        (r"\bfirst[- ]line\b", r"\bsecond[- ]line\b"),
        # deaths of any cause for the cardiovascular deaths a composite counts ("all-cause death or heart failure
        # hospitalisation" where the outcome was cardiovascular death or hospitalisation: round 45), and back
        (
            r"\b(?:all[- ]cause|any[- ]cause|overall)\s+(?:death|deaths|mortality)\b"
            r"|\bdeaths?\s+(?:from|of)\s+any\s+cause",
            r"\b(?:cardiovascular|cardiac|CV)\s+(?:death|deaths|mortality)\b",
        ),
    )
)


def swapped_qualifier(unit: str, sentences: Sequence[str]) -> int | None:
    """The first of ``sentences`` that says the other side of a qualifier ``unit`` says, where no sentence says the
    unit's side (module docstring); ``None`` otherwise.

    >>> evidence = ["Adults undergoing elective colorectal resection were enrolled.", "Stay was 4 days."]
    >>> swapped_qualifier("It shortened stays after emergency colorectal resections.", evidence)
    0
    >>> print(swapped_qualifier("It shortened stays after elective colorectal resections.", evidence))
    None
    >>> print(swapped_qualifier("Laparoscopic repair was faster.", ["Laparoscopic and open repair were compared."]))
    None
    >>> print(swapped_qualifier("by keyhole surgery,", ["Risks: bleeding, conversion to open surgery."]))
    None
    >>> swapped_qualifier("After open surgery, two days sufficed.", ["All patients had laparoscopic appendectomy."])
    0
    >>> aorta = ["1 of 19 died after open repair; there were no deaths after endovascular repair."]
    >>> print(swapped_qualifier("but nobody died after the keyhole repair.", aorta))
    None
    >>> print(swapped_qualifier("suitable for endovascular repair (EVAR),", ["Open repair vs EVAR discussed."]))
    None
    >>> print(swapped_qualifier("assigned to coiling or to open surgery to clip the aneurysm.",
    ...                         ["Endovascular coiling versus microsurgical clipping: a randomised trial"]))
    None
    """
    for one, other in _PAIRS:
        for said, instead in ((one, other), (other, one)):
            if not said.search(unit) or instead.search(unit):
                continue
            if any(said.search(s) for s in sentences):
                continue
            found = next((i for i, s in enumerate(sentences) if instead.search(s)), None)
            if said.pattern == _OPEN and any(instead.search(s) and _SURGICAL.search(s) for s in sentences):
                continue  # "coiling or open surgery to clip" for "coiling versus microsurgical clipping" (round 246)
            if found is not None:
                return found
    return None


_SURGICAL = re.compile(r"\b(?:micro)?surg(?:ical|ery)\b", re.IGNORECASE)
"""Surgery named beside the keyhole or endovascular approach it is compared with: the open arm of the comparison."""
