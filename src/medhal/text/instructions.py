"""An instruction to a patient turned round (issue 14, rounds 54-56): "Keep taking the ibuprofen if you get indigestion
or black stools" against a discharge leaflet's "Do not take ibuprofen if you develop indigestion or black stools";
"She may take an additional tablet if she still wakes at night" against an alert's "Do not take extra tablets if you
still wake at night"; "she need not notify the DVLA" against a letter's "she must notify the DVLA".

The denied-assertion cue (:func:`medhal.text.negation.flips_negation`) asks for every word of the unit in the
sentence, and the advice readers (:mod:`medhal.text.recommendations`, :mod:`medhal.text.advice_forms`) for a
guideline's "should" or "is recommended"; patient instructions are written in the imperative, with "may", "keep
<doing>", "need not", and answers restate them in other inflections ("taking" for "take", "wakes" for "wake").  This
module reads one instruction per clause, narrowly:

* **against**: "do not", "don't", "never", "must not", "should not", "need not", "do(es) not need to", "no need to",
  "do(es)n't have to" before a verb; **for**: a clause that opens with a verb of care (take, stop, start, keep
  <doing>, notify, repeat, drive, ...), or a person or "you" with "may", "can", "should", "must", "will need to",
  "have to", "need to" before it;
* the verb, read by its first four letters after its ending is cut ("taking", "takes", "take": ``tak``), and what
  follows it, each word read the same way (numbers and a few frame words left out);
* a unit's instruction is turned round by a sentence's when the verb is the same, the two differ in polarity, and
  what follows the unit's verb is the sentence's: every word but at most one found among the sentence's, and two or
  more found ("an additional tablet if she still wakes at night" for "extra tablets if you still wake at night").

It only ever contradicts with the sentence it names; scanned on faithful text before it was wired (docs/verdicts.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from medhal.text.tokens import content_stems

__all__ = ["Instruction", "instruction", "reversed_instruction", "same_instruction"]

_AGAINST = (
    r"(?:(?:do|does)\s+not\s+need\s+to|(?:do|does)n't\s+need\s+to|no\s+need\s+to|(?:do|does)n't\s+have\s+to|"
    r"(?:do|does)\s+not\s+have\s+to|must\s+not|mustn't|should\s+not|shouldn't|need\s+not|needn't|"
    r"(?:(?<=^)|(?<=[-–•*]\s)|(?<=\byou\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bplease\s))(?:do\s+not|don't|never))"
)
_FOR = (
    r"(?:may|can|should|must|will\s+need\s+to|will\s+have\s+to|(?:have|has)\s+to|needs?\s+to|(?:is|are)\s+"
    r"(?:advised|told|allowed|asked)\s+to)"
)
_VERBS = (
    "take|taking|takes|stop|stopping|start|starting|restart|keep|continue|continuing|use|using|apply|applying|give|"
    "giving|have|having|repeat|repeating|notify|tell|inform|drive|driving|drink|eat|lift|drink|remove|wash|bathe|"
    "shower|swim|fly|increase|reduce|change|check|avoid|wear|call|contact|seek|attend|book|exercise|walk|return"
)
_WHO = r"(?:you|she|he|they|we|your\s+\w+|the\s+patient|patients|parents|carers)"
_CLAUSE = re.compile(r"[^.;:!?]+")
_AGAINST_RE = re.compile(rf"\b{_AGAINST}\s+(?:be\s+)?(?P<verb>[a-z]+)(?P<rest>[^,]*)", re.IGNORECASE)
"""Against: "do not", "don't" and "never" only as an imperative (opening the clause, a list item, or after "you"):
"Many patients do not understand their instructions" reports, it does not instruct."""
_FOR_RE = re.compile(
    rf"(?:^\W*(?:(?:and|then|so|but|please|also)\s+)*(?:keep\s+)?(?P<verb0>{_VERBS})\b"
    rf"|\b{_WHO}\s+(?:\w+\s+)?{_FOR}\s+(?:keep\s+)?(?P<verb1>[a-z]+))(?P<rest>[^,]*)",
    re.IGNORECASE,
)
_PASSIVE_FOR_RE = re.compile(
    r"(?P<obj>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)\s+(?:should|must|will\s+need\s+to|needs?\s+to)\s+be\s+"
    r"(?P<verb>[a-z]+)\b(?P<rest>[^,]*)",
    re.IGNORECASE,
)
"""For, in the passive: "phosphate should be checked", "the dose must be repeated" (a verb of care only)."""
_NEGATED = re.compile(r"\b(?:no|not|never|none|nothing|nor|neither)\b|n't\b", re.IGNORECASE)
_FRAME_WORDS = (
    "a an the your her his their my our any of to for if when at in on or and with you she he they it this that "
    "these those be is are was were will should may can must again still already also only more than them him as so"
)
_FRAME = frozenset(_FRAME_WORDS.split())
_HEDGE = re.compile(r"\b(?:might|could|usually|generally|probably|possibly|unless|whether)\b|\?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Instruction:
    """One instruction: for or against, its verb's key and the keys of the words after it."""

    against: bool
    verb: str
    rest: frozenset[str]


def _key(word: str) -> str:
    """A word's key: its ending and a final "e" cut ("taking", "takes", "take": ``tak``), then four letters."""
    w = word.lower()
    for ending in ("ing", "ied", "ies", "es", "ed", "en", "s"):
        if w.endswith(ending) and len(w) - len(ending) >= 3:
            w = w[: -len(ending)]
            break
    return w.rstrip("e")[:4] if len(w) > 3 else w


def _keys(text: str) -> frozenset[str]:
    return frozenset(_key(w) for w in re.findall(r"[A-Za-z][A-Za-z-]+", text) if w.lower() not in _FRAME)


@lru_cache(maxsize=2048)
def instruction(clause: str) -> Instruction | None:
    """The one instruction ``clause`` gives (module docstring), or ``None``.

    >>> i = instruction("Do not take ibuprofen if you develop indigestion or black stools.")
    >>> i.against, i.verb, sorted(i.rest)
    (True, 'tak', ['blac', 'deve', 'ibup', 'indi', 'stoo'])
    >>> i = instruction("Keep taking the ibuprofen if you get indigestion or black stools.")
    >>> i.against, i.verb
    (False, 'tak')
    >>> instruction("she must notify the DVLA").against, instruction("she need not notify the DVLA").against
    (False, True)
    >>> print(instruction("Ibuprofen reduced pain by 20%."))
    None
    >>> instruction("return to contact sport not before 9 months").against
    True
    """
    if _HEDGE.search(clause):
        return None
    m = _AGAINST_RE.search(clause)
    if m is not None:
        return Instruction(True, _key(m.group("verb")), _keys(m.group("rest")))
    m = _FOR_RE.search(clause)
    if m is None:  # "phosphate should be checked before a repeat dose": the thing cared for before its verb
        passive = _PASSIVE_FOR_RE.search(clause)
        if passive is None or _key(passive.group("verb")) not in _CARE_KEYS or _NEGATED.search(clause):
            return None  # "No more than one tablet should be taken": a limit, not an instruction to take (round 52)
        cared = _keys(passive.group("obj") + passive.group("rest"))  # "the spray must be given again" names too
        return Instruction(False, _key(passive.group("verb")), cared) if len(cared) >= 2 else None  # little to match
    verb = m.group("verb0") or m.group("verb1")
    # "return to contact sport not before 9 months" says not to before then, as "should not return ... before 9
    # months" does (round 88)
    return Instruction(_NOT_BEFORE.search(m.group("rest")) is not None, _key(verb), _keys(m.group("rest")))


def same_instruction(unit: str, sentence: str) -> bool:
    """Whether a clause of ``sentence`` gives ``unit``'s instruction the same way: the same verb and polarity, and
    two or more of the words after the unit's verb ("so phosphate should be checked before a repeat dose or if
    fatigue or bone pain appear" for "check phosphate if a repeat infusion is planned or if fatigue or bone pain
    develops": the encoder read P(C) 0.97 there, round 165).

    >>> same_instruction("so phosphate should be checked before a repeat dose or if bone pain appears.",
    ...                  "Phosphate is low; check phosphate if a repeat infusion is planned or bone pain develops.")
    True
    >>> same_instruction("so phosphate should not be checked.", "check phosphate if a repeat infusion is planned.")
    False
    >>> print(instruction("No more than one tablet should be taken in any 24-hour period,"))
    None
    """
    own = instruction(unit)
    return own is not None and any(
        theirs.against == own.against and theirs.verb == own.verb and len(own.rest & theirs.rest) >= 2
        for theirs in _instructions(sentence)
    )


def reversed_instruction(unit: str, sentences: Sequence[str]) -> int | None:
    """The index of the first sentence one of whose clauses gives ``unit``'s instruction the other way round (module
    docstring), or ``None``.

    >>> leaflet = ["Take paracetamol 1 g four times a day.", "Do not take ibuprofen if you develop indigestion."]
    >>> reversed_instruction("Keep taking the ibuprofen if you get indigestion.", leaflet)
    1
    >>> print(reversed_instruction("Stop the ibuprofen if you get indigestion.", leaflet))
    None
    >>> print(reversed_instruction("Do not take ibuprofen if you get indigestion.", leaflet))
    None
    """
    own = instruction(unit)
    if own is None or not own.rest:
        return None
    found = None
    words = content_stems(unit)
    for i, sentence in enumerate(sentences):
        for theirs in _instructions(sentence):
            if theirs.verb != own.verb:
                continue
            missing = own.rest - theirs.rest
            if len(missing) > 1 or len(own.rest & theirs.rest) < min(2, len(own.rest)):
                continue
            # whom the unit's instruction is for must be the sentence's too: "People whose asthma is severe or poorly
            # controlled should not start this treatment" is not turned by "Start treatment ... before the season"
            # (read only for a sentence whose instruction matches, not for every sentence of every unit)
            if 2 * len(words & content_stems(sentence)) >= len(words):
                if theirs.against == own.against:  # given the same way elsewhere: "should not start this treatment"
                    return None  # for "Do not start SLIT in people with severe ... asthma" beside "Start treatment
                found = i if found is None else found  # at least 12 weeks before the season" (round 245)
    return found


@lru_cache(maxsize=1024)
def _instructions(sentence: str) -> tuple[Instruction, ...]:
    """The instructions of each clause of an evidence sentence ("she must notify the DVLA | and must not drive"),
    read once however many units ask."""
    parts = (
        part
        for clause in _CLAUSE.findall(sentence)
        for part in re.split(r",\s+(?:and|but)\s+|\s+and\s+(?=(?:she|he|you|they|must|should|do)\b)", clause)
    )
    found = (i for part in parts if (i := instruction(part)) is not None)
    if _AGAINST_HEADING.match(sentence):  # "DON'T: drink alcohol ...; drive until ...": each item is against it
        return tuple(replace(i, against=True) for i in found)
    return tuple(found)


_NOT_BEFORE = re.compile(
    r"\b(?:not\s+(?:before|until|earlier\s+than)|no\s+sooner\s+than|no\s+more\s+(?:often|frequently)\s+than)"
    r"\s+(?:every\s+|once\s+(?:a|every)\s+)?\S*\d",
    re.IGNORECASE,
)
"""Not before a time, or not more often than every so long ("repeat intravenous iron no more often than every 12
weeks", as "should not be repeated more often than every 12 weeks" says: round 188)."""
_AGAINST_HEADING = re.compile(r"\W*(?:do\s+not|don't|avoid|never)\s*:", re.IGNORECASE)
"""A list of what not to do under its heading ("DON'T: ... drive until you feel fully recovered": round 69)."""


_CARE_KEYS = frozenset(_key(v) for v in _VERBS.split("|"))
"""The keys of the verbs of care an instruction in the passive may use."""
