"""Seeded, span-reporting perturbations of a sentence, for synthetic NLI pairs and error-injection benchmarks.

Every perturbation takes a sentence (and optionally its entity mentions with sentence-relative offsets) plus a
:class:`random.Random`, and returns a :class:`Perturbation` or ``None`` when it does not apply. A
:class:`Perturbation` carries the new text and the character span ``[start, end)`` of the change *in the new
text*, so ``p.text[p.start:p.end] == p.inserted`` always holds, and ``p.text != original`` always holds.
The same RNG seed always gives the same result.

Kinds and the NLI label the perturbed sentence gets against a premise that contains the original:

=====================  ===============  ===========================================================
kind                   label            change
=====================  ===============  ===========================================================
``entity``             contradiction    an entity replaced by another of the same type, different id
``number``             contradiction    a number changed (scaled, shifted) or a unit swapped
``direction``          contradiction    increased <-> decreased, higher <-> lower, improved <-> ...
``negation``           contradiction    "not"/"no" added or removed
``swap``               contradiction    two entities exchange roles ("X causes Y" -> "Y causes X")
``cause``              neutral          a false mechanism clause ("because ...") appended, or a stated
                                        mechanism ("due to X", "through X") replaced by another
``invented``           neutral          an unsupported clause from elsewhere appended
=====================  ===============  ===========================================================
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence

from medhal.synthesis._perturb_entities import EntityInventory, substitute_entity, swap_entities
from medhal.synthesis._perturb_records import Perturbation, PerturbationKind, SpanMention, _make, _match_case
from medhal.text.lexical import DIRECTION_PAIRS

__all__ = [
    "DIRECTION_PAIRS",
    "EntityInventory",
    "Perturbation",
    "PerturbationKind",
    "SpanMention",
    "add_false_cause",
    "append_invented_clause",
    "change_number",
    "flip_direction",
    "flip_negation",
    "misattribute_mechanism",
    "simplify",
    "substitute_entity",
    "swap_entities",
    "trim_clause",
]

# ----------------------------------------------------------------------------------------------- numbers

_NUMBER = re.compile(
    r"(?<![\w.\-/])(\d+(?:[.,]\d+)?)(\s?)(%|mg/kg|mg|g|mcg|µg|ml|mL|kg|mmHg|days?|weeks?|months?|years?|hours?|h)?(?![\w])"
)
_UNIT_SWAPS: Mapping[str, Sequence[str]] = {
    "mg/kg": ("g/kg", "mcg/kg"),
    "mg": ("g", "mcg"),
    "g": ("mg", "kg"),
    "mcg": ("mg",),
    "µg": ("mg",),
    "ml": ("l",),
    "mL": ("L",),
    "kg": ("g",),
    "days": ("weeks", "months"),
    "day": ("week", "month"),
    "weeks": ("days", "months"),
    "week": ("day", "month"),
    "months": ("weeks", "years"),
    "month": ("week", "year"),
    "years": ("months",),
    "year": ("month",),
    "hours": ("days", "minutes"),
    "hour": ("day", "minute"),
    "h": ("days",),
}


def _new_number(value: str, rng: random.Random) -> str:
    decimals = len(value.split(".", 1)[1]) if "." in value else 0
    num = (
        float(value.replace(",", ""))
        if "," in value and len(value.split(",")[-1]) == 3
        else float(value.replace(",", "."))
    )
    for _ in range(10):
        op = rng.randrange(4)
        if op == 0:
            new = num * rng.choice((2.0, 3.0, 5.0, 10.0))
        elif op == 1:
            new = num / rng.choice((2.0, 3.0, 4.0, 10.0))
        elif op == 2:
            new = num + max(1.0, round(abs(num) * rng.uniform(0.2, 0.6)))
        else:
            new = num - max(1.0, round(abs(num) * rng.uniform(0.2, 0.6)))
        if new < 0:
            continue
        out = f"{new:.{decimals}f}" if decimals else (str(round(new)) if new >= 1 else f"{new:.2f}")
        if out != value and float(out) != num:
            return out
    return str(int(num) + 1) if decimals == 0 else f"{num + 1:.{decimals}f}"


def change_number(sentence: str, rng: random.Random, unit_probability: float = 0.25) -> Perturbation | None:
    """Change one number (scale or shift it), or, with ``unit_probability``, swap its unit (mg -> g, days -> weeks).

    Years (1900-2099 without a unit) and numbers glued to letters (e.g. ``IL-2``, ``CD4``) are left alone.
    """
    cands = []
    for m in _NUMBER.finditer(sentence):
        value, unit = m.group(1), m.group(3) or ""
        if not unit and value.isdigit() and 1900 <= int(value) <= 2099:
            continue
        cands.append(m)
    if not cands:
        return None
    m = cands[rng.randrange(len(cands))]
    value, unit = m.group(1), m.group(3) or ""
    if unit and unit in _UNIT_SWAPS and rng.random() < unit_probability:
        new_unit = rng.choice(tuple(_UNIT_SWAPS[unit]))
        return _make(sentence, m.start(3), m.end(3), new_unit, "number")
    new_value = _new_number(value, rng)
    return _make(sentence, m.start(1), m.end(1), new_value, "number")


# ----------------------------------------------------------------------------------------------- direction

_DIRECTION_MAP: dict[str, str] = {}
for _a, _b in DIRECTION_PAIRS:
    _DIRECTION_MAP[_a] = _b
    _DIRECTION_MAP[_b] = _a
_DIRECTION_RE = re.compile(
    r"\b(" + "|".join(re.escape(w) for w in sorted(_DIRECTION_MAP, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


def flip_direction(sentence: str, rng: random.Random) -> Perturbation | None:
    """Flip one direction word: increased <-> decreased, higher <-> lower, improved <-> worsened, ..."""
    cands = list(_DIRECTION_RE.finditer(sentence))
    if not cands:
        return None
    m = cands[rng.randrange(len(cands))]
    word = m.group(0)
    return _make(sentence, m.start(), m.end(), _match_case(word, _DIRECTION_MAP[word.lower()]), "direction")


# ----------------------------------------------------------------------------------------------- negation

_AUX = r"is|are|was|were|did|does|do|can|could|may|might|should|will|would|has|have|had|must"
_NEG_REMOVE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\b({_AUX}) not\b", re.IGNORECASE), r"\1"),
    (re.compile(r"\b(cannot)\b", re.IGNORECASE), "can"),
    (
        re.compile(
            r"\b(no) (significant|difference|effect|association|evidence|change|increase|decrease)\b", re.IGNORECASE
        ),
        r"a \2",
    ),
    (re.compile(r"\b(not) (significantly|associated|related|different|affected|effective)\b", re.IGNORECASE), r"\2"),
    (re.compile(r"\b(neither) ([a-z-]+) nor\b", re.IGNORECASE), r"both \2 and"),
    (re.compile(r"\b(without)\b", re.IGNORECASE), "with"),
    (re.compile(r"\b(absence)\b", re.IGNORECASE), "presence"),
    (re.compile(r"\b(failed to)\b", re.IGNORECASE), "managed to"),
)
_AUX_ADD = r"is|are|was|were|can|could|may|might|should|will|would|must"
_NEG_ADD: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\b({_AUX_ADD})\b(?! not\b)(?! no\b)", re.IGNORECASE), r"\1 not"),
    (re.compile(r"\b(significantly)\b", re.IGNORECASE), r"not \1"),
    (re.compile(r"\b(a significant)\b", re.IGNORECASE), "no significant"),
    (re.compile(r"\b(with)\b", re.IGNORECASE), "without"),
    (re.compile(r"\b(presence)\b", re.IGNORECASE), "absence"),
)


def _sub_one(sentence: str, pattern: re.Pattern[str], repl: str, m: re.Match[str]) -> tuple[int, int, str]:
    new = m.expand(repl)
    new = _match_case(m.group(0), new) if m.group(0)[:1].isupper() else new
    return m.start(), m.end(), new


def flip_negation(sentence: str, rng: random.Random) -> Perturbation | None:
    """Remove a negation if the sentence has one ("was not" -> "was", "no significant" -> "a significant"),
    else add one ("was" -> "was not", "significantly" -> "not significantly")."""
    for table in (_NEG_REMOVE, _NEG_ADD):
        found = [(p, r, m) for p, r in table for m in p.finditer(sentence)]
        if found:
            pattern, repl, m = found[rng.randrange(len(found))]
            start, end, new = _sub_one(sentence, pattern, repl, m)
            return _make(sentence, start, end, new, "negation")
    return None


# ----------------------------------------------------------------------------------------------- additions

_CAUSES: tuple[str, ...] = (
    "because it blocks {x} signalling",
    "because of reduced {x} clearance",
    "due to direct toxicity of {x}",
    "as a result of {x} accumulation",
    "because {x} suppresses the immune response",
    "through activation of {x} receptors",
)


def _strip_final_period(sentence: str) -> tuple[str, str]:
    body = sentence.rstrip()
    tail = ""
    while body and body[-1] in ".;:!":
        tail = body[-1] + tail
        body = body[:-1]
    return body.rstrip(), tail or "."


def add_false_cause(sentence: str, rng: random.Random, agent: str) -> Perturbation | None:
    """Append an invented mechanism naming ``agent`` ("..., because of reduced X clearance.").

    The added causal claim is unsupported by a premise holding only the original, hence neutral.
    """
    if not agent.strip():
        return None
    body, tail = _strip_final_period(sentence)
    clause = rng.choice(_CAUSES).format(x=agent.strip())
    new_text = f"{body}, {clause}{tail}"
    start = len(body) + 2
    return Perturbation(new_text, start, start + len(clause), "cause", sentence, "", clause)


_MECHANISM_CUE = re.compile(
    r"\b(?:due to|because of|caused by|mediated (?:by|through)|attribut(?:ed|able) to|(?:a|the) (?:direct )?result of|"
    r"secondary to|owing to|driven by|through|via)\s+",
    re.IGNORECASE,
)
_MECHANISM_STOP = re.compile(
    r"[,.;:()\[\]]|\s(?:and|or|but|which|that|while|whereas|rather|than|in (?:patients|children|adults|women|men))\b",
    re.IGNORECASE,
)
_MECHANISM_PHRASES: tuple[str, ...] = (
    "{x} signalling",
    "{x} accumulation",
    "reduced {x} clearance",
    "{x}-mediated inflammation",
    "{x} receptor activation",
    "impaired {x} synthesis",
)


def misattribute_mechanism(sentence: str, rng: random.Random, agent: str, max_words: int = 8) -> Perturbation | None:
    """Replace a stated mechanism or cause ("due to X", "through X", "a result of X", "mediated by X") by a false
    one naming ``agent`` ("... due to reduced <agent> clearance").

    X runs from the cue to the next punctuation mark or clause connective and must be 1 to ``max_words`` words;
    the reported span is the new mechanism phrase.  ``None`` when the sentence states no such mechanism.
    """
    if not agent.strip():
        return None
    cands: list[tuple[int, int]] = []
    for m in _MECHANISM_CUE.finditer(sentence):
        start = m.end()
        stop = _MECHANISM_STOP.search(sentence, start)
        end = stop.start() if stop else len(sentence.rstrip())
        phrase = sentence[start:end].rstrip()
        if phrase and 1 <= len(phrase.split()) <= max_words:
            cands.append((start, start + len(phrase)))
    if not cands:
        return None
    start, end = cands[rng.randrange(len(cands))]
    new = rng.choice(_MECHANISM_PHRASES).format(x=agent.strip())
    if sentence[start:end].lower() == new.lower():
        return None
    return _make(sentence, start, end, new, "cause")


def append_invented_clause(sentence: str, donor: str, rng: random.Random) -> Perturbation | None:
    """Append a clause taken from an unrelated ``donor`` sentence ("..., and <donor clause>.")."""
    donor_body, _ = _strip_final_period(donor)
    if len(donor_body.split()) < 4:
        return None
    donor_body = donor_body[:1].lower() + donor_body[1:] if not donor_body[:2].isupper() else donor_body
    joiner = rng.choice((", and ", "; ", ", while ", ", and in addition "))
    body, tail = _strip_final_period(sentence)
    new_text = f"{body}{joiner}{donor_body}{tail}"
    start = len(body) + len(joiner)
    return Perturbation(new_text, start, start + len(donor_body), "invented", sentence, "", donor_body)


# ----------------------------------------------------------------------------------------------- entailment

_CLAUSE_BREAK = re.compile(r"(?:;|, (?:and|but|whereas|while|which|although|though|as well as)\b| \((?=[^)]*$))")


def trim_clause(sentence: str, rng: random.Random, min_words: int = 5) -> str | None:
    """A leading sub-clause of ``sentence`` that still reads as a claim (cut before "; ", ", and", ", which",
    ...), with a final period; ``None`` when no cut leaves at least ``min_words`` words on the left."""
    cuts = [m.start() for m in _CLAUSE_BREAK.finditer(sentence)]
    cuts = [c for c in cuts if len(sentence[:c].split()) >= min_words and c < len(sentence.rstrip(" .")) - 5]
    if not cuts:
        return None
    cut = cuts[rng.randrange(len(cuts))]
    body = sentence[:cut].rstrip(" ,;:")
    if body.count("(") != body.count(")"):
        return None
    return body + "."


_LEADING_MARKERS = re.compile(
    r"^(?:thus|therefore|hence|however|moreover|furthermore|in addition|in conclusion|in summary|overall|"
    r"finally|additionally|consequently|importantly|notably|in contrast|conclusions?|results?)\s*[,:]\s*",
    re.IGNORECASE,
)
_REPORTING = re.compile(
    r"^(?:these|our|the) (?:results|findings|data|observations|studies|study) "
    r"(?:suggest|suggests|indicate|indicates|show|shows|demonstrate|demonstrates|confirm|confirms|reveal|reveals)"
    r"(?: that)? ",
    re.IGNORECASE,
)
_PARENTHETICAL = re.compile(r"\s\([^()]{1,60}\)")


def simplify(sentence: str, rng: random.Random) -> str | None:
    """A meaning-preserving shortening of ``sentence`` (one or more of: drop a leading discourse marker,
    drop a "These results suggest that" frame, drop parentheticals, keep a leading sub-clause), or ``None``
    when none applies. The result is entailed by the original sentence."""
    text = sentence.strip()
    changed = False
    m = _LEADING_MARKERS.match(text)
    if m:
        text = text[m.end() :]
        changed = True
    m = _REPORTING.match(text)
    if m and rng.random() < 0.8:
        text = text[m.end() :]
        changed = True
    if _PARENTHETICAL.search(text) and rng.random() < 0.7:
        text = _PARENTHETICAL.sub("", text)
        changed = True
    if rng.random() < 0.5 or not changed:
        clause = trim_clause(text, rng)
        if clause is not None:
            text = clause
            changed = True
    if not changed or len(text.split()) < 4:
        return None
    text = text[:1].upper() + text[1:]
    if text[-1:] not in ".!?":
        text += "."
    return text if text != sentence else None
