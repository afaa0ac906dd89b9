"""Word-level regular expressions and helpers of the rule extractor: auxiliaries, modals, adverbs and copulas
(shared with the relation lexicon), complementizers, lead words, participial adjuncts and fronted phrases, and the
functions that cut subjects and objects with them.

Everything here is internal to :mod:`medhal.detect.kg`.
"""

from __future__ import annotations

import re

from medhal.text import Span, trim_span


def _wordset(words: str) -> frozenset[str]:
    return frozenset(words.split())


_ADV_NOT = (
    "family|early|daily|weekly|monthly|yearly|hourly|elderly|italy|july|supply|reply|apply|assembly|anomaly|"
    "likely|unlikely|friendly|costly|lonely|ugly|holy|rely"
)
_ADV = (
    r"(?:not|never|no\s+longer|also|still|further|even|often|thus|therefore|only|already|always|both|indeed|"
    r"then|now|"
    rf"(?!(?:{_ADV_NOT})(?![\w-]))[a-z]{{2,}}ly)"
)
_AUX_WORDS = sorted(
    _wordset(
        "is are was were be been being am has have had having do does did may might can could will would shall "
        "should must cannot"
    )
)
_AUX = "(?:" + "|".join(_AUX_WORDS) + r"|\w+n['’]t)"
_FRAME = (
    r"(?:(?:shown|found|reported|known|thought|believed|likely|unlikely|able|unable|seems?|seemed|appears?|"
    r"appeared|tends?|tended|expected|considered|proven|proved|needs?|needed|continues?|continued|fails?|failed|"
    r"helps?|helped|serves?|served|used)\s+to)"
)
_PRE = rf"(?:(?:{_FRAME}|{_AUX}|{_ADV})(?![\w-])\s+){{0,6}}"
_COP_WORDS = "is are was were be been being am remains remain remained becomes become became seems seem seemed "
_COP_WORDS += "appears appear appeared"
_COP = "(?:" + "|".join(_COP_WORDS.split()) + ")"
_PARTICIPLES = "shown|seen|given|taken|known|found|made|done|held|kept|led|met|drawn|grown|born|chosen|driven|"
_PARTICIPLES += "written|proven|thought|brought|sought|built|sent|spent|lost|left|cut|undergone|withdrawn"


_WORD = re.compile(r"[^\W_][\w'’-]*")
_BOUNDARY = re.compile(
    r"(?<![\w-])(?:so\s+that|as\s+long\s+as|even\s+though|even\s+if|provided\s+that|given\s+that|such\s+that|that|"
    r"which|where|who|whom|whose|whether|if|when|whenever|unless|until|because|whereas|although|though|while)"
    r"(?![\w-])",
    re.IGNORECASE,
)
_LEAD_WORDS = (
    r"and|or|but|nor|yet|so|then|thus|hence|therefore|however|moreover|furthermore|additionally|also|overall|"
    r"finally|consequently|nevertheless|nonetheless|instead|specifically|notably|importantly|similarly|likewise|"
    r"conversely|meanwhile|which|who|whom|whose|that|while|whereas|although|though|because|since|where|when|"
    r"whenever|whether|if|unless|until|in\s+conclusion|in\s+summary|in\s+addition|in\s+contrast|in\s+particular|"
    r"as\s+a\s+result|on\s+the\s+other\s+hand|taken\s+together|so\s+that|as\s+long\s+as|even\s+though|even\s+if|"
    r"provided\s+that|given\s+that|such\s+that"
)
_LEAD = re.compile(rf"(?:\s+|[,;:]+|(?:{_LEAD_WORDS})(?![\w-]))", re.IGNORECASE)
_RELATIVE = frozenset({"which", "who", "whom", "that", "whose"})
_SUBJECT_RELATIVE = frozenset({"which", "who"})
_COORDINATORS = frozenset({"and", "or"})
_PREPOSITIONS = _wordset(
    "with by in for at on from during after before among to into through under over via of between against "
    "across within without toward towards upon versus vs than as"
)
_DETERMINERS = _wordset(
    "the a an this these those our their its his her my your such no any each every all some either "
    "neither another other"
)
_FINITE_WITH_PREPOSITION = frozenset(
    {"resulted", "led", "contributed", "gave", "depended", "differed", "varied", "occurred", "persisted", "recurred"}
)
_PARTICIPLE_SET = frozenset(_PARTICIPLES.split("|"))
_AUX_SET = frozenset(_AUX_WORDS) | frozenset(_COP_WORDS.split())
_ADV_RE = re.compile(_ADV + r"$", re.IGNORECASE)
_NEGATIONS = frozenset({"not", "no", "never", "cannot", "neither", "nor"})
_TRAILING = ".,;:!?"


def _words(text: str, start: int, end: int) -> list[re.Match[str]]:
    return list(_WORD.finditer(text, start, end))


def _previous_word(text: str, pos: int, floor: int) -> str:
    words = _WORD.findall(text, max(floor, pos - 40), pos)
    return words[-1].lower() if words else ""


_BARE_COPULA = re.compile(rf"(?<![\w-]){_PRE}{_COP}(?:\s+{_ADV}(?![\w-])){{0,3}}(?![\w-])", re.IGNORECASE)
_ING_NOUNS = _wordset(
    "during including according following regarding concerning considering nothing something anything everything "
    "morning evening training screening bleeding funding setting meeting building finding rating timing dosing "
    "spring string thing swelling hearing aging ageing living nursing smoking drinking eating walking sleeping "
    "feeding breastfeeding coding staging imaging monitoring counseling counselling testing marketing housing "
    "learning reading writing understanding offspring sibling wording"
)
_ABSOLUTE = re.compile(
    rf"with\s+(?P<np>(?:[^\s,;:]+\s+){{0,7}}?[^\s,;:]+)\s+(?P<rel>(?:{_ADV}\s+){{0,2}})(?P<verb>[a-z][\w-]*ing)(?![\w-])",
    re.IGNORECASE,
)
_ADJUNCT = re.compile(
    rf"(?P<rel>(?:{_ADV}\s+){{0,2}})(?:(?P<verb>[a-z][\w-]*ing)|(?P<verb2>[a-z]{{2,}}ed|{_PARTICIPLES})"
    rf"(?:\s+{_ADV}){{0,2}}\s+(?:by|through|via|from|with|in))(?![\w-])",
    re.IGNORECASE,
)
_FRONTED = re.compile(
    r"(?:in|among|for|despite|after|before|during|with|without|at|on|from|by|under|within|following|given|"
    r"regarding|compared\s+with|compared\s+to|in\s+addition\s+to|due\s+to|because\s+of|as\s+for)(?![\w-])[^,]*,\s*",
    re.IGNORECASE,
)


def _strip(text: str, start: int, end: int) -> tuple[frozenset[str], Span | None]:
    """Lead words (conjunctions, discourse markers, complementizers) off the start, punctuation off the end."""
    lead: set[str] = set()
    pos = start
    while pos < end:
        m = _LEAD.match(text, pos, end)
        if m is None or m.end() == pos:
            break
        word = " ".join(m.group().lower().split())
        if word and word[0].isalpha():
            lead.add(word)
        pos = m.end()
    stop = end
    while stop > pos and (text[stop - 1] in _TRAILING or text[stop - 1].isspace()):
        stop -= 1
    return frozenset(lead), trim_span(text, pos, stop) if _words(text, pos, stop) else None


def _clean_subject(text: str, start: int, end: int, max_words: int) -> Span | None:
    """The subject before a relation: trailing punctuation and fronted phrases ("In this series, ...") removed,
    at most ``max_words`` words (the last ones)."""
    stop = end
    while stop > start and (text[stop - 1] in ",;:([" or text[stop - 1].isspace()):
        stop -= 1
    pos = start
    while (m := _FRONTED.match(text, pos, stop)) is not None and _words(text, m.end(), stop):
        pos = m.end()
    words = _words(text, pos, stop)
    if not words:
        return None
    if len(words) > max_words:
        pos = words[-max_words].start()
    return trim_span(text, pos, stop)


def _has_aux(relation: str) -> bool:
    return any(w.lower() in _AUX_SET or w.lower().endswith(("n't", "n’t")) for w in _WORD.findall(relation))


def _negated(relation: str) -> bool:
    words = {w.lower() for w in _WORD.findall(relation)}
    return bool(words & _NEGATIONS) or any(w.endswith(("n't", "n’t")) for w in words)


def _unbalanced(text: str) -> bool:
    return text.count("(") < text.count(")") or text.count("[") < text.count("]")


def _last_word_span(text: str, start: int, end: int) -> Span | None:
    words = _words(text, start, end)
    return Span.of(text, words[-1].start(), words[-1].end()) if words else None
