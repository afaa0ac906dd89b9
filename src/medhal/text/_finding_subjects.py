"""The subject of a finding: the words of an evidence sentence (or part of one) that name what it reports on, the
words that merely frame a finding left out ("Mortality from any cause did not differ significantly between the
groups" is about {mortality}), read through :mod:`medhal.text.synonyms` ("deaths" names "mortality").

Used by :mod:`medhal.text.findings` (issue 14) to decide whether a unit names a null finding's whole subject; split
out of it because reading a subject (lists of two outcomes, a subject cut at "and", the subject of the part before a
subjectless "the difference was not significant") is a concept of its own.
"""

from __future__ import annotations

import re

from medhal.text.interventions import treatment_pair
from medhal.text.quantities import quantities
from medhal.text.synonyms import canonical_text, finding_stem
from medhal.text.tokens import CODE_STOPWORDS, STEM_PREFIX

__all__ = [
    "ADJUSTED",
    "ADJUSTING",
    "BRACKETS",
    "COORDINATED",
    "FRAME",
    "JOINT",
    "REPORTED",
    "ROBUST",
    "VERB",
    "compared_groups",
    "concluded",
    "finding_subject",
    "has_verb",
    "inclusions",
    "lead",
    "listed",
    "narrows",
    "several_listed",
    "stems",
    "subject_of",
    "within_either",
]


def _word_set(words: str, *, stem: bool = False) -> frozenset[str]:
    """The whitespace-separated ``words`` (their :data:`STEM_PREFIX`-character stems with ``stem``)."""
    return frozenset(w[:STEM_PREFIX] if stem else w for w in words.split())


FRAME = _word_set(
    (
        "differ differed difference differences significant significantly significance statistically statistical "
        "group groups arm arms either both between among across occur occurred occurrence observed seen reported "
        "associated association related correlated change changed effect effects similar comparable patients "
        "participants subjects respectively overall trial study cases events episodes "
        "rate rates incidence risk risks proportion frequency number odds hazard likelihood mean median average "
        "score scores outcome outcomes value values level levels measure measures primary secondary "
        "reduce reduced reduction increase increased decrease decreased improve improved improvement lower lowered "
        "raise raised slow slowed prevent prevented affect affected alter altered predict predicted "
        "shorten shortened prolong prolonged delay delayed hasten hastened extend extended worsen worsened "
        "help helped benefit benefited protect protected more less higher better worse common frequent likely rare "
        "rarely uncommon infrequent alone composite develop developed developing "
        "background objective objectives methods results conclusion conclusions interpretation findings "
        "correlation relationship impact influence effective efficacious beneficial superior linked predictive "
        "apparent apparently appear appeared appears seem seemed seems measurable meaningful appreciable respect "
        "regard regards unchanged unaffected unaltered reach reached achieve achieved attain attained failed "
        "cause causes produce produced yield yielded greater fewer decline declined declining"
    ),
    stem=True,
)
"""Stems of the words that frame a finding rather than name its subject."""

REPORTED = _word_set(
    "recorded noted detected found identified documented had developed experienced suffered sustained required "
    "needed needing requiring having developing admission",
    stem=True,
)
"""Verbs by which a sentence says something never happened ("no X was recorded"): framing, not its subject."""

_FUNCTION_WORDS = CODE_STOPWORDS | _word_set(
    "any all each every either neither none nobody there here only same some own if one two three four five six seven "
    "eight nine ten first second third just whereas although though while yet approximately approx roughly nearly "
    "almost around"
)
"""Words that never name a subject: the published code's stop list, quantifiers and hedges of a figure
("approximately" would share its stem with "appropriate")."""


_WORDS = re.compile(r"[^\W\d_]+")

BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def stems(text: str) -> frozenset[str]:
    """Stems of the words that can name a finding's subject: :func:`medhal.text.tokens.content_stems`'s, plus
    what its stop list and length floor leave out but a subject needs ("thick" vs "thin" melanomas, "PR"), read
    through :mod:`medhal.text.synonyms` ("deaths" names "mortality", and so does "survival": a null finding about
    one is a null finding about its complement)."""
    words = (w.lower() for w in _WORDS.findall(canonical_text(text)))
    return frozenset(finding_stem(w[:STEM_PREFIX]) for w in words if len(w) >= 2 and w not in _FUNCTION_WORDS)


_EITHER = re.compile(r"(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+or\s+(?P<b>[\w-]+(?:\s+[\w-]+){0,3})", re.IGNORECASE)
"""Two outcomes joined by "or": "worsening heart failure or cardiovascular death" (either counts)."""
_COMPOSITE = re.compile(
    r"\b(?:combined|composite)\s+(?:(?:primary|secondary|main|ischa?emic|cardiovascular|safety|efficacy|clinical)\s+)?"
    r"(?:risk|rate|incidence|outcome|end\s*-?\s*point|of)\b",
    re.IGNORECASE,
)
"""An outcome called a composite ("the combined risk of", "the composite primary outcome", "the combined ischemic
endpoint"), not a therapy ("combined with aspirin")."""
_COMPONENTS = re.compile(r"\s*(?:\(|of\s+|:\s*)?(?P<list>[^()]*)")
"""What follows a composite's name: its components, in brackets or after "of" ("(cardiovascular death, repeat heart
attack, ischemic stroke, or urgent angina admission)")."""
_LIST_SEPARATOR = re.compile(r",|;|\s(?:or|and)\s", re.IGNORECASE)
"""Between two components of a composite: unlike :data:`_ITEM_BREAK`, any "or" / "and", since a clause may go on
after its last component ("the combined rate of stroke or death within 30 days ..., ...")."""


ROBUST = re.compile(
    r"\s*(?:[A-Z][\w ]{0,20}:\s*)?(?:the\s+)?(?:main\s+|overall\s+|these\s+)?(?:conclusions?|results?|findings?|"
    r"estimates?|inferences?)\s+(?:were|was|remained)\s+(?:\w+ly\s+)?(?:unchanged|similar|robust|consistent|"
    r"materially\s+unchanged)\b",
    re.IGNORECASE,
)
"""A sensitivity analysis that left the conclusions as they were ("Conclusions were unchanged with a 10-year
extrapolation"): robustness, not a null finding about an outcome (round 21)."""


def within_either(unit: str, subject: frozenset[str]) -> bool:
    """Whether ``unit`` names ``subject`` only as one of two outcomes joined by "or" (a composite: "lowered the
    rate of worsening heart failure or cardiovascular death"), the other naming more: a null finding about the
    component says nothing against an effect on the composite.

    >>> within_either("It lowered the rate of worsening heart failure or cardiovascular death.",
    ...                finding_subject("Cardiovascular death did not differ."))
    True
    >>> within_either("It lowered cardiovascular death.", finding_subject("Cardiovascular death did not differ."))
    False
    >>> within_either("It reduced neonatal respiratory support or death.", finding_subject("No neonatal deaths."))
    True
    >>> within_either("It lowered the chance of needing a transfusion or dying within a month,",
    ...               finding_subject("Transfusion or death occurred in 27.6% and 28.3%."))
    False

    Nor is what a unit names only before the composite it speaks of ("after a heart attack lowered the combined
    risk of death," a clause whose components follow in the next one):

    >>> within_either("Vaccination after a heart attack lowered the combined risk of death,",
    ...               finding_subject("Myocardial infarction alone did not differ significantly."))
    True
    >>> within_either("It lowered the combined risk of death.", finding_subject("Death did not differ."))
    False
    """
    composite = _COMPOSITE.search(unit)
    if composite is not None and (
        not subject <= stems(unit[composite.start() :]) or _component(unit, composite, subject)
    ):
        return True
    # read without time words and the verbs that frame an occurrence: "needing a transfusion or dying within a
    # month" names the composite of transfusion and death, no more (round 23)
    for m in _EITHER.finditer(unit):
        a, b = (stems(m.group(k)) - FRAME - REPORTED - _TIME_STEMS for k in ("a", "b"))
        # "respiratory support or death" for "no neonatal deaths": the subject's words on both sides, one naming more
        if (subject <= b and a - subject) or (subject <= a and b - subject):
            return True
        if subject <= a | b and not subject <= a and not subject <= b and (a - subject or b - subject):
            return True
    return False


def _component(unit: str, composite: re.Match[str], subject: frozenset[str]) -> bool:
    """Whether the composite ``unit`` names lists its components after its name and ``subject`` is one of two or
    more of them, another naming more ("the combined ischemic endpoint (cardiovascular death, repeat heart attack,
    ...)" for "Cardiovascular death did not differ"; round 20)."""
    listed = _COMPONENTS.match(unit, composite.end())
    if listed is None:
        return False
    items = [i for i in (stems(part) - FRAME for part in _LIST_SEPARATOR.split(listed.group("list"))) if i]
    return len(items) > 1 and any(subject <= i for i in items) and any(i - subject for i in items)


_KIND_LINKS = _word_set("related associated specific attributable induced")
"""Words that join a kind to what it is a kind of ("infection-related deaths"): the kind stands before them."""
_ALL_KINDS = _word_set("cause causes total overall global crude", stem=True)
"""Words that name every kind ("all-cause mortality"), not one of them."""
_EFFECT_VERBS = _word_set("cut cuts halve halved halves lowers reduces raises increases improves prolongs shortens")
"""Verbs with no "-ed" that state the effect on a subject ("screening cut deaths"), not a kind of it."""
_CAUSE_AFTER = re.compile(r"\s*(?:from|due\s+to|caused\s+by|attributable\s+to|attributed\s+to)\s+", re.IGNORECASE)


_TIME_UNITS = frozenset({"hour", "day", "week", "month", "year"})
_TIME_STEMS = _word_set(" ".join(f"{unit} {unit}s" for unit in _TIME_UNITS), stem=True)
"""A time point's unit before deaths ("six-month mortality", "30-day deaths"): when, not what kind."""
_KINDED = "morta"
"""The stem of the one subject read in kinds (death, mortality, survival: :func:`narrows`)."""


def narrows(unit: str, subject: frozenset[str]) -> bool:
    """Whether ``unit`` names the deaths of a ``subject`` that is about deaths, mortality or survival only as one
    kind of them: a word that names a kind, which the subject lacks, stands right before the word for deaths
    ("lung cancer deaths", "progression-free survival") or after "from" or "due to" after it ("deaths from lung
    cancer").  A finding that overall mortality did not differ says nothing of deaths from one cause.  Other
    subjects are not read so: "newborn hypothermia" is the finding's hypothermia, "left hospital" its stay.

    >>> narrows("Screening lowered lung cancer deaths by a quarter.", frozenset({"morta"}))
    True
    >>> narrows("It reduced deaths from cardiovascular causes.", frozenset({"morta"}))
    True
    >>> narrows("Screening lowered all-cause mortality.", frozenset({"morta"}))
    False
    >>> narrows("Screening cut deaths from any cause.", frozenset({"morta"}))
    False
    >>> narrows("It lowered lung cancer mortality.", frozenset({"lung", "cance", "morta"}))
    False
    >>> narrows("It made newborn hypothermia more common.", frozenset({"hypot"}))
    False
    >>> narrows("Six-month mortality was lower with early surgery.", frozenset({"morta"}))
    False
    """
    text = canonical_text(unit)
    words = list(_WORDS.finditer(text))
    keys = [finding_stem(w.group().lower()[:STEM_PREFIX]) for w in words]
    at = next((i for i, key in enumerate(keys) if key == _KINDED), None)
    if _KINDED not in subject or at is None:
        return False
    before = at - 1
    if before >= 1 and words[before].group().lower() in _KIND_LINKS:
        before -= 1
    if before >= 0 and _names_kind(words[before].group(), keys[before], subject):
        return True
    cause = _CAUSE_AFTER.match(text, words[at].end())
    if cause is None:
        return False
    after = [(w, k) for w, k in zip(words, keys, strict=True) if w.start() >= cause.end()]
    after = [(w, k) for w, k in after if w.group().lower() not in _FUNCTION_WORDS]
    return bool(after) and _names_kind(after[0][0].group(), after[0][1], subject)


def _names_kind(word: str, key: str, subject: frozenset[str]) -> bool:
    """Whether ``word`` (stem ``key``) can name a kind of ``subject``: a content word, not a verb of effect, nor a
    time point ("six-month mortality")."""
    lowered = word.lower()
    return (
        len(lowered) >= 3
        and lowered.rstrip("s") not in _TIME_UNITS
        and key not in subject
        and key not in FRAME
        and key not in _ALL_KINDS
        and lowered not in _FUNCTION_WORDS
        and lowered not in _EFFECT_VERBS
        and not lowered.endswith("ed")
    )


def finding_subject(sentence: str) -> frozenset[str]:
    """The stems of ``sentence`` that name what its finding is about (the framing words left out).

    >>> sorted(finding_subject("Lactic acidosis did not occur in either group."))
    ['acido', 'lacti']
    >>> sorted(finding_subject("There is no significant change in the thick melanomas."))
    ['melan', 'thick']
    """
    return stems(sentence) - FRAME


_LISTED = re.compile(
    r"^(?:[A-Z][a-z]+:\s*)?(?:the\s+)?(?:rates?\s+of\s+|incidence\s+of\s+)?(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+and\s+"
    r"(?:the\s+)?(?P<b>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:were|was|did|do|does|had|have|remained|occurred)\b",
    re.IGNORECASE,
)
"""A finding about a list of two outcomes: "Hypercalcemia and kidney stones were uncommon and did not differ"."""
_LISTED_AFTER = re.compile(
    r"\bno\s+(?:statistically\s+)?(?:significant\s+)?differences?\s+(?:in|between\s+groups\s+in)\s+(?:the\s+)?"
    r"(?P<a>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:or|and)\s+(?:in\s+)?(?:the\s+)?(?P<b>[\w-]+(?:\s+[\w-]+){0,4})\s*(?:[.;,]|$)",
    re.IGNORECASE,
)
"""A null finding about two outcomes listed after it: "There were no differences in readmission at 28 days or in
parent-reported quality of life"."""
JOINT = re.compile(r"\b(?:composite|combined|combination|joint|together)\b", re.IGNORECASE)
_SEVERAL_AFTER = re.compile(
    r"\bno\s+(?:statistically\s+)?(?:significant\s+)?differences?\s+(?:between\s+(?:the\s+)?groups\s+)?in\s+"
    r"(?P<items>[^;]+?)\s*(?:\.|$)",
    re.IGNORECASE,
)
"""A null finding about three or more outcomes listed after it, each its own (a composite among them is one)."""
_SEVERAL_BEFORE = re.compile(
    r"^(?:[A-Z][a-z]+:\s*)?(?:the\s+)?(?P<items>[\w-]+(?:\s+[\w-]+){0,3}(?:,\s*[\w-]+(?:\s+[\w-]+){0,3})+,?\s+"
    r"(?:and|or)\s+[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:were|was|did|do|does|had|have|remained|occurred)\b",
    re.IGNORECASE,
)
"""A null finding about three or more outcomes listed before its verb: "Waist circumference, body fat, blood pressure
and glucose did not differ between groups"."""
_ITEM_BREAK = re.compile(r",\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+(?=[^,]*$)")
"""Between two items of a list: a comma, and the "and" / "or" before the last item ("A, B or C")."""


def several_listed(piece: str) -> str:
    """The three or more outcomes ``piece`` lists after a null finding ("no significant differences in A (..), B
    (..), or C (..)"), brackets left out, each naming something; ``""`` when it lists none."""
    bare = BRACKETS.sub(" ", piece)
    m = _SEVERAL_AFTER.search(bare) or (None if JOINT.search(bare) else _SEVERAL_BEFORE.match(bare))
    items = [] if m is None else _ITEM_BREAK.split(m.group("items"))
    return m.group("items") if m is not None and len(items) >= 3 and all(map(subject_of, items)) else ""


def listed(piece: str, subject: frozenset[str]) -> list[frozenset[str]]:
    """``subject``, and for a finding about two listed outcomes also the subject of each ("did not differ" holds for
    hypercalcemia and for kidney stones), the other outcome's stems left out; never for a composite of the two.

    >>> sorted(sorted(s) for s in listed("Hypercalcemia and kidney stones did not differ.", frozenset({"hyper",
    ...                                    "renal", "stone"})))
    [['hyper'], ['hyper', 'renal', 'stone'], ['renal', 'stone']]
    >>> piece = ("There were no significant differences in large infants (8.9% vs 9.2%), a perinatal composite "
    ...          "(3.1% vs 3.0%), or primary caesarean delivery (24.0% vs 24.6%).")
    >>> [sorted(s) for s in listed(piece, subject_of(piece))][1:]
    [['infan', 'large'], ['perin'], ['cesar', 'deliv']]
    >>> [sorted(s) for s in listed("Waist size, body fat, blood pressure and glucose did not differ.", frozenset())][1:]
    [['size', 'waist'], ['body', 'fat'], ['blood', 'press'], ['gluco']]
    >>> piece = "Rates of delirium (18% vs 22%) and 30-day mortality (4% vs 5%) did not differ significantly."
    >>> sorted(sorted(s) for s in listed(piece, subject_of(piece)))
    [['delir'], ['delir', 'morta'], ['morta']]
    >>> piece = "There were no differences in readmission at 28 days or in parent-reported quality of life."
    >>> sorted(sorted(s) for s in listed(piece, subject_of(piece)))
    [['life', 'paren', 'quali'], ['life', 'paren', 'quali', 'readm'], ['readm']]

    Two treatments before the verb are the groups compared, never two outcomes
    (:func:`~medhal.text.interventions.treatment_pair`):

    >>> piece = "Candesartan and propranolol did not differ in efficacy."
    >>> [sorted(s) for s in listed(piece, subject_of(piece))]
    [['cande', 'propr']]
    """
    several = several_listed(piece)
    if several:  # "no significant differences in A (..), B (..), C (..), or D (..)"
        return [subject, *(subject_of(item) for item in _ITEM_BREAK.split(several))]
    bare = BRACKETS.sub(" ", piece)  # "Rates of delirium (18% vs 22%) and 30-day mortality (4% vs 5%) did not differ"
    m = _LISTED.match(bare) or _LISTED_AFTER.search(bare)
    if m is None or JOINT.search(piece) or treatment_pair(bare):  # "A and B did not differ": the arms compared
        return [subject]
    a, b = subject_of(m.group("a")), subject_of(m.group("b"))
    if not a or not b or a & b:
        return [subject]
    return [subject, subject - (b - a), subject - (a - b)]


COORDINATED = re.compile(
    r"and\s+(?!not\b)\S+(?:\s+\S+){0,8}?\s+(?:was|were|did|does|do|had|has|have|remained|occurred|reported|"
    r"recorded|observed|developed|required|needed|(?!(?:and|related|based|adjusted|matched|selected)\b)[a-z]{4,}ed)\b",
    re.IGNORECASE,
)
"""A clause that opens with "and" and a subject of its own before its verb ("and mortality at 90 days was similar", "and
the model assumed no survival benefit")."""


def subject_of(piece: str) -> frozenset[str]:
    # "(12.0% versus 11.7%)": the data, not the subject; "at 28 days", "of 0.6 mg/kg": a time point or dose the
    # finding states (matched as figures, :data:`_MATCHED_KINDS`), not what it is about
    piece = _FOLLOW_UP.sub(" ", ADJUSTED.sub(" ", _GROUPING.sub(" ", BRACKETS.sub(" ", piece))))
    for q in reversed(quantities(piece)):
        # with the words that make it a bound ("up to 1,200 mg", "at least 3 days")
        start = m.start() if (m := _BOUND_WORDS.search(piece, max(0, q.start - 16), q.start)) is not None else q.start
        piece = piece[:start] + " " + piece[q.end :]
    return finding_subject(piece)


_FOLLOW_UP = re.compile(
    r"\b(?:during|at|over|throughout|on)\s+(?:the\s+)?(?:[\w-]+\s+)?follow[-\s]?up\b"
    r"|\bper\s+(?:[\d,]+\s+)?(?:(?:person|patient)[-\s])?(?:years?|months?|days?)\b",
    re.IGNORECASE,
)
"""When a finding was measured ("prescribing during follow-up did not differ"), not what it is about (round 22); nor
is the denominator of a rate ("3.3% per year", "per 1,000 person-years")."""

_BOUND_WORDS = re.compile(r"\b(?:up\s+to|at\s+(?:least|most))\s*$", re.IGNORECASE)


_BETWEEN = re.compile(
    r"\b(?:between|(?:with|in|on|among)(?=\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?\s+than\s))\s+(?:the\s+)?"
    r"(?P<a>[\w-]+(?:\s+[\w-]+){0,3}?)\s+(?:and|than\s+(?:with|in|on|among))\s+(?:the\s+)?(?P<b>[\w-]+(?:\s+[\w-]+){0,3}?)"
    r"\s*(?:[.;,)]|$)",
    re.IGNORECASE,
)
"""The two groups a finding compares, named last ("did not differ between carriers and non-carriers", "was no more
common with lithium than with valproate")."""


def compared_groups(piece: str) -> frozenset[str]:
    """The stems naming the two groups ``piece``'s finding compares, when it names them last, "between A and B"
    (empty otherwise): what the finding is said of, which a unit restating it may leave out ("Bleeding was
    similar").

    >>> sorted(compared_groups("Bleeding did not differ between carriers and non-carriers."))
    ['carri', 'non']
    >>> sorted(compared_groups("The correlation between age and stiffness was weak."))
    []
    >>> sorted(compared_groups("and was no more common with lithium than with valproate."))
    ['lithi', 'valpr']
    """
    m = _BETWEEN.search(BRACKETS.sub(" ", piece))
    if m is None or VERB.search(m.group()):  # "between age and stiffness was weak": what it is about
        return frozenset()
    return finding_subject(f"{m.group('a')} {m.group('b')}")


ADJUSTED = re.compile(
    r"\b(?:after|with|following|once|on)\s+(?:adjustment|adjusting|controlling|accounting)\s+for\s+[^,;.()]+",
    re.IGNORECASE,
)
"""What a finding was adjusted for ("after adjustment for body-mass index"): how it was estimated, not its subject."""
ADJUSTING = re.compile(
    r"\b(?:independent(?:ly)?|adjust\w*|accounted|controlled|controlling)\b|\bafter\s+accounting\b", re.IGNORECASE
)
"""A unit that speaks of an adjusted estimate ("independently associated", "once PM2.5 was accounted for")."""


_GROUPING = re.compile(
    r"\b(?:between|across|among)\s+(?:the\s+)?(?:two\s+|three\s+|four\s+|all\s+)?(?:[\w-]+\s+){1,2}?"
    r"(?:groups|arms|categories|strata|cohorts)\b",
    re.IGNORECASE,
)
"""The groups a finding compares, named by what groups them ("did not differ between BMI groups"): what the finding
is about is the measure, not the variable that groups the patients.  Bare groups ("between cohorts") are left to the
subject, which they only narrow."""


VERB = re.compile(
    r"\b(?:occurred|was|were|is|are|did|had|has|have|remained|fell|rose|increased|decreased|declined|improved|"
    r"developed|affected)\b",
    re.IGNORECASE,
)
"""The finite verb after the subject of a finding ("Cardiovascular death alone *occurred* in 7.4%")."""


def has_verb(clause: str) -> bool:
    """Whether ``clause`` states something of its own (a finite verb), unlike the first half of a subject cut at
    "and" ("The duration of diarrhoea | and vomiting did not differ")."""
    return VERB.search(clause) is not None or _PAST.search(clause) is not None


_PAST = re.compile(r"(?<![\w-])[a-z]{3,}ed\b", re.IGNORECASE)
"""A past form standing alone: not the end of a compound adjective ("pregnancy-related hypertension")."""


def lead(part: str) -> frozenset[str]:
    """The subject of what ``part`` reports, named before its first verb ("Cardiovascular death alone occurred in
    7.4% and 8.3%"); empty when no verb follows a subject."""
    m = VERB.search(part)
    return frozenset() if m is None else subject_of(part[: m.start()])


_CONCLUDED_POPULATION = re.compile(
    r"^(?P<label>(?:conclusions?|interpretation)\s*:\s*)(?:among|in|for)\s+(?:[\w-]+\s+){0,3}?(?:patients|"
    r"participants|people|persons|individuals|adults|children|women|men|infants|neonates|adolescents)\s+"
    r"(?:with|who|undergoing|receiving|having|admitted|presenting|treated|at)\b[^,;()]{3,120},\s+",
    re.IGNORECASE,
)
"""A conclusion that opens by restating whom the study enrolled ("Conclusions: Among patients with acute ischaemic
stroke and hyperglycaemia, ..."): not what its finding is about, nor whom it narrows it to.  Only a labelled
conclusion, and a population named by what its people have or undergo: "Among patients with diabetes, ..." in the
results may be a subgroup, and so may "In women, ..." anywhere."""


def concluded(sentence: str) -> str:
    """``sentence`` without the study population a labelled conclusion opens with (:data:`_CONCLUDED_POPULATION`).

    >>> concluded("Conclusions: Among patients with acute stroke and hyperglycaemia, insulin did not help.")
    'Conclusions: insulin did not help.'
    >>> concluded("Results: Among patients with diabetes, insulin did not help.")
    'Results: Among patients with diabetes, insulin did not help.'
    """
    m = _CONCLUDED_POPULATION.match(sentence)
    return sentence if m is None else m.group("label") + sentence[m.end() :]


_INCLUDING = re.compile(
    r",\s+including\s+(?P<items>[^;()]+?),\s+(?=(?:was|were|has|have|had|occurred)\b)"
    r"|\s*\(\s*including\s+(?P<bracketed>[^()]+?)\s*\)",
    re.IGNORECASE,
)
"""What an absence names as included in what never happened: "No serious adverse events, including pneumothorax, were
reported", "No major complications (including bleeding or perforation) occurred"."""
_ITEMS = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", re.IGNORECASE)


def inclusions(sentence: str) -> tuple[str, list[str]]:
    """``sentence`` without what it names as included (:data:`_INCLUDING`), and each item so named: an absence of
    "serious adverse events, including pneumothorax" is an absence of pneumothorax too.

    >>> inclusions("No serious adverse events, including pneumothorax, were reported in either group.")
    ('No serious adverse events were reported in either group.', ['pneumothorax'])
    >>> inclusions("No major complications (including bleeding or perforation) occurred.")
    ('No major complications occurred.', ['bleeding', 'perforation'])
    """
    items: list[str] = []

    def cut(m: re.Match[str]) -> str:
        items.extend(i.strip() for i in _ITEMS.split(m.group("items") or m.group("bracketed")) if i.strip())
        return " " if m.group("items") else ""

    return _INCLUDING.sub(cut, sentence), items
