"""Faithful restatements and their wrong twins (medhal.synthesis.restate)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from medhal.data.pubtator import read_pubtator
from medhal.synthesis.pairs import SynthDoc, docs_from_pubtator
from medhal.synthesis.restate import RESTATEMENTS, restate, restate_pairs

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
needs_shared = pytest.mark.skipif(not (SHARED / "biomed").is_dir(), reason="../shared/data is absent")


def _family(family: str, text: str) -> str:
    """Apply the first matching rewrite of one family, as restate() would with that family alone."""
    for pattern, repl in RESTATEMENTS[family]:
        m = pattern.search(text)
        if m:
            new = repl(m) if callable(repl) else m.expand(repl)
            return " ".join((text[: m.start()] + new + text[m.end() :]).split())
    return text


@pytest.mark.parametrize(
    ("family", "before", "after"),
    [
        ("number_words", "We enrolled 12 patients with sepsis.", "We enrolled twelve patients with sepsis."),
        ("number_words", "Follow-up lasted three years in all.", "Follow-up lasted 3 years in all."),
        ("units", "Patients took 500 mg twice daily.", "Patients took 0.5 g twice daily."),
        ("units", "A dose of 0.25 g was given.", "A dose of 250 mg was given."),
        ("units", "Response rate was 12% overall.", "Response rate was 12 percent overall."),
        ("negation", "Metformin did not reduce mortality.", "Metformin failed to reduce mortality."),
        ("negation", "Age was not associated with relapse.", "Age showed no association with relapse."),
        ("lay", "The rate of myocardial infarction fell.", "The rate of heart attack fell."),
        (
            "order",
            "In elderly patients, the drug lowered blood pressure.",
            "The drug lowered blood pressure in elderly patients.",
        ),
    ],
)
def test_each_family_preserves_the_meaning(family: str, before: str, after: str) -> None:
    assert _family(family, before) == after


def test_mass_conversion_only_where_exact() -> None:
    # 150 mg is not a round number of grams in this table; 12 g is a heavy dose written as such
    assert _family("units", "It was 150 mg.") == "It was 150 mg."
    assert _family("units", "It was 12 g.") == "It was 12 g."
    assert _family("units", "It was 5 mg/kg.") == "It was 5 mg/kg."


def test_hedge_kept_under_negation() -> None:
    rng = random.Random(0)
    for _ in range(50):
        text, used = restate("The drug did not significantly reduce pain at 12 weeks.", rng)
        assert "hedges" not in used
        assert "significantly" in text or "significant" in text


def test_restate_is_seeded() -> None:
    s = "In adults with hypertension, 20 mg of the drug significantly reduced renal events in 12 patients."
    assert restate(s, random.Random(4)) == restate(s, random.Random(4))
    text, used = restate(s, random.Random(4))
    assert used and text != s


def _tiny() -> list[SynthDoc]:
    sentences = (
        "In adults with hypertension, lisinopril lowered systolic pressure by 12 mmHg.",
        "The drug did not reduce renal events in 40 patients over two years.",
        "Cough was associated with treatment in 8% of participants.",
        "Serum potassium increased slightly in the treated group.",
    )
    return [SynthDoc(f"d{i}", "tiny", sentences, ((),) * len(sentences)) for i in range(3)]


def test_tiny_corpus_pairs() -> None:
    pairs = restate_pairs(_tiny(), 60, seed=3)
    assert pairs == restate_pairs(_tiny(), 60, seed=3)
    kinds = Counter((p.kind, p.pair.label) for p in pairs)
    assert set(kinds) <= {("restated", "entailment"), ("restated_twin", "contradiction"), ("same_doc", "neutral")}
    assert kinds[("restated", "entailment")] and kinds[("restated_twin", "contradiction")]
    for a, b in itertools.pairwise(pairs):
        if b.kind == "restated_twin":  # the twin follows its faithful restatement on the same premise
            assert a.kind == "restated" and a.pair.premise == b.pair.premise
            assert a.pair.hypothesis != b.pair.hypothesis
    for p in pairs:
        if p.kind == "restated":
            assert p.rewrites and p.pair.hypothesis not in p.pair.premise
        if p.kind == "same_doc":  # the premise never holds the hypothesis' sentence
            assert p.pair.hypothesis not in p.pair.premise


@needs_shared
def test_corpus_mix_shares() -> None:
    docs = docs_from_pubtator(read_pubtator(SHARED / "biomed/bc5cdr/CDR_DevelopmentSet.PubTator.txt"), "bc5cdr")
    pairs = restate_pairs(docs, 300, seed=7)
    labels = Counter(p.pair.label for p in pairs)
    assert 290 <= len(pairs) <= 301
    assert labels["entailment"] > labels["contradiction"] > labels["neutral"] > 30
    assert len({f for p in pairs for f in p.rewrites}) == len(RESTATEMENTS)
