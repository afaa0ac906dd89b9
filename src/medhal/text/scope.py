"""The scope of a finding: whom it is about and which outcome, so that a sentence about other people or about a
composite of outcomes is not read as the negation of a unit about one group or one component (issue 14).

A small NLI encoder reads the words a unit and a sentence share, not whom they are about.  Two patterns made
faithful clauses ``contradicted`` on trial abstracts a clinician reads every day:

* **Disjoint populations** (:func:`disjoint_populations`).  "Statins did not lower cardiovascular disease in those
  *without* diabetes" was contradicted (P(C) 0.79) by "Among participants *with* type 2 diabetes aged 75 to 84
  years, statin use was associated with a 24% lower risk of cardiovascular disease": a subgroup result says
  nothing about the people outside the subgroup.  A population is read from "with(out) X" and "non-X"
  (the stems of the one to three words after "with" or "without"; a drug "treated with X" narrows the same way);
  the two texts are disjoint when one names without X what the other names with X, and the other does not also
  name it without X ("in patients with and without diabetes").
* **A composite and its component** (:func:`component_of_composite`).  "Cardiovascular death on its own was not
  significantly reduced" was contradicted (P(C) 0.82) by "dapagliflozin reduced the combined risk of worsening
  heart failure or cardiovascular death": a composite outcome can fall while one of its components does not.  A
  sentence names a composite when "composite", "combined", "joint" or "total" is followed within a few words by a
  list "A or B" / "A and B"; a unit is about a component when it names one item of that list and not another.

Both are *scope* tests: they say a sentence is about something else, so the encoder's P(C) there is no
contradiction (:func:`medhal.detect.focus.contradiction_focus`) and the sentence cannot restate the unit either
(:func:`medhal.detect.alignment.restates`).
"""

from __future__ import annotations

import re

from medhal.text.tokens import CODE_STOPWORDS, STEM_PREFIX

__all__ = ["component_of_composite", "composite_items", "disjoint_populations", "population_stems", "population_terms"]

_WITH = re.compile(r"\b(with|without)\s+(?=((?:[\w-]+\s+){0,2}[\w-]+))", re.IGNORECASE)
""""with" / "without" and the (up to) three words after it."""

_NON = re.compile(r"\bnon-?(?!inferior|significant|randomi[sz]ed|randomi[sz]ation)([a-z]{4,})", re.IGNORECASE)
"""A population named by its absence: "nondiabetic", "non-smokers" (not "noninferior", "nonsignificant")."""

_FILLER_WORDS = (
    "a an the any known prior previous established pre-existing preexisting existing documented confirmed "
    "type both and or of no"
)
_FILLER = frozenset(_FILLER_WORDS.split())
"""Words between "with(out)" and what a population has that say nothing of whom: "without *known* diabetes"."""

_STOP = re.compile(r"[,;:.()]")

_COMPOSITE = re.compile(
    r"\b(?:composite|combined|joint|total)\b(?:\s+[\w-]+){0,4}?\s+(?:of|for|in)\s+"
    r"(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:or|and)\s+(?P<b>[\w-]+(?:\s+[\w-]+){0,3})",
    re.IGNORECASE,
)
"""A composite outcome named with its list: "the combined risk of worsening heart failure or cardiovascular
death", "a composite of death and myocardial infarction"."""

_ITEM_END = re.compile(r"\s+(?:in|among|with|at|by|after|during|than|was|were|compared|versus|vs)\b.*$", re.IGNORECASE)


def _stem(word: str) -> str:
    return word.lower()[:STEM_PREFIX]


def population_stems(words: str) -> frozenset[str]:
    """The content stems of ``words`` that can say whom a finding is about (stop words and the fillers of
    :data:`_FILLER` left out: "without *known* diabetes" is about diabetes)."""
    return frozenset(
        _stem(w) for w in re.findall(r"[A-Za-z][\w-]*", words) if w.lower() not in CODE_STOPWORDS | _FILLER
    )


def population_terms(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The stems ``text`` names a population *with* and *without* ("with type 2 diabetes", "without diabetes",
    "nondiabetic": the stem ``diabe``); each "with(out)" phrase ends at punctuation.

    >>> [sorted(s) for s in population_terms("Among participants with type 2 diabetes aged 75 to 84 years,")]
    [['diabe'], []]
    >>> [sorted(s) for s in population_terms("in nondiabetic adults and those without heart failure")]
    [[], ['diabe', 'failu', 'heart']]
    """
    have: set[str] = set()
    lack: set[str] = set()
    for m in _WITH.finditer(text):
        words = _STOP.split(m.group(2))[0]
        (lack if m.group(1).lower() == "without" else have).update(population_stems(words))
    lack.update(_stem(m.group(1)) for m in _NON.finditer(text))
    return frozenset(have), frozenset(lack)


def disjoint_populations(unit: str, sentence: str, evidence: str | None = None) -> bool:
    """Whether ``unit`` and ``sentence`` are about people who cannot be the same: one names without something the
    other names with, and the other does not also name it without.  Given the whole ``evidence``, only a population
    the evidence itself reports on counts: a unit about people "with psychotic features" against evidence that only
    ever names patients "without psychosis" has changed the population, which the sentence may well contradict.

    >>> disjoint_populations("Statins did not lower cardiovascular disease in those without diabetes.",
    ...                      "Among participants with type 2 diabetes, statin use lowered the risk.")
    True
    >>> disjoint_populations("Statins did not help those without diabetes.",
    ...                      "In patients with and without diabetes, statins did not help.")
    False
    >>> disjoint_populations("Statins lowered risk in nondiabetic adults.", "Statins lowered risk in diabetes.")
    False
    >>> unit, sentence = "It enrolled adults with psychotic features.", "It enrolled adults without psychosis."
    >>> disjoint_populations(unit, sentence), disjoint_populations(unit, sentence, evidence=sentence)
    (True, False)
    """
    have_u, lack_u = population_terms(unit)
    have_s, lack_s = population_terms(sentence)
    lacking, having = (lack_u & have_s) - lack_s, (lack_s & have_u) - lack_u
    if evidence is not None and (lacking or having):  # the whole evidence is read only for a candidate pair
        have_e, lack_e = population_terms(evidence)
        lacking, having = lacking & lack_e, having & have_e
    return bool(lacking or having)


def composite_items(sentence: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The content stems of the two listed items of a composite outcome ``sentence`` names, or ``None``.

    >>> [sorted(s) for s in composite_items("It reduced the combined risk of worsening heart failure or "
    ...                                     "cardiovascular death.")]
    [['failu', 'heart', 'worse'], ['cardi', 'death']]
    """
    m = _COMPOSITE.search(sentence)
    if m is None:
        return None
    a, b = population_stems(m.group("a")), population_stems(_ITEM_END.sub("", _STOP.split(m.group("b"))[0]))
    if not a or not b or a & b:
        return None
    return a, b


def component_of_composite(unit: str, sentence: str) -> bool:
    """Whether ``sentence`` reports a composite outcome of which ``unit`` names one item and not the other (nor
    the composite itself): a finding about the component, which the composite's finding does not decide.

    >>> component_of_composite("Cardiovascular death on its own was not significantly reduced.",
    ...                        "Dapagliflozin reduced the combined risk of worsening heart failure or "
    ...                        "cardiovascular death.")
    True
    >>> component_of_composite("Dapagliflozin did not reduce worsening heart failure or cardiovascular death.",
    ...                        "Dapagliflozin reduced the combined risk of worsening heart failure or "
    ...                        "cardiovascular death.")
    False
    >>> component_of_composite("Stroke was reduced by about a quarter (RR 0.74),", "Colchicine did not significantly "
    ...                        "reduce the primary composite of cardiovascular death, recurrent MI, stroke or urgent "
    ...                        "coronary revascularisation (RR 0.88, 95% CI 0.74-1.05).")
    True
    """
    if _COMPOSITE_WORD.search(unit):
        return False
    items = _listed_items(sentence) or composite_items(sentence)
    if items is None:
        return False
    stems = population_stems(unit)
    shares = [len(item & stems) / len(item) for item in items]
    return any(share == 1.0 for share in shares) and sum(share >= 0.5 for share in shares) == 1


_COMPOSITE_LIST = re.compile(
    r"\b(?:composite|combined)\b(?:\s+[\w-]+){0,4}?\s+(?:of|for)\s+"
    r"(?P<list>[^,.;:()]+(?:,\s*[^,.;:()]+){1,}?,?\s+(?:or|and)\s+[\w-]+(?:\s+[\w-]+){0,3})",
    re.IGNORECASE,
)
"""A composite outcome listing three items or more ("the primary composite of cardiovascular death, recurrent MI,
stroke or urgent coronary revascularisation": round 45)."""
_LIST_BREAK = re.compile(r",\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+", re.IGNORECASE)


def _listed_items(sentence: str) -> list[frozenset[str]] | None:
    """The content stems of each item of a composite outcome of three items or more ``sentence`` lists, or ``None``.

    >>> [sorted(s) for s in _listed_items("did not reduce the primary composite of cardiovascular death, recurrent "
    ...                                   "MI, stroke or urgent coronary revascularisation (RR 0.88)")]
    [['cardi', 'death'], ['mi', 'recur'], ['strok'], ['coron', 'revas', 'urgen']]
    """
    m = _COMPOSITE_LIST.search(sentence)
    if m is None:
        return None
    items = [population_stems(_ITEM_END.sub("", part)) for part in _LIST_BREAK.split(m.group("list"))]
    if len(items) < 3 or not all(items):
        return None
    return items


_COMPOSITE_WORD = re.compile(r"\b(?:composite|combined|joint|together)\b", re.IGNORECASE)
