"""Seeded minimal-pair NLI data that breaks the "negation somewhere in the pair -> contradiction" shortcut.

Every item shares one premise (a 1-5 sentence window of a train-role document) between its pairs:

* ``negation``: a sentence with a negation cue (not, no, without, neither, absence of, did not ...); the
  sentence verbatim or a trimmed leading clause of it -> ``entailment``; the same with the negation removed
  -> ``contradiction``;
* ``number``: a sentence with a number; verbatim -> ``entailment``, one number changed -> ``contradiction``;
* ``direction``: a sentence with a direction word (increased/decreased, higher/lower, ...); verbatim ->
  ``entailment``, the word flipped -> ``contradiction``;
* ``identity``: any sentence of the window verbatim -> ``entailment`` plus a sentence of another document
  -> ``neutral`` (identity is always entailment);
* ``other_doc``: a window with a negation cue, hypothesis a sentence of another document -> ``neutral``.

Item shares 0.35 contrast (E+C) : 0.10 identity (E+N) : 0.10 other_doc (N) give about 45% E / 35% C / 20% N.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from medhal.data.nli import NLIPair
from medhal.synthesis.pairs import SynthDoc
from medhal.synthesis.perturb import Perturbation, change_number, flip_direction, flip_negation, trim_clause

__all__ = ["NEGATION_CUE", "ContrastPair", "contrast_pairs"]

NEGATION_CUE = re.compile(
    r"\b(?:not|no|without|neither|nor|none|never|cannot|absence of|absent|lack of|failed to)\b|n't\b",
    re.IGNORECASE,
)
_ITEM_SHARES: tuple[float, float, float] = (0.636, 0.182, 0.182)
_CONTRAST_KINDS: tuple[str, ...] = ("negation", "number", "direction")


@dataclass(frozen=True, slots=True)
class ContrastPair:
    """A generated pair with its kind; for an edited hypothesis ``pair.hypothesis[start:end] == inserted``
    (``start == end == -1`` for an unedited one). ``sentence_start`` is where the source sentence begins in the
    premise (-1 for another document's sentence)."""

    pair: NLIPair
    kind: str
    start: int
    end: int
    inserted: str
    sentence_start: int


def _window(sentences: Sequence[str], index: int, rng: random.Random) -> tuple[str, int]:
    """A window of 1-5 sentences holding ``sentences[index]``; returns it and the target's char offset."""
    size = rng.randint(1, 5)
    lo = max(0, index - rng.randint(0, size - 1))
    hi = min(len(sentences), lo + size)
    lo = max(0, min(lo, index))
    hi = max(hi, index + 1)
    prefix = " ".join(sentences[lo:index])
    return " ".join(sentences[lo:hi]), (len(prefix) + 1 if prefix else 0)


def _ok_words(text: str) -> bool:
    return 4 <= len(text.split()) <= 55


def _negation_removed(p: Perturbation) -> bool:
    return len(NEGATION_CUE.findall(p.text)) < len(NEGATION_CUE.findall(p.original))


def _edit(kind: str, base: str, rng: random.Random) -> Perturbation | None:
    if kind == "negation":
        if not NEGATION_CUE.search(base):
            return None
        p = flip_negation(base, rng)
        return p if p is not None and _negation_removed(p) else None
    if kind == "number":
        return change_number(base, rng, unit_probability=0.15)
    return flip_direction(base, rng)


def contrast_pairs(docs: Sequence[SynthDoc], n: int, seed: int, source: str = "contrast") -> list[ContrastPair]:
    """About ``n`` seeded minimal pairs from ``docs`` (see the module docstring); deterministic for a seed."""
    rng = random.Random(seed)
    usable = [d for d in docs if d.sentences]
    if len(usable) < 2 or n <= 0:
        return []
    out: list[ContrastPair] = []

    def other_sentence(doc: SynthDoc) -> str | None:
        for _ in range(10):
            other = usable[rng.randrange(len(usable))]
            if other.doc_id == doc.doc_id and other.source == doc.source:
                continue
            sent = other.sentences[rng.randrange(len(other.sentences))]
            if _ok_words(sent):
                return sent
        return None

    attempts = 0
    made = [0, 0, 0]
    while len(out) < n and attempts < n * 60:
        attempts += 1
        doc = usable[rng.randrange(len(usable))]
        index = rng.randrange(len(doc.sentences))
        sentence = doc.sentences[index]
        if not _ok_words(sentence):
            continue
        # the item type furthest below its target share (0.636 / 0.182 / 0.182): contrast items fail more often
        done = sum(made) or 1
        item = min(range(3), key=lambda i: (made[i] / done - _ITEM_SHARES[i], rng.random()))
        if item == 0:
            kind = rng.choices(_CONTRAST_KINDS, weights=(0.45, 0.275, 0.275))[0]
            base = sentence
            if rng.random() < 0.35:
                clause = trim_clause(sentence, rng)
                if clause is not None and _ok_words(clause):
                    base = clause
            edit = _edit(kind, base, rng)
            if edit is None and base != sentence:
                base = sentence
                edit = _edit(kind, base, rng)
            if edit is None:
                continue
            premise, offset = _window(doc.sentences, index, rng)
            out.append(ContrastPair(NLIPair(premise, base, "entailment", source), kind, -1, -1, "", offset))
            out.append(
                ContrastPair(
                    NLIPair(premise, edit.text, "contradiction", source),
                    kind,
                    edit.start,
                    edit.end,
                    edit.inserted,
                    offset,
                )
            )
            made[0] += 1
        elif item == 1:
            other = other_sentence(doc)
            if other is None:
                continue
            premise, offset = _window(doc.sentences, index, rng)
            out.append(ContrastPair(NLIPair(premise, sentence, "entailment", source), "identity", -1, -1, "", offset))
            out.append(ContrastPair(NLIPair(premise, other, "neutral", source), "other_doc", -1, -1, "", -1))
            made[1] += 1
        else:
            if not NEGATION_CUE.search(sentence):
                continue
            other = other_sentence(doc)
            if other is None:
                continue
            premise, _ = _window(doc.sentences, index, rng)
            out.append(ContrastPair(NLIPair(premise, other, "neutral", source), "other_doc", -1, -1, "", -1))
            made[2] += 1
    return out
