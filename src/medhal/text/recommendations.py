"""A recommendation turned the other way: "Steroids should therefore be prescribed for this condition" against
"Oral corticosteroids should not be used for acute lower respiratory tract infection in adults without asthma"
(issue 14).

The denied-assertion cue (:mod:`medhal.text.negation`) fires when an evidence sentence holds every content word of
the unit; an answer that restates a recommendation in its own words ("prescribed" for "used", "steroids" for "oral
corticosteroids", "this condition" for the disease) shares too few of them, and a small encoder reads the reversed
advice as entailed.  A clinician reads it as the most dangerous error an answer can make.  :func:`advice` reads
a recommendation: what it is about (the words before "should" in its clause) and whether it recommends for or
against ("should not be used", "should be avoided" and "should be withheld" are against); :func:`reversed_advice`
fires when an evidence sentence gives the opposite advice about what the unit's advice is about, deliberately
narrowly:

* each content word of what the unit advises on (four letters or more, its suffix cut: "steroid" of "Steroids")
  occurs in what the sentence advises on ("oral corticosteroids");
* neither qualifies its advice ("routinely", "alone", "only", "in selected patients", "as first-line", "before",
  "after", "unless", "until", "with caution", ...): "should not be used routinely" and "should be used in
  selected patients" do not disagree;
* neither is hedged ("may", "might", "could", "consider", "should be considered"), nor asks a question ("whether",
  "if", "?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.text.advice_forms import reversed_guidance

__all__ = [
    "Advice",
    "advice",
    "advises_against",
    "grades_pointed",
    "instructs",
    "premature_use",
    "reversed_advice",
    "unadvised",
]

_AGAINST_VERBS = r"avoided|withheld|discouraged|stopped|discontinued|abandoned"
_ADVICE = re.compile(
    r"\b(?:should|must|ought\s+to)\s+(?:(?:therefore|thus|also|hence|then|now)\s+)?(?P<neg>not\s+|never\s+)?"
    r"(?:be\s+)?"
    r"(?P<verb>used|prescribed|given|offered|recommended|administered|started|continued|performed|"
    + _AGAINST_VERBS
    + r")\b",
    re.IGNORECASE,
)
_QUALIFIED = re.compile(
    r"\b(?:routinely|routine|alone|only|solely|sole|selected|selectively|first-?line|second-?line|before|after|"
    r"unless|until|caution|cautiously|carefully|always|universally|all\s+patients|instead|rather|preferred|"
    r"preferably|doses?|dosing|combination|combined|together|except)\b",
    re.IGNORECASE,
)
_HEDGED = re.compile(r"\b(?:may|might|could|consider|considered|perhaps|possibly|whether|if)\b|\?", re.IGNORECASE)
_OPENING = re.compile(r".*(?:\bthat\b|\btherefore\b|\bthus\b|\bhence\b|[,;:(])", re.IGNORECASE | re.DOTALL)
_WORDS = re.compile(r"[A-Za-z][A-Za-z-]{3,}")
_SUFFIX = re.compile(r"(?:ers|ing|ed|es|s)$")
_EMPTY = frozenset({"this", "that", "these", "those", "such", "therapy", "treatment", "drug", "drugs", "they", "them"})


@dataclass(frozen=True, slots=True)
class Advice:
    """A recommendation: what it is about (lower-cased words before "should" in its clause) and whether it
    recommends for (``True``) or against (``False``)."""

    about: str
    recommends: bool


def advice(text: str) -> Advice | None:
    """The one unqualified, unhedged recommendation ``text`` makes, or ``None``.

    >>> advice("Oral corticosteroids should not be used for acute cough in adults without asthma.")
    Advice(about='oral corticosteroids', recommends=False)
    >>> advice("Steroids should therefore be prescribed for this condition.")
    Advice(about='steroids', recommends=True)
    >>> advice("Steroids should not be used routinely.") is None
    True
    """
    found = list(_ADVICE.finditer(text))
    if len(found) != 1 or _HEDGED.search(text) or _QUALIFIED.search(text):
        return None
    m = found[0]
    head = text[: m.start()]
    opening = _OPENING.match(head)
    about = (head[opening.end() :] if opening else head).strip().lower()
    if not about:
        return None
    against = bool(m.group("neg")) != bool(re.fullmatch(_AGAINST_VERBS, m.group("verb").lower()))
    return Advice(about, not against)


def advises_against(text: str) -> bool:
    """Whether ``text`` advises against something, in a guideline's words or a summary's: "is not routinely advised",
    "The panel suggests against routine measurement" (round 48's rules met round 33's "Checking DOAC blood levels
    before elective procedures is not routinely advised", P(C) 0.81 against the panel's "suggests against", once
    "advised" aligned with "recommendation": two such texts do not contradict each other).

    >>> advises_against("Checking levels is not routinely advised."), advises_against("Checking levels is advised.")
    (True, False)
    """
    return _AGAINST.search(text) is not None


def grades_pointed(unit: str) -> bool:
    """Whether ``unit`` only grades a recommendation it points back at ("although this is only a weak
    recommendation", cut from "Compression-only CPR may be taught to those unwilling to give rescue breaths"): which
    recommendation it grades is the clause before's, so no sentence grading another one contradicts it (round 246,
    P(C) 0.82 against a "strong recommendation").

    >>> grades_pointed("although this is only a weak recommendation."), grades_pointed("CPR is a weak recommendation.")
    (True, False)
    """
    return _POINTED_GRADE.match(unit) is not None


_POINTED_GRADE = re.compile(
    r"\W*(?:(?:although|though|but|and|while)\s+)?(?:this|that|it)\s+(?:is|was|remains)\s+(?:only\s+|just\s+)?an?\s+"
    r"(?:weak|strong|conditional|firm|low-certainty|moderate)\s+(?:recommendation|one)\b",
    re.IGNORECASE,
)
_AGAINST = re.compile(
    r"\b(?:not|never)\s+(?:\w+ly\s+)?(?:be\s+)?(?:advised|recommended|suggested|indicated|advisable)\b"
    r"|\b(?:suggest|recommend|advis|advocat)(?:e|es|s|ed|ing)?\s+against\b",  # "is generally advised against" (r. 240)
    re.IGNORECASE,
)


def _names(unit_about: str, sentence_about: str) -> bool:
    """Whether every content word of ``unit_about`` (suffix cut) occurs in ``sentence_about``."""
    words = [_SUFFIX.sub("", w.lower()) for w in _WORDS.findall(unit_about) if w.lower() not in _EMPTY]
    return bool(words) and all(len(w) >= 4 and w in sentence_about for w in words)


def reversed_advice(unit: str, sentences: Sequence[str]) -> int | None:
    """The first evidence sentence recommending the other way about what ``unit`` advises on (module docstring),
    or ``None``.

    >>> evidence = ["Oral corticosteroids should not be used for acute lower respiratory tract infection."]
    >>> reversed_advice("Steroids should therefore be prescribed for this condition.", evidence)
    0
    >>> reversed_advice("Steroids should therefore not be prescribed for this condition.", evidence) is None
    True
    """
    own = advice(unit)
    if own is None:  # a guideline's passive or imperative ("is not recommended", "Do not routinely perform")
        return reversed_guidance(unit, sentences)
    for i, sentence in enumerate(sentences):
        theirs = advice(sentence)
        if theirs is not None and theirs.recommends != own.recommends and _names(own.about, theirs.about):
            return i
    return None


_ANY_ADVICE = re.compile(
    r"\b(?:should|must|ought\s+to)\s+(?:(?:therefore|thus|also|hence|then|now|routinely|always)\s+)?"
    r"(?:not\s+|never\s+)?(?:be\s+)?[a-z]{3,}|\b(?:is|are)\s+(?:therefore\s+|thus\s+)?(?:recommended|advised|"
    r"indicated|contraindicated)\b|\bwe\s+(?:therefore\s+)?(?:recommend|advise)\b",
    re.IGNORECASE,
)
"""A unit that tells the reader what to do ("Adults with arrhythmias should therefore be advised to drink more
coffee", "Aspirin is recommended after ...")."""
_RESEARCH = re.compile(
    r"\b(?:stud(?:y|ies)|trials?|research|investigat\w*|evaluat\w*|data|analys[ie]s|replicat\w*|confirm\w*)\b",
    re.IGNORECASE,
)
"""Advice about research to come ("further studies should ..."), not about care."""
_NORMATIVE = re.compile(
    r"\b(?:should|must|ought|recommend\w*|advis\w*|advice|guidelines?|indicated|contraindicated|suggest\w*|"
    r"warrant\w*|implications?|favou?rs?|preferred|justif\w*|support\w*|safe|safely|reasonable|options?|"
    r"encourag\w*|discourag\w*|avoid\w*|need\s+not|instructions?|plan(?=\s*:)|actions?(?=\s*(?::|$))|"
    r"preclud\w*|substitut\w*|(?:in|not\s+)?sufficiently\s+\w+\s+to\s+be\s+used)\b",  # "preclude its use as a
    # substitute for laboratory haemoglobin" (round 137); "insufficiently sensitive to be used alone" (round 154)
    re.IGNORECASE,
)
"""Words by which an evidence text says anything of what to do, however weakly, or a heading over what to do
("4. Actions": round 63's audit)."""


def unadvised(unit: str, sentences: Sequence[str]) -> bool:
    """Whether ``unit`` tells the reader, unhedged, what to do in care while the evidence ``sentences`` say nothing
    of what to do at all (no :data:`_NORMATIVE` word): advice the evidence never gives, which no finding it reports
    supports by itself, however well the encoder reads the two as about one thing (the unit is never `supported`).

    >>> evidence = ["Each daily cup of coffee was associated with a 3% lower risk of arrhythmia."]
    >>> unadvised("Adults with arrhythmias should therefore be advised to drink more coffee.", evidence)
    True
    >>> unadvised("Adults with arrhythmias may wish to drink coffee.", evidence)
    False
    >>> unadvised("Further trials should test whether coffee prevents arrhythmias.", evidence)
    False
    >>> unadvised("Coffee should be avoided.", evidence + ["Coffee need not be avoided, our data suggest."])
    False
    >>> unadvised("All patients should be reviewed at 48 hours.", ["4. Review all patients at 48 hours."])
    False
    """
    if _ANY_ADVICE.search(unit) is None or _HEDGED.search(unit) or _RESEARCH.search(unit):
        return False
    return not any(_NORMATIVE.search(sentence) or instructs(sentence) for sentence in sentences)


_IMPERATIVE = re.compile(
    r"\W*(?:\d+[.)]\s*)?(?:[A-Z][\w /-]{0,40}:\s*)?(?:(?:for|in|if|when|after|before)\b[^,;.]{0,60},\s*)?"
    r"(?:please\s+)?(?:(?:the\s+)?(?:GP|patient|nurse|team|family|parents?|ward|surgeon|consultant)\s+to\s+)?"
    r"(?:do\s+not|don't|never|always|review|switch|stop|start|give|take|send|offer|consider|check|discuss|use|"
    r"prescribe|continue|monitor|refer|repeat|restart|withhold|seek|call|contact|keep|apply|measure|admit|arrange|"
    r"ensure|inform|tell|drop|step|resume|avoid|rest|wait|reduce|increase|book|attend|wear|elevate)\b"
    r"(?!-|\s+(?:of|was|were|is|are|in|by|rates?|and|or)\b)",
    re.IGNORECASE,
)
"""A sentence that tells what to do in the imperative, as protocols and leaflets do ("Review all patients at 48 hours.",
"For moderate severity, send urinary antigen tests.": round 43; "If symptoms recur at any stage, drop back to the
previous stage": round 62; a letter's "Please do not prescribe any medicine containing aspartame": round 238; a plan's
"GP to check full blood count in 2 weeks": round 241): advice the evidence gives."""


def instructs(sentence: str) -> bool:
    """Whether ``sentence`` tells what to do in the imperative (:data:`_IMPERATIVE`): advice, which reports no
    finding ("Repeat the sample if haemolysis is suspected, but do not delay treatment if K+ is 6.5 mmol/L or above"
    is no null finding about treatment: round 46).

    >>> instructs("- Repeat the sample if haemolysis is suspected, but do not delay treatment."), instructs("It fell.")
    (True, False)
    """
    return _IMPERATIVE.match(sentence) is not None


_READY = re.compile(
    r"\bready\s+(?:to\s+be\s+used|for\s+(?:use|clinical|routine|widespread|everyday))"
    r"|\b(?:can|should)\s+(?:now\s+|therefore\s+|safely\s+)*be\s+(?:used|adopted|implemented|introduced|"
    r"deployed)\s+(?:routinely|widely|in\s+(?:routine\s+)?(?:clinical\s+)?(?:practice|care|clinics?))"
    r"|\bcan\s+(?:now\s+)?replace\b",
    re.IGNORECASE,
)
"""A unit saying a test or treatment is ready for use in care ("so it is ready to be used in clinics")."""
_NOT_YET = re.compile(
    r"\b(?:requires?|needs?|warrants?|merits?|calls?\s+for)\s+(?:further|additional|more|prospective|external|"
    r"larger)\s+(?:\w+\s+){0,2}?(?:evaluation|validation|study|studies|research|testing|trials?|investigation)\s+"
    r"before\b"
    r"|\bnot\s+(?:yet\s+)?(?:ready|recommended|suitable|appropriate)\s+for\s+(?:clinical|routine|widespread)"
    r"|\bbefore\s+(?:it\s+(?:can|could)\s+be\s+)?(?:\w+\s+)?(?:clinical|routine)\s+(?:use|implementation|"
    r"adoption|practice)\b",
    re.IGNORECASE,
)
"""An evidence sentence saying it is not yet for use in care ("requires further evaluation before clinical use")."""


def premature_use(unit: str, sentences: Sequence[str]) -> int | None:
    """The first evidence sentence saying what ``unit`` calls ready for use in care needs more study first (the
    advice turned the other way: "so it is ready to be used in clinics" against "its performance on darker skin types
    requires further evaluation before clinical use"), or ``None``; a hedged unit never fires.

    >>> evidence = ["The app had a sensitivity of 86%.", "It requires further evaluation before clinical use."]
    >>> premature_use("So it is ready to be used in clinics.", evidence)
    1
    >>> premature_use("So it may be ready for clinical use.", evidence) is None
    True
    >>> premature_use("It needs more testing before being used in clinics.", evidence) is None
    True
    """
    if _READY.search(unit) is None or _HEDGED.search(unit) or re.search(r"\bnot\b|\bbefore\b", unit, re.I):
        return None
    return next((i for i, sentence in enumerate(sentences) if _NOT_YET.search(sentence)), None)
