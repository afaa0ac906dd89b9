"""A class of drugs an answer names that its evidence never gives, neither by the class nor by any drug of it
(issue 14): "Fewer patients in the programme group needed benzodiazepines (8.1% versus 14.0%)" against "Antipsychotic
use was lower with the programme (8.1% vs 14.0%)".

Seed 000 §3's *entity substitution* swaps one drug for another; :mod:`medhal.text.names` reads a swapped drug by its
WHO INN stem ("empagliflozin" for "dapagliflozin"), but a class has no stem, and a small encoder reads the clause
against the sentence it otherwise restates as entailed or at most unsupported (our own delirium abstract: P(E) 0.34,
not flagged).  A class the evidence gives no drug of is what the evidence does not say, as an unstated name is: the
unit is never `supported` and the answer is flagged.

A class counts as given when the evidence names it in any of its words ("neuroleptics" for "antipsychotic drugs",
"glucocorticoids" for "steroids"), or names a drug of it: by a WHO stem of the class ("-zepam", "-olol"), or by one
of a short list of drugs whose names carry no such stem ("haloperidol" is an antipsychotic, "morphine" an opioid).
An answer that calls the evidence's drug by its class ("the opioid" for "oxycodone") names nothing new.  Only
well-bounded pharmacological classes are read: "painkillers", "antibiotics" and "sedatives" name too many drugs, by
too many names, for an absent member to mean an invented class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["names_class", "unstated_classes"]


@dataclass(frozen=True, slots=True)
class _DrugClass:
    """A class: what names it (a pattern over lower-cased words) and its drugs (WHO stems ending a word, and names)."""

    named: re.Pattern[str]
    stems: tuple[str, ...]
    drugs: frozenset[str]

    def given(self, words: frozenset[str]) -> bool:
        """Whether the evidence's lower-cased ``words`` name the class or one of its drugs."""
        return any(
            self.named.fullmatch(w) or w in self.drugs or any(len(w) > len(s) + 2 and w.endswith(s) for s in self.stems)
            for w in words
        )


def _cls(named: str, stems: str, drugs: str) -> _DrugClass:
    return _DrugClass(re.compile(named), tuple(stems.split()), frozenset(drugs.split()))


_CLASSES: dict[str, _DrugClass] = {
    "benzodiazepine": _cls(
        r"benzodiazepines?|benzos?",
        "zepam zolam azepate",
        "chlordiazepoxide clobazam clonazepam",
    ),
    "antipsychotic": _cls(
        r"antipsychotics?|neuroleptics?",
        "peridol apine idone piprazole",
        "chlorpromazine levomepromazine prochlorperazine sulpiride amisulpride trifluoperazine",
    ),
    "opioid": _cls(
        r"opioids?|opiates?|narcotics?",
        "fentanil fentanyl",
        "morphine codeine oxycodone hydromorphone fentanyl tramadol methadone buprenorphine tapentadol pethidine "
        "meperidine diamorphine heroin dihydrocodeine oxymorphone hydrocodone nalbuphine butorphanol",
    ),
    "anticoagulant": _cls(
        r"anticoagulants?|anticoagulation|anticoagulated|anti-coagulants?|anti-coagulation|doacs?|noacs?|vkas?",
        "xaban gatran parin",
        "warfarin heparin acenocoumarol phenindione fondaparinux bivalirudin argatroban",
    ),
    "antiplatelet": _cls(
        r"antiplatelets?|anti-platelets?|dapt",
        "grel",
        "aspirin dipyridamole cilostazol abciximab eptifibatide tirofiban",
    ),
    "corticosteroid": _cls(
        r"(?:cortico)?steroids?|glucocorticoids?|glucocorticosteroids?|corticoids?",
        "sone olone nisolone onide metasone",
        "hydrocortisone cortisone estradiol oestradiol estrogen oestrogen progesterone progestogen testosterone "
        # brands of a steroid alone or in a combination ("a steroid cream" for "Betnovate RD": round 72)
        "clobetasol betnovate dermovate eumovate elocon locoid cutivate synalar diprosone fucibet trimovate daktacort "
        "lotriderm timodine efcortelan clenil qvar flixotide pulmicort seretide symbicort fostair relvar trimbow "
        "trelegy nasonex avamys beconase",
    ),
    "antidepressant": _cls(
        r"antidepressants?|ssris?|snris?|tcas?|maois?",
        "oxetine pramine triptyline",
        "sertraline citalopram escitalopram paroxetine mirtazapine venlafaxine desvenlafaxine duloxetine "
        "trazodone bupropion vortioxetine agomelatine phenelzine moclobemide fluvoxamine fluoxetine",
    ),
    "beta-blocker": _cls(
        r"beta-?blockers?|β-?blockers?|beta-?adrenergic",
        "olol alol ilol",
        "",
    ),
    "bisphosphonate": _cls(r"bisphosphonates?", "dronate", ""),
    "antiemetic": _cls(
        r"anti-?emetics?",
        "setron",
        "metoclopramide domperidone cyclizine prochlorperazine aprepitant fosaprepitant",
    ),
    "antiepileptic": _cls(
        r"anti-?epileptics?|anti-?convulsants?|anti-?seizure",
        "racetam",
        "valproate lamotrigine carbamazepine oxcarbazepine phenytoin fosphenytoin lacosamide topiramate "
        "zonisamide gabapentin pregabalin phenobarbital ethosuximide perampanel",
    ),
}
"""The classes read, keyed by the singular an answer's word is reported as."""

_WORD = re.compile(r"[a-zβ][a-z0-9β-]*", re.IGNORECASE)
_NAMING = re.compile("|".join(f"(?P<c{i}>{c.named.pattern})" for i, c in enumerate(_CLASSES.values())), re.IGNORECASE)
_KEYS = tuple(_CLASSES)


def names_class(word: str) -> bool:
    """Whether ``word`` names one of the classes read here ("SSRIs", "neuroleptic"): such a word is this module's to
    judge, not :func:`medhal.text.names.unstated_names`' acronym rule ("SSRIs" is given by "sertraline").

    >>> [names_class(w) for w in ("SSRIs", "neuroleptic", "statins", "Opiates")]
    [True, True, False, True]
    """
    return _NAMING.fullmatch(word) is not None


def unstated_classes(unit: str, evidence: str) -> tuple[str, ...]:
    """The drug classes ``unit`` names that ``evidence`` gives neither by name nor by a drug of them (module
    docstring), in the order they stand, each once, as the answer writes them.

    >>> unstated_classes("Fewer needed benzodiazepines.", "Antipsychotic use was lower (8.1% vs 14.0%).")
    ('benzodiazepines',)
    >>> unstated_classes("Fewer needed antipsychotic drugs.", "Haloperidol was given less often.")
    ()
    >>> unstated_classes("Steroids helped.", "Prednisolone 40 mg daily shortened symptoms.")
    ()
    >>> unstated_classes("The beta-blocker lowered the rate.", "Bisoprolol lowered the heart rate.")
    ()
    >>> unstated_classes("Opioid use fell.", "Morphine use fell."), unstated_classes("Opioid use fell.", "NSAIDs")
    ((), ('Opioid',))
    """
    words = _words(evidence)
    found: list[str] = []
    seen: set[str] = set()
    for m in _WORD.finditer(unit):
        named = _NAMING.fullmatch(m.group(0))
        if named is None or named.lastgroup is None:
            continue
        key = _KEYS[int(named.lastgroup[1:])]
        if key not in seen and not _CLASSES[key].given(words):
            found.append(m.group(0))
        seen.add(key)
    return tuple(found)


@lru_cache(maxsize=64)
def _words(evidence: str) -> frozenset[str]:
    """The evidence's words, lower-cased, with the parts of hyphened ones."""
    words = {w.lower() for w in _WORD.findall(evidence)}
    return frozenset(words | {p for w in words if "-" in w for p in w.split("-") if p})
