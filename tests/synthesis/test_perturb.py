"""Perturbations: really change the text, report a span that slices back to the change, are seeded."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from medhal.data.corpora import detokenize, fix_mojibake, split_sentences
from medhal.data.pubtator import read_pubtator
from medhal.synthesis.pairs import docs_from_pubtator
from medhal.synthesis.perturb import (
    EntityInventory,
    Perturbation,
    SpanMention,
    add_false_cause,
    append_invented_clause,
    change_number,
    flip_direction,
    flip_negation,
    simplify,
    substitute_entity,
    swap_entities,
    trim_clause,
)

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "biomed").is_dir(), reason="../shared/data is absent")

SENTENCE = "Naloxone did not affect blood pressure, which was increased by 5 mg/kg clonidine in 20 rats."


def _mention(sentence: str, text: str, etype: str, mid: str) -> SpanMention:
    start = sentence.index(text)
    return SpanMention(start, start + len(text), text, etype, (mid,))


MENTIONS = (
    _mention(SENTENCE, "Naloxone", "Chemical", "D009270"),
    _mention(SENTENCE, "blood pressure", "Disease", "D2"),
    _mention(SENTENCE, "clonidine", "Chemical", "D003000"),
)


def _inventory() -> EntityInventory:
    inv = EntityInventory()
    for name, etype, mid in [
        ("aspirin", "Chemical", "D001241"),
        ("Clonidine hydrochloride", "Chemical", "D003000"),
        ("morphine", "Chemical", "D009020"),
        ("hypertension", "Disease", "D006973"),
        ("seizures", "Disease", "D012640"),
    ]:
        inv.add(name, etype, (mid,))
    return inv


def _check(p: Perturbation | None, original: str) -> Perturbation:
    assert p is not None
    assert p.original == original
    assert p.text != original
    assert p.text[p.start : p.end] == p.inserted
    assert p.inserted
    assert p.label in ("contradiction", "neutral")
    return p


PERTURBERS: dict[str, Callable[[random.Random], Perturbation | None]] = {
    "number": lambda rng: change_number(SENTENCE, rng),
    "direction": lambda rng: flip_direction(SENTENCE, rng),
    "negation": lambda rng: flip_negation(SENTENCE, rng),
    "entity": lambda rng: substitute_entity(SENTENCE, MENTIONS, _inventory(), rng),
    "swap": lambda rng: swap_entities(SENTENCE, MENTIONS, rng),
    "cause": lambda rng: add_false_cause(SENTENCE, rng, "morphine"),
    "invented": lambda rng: append_invented_clause(SENTENCE, "The patients were followed for two years.", rng),
}


@pytest.mark.parametrize("kind", sorted(PERTURBERS))
def test_perturbation_contract(kind: str) -> None:
    for seed in range(25):
        p = _check(PERTURBERS[kind](random.Random(seed)), SENTENCE)
        assert p.kind == kind
        again = PERTURBERS[kind](random.Random(seed))
        assert again == p  # deterministic for a seed


def test_labels_of_kinds() -> None:
    rng = random.Random(0)
    assert _check(flip_direction(SENTENCE, rng), SENTENCE).label == "contradiction"
    assert _check(add_false_cause(SENTENCE, rng, "morphine"), SENTENCE).label == "neutral"


def test_number_change_examples() -> None:
    values = {change_number("The dose was 5 mg daily.", random.Random(s)).inserted for s in range(30)}  # type: ignore[union-attr]
    assert "5" not in values and len(values) > 2
    assert change_number("Published in 1998, the trial was small.", random.Random(0)) is None
    assert change_number("CD4 counts and IL-2 levels rose.", random.Random(0)) is None
    p = _check(change_number("Median age was 54.5 years.", random.Random(3)), "Median age was 54.5 years.")
    assert p.removed in {"54.5", "years"}


def test_direction_keeps_case() -> None:
    p = _check(flip_direction("Increased doses were used.", random.Random(0)), "Increased doses were used.")
    assert p.text == "Decreased doses were used."
    assert flip_direction("Nothing to flip here.", random.Random(0)) is None


def test_negation_add_and_remove() -> None:
    removed = _check(flip_negation("Drug X was not effective.", random.Random(0)), "Drug X was not effective.")
    assert "not" not in removed.text
    added = _check(flip_negation("Drug X was effective.", random.Random(0)), "Drug X was effective.")
    assert added.text == "Drug X was not effective."
    assert added.inserted == "was not"
    none = _check(
        flip_negation("There was no significant difference.", random.Random(0)), "There was no significant difference."
    )
    assert "no significant" not in none.text


def test_entity_substitution_uses_other_ids() -> None:
    inv = _inventory()
    for seed in range(40):
        p = _check(substitute_entity(SENTENCE, MENTIONS, inv, random.Random(seed)), SENTENCE)
        # never the same concept: the clonidine synonym shares its MeSH id
        assert p.inserted.lower() != "clonidine hydrochloride" or p.removed != "clonidine"
        assert p.inserted.lower() not in SENTENCE.lower()
    only = EntityInventory()
    only.add("naloxone hydrochloride", "Chemical", ("D009270",))
    only.add("naloxone", "Chemical", ("D009270",))
    assert substitute_entity(SENTENCE, MENTIONS[:1], only, random.Random(0)) is None


def test_entity_substitution_replaces_every_occurrence() -> None:
    s = "Aspirin helps, and aspirin is cheap."
    ms = (SpanMention(0, 7, "Aspirin", "Chemical", ("A",)), SpanMention(19, 26, "aspirin", "Chemical", ("A",)))
    inv = EntityInventory()
    inv.add("morphine", "Chemical", ("M",))
    inv.add("aspirin", "Chemical", ("A",))
    p = _check(substitute_entity(s, ms[1:], inv, random.Random(0)), s)
    assert p.text == "Aspirin helps, and morphine is cheap."


def test_swap_skips_coordination() -> None:
    s = "Aspirin and ibuprofen were given."
    ms = (_mention(s, "Aspirin", "Chemical", "A"), _mention(s, "ibuprofen", "Chemical", "B"))
    assert swap_entities(s, ms, random.Random(0)) is None
    s2 = "Cocaine often induced seizures in mice."
    ms2 = (_mention(s2, "Cocaine", "Chemical", "A"), _mention(s2, "seizures", "Disease", "B"))
    p = _check(swap_entities(s2, ms2, random.Random(0)), s2)
    assert p.text == "Seizures often induced cocaine in mice."


def test_trim_and_simplify_are_shorter_and_seeded() -> None:
    s = "Thus, these results suggest that drug A (10 mg) lowered blood pressure, which was the main aim."
    clause = trim_clause(s, random.Random(0))
    assert clause == "Thus, these results suggest that drug A (10 mg) lowered blood pressure."
    simple = simplify(s, random.Random(1))
    assert simple is not None and len(simple) < len(s)
    assert simple == simplify(s, random.Random(1))
    assert trim_clause("Too short, and tiny.", random.Random(0)) is None


def test_split_sentences_and_detokenize() -> None:
    text = "Patients (n = 20) received 5 mg/kg, e.g. clonidine vs. placebo. The rate was 3.5%. Smith et al. agreed!"
    spans = split_sentences(text)
    assert [text[a:b] for a, b in spans] == [
        "Patients (n = 20) received 5 mg/kg, e.g. clonidine vs. placebo.",
        "The rate was 3.5%.",
        "Smith et al. agreed!",
    ]
    assert detokenize("The sinoatrial ( SA ) node , in rats .") == "The sinoatrial (SA) node, in rats."
    assert fix_mojibake("4‚Äì6 days") == "4–6 days"
    assert fix_mojibake("plain") == "plain"


@needs_shared
def test_perturbations_on_corpus_sentences() -> None:
    docs = docs_from_pubtator(read_pubtator(SHARED / "biomed/bc5cdr/CDR_TrainingSet.PubTator.txt")[:60], "bc5cdr")
    inv = EntityInventory()
    for d in docs:
        for ms in d.mentions:
            for m in ms:
                inv.add(m.text, m.type, m.ids)
    made = 0
    for d in docs:
        for sentence, mentions in zip(d.sentences, d.mentions, strict=True):
            for m in mentions:
                assert sentence[m.start : m.end] == m.text
            rng = random.Random(len(sentence))
            for p in (
                substitute_entity(sentence, mentions, inv, rng),
                swap_entities(sentence, mentions, rng),
                change_number(sentence, rng),
                flip_direction(sentence, rng),
                flip_negation(sentence, rng),
            ):
                if p is not None:
                    _check(p, sentence)
                    made += 1
    assert made > 200
