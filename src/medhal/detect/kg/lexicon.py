"""The relation lexicon of the rule extractor: :class:`RelationPattern` and :data:`DEFAULT_LEXICON`, compiled into
one regular expression (relations tried in lexicon order; the leftmost match wins)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.detect.kg.grammar import _ADV, _COP, _PARTICIPLES, _PRE

__all__ = ["DEFAULT_LEXICON", "RelationPattern"]


@dataclass(frozen=True, slots=True)
class RelationPattern:
    """One relation of the rule lexicon: a regular expression for the relation's core words (inflections
    included, non-capturing groups only), matched after optional auxiliaries, modals, negation and adverbs.
    ``copular`` cores ("effective for", "higher in") must follow a copula ("is", "was", "remains", "be", ...)."""

    label: str
    core: str
    copular: bool = False


def _v(stem: str, endings: str) -> str:
    return f"{stem}(?:{endings})"


DEFAULT_LEXICON: tuple[RelationPattern, ...] = (
    RelationPattern(
        "associated_with",
        r"(?:associated|correlated|linked|related|connected|attributed|attributable)\s+(?:with|to)",
        copular=True,
    ),
    RelationPattern(
        "causes",
        "(?:"
        + "|".join(
            (
                _v("caus", "e|es|ed|ing"),
                r"lead(?:s|ing)?\s+to",
                r"led\s+to",
                r"result(?:s|ed|ing)?\s+in",
                r"contribut(?:e|es|ed|ing)\s+to",
                _v("induc", "e|es|ed|ing"),
                _v("trigger", "s|ed|ing|"),
                _v("provok", "e|es|ed|ing"),
                _v("produc", "e|es|ed|ing"),
                r"g(?:ive|ives|ave|iving)\s+rise\s+to",
            )
        )
        + ")",
    ),
    RelationPattern(
        "increases",
        "(?:"
        + "|".join(
            (
                _v("increas", "e|es|ed|ing"),
                _v("rais", "e|es|ed|ing"),
                _v("elevat", "e|es|ed|ing"),
                _v("enhanc", "e|es|ed|ing"),
                _v("improv", "e|es|ed|ing"),
                _v("promot", "e|es|ed|ing"),
                _v("augment", "s|ed|ing|"),
                _v("boost", "s|ed|ing|"),
                _v("doubl", "e|es|ed|ing"),
                _v("tripl", "e|es|ed|ing"),
                _v("facilitat", "e|es|ed|ing"),
                _v("accelerat", "e|es|ed|ing"),
                _v("stimulat", "e|es|ed|ing"),
                _v("activat", "e|es|ed|ing"),
                _v("up-?regulat", "e|es|ed|ing"),
                _v("prolong", "s|ed|ing|"),
                _v("exacerbat", "e|es|ed|ing"),
                _v("worsen", "s|ed|ing|"),
                _v("aggravat", "e|es|ed|ing"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "decreases",
        "(?:"
        + "|".join(
            (
                _v("reduc", "e|es|ed|ing"),
                _v("decreas", "e|es|ed|ing"),
                _v("lower", "s|ed|ing|"),
                _v("diminish", "es|ed|ing|"),
                _v("attenuat", "e|es|ed|ing"),
                _v("alleviat", "e|es|ed|ing"),
                _v("mitigat", "e|es|ed|ing"),
                _v("prevent", "s|ed|ing|"),
                _v("inhibit", "s|ed|ing|"),
                _v("suppress", "es|ed|ing|"),
                _v("block", "s|ed|ing|"),
                _v("impair", "s|ed|ing|"),
                _v("cut", "s|ting|"),
                _v("shorten", "s|ed|ing|"),
                _v("down-?regulat", "e|es|ed|ing"),
                _v("halv", "e|es|ed|ing"),
                _v("minimi[sz]", "e|es|ed|ing"),
                _v("abolish", "es|ed|ing|"),
                _v("eliminat", "e|es|ed|ing"),
                r"protect(?:s|ed|ing)?(?:\s+against)?",
            )
        )
        + ")",
    ),
    RelationPattern(
        "treats",
        "(?:"
        + "|".join(
            (
                _v("treat", "s|ed|ing|"),
                _v("cur", "e|es|ed|ing"),
                _v("reliev", "e|es|ed|ing"),
                _v("resolv", "e|es|ed|ing"),
                _v("control", "s|led|ling|"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "affects",
        "(?:"
        + "|".join(
            (
                _v("affect", "s|ed|ing|"),
                _v("influenc", "e|es|ed|ing"),
                _v("impact", "s|ed|ing|"),
                _v("alter", "s|ed|ing|"),
                _v("modif", "y|ies|ied|ying"),
                _v("chang", "e|es|ed|ing"),
                _v("determin", "e|es|ed|ing"),
                _v("mediat", "e|es|ed|ing"),
                _v("regulat", "e|es|ed|ing"),
                _v("modulat", "e|es|ed|ing"),
                r"depend(?:s|ed|ing)?\s+(?:on|upon)",
                r"differ(?:s|ed|ing)?(?:\s+(?:from|between|by|in|among|with))?",
                r"var(?:y|ies|ied|ying)(?:\s+(?:by|with|in|between|among|across|from))?",
            )
        )
        + ")",
    ),
    RelationPattern(
        "predicts",
        "(?:"
        + "|".join(
            (
                _v("predict", "s|ed|ing|"),
                r"correlat(?:e|es|ed|ing)\s+(?:with|to)",
                r"associat(?:e|es)\s+with",
            )
        )
        + ")",
    ),
    RelationPattern(
        "detects",
        "(?:"
        + "|".join(
            (
                _v("detect", "s|ed|ing|"),
                _v("identif", "y|ies|ied|ying"),
                _v("diagnos", "e|es|ed|ing"),
                _v("distinguish", "es|ed|ing|"),
                _v("discriminat", "e|es|ed|ing"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "requires",
        "(?:" + "|".join((_v("requir", "e|es|ed|ing"), _v("need", "s|ed|"), _v("involv", "e|es|ed|ing"))) + ")",
    ),
    RelationPattern(
        "exhibits",
        "(?:"
        + "|".join(
            (
                _v("exhibit", "s|ed|"),
                _v("express", "es|ed"),
                _v("develop", "s|ed|"),
                _v("experienc", "e|es|ed"),
                r"undergo(?:es)?",
                "underwent",
                _v("receiv", "e|es|ed"),
                _v("achiev", "e|es|ed"),
                _v("reach", "es|ed"),
                _v("exceed", "s|ed|"),
                _v("outperform", "s|ed|"),
                r"occur(?:s|red)?\s+(?:in|among|after|during|with|at)",
                _v("persist", "s|ed"),
                _v("recur", "s|red"),
            )
        )
        + ")",
    ),
    RelationPattern(
        "reports",
        "(?:"
        + "|".join(
            (
                _v("suggest", "s|ed|"),
                _v("indicat", "e|es|ed"),
                _v("show", "s|ed|n|"),
                _v("demonstrat", "e|es|ed"),
                _v("reveal", "s|ed|"),
                _v("reflect", "s|ed|"),
                _v("support", "s|ed|"),
                _v("confirm", "s|ed|"),
                _v("highlight", "s|ed|"),
                _v("underscor", "e|es|ed"),
                _v("emphasi[sz]", "e|es|ed"),
                _v("provid", "e|es|ed"),
                _v("offer", "s|ed|"),
            )
        )
        + r")(?!\s+(?:that|whether|how)(?![\w-]))",
    ),
    RelationPattern(
        "property",
        r"(?:effective|efficacious|ineffective|safe|unsafe|useful|beneficial|helpful|harmful|protective|toxic|"
        r"accurate|inaccurate|reliable|valid|sensitive|specific|predictive|diagnostic|prognostic|indicated|"
        r"contraindicated|sufficient|insufficient|necessary|essential|important|responsible|common|uncommon|rare|"
        r"frequent|infrequent|prevalent|present|absent|involved|mandatory|feasible|appropriate|independent|"
        r"dependent|significant|key|crucial|critical|suitable|resistant|susceptible|vulnerable|prone|due|"
        r"secondary|consistent|inconsistent|compatible|positive|negative|willing|superior|inferior)"
        r"\s+(?:for|in|to|at|with|of|against|than|as|among|on|from)",
        copular=True,
    ),
    RelationPattern(
        "compares",
        r"(?:higher|lower|greater|smaller|larger|more|less|fewer|better|worse|longer|shorter|faster|slower|"
        r"similar|comparable|equivalent|equal|different|identical)"
        r"(?:\s+(?:in|than|among|with|for|to|at|from|between|after|during|compared\s+(?:with|to)))?",
        copular=True,
    ),
    RelationPattern(
        "passive",
        rf"(?:[a-z]{{2,}}ed|{_PARTICIPLES})"
        r"(?:\s+(?:by|with|to|in|for|from|on|as|into|against|at|through|among|between|via|after))?",
        copular=True,
    ),
    RelationPattern("perfect", rf"(?:has|have|had)\s+(?:{_ADV}\s+){{0,3}}(?:[a-z]{{2,}}ed|{_PARTICIPLES})"),
    RelationPattern("has", r"(?:has|have|had)(?!\s+(?:been|to)(?![\w-]))"),
    RelationPattern(
        "modal",
        r"(?:may|might|can|could|will|would|shall|should|must|cannot|do|does|did|\w+n['’]t)"
        rf"\s+(?:{_ADV}\s+){{0,3}}(?!(?:be|been|being|have|has|had|not)(?![\w-]))[a-z][\w-]*",
    ),
    RelationPattern("is", "", copular=True),
)
"""The rule extractor's relations, tried in this order at each position (the leftmost match wins)."""


def _compile(lexicon: Sequence[RelationPattern]) -> tuple[re.Pattern[str], dict[str, RelationPattern]]:
    alternatives: list[str] = []
    names: dict[str, RelationPattern] = {}
    for k, pattern in enumerate(lexicon):
        name = f"r{k}"
        names[name] = pattern
        if pattern.copular and not pattern.core:  # the bare copula: "is", "remains", "is not often"
            body = rf"{_PRE}{_COP}(?:\s+{_ADV}(?![\w-])){{0,3}}"
        elif pattern.copular:
            body = rf"{_PRE}{_COP}\s+(?:{_ADV}\s+){{0,3}}{pattern.core}"
        else:
            body = rf"{_PRE}{pattern.core}"
        alternatives.append(rf"(?P<{name}>(?<![\w-]){body}(?![\w-]))")
    return re.compile("|".join(alternatives), re.IGNORECASE), names
