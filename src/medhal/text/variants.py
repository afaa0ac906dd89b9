"""A variant of a named thing swapped for another the evidence names (issue 14, round 50): "troponin I" where the
evidence measures troponin T, "mitral stenosis" where it reports aortic stenosis (and mitral regurgitation).

Entity substitution is one of seed 000 §3's four kinds of localizable error.  Swapped among the evidence's own names,
the substitute keeps every word the encoder weighs and is read as entailed; the words are the evidence's, so the
unstated-name rule (:mod:`medhal.text.names`) saw nothing new either.  Two narrow readings, each measured before
wiring on ~14,000 faithful clauses (clinical pairs, rounds 23-50, PubMedQA's conclusions, MedHal-Loc dev; none
fires):

* :func:`lettered_swaps`: a word followed by a capital letter naming its variant ("troponin I", "hepatitis B",
  "Child-Pugh C"), where the evidence letters that word only otherwise;
* :func:`qualifier_swaps`: a qualifier of a closed, mutually exclusive set (the heart's valves, the forearm's and
  the leg's paired bones, systolic / diastolic, proximal / distal, ...) before a word the evidence qualifies only
  with another of the set, and never with the unit's.

What either returns is a name the evidence does not give: :func:`medhal.text.names.unstated_names` reports it, so
the unit is never ``supported`` and flags its answer; it never contradicts.
"""

from __future__ import annotations

import re

from medhal.text.tokens import STEM_PREFIX

__all__ = ["lettered_swaps", "qualifier_swaps", "variant_swaps"]


def variant_swaps(unit: str, evidence: str) -> tuple[str, ...]:
    """The swapped variants of ``unit`` (:func:`lettered_swaps`, then :func:`qualifier_swaps`)."""
    return lettered_swaps(unit, evidence) + qualifier_swaps(unit, evidence)


_LETTERED = re.compile(r"\b([A-Za-z][a-z]{3,})\s+(?:(?:class|grade|stage|type|group)\s+)?([A-Z])(?![\w'’-])")
"""A name with a letter for its variant ("troponin I", "hepatitis B", "vitamin D", "Child-Pugh (class) C")."""
_MORE_LETTERS = re.compile(r"\s*(?:,|/|\band\b|\bor\b)\s*([A-Z])(?![\w'’-])")
"""A further letter after a lettered name, the name left out ("hepatitis B and C", "troponin I/T")."""
_HEPATITIS_MARKER = re.compile(r"\b(?:anti-)?H([A-E])(?:V|sAg|sAb|cAb|eAg|eAb|c)\b")
"""A hepatitis virus named by itself or its markers ("HBV", "HBsAg", "anti-HBc", "anti-HCV")."""
_VIT = re.compile(r"\bvit\.?\s+(?=[A-Z]\b)", re.IGNORECASE)
_HEP = re.compile(r"\bhep\.?\s+(?=[A-E]\b)", re.IGNORECASE)
"""A note's "Hep A IgM neg" names hepatitis A (round 135)."""
_LABELLED = re.compile(r"\b(?:class|grade|stage|type|group)\s+([A-Z])(?![\w'’-])")
_NOT_NAME_WORDS = (
    "against with without from into than that this these those were have over under about after before between "
    "versus plus only both each which while when where what"
)
_NOT_NAMES = frozenset(_NOT_NAME_WORDS.split())
"""Words a letter may follow that name nothing ("how well it worked against B")."""


def lettered_swaps(unit: str, evidence: str) -> tuple[str, ...]:
    """The lettered names of ``unit`` (:data:`_LETTERED`) whose word the evidence gives only with other letters
    ("troponin I" where the evidence measures "troponin T"; round 50): one variant swapped for another, which the
    encoder reads as the same words.  A word the evidence never letters is left to the other rules.

    >>> lettered_swaps("High-sensitivity troponin I is measured on arrival.", "hs troponin T at 0 and 1 hour")
    ('troponin I',)
    >>> lettered_swaps("Troponin T and troponin I", "troponin T or troponin I"), lettered_swaps("the results I saw", "")
    ((), ())
    >>> lettered_swaps("hepatitis B and C tests", "Hepatitis B, hepatitis C and HIV serology")
    ()
    >>> lettered_swaps("HIV, hepatitis B and hepatitis C tests were negative", "hepatitis B and C serology negative")
    ()
    >>> lettered_swaps("including Child-Pugh C cirrhosis", "Child-Pugh A or B; avoid in Child-Pugh class C")
    ()
    >>> lettered_swaps("negative hepatitis B", "HBsAg and anti-HBc negative, hepatitis C and HIV negative")
    ()
    >>> lettered_swaps("negative hepatitis B", "hepatitis C and HIV negative")
    ('hepatitis B',)
    >>> lettered_swaps("including hepatitis A, B and C", "Hep A IgM neg, HBsAg neg, HCV Ab neg; HEV IgM +ve")
    ()
    >>> lettered_swaps("Child-Pugh B with bleeding", "Child–Pugh class C (10–13 points) or class B (8–9 points)")
    ()
    """
    evidence = _VIT.sub("vitamin ", evidence)  # "Phytomenadione (vit K)" letters vitamin K (round 123)
    evidence = _HEP.sub("hepatitis ", evidence)
    given: dict[str, set[str]] = {}
    for m in _LETTERED.finditer(evidence):
        given.setdefault(m.group(1).lower(), set()).add(m.group(2))
        end = m.end()  # "hepatitis B and C serology": C is hepatitis's too (round 61)
        while (more := _MORE_LETTERS.match(evidence, end)) is not None:
            given[m.group(1).lower()].add(more.group(1))
            end = more.end()
    for m in _HEPATITIS_MARKER.finditer(evidence):  # "HBsAg and anti-HBc negative": hepatitis B (round 84)
        given.setdefault("hepatitis", set()).add(m.group(1))
    for m in _LABELLED.finditer(evidence):  # "Child-Pugh class C ... or class B": B is Child-Pugh's too
        for letters in given.values():
            letters.add(m.group(1))
    return tuple(
        f"{m.group(1)} {m.group(2)}"
        for m in _LETTERED.finditer(unit)
        if m.group(1).lower() not in _NOT_NAMES
        and given.get(m.group(1).lower())
        and m.group(2) not in given[m.group(1).lower()]
    )


_QUALIFIER_SETS: tuple[frozenset[str], ...] = tuple(
    frozenset(words.split())
    for words in (
        "mitral aortic tricuspid pulmonary pulmonic",
        "radial ulnar",
        "tibial fibular",
        "systolic diastolic",
        "proximal distal",
        "maternal paternal",
        "benign malignant",
        "ischaemic ischemic haemorrhagic hemorrhagic",
    )
)
_SAME = {"ischemic": "ischaemic", "hemorrhagic": "haemorrhagic", "pulmonic": "pulmonary"}
_QUALIFIED = re.compile(
    r"\b(" + "|".join(sorted(set().union(*_QUALIFIER_SETS), key=len, reverse=True)) + r")\s+([a-z]{4,})\b",
    re.IGNORECASE,
)


_STRUCTURES = frozenset({"valve", "arter", "veins", "annul", "leafl", "orifi", "nerve", "bones"})
"""Heads that name the structure itself, which every qualifier of its set has ("the leak through her mitral valve"
for the evidence's "mitral regurgitation", beside its "aortic valve"): what is said of it is read elsewhere."""


def _pairs(text: str) -> set[tuple[str, str]]:
    """The (qualifier, head stem) pairs of ``text``."""
    return {
        (_SAME.get(m.group(1).lower(), m.group(1).lower()), m.group(2).lower()[:STEM_PREFIX])
        for m in _QUALIFIED.finditer(text)
    }


def qualifier_swaps(unit: str, evidence: str) -> tuple[str, ...]:
    """The qualified words of ``unit`` whose head the evidence qualifies only with another qualifier of the same
    set (module docstring).

    >>> evidence = "Severe aortic stenosis (peak velocity 4.3 m/s); mild mitral regurgitation."
    >>> qualifier_swaps("His mitral stenosis has progressed.", evidence), qualifier_swaps("aortic stenosis", evidence)
    (('mitral stenosis',), ())
    >>> qualifier_swaps("a distal radius fracture", "a fracture of the distal radius")
    ()
    >>> qualifier_swaps("the leak through her mitral valve has eased", evidence + " Aortic valve: calcified.")
    ()
    >>> qualifier_swaps("the proximal bone margin was clear", "Distal bone: MSSA. Proximal margin: no growth.")
    ()
    """
    given = _pairs(evidence)
    found: list[str] = []
    for m in _QUALIFIED.finditer(unit):
        qualifier = _SAME.get(m.group(1).lower(), m.group(1).lower())
        head = m.group(2).lower()[:STEM_PREFIX]
        rivals = next(s for s in _QUALIFIER_SETS if qualifier in s) - {qualifier}
        if head in _STRUCTURES or (qualifier, head) in given or _qualifies_through(evidence, qualifier, head):
            continue  # "systolic pressure" for "systolic blood pressure" beside "diastolic pressure" (round 57)
        after = _NEXT_WORD.match(unit, m.end())
        if after and (qualifier, after.group(1).lower()[:STEM_PREFIX]) in given:
            continue  # "the proximal bone margin" for "Proximal margin" beside "Distal bone" (round 97)
        if any((r, head) in given for r in rivals):
            found.append(m.group(0))
    return tuple(found)


_NEXT_WORD = re.compile(r"\s+([a-z]{4,})\b", re.IGNORECASE)


def _qualifies_through(evidence: str, qualifier: str, head: str) -> bool:
    """Whether ``evidence`` puts ``qualifier`` before ``head`` with one word between ("systolic blood pressure")."""
    forms = [q for q, same in (*_SAME.items(), (qualifier, qualifier)) if same == qualifier] + [qualifier]
    pattern = r"\b(?:" + "|".join(map(re.escape, set(forms))) + r")\s+[a-z]+\s+" + re.escape(head)
    return re.search(pattern, evidence, re.IGNORECASE) is not None
