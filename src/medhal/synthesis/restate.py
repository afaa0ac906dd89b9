"""Seeded faithful restatements, their minimal wrong twins and same-document non-addressing windows (issue 14).

The embedded verifier's earlier training data taught "copy of the premise -> entailment": its entailed hypotheses
were verbatim sentences, trimmed clauses or simplifications, so a faithful answer that says the same thing in
other words ("failed to reduce" for "did not reduce", "twenty" for "20", "0.5 g" for "500 mg", "heart attack" for
"myocardial infarction") drifted to neutral or contradiction.  This module generates the missing kinds, every one
from a sentence of a train-role document, with the sentence's window as the premise:

* ``restated`` -> ``entailment``: one to three meaning-preserving rewrites of the sentence (number words and
  digits, mass units, per cent, negation constructions, reporting verbs, lay terms for clinical terms, a
  fronted prepositional phrase moved to the end, ``significantly`` dropped outside a negation);
* ``restated_twin`` -> ``contradiction``: the same rewrites applied to the sentence after one minimal edit
  (a number, a direction word or a negation changed: :mod:`medhal.synthesis.perturb`), so the twin differs from the
  faithful restatement only where the meaning changed;
* ``same_doc`` -> ``neutral``: the sentence (or its restatement) against a window of *other* sentences of the
  same document that shares its topic but does not state it (kept only when fewer than half of the sentence's
  content words occur in the window, to keep restated results out of it).

Every rewrite is a small, deterministic table entry, so a reader can audit what "meaning-preserving" means here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from medhal.data.nli import NLIPair
from medhal.synthesis.contrast import NEGATION_CUE
from medhal.synthesis.pairs import SynthDoc
from medhal.synthesis.perturb import Perturbation, change_number, flip_direction, flip_negation
from medhal.text.quantities import NUMBER_WORDS

__all__ = ["RESTATEMENTS", "RestatePair", "restate", "restate_pairs"]

_TENS = {30: "thirty", 40: "forty", 50: "fifty", 60: "sixty", 70: "seventy", 80: "eighty", 90: "ninety"}


def _digits_to_words(m: re.Match[str]) -> str:
    n = int(m.group(1))
    word = NUMBER_WORDS[n] if n <= 20 else _TENS[n]
    return word + m.group(2)


def _words_to_digits(m: re.Match[str]) -> str:
    word = m.group(1).lower()
    value = NUMBER_WORDS.index(word) if word in NUMBER_WORDS else next(k for k, v in _TENS.items() if v == word)
    return str(value) + m.group(2)


def _mass(m: re.Match[str]) -> str:
    value, unit = float(m.group(1)), m.group(2)
    if unit == "mg" and value >= 100 and value % 100 == 0:
        grams = value / 1000
        return f"{grams:g} g"
    if unit == "g" and value < 10:
        milligrams = value * 1000
        if milligrams == int(milligrams):
            return f"{int(milligrams)} mg"
    return m.group(0)


def _front_phrase(m: re.Match[str]) -> str:
    phrase, rest = m.group(1), m.group(2)
    body = rest.rstrip(".")
    if not body or len(body.split()) < 4:
        return m.group(0)
    first = body.split(" ", 1)[0]
    # keep an acronym or a proper-looking name capitalised; lower-case an ordinary first word
    if not (first.isupper() or any(c.isdigit() for c in first)):
        body = body[0].lower() + body[1:]
    return f"{body[0].upper()}{body[1:]} {phrase[0].lower()}{phrase[1:]}."


_Rewrite = tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]

RESTATEMENTS: dict[str, tuple[_Rewrite, ...]] = {
    "number_words": (
        (
            re.compile(
                r"(?<![\w.,/-])(1[0-9]|20|[2-9]|[3-9]0)(\s(?:patients|subjects|participants|cases|"
                r"children|women|men|days|weeks|months|years|times|doses|trials|studies)\b)"
            ),
            _digits_to_words,
        ),
        (
            re.compile(
                r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)"
                r"(\s(?:patients|subjects|participants|cases|children|women|men|days|weeks|months|years)\b)",
                re.IGNORECASE,
            ),
            _words_to_digits,
        ),
    ),
    "units": (
        (re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?(mg|g)\b(?!/)"), _mass),
        (re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?%"), r"\1 percent"),
        (re.compile(r"(?<![\w.])(\d+(?:\.\d+)?) per ?cent\b"), r"\1%"),
    ),
    "negation": (
        (
            re.compile(r"\bdid not (reduce|improve|increase|decrease|prevent|affect|alter|change|differ|show)\b"),
            r"failed to \1",
        ),
        (re.compile(r"\bwas not associated with\b"), "showed no association with"),
        (re.compile(r"\bwere not associated with\b"), "showed no association with"),
        (re.compile(r"\bwas not (significantly )?different\b"), r"did not differ \1"),
        (
            re.compile(r"\bno significant difference (?:was|were) (?:found|observed|seen)\b"),
            "there was no significant difference",
        ),
        (re.compile(r"\bdid not\b"), "didn't"),
        (re.compile(r"\bwas not\b"), "wasn't"),
        (re.compile(r"\bwere not\b"), "weren't"),
        (re.compile(r"\bis not\b"), "isn't"),
        (re.compile(r"\bdoes not\b"), "doesn't"),
    ),
    "verbs": (
        (re.compile(r"\b(was|were|is|are) associated with\b"), r"\1 linked to"),
        (re.compile(r"\b(was|were|is|are) linked to\b"), r"\1 associated with"),
        (re.compile(r"\bresulted in\b"), "led to"),
        (re.compile(r"\bled to\b"), "resulted in"),
        (re.compile(r"\b(was|were) observed\b"), r"\1 seen"),
        (re.compile(r"\bdemonstrated\b"), "showed"),
        (re.compile(r"\brevealed\b"), "showed"),
        (re.compile(r"\bprior to\b"), "before"),
        (re.compile(r"\bin order to\b"), "to"),
        (re.compile(r"\b(was|were) administered\b"), r"\1 given"),
        (re.compile(r"\butilized\b"), "used"),
        (re.compile(r"\bsubjects\b"), "participants"),
        (re.compile(r"\bthe majority of\b"), "most"),
    ),
    "lay": (
        (re.compile(r"\bmyocardial infarction\b"), "heart attack"),
        (re.compile(r"\bcerebrovascular accident\b"), "stroke"),
        (re.compile(r"\bhypertension\b"), "high blood pressure"),
        (re.compile(r"\bhypotension\b"), "low blood pressure"),
        (re.compile(r"\bhyperglycemia\b"), "high blood sugar"),
        (re.compile(r"\bhypoglycemia\b"), "low blood sugar"),
        (re.compile(r"\brenal\b"), "kidney"),
        (re.compile(r"\bhepatic\b"), "liver"),
        (re.compile(r"\bcardiac\b"), "heart"),
        (re.compile(r"\bpulmonary\b"), "lung"),
        (re.compile(r"\bpyrexia\b"), "fever"),
        (re.compile(r"\bemesis\b"), "vomiting"),
        (re.compile(r"\bpruritus\b"), "itching"),
        (re.compile(r"\bcephalalgia\b"), "headache"),
        (re.compile(r"\bneoplasms?\b"), "tumour"),
        (re.compile(r"\bmortality\b"), "death rate"),
        (re.compile(r"\bintravenous(?:ly)?\b"), "into a vein"),
        (re.compile(r"\boral(?:ly)? administered\b"), "given by mouth"),
        (re.compile(r"\badverse events\b"), "side effects"),
        (re.compile(r"\bpaediatric|\bpediatric\b"), "children's"),
        (re.compile(r"\bthrombosis\b"), "blood clotting"),
        (re.compile(r"\bedema\b"), "swelling"),
    ),
    "hedges": (
        (re.compile(r"\bsignificantly (?=\w)"), ""),
        (re.compile(r"\bstatistically significant\b"), "significant"),
    ),
    "order": ((re.compile(r"^((?:In|Among|For|During|After|Before|At) [^,]{3,60}), (.+)$"), _front_phrase),),
}


@dataclass(frozen=True, slots=True)
class RestatePair:
    """A generated pair with its kind (``restated``, ``restated_twin``, ``same_doc``) and the rewrite families
    applied to the hypothesis."""

    pair: NLIPair
    kind: str
    rewrites: tuple[str, ...]


def restate(sentence: str, rng: random.Random, max_rewrites: int = 3) -> tuple[str, tuple[str, ...]]:
    """``sentence`` with up to ``max_rewrites`` meaning-preserving rewrites applied (one match each, seeded);
    returns the text and the families used (empty when none applied)."""
    families = list(RESTATEMENTS)
    rng.shuffle(families)
    text = sentence
    used: list[str] = []
    for family in families:
        if len(used) >= max_rewrites:
            break
        if family == "hedges" and NEGATION_CUE.search(text):
            continue  # "not significantly reduced" does not entail "not reduced"
        options = [(p, r, m) for p, r in RESTATEMENTS[family] for m in p.finditer(text)]
        if not options:
            continue
        _pattern, repl, m = options[rng.randrange(len(options))]
        new = repl(m) if callable(repl) else m.expand(repl)
        candidate = text[: m.start()] + new + text[m.end() :]
        candidate = re.sub(r"\s{2,}", " ", candidate).strip()
        if candidate != text:
            text = candidate
            used.append(family)
    return text, tuple(used)


_WORD = re.compile(r"[a-z]{4,}")
_EDITS: tuple[Callable[[str, random.Random], Perturbation | None], ...] = (
    lambda s, r: change_number(s, r, unit_probability=0.15),
    flip_direction,
    flip_negation,
)


def _window(sentences: Sequence[str], index: int, rng: random.Random, max_words: int = 110) -> str:
    lo = hi = index
    words = len(sentences[index].split())
    for _ in range(rng.randint(0, 4)):
        options = [i for i in (lo - 1, hi + 1) if 0 <= i < len(sentences)]
        if not options:
            break
        pick = rng.choice(options)
        if words + len(sentences[pick].split()) > max_words:
            break
        words += len(sentences[pick].split())
        lo, hi = min(lo, pick), max(hi, pick)
    return " ".join(sentences[lo : hi + 1])


def _other_window(sentences: Sequence[str], index: int, rng: random.Random, max_words: int = 110) -> str | None:
    others = [i for i in range(len(sentences)) if i != index]
    if not others:
        return None
    start = rng.choice(others)
    chosen, words = [start], len(sentences[start].split())
    for step in (1, -1, 2, -2, 3):
        i = start + step
        if 0 <= i < len(sentences) and i != index and rng.random() < 0.6:
            if words + len(sentences[i].split()) > max_words:
                break
            chosen.append(i)
            words += len(sentences[i].split())
    return " ".join(sentences[i] for i in sorted(chosen))


def _content_share(hypothesis: str, premise: str) -> float:
    words = set(_WORD.findall(hypothesis.lower()))
    if not words:
        return 1.0
    return len(words & set(_WORD.findall(premise.lower()))) / len(words)


def restate_pairs(docs: Sequence[SynthDoc], n: int, seed: int, source: str = "restate") -> list[RestatePair]:
    """About ``n`` seeded pairs: shares 0.45 ``restated`` (E), 0.35 ``restated_twin`` (C), 0.20 ``same_doc``
    (N); deterministic for a seed."""
    rng = random.Random(seed)
    usable = [d for d in docs if len(d.sentences) >= 2]
    if not usable or n <= 0:
        return []
    out: list[RestatePair] = []
    targets = {"restated": 0.45, "restated_twin": 0.35, "same_doc": 0.20}
    made = dict.fromkeys(targets, 0)
    attempts = 0
    while len(out) < n and attempts < n * 40:
        attempts += 1
        doc = usable[rng.randrange(len(usable))]
        index = rng.randrange(len(doc.sentences))
        sentence = doc.sentences[index]
        if not 5 <= len(sentence.split()) <= 55:
            continue
        total = sum(made.values()) or 1
        kind = min(targets, key=lambda k: (made[k] / total - targets[k], rng.random()))
        if kind == "same_doc":
            premise = _other_window(doc.sentences, index, rng)
            hypothesis, used = restate(sentence, rng) if rng.random() < 0.5 else (sentence, ())
            if premise is None or _content_share(hypothesis, premise) >= 0.5:
                continue
            out.append(RestatePair(NLIPair(premise, hypothesis, "neutral", source), kind, used))
        elif kind == "restated":
            hypothesis, used = restate(sentence, rng)
            if not used:
                continue
            premise = _window(doc.sentences, index, rng)
            out.append(RestatePair(NLIPair(premise, hypothesis, "entailment", source), kind, used))
        else:
            edit = _EDITS[rng.randrange(len(_EDITS))](sentence, rng)
            if edit is None:
                continue
            state = rng.getstate()
            faithful, used = restate(sentence, rng)
            rng.setstate(state)  # the same draws for the twin: the same rewrites where they still apply
            twin, twin_used = restate(edit.text, rng)
            if not used or twin == faithful:
                continue
            premise = _window(doc.sentences, index, rng)
            out.append(RestatePair(NLIPair(premise, faithful, "entailment", source), "restated", used))
            out.append(RestatePair(NLIPair(premise, twin, "contradiction", source), kind, twin_used))
            made["restated"] += 1
        made[kind] += 1
    return out
