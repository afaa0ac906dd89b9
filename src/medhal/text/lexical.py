"""Lexical cues a small entailment encoder misses: numbers, negation cues and verbatim containment.

These are the primitives behind medhal's deterministic "hybrid evidence" (issue 3): the lexical head of the
embedded verifier (:mod:`medhal.verify.lexical`) and the unit signals of the detectors
(:mod:`medhal.detect.signals`).  Nothing here knows about models.

* :func:`numbers` — the numbers of a text with their decimal part and a trailing ``%`` ("3.5", "47%"),
  decimal commas read as points; a number glued to a word ("HbA1c", "IL6") is not a number.
* :func:`has_negation` — a negation cue: not, no, none, never, neither, nor, without, cannot, absence of,
  absent, lack(s) of, fail(s/ed) to, unable to, n't.
* :func:`direction_words`, :func:`direction_conflict` — direction words (increased / decreased, higher /
  lower, improved / worsened, ...; :data:`DIRECTION_PAIRS`, the lexicon medhal's perturbations flip, plus a few
  cross pairs such as reduced / increased) and whether a text states the opposite direction of another.
* :func:`negated` — :func:`has_negation`, or a negated form that is no negation word: "free of", a "non-" word
  ("free of dementia", "non-severe"); :func:`has_negation` itself stays what the embedded verifier's lexical head
  was fitted on.
* :func:`directions` — which way a text says something went: ``up`` (increased, higher, more, rose, ...),
  ``down`` (decreased, lower, fewer, fell, ...), both or neither; unlike :func:`direction_conflict`, "decrease"
  and "higher" are opposite ways although they are no pair.
* :func:`normalized` — case-folded text with whitespace runs collapsed and outer punctuation stripped, for
  containment tests ("the hypothesis occurs verbatim in the premise").
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = [
    "DIRECTION_PAIRS",
    "NEGATION",
    "NUMBER",
    "THOUSANDS",
    "bare_numbers",
    "direction_conflict",
    "direction_words",
    "directions",
    "has_negation",
    "negated",
    "normalized",
    "novel_numbers",
    "null_relation",
    "numbers",
    "without_bounds",
]

THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?")
"""A number whose commas separate groups of three digits ("1,204", "1,284,600"); any other comma is a decimal comma
("0,8")."""
NUMBER = re.compile(r"(?<![\w.])(?:" + THOUSANDS.pattern + r"|\d+(?:[.,]\d+)?)(?:\s?%)?")
"""A number not glued to a preceding word character, with an optional decimal part and percent sign."""

NEGATION = re.compile(
    r"\b(?:not|no|none|never|neither|nor|without|cannot|absence of|absent|lack of|lacks?|fail(?:s|ed)? to|"
    r"unable to|inability to|nobody|nothing)\b|n't\b",
    re.IGNORECASE,
)
"""Negation cues (word-bounded, case-insensitive)."""
SCOPE_CUES = re.compile(NEGATION.pattern + r"|\b(?:rather\s+than|instead\s+of|in\s+place\s+of)\b", re.IGNORECASE)
"""The cues whose scope :mod:`medhal.text.negation` reads: "ear drops rather than oral antibiotics" denies them as
"(not oral antibiotics)" does (round 95), though no negation is asserted."""

DIRECTION_PAIRS: tuple[tuple[str, str], ...] = (
    ("increased", "decreased"),
    ("increase", "decrease"),
    ("increases", "decreases"),
    ("increasing", "decreasing"),
    ("higher", "lower"),
    ("highest", "lowest"),
    ("more", "less"),
    ("greater", "smaller"),
    ("improved", "worsened"),
    ("improves", "worsens"),
    ("improvement", "deterioration"),
    ("reduced", "elevated"),
    ("reduces", "raises"),
    ("reduction", "elevation"),
    ("enhanced", "impaired"),
    ("enhances", "impairs"),
    ("induced", "inhibited"),
    ("induces", "inhibits"),
    ("activation", "inhibition"),
    ("activated", "suppressed"),
    ("upregulated", "downregulated"),
    ("up-regulated", "down-regulated"),
    ("positive", "negative"),
    ("positively", "negatively"),
    ("superior", "inferior"),
    ("beneficial", "harmful"),
    ("effective", "ineffective"),
    ("safe", "unsafe"),
    ("significant", "nonsignificant"),
    ("before", "after"),
    ("risk factor", "protective factor"),
    ("prolonged", "shortened"),
    ("rise", "fall"),
    ("gain", "loss"),
    ("maximum", "minimum"),
    ("above", "below"),
    ("older", "younger"),
    ("frequent", "rare"),
    ("common", "uncommon"),
)
"""Opposite direction words; :func:`medhal.synthesis.perturb.flip_direction` swaps one word of a pair."""

_EXTRA_OPPOSITES: tuple[tuple[str, str], ...] = (
    ("increased", "reduced"),
    ("increase", "reduction"),
    ("increases", "reduces"),
    ("decreased", "elevated"),
    ("decreased", "raised"),
    ("lowered", "raised"),
    ("lowered", "elevated"),
    ("higher", "reduced"),
    ("improved", "deteriorated"),
    ("benefit", "harm"),
)
_OPPOSITES: dict[str, set[str]] = {}
for _a, _b in DIRECTION_PAIRS + _EXTRA_OPPOSITES:
    _OPPOSITES.setdefault(_a, set()).add(_b)
    _OPPOSITES.setdefault(_b, set()).add(_a)
_DIRECTION_WORD = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(_OPPOSITES, key=len, reverse=True)) + r")\b", re.IGNORECASE
)
_SPACE = re.compile(r"\s+")
_OUTER_PUNCT = " \t\n.,;:!?\"'()[]"


def numbers(text: str) -> frozenset[str]:
    """The numbers of ``text``, normalised: spaces dropped, a comma before three digits read as a thousands
    separator ("73,679" is 73679, as :func:`medhal.text.quantities.quantities` reads it), any other comma as a
    decimal point ("3,5").

    >>> sorted(numbers("412 adults, 3,5 mg and 47 % of 1.5 in 73,679 people"))
    ['1.5', '3.5', '412', '47%', '73679']
    >>> sorted(numbers("1,284,600 people were sent a kit"))
    ['1284600']

    A category numbered in Roman numerals is its number ("Bell stage II" is stage 2; round 31):

    >>> sorted(numbers("NEC of Bell stage II or higher, grade IV"))
    ['2', '4']
    """
    roman = (_ROMAN[m.group(1).upper()] for m in _ROMAN_LABEL.finditer(text))
    return frozenset(_normalised_number(m.group(0)) for m in NUMBER.finditer(text)) | frozenset(roman)


_ROMAN = {r: str(k) for k, r in enumerate(["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"], start=1)}
_ROMAN_LABEL = re.compile(r"\b(?:stage|grade|class|type|phase|tier|level)\s+(I{1,3}|IV|VI{0,3}|IX|X)\b(?![-/])")


def _normalised_number(raw: str) -> str:
    raw = raw.replace(" ", "")
    digits = raw.rstrip("%")
    if THOUSANDS.fullmatch(digits) and not digits.startswith("0"):  # "0,125" is a decimal
        return raw.replace(",", "")
    return raw.replace(",", ".")


def novel_numbers(text: str, reference: str | frozenset[str]) -> tuple[str, ...]:
    """The numbers of ``text`` (sorted) that ``reference`` lacks, ignoring a ``%`` sign on either side.

    ``reference`` is a text, or the precomputed :func:`bare_numbers` of one (for many texts against one).

    >>> novel_numbers("97 adults, 12% and 5", "412 adults, 12 and 5%")
    ('97',)
    """
    have = bare_numbers(reference) if isinstance(reference, str) else reference
    return tuple(sorted(n for n in numbers(text) if n.rstrip("%") not in have))


def bare_numbers(text: str) -> frozenset[str]:
    """:func:`numbers` with the ``%`` sign dropped."""
    return frozenset(n.rstrip("%") for n in numbers(text))


def has_negation(text: str) -> bool:
    """Whether ``text`` carries a negation cue.

    >>> has_negation("Metformin did not slow the decline"), has_negation("Metformin slowed the decline")
    (True, False)
    """
    return NEGATION.search(text) is not None


def normalized(text: str) -> str:
    """NFC, case-folded, whitespace collapsed, outer punctuation stripped.

    >>> normalized("  The trial   enrolled 412 adults. ")
    'the trial enrolled 412 adults'
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFC", text).casefold()).strip(_OUTER_PUNCT)


def direction_words(text: str) -> frozenset[str]:
    """The direction words of ``text``, lower-cased.

    >>> sorted(direction_words("Risk was Reduced, not increased"))
    ['increased', 'reduced']

    "older" and "younger" in an age bound name a group, not a direction ("aged 60 and older" is "60 or over", not
    the opposite of "younger than 60"), and "above" and "below" next to a figure a threshold ("a target below 18
    mmHg" is no opposite of "above its target"; round 28):

    >>> direction_words("stronger in people under 60 than in those aged 60 and older"), direction_words("older adults")
    (frozenset(), frozenset({'older'}))
    >>> direction_words("a target pressure below 18 mmHg, 40 mg or above"), direction_words("above its target")
    (frozenset(), frozenset({'above'}))
    >>> direction_words("with a CRP of 40 mg/L or higher"), direction_words("failure was lower with antibiotics")
    (frozenset(), frozenset({'lower'}))
    >>> direction_words("a score of 8 or more"), direction_words("2 or less a day"), direction_words("more deaths")
    (frozenset(), frozenset(), frozenset({'more'}))

    nor in a bound in words or an arm named by its dose (round 139: "less frequent with three or more doses";
    round 140: "The higher dose also reduced ..."):

    >>> sorted(direction_words("less frequent with three or more doses")), direction_words("The higher dose also")
    (['frequent', 'less'], frozenset())
    """
    bounded = (
        {b.end() for bound in (_FIGURE_BOUND, _WORDED_BOUND) for b in bound.finditer(text)}
        if _MORE_OR_LESS.search(text)
        else set()
    )
    text = _BEFORE_AFTER.sub(lambda m: " " * len(m.group()), text)  # "a before-and-after study": a design (round 56)
    return frozenset(
        m.group(1).lower()
        for m in _DIRECTION_WORD.finditer(text)
        if not (
            _BOUND_WORD.fullmatch(m.group(1))
            and (_BOUND_BEFORE.search(text, 0, m.start()) or _BOUND_AFTER.match(text, m.end()))
        )
        and not (_MORE_OR_LESS.fullmatch(m.group(1)) and m.end() in bounded)
        and not (_DOSE_ARM.fullmatch(m.group(1)) and _DOSE_AFTER.match(text, m.end()))
    )


_BEFORE_AFTER = re.compile(r"\bbefore[\s-]+and[\s-]+after\b", re.IGNORECASE)
_BOUND_WORD = re.compile(r"older|younger|above|below|higher|lower|greater", re.IGNORECASE)
_MORE_OR_LESS = re.compile(r"more|less|fewer", re.IGNORECASE)
"""Bound words only after a figure (:data:`_FIGURE_BOUND`: "a score of 8 or more", "5 or fewer days"): "more than
20" may be a difference."""
_BOUND_BEFORE = re.compile(r"\d\s*(?:\S+\s+)?(?:and|or)\s+$", re.IGNORECASE)
_BOUND_AFTER = re.compile(
    r"\s+(?:than\s+)?(?:about\s+)?(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b)",
    re.IGNORECASE,
)


def direction_conflict(text: str, reference: str) -> bool:
    """Whether ``text`` has a direction word that ``reference`` lacks while ``reference`` has its opposite.

    >>> direction_conflict("Aspirin increased the risk", "Aspirin reduced the risk of stroke")
    True
    >>> direction_conflict("Aspirin reduced the risk", "Aspirin reduced the risk of stroke")
    False

    A reference that says the word itself, as a bound, compares the same groups ("more common in older patients"
    against "in 6% of patients aged 65 years or older versus 2% of younger adults"; round 50):

    >>> direction_conflict("more common in older patients", "aged 65 or older versus 2% of younger adults")
    False
    """
    ref = direction_words(reference)
    said = {m.group(1).lower() for m in _DIRECTION_WORD.finditer(reference)}  # "older" in "aged 65 or older" too
    return any(w not in said and _OPPOSITES[w] & ref for w in direction_words(text))


_NEGATED_FORM = re.compile(
    r"\bfree\s+of\b|\bnon-?(?=[a-z]{4})|\bunavailable\b|\bnot\s+available\b"
    # "had declined Japanese encephalitis (JE) vaccination" says she had no JE vaccine (round 172); not "mortality
    # declined in both groups", a fall
    r"|\b(?:declined|refused)\s+(?=(?:to|the|an?|any|further|all)\b|(?-i:[A-Z])|\w*(?:vaccin|treatment|surgery|therap"
    r"|screening|test|transfusion|admission|intubation))",
    re.IGNORECASE,
)


_NULL_RELATION = re.compile(r"\b(?:unrelated\s+to|unassociated\s+with|unaffected\s+by)\b", re.IGNORECASE)


def null_relation(text: str) -> bool:
    """A relation denied in one word: "was unrelated to", "unassociated with", "unaffected by" (read only in an
    answer's unit: in evidence, "two deaths, unrelated to treatment" asserts the deaths).

    >>> null_relation("Response was unrelated to baseline IgE."), null_relation("Response was related to IgE.")
    (True, False)
    """
    return _NULL_RELATION.search(text) is not None


def negated(text: str) -> bool:
    """A negation cue (:func:`has_negation`), "free of", a "non-" word or "unavailable" ("dating scans, which were
    unavailable for 3% of women" says what "3% of women had no dating scan" does: round 55).

    >>> negated("Adults free of dementia"), negated("non-severe pneumonia"), negated("severe pneumonia")
    (True, True, False)
    >>> negated("She declined Japanese encephalitis vaccination."), negated("Mortality declined in both groups.")
    (True, False)
    """
    return has_negation(text) or _NEGATED_FORM.search(text) is not None


_UP_WORDS = (
    "increase increased increases increasing higher highest more greater larger commoner elevated raised rise rose "
    "gain stronger"
)
_DOWN_WORDS = (
    "decrease decreased decreases decreasing lower lowest less fewer smaller reduced reduce reduces reduction "
    "lowered fall fell loss weaker rarer"
)
_UP, _DOWN = frozenset(_UP_WORDS.split()), frozenset(_DOWN_WORDS.split())
_WORDED_BOUND = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty)\s+(?:or|and)\s+"
    r"(?:more|less|fewer)\b",
    re.IGNORECASE,
)
_DOSE_ARM = re.compile(r"higher|lower|larger|smaller", re.IGNORECASE)
_DOSE_AFTER = re.compile(r"[\s-]+(?:doses?|dosage|dose\s+group)\b", re.IGNORECASE)
"""An arm named by its dose ("the higher dose", "the lower-dose group"), no direction."""
_FIGURE_BOUND = re.compile(
    r"(?<=\d)(?:\s*[A-Za-z/%]+)?\s+(?:or|and)\s+"
    r"(?:more|less|fewer|higher|lower|greater|above|below|over|under|older|younger)\b",
    re.IGNORECASE,
)
"""A bound after a figure ("8 or more", "40 mg/L or higher"), which says no way anything went."""
_BOUND_FIGURE = re.compile(r"\b(?:more|less|fewer)\s+than\s+(?:about\s+|around\s+)?(?=\d)", re.IGNORECASE)
"""A bound before a figure ("more than 400,000 adults"): no way either."""
_LOWER_WORD = re.compile(r"[a-z]+")


def without_bounds(text: str) -> str:
    """``text`` with each bound of a figure blanked out ("more than 400,000", "8 or more", "40 mg/L or higher"):
    what says no way anything went nor that anything was found.

    >>> without_bounds("ventilated for more than 12 hours, with a score of 8 or more")
    'ventilated for  12 hours, with a score of 8 '
    """
    return _BOUND_FIGURE.sub(" ", _FIGURE_BOUND.sub(" ", text))


@lru_cache(maxsize=16384)
def directions(text: str) -> frozenset[str]:
    """Which ways ``text`` says something went: ``up``, ``down``, both or neither.

    >>> sorted(directions("Odds were higher")), sorted(directions("It did not decrease")), directions("Similar")
    (['up'], ['down'], frozenset())

    A bound after a figure goes no way ("adults with an AUDIT score of 8 or more", "aged 65 or older": round 44):

    >>> directions("adults with a score of 8 or more were enrolled"), directions("a CRP of 40 mg/L or higher")
    (frozenset(), frozenset())
    >>> sorted(directions("lower (3.1 vs 5.4; p<0.001), and more patients were willing"))
    ['down', 'up']
    >>> directions("followed more than 400,000 adults"), directions("more than 20% lower")
    (frozenset(), frozenset({'down'}))
    >>> directions("it dropped to around 61%"), directions("12 dropped out"), directions("declined to take part")
    (frozenset({'down'}), frozenset(), frozenset())
    """
    words = set(_LOWER_WORD.findall(without_bounds(text).lower()))
    for m in _MOVED.finditer(text):  # "dropped to 61%", not "dropped out" or "declined to take part"
        words.add("fell" if m.group(1).lower() in _MOVED_DOWN else "rose")
    return frozenset(name for name, group in (("up", _UP), ("down", _DOWN)) if words & group)


_MOVED_DOWN = frozenset({"dropped", "declined", "dipped"})
_MOVED = re.compile(r"\b(dropped|declined|dipped|climbed|jumped)\s+(?:to|by|from)\s+(?:about\s+|around\s+)?\d", re.I)
"""A verb of movement that says a way only with the figure it went to, by or from (round 51)."""
