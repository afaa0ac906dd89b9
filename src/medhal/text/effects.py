"""What a unit says an intervention changed, when the evidence never names it (issue 14).

An LLM that embellishes a trial's result adds an outcome the trial never reported: "One dose of a steroid during
bowel surgery made patients less likely to vomit afterwards **and shortened their hospital stay**" against an
abstract that never mentions the hospital stay.  A small encoder reads the clause against the abstract's result
sentences as weakly entailed or merely unsupported, and the answer may go unflagged.  A clinician reads it as an
invented outcome: nothing in the evidence is about the hospital stay, so nothing can support it.

:func:`changed_outcome` reads the object of an effect verb ("shortened | their hospital stay", "reduced | the
risk of delirium", "improved | sleep quality"), up to the next punctuation, conjunction or preposition that opens
a group, a time or a comparison ("in", "among", "by", "compared", "than", "at", "over", ...); :func:`unnamed_outcome`
returns it when the evidence names none of its words (:func:`medhal.text.unnamed.never_named`: read through
synonyms, so "deaths" is named by "mortality"; the words that frame a measure, "risk", "rate", "patients", left
out).  Deliberately narrow, like :func:`medhal.text.unnamed.unnamed_subject`: one word of the outcome named
anywhere in the evidence keeps the unit judged by the encoder, and a negated or hedged unit ("did not shorten",
"may reduce") asserts no effect here.  A unit with such an outcome may be contradicted, never supported, and it
flags its answer.

:func:`stated_agent` reads a third such phrase: who the unit says delivered or performed something ("the programme
was delivered by | nurses" against an abstract whose physiotherapists delivered it).
"""

from __future__ import annotations

import re

from medhal.text.lexical import has_negation
from medhal.text.synonyms import canonical_text
from medhal.text.unnamed import never_named, points_back

__all__ = ["changed_outcome", "stated_agent", "stated_cause", "unnamed_outcome"]

_EFFECT_VERB = re.compile(
    r"(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)(?<!\bits\s)(?<!\btheir\s)(?<!\bwith\s)(?<!\bof\s)(?<!\bwas\s)"
    r"(?<!\bwere\s)(?<!\bis\s)(?<!\bare\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!\bbeing\s)(?<!\bsmall\s)(?<!\btiny\s)"
    r"(?<!\bsome\s)(?<!\bany\s)"
    r"\b(?:shortened|shortens|reduced|reduces|lowered|lowers|increased|increases|improved|improves|prevented|"
    r"prevents|prolonged|prolongs|halved|halves|doubled|doubles|worsened|worsens|decreased|"
    r"decreases|eliminated|eliminates|boosted|boosts|relieved|relieves|eased|eases|cut|cuts|slowed|slows|"
    r"delayed|delays|hastened|hastens|accelerated|accelerates|(?:did|does|do)\s+(?:\w+ly\s+)?(?:shorten|reduce|lower"
    r"|increase|improve|prevent|prolong|halve|double|worsen|decrease|eliminate|boost|relieve|ease|cut|slow|delay"
    r"|hasten|accelerate))\s+",
    re.IGNORECASE,
)
"""A verb by which a unit says something changed, followed by what changed; not an adjective ("a reduced risk",
"with increased cost"), a noun ("through a small cut above the belly button": round 96) nor a passive ("was decreased
in"); with an emphatic "did" too ("though it did reduce hospital admissions": round 47)."""

_OUTCOME_END = re.compile(
    r"[,.;:()\[\]]|(?:^|\s)(?:and|or|but|in|among|by|compared|versus|vs|than|at|over|after|before|within|during|for|"
    r"from|to|with|without|when|while|whereas|which|who|that|because|as|across|between|through|up|down|since|until|"
    r"significantly|substantially|markedly|slightly|only|also|further|more|less|associated|related|linked|caused|"
    r"induced|seen|observed)\b",
    re.IGNORECASE,
)
"""Where the object of an effect verb ends."""

_NO_OUTCOME = re.compile(
    r"(?:(?:the|their|its|his|her|our)\s+)?(?:ability|abilities|need|needs|questions?|efficiency|efficacy|use|"
    r"likelihood|chances?|risks?|odds|rates?|number|amount|level|levels|outcomes?)",
    re.IGNORECASE,
)
"""An object that names no outcome by itself ("reduces the need | for laparoscopy", "increases their risks",
"saved money and improved outcomes" for "less costly and more effective": round 58)."""
_HEAD_ONLY = re.compile(r"(?:the|their|its|his|her|our|this|that)\s+[\w-]+", re.IGNORECASE)
"""A determiner and one noun cut before what completes it: the outcome is in the words after."""
_ADVERB = re.compile(r"^(?:\w+ly\b\s*)+", re.IGNORECASE)
_NEED = re.compile(r"^(?:the|their|its)\s+(?:need|needs|requirement|requirements)\s*$", re.IGNORECASE)
_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)

_HEDGED = re.compile(
    r"\b(?:may|might|could|possibly|potentially|probably|would|suggest\w*|appear\w*|seem\w*)\b"
    r"|(?<!less\s)(?<!more\s)\blikely\b",
    re.IGNORECASE,
)
"""A hedged unit ("may reduce", "is likely caused by"; not the comparison "less likely to vomit")."""

_DEGREE = re.compile(
    r"(?:(?:about|roughly|nearly|almost)\s+)?"  # "Itching improved about equally in both groups" (round 171)
    r"(?:a\s+(?:little|bit|lot|touch|(?:great|good)\s+deal)|slightly|somewhat|modestly|greatly|markedly|considerably"
    r"|hugely|dramatically|enormously|equally|similarly|comparably|alike)?"
    r"(?:(?<=\w)\s+)?(?:faster|slower|quicker|sooner|later|earlier|further|more|less|rapidly|quickly|slowly|steadily)?",
    re.IGNORECASE,
)
_ACRONYM = re.compile(r"\b[A-Z][A-Za-z0-9]*[A-Z0-9]\b|\b[a-z]+[A-Z][\w-]*")
"""An acronym or code ("ICU", "HbA1c", "aPKCz"): too short for the stems, so an outcome holding one is not judged."""


def changed_outcome(unit: str) -> str | None:
    """What ``unit`` says changed: the object of its first effect verb (module docstring), or ``None`` (no such
    verb, a negated or hedged unit, an object of no words or holding an acronym).

    >>> changed_outcome("The steroid made patients less likely to vomit and shortened their hospital stay.")
    'their hospital stay'
    >>> changed_outcome("Statins reduced the risk of stroke in adults over 75.")
    'the risk of stroke'
    >>> changed_outcome("The steroid did not shorten the hospital stay.") is None
    True
    >>> changed_outcome("more than doubled on the drug") is None
    True
    >>> changed_outcome("although women who had improved significantly on it can stay on it.") is None
    True
    """
    m = None if _asserts_nothing(unit) else _EFFECT_VERB.search(unit)
    if m is None or not unit[: m.start()].strip():  # "Improved campaigns, ...": an adjective, or no subject
        return None
    outcome, cut = _phrase(unit[m.end() :])
    if cut and _HEAD_ONLY.fullmatch(outcome):  # "prevents the pathology | associated with apoE4"
        return None
    if outcome and _DEGREE.fullmatch(outcome):  # "scores improved a little in the programme group": how much, not
        return None  # what (round 57); "increased slightly faster": how fast (round 190)
    if _PRONOUN.fullmatch(_PARTICLE.sub("", outcome)):  # "and cut it away": what was cut is named before (round 116)
        return None
    if _PREPOSITION_FIRST.match(outcome):  # "Levels of prolactin ... | more than doubled on the drug": a verb with no
        return None  # object, and the phrase after it says when or on what, not what changed (round 217)
    return outcome or None


_PREPOSITION_FIRST = re.compile(  # and a conjunction: "but that eased | once she was shown how to breathe" (r. 222)
    r"(?:on|in|with|at|after|during|among|from|within|across|under|over|once|when|until|before|since|because|if)\b",
    re.I,
)


_CAUSE_ACTIVE = re.compile(
    r"^(?:(?:and|but|while|whereas|which|that|so)\s+)?(?P<agent>[^,;:()]+?)\s+(?:(?:mainly|largely|mostly|partly|"
    r"chiefly|primarily)\s+)?(?:caused|causes|accounted\s+for|accounts\s+for|was\s+responsible\s+for|"
    r"were\s+responsible\s+for|drove|drives)\b(?!\s+by\b)(?!\s+of\b)",
    re.IGNORECASE,
)
"""A cause named before its verb: "Aseptic loosening | caused almost half of the revisions"; not the noun "causes
of" ("Tests for other causes of hepatitis": round 135)."""
_CAUSE_PASSIVE = re.compile(
    r"\b(?:was|were|is|are)\s+(?:(?:mainly|largely|mostly|partly|chiefly|primarily|fully|entirely)\s+)?"
    r"(?:caused|explained|driven|mediated|accounted\s+for)\s+by\s+(?P<agent>.+)",
    re.IGNORECASE,
)
"""A cause named after "by": "The link was explained by | shorter sleep in night workers"."""
_AGENT_PASSIVE = re.compile(  # "was delivered by", ", supervised by", "sessions each supervised by"
    r"(?:\b(?:was|were|is|are|been)\s+|,\s*|\b(?:sessions?|classes|visits)\s+)"
    r"(?:(?:each|mainly|mostly|largely|usually|always|only|all)\s+)?"
    r"(?:delivered|performed|done|administered|carried\s+out|conducted|led|provided|run|interpreted|supervised|"
    r"taught|read)\s+by\s+(?P<agent>.+)",
    re.IGNORECASE,
)
"""Who a unit says did something, named after "by": "the programme was delivered by | nurses", "classes were held
twice weekly, supervised by a nurse"."""
_PRONOUN = re.compile(
    r"(?:the|a|an|other|some|several|many|various|these|those|such)(?:\s+[\w-]+)?"
    r"|it|this|that|they|them|him|her|us|themselves|others|which|who|each|both|all|none",
    re.IGNORECASE,
)
"""An agent that refers back to something named elsewhere ("it", "the drug", "other mechanisms"): not judged by its
words."""
_SOMEONE = re.compile(r"an?\s", re.IGNORECASE)
"""An indefinite agent: someone the unit names anew ("a nurse"), not a reference back."""


_GLOSS = re.compile(
    r"\s*(?:(?:and|but|which|that|so)\s+)?(?:it\s+is\s+|this\s+is\s+)?an?\s+(?:\w+\s+)?(?:condition|disease|disorder"
    r"|illness|syndrome)\s+(?:where|in\s+which|when)\b",
    re.IGNORECASE,
)
"""A diagnosis glossed in lay words ("a condition where the immune system causes inflammation in the muscles and
skin": round 112): what the named condition is, not a cause the answer adds to the evidence."""
_PARTICLE = re.compile(r"\s+(?:away|out|off|back|down|up)$", re.IGNORECASE)
_OPENER = re.compile(r"\b(?:that|which|who|whether|because|since)\b", re.IGNORECASE)


def stated_cause(unit: str) -> str | None:
    """What ``unit`` says caused, drove or explained something: the words before "caused" / "accounted for" /
    "drove" from the start of the clause, or after "was caused / explained / driven / mediated by"; ``None`` for
    a negated or hedged unit, a pronoun or a generic reference ("the drug"), or an agent holding an acronym.

    >>> stated_cause("Aseptic loosening caused almost half of the revisions in the morbidly obese.")
    'Aseptic loosening'
    >>> stated_cause("The link was explained by shorter sleep in night workers.")
    'shorter sleep'
    >>> stated_cause("It caused fewer revisions.") is None
    True
    >>> stated_cause("and very rarely it causes a severe allergic reaction.") is None
    True
    >>> stated_cause("a condition where the immune system causes inflammation in the muscles and skin.") is None
    True
    """
    m = None if _asserts_nothing(unit) else _CAUSE_ACTIVE.match(unit.strip()) or _CAUSE_PASSIVE.search(unit)
    if m is None or _GLOSS.match(m.group("agent")):
        return None
    # the clause that holds the cause: "The study showed that | night work causes diabetes"
    named = m.group("agent")
    if m.re is _CAUSE_PASSIVE:  # "caused by the clofazimine, which you already knew about": the cause, not its aside
        named = _ASIDE_AFTER.split(named)[0]  # (round 135)
    agent, _ = _phrase(_OPENER.split(named)[-1])
    agent = _ADVERBS.sub("", agent)  # "and very rarely it causes a severe allergic reaction": it (round 197)
    return None if not agent or _PRONOUN.fullmatch(agent) else agent


_ADVERBS = re.compile(r"^(?:(?:very|quite|only|also|still|even|rarely|sometimes|often|occasionally|\w+ly)\s+)+", re.I)


_ASIDE_AFTER = re.compile(r",\s*(?:which|who|whom|whose|as)\b", re.IGNORECASE)


def stated_agent(unit: str) -> str | None:
    """Who ``unit`` says delivered, performed, led or read something: the words after "was delivered / performed /
    conducted / led / interpreted ... by"; ``None`` for a negated or hedged unit, a pronoun or a generic reference, or
    an agent holding an acronym.

    >>> stated_agent("The programme was delivered by nurses over twelve months.")
    'nurses'
    >>> stated_agent("Ultrasound was performed by the team.") is None
    True
    """
    m = None if _asserts_nothing(unit) else _AGENT_PASSIVE.search(unit)
    if m is None:
        return None
    agent, _ = _phrase(m.group("agent"))
    # "a nurse" names someone new, not one named before: judged like "nurses" ("a virus" as a cause may be "viral")
    return None if not agent or (_PRONOUN.fullmatch(agent) and not _SOMEONE.match(agent)) else agent


def _asserts_nothing(unit: str) -> bool:
    """A negated or hedged unit asserts no change and no cause here."""
    return has_negation(unit) or _HEDGED.search(unit) is not None


_NO_OBJECT = re.compile(
    r"(?:\w+ly\s+)*(?:(?:on|in|at|with|from|over|after|during|since|by)\s+(?:it|them|this|that)\b"
    r"|(?:according|based|depending|dependent|guided)\s+(?:to|on|by)\b)",
    re.I,
)
"""A verb used without an object: what follows is where or with what ("improved on it"), or what sets how much
("then increased according to your weight": round 121)."""


def _phrase(text: str) -> tuple[str, bool]:
    """The phrase ``text`` opens with, its leading adverbs dropped, up to :data:`_OUTCOME_END`, and whether it was
    cut there; ``""`` when it names nothing judgeable (no words, an acronym, :data:`_NO_OUTCOME`)."""
    text = _ADVERB.sub("", text.strip())
    if _NO_OBJECT.match(text):  # "who had improved significantly on it beforehand": no object (round 46)
        return "", False
    end = _OUTCOME_END.search(text)
    if end is not None and _NEED.search(text, 0, end.start()) and (need := _FOR.match(text, end.start())):
        end = _OUTCOME_END.search(text, need.end())  # "the need for mechanical ventilation" (round 158)
    phrase = (text if end is None else text[: end.start()]).strip()
    if not phrase or _ACRONYM.search(phrase) or _NO_OUTCOME.fullmatch(phrase):
        return "", end is not None
    return phrase, end is not None


def unnamed_outcome(unit: str, evidence: str, evidence_tokens: frozenset[str]) -> str | None:
    """The outcome ``unit`` says changed (:func:`changed_outcome`), or else the cause it names
    (:func:`stated_cause`) or who it says did something (:func:`stated_agent`), when the evidence names none of it;
    ``None`` when there is no such phrase or the evidence names a word of it.
    ``evidence_tokens``: the evidence's :func:`~medhal.text.synonyms.alignment_tokens`.

    >>> from medhal.text.synonyms import alignment_tokens
    >>> evidence = "Vomiting within 24 hours occurred in 24.8% of the dexamethasone group and 33.0% of controls."
    >>> unnamed_outcome("Dexamethasone shortened the hospital stay.", evidence, alignment_tokens(evidence))
    'the hospital stay'
    >>> unnamed_outcome("Dexamethasone reduced vomiting.", evidence, alignment_tokens(evidence)) is None
    True
    """
    unit = _GRADUALLY.sub("gradually", unit)  # "and reduced step by step as set out in his plan" (round 89)
    outcome = changed_outcome(unit)
    if outcome is not None:  # read in clinical words with its context ("reduced signals | in the sensory nerves" are
        clinical = canonical_text(unit)  # amplitudes: round 98); a verb a lay term takes in names no effect ("has
        worded = changed_outcome(clinical)  # reduced feeling in his left foot" is neuropathy: round 69)
        if _EFFECT_VERB.search(clinical) is None or (worded and not never_named(worded, evidence, evidence_tokens)):
            outcome = None
    for phrase in (outcome, stated_cause(unit), stated_agent(unit)):  # "halved this bowel illness": named before,
        if (  # as is "That flare caused weakness" (round 232)
            phrase is not None
            and not points_back(phrase)
            and not _POINTED_AT.search(unit, 0, max(0, unit.find(phrase)))
            and never_named(phrase, evidence, evidence_tokens)
        ):
            return phrase
    return None


_POINTED_AT = re.compile(r"\b(?:this|that|these|those)\s+$", re.IGNORECASE)
_GRADUALLY = re.compile(r"\b(step|bit|little|day|week)\s+by\s+\1\b", re.IGNORECASE)
"""An adverb of pace in two words ("step by step"), no outcome that changed."""
