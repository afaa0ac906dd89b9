"""A change told the other way (issue 14, round 41): "and joint bleeds also became more frequent" where the evidence
says "mean annualised joint bleeds decreased from 1.9 to 0.4".

The encoder reads the two as entailed (they share every word it weighs but the direction), the comparison cue
(:mod:`medhal.text.comparisons`) reads only measures compared between named groups and the association cue
(:mod:`medhal.text.associations`) only associations.  :func:`trend_reversed` reads, narrowly, a change with no groups
in it: a unit that says one way something went (:func:`~medhal.text.lexical.directions`: "increased", "fell", "more
frequent", not "improved" or "better", whose way depends on the measure), with no negation, no hedge and no group
or comparison ("with", "than", "versus", "group"), against the clause of a sentence that holds the unit's whole
subject (its :func:`~medhal.text.findings.finding_subject`, through :mod:`medhal.text.synonyms`) and says the
other way, with no negation, no group and no comparison either.  A sentence about groups ("fell with A and rose with
B") is left to the comparison cue.
"""

from __future__ import annotations

import re
from functools import lru_cache

from medhal.text.findings import finding_subject
from medhal.text.lexical import directions, has_negation
from medhal.text.synonyms import canonical_stems
from medhal.text.ways import clause_texts

__all__ = ["trend_reversed"]

_WAY_WORDS = re.compile(
    r"\b(?:increas\w*|decreas\w*|rose|rise[sn]?|rising|fell|fall(?:s|en|ing)?|declin\w*|drop(?:s|ped|ping)?|"
    r"grew|grow(?:s|n|ing)?|doubled|halved|more\s+(?:frequent|common|often)|less\s+(?:frequent|common|often))\b",
    re.IGNORECASE,
)
"""Words that say which way a frequency or level went, whatever the measure."""
_VALUED = re.compile(
    r"\b(?:improv\w*|worsen\w*|better|worse|deteriorat\w*|benefit\w*|harm\w*|reduc\w*|lower(?:ed|s|ing)\b|"
    r"cut|cuts|prevent\w*)",
    re.IGNORECASE,
)
"""Words whose way depends on the measure, or that say an effect of something ("reduced", "cut"): not read here."""
_GROUPED = re.compile(
    r"\b(?:with|than|versus|vs\.?|compared|group|groups|arm|arms|among|between|whereas|while|respectively)\b|%\s+and\b",
    re.IGNORECASE,
)
"""Words of a comparison between groups, left to :mod:`medhal.text.comparisons`."""
_LINKING = re.compile(r"\b(?:became|become|becomes|got|get|gets|also|still|even|further|much|far)\b", re.I)
_HEDGED = re.compile(r"\b(?:may|might|could|possibly|perhaps|appeared|seemed|tended|trend)\b", re.IGNORECASE)


def trend_reversed(unit: str, sentence: str) -> bool:
    """Whether a clause of ``sentence`` says the change ``unit`` says went the other way (module docstring).

    >>> sentence = "The share with zero bleeds rose from 38% to 71%, and mean joint bleeds decreased from 1.9 to 0.4."
    >>> trend_reversed("and joint bleeds also became more frequent.", sentence)
    True
    >>> trend_reversed("and joint bleeds also became less frequent.", sentence)
    False
    >>> trend_reversed("Joint bleeds were more frequent with emicizumab.", sentence)
    False
    >>> trend_reversed("but sensitivity dropped to 21%.", "BDR (a 12% increase in FEV1) had a sensitivity of 35%.")
    False
    """
    reading = _change(unit)
    if reading is None:
        return False
    way, subject = reading
    return any(subject <= named and theirs is not None and theirs != way for named, theirs in _clauses(sentence))


@lru_cache(maxsize=4096)
def _change(unit: str) -> tuple[str, frozenset[str]] | None:
    """The way ``unit`` says its change went and the stems of what changed, or ``None`` (read once per unit, however
    many sentences the comparison cue reads it against)."""
    way = _way(unit)
    if way is None:
        return None
    subject = finding_subject(_LINKING.sub(" ", _WAY_WORDS.sub(" ", unit)))
    return (way, subject) if any(len(stem) >= 4 and stem.isalpha() for stem in subject) else None


@lru_cache(maxsize=4096)
def _clauses(sentence: str) -> tuple[tuple[frozenset[str], str | None], ...]:
    """Each clause of ``sentence``: what it names and the way it says something went (read once per sentence)."""
    # a bracketed definition says no change ("BDR (>=12% increase in FEV1) had a sensitivity of 35%"; round 146)
    return tuple(
        (canonical_stems(c) | finding_subject(c), _way(_BRACKETED.sub(" ", c))) for c in clause_texts(sentence)
    )


_BRACKETED = re.compile(r"\([^()]*\)")


def _way(text: str) -> str | None:
    """The one way ``text`` says something went, in words of frequency or level, when it says no more (no negation,
    hedge, group, comparison or valued word); ``None`` otherwise."""
    if has_negation(text) or _GROUPED.search(text) or _HEDGED.search(text) or _VALUED.search(text):
        return None
    if not _WAY_WORDS.search(text):
        return None
    way = directions(text)
    return next(iter(way)) if len(way) == 1 else None
