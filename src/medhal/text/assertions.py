"""Sentences that assert no finding: a study's aim, an open question, a hypothesis (issue 14).

An abstract states what it set out to learn before it states what it found: "The aim of this study was to
compare knee muscle strength after bicompartmental or total knee arthroplasty", "To determine whether D-dimer
is a diagnostic parameter for appendicitis", "Little is known about whether a nasobiliary tube improves the
clinical course", "Whether a shorter course is as safe is uncertain".  Such a sentence cannot contradict any
finding: "bicompartmental knee arthroplasty was not superior in knee muscle strength" is the answer to the
question, not its negation.  A small encoder reads a negated finding against the question that shares its
words as a contradiction (on PubMedQA's expert-written conclusions, faithful by construction, most of the
encoder's contradictions were of this kind), so the aligned rule (:mod:`medhal.detect.alignment`) never lets a
window holding such a sentence contradict a unit.

:func:`asserts_nothing` recognises, deliberately narrowly (a sentence it misses only keeps today's behaviour):

* a **question**: the sentence ends with "?";
* an **aim**: "The aim / purpose / objective / goal (of this study) was to ...", "This study was designed /
  aimed / sought to ...", "We aimed / sought / set out to ...", a sentence opening with "To <investigate,
  determine, compare, ...>" (after an optional section label such as "Objective:");
* an **open question**: "We investigated / examined / assessed whether / if ...", "Little is known about",
  "It is unclear / unknown / uncertain / debated whether", "... is / remains unclear / unknown / uncertain /
  controversial / debated";
* a **hypothesis**: "We hypothesised / hypothesized that ...", "... the hypothesis that ...".

:func:`describes_measurement` recognises a sentence that says what was measured — an outcome's definition ("The
primary outcome was the annual decline in eGFR", "The primary end point was a composite of ...") or the data
collected ("Data on postoperative morbidity and cost were collected and analyzed").  It states a fact about the
study's design, which a unit about the design may contradict ("the primary outcome was death from any cause"),
but nothing about its results: it cannot contradict a finding ("there was no difference in postoperative
morbidity").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from medhal.text.lexical import without_bounds

__all__ = [
    "asks",
    "asserts_nothing",
    "calls_for_research",
    "denies_proof",
    "describes_allocation",
    "describes_measurement",
    "done_of_a_condition",
    "elides_predicate",
    "only_condition",
    "opens_condition",
    "opens_negated_predicate",
    "opens_predicate",
    "opens_relative",
    "reports_result",
    "subject_carried",
]

_LABEL = r"^\s*(?:(?:background|objectives?|aims?|purpose|introduction|context|importance)\s*[:.]\s*)?"
_INQUIRY_VERBS = (
    r"(?:determine|evaluate|assess|investigate|examine|compare|explore|study|analy[sz]e|identify|test|describe|"
    r"establish|clarify|characteri[sz]e|estimate|review|measure|quantify|validate|elucidate|ascertain|define|"
    r"document|address|answer|understand|report|develop|verify|see|know|find\s+out)"
)
_PATTERNS = (
    r"\?\s*$",
    _LABEL + r"to\s+(?:\w+ly\s+)?" + _INQUIRY_VERBS + r"\b",
    r"\b(?:aims?|purposes?|objectives?|goals?)\s+(?:of\s+(?:this|the|our|the\s+present)\s+\w+(?:\s+\w+)?\s+)?"
    r"(?:was|were|is|are)\s+to\b",
    r"\b(?:this|the|our|the\s+present)\s+(?:study|trial|analysis|survey|review|work|paper|investigation)\s+"
    r"(?:was\s+designed|was\s+undertaken|was\s+conducted|was\s+performed|aimed|aims|sought|seeks|set\s+out)\s+to\b",
    r"\bwe\s+(?:aimed|aim|sought|seek|set\s+out|wanted|wished|asked)\b",
    r"\bwe\s+(?:investigated|examined|assessed|evaluated|explored|tested|studied|asked|analy[sz]ed)\s+(?:whether|if)\b",
    r"\bwe\s+hypothesi[sz]ed\b",
    # a literature search (round 49), not "we searched for the cause and found none"
    r"^\W*(?:methods?\s*:\s*)?we\s+(?:systematically\s+)?searched\s+(?:MEDLINE|PubMed|Embase|CENTRAL|Cochrane|"
    r"Scopus|CINAHL|PsycINFO|Web\s+of\s+Science|the\s+literature|(?:electronic\s+|bibliographic\s+)?databases)\b",
    r"\bthe\s+hypothesis\s+that\b",
    r"\blittle\s+is\s+known\b",
    r"\bit\s+(?:is|was|remains)\s+(?:still\s+)?(?:unclear|unknown|uncertain|not\s+known|controversial|debated)\b",
    r"\b(?:is|are|was|were|remains?)\s+(?:still\s+)?(?:unclear|unknown|uncertain|controversial|debated|"
    r"inconclusive|not\s+known)\b",
)
_NON_ASSERTIVE = re.compile("|".join(f"(?:{p})" for p in _PATTERNS), re.IGNORECASE)


def asserts_nothing(sentence: str) -> bool:
    """Whether ``sentence`` states an aim, an open question or a hypothesis rather than a finding.

    >>> asserts_nothing("The aim of this study was to compare knee strength after the two operations.")
    True
    >>> asserts_nothing("Objective: To determine whether D-dimer levels predict appendicitis.")
    True
    >>> asserts_nothing("Whether a shorter course is as safe as the standard course is uncertain.")
    True
    >>> asserts_nothing("Knee strength did not differ between the two operations.")
    False
    >>> asserts_nothing("Patients were asked to report pain scores daily.")
    False
    """
    return _NON_ASSERTIVE.search(sentence) is not None


_FINDING_WORDS = (
    r"(?:lower|higher|reduced|increased|decreased|similar|significantly|significant|not|no|more|less|greater|"
    r"smaller|better|worse|improved|comparable|different|achieved|met|reached|observed|seen|found|statistically|"
    r"superior|inferior|noninferior|non-inferior|unchanged|longer|shorter|prolonged|delayed|attained|present|absent|"
    r"detected|reported|common|rare|frequent|infrequent)\b"
)
"""Words after "the primary outcome was" that report a finding ("was lower with metformin", "was met"), not a
definition ("was overall survival")."""
_MEASUREMENT = re.compile(
    r"\b(?:primary|secondary|main|principal|co-?primary)\s+(?:(?:efficacy|safety)\s+)?(?:end\s*-?\s*points?|"
    r"outcomes?(?:\s+measures?)?)(?:\s+(?:at|by|over|through)\s+(?:week|month|day|year)\s+\d+)?\s+"
    r"(?:was|were|included|comprised)\s+(?:the|a|an\b|(?!" + _FINDING_WORDS + r")[a-z])"
    r"|\b(?:data|information)\s+(?:on|about|regarding|for|from|of)\b[^.;]*\b(?:were|was)\s+(?:collected|"
    r"recorded|obtained|gathered|extracted|retrieved)\b",
    re.IGNORECASE,
)


def opens_negated_predicate(unit: str) -> bool:
    """Whether ``unit`` opens on a negated verb, its subject left in the unit before by the clause split ("Sleeve
    gastrectomy, | by contrast, did not raise fracture risk,"): whom its null finding is about is not in it, so
    neither a cue nor the encoder may read it against a sentence about one group (round 38).

    >>> opens_negated_predicate("by contrast, did not raise fracture risk,"), opens_negated_predicate("It did not.")
    (True, False)
    """
    return _NEGATED_PREDICATE.match(unit) is not None


_NEGATED_PREDICATE = re.compile(
    r"\W*(?:(?:and|but|or|however|yet|instead|by\s+contrast|in\s+contrast|whereas|while|although)\W+)*"
    r"(?:did|does|do|was|were|is|are|had|has|have)\s+not\b",
    re.IGNORECASE,
)


def subject_carried(parts: Sequence[str]) -> list[str]:
    """Each of a sentence's :func:`~medhal.text.findings.finding_parts` that opens on a negated predicate, joined to
    the part before it, whose subject it leaves unsaid: "- Ramipril 5 mg od - HELD on admission; | NOT restarted."
    says of ramipril what "Ramipril has not been restarted yet" says (round 73).

    >>> subject_carried(["- Ramipril 5 mg od - HELD on admission", "NOT restarted."])
    ['- Ramipril 5 mg od - HELD on admission NOT restarted.']
    >>> subject_carried(["Bicarbonate raised serum bicarbonate", "but did not slow progression."])
    ['Bicarbonate raised serum bicarbonate but did not slow progression.']
    >>> subject_carried(["Ramipril was held", "metformin was not restarted."])
    []
    """
    return [
        f"{parts[k - 1]} {part}"
        for k, part in enumerate(parts)
        if k and (_NEGATED_PREDICATE.match(part) or _BARE_NEGATION.match(part))
    ]


_BARE_NEGATION = re.compile(r"\W*(?:(?:and|but)\s+)?(?:not|never|no\s+longer)\s+(?:yet\s+)?[a-z]+(?:ed|en)\b", re.I)
"""A predicate of a note without its verb "to be": "NOT restarted", "never started"."""


def done_of_a_condition(sentence: str, unit: str) -> bool:
    """Whether ``sentence`` instructs an action on a condition ("2. If creatinine <=140 and K+ <5.5, restart ramipril
    2.5 mg od") that ``unit`` states as done, with no condition or modal of its own ("Ramipril has been restarted"):
    an instruction is not a report that it was carried out (round 73), so the one does not restate the other.

    >>> plan = "2. If creatinine <=140 and K+ <5.5, restart ramipril 2.5 mg od; recheck U&E 1-2 weeks later."
    >>> done_of_a_condition(plan, "Ramipril has been restarted;")
    True
    >>> done_of_a_condition(plan, "his GP will restart ramipril if his creatinine is 140 or less")
    False
    """
    return _CONDITIONAL_INSTRUCTION.match(sentence) is not None and _CONDITIONED.search(unit) is None


_CONDITIONAL_INSTRUCTION = re.compile(
    r"\W*(?:\d+[.)]\s*)?(?:if|when|once|unless|provided)\b[^;]*?,\s*(?:then\s+)?(?:re)?(?:start|stop|increase|reduce"
    r"|give|add|continue|switch|refer|repeat|check|arrange|admit|discharge)\b",
    re.IGNORECASE,
)
_CONDITIONED = re.compile(
    r"\b(?:if|when|once|unless|provided|until|will|would|should|shall|can|could|may|might|to\s+be|going\s+to|plan"
    r"|plans|planned|asked|advised|aim)\b",
    re.IGNORECASE,
)


def opens_predicate(unit: str) -> bool:
    """Whether ``unit`` opens on a passive or perfect predicate, its subject left in the unit before by the clause
    split ("Velitumab, an experimental once-monthly injection, | was compared with placebo over 12 weeks"): what it
    is said of is not in it, so the encoder reading it alone (P(C) 0.81 against the conclusion that compares
    velitumab with placebo over 12 weeks) does not contradict it (round 51).

    >>> opens_predicate("was compared with placebo over 12 weeks,"), opens_predicate("It was compared with placebo.")
    (True, False)
    >>> opens_predicate("however, were similar in the two groups (4.1% versus 4.4%).")
    True
    >>> opens_predicate("were about as common as without colchicine,"), opens_predicate("They were as common.")
    (True, False)
    """
    return _NEGATED_PREDICATE.match(unit) is not None or _PREDICATE.match(unit) is not None


_PREDICATE = re.compile(
    r"\W*(?:(?:and|but|or|however|yet|instead|whereas|while|although)\W+)*"
    r"(?:(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+(?:\w+ly\s+)?"
    r"(?:\w+(?:ed|en)|similar|comparable|the\s+same|no\s+different|"  # "however, were similar in the two groups"
    r"(?:about\s+|roughly\s+|just\s+|much\s+)?as\s+[a-z]+\s+as)"  # "were about as common as without it" (r. 193)
    r"|(?:has|have|had)\s+(?:an?\s+)?(?:different|similar|comparable)\b)\b",  # (round 139); "and has a different
    re.IGNORECASE,  # side-effect profile." (round 159)
)


def asks(unit: str) -> bool:
    """Whether an answer's unit is a question ("Can she still start the series?" before the answer that follows):
    it asserts nothing, so nothing in the evidence contradicts it.

    >>> asks("Can she still start the series?"), asks("She can still start the series.")
    (True, False)
    """
    return unit.rstrip().endswith("?")


def describes_measurement(sentence: str) -> bool:
    """Whether ``sentence`` defines an outcome or says what data were collected (module docstring).

    >>> describes_measurement("The primary outcome was the annual decline in eGFR.")
    True
    >>> describes_measurement("Data on postoperative morbidity and cost were collected and analyzed.")
    True
    >>> describes_measurement("The primary end points were overall survival and progression-free survival.")
    True
    >>> describes_measurement("The two primary endpoints at week 52 were MASH resolution without worsening.")
    True
    >>> describes_measurement("The primary outcome was lower with metformin.")
    False
    >>> describes_measurement("The primary end point was met in 12% of patients.")
    False
    >>> describes_measurement("The primary outcome occurred in 13.8% of patients.")
    False
    >>> describes_measurement("Zones were read after 4, 6 and 8 hours."), describes_measurement("It was read in 81%.")
    (True, False)
    """
    if _MEASUREMENT.search(sentence) is not None:
        return True
    # a methods sentence saying how something was measured, with no result in it ("Inhibition zones ... were read
    # after 4, 6 and 8 hours of incubation": round 140)
    return _MEASURED_PASSIVE.search(sentence) is not None and _RESULT.search(sentence) is None


_MEASURED_PASSIVE = re.compile(
    r"\b(?:was|were)\s+(?:then\s+)?(?:read|measured|assessed|recorded|quantified|determined|evaluated|sampled|"
    r"analy[sz]ed)\s+(?:after|at|by|with|using|in|on|every|daily|weekly|before)\b",
    re.IGNORECASE,
)

_ALLOCATION = re.compile(
    r"\b(?:were|was)\s+(?:randomly\s+|then\s+)?(?:assigned|allocated|randomi[sz]ed|enrolled|recruited)\b"
    r"|\bwe\s+(?:randomly\s+assigned|randomi[sz]ed|enrolled|recruited)\b",
    re.IGNORECASE,
)
_RESULT = re.compile(
    r"%|\b(?:lower|higher|reduced|increased|decreased|similar|significantly|more|less|fewer|greater|better|worse|"
    r"improved|differ\w*|associated|occurred|developed|died)\b",
    re.IGNORECASE,
)


_COMPARED = re.compile(
    r"\b(?:sooner|faster|quicker|slower|earlier|later|shortened|lengthened|(?:much\s+)?the\s+same|cut|halved|"
    r"doubled|rarer|commoner|helped|worked|cost)\b",
    re.IGNORECASE,
)


def reports_result(unit: str) -> bool:
    """Whether ``unit`` reports something found (a difference, a share, an event), so that a line saying only whom a
    study assigned to what (:func:`describes_allocation`) is not the evidence it is about: "People who had
    physiotherapy got back to sport about a week sooner" is about the results, though the methods line holds more
    of its words ("6 weeks of supervised physiotherapy"; session 36).

    >>> reports_result("People who had physiotherapy got back to sport about a week sooner,")
    True
    >>> reports_result("This study followed just over 400 adults with a sprained ankle,")
    False
    """
    return _RESULT.search(unit) is not None or _COMPARED.search(unit) is not None


_TARGET_RANGE = re.compile(r"\d+(?:\.\d+)?\s*(?:-|–|to)\s*\d+(?:\.\d+)?\s*%")


def describes_allocation(sentence: str) -> bool:
    """Whether ``sentence`` says whom a study enrolled or how it assigned them, and reports no result: "12,721
    people aged 70 years or older without atrial fibrillation were randomly assigned to screening or usual care".
    Like an outcome's definition (:func:`describes_measurement`), it states the design, which a unit about the
    design may contradict, but nothing found: a small encoder reads "screening found more atrial fibrillation"
    against its "without atrial fibrillation" as a contradiction (P(C) 0.94).

    >>> describes_allocation("Methods: 12,721 people without atrial fibrillation were randomly assigned to "
    ...                      "screening or usual care.")
    True
    >>> describes_allocation("Patients randomly assigned to screening had more strokes (5.1% vs 4.9%).")
    False
    >>> describes_allocation("The primary outcome was stroke.")
    False
    >>> describes_allocation("Adults ventilated for more than 12 hours were randomised to HFNO (SpO2 92-96%).")
    True
    """
    # a bound of whom it enrolled ("for more than 12 hours") or a target range ("SpO2 92-96%") reports nothing found
    plain = _TARGET_RANGE.sub(" ", without_bounds(sentence))
    return _ALLOCATION.search(sentence) is not None and _RESULT.search(plain) is None


def denies_proof(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says a study cannot show a cause ("As an observational study, it cannot show that
    ultra-processed food causes heart disease") and ``sentence`` claims no cause: a limitation, which an association
    does not contradict (a small encoder reads the negated "causes" against "was associated with higher risks" as a
    contradiction, P(C) 0.69).

    >>> denies_proof("It cannot show that ultra-processed food causes heart disease.",
    ...              "Higher consumption was associated with higher risks of cardiovascular disease.")
    True
    >>> denies_proof("It cannot show that ultra-processed food causes heart disease.",
    ...              "Ultra-processed food causes heart disease.")
    False
    >>> denies_proof("Ultra-processed food does not cause heart disease.", "It was associated with heart disease.")
    False
    """
    return _NO_PROOF.search(unit) is not None and _CAUSAL.search(sentence) is None


_NO_PROOF = re.compile(
    r"\b(?:cannot|can\s*not|can't|could\s+not|does\s+not|do\s+not|did\s+not|not)\s+(?:\w+\s+){0,2}?"
    r"(?:show|prove|establish|demonstrate|determine|confirm)\b[^.;]*?\b(?:caus\w*)\b",
    re.IGNORECASE,
)
_CAUSAL = re.compile(r"\bcaus(?:e|es|ed|ing|al|ally|ation|ality)\b", re.IGNORECASE)


def opens_condition(text: str) -> bool:
    """Whether ``text`` opens with a condition: what it negates is the condition, not a finding or a denial ("If her
    haemoglobin does not rise by at least 20 g/L after 4 weeks, I will arrange capsule endoscopy": round 48).

    >>> opens_condition("If her haemoglobin does not rise by 20 g/L, I will arrange it."), opens_condition("It rose.")
    (True, False)
    """
    return _CONDITION.match(text) is not None


_CONDITION = re.compile(r"\W*(?:if|unless|should)\b", re.IGNORECASE)


def only_condition(unit: str) -> bool:
    """Whether ``unit`` is only a condition, cut from the advice it qualifies ("or if her sodium is already under 135
    before treatment.": round 56): it asserts nothing to contradict.

    >>> only_condition("or if her sodium is already under 135."), only_condition("If it is under 135, stop it.")
    (True, False)
    >>> only_condition("When a scan is needed,")  # cut from "..., low-dose settings should be used" (round 219)
    True
    """
    return _ONLY_CONDITION.match(unit) is not None


_ONLY_CONDITION = re.compile(
    r"^\W*(?:(?:or|and|but)\s+)?(?:if|unless|provided|as\s+long\s+as|when|whenever)\b[^,;:]*[.;:,]?\s*$",
    re.IGNORECASE,
)


def opens_relative(unit: str) -> bool:
    """Whether ``unit`` is a relative clause cut from the clause it qualifies ("where it should be given after the
    session.", "anyone whose first troponin is under 5 ng/L,") or a clause whose verb stands for the one before
    ("whereas no stented patient did."): what its "it", "whose" or "did" refers to is in the clause before, so the
    encoder's reading of it alone against any sentence is no contradiction (round 27, 28, 32).

    >>> opens_relative("where it should be given after the session."), opens_relative("Where possible, give it.")
    (True, False)
    """
    return _RELATIVE.match(unit) is not None or elides_predicate(unit)


def elides_predicate(unit: str) -> bool:
    """Whether ``unit``'s verb stands for the clause before's ("whereas no stented patient did.", "but it was not."):
    it says nothing by itself, so it neither restates nor (read alone) contradicts any sentence (round 32).

    >>> elides_predicate("whereas no stented patient did."), elides_predicate("whereas no stented patient died.")
    (True, False)
    >>> elides_predicate("and bloating more than the sham diet did.")  # a comparison: its words say what
    False
    """
    return _ELIDED.search(unit) is not None


_ELIDED = re.compile(
    r"^\W*(?:whereas|while|but|and|or|as)\b(?![^.;:]*\bthan\b)[^.;:]*\b(?:did|does|do|was|were|is|are|had|has|have)"
    r"(?:\s+not|n't)?(?:\s+(?:so|too|either))?\W*$",
    re.IGNORECASE,
)
"""A clause whose verb stands for the clause before's ("whereas no stented patient did.", "and neither was
mortality." is not: it has its own words after the verb; round 32): what "did" did is said before it."""
_RELATIVE = re.compile(
    r"\W*(?:where|which|who|whom|whose|(?:anyone|anybody|those|people|patients)\s+(?:who|whose|whom))\s+"
    r"(?!possible\b|appropriate\b|needed\b|necessary\b|indicated\b)",
    re.IGNORECASE,
)
_RESEARCH_CALL = re.compile(
    r"\b(?:further|more|larger|longer|additional|future|new|bigger|well-designed|randomi[sz]ed|prospective|adequately\s+"
    r"powered)\s+(?:[\w-]+\s+){0,2}?(?:studies|study|trials?|research|work|evidence|data|investigations?)\s+"
    r"(?:is\s+|are\s+|will\s+be\s+|would\s+be\s+)?(?:still\s+)?(?:needed|required|warranted|necessary)\b"
    r"|\b(?:needs?|remains?)\s+to\s+be\s+(?:tested|confirmed|established|studied|evaluated|assessed|determined|shown)\b",
    re.IGNORECASE,
)


_NO_CALL = re.compile(r"\b(?:no|not|nor)\s+(?:[\w-]+\s+){0,1}$", re.IGNORECASE)
"""A negation right before the call ("no further trials are needed")."""


def calls_for_research(text: str) -> bool:
    """Whether ``text`` says, unnegated, that more research is needed ("larger studies are needed to tell whether
    infections fall", "whether raising bicarbonate slows decline still needs to be tested"): it states what is not
    yet known, which a sentence calling for research as well cannot contradict (round 19: P(C) 0.71 from the encoder
    against "larger studies are needed to assess the effect on infection rates").

    >>> calls_for_research("Larger studies are needed to tell whether infections fall.")
    True
    >>> calls_for_research("No further trials are needed."), calls_for_research("Infections fell by 30%.")
    (False, False)
    >>> calls_for_research("The fall was not significant, and larger studies are needed to assess it.")
    True
    """
    m = _RESEARCH_CALL.search(text)
    return m is not None and _NO_CALL.search(text[: m.start()]) is None and not re.search(r"\bnot\b", m.group())
