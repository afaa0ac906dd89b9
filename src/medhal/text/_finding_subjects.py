"""The subject of a finding: the words of an evidence sentence (or part of one) that name what it reports on, the
words that merely frame a finding left out ("Mortality from any cause did not differ significantly between the
groups" is about {mortality}), read through :mod:`medhal.text.synonyms` ("deaths" names "mortality").

Used by :mod:`medhal.text.findings` (issue 14) to decide whether a unit names a null finding's whole subject; split
out of it because reading a subject (lists of two outcomes, a subject cut at "and", the subject of the part before a
subjectless "the difference was not significant") is a concept of its own.
"""

from __future__ import annotations

import re

from medhal.text.interventions import is_treatment, treatment_pair
from medhal.text.quantities import quantities
from medhal.text.synonyms import canonical_text, finding_stem, word_stem
from medhal.text.tokens import CODE_STOPWORDS, STEM_PREFIX

__all__ = [
    "ADJUSTED",
    "ADJUSTING",
    "BRACKETS",
    "COORDINATED",
    "FRAME",
    "FUNCTION_WORDS",
    "JOINT",
    "REPORTED",
    "VERB",
    "WORDS",
    "compared_groups",
    "concluded",
    "finding_subject",
    "has_verb",
    "inclusions",
    "lead",
    "listed",
    "names_as_modifier",
    "second_of_pair",
    "several_listed",
    "split_nor",
    "stems",
    "subject_of",
    "word_set",
]


def word_set(words: str, *, stem: bool = False) -> frozenset[str]:
    """The whitespace-separated ``words`` (their :data:`STEM_PREFIX`-character stems with ``stem``)."""
    return frozenset(w[:STEM_PREFIX] if stem else w for w in words.split())


BETWEEN_TWO = re.compile(r"\bbetween\s+the\s+two\s+(?!groups?\b|arms?\b)[a-z-]+", re.IGNORECASE)
"""A null finding between two treatments it does not name ("did not differ between the two antibiotics": round 200):
it denies only a comparison of the two, not an effect of either against none."""

FRAME = word_set(
    (
        "differ differed difference differences significant significantly significance statistically statistical "
        "group groups arm arms drugs either both between among across occur occurred occurrence observed seen reported "
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
        "cause causes produce produced yield yielded greater fewer decline declined declining "
        "mainly mostly chiefly predominantly primarily further added extra"
    ),
    stem=True,
)
"""Stems of the words that frame a finding rather than name its subject."""

REPORTED = word_set(
    "recorded noted detected found identified documented had developed experienced suffered sustained required "
    "needed needing requiring having developing admission",
    stem=True,
)
"""Verbs by which a sentence says something never happened ("no X was recorded"): framing, not its subject."""

FUNCTION_WORDS = CODE_STOPWORDS | word_set(
    "any all each every either neither none nobody there here only same some own if one two three four five six seven "
    "eight nine ten first second third just whereas although though while yet approximately approx roughly nearly "
    "almost around"
)
"""Words that never name a subject: the published code's stop list, quantifiers and hedges of a figure
("approximately" would share its stem with "appropriate")."""


WORDS = re.compile(r"[^\W\d_]+")

BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def stems(text: str) -> frozenset[str]:
    """Stems of the words that can name a finding's subject: :func:`medhal.text.tokens.content_stems`'s, plus
    what its stop list and length floor leave out but a subject needs ("thick" vs "thin" melanomas, "PR"), read
    through :mod:`medhal.text.synonyms` ("deaths" names "mortality", and so does "survival": a null finding about
    one is a null finding about its complement)."""
    words = (w.lower() for w in WORDS.findall(canonical_text(text)))
    return frozenset(
        _OWN_STEMS.get(w) or finding_stem(word_stem(w)) for w in words if len(w) >= 2 and w not in FUNCTION_WORDS
    )


_OWN_STEMS = {"superficial": "suprf", "newly": "new"}
"""Words whose prefix stem is a framing word's ("super" of "superior"): "Superficial wound infection did not differ"
is about superficial infections, not deep ones (round 196); and an adverb that names its adjective's subject ("newly
diagnosed with asthma" for "New asthma diagnoses": round 195)."""


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
    r"(?:\bno\s+(?:statistically\s+)?(?:significant\s+)?differences?\s+(?:in|between\s+groups\s+in)"
    r"|\b(?:did|does|do)\s+not\s+(?:significantly\s+)?(?:improve|reduce|change|affect|alter|lower|increase|prevent))"
    r"\s+(?:the\s+)?"
    r"(?P<a>[\w-]+(?:\s+[\w-]+){0,4}?)\s+(?:or|and)\s+(?:in\s+)?(?:the\s+)?(?P<b>[\w-]+(?:\s+[\w-]+){0,4})\s*(?:[.;,]|$)",
    re.IGNORECASE,
)
"""A null finding about two outcomes listed after it: "There were no differences in readmission at 28 days or in
parent-reported quality of life", "did not significantly improve double vision or quality of life" (round 178)."""
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

    >>> sorted(sorted(s) for s in listed("Hypercalcemia and kidney stones did not differ.", frozenset({"hyper-calc",
    ...                                    "renal", "calcu"})))
    [['calcu', 'hyper-calc', 'renal'], ['calcu', 'renal'], ['hyper-calc']]
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
    # "pelvic or other fractures": the others are those the text names elsewhere (hip fractures, round 196), never
    # the kind a unit names alone
    others = [side for side, said in ((a, m.group("a")), (b, m.group("b"))) if not _OTHER.match(said)]
    return [subject, *(subject - (b - a) if side is a else subject - (a - b) for side in others)]


_OTHER = re.compile(r"\W*(?:all\s+|any\s+)?other\b", re.IGNORECASE)


COORDINATED = re.compile(
    r"and\s+(?!not\b)\S+(?:\s+\S+){0,8}?\s+(?:was|were|did|does|do|had|has|have|remained|occurred|reported|"
    r"recorded|observed|developed|required|needed|(?!(?:and|related|based|adjusted|matched|selected)\b)[a-z]{4,}ed)\b",
    re.IGNORECASE,
)
"""A clause that opens with "and" and a subject of its own before its verb ("and mortality at 90 days was similar", "and
the model assumed no survival benefit")."""


def second_of_pair(clause: str) -> bool:
    """Whether ``clause`` is the second figure of a pair, about an arm only ("Nausea was reported in 18% with A | and
    20% with placebo, a difference that was not statistically significant": the null finding is the sentence's,
    about nausea; round 52), not a clause with a subject of its own ("and 1.2%, respectively, and mortality at 90
    days was similar").

    >>> second_of_pair("and 20% with placebo, a difference that was not statistically significant.")
    True
    >>> second_of_pair("and 1.2%, respectively, and mortality at 90 days was similar.")
    False
    """
    arms = compared_groups(clause) | stems(" ".join(filter(is_treatment, re.findall(r"[A-Za-z][\w-]*", clause))))
    return _SECOND_FIGURE.match(clause) is not None and subject_of(clause) <= arms


_SECOND_FIGURE = re.compile(r"and\s+\d[\d.,]*\s*%", re.IGNORECASE)


def subject_of(piece: str) -> frozenset[str]:
    # "(12.0% versus 11.7%)": the data, not the subject; "at 28 days", "of 0.6 mg/kg": a time point or dose the
    # finding states (matched as figures, :data:`_MATCHED_KINDS`), not what it is about
    piece = _FOLLOW_UP.sub(" ", ADJUSTED.sub(" ", _GROUPING.sub(" ", BRACKETS.sub(" ", piece))))
    piece = _MEASURED_WITH.sub(" ", _AMONG_THOSE.sub(" ", piece))
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


def split_nor(part: str) -> list[str]:
    """``part`` with a null finding it adds by "nor did ..." as a part of its own: "The change in symptom score did not
    differ between groups (p=0.93), | nor did the change in tiredness score (p=0.79)" reports two null findings, one
    about tiredness (round 41), not one about symptoms and tiredness together.

    >>> split_nor("Pain did not differ between groups, nor did the change in tiredness score (p=0.79).")
    ['Pain did not differ between groups', 'the change in tiredness score did not differ (p=0.79).']
    """
    m = _NOR_DID.search(part)
    if m is None:
        return [part]
    return [part[: m.start()].rstrip(" ,;"), f"{m.group('what').strip()} did not differ{part[m.end() :]}"]


_NOR_DID = re.compile(r",?\s+nor\s+(?:did|was|were)\s+(?P<what>[^(;,.]+?)(?=\s*(?:\(|[;,.]|$))", re.IGNORECASE)

_MEASURED_WITH = re.compile(
    r"\b(?:as\s+)?(?:measured|assessed|rated|scored|evaluated|graded)\s+(?:with|by|using|on)\s+(?:the\s+)?[^,;()]+"
    r"(?=,|;|\))",
    re.IGNORECASE,
)
"""The instrument a finding was measured with ("Quality of life, measured with the EQ-5D, was similar"): how it was
measured, not what it is about (a unit saying "Quality of life was better" names the subject whole)."""
_AMONG_THOSE = re.compile(
    r"\bamong\s+(?:those|patients|people|participants|individuals)\s+(?:with(?:out)?|who)\s+[^,;()]*?"
    r"(?=\s+(?:was|were|did|had|remained)\b)",
    re.IGNORECASE,
)
"""The people a finding holds in, named by what they had ("incidence among those without high-risk findings was
not raised"): who, not what the finding is about (round 26)."""

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
    return VERB.search(clause) is not None or _PAST.search(clause) is not None or _IRREGULAR.search(clause) is not None


_IRREGULAR = re.compile(
    r"\b(?:gave|made|took|led|brought|found|saw|became|began|grew|lost|showed|kept|won|bore)\b", re.IGNORECASE
)
"""Irregular past forms: "more frequent application *gave* no meaningful additional benefit" has a verb of its own
(round 165)."""
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


_CONCLUDED_AFTER = re.compile(
    r"\s+(?:among|in|for)\s+(?:[\w-]+\s+){0,3}?(?:patients|participants|people|persons|individuals|adults|children|"
    r"women|men|infants|neonates|adolescents)\s+(?:with|who|undergoing|receiving|having|admitted|presenting|treated)\b"
    r"[^,;()]{3,120}?(?=\.?\s*$)",
    re.IGNORECASE,
)
"""The same population closing a labelled conclusion ("... did not improve complete recovery at 9 months in adults
with Bell's palsy."; an own abstract, session 33)."""
_ADDED_TO = re.compile(
    r"\b(?P<adding>adding\s+)(?P<agent>[^,;()]+?)\s+to\s+[^,;()]+?\s+(?=(?:did|does|do|was|were|had|has|have)\s+not\b|"
    r"failed\b|made\s+no\b)",
    re.IGNORECASE,
)
"""An add-on trial's conclusion, "Adding valaciclovir to prednisolone did not improve ...": the finding is the added
treatment's; the one it was added to is what every arm had."""


def concluded(sentence: str) -> str:
    """``sentence`` without the study population a labelled conclusion opens or closes with
    (:data:`_CONCLUDED_POPULATION`, :data:`_CONCLUDED_AFTER`), and with an add-on's finding said of the added treatment
    (:data:`_ADDED_TO`).

    >>> concluded("Conclusions: Among patients with acute stroke and hyperglycaemia, insulin did not help.")
    'Conclusions: insulin did not help.'
    >>> concluded("Results: Among patients with diabetes, insulin did not help.")
    'Results: Among patients with diabetes, insulin did not help.'
    >>> concluded("Conclusions: Adding valaciclovir to prednisolone did not improve recovery in adults with CKD.")
    'Conclusions: valaciclovir did not improve recovery.'
    """
    m = _CONCLUDED_POPULATION.match(sentence)
    if m is not None:
        sentence = m.group("label") + sentence[m.end() :]
    elif _LABELLED.match(sentence):
        sentence = _CONCLUDED_AFTER.sub("", sentence)
    added = _ADDED_TO.search(sentence)
    return (
        sentence if added is None else sentence[: added.start()] + added.group("agent") + " " + sentence[added.end() :]
    )


_LABELLED = re.compile(r"(?:conclusions?|interpretation)\s*:", re.IGNORECASE)


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


def names_as_modifier(unit: str, subject: frozenset[str]) -> bool:
    """Whether ``unit`` names ``subject`` (a null finding's stems) only as the modifier of another thing: each word of
    it stands right before a word naming something the subject does not ("ready-made tetanus antibodies were used far
    less often" names no tetanus that "No cases of tetanus occurred" denies; round 230).  "Tetanus cases were fewer"
    names the cases themselves.

    >>> names_as_modifier("Injections of tetanus antibodies were used less often.", frozenset({"tetan"}))
    True
    >>> names_as_modifier("Tetanus cases were fewer with testing.", frozenset({"tetan"}))
    False
    """
    words = list(WORDS.finditer(canonical_text(unit)))
    seen = False
    for k, w in enumerate(words):
        if not stems(w.group()) & subject:
            continue
        seen = True
        after = words[k + 1].group() if k + 1 < len(words) else ""
        head = stems(after) - FRAME - FUNCTION_WORDS
        if not head or head & subject:
            return False
    return seen
