"""A drug given a dose the evidence never gives it (issue 14, round 28): "amlodipine 10 mg once daily is being added"
where the letter adds amlodipine 5 mg; "morphine 15 mg under the skin" where the breakthrough dose is 7.5 mg.

The changed-number cue passes over a figure the evidence states anywhere (:func:`medhal.text.figures.number_conflicts`:
"10 mg" is another drug's dose in the same letter), and a small encoder reads the unit as entailed.  A clinician reads
the dose with its drug.  :func:`dose_conflict` is the deterministic cue, kept narrow (precision over recall):

* a dose of the unit is a mass (or a mass per kilogram, per day, a volume) written right after a drug's name
  ("amlodipine 10 mg"), and the evidence writes that name right before a dose as well (so it names a drug: "dose",
  "total" or "maximum" never do);
* every dose the evidence gives that drug: the doses after each mention up to the next drug named with a dose or the
  end of the sentence ("increase ramipril from 2.5 mg to 5 mg": both are ramipril's), the one right before it ("25 g
  glucose"), and "N mg of <drug>"; a dose
  given at a frequency also counts as its total per day ("30 mg twice daily" is "60 mg a day");
* the unit's dose is none of them, of its kind or written with the same number ("60 mg" for "60 mg/24 h").

The rival shown is the drug's first dose of the unit's kind, in the sentence that gives it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from medhal.text.drug_names import is_drug_name, same_drug_names
from medhal.text.frequency import dose_frequencies
from medhal.text.quantities import Quantity, quantities
from medhal.text.synonyms import canonical_stems, canonical_text

__all__ = ["dose_conflict", "drug_doses"]

_FORM = (
    r"(?:sulfate|sulphate|hydrochloride|hcl|phosphate|tartrate|succinate|maleate|mesylate|besylate|citrate|acetate|"
    r"fumarate|bromide|chloride|oral|solution|liquid|syrup|elixir|suspension|MR|SR|XL|CR|IR|modified-release|"
    r"immediate-release|tablets?|capsules?|melts?|patch(?:es)?|sprays?|inhalers?|drops|gel|cream|injections?)"
)
_NAME_BEFORE = re.compile(
    r"(?<![\w-])([A-Za-z][A-Za-z-]{3,})\s+(?:" + _FORM + r"\s+){0,2}(?:\([^()]{1,30}\)\s+)?$", re.IGNORECASE
)
"""A word right before a dose, its salt or form and an aside in brackets allowed ("morphine sulfate 35 mg",
"oxycodone oral solution 5 mg", "Desmopressin melt 240 micrograms" (round 101), "Dortiva (dorzolamide/timolol) 2
drops": round 24's "35 mg of morphine" is the morphine sulfate's dose, "5 mg of oxycodone liquid" the oral
solution's)."""
_OF_NAME = re.compile(r"\s+of\s+(?:the\s+)?([A-Za-z][A-Za-z-]{3,})\b")
_GENERIC_WORDS = (
    "dose doses dosed dosing total daily maximum max starting target initial bolus infusion loading tablet tablets "
    "capsule capsules oral orally intravenous intravenously subcutaneous subcutaneously once twice every each than "
    "least most about around approximately only just then with from plus given take taking takes receive received "
    "receiving prescribed increase increased increasing reduce reduced reducing halved doubled between over under "
    "above below into that this were was have were after before within until upto usual regular extra further "
    "additional single weekly monthly morning evening night nightly stat drip drops puffs sachet sachets units "
    "patients patient weight body kilogram least more less than also still instead rather took take takes gave give "
    "gives use uses add adds start starts restart stop stops keep keeps continue continues dose maintenance "
    "induction booster"  # "Rituximab maintenance 500 mg IV 6-monthly" is rituximab's dose (round 74)
)
_GENERIC = frozenset(_GENERIC_WORDS.split())
"""Words that stand right before a dose without naming a drug ("a total of 10 mg", "up to 4 mg")."""
_DOSE_KINDS = ("mass", "volume")


def _is_dose(q: Quantity) -> bool:
    # international units are a dose ("cholecalciferol 2,000 IU daily"; session 25); a toxin's units, given at several
    # sites, are not read as one ("a total of 70 units of Dysport": rounds 104 and 109)
    international = q.kind == "units" and q.text.upper().endswith("IU")
    return (q.kind.split("/")[0] in _DOSE_KINDS or international) and not q.approximate


def _name_before(text: str, q: Quantity) -> str | None:
    """The drug a dose is written for: the word right before it ("amlodipine 10 mg"), the word after "of" ("900
    micrograms of colchicine") or before "at" ("vancomycin at 500 mg"); ``None`` for a generic word."""
    of = _OF_NAME.match(text, q.end)
    m = _NAME_BEFORE.search(text, max(0, q.start - 48), q.start) or _NAME_AT.search(text, max(0, q.start - 48), q.start)
    name = of.group(1) if of is not None else (m.group(1) if m is not None else None)
    if name is None or name.lower() in _GENERIC or name.lower().endswith(("ed", "ing")):  # "took", "started"
        return None
    return name.lower()


_NAME_AT = re.compile(
    r"(?<![\w-])([A-Za-z][A-Za-z-]{3,})\s+(?:(?:was|were|is|are)\s+)?(?:(?:given|dosed|infused|taken)\s+)?at\s+$"
)


@lru_cache(maxsize=256)
def drug_doses(sentences: tuple[str, ...]) -> dict[str, tuple[tuple[Quantity, int], ...]]:
    """Each drug the evidence names right before a dose, with every dose it gives it and the sentence giving it
    (module docstring); read once per evidence.

    >>> doses = drug_doses(("Continue ramipril 2.5 mg, increasing to 5 mg; add amlodipine 5 mg twice daily.",))
    >>> {name: [q.value for q, _ in given] for name, given in doses.items()}
    {'ramipril': [2.5, 5.0], 'amlodipine': [5.0, 10.0]}
    """
    read = [(i, s, quantities(s)) for i, s in enumerate(sentences)]
    names = {name for _, s, said in read for q in said if _is_dose(q) and (name := _name_before(s, q))}
    found: dict[str, list[tuple[Quantity, int]]] = {}
    for i, s, said in read:
        lower = s.lower()
        mentions = sorted(  # by any of its names: "Pred ↓ to 5 mg OD" is the prednisolone's (round 121)
            (m.start(), name)
            for name in names
            for alias in same_drug_names(name)
            for m in re.finditer(rf"\b{re.escape(alias)}\b", lower)
        )
        for k, (start, name) in enumerate(mentions):
            stop = mentions[k + 1][0] if k + 1 < len(mentions) else len(s)
            found.setdefault(name, []).extend(  # the doses after it, and one right before it ("25 g glucose")
                (q, i) for q in said if _is_dose(q) and (start < q.start < stop or 0 <= start - q.end <= 2)
            )
        for q in said:  # "7.5 mg of morphine", "vancomycin at 125 mg"
            name = _name_before(s, q) if _is_dose(q) else None
            if name is not None and not any(q is e for e, _ in found.get(name, ())):
                found.setdefault(name, []).append((q, i))
        for given in dose_frequencies(s):  # "30 mg twice daily" is also "60 mg a day"
            name = next((n for start, n in reversed(mentions) if start < given.dose.start), None)
            if name is not None and given.per_day != 1.0:
                total = given.dose.value * given.per_day
                found[name].append(
                    (
                        Quantity(
                            given.dose.kind, total, given.dose.start, given.dose.end, given.dose.text, False, total
                        ),
                        i,
                    )
                )
    return {name: tuple(given) for name, given in found.items() if given}


def _same(q: Quantity, e: Quantity) -> bool:
    """One dose, its rate's denominator aside: "1.7 litres of fluid each day" for "fluid 1700 mL/day" (round 67)."""
    same_kind = e.kind.split("/")[0] == q.kind.split("/")[0]
    return q.equals(e) or (same_kind and (e.number == q.number or e.value == q.value))


def dose_conflict(unit: str, sentences: Sequence[str]) -> tuple[list[tuple[Quantity, Quantity]], int] | None:
    """``([(unit dose, evidence dose)], sentence index)`` for the first dose of ``unit`` that the evidence
    ``sentences`` never give its drug while giving it others; ``None`` when there is none (module docstring).

    >>> letter = ["Add amlodipine 5 mg once daily.", "Continue ramipril 10 mg once daily."]
    >>> found = dose_conflict("so amlodipine 10 mg once daily is being added,", letter)
    >>> [(a.text, b.text) for a, b in found[0]], found[1]
    ([('10 mg', '5 mg')], 0)
    >>> dose_conflict("and ramipril 10 mg is continued.", letter) is None
    True
    >>> found = dose_conflict("taking 4,000 IU of vitamin D3 a day", ["Cholecalciferol 2,000 IU daily or placebo."])
    >>> [(a.text, b.text) for a, b in found[0]]
    [('4,000 IU', '2,000 IU')]
    """
    given = drug_doses(tuple(sentences))
    if not given:
        return None
    # the evidence's one drug has every dose it states, in a table too ("12 to 13.9 kg - 7.5 mL - 180 mg": round 55)
    alone = _every_dose(tuple(sentences)) if len(given) == 1 and _one_drug(tuple(sentences)) else ()
    own = quantities(unit)
    for k, q in enumerate(own):
        name = (_name_before(unit, q) or _dose_of(unit, q)) if _is_dose(q) else None
        if _is_dose(q) and name not in given:  # "4,000 IU of vitamin D3": of cholecalciferol (session 25)
            name = _canonical_name(unit, own, k)
        if name is None or name not in given:
            continue
        doses = given[name]
        if any(_same(q, e) for e, _ in doses) or any(q.equals(e) for e in alone):
            continue
        if any(_same(q, e) for e in _bounded_doses(tuple(sentences)).get(name, ())):
            continue  # "down to 10 mg a day or less" for "prednisolone ≤10 mg/day": the drug's bound (round 80)
        if _named_with(q, name, sentences):  # "150 micrograms of iodine" for "150 micrograms potassium iodide"
            continue  # (round 238): the dose stated beside the drug's name in another form
        rival, index = next(((e, i) for e, i in doses if e.kind == q.kind), doses[0])
        return [(q, rival)], index
    return None


def _named_with(q: Quantity, name: str, sentences: Sequence[str]) -> bool:
    """Whether a part of a sentence (between commas and semicolons) states the dose ``q`` and names the drug ``name``
    in any form its stems read as one (:func:`~medhal.text.synonyms.canonical_stems`: "iodide" is iodine), the dose
    after the name or before it; not another drug's dose in a list ("Bisoprolol 5 mg OD; dapagliflozin 10 mg OD")."""
    stems = canonical_stems(name)
    return bool(stems) and any(
        stems <= canonical_stems(part) and any(q.equals(e) for e in quantities(part))
        for sentence in sentences
        for part in _PARTS.split(sentence)
    )


_PARTS = re.compile(r"[;,]\s")


def _canonical_name(unit: str, own: Sequence[Quantity], k: int) -> str | None:
    """The drug the dose ``own[k]`` of ``unit`` is written for, read in the unit's canonical words
    (:func:`~medhal.text.synonyms.canonical_text`: "vitamin D3" is cholecalciferol); read only for a dose whose name
    as written the evidence does not give."""
    canon = canonical_text(unit)
    read = quantities(canon) if canon != unit else own
    if len(read) != len(own) or read[k].text != own[k].text:
        return None
    return _name_before(canon, read[k]) or _dose_of(canon, read[k])


_DOSE_OF = re.compile(r"(?<![\w-])([A-Za-z][A-Za-z-]{3,})\s+doses?\b(?:\s+(?!and\b|or\b)[\w-]+){0,4}\s+(?:from|to)\s+$")
"""A drug named before "dose" and a change of it ("the quetiapine dose has been reduced from 1000 mg to 800 mg")."""


_CHANGED_TO = re.compile(
    r"(?<![\w-])([A-Za-z][A-Za-z-]{3,})\s+(?:(?:will\s+be|is\s+being|has\s+been|have\s+been|was|were|is|are)\s+)"
    r"(?:(?:now|then|also)\s+)?(?:increased|reduced|decreased|lowered|raised|changed|switched|cut|started|restarted"
    r"|continued|kept)\s+(?:to|at|on)\s+$",
    re.IGNORECASE,
)
"""A drug whose dose a unit says is set to a figure without the word "dose": "Your bisoprolol will be increased to |
7.5 mg" (an own heart-failure letter, session 23)."""


def _dose_of(unit: str, q: Quantity) -> str | None:
    """The drug whose dose a unit says changed to (or from) ``q``: "the quetiapine dose has been reduced from | 1000
    mg" (round 54: the lithium dose's change, moved to quetiapine, was `supported`); the second figure of "from X to
    Y" too.

    >>> unit = "the quetiapine dose has been reduced from 1000 mg to 800 mg each night"
    >>> [_dose_of(unit, q) for q in quantities(unit)]
    ['quetiapine', 'quetiapine']
    >>> unit = "Your bisoprolol will be increased to 10 mg once a day,"
    >>> [_dose_of(unit, q) for q in quantities(unit)]
    ['bisoprolol']
    """
    before = unit[max(0, q.start - 80) : q.start]
    then = re.search(r"\bfrom\s+[\d.,]+\s*\w+\s+to\s+$", before)  # "from 1000 mg to | 800 mg"
    m = _DOSE_OF.search(before[: then.start()] + "from " if then else before) or _CHANGED_TO.search(before)
    if m is None or m.group(1).lower() in _GENERIC:
        return None
    return m.group(1).lower()


@lru_cache(maxsize=64)
def _bounded_doses(sentences: tuple[str, ...]) -> dict[str, tuple[Quantity, ...]]:
    """The doses the evidence gives a drug as a bound ("until ... prednisolone ≤10 mg/day"): each drug named before a
    bounded dose in its sentence, with that dose; read once per evidence.

    >>> _bounded_doses(("Hold until prednisolone ≤10 mg/day and symptoms grade 1.",))["prednisolone"][0].text
    '10 mg'
    """
    found: dict[str, list[Quantity]] = {}
    for s in sentences:
        for q in quantities(s):
            if q.approximate and q.kind.split("/")[0] in _DOSE_KINDS:
                before = _NAME_WITHIN.search(s, max(0, q.start - 48), q.start)
                if before is not None and is_drug_name(before.group(1)):
                    found.setdefault(before.group(1).lower(), []).append(q)
    return {name: tuple(given) for name, given in found.items()}


_NAME_WITHIN = re.compile(
    r"(?<![\w-])([A-Za-z][A-Za-z-]{3,})\s+(?:(?:dose|is|at|of|to)\s+)?(?:[≤<>≥]|<=|>=|below|under|up\s+to|less\s+than|no\s+more\s+than)?\s*$"
)


@lru_cache(maxsize=64)
def _every_dose(sentences: tuple[str, ...]) -> tuple[Quantity, ...]:
    """Every dose the evidence states, read once per evidence."""
    return tuple(e for s in sentences for e in quantities(s) if _is_dose(e))


@lru_cache(maxsize=64)
def _one_drug(sentences: tuple[str, ...]) -> bool:
    """Whether the evidence names at most one drug (:func:`medhal.text.names.is_drug_name`), read once."""
    return len({w.lower() for s in sentences for w in re.findall(r"[A-Za-z]{4,}", s) if is_drug_name(w)}) <= 1
