"""A finding claimed for people the study excluded (issue 14).

"The benefit was greatest in patients with septic shock" about a trial whose methods say "Patients with influenza
or septic shock were excluded" reports a result the study cannot have: none of its patients had septic shock.  The
encoder reads the answer as entailed (the words are the evidence's); a clinician reads an extrapolation to exactly
the patients the trial left out, the error that harms them.

:func:`excluded_population` is kept narrow:

* an evidence sentence says who was excluded: "patients with X, Y or Z were excluded" (or "ineligible", "not
  included", "not enrolled"), or "we excluded patients with X"; each listed item ("influenza", "septic shock") is one
  excluded population, read as content stems;
* the unit names, after "with" / "who had", every stem of one such item ("in patients with septic shock"), says
  something happened to them or an effect on them (:func:`medhal.text.findings.asserts_effect`,
  :func:`~medhal.text.findings.asserts_occurrence`, a benefit / harm / response, or that a treatment is the
  preferred or recommended one for them), and does not itself say they were left out ("were not included",
  "excluded", "without");
* no other evidence sentence names the item: a population excluded from one analysis and reported in another is
  not left out of the evidence.

An age bound is an item too: "The test worked best in children younger than 12 years" against "Children younger than
12 years were not included" (the same bound, the same way).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.findings import asserts_effect, asserts_occurrence
from medhal.text.scope import population_stems, population_terms

__all__ = ["excluded_items", "excluded_population", "states_exclusion"]

_WHO = r"(?:patients|participants|adults|children|infants|women|men|people|persons|individuals|those|subjects)"
_EXCLUDED = re.compile(
    _WHO + r"\s+(?:with|who\s+had|who\s+were|receiving|taking)\s+(?P<a>[^.;:()]{3,160}?)\s+(?:were|was)\s+"
    r"(?:also\s+)?(?:excluded|ineligible|not\s+eligible|not\s+included|not\s+enrolled)\b"
    r"|\b(?:we\s+)?excluded\s+(?:all\s+)?" + _WHO + r"\s+(?:with|who\s+had)\s+(?P<b>[^.;:()]{3,160})",
    re.IGNORECASE,
)
"""Who a sentence says the study left out, and the list of what they had."""
_AGE = (
    r"(?:aged\s+)?(?P<cmp>younger|older|under|over|below|above|less|more)\s+(?:than\s+)?(?P<n>\d+)\s*"
    r"(?:years?|months?|yrs?)\b(?:\s+(?:of\s+age|old))?"
)
_AGE_EXCLUDED = re.compile(
    _WHO + r"\s+" + _AGE + r"\s+(?:were|was)\s+(?:also\s+)?(?:excluded|ineligible|not\s+eligible|not\s+included|"
    r"not\s+enrolled)\b",
    re.IGNORECASE,
)
"""An age bound a sentence says the study left out ("Children younger than 12 years were not included")."""
_AGE_NAMED = re.compile(r"\b" + _AGE, re.IGNORECASE)
_YOUNGER = frozenset({"younger", "under", "below", "less"})
_ITEM = re.compile(r",\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", re.IGNORECASE)
_LEFT_OUT = re.compile(
    r"\b(?:exclud\w*|ineligible|not\s+(?:eligible|included|enrolled|studied|recruited)|without|except)\b", re.I
)
_BENEFIT = re.compile(
    r"\b(?:benefit\w*|harm\w*|respon\w*|effective|helped|worked|preferred|recommended|indicated|first-line|"
    r"(?:treatment|drug|option)\s+of\s+choice)\b",
    re.IGNORECASE,
)


_EXCLUDING = re.compile(r"\bexclu(?:ded|sion)\b|\b(?:ineligible|not\s+eligible)\b", re.IGNORECASE)


def states_exclusion(sentence: str) -> bool:
    """Whether ``sentence`` says whom the study left out ("Patients with an uncontrolled source ... were excluded"):
    what the excluded had, the enrolled did not, so its "un-" words deny nothing the unit says of the enrolled
    (round 23).

    >>> states_exclusion("Patients with an uncontrolled source were excluded."), states_exclusion("Pain fell.")
    (True, False)
    """
    return _EXCLUDING.search(sentence) is not None


def _ages(text: str) -> frozenset[str]:
    """The age bounds ``text`` names, as marks ("<12" for "younger than 12 years")."""
    return frozenset(
        ("<" if m.group("cmp").lower() in _YOUNGER else ">") + m.group("n") for m in _AGE_NAMED.finditer(text)
    )


def excluded_items(sentence: str) -> list[frozenset[str]]:
    """The populations ``sentence`` says were excluded, one set of stems per listed item.

    >>> [sorted(i) for i in excluded_items("Patients with influenza or septic shock were excluded.")]
    [['influ'], ['septi', 'shock']]
    >>> excluded_items("Patients with septic shock were treated first.")
    []
    >>> excluded_items("Children younger than 12 years were not included.")
    [frozenset({'<12'})]
    """
    items: list[frozenset[str]] = [_ages(m.group(0)) for m in _AGE_EXCLUDED.finditer(sentence)]
    for m in _EXCLUDED.finditer(sentence):
        listed = m.group("a") or m.group("b") or ""
        items.extend(s for s in (population_stems(part) for part in _ITEM.split(listed)) if s)
    return items


def excluded_population(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence excluding a population ``unit`` claims a finding for (module docstring), or ``None``.

    >>> evidence = ["Adults with severe pneumonia were randomly assigned to hydrocortisone or placebo.",
    ...             "Patients with influenza or septic shock were excluded.",
    ...             "Hydrocortisone reduced death at 28 days."]
    >>> excluded_population("The benefit was greatest in patients with septic shock.", evidence)
    1
    >>> excluded_population("People with influenza or septic shock were not included.", evidence) is None
    True
    """
    if _LEFT_OUT.search(unit) or not (asserts_effect(unit) or asserts_occurrence(unit) or _BENEFIT.search(unit)):
        return None
    named = population_terms(unit)[0] | _ages(unit)
    if not named:
        return None
    for i, sentence in enumerate(sentences):
        for item in excluded_items(sentence):
            # the unit names the whole item, or two or more of its words and no others ("severe dementia" for
            # "dementia severe enough to prevent participation")
            if (item <= named or (len(named) >= 2 and named <= item)) and not any(
                item <= population_stems(other) | _ages(other) for k, other in enumerate(sentences) if k != i
            ):
                return i
    return None
