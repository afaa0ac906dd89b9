"""A study's design misreported: "This trial shows that statins prevent delirium" about a prospective cohort study
(issue 14).

How a study was designed decides how far its findings go: an association seen in a cohort is not an effect shown
by a randomised trial, and a clinician weighs the two differently.  An answer that calls an observational study a
trial (or a randomised trial an observational study) misstates the evidence even when every finding it reports is
right, and a small encoder reads "This trial shows ..." against "This prospective cohort study included ..." as
entailed.  :func:`design_conflict` is the deterministic cue, kept narrow:

* the unit names the design of *the* study it reports, with a determiner that points at it ("this / the / our
  (randomised, controlled, clinical) trial", "this RCT"; "this / the / our (prospective, retrospective)
  observational / cohort / case-control / cross-sectional study");
* the evidence states one design only (:func:`stated_design`): a randomised one ("randomly assigned",
  "randomised", "RCT", outside sentences that call for trials to come: "randomised trials are needed") or an
  observational one ("cohort study", "case-control", "cross-sectional", "observational", "registry",
  "retrospective review / analysis / study", "chart review"); evidence naming both, or a secondary analysis of a
  trial ("post hoc", "secondary analysis", "ancillary", "substudy") or a model built on one ("cost-effectiveness",
  "decision-analytic", "modelled cohort"; not "Markov models", which a cohort study may fit), states none;
* the two disagree: the deciding sentence is the evidence's first that names its design.

:func:`blinding_conflict` reads the trial's blinding the same way: "The trial was double-blind" against an evidence
that calls it open-label and never blinded, or the reverse; :func:`timing_conflict` its timing: "In this prospective
study" against an evidence that only ever says it was retrospective, or the reverse.

A single-arm trial is a trial: an evidence that calls itself a trial without randomising states no design here,
so "this trial" about it never fires.

:func:`overstated_superiority` reads a neighbouring misreading: a non-inferiority trial reported as showing
superiority ("antibiotics were superior to surgery" where the evidence says "non-inferior" and never "superior").
Non-inferiority does not exclude superiority, so the evidence does not contradict the unit; it does not support
it either, and the unit is never `supported`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal

from medhal.text.lexical import has_negation
from medhal.text.stopping import stopping_conflict
from medhal.text.tokens import content_stems

__all__ = [
    "Design",
    "blinding_conflict",
    "claimed_design",
    "design_agrees",
    "design_conflict",
    "overstated_superiority",
    "stated_design",
    "timing_conflict",
]

Design = Literal["randomised", "observational"]

_CLAIM = re.compile(
    r"\b(?:this|the|our|present|(?:this|it)\s+(?:was|is)\s+an?|(?<![\w-])in\s+an?)\s+(?:(?:double-?blind(?:ed)?|single-?blind(?:ed)?|placebo-?controlled|"
    r"multi-?cent(?:er|re)|large|small|randomi[sz]ed|controlled|clinical|pragmatic|phase\s+\w+)[,\s]+){0,4}"
    r"(?P<kind>trial|rct|(?:(?:prospective|retrospective|population-based|nationwide|large|small|longitudinal)"
    r"[,\s]+){0,3}(?:observational|cohort|case-?control|cross-?sectional)\s+(?:study|analysis|design))\b",
    re.IGNORECASE,
)
_DENIED = re.compile(
    r"\b(?:this|it|the\s+(?:study|trial|research|evidence))\s+(?:was|is)\s+(?:not|n't)\s+(?:an?\s+)?"
    r"(?:randomi[sz]ed(?:\s+(?:controlled\s+)?(?:trial|study))?|RCT|(?:controlled\s+|clinical\s+)?trial)\b"
    r"|\b(?:this|the|our|a)\s+non-?randomi[sz]ed\s+(?:study|comparison|design|analysis)\b"
    r"|\b(?:(?:had|has|with)\s+no|without\s+(?:a\s+)?)\s*randomi[sz]ed\s+(?:comparison|control)\s+(?:group|arm)\b",
    re.IGNORECASE,
)
"""A unit denying that the study it reports was randomised: "Because this was not a randomised trial" (round 177)
claims an observational design."""
_RANDOMISED = re.compile(r"(?<!mendelian\s)\brandom(?:ly|i[sz]ed|i[sz]ation|i[sz]ing)\b|\bRCTs?\b", re.IGNORECASE)
"""Randomisation, the trial's: "Mendelian randomization" reads genetic variants in observational data."""
_OBSERVATIONAL = re.compile(
    r"\b(?:cohort|case-?control|cross-?sectional|observational|registry|chart\s+review|"
    r"retrospective(?:ly)?\s+(?:\w+\s+){0,2}?(?:review|reviewed|analy[sz]ed|analysis|study|studied))\b",
    re.IGNORECASE,
)
_SECONDARY = re.compile(
    r"\b(?:post[\s-]?hoc|secondary\s+analys[ie]s|ancillary|sub-?stud(?:y|ies)|exploratory\s+analys[ie]s|"
    r"pooled\s+analys[ie]s|meta-?analys[ie]s|systematic\s+review|decision[\s-]analytic|micro-?simulation|"
    r"cost[\s-](?:effectiveness|utility)|economic\s+evaluation|modell?(?:ing|ed)\s+(?:study|analysis|cohort))\b",
    re.IGNORECASE,
)
_CALL = re.compile(
    r"\b(?:needed|warranted|required|necessary|should|would|could|future|further|larger|merit|deserve|sparse|scarce|"
    r"lacking|limited|few|absent)\b",
    re.IGNORECASE,
)
"""A sentence calling for studies to come ("Randomised trials are needed") or saying how few there are ("randomised
data on clinical outcomes are sparse": round 181): it says nothing of this one's design."""


def claimed_design(unit: str) -> Design | None:
    """The design ``unit`` says the study it reports had, or ``None`` (it names none).

    >>> claimed_design("This trial shows that statins prevent delirium."), claimed_design("Trials are needed.")
    ('randomised', None)
    >>> claimed_design("Because this was an observational study, trials are needed.")
    'observational'
    >>> claimed_design("In a randomised trial of about 10,500 adults, the risk was higher."), claimed_design(
    ...     "In a previous trial, the risk was higher.")
    ('randomised', None)
    """
    if _DENIED.search(unit):  # "Because this trial had no randomised comparison group" (round 184)
        return "observational"
    m = _CLAIM.search(unit)
    if m is None:
        return None
    return "randomised" if m.group("kind").lower() in {"trial", "rct"} else "observational"


def design_agrees(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence naming the design ``unit`` says the study had, where the unit says nothing else
    ("Because this was not a randomised trial," about a prospective cohort study: round 177, where the encoder read it
    as contradicted, P(C) 0.84); ``None`` otherwise.  A unit reporting a finding too ("In this randomised trial,
    statins lowered LDL") is judged on its finding.

    >>> evidence = ["This prospective cohort study enrolled 158 adults.", "Randomised trials are needed."]
    >>> design_agrees("Because this was not a randomised trial,", evidence)
    0
    >>> design_agrees("Because this was a randomised trial,", evidence) is None
    True
    >>> design_agrees("Because this was not a randomised trial, statins lowered LDL", evidence) is None
    True
    """
    claimed = claimed_design(unit)
    if claimed is None or content_stems(_CLAIM.sub(" ", _DENIED.sub(" ", unit))):
        return None
    stated = _stated_once(tuple(sentences))
    return stated[1] if stated is not None and stated[0] == claimed else None


def stated_design(sentences: Sequence[str]) -> tuple[Design, int] | None:
    """The one design the evidence ``sentences`` state for their own study, with the first sentence naming it;
    ``None`` when they state none, both, or report a secondary analysis (module docstring).

    >>> stated_design(["This prospective cohort study included 763 adults.", "Randomised trials are needed."])
    ('observational', 0)
    >>> stated_design(["Patients were randomly assigned to A or B.", "A cohort of 40 patients was followed."])

    A model built on a trial (a cost-effectiveness analysis) states no design of its own: "the trial" is its source.

    >>> stated_design(["A Markov model used inputs from the LINK-HF trial.", "The modelled cohort was aged 72."])
    >>> stated_design(["In this prospective cohort study, we followed 386,258 adults.", "Mendelian randomization "
    ...                "analyses found no evidence of an effect."])
    ('observational', 0)
    >>> stated_design(["In a randomised trial, relowering was needed less often (4% vs 11%).",
    ...                "Evidence for oral urea comes from observational studies only."])
    """
    if any(_SECONDARY.search(s) and not _calls(s) for s in sentences):  # not "trials with cost-effectiveness
        # analyses are needed" (round 177)
        return None
    # "Because this was not a randomised trial, ..." states an observational design, not a randomised one (round 183)
    randomised = [
        i for i, s in enumerate(sentences) if _RANDOMISED.search(s) and not _calls(s) and not _DENIED.search(s)
    ]
    observational = [
        i for i, s in enumerate(sentences) if (_OBSERVATIONAL.search(s) and not _calls(s)) or _DENIED.search(s)
    ]
    if randomised and not observational:
        return "randomised", randomised[0]
    if observational and not randomised:
        return "observational", observational[0]
    return None


def _calls(sentence: str) -> bool:
    """Whether ``sentence`` calls for studies to come (:data:`_CALL`) rather than reports one: a result with its
    figures does not ("In a randomised trial of 206 inpatients, overcorrection did not differ (15.5% vs 22.1%) ...,
    and re-lowering was needed less often": round 51)."""
    return _CALL.search(sentence) is not None and _REPORTED.search(sentence) is None


_REPORTED = re.compile(r"\d\s?%|\bp\s*[=<>]|\bCI\b")


@lru_cache(maxsize=256)
def _stated_once(sentences: tuple[str, ...]) -> tuple[Design, int] | None:
    """:func:`stated_design`, read once per evidence however many units claim a design."""
    return stated_design(sentences)


def design_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence naming a design other than the one ``unit`` says the study had (its kind, blinding,
    timing, or why it stopped early), or ``None``.

    >>> evidence = ["This prospective cohort study included 763 adults.", "Randomised trials are needed."]
    >>> design_conflict("This trial shows that statins prevent delirium.", evidence)
    0
    >>> design_conflict("In this cohort study, statins were linked with less delirium.", evidence) is None
    True
    """
    claimed = claimed_design(unit)
    stated = None if claimed is None else _stated_once(tuple(sentences))
    if stated is not None and stated[0] != claimed:
        return stated[1]
    blinding = blinding_conflict(unit, sentences)
    if blinding is not None:
        return blinding
    timing = timing_conflict(unit, sentences)
    # "stopped early for benefit" where the trial stopped for futility (text/stopping.py)
    return timing if timing is not None else stopping_conflict(unit, sentences)


_BLIND = r"(?:double|single|triple)[\s-]?blind(?:ed)?"
_BLINDED_CLAIM = re.compile(
    rf"\b{_BLIND}\b|\b(?:trial|study)\s+(?:was|is)\s+(?:\w+ly\s+)?(?:blinded|masked)\b|\bblinded\s+(?:trial|study)\b",
    re.IGNORECASE,
)
"""A unit calling the study blinded: "The trial was double-blind", "in this blinded trial"."""
_FULLY_BLINDED = re.compile(rf"\b{_BLIND}\b", re.IGNORECASE)
"""A trial blinded as a whole (not only its outcome assessors): what an open-label claim contradicts."""
_BLINDED_STATED = re.compile(rf"\b{_BLIND}\b|\b(?:blinded|blinding|masked|masking)\b", re.IGNORECASE)
_OPEN = re.compile(r"\bopen[\s-]label\b|\b(?:un|non-?)blinded\b|\bunmasked\b|\bnot\s+blinded\b", re.IGNORECASE)


def blinding_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence stating the study's blinding when ``unit`` states the other: "The trial was
    double-blind" against "In this open-label, noninferiority trial", or "an open-label trial" against "In this
    double-blind trial"; ``None`` when the unit states none or the evidence states both (an open-label trial with
    blinded outcome assessment) or neither.  Who knew which treatment was given bears on how far a trial's
    subjective outcomes go, and an answer that blinds an open trial overstates it.

    >>> evidence = ["In this open-label, noninferiority trial at 26 centres, 1,054 adults were assigned to A or B."]
    >>> blinding_conflict("The trial was double-blind.", evidence), blinding_conflict("It was open-label.", evidence)
    (0, None)
    >>> blinding_conflict("The trial was double-blind.", evidence + ["Outcomes were assessed by blinded reviewers."])
    """
    if _OPEN.search(unit):
        claimed_open = True
    elif _BLINDED_CLAIM.search(unit) and not has_negation(unit):
        claimed_open = False
    else:
        return None
    open_at = [i for i, s in enumerate(sentences) if _OPEN.search(s) and not _CALL.search(s)]
    blinded_at = [
        i for i, s in enumerate(sentences) if _BLINDED_STATED.search(_OPEN.sub(" ", s)) and not _CALL.search(s)
    ]
    if open_at and not blinded_at and not claimed_open:
        return open_at[0]
    if blinded_at and not open_at and claimed_open and any(_FULLY_BLINDED.search(sentences[i]) for i in blinded_at):
        return blinded_at[0]
    return None


_PROSPECTIVE = re.compile(r"\bprospective(?:ly)?\b(?!\s+(?:registered|registration))", re.IGNORECASE)
_RETROSPECTIVE = re.compile(r"\bretrospective(?:ly)?\b", re.IGNORECASE)
_OWN_TIMING = re.compile(
    r"\b(?:this|the|our|present)\s+(?:[\w-]+\s+){0,2}?(?:prospective|retrospective)\b|"
    r"\b(?:prospectively|retrospectively)\s+(?:\w+ed|\w+en)\b|\b(?:was|were|is)\s+(?:\w+\s+)?(?:prospective|retrospective)\b",
    re.IGNORECASE,
)
"""A unit that times *the* study it reports: "in this prospective study", "we retrospectively reviewed", "the study
was retrospective"; a bare "prospective study" may be one to come."""
_PLANNED = re.compile(r"\b(?:recommend\w*|ongoing|underway|planned|confirm\w*|propose\w*)\b", re.IGNORECASE)


def timing_conflict(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence calling the study retrospective when ``unit`` calls it prospective, or the other way
    round; ``None`` when the unit says neither, the evidence says both ("prospectively collected data were
    retrospectively analysed") or neither.  Data gathered before the outcomes were known bear on how far a study's
    findings go, and an answer that makes a chart review prospective overstates it.  "Prospectively registered" is
    about the trial's registration, and a call for studies to come says nothing of this one's.

    >>> evidence = ["We retrospectively reviewed 214 women who underwent pelvic MRI before surgery."]
    >>> timing_conflict("In this prospective study, MRI was accurate.", evidence)
    0
    >>> timing_conflict("In this retrospective study, MRI was accurate.", evidence) is None
    True
    >>> timing_conflict("Prospective studies are needed.", evidence) is None
    True
    """
    if _CALL.search(unit) or _PLANNED.search(unit) or has_negation(unit) or not _OWN_TIMING.search(unit):
        return None
    claimed = (_PROSPECTIVE.search(unit) is not None, _RETROSPECTIVE.search(unit) is not None)
    if claimed[0] == claimed[1]:
        return None
    own = [(i, s) for i, s in enumerate(sentences) if not _CALL.search(s)]
    prospective = [i for i, s in own if _PROSPECTIVE.search(s)]
    retrospective = [i for i, s in own if _RETROSPECTIVE.search(s)]
    if claimed[0] and retrospective and not prospective:
        return retrospective[0]
    if claimed[1] and prospective and not retrospective:
        return prospective[0]
    return None


_SUPERIOR = re.compile(
    r"\bsuperior\s+to\b|\bsuperiority\b|\b(?:was|were|is|are)\s+(?:(?:shown|found|proven)\s+to\s+be\s+)?"
    r"(?:better|more\s+effective|more\s+efficacious)\s+than\b",
    re.IGNORECASE,
)
"""A claim of superiority: "superior to", "was shown to be better than" (round 27)."""
_NON_INFERIOR = re.compile(r"\bnon-?\s?inferior(?:ity)?\b", re.IGNORECASE)
_SUPERIOR_STATED = re.compile(r"(?<![-\w])superior(?:ity)?\b", re.IGNORECASE)


def overstated_superiority(unit: str, sentences: Sequence[str]) -> int | None:
    """The evidence sentence stating non-inferiority when ``unit`` claims superiority and the evidence never says
    "superior" (module docstring); ``None`` otherwise.

    >>> evidence = ["Antibiotics were non-inferior to appendectomy at 30 days."]
    >>> overstated_superiority("Antibiotics were superior to surgery for health status.", evidence)
    0
    >>> overstated_superiority("Antibiotics were non-inferior to surgery.", evidence) is None
    True
    >>> overstated_superiority("and antibiotics were shown to be better than surgery.", evidence)
    0
    >>> overstated_superiority("Antibiotics were not superior to surgery.", evidence) is None
    True
    """
    if not _SUPERIOR.search(unit) or _NON_INFERIOR.search(unit) or has_negation(unit):
        return None
    if any(_SUPERIOR_STATED.search(_NON_INFERIOR.sub(" ", s)) for s in sentences):
        return None
    stating = [i for i, s in enumerate(sentences) if _NON_INFERIOR.search(s)]
    return stating[-1] if stating else None
