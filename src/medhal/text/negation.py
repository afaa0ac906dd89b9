"""Negation scope: *what* a sentence negates, not only *whether* it negates something.

Why (issue 14).  The restatement cue compared negation by presence (:func:`medhal.text.lexical.has_negation` on both
sides).  A conclusion with two negations, "Oral corticosteroids should not be used for acute lower respiratory tract
infection in adults without asthma", then "restated" its flipped twin "Corticosteroids should be used ... without
asthma": both carry a negation ("without"), so the flip went unseen and the error came out ``supported``.

Here each negation cue is tied to the first content word it governs (auxiliaries, degree adverbs and determiners
skipped: "should not be used" negates *used*, "did not significantly reduce" negates *reduce*, "no serious adverse
events" negates *serious*, "without asthma" negates *asthma*), read as a canonical stem
(:func:`medhal.text.synonyms.canonical_stems`: "association" and "associated" are one stem).  Two texts agree on
negation when every stem one of them negates is negated by the other too wherever the other says that word at all;
a stem only one of them mentions (a clause the other leaves out) does not count.
"""

from __future__ import annotations

import re

from medhal.text._finding_subjects import has_verb
from medhal.text._negation_scopes import WORD, Scopes, governed, scopes
from medhal.text.assertions import asserts_nothing, opens_condition
from medhal.text.findings import finding_parts, finding_subject, reports_null_finding
from medhal.text.fragments import states_no_predicate
from medhal.text.lexical import direction_conflict, directions, has_negation
from medhal.text.synonyms import alignment_tokens, canonical_stems
from medhal.text.tokens import STEM_PREFIX

__all__ = [
    "MODIFIER_TOKENS",
    "NOT_WITHOUT",
    "flips_negation",
    "negated_stems",
    "negation_scopes_agree",
    "negation_targets",
    "only_inside",
]

_RELATIVE = re.compile(r"^\W*(?:and\s+|or\s+|but\s+)?(?:who|whom|whose|which|where|when|that)\b", re.IGNORECASE)
_NO_ONE = re.compile(
    r"\b(?:none\s+of|no\s*one|nobody|not\s+(?:a\s+single|one)|neither)\b|\bnot\s+(?:\w+\s+){0,2}any\s+(?:more|further)\b",
    re.IGNORECASE,
)
"""A denial of everyone the unit is about: what it says of them it denies, whichever word it governs ("none of the
*men* ... had a rupture" against "no *ruptures* occurred among men"); "not had any more of the popping" (round 119)."""


def negated_stems(text: str) -> frozenset[str]:
    """The canonical stems of the words ``text``'s negation cues govern: the first word after each cue that is
    not an auxiliary, a degree adverb or a determiner and has a content stem ("not only" is no negation).

    >>> sorted(negated_stems("They should not be used in adults without asthma."))
    ['asthm', 'used']
    >>> sorted(negated_stems("Metformin did not significantly slow the decline."))
    ['slow']
    >>> sorted(negated_stems("Not only mortality but also morbidity fell."))
    []
    >>> sorted(negated_stems("The differences were not statistically significant."))
    ['signi']
    >>> sorted(negated_stems("Steroid-free remission at week 52"))
    ['stero']
    >>> sorted(negated_stems("from 12.9% among never-breastfed children"))
    ['breas']
    >>> sorted(negated_stems("It will not, however, protect you from chlamydia."))
    ['prote']
    """
    return frozenset(scopes(text)[1])


def _denied(denier: Scopes, asserter: Scopes) -> frozenset[str]:
    """The stems the ``denier`` only ever says negated while the ``asserter`` only ever says them plainly."""
    said, negated = denier
    said_a, negated_a = asserter
    return frozenset(s for s, n in negated.items() if n == said[s] and said_a[s] and not negated_a[s])


def negation_scopes_agree(text: str, other: str) -> bool:
    """Whether ``text`` and ``other`` negate the same things: no stem that one of them only ever says negated does
    the other only ever say plainly (a stem the other never says is a clause it leaves out and counts for nothing; a
    stem a text says both ways, "with diabetes but not in those without diabetes", conflicts with neither reading).

    >>> negation_scopes_agree("Steroids should not be used in adults without asthma.",
    ...                       "Steroids should be used in adults without asthma.")
    False
    >>> negation_scopes_agree("Steroids should not be used in adults without asthma.",
    ...                       "Steroids should not be used in adults who have no asthma.")
    True
    >>> negation_scopes_agree("No association was found with age.", "It was not associated with age.")
    True
    >>> negation_scopes_agree("It helped those with diabetes but not those without diabetes.",
    ...                       "It helped those with diabetes.")
    True
    """
    mine, theirs = scopes(text), scopes(other)
    return not _denied(mine, theirs) and not _denied(theirs, mine)


_EITHER = re.compile(r"\beither\b[^.;]*\bor\b", re.IGNORECASE)


def flips_negation(unit: str, sentence: str) -> str | None:
    """The word ``unit`` asserts plainly while ``sentence`` denies it, when the sentence states a finding (not an aim,
    a question or a hypothesis), holds every content stem and number of the unit
    (:func:`~medhal.text.synonyms.alignment_tokens`), states no opposite direction, only ever says that word negated,
    and the unit, which asserts something (:func:`~medhal.text.fragments.states_no_predicate`; not a relative
    clause, "who had chronic diseases", whose subject is elsewhere), never negates it nor anything the sentence
    does not negate too, and names what it is about (:func:`~medhal.text.findings.finding_subject`; not "this was
    statistically significant").  ``None`` otherwise.  Only this direction counts: a unit that negates what the sentence
    says plainly may deny it in words the sentence does not use ("markers are lacking" against "do not
    differentiate").

    >>> flips_negation("Corticosteroids should be used in adults without asthma.",
    ...                "Oral corticosteroids should not be used in adults without asthma.")
    'used'
    >>> flips_negation("Metformin reduced eGFR decline.", "Metformin did not reduce the decline in eGFR.")
    'reduced'
    >>> print(flips_negation("Metformin did not reduce eGFR decline.", "Metformin did not reduce eGFR decline."))
    None
    >>> print(flips_negation("It reduced eGFR decline.", "To test whether it did not reduce eGFR decline."))
    None
    >>> print(flips_negation("None of the men under surveillance had a rupture.",
    ...                      "No ruptures occurred among men under surveillance."))
    None
    >>> print(flips_negation("Of the 13 fractures it missed,", "Of 13 missed fractures, none of the missed fractures "
    ...                      "required surgery."))
    None
    >>> print(flips_negation("so ask for help before standing.", "Please do not try to stand without help."))
    None
    >>> print(flips_negation("but these settled without changing the dose.",
    ...                      "Loose stools on day 2, 3 episodes per day, settled without dose change."))
    None
    >>> print(flips_negation("There were two severe episodes on glargine.",
    ...                      "No severe hypoglycaemia occurred with dalvora; 2 episodes occurred with glargine."))
    None
    """
    # "this extra dose also counts" against "this dose does not count": a word of degree need not be denied too
    wanted = alignment_tokens(unit) - MODIFIER_TOKENS
    if not wanted or not wanted <= alignment_tokens(sentence) or direction_conflict(unit, sentence):
        return None
    # "No severe hypoglycaemia occurred in the A group; 2 episodes occurred with B": parts with verbs of their own
    # report their own findings, and what one denies the other may state (round 23): the unit's words must stand in
    # one part ("but not in severe head injury", a part with no verb, takes its predicate from the part before)
    parts = finding_parts(sentence)
    if all(map(has_verb, parts)) and not any(wanted <= alignment_tokens(part) for part in parts):
        return None
    if (
        (states_no_predicate(unit) and not _verb_said(unit, sentence))
        or _RELATIVE.match(unit)
        or asserts_nothing(sentence)
    ):
        return None
    if not finding_subject(unit):  # "the difference was statistically significant": says of nothing named
        return None
    if _denied_of_other(unit, sentence):  # "Antihistamine tablets do not treat anaphylaxis and must not delay
        return None  # adrenaline" denies the tablets, not "Your adrenaline pen is for treating anaphylaxis" (r. 218)
    # "There was no significant difference ... in preterm birth" against "... did not differ significantly": the same
    # null finding, in other words (round 156)
    if has_negation(unit) and reports_null_finding(unit) and reports_null_finding(sentence):
        return None
    if _NO_ONE.search(unit):  # "None of the men under surveillance had a rupture" asserts no rupture (round 44)
        return None
    if _EITHER.search(unit):  # "and either still smoke or stopped within the last 15 years": alternatives, neither
        return None  # asserted ("has not smoked for 15 years" denies neither; round 182)
    if opens_condition(sentence):  # "If her haemoglobin does not rise by 20 g/L, I will arrange ...": a condition
        return None  # denies nothing (round 48)
    if NOT_WITHOUT.search(sentence):  # "please do not try to stand without help" asks for help (round 200)
        return None
    if only_inside(unit, sentence):  # "should only be used in research" is "should not be used outside research
        return None  # settings" (round 237)
    own, theirs = scopes(unit), scopes(sentence)
    if any(not theirs[1][s] for s in own[1]):
        return None  # the unit negates a word the sentence does not: the two deny in other places, other words
    if not own[1] and has_negation(unit):  # "but higher doses did not seem to add more": it denies words too short
        return None  # to read ("add more"), not the "higher" of "but not with higher doses" (round 181)
    # "none of the missed fractures required surgery" denies the missed fractures only what it says of them (round
    # 47: "Of the 13 fractures it missed" was "denied" by it); "none of the patients had a bleed" denies "patients
    # had a bleed"
    said = canonical_stems(unit)
    counted = frozenset().union(
        *(
            canonical_stems(m.group(1))
            for m in _NONE_OF_PHRASE.finditer(sentence)
            if not canonical_stems(sentence[m.end() : m.end() + 80].split(",")[0].split(";")[0]) & said
        )
    )
    denied = _denied(theirs, own) - counted
    if not _COMPARES.search(unit):  # "were not more frequent with vaccine" denies no "Side effects were common": a
        denied -= frozenset().union(*(canonical_stems(m.group(1)) for m in _NOT_MORE.finditer(sentence)))  # (r. 218)
    return next(
        (
            w.group()
            for w in WORD.finditer(unit)
            if canonical_stems(w.group()) & denied
            and not _PLACED.search(unit, 0, w.start())
            and not _CONDITION_BEFORE.search(unit, 0, w.start())
            and not (w.group().lower() in _NEED_WORDS and _AS.search(unit, 0, w.start()))
            and not _TOO_TO.search(unit, 0, w.start())  # "too rare to compare" is "could not be compared" (r. 174)
            and not _KEPT_FROM.search(unit, 0, w.start())  # "would keep him from driving" is "could not drive" (211)
            and not _AGAINST.match(unit, w.end())  # "are advised against" is "are not recommended" (round 226)
            # "settled without changing the dose" denies the dose's change as "settled without dose change" does
            and not _GERUND_OBJECT.search(unit, 0, w.start())  # (round 193)
        ),
        None,
    )


def _denied_of_other(unit: str, sentence: str) -> bool:
    """Whether the sentence's first negation denies something of a subject the unit does not name: the words before
    the negation (after a label: "Antihistamines: ...") name something, and nothing the unit names.

    >>> said = "Antihistamines: Antihistamine tablets do not treat anaphylaxis and must not delay adrenaline."
    >>> _denied_of_other("Your adrenaline pen is for treating anaphylaxis,", said)
    True
    >>> _denied_of_other("Metformin reduced eGFR decline.", "Metformin did not reduce the decline in eGFR.")
    False
    """
    negation = _FIRST_NEGATION.search(sentence)
    if negation is None or _NOR.search(sentence):  # "X did not differ, nor did satisfaction scores": a subject
        return False  # after it too (round 137)
    subject = canonical_stems(sentence[: negation.start()].rsplit(":", 1)[-1]) - _NO_SUBJECT
    return bool(subject) and not subject & canonical_stems(unit)


_FIRST_NEGATION = re.compile(r"\b(?:(?:do|does|did|must|should|can|will)\s+not|cannot|never)\b", re.IGNORECASE)
"""A negated verb phrase: what the words before it are said not to do."""
_NOT_MORE = re.compile(
    r"\b(?:not|no)\s+(?:(?:significantly|statistically|any|much)\s+)*(?:more|less)\s+([a-z]+)", re.IGNORECASE
)
"""A negated comparison ("not more frequent", "no more common"): it denies a difference, not the word compared."""
_COMPARES = re.compile(r"\b(?:more|less|fewer|higher|lower|than|greater|smaller)\b", re.IGNORECASE)
_NOR = re.compile(r"\b(?:nor|neither)\b", re.IGNORECASE)
_NO_SUBJECT = canonical_stems(
    "patients people adults children women men this these those it they use treatment finding result difference effect"
)

NOT_WITHOUT = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:try\s+to\s+|attempt\s+to\s+)?(?P<verb>[a-z]+)(?:\s+(?:up|out|down|off))?"
    r"(?:,?\s+(?!(?:without|in|for|among|to|with|be|been|used|given)\b)[\w-]+){0,6}?\s+without\b",
    re.IGNORECASE,
)
"""A denial of doing something without something ("do not try to stand without help", "Do not start clarithromycin,
fluconazole or diltiazem without a plan": round 230): a double negative that asks
for it; not a population "without" qualifies ("should not be used in adults without asthma")."""
_GERUND_OBJECT = re.compile(
    r"\b(?:without|not|never)\s+(?:\w+ly\s+)?\w+ing\s+(?:(?:the|a|an|his|her|their|its|your|any)\s+)?$", re.I
)
"""The object of a denied gerund: what "without changing" denies the change of."""
_PLACED = re.compile(
    r"\b(?:above|below|over|under|beyond|outside|short\s+of|away\s+from)\s+(?:(?:the|his|her|their|its|your)\s+)?$",
    re.IGNORECASE,
)
"""A position relative to what a sentence denies, which asserts nothing of it ("still above his dry weight", r. 66)."""
_AGAINST = re.compile(r"\s+against\b", re.IGNORECASE)
_KEPT_FROM = re.compile(
    r"\b(?:keep|keeps|kept|stop|stops|stopped|prevent|prevents|prevented|bar|bars|barred)\s+(?:\w+\s+){0,2}?from\s+$",
    re.IGNORECASE,
)
_TOO_TO = re.compile(r"\btoo\s+(?:\w+\s+){1,2}?to\s+$", re.IGNORECASE)
""""too rare to | compare": the verb after is denied by "too"."""
_CONDITION_BEFORE = re.compile(r"\b(?:when|whenever|if|unless)\b[^,;.:()]*$", re.IGNORECASE)
"""A word of a condition asserts nothing: "use Gaviscon when needed" (PRN) against "omeprazole - no clear indication;
Gaviscon PRN" (round 121), "and more often when you have a chest infection" against "No chest infections since Jan."
(round 124)."""
_NEED_WORDS = frozenset({"needed", "required", "necessary", "indicated"})
_AS = re.compile(r"\bas\s+(?:(?:it\s+is|they\s+are|it's)\s+)?$", re.IGNORECASE)
"""A need said "as needed" (PRN) asserts none either."""


def _verb_said(unit: str, sentence: str) -> bool:
    """Whether ``unit`` says, in the present tense, the verb ``sentence`` negates with "does not" and the like ("this
    extra dose also counts" for "this dose does not count"): a predicate the fragment test's word list lacks."""
    words = {w.lower() for w in WORD.findall(unit)}
    return any(
        f"{m.group(1).lower()}s" in words or f"{m.group(1).lower()}es" in words for m in _DO_NOT.finditer(sentence)
    )


_DO_NOT = re.compile(r"\b(?:does|do|will|should|must|can|may)\s+not\s+([a-z]{3,})\b", re.IGNORECASE)
MODIFIER_TOKENS = alignment_tokens("extra additional mild mildly markedly")
"""Words of how much that a denied sentence need not hold (round 62: "this extra dose also counts towards their
routine schedule" against the bulletin's "this dose does not count towards the routine schedule")."""
_NONE_OF_PHRASE = re.compile(r"\bnone\s+of\s+(?:the|these|those)\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
"""What "none of" counts, up to three words: "none of *the missed fractures*"."""
_EFFECT_WORD = re.compile(
    r"^(?:differ|chang|affect|effect|impact|influen|associat|relat|correlat|predict|benefi|harm|improv|reduc|"
    r"increas|decreas|lower|higher|rais|elevat|shorten|prolong|slow|fewer|more|less|greater|smaller|better|worse|"
    r"superior|inferior|significant|alter|modif)",
    re.IGNORECASE,
)
_SENTENCE_EFFECT = re.compile(
    r"\b(?:than|versus|vs|compared|differ\w*|associated|correlated|significant\w*|ratio)\b", re.IGNORECASE
)


def negation_targets(unit: str, sentence: str) -> bool:
    """Whether a negation of ``unit`` denies something ``sentence`` says: a word it governs that the sentence says
    too ("did not *reduce* mortality" against "reduced mortality"), or an effect, difference or association word
    ("did not *differ*") against a sentence that states one (a direction, a comparison, an association).  When
    none does ("it should not be *used* alone within 3 hours" against "sensitivity was lower within 3 hours"), the
    unit's negation has nothing in the sentence to contradict: what a small encoder reads there is the negation
    itself (issue 14 measured P(C) ~0.78 for a negated sentence against its own copy).

    >>> negation_targets("It did not reduce mortality.", "It reduced mortality by 20%.")
    True
    >>> negation_targets("Mortality did not differ.", "Mortality was higher with A (12% vs 8%).")
    True
    >>> negation_targets("It should not be used alone within 3 hours.", "Sensitivity was lower within 3 hours.")
    False
    >>> negation_targets("Bleeding was managed without further surgery.", "Bleeding affected 17% who had surgery.")
    False
    >>> negation_targets("It cut VTE, without an increase in major bleeding.", "The difference was mainly in DVT.")
    False
    >>> negation_targets("It cut VTE, without an increase in major bleeding.", "Bleeding was higher.")
    True
    >>> negation_targets("41% were in remission without steroids,", "Steroid-free remission was seen in 41.3%.")
    False
    >>> negation_targets("All four deaths were in babies whose mothers had not been vaccinated.",
    ...                  "Vaccine effectiveness was 90%; all 4 deaths occurred among infants of unvaccinated mothers.")
    False
    >>> negation_targets("Neither dose affected preference.", "Preference was unaffected by either dose.")
    False
    >>> negation_targets("It lowers prolactin without worsening psychotic symptoms.", "It reduces prolactin.")
    False
    >>> negation_targets("Mannan should not be used alone.", "Mannan was insufficiently sensitive to be used alone.")
    False

    What a sentence's opening condition says it does not assert (round 50):

    >>> negation_targets("It is not approved for that use.", "If it is used for an approved indication, start at 2 mg.")
    False
    """
    sentence = _main_clause(sentence)
    said = canonical_stems(sentence)
    lemmas = {_lemma(w.group()) for w in WORD.finditer(sentence)}
    times, negated_times = scopes(sentence)  # what the sentence only ever says negated it does not say
    denied_there = frozenset(stem for stem, n in negated_times.items() if times[stem] == n)
    effect = bool(directions(sentence)) or _SENTENCE_EFFECT.search(sentence) is not None
    words = list(WORD.finditer(unit))
    ruled = governed(unit, words)
    # "had not been vaccinated" against "infants of unvaccinated mothers", "Neither dose affected" against "were
    # unaffected by either dose": the sentence denies it too (rounds 143 and 146)
    if any(
        re.search(rf"\b(?:un|non-?){re.escape(w.group())}\b", sentence, re.IGNORECASE)
        for w in words[min(ruled, default=0) :]
        if len(w.group()) > 3
    ):
        return False
    # "should not be used alone" against "insufficiently sensitive to be used alone": denied too (round 154)
    too_little = {m.group(1).lower() for m in _TOO_LITTLE.finditer(sentence)}
    if any(words[k].group().lower() in too_little for k in ruled):
        return False
    for k in ruled:
        word = words[k].group()
        # "without *further* surgery" denies more surgery, not the surgery a sentence says was done
        if k and words[k - 1].group().lower() in _RESTRICTIVE and _lemma(words[k - 1].group()) not in lemmas:
            continue
        stems = canonical_stems(word)
        if (stems & said or _lemma(word) in lemmas) and not (stems and stems <= denied_there):
            return True
        # "without an increase *in major bleeding*": an effect word denies an effect on what it names, if named;
        # "did not significantly reduce death": the adverb's verb, whose object says what is denied (round 47)
        qualifies = _ADVERB.match(word) and k + 1 < len(words) and _VERB.match(words[k + 1].group())
        if effect and _EFFECT_WORD.match(word) and not qualifies and not _names_other(unit, words[k], said):
            return True
    return False


_TOO_LITTLE = re.compile(r"\b(?:in|not\s+)sufficient(?:ly)?\s+\w+\s+to\s+(?:be\s+)?(\w+)", re.IGNORECASE)
"""A denial by insufficiency: "insufficiently sensitive to be *used* alone"."""


def _main_clause(sentence: str) -> str:
    """``sentence`` without its opening condition ("If it is used for an approved indication (schizophrenia), the
    starting dose is 2 mg" asserts the dose, not an approval); the whole sentence when it opens with none."""
    if not opens_condition(sentence):
        return sentence
    depth = 0
    for k, char in enumerate(sentence):
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            return sentence[k + 1 :]
    return sentence


_OBJECT = re.compile(r"\s+(?:in|of|on)\s+((?:[\w-]+\s+){0,3}?[\w-]+)(?=\s*(?:[,;.)]|$|\s(?:and|or|but|with|after)\b))")


def _names_other(text: str, word: re.Match[str], said: frozenset[str]) -> bool:
    """Whether the effect ``word`` of ``text`` names what it is about ("an increase in major bleeding",
    or a verb's object: "reduce death or major brain injury", "without increasing maternal haemorrhage") and the other
    sentence (its stems ``said``) names none of it (round 26: "The difference was mainly below-knee DVT" was
    contradicted by "..., without an increase in major bleeding"; round 47: "had higher peak haematocrit" by "did
    not significantly reduce death or major brain injury, although it raised haematocrit")."""
    m = _OBJECT.match(text, word.end())
    if m is None and _VERB.match(word.group()):
        m = _DIRECT.match(text, word.end())
    return m is not None and not canonical_stems(m.group(1)) & said


_VERB = re.compile(
    r"^(?:reduc|increas|decreas|lower|rais|improv|elevat|shorten|prolong|slow|affect|impact|influenc|benefit|harm"
    r"|alter|modif|worsen)\w*$",  # "without worsening psychotic symptoms" names what it denies (round 150)
    re.IGNORECASE,
)
"""Effect words that take a direct object ("reduce death"), unlike "differ" or "associated"."""
_DIRECT = re.compile(
    r"\s+(?!(?:between|among|across|with|by|in|of|on|at|for|to|than|from|the|a|an|it|them|this|that)\b)"
    r"((?:[\w-]+\s+){0,3}?[\w-]+)(?=\s*(?:[,;.)]|$|\s(?:and|or|but|with|after|in|at|among|by|compared)\b))",
    re.IGNORECASE,
)
"""A verb's direct object up to the next break: "reduce *death* or ...", "increasing *maternal haemorrhage*"."""
_ADVERB = re.compile(r"^(?:significantly|statistically|meaningfully|materially|substantially|clearly)$", re.I)
"""An adverb a negation reaches over to the verb it qualifies: "did not significantly reduce"."""
_RESTRICTIVE = frozenset({"further", "additional", "other", "repeat", "extra", "subsequent", "new"})
"""Words a negation reaches over that narrow what it denies: "without further surgery", "no additional treatment"."""
_INFLECTION = re.compile(r"(?<=\w{3})(?:ing|ed|es|s)$")


def _lemma(word: str) -> str:
    """``word`` without an inflection, cut to a stem: "slow" and "slowed" are one verb (their five-character stems
    "slow" and "slowe" are not).

    >>> _lemma("slowed") == _lemma("slow"), _lemma("reduces") == _lemma("reduced")
    (True, True)
    """
    return _INFLECTION.sub("", word.lower())[:STEM_PREFIX]


def only_inside(unit: str, sentence: str) -> bool:
    """Whether ``unit`` allows something only in a place ("should only be used in research") where ``sentence`` bans
    it outside that place ("should not be used outside research settings"): the same rule, though the sentence's
    "not" reads to an encoder as a denial of the unit (round 237, P(C) 0.84); the verb and the place are named in
    both.

    >>> outside = "Platelet-rich plasma injections should not be used outside research settings."
    >>> only_inside("Platelet-rich plasma injections should only be used in research.", outside)
    True
    >>> only_inside("They should only be used in children.", outside)
    False
    """
    within = _ONLY_IN.search(unit)
    if within is None:
        return False
    verb, place = canonical_stems(within.group("verb") or within.group("after")), canonical_stems(within.group("place"))
    return any(
        bool(verb & canonical_stems(theirs.group("verb")) and place & canonical_stems(theirs.group("place")))
        for theirs in _NOT_OUTSIDE.finditer(sentence)
    )


_ONLY_IN = re.compile(
    r"(?:\bonly\s+(?:be\s+|been\s+)?(?P<verb>[a-z]+)"
    r"|\b(?!(?:should|must|can|could|may|might|will|would|shall|is|are|was|were|be)\b)(?P<after>[a-z]+)\s+only)"
    r"\s+(?:\w+\s+){0,3}?(?:in|within|inside)\s+(?:an?\s+|the\s+)?(?P<place>[\w-]+(?:\s+[\w-]+)?)",
    re.IGNORECASE,
)
_NOT_OUTSIDE = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:be\s+)?(?P<verb>[a-z]+)\s+(?:\w+\s+){0,3}?outside\s+(?:of\s+)?(?:an?\s+|the\s+)?"
    r"(?P<place>[\w-]+(?:\s+[\w-]+)?)",
    re.IGNORECASE,
)
"""A place something is done only in, and a ban on doing it outside a place (:func:`only_inside`)."""
