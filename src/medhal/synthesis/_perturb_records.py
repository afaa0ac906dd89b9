"""The perturbation records and the helpers every perturbation uses (re-exported by ``perturb``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from medhal.data.pubtator import Mention

PerturbationKind = Literal["entity", "number", "direction", "negation", "swap", "cause", "invented"]

LABEL_OF_KIND: Mapping[str, str] = {
    "entity": "contradiction",
    "number": "contradiction",
    "direction": "contradiction",
    "negation": "contradiction",
    "swap": "contradiction",
    "cause": "neutral",
    "invented": "neutral",
}


SpanMention = Mention
"""An entity mention inside one sentence: ``sentence[start:end] == text`` (a PubTator mention, re-based)."""


def mentions_within(mentions: Iterable[SpanMention], start: int, end: int) -> tuple[SpanMention, ...]:
    """The mentions inside ``text[start:end]``, re-based onto that slice (their offsets counted from ``start``)."""
    return tuple(
        SpanMention(m.start - start, m.end - start, m.text, m.type, m.ids)
        for m in mentions
        if m.start >= start and m.end <= end
    )


@dataclass(frozen=True, slots=True)
class Perturbation:
    """A perturbed sentence: ``text[start:end] == inserted``; ``removed`` is what stood there before."""

    text: str
    start: int
    end: int
    kind: PerturbationKind
    original: str
    removed: str
    inserted: str

    @property
    def label(self) -> str:
        """The NLI label of :attr:`text` against a premise that supports :attr:`original`."""
        return LABEL_OF_KIND[self.kind]


def _make(sentence: str, start: int, end: int, new: str, kind: PerturbationKind) -> Perturbation | None:
    """Replace ``sentence[start:end]`` with ``new`` and report the span of ``new`` in the result."""
    text = sentence[:start] + new + sentence[end:]
    if text == sentence or not new:
        return None
    return Perturbation(text, start, start + len(new), kind, sentence, sentence[start:end], new)


def _match_case(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word
