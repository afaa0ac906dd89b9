"""A count of people moved to the other trial arm: "Two people on placebo developed impulse-control symptoms" where the
evidence says "Two participants receiving pramipexole developed impulse-control symptoms" (issue 14, round 23).

A small encoder reads such a unit as entailed: every word of it but the arm's name is in the sentence, and the arm
the sentence names is the other one of the two the methods name (:func:`medhal.text.arms.trial_arms`).  A clinician
reads harm put on the wrong arm as a wrong statement.  :func:`moved_count` is the deterministic cue, kept narrow
(precision over recall):

* the unit says "N <people> on / receiving / given / taking / in the / treated with <arm> <verb> <event>", naming
  exactly one of the two arms, with N a number (digits or a word up to twelve);
* a part of an evidence sentence (:func:`medhal.text.findings.finding_parts`) says the same of the other arm: the
  same N, people on the other arm, and every content stem of the unit's event (the words after its verb up to a
  clause break: "developed impulse-control symptoms"), while it never names the unit's arm;
* no evidence sentence says N of the unit's arm with that event.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.arms import ON_ARM, PEOPLE
from medhal.text.findings import finding_parts
from medhal.text.synonyms import alignment_tokens

__all__ = ["CountedEvent", "counted_events", "moved_count"]

_NUMBERS = {
    w: n
    for n, w in enumerate(
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"],
    )
}
_VERB = (
    r"(?:developed|had|experienced|reported|died|stopped|discontinued|withdrew|needed|required|suffered|"
    r"were|was)"
)
_COUNTED = re.compile(
    r"(?<![\w.-])(?P<count>\d+|" + "|".join(_NUMBERS) + r")\s+(?:\(\s*\d+(?:\.\d+)?\s*%\s*\)\s+)?"
    r"(?:of\s+the\s+)?(?:\w+\s+)?" + PEOPLE + r"\s+" + ON_ARM + r"\s+(?:the\s+)?"
    r"(?P<arm>[\w\-/+.]+(?:\s+[\w\-/+.]+){0,4}?)(?:\s+(?:group|arm))?\s+"
    r"(?P<verb>" + _VERB + r")\b(?P<event>[^.;,()]*)",
    re.IGNORECASE,
)
_BARE_VERBS = alignment_tokens("were was had")
"""A verb that names no event by itself ("two patients on placebo were ...")."""
_EVENT_END = re.compile(r"\s(?:that|which|who|when|because|after|and|but|while|whereas)\s", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class CountedEvent:
    """ "N people on an arm had an event": the count, which of the two arms (0 or 1) and the event's stems."""

    count: int
    arm: int
    event: frozenset[str]


def counted_events(text: str, arms: tuple[str, str]) -> list[CountedEvent]:
    """Each count of people on one of ``arms`` with the event they had that ``text`` states.

    >>> arms = ("pramipexole", "placebo")
    >>> [(e.count, e.arm, sorted(e.event)) for e in counted_events(
    ...     "Two participants receiving pramipexole developed impulse-control symptoms, which resolved.", arms)]
    [(2, 0, ['contr', 'devel', 'impul', 'sympt'])]
    """
    found = []
    for m in _COUNTED.finditer(text):
        count = m.group("count").lower()
        n = int(count) if count.isdigit() else _NUMBERS[count]
        named = alignment_tokens(m.group("arm"))
        which = [i for i, arm in enumerate(arms) if (tokens := alignment_tokens(arm)) and tokens <= named]
        event_text = m.group("verb") + _EVENT_END.split(f"{m.group('event')} ", maxsplit=1)[0]
        event = alignment_tokens(event_text)
        if len(which) == 1 and event - _BARE_VERBS:
            found.append(CountedEvent(n, which[0], event))
    return found


def moved_count(unit: str, sentences: Sequence[str], arms: tuple[str, str] | None) -> int | None:
    """The first evidence sentence saying of the other arm the count of people and event ``unit`` gives one arm
    (module docstring); ``None`` when none does.

    >>> arms = ("pramipexole", "placebo")
    >>> evidence = ["Two participants receiving pramipexole developed impulse-control symptoms, which resolved."]
    >>> moved_count("Two people on placebo developed impulse-control symptoms that settled.", evidence, arms)
    0
    >>> print(moved_count("Two people on pramipexole developed impulse-control symptoms.", evidence, arms))
    None
    >>> print(moved_count("Three people on placebo developed impulse-control symptoms.", evidence, arms))
    None
    """
    if arms is None:
        return None
    own = counted_events(unit, arms)
    if len(own) != 1:
        return None
    claim = own[0]
    mine = alignment_tokens(arms[claim.arm])
    moved: int | None = None
    for i, sentence in enumerate(sentences):
        for part in finding_parts(sentence):
            for said in counted_events(part, arms):
                if said.count != claim.count or not claim.event <= alignment_tokens(part):
                    continue
                if said.arm == claim.arm:
                    return None  # the evidence says it of the unit's arm too
                if moved is None and not mine <= alignment_tokens(part):
                    moved = i
    return moved
