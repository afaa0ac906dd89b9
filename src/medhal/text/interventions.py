"""Treatments named as the groups a finding compares: "Candesartan and propranolol did not differ in efficacy" is a
head-to-head null finding about the two drugs, not two null findings, one about each (issue 14).

Two items joined by "and" before "did not differ" are usually two outcomes ("Hypercalcemia and kidney stones did not
differ": a null finding about each), and a per-item reading then contradicts any effect on either.  When both items
are treatments, that reading is wrong: the trial compared them, and "propranolol slowed the heart rate by 11 beats a
minute" or "candesartan caused dizziness more often than placebo" says nothing against it.  Only a unit that sets the
two against each other ("candesartan reduced migraine days more than propranolol") contradicts such a finding.

A treatment is recognised by the name alone, deterministically: "placebo", "usual / standard care", or one word
ending in a stem of the WHO International Nonproprietary Names scheme ("-sartan", "-olol", "-gliflozin", "-mab",
...), optionally followed by a dose ("candesartan 16 mg").  Names outside the scheme (brand names, "aspirin",
"metformin") are recognised only where the scheme's stem covers them; an unrecognised pair keeps the per-item
reading, so the rule only ever narrows what a null finding contradicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Set

__all__ = ["INN_STEMS", "compares_groups", "is_treatment", "treatment_pair"]

INN_STEMS = (
    "sartan olol alol ilol pril prilat gliflozin gliptin glutide glinide glitazone formin statin vastatin parin xaban"
    " gatran grel azole prazole conazole cillin cef mycin micin floxacin cycline vir previr buvir asvir tegravir"
    " dipine pamil triptan setron lukast dronate caine afil tide mab nib tinib ciclib platin rubicin taxel zepam"
    " zolam oxetine pramine triptyline apine idone peridol profen fenac coxib terol tropium sone olone nisolone"
    " semide thiazide tiazide mide zosin pressin tocin relin mustine trexate fungin penem bactam oxacin"
)
"""Stems of the WHO International Nonproprietary Names scheme, space-separated."""
_TREATMENT = re.compile(
    r"^(?:the\s+)?(?:placebo|usual\s+care|standard\s+care|sham|"
    r"\d+(?:\.\d+)?\s*(?:mg|g|mcg|µg|units?|iu)(?:/(?:kg|day|d))?(?:\s+doses?)?|"  # "the 70 mg and 140 mg doses"
    r"[a-z]*(?:" + "|".join(sorted(set(INN_STEMS.split()), key=len, reverse=True)) + r"))"
    r"(?:\s+\d+(?:\.\d+)?\s*(?:mg|g|mcg|µg|units?|iu)(?:/(?:kg|day|d))?)?"
    r"(?:\s+(?:alone|therapy|treatment|monotherapy|groups?|arms?))?$",
    re.IGNORECASE,
)
_PAIR = re.compile(
    r"^(?:[A-Z][a-z]+:\s*)?(?:(?:and|but|while|whereas|yet)\s+)?(?P<a>[\w-]+(?:\s+[\w./-]+){0,3}?)\s+and\s+(?P<b>[\w-]+(?:\s+[\w./-]+){0,3}?)\s+"
    r"(?:did\s+not|didn't|were\s+not|was\s+not|were|performed|had)\s+"
    r"(?:\w+ly\s+)?(?:differ|similar|comparable|equivalent|equally|alike|no\s+different)\b",
    re.IGNORECASE,
)
_COMPARATOR = re.compile(r"\b(?:than|compared\s+(?:with|to)|versus|vs\.?|relative\s+to|over)\s", re.IGNORECASE)


def is_treatment(text: str) -> bool:
    """Whether ``text`` is a treatment by its name alone (module docstring).

    >>> [is_treatment(t) for t in ("candesartan 16 mg", "placebo", "kidney stones", "hypercalcemia")]
    [True, True, False, False]
    """
    return _TREATMENT.match(text.strip()) is not None


def treatment_pair(piece: str) -> tuple[str, str] | None:
    """The two treatments ``piece`` names before a verb of no difference ("Candesartan and propranolol did not
    differ in efficacy"), or ``None``.

    >>> treatment_pair("Candesartan and propranolol did not differ in efficacy.")
    ('Candesartan', 'propranolol')
    >>> treatment_pair("The 70 mg and 140 mg doses did not differ significantly (p=0.52).")
    ('The 70 mg', '140 mg doses')
    >>> treatment_pair("Hypercalcemia and kidney stones did not differ.") is None
    True
    """
    m = _PAIR.match(piece.strip())
    if m is None or not (is_treatment(m.group("a")) and is_treatment(m.group("b"))):
        return None
    return m.group("a"), m.group("b")


def compares_groups(unit: str, groups: Set[str], stems: Callable[[str], Set[str]]) -> bool:
    """Whether ``unit`` sets the two ``groups`` (their stems) against each other: one named before a comparator
    ("than", "compared with", "versus") and the other after it.  ``stems``: the caller's stemmer
    (:func:`medhal.text._finding_subjects.stems`, passed in so that this module stays a leaf).

    >>> from medhal.text._finding_subjects import stems
    >>> groups = stems("candesartan propranolol")
    >>> compares_groups("candesartan cut migraine days more than propranolol", groups, stems)
    True
    >>> compares_groups("candesartan cut migraine days more than placebo", groups, stems)
    False
    """
    if not groups:  # "between the two antibiotics": any comparison may be of the two (round 200)
        return _COMPARATOR.search(unit) is not None
    for m in _COMPARATOR.finditer(unit):
        before, after = set(stems(unit[: m.start()])) & groups, set(stems(unit[m.end() :])) & groups
        if before and after and before | after == set(groups):
            return True
    return False
