"""Negation scope: which words of a text its negation cues govern (:func:`governed`) and, per canonical stem, how
often a text says it and how often negated (:func:`scopes`); split from :mod:`medhal.text.negation` (which reads
denials with them) in session 23 when that module reached 497 lines."""

from __future__ import annotations

import re
from collections import Counter

from medhal.text.lexical import SCOPE_CUES
from medhal.text.synonyms import canonical_stems, canonical_text

__all__ = ["WORD", "Scopes", "content_word", "governed", "scopes"]

WORD = re.compile(r"[A-Za-z][A-Za-z-]*")
_PUNCTUATION = re.compile(r"[.,;:()\[\]—]|\s[-–]\s")
"""Where a negation's reach ends; a spaced dash or an em dash too ("Driving: not yet - revisit at session 7" denies
no revisit, round 78), not the hyphen of a word or the en dash of a range ("4–6 o'clock")."""
_SKIPPED_WORDS = (
    "be been being is are was were am do does did have has had having should would could can may might must will "
    "shall a an the any to longer statistically significantly substantially meaningfully clinically markedly "
    "appreciably materially further yet also always necessarily significant meaningful substantial appreciable "
    "notable apparent evident clear relevant detectable measurable additional other "
    "in among for with those patients participants subjects individuals people persons cases group groups"
)
_SKIPPED = frozenset(_SKIPPED_WORDS.split())
"""Words a negation reaches over to the word it governs ("did not *significantly* reduce", "but not in patients with
*severe* head injury", "can no longer be *felt*": round 135's "felt" was the unit's plain word against "spleen not
felt")."""
_PREDICATE_WORDS = (
    "significant meaningful substantial appreciable notable apparent evident clear relevant detectable measurable"
)
_PREDICATES = frozenset(_PREDICATE_WORDS.split())
"""Skipped words a negation with nothing after them denies ("the difference was not statistically *significant*")."""
_REACH = 5
_EITHER_WAY = re.compile(r"\bwith\s+(?:or|and)\s+$", re.IGNORECASE)
"""How many words after a negation cue may hold the word it governs."""


def governed(text: str, words: list[re.Match[str]], *, phrases: bool = False) -> set[int]:
    """The indices in ``words`` (``text``'s words) of the words its negation cues govern.  A cue's reach ends at
    punctuation ("(yes/no), i.e. validated"), "not only" and "not as" ("not as useful at predicting X") negate
    nothing.  ``phrases``: "without" governs its whole noun phrase, as what a text negates is compared (:func:`scopes`:
    "without risk factors" negates as "without stroke risk factors" does); the word a negation denies is its first
    ("without prandial insulin" denies prandial insulin, not the basal insulin a unit names)."""
    # "Non-weight-bearing right leg for 6 weeks" denies weight bearing as "no weight bearing" does (round 54)
    found: set[int] = {k for k, w in enumerate(words) if _NON.match(w.group())}
    for cue in SCOPE_CUES.finditer(text):  # "ear drops rather than oral antibiotics" denies them as "not" does (r95)
        if text[cue.end() : cue.end() + 1] == "-":  # "never-breastfed children": the compound, not the children
            found.update(k for k, w in enumerate(words) if w.start() <= cue.start() < w.end())
            continue
        # "will not, however, protect": an aside between the cue and its word ends nothing (round 54)
        begin = aside.end() if (aside := _ASIDE.match(text, cue.end())) else cue.end()
        stop = _PUNCTUATION.search(text, begin)
        end = stop.start() if stop else len(text)
        after = [k for k, w in enumerate(words) if begin <= w.start() < end][:_REACH]
        if cue.group().lower().startswith(("rather", "instead", "in ")):  # "rather than a routine follow-up": its
            after = [k for k in after if words[k].group().lower() not in _SKIPPED][:1]  # noun, nothing after it
        if after and words[after[0]].group().lower() in ("only", "as"):
            continue
        if _DONE_SO.match(text, cue.end()):  # "I have not done so as his blood pressure control is good": it denies
            continue  # the act said before, not the reason after it (round 222)
        if cue.group().lower() == "nor" and _INVERTED.match(text, cue.end()):
            continue  # "did not differ ..., nor did satisfaction scores": the predicate denied again, of a new subject
        if _BOUND_AFTER.match(text, cue.end()) or _EITHER_WAY.search(text, 0, cue.start()):
            continue  # "no more than 2 days a week", "not before 9 months": bounds (rounds 26, 88); "with or without"
        if (
            cue.group().lower() == "without"
            and _GERUND.match(text, cue.end())
            and _DENIED_BEFORE.search(text, 0, cue.start())
        ):
            continue  # "Do not give for more than 3 days without speaking to a doctor": speak to one (round 55)
        if cue.group().lower() == "without" and _PRONOUN.match(text, cue.end()):
            continue  # "in people without it there is a higher risk": the pronoun is all it denies (round 190)
        if cue.group().lower() == "none" and (head := _NONE_OF.match(text, cue.end())) is not None:
            # "none of the patients had a bleed" denies the patients as "no patient developed a bleed" does
            found.update(k for k in after if words[k].start() == head.start("head"))
            continue
        for k in after:
            if content_word(words[k].group()):
                found.add(k)
                # "was not explained by BMI or insulin resistance": a passive's agents are not denied (round 156)
                if words[k].group().lower().endswith("ed") and _BY_AGENT.match(text, words[k].end()):
                    break
                # "without stroke risk factors" (round 47); not a verb's object ("without reducing fear of falling")
                if phrases and cue.group().lower() == "without" and not words[k].group().lower().endswith("ing"):
                    found.update(_phrase(text, words, k))
                # "no vasculitis or thrombotic microangiopathy", "isn't agitated or distressed" (round 23): neither
                # "no symptoms such as eye pain" denies the eye pain too (round 71)
                if cue.group().lower() in _DETERMINERS and (such := _SUCH_AS.match(text, words[k].end())):
                    stop = _PUNCTUATION.search(text, such.end())
                    found.update(
                        j
                        for j, w in enumerate(words)
                        if such.end() <= w.start() < (stop.start() if stop else len(text))
                    )
                # and "has not had hallucinations or falls" (round 67): a denied verb's objects joined by "or"
                if (
                    cue.group().lower() in _DETERMINERS
                    or _COPULA_BEFORE.search(text, 0, cue.end())
                    or _HAD.match(text, begin)
                    or (cue.group().lower() == "not" and _ELLIPSIS_BEFORE.search(text, 0, cue.start()))
                ):
                    found.update(_coordinated(text, words, cue.end()))
                break
        else:  # "were not statistically significant": nothing after it but the predicate, which it denies
            found.update(k for k in after[-1:] if words[k].group().lower() in _PREDICATES)
    return found


_BY_AGENT = re.compile(r"\s+by\b", re.IGNORECASE)
_PRONOUN = re.compile(r"\s+(?:it|them|this|that|these|those|him|her|one)\b", re.IGNORECASE)
"""A pronoun right after "without": what it denies is named elsewhere, nothing after it."""
_INVERTED = re.compile(r"\s+(?:did|does|do|was|were|is|are|had|has|have|could|would|will|can)\b", re.IGNORECASE)
"""An auxiliary after "nor": the clause repeats a denied predicate of another subject (round 137)."""
_ASIDE = re.compile(r"\s*,\s*(?:however|though|therefore|thus|in\s+fact|of\s+course|unfortunately)\s*,", re.I)

_DONE_SO = re.compile(r"\s+(?:done|do|doing|did)\s+so\b", re.IGNORECASE)
_NON = re.compile(r"non-[a-z]", re.IGNORECASE)
_GERUND = re.compile(r"\s+\w+ing\b")
_DENIED_BEFORE = re.compile(r"\b(?:do\s+not|don't|never|must\s+not|should\s+not)\b[^.;:,]*$", re.IGNORECASE)
_DETERMINERS = frozenset(("no", "without", "neither", "nobody", "none", "never"))
"""Cues governing a noun phrase, whose "or" / "nor" list is denied too, as a negated copula's ("isn't sad or angry")."""
_SUCH_AS = re.compile(r"\s*,?\s+(?:such\s+as|like|including|e\.g\.)\s+", re.IGNORECASE)
_HAD = re.compile(r"\s*(?:had|have|has|having|get|got|develop(?:ed)?|experience[ds]?|report(?:ed)?)\s", re.IGNORECASE)
"""A verb of having after a negation cue, whose objects joined by "or" are all denied ("not had A or B")."""
_BOUND_AFTER = re.compile(
    r"(?i)\s+(?:more|less|fewer|later|earlier|longer|greater|higher|lower)\s+than\b|[^.;:,]*?\b(?:before|until|till)\s+\d"
    r"|[^.;:,]*?\bunless\b"  # "No repeat NCS unless symptoms fail to improve": a condition (round 94's NCS)
)
_ELLIPSIS_BEFORE = re.compile(r"(?:^|\bbut|,)\s*$", re.IGNORECASE)  # "but not X or Y" denies both (round 82)
_COPULA_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+not$|\b(?:is|are|was|were)n't$", re.IGNORECASE)


def _phrase(text: str, words: list[re.Match[str]], k: int) -> list[int]:
    """The up to two content words that follow ``words[k]`` in its noun phrase, with nothing but a space or a hyphen
    between them ("stroke *risk factors*"), up to a word that is no content word."""
    out: list[int] = []
    for j in range(k + 1, min(k + 3, len(words))):
        gap = text[words[j - 1].end() : words[j].start()]
        if gap.strip(" -") or not content_word(words[j].group()):
            break
        out.append(j)
    return out


def content_word(word: str) -> bool:
    """A word a negation cue may govern: not an auxiliary, a degree adverb or a determiner, and with a content stem."""
    return word.lower() not in _SKIPPED and bool(canonical_stems(word))


def _coordinated(text: str, words: list[re.Match[str]], start: int) -> list[int]:
    """The first content word of each further item of the list a determiner-like cue's noun phrase begins, joined by
    "or" / "nor" ("no A or B", "no A, B, or C" up to the sentence's next stop): items before the last of up to four
    words; an item that opens with "and", "but", "with" or a number is a clause of its own, and then no list is read.

    >>> sorted(scopes("No bleeding events, skin reactions, or discontinuations occurred.")[1])
    ['bleed', 'disco', 'skin']
    >>> sorted(scopes("No patient died, and 5 had bleeding or stroke.")[1])
    ['patie']
    """
    stop = _LIST_END.search(text, start)
    end = stop.start() if stop else len(text)
    separators = list(_ITEM_SEPARATOR.finditer(text, start, end))
    # a clause the split cut before the list's "or" ("were not associated with age, body mass index,") is read as
    # the list it begins, as the sentence it was cut from is (round 23)
    cut = stop is None and text.rstrip().endswith(",") and len(separators) > 1
    if not cut and not any(_OR.search(m.group()) for m in separators):
        return []
    bounds = [start, *(b for m in separators for b in (m.start(), m.end())), end]
    items = [(bounds[n], bounds[n + 1]) for n in range(0, len(bounds), 2)]
    items = items[:-1] if len(items) > 2 and not text[items[-1][0] : items[-1][1]].strip() else items  # "... in," r93
    if len(text[items[0][0] : items[0][1]].split()) > 4 or _OBJECTS.match(text, items[0][0], items[0][1]):
        return []  # "No indication for aspirin or heparin": a list of what "for" names, not denied (round 90)
    found: list[int] = []
    for n, (a, b) in enumerate(items[1:], start=1):
        item = text[a:b]
        if _CLAUSE_ITEM.match(item) or (n < len(items) - 1 and len(item.split()) > 4):
            return []
        first = next((k for k, w in enumerate(words) if a <= w.start() < b and content_word(w.group())), None)
        if first is not None:
            found.append(first)
    return found


_LIST_END = re.compile(r"[.;:()\[\]]")
_ITEM_SEPARATOR = re.compile(r"\s*,\s*(?:(?:or|nor)\s+)?|\s+(?:or|nor)\s+", re.IGNORECASE)
_OR = re.compile(r"\b(?:or|nor)\b", re.IGNORECASE)
_CLAUSE_ITEM = re.compile(r"\s*(?:(?:and|but|with)\b|\d)", re.IGNORECASE)
_OBJECTS = re.compile(r"\s*\S+\s+(?:for|to|against)\s", re.IGNORECASE)


_NONE_OF = re.compile(r"\s+of\s+(?:the\s+|these\s+|those\s+)?(?P<head>[A-Za-z][\w-]*)", re.IGNORECASE)
"""What "none" counts: "none *of the patients*"."""


_FREE = re.compile(r"\b([A-Za-z]{4,})-free\b")
Scopes = tuple[Counter[str], Counter[str]]
"""What :func:`scopes` reads of a text: per stem, how often it stands and how often it is negated."""


def scopes(text: str) -> Scopes:
    """Per canonical stem of ``text``'s words: how often it stands, and how often a negation cue governs it ("X-free"
    is "without X": "steroid-free remission" denies steroids as "in remission without steroids" does, round 35)."""
    text = _FREE.sub(r"without \1,", text)  # the compound, not the noun it qualifies ("remission")
    words = list(WORD.finditer(text))
    ruled = governed(text, words, phrases=True)
    said: Counter[str] = Counter()
    negated: Counter[str] = Counter()
    for k, word in enumerate(words):
        stems = canonical_stems(word.group())
        # a word written short for several ("no FHx": family history) is negated as its first, as "no family
        # history" is (round 76); a hyphened one keeps each ("Non-weight-bearing")
        first = _first_stem(word.group()) if k in ruled and len(stems) > 1 and "-" not in word.group() else None
        for stem in stems:
            said[stem] += 1
            if k in ruled and first in (None, stem):
                negated[stem] += 1
    return said, negated


def _first_stem(word: str) -> str | None:
    return next((s for w in WORD.findall(canonical_text(word)) for s in sorted(canonical_stems(w))), None)
