"""Which way a unit and an evidence sentence say something went (issue 14), read by the restatement cue and the
contradiction focus (:mod:`medhal.detect.alignment`, :mod:`medhal.detect.focus`); moved out of
:mod:`medhal.detect.alignment` when it reached the 500-line limit.

* :func:`opposite_ways`: each says one way and the ways are opposite; of a sentence that says both ways
  ("hunger was lower with the diet (3.1 vs 5.4), and more patients were willing to repeat it"), the clause that
  holds the unit's words says its way (round 32: "People on the diet were more hungry" was read as a restatement,
  the sentence's "more" taken for the unit's);
* :func:`negation_agrees`: the unit's negation agrees with the sentence.
"""

from __future__ import annotations

from medhal.text.clauses import split_units
from medhal.text.lexical import direction_conflict, directions, has_negation, negated, null_relation
from medhal.text.synonyms import canonical_stems

__all__ = ["clause_texts", "negation_agrees", "opposite_ways"]


def opposite_ways(unit: str, part: str) -> bool:
    """Whether ``unit`` and ``part`` each say one way something went and the ways are opposite, in any words: "more
    sensitive" against "sensitivity fell" (no word pair of :func:`~medhal.text.lexical.direction_conflict` joins
    "more" and "fell"); of a ``part`` that says both ways, its clause holding the unit's words (module docstring).

    >>> opposite_ways("It was more sensitive.", "Sensitivity fell.")
    True
    >>> sentence = "Hunger was lower with the diet (3.1 vs 5.4), and more patients were willing to repeat it."
    >>> opposite_ways("People on the diet were more hungry.", sentence)
    True
    >>> opposite_ways("People on the diet were less hungry.", sentence)
    False
    """
    mine, theirs = directions(unit), directions(part)
    if len(mine) == 1 and len(theirs) > 1:
        theirs = directions(_clause_of(unit, part))
    return len(mine) == len(theirs) == 1 and mine != theirs


def _clause_of(unit: str, text: str) -> str:
    """The clause of ``text`` that holds most of ``unit``'s words (figures aside), the first of equals."""
    words = canonical_stems(unit)
    return max(clause_texts(text) or [text], key=lambda c: len(words & canonical_stems(c)))


def clause_texts(text: str) -> list[str]:
    """The clauses of ``text`` (:func:`~medhal.text.clauses.split_units`), as text."""
    return [text[c.start : c.end] for c in split_units(text, "clause")]


def negation_agrees(sentence: str, unit: str) -> bool:
    """The unit's negation agrees with the sentence: both are negated (a negation word, "free of" or a "non-"
    word: "did not have dementia" against "free of dementia", "not severe" against "non-severe") and the unit
    states no direction opposite to the sentence's; or the unit negates the direction opposite to the sentence's
    ("did not decrease" against "higher odds": what rose did not fall).

    >>> negation_agrees("C. difficile infection was not more frequent.", "It was not more common.")
    True
    >>> negation_agrees("Mortality did not differ.", "Mortality differed.")
    False
    >>> negation_agrees("Omitting a drain did not increase haematoma and was associated with less pain.",
    ...                 "Leaving out a drain did not lead to more haematomas.")
    True
    >>> negation_agrees("Prior pregnancy was associated with higher odds of regret.", "It did not decrease regret.")
    True
    >>> negation_agrees("Prior pregnancy was associated with higher odds of regret.", "It did not increase regret.")
    False
    >>> negation_agrees("Varnish reduced caries; more frequent application gave no additional benefit.",
    ...                 "Varnish did not reduce caries.")
    False
    """
    if not negated(unit) and not null_relation(unit):  # "unrelated to" against "not associated with"
        return False
    if negated(sentence):  # the negated clause about what the unit names, when the sentence goes on to other findings
        own = canonical_stems(unit)  # ("did not increase haematoma ... and was associated with less pain": round 38)
        clauses = clause_texts(sentence)
        about = [c for c in clauses if own & canonical_stems(c)]
        # a negation in another clause than the one about the unit agrees with nothing: "Twice-yearly varnish
        # reduced caries; more frequent application gave no additional benefit" against "Twice-yearly varnish did
        # not reduce caries"; a unit of several parts may negate in another ("and caused more side effects, ..., and
        # they should not be offered": round 52)
        if len(clauses) > 1 and about and not any(negated(c) for c in about) and "," not in unit:
            return False
        return not direction_conflict(unit, sentence) or any(
            negated(c) and not direction_conflict(unit, c) for c in about
        )
    if not has_negation(unit):
        return False
    mine, theirs = directions(unit), directions(sentence)
    return len(mine) == len(theirs) == 1 and mine != theirs
