"""Rounds 98-99 (48 texts written blind after round 97's rules: returning-traveller fever, prostatitis, hypospadias,
Perthes disease, fibromyalgia, peripheral neuropathy, growth hormone and minor surgery letters; ingrown toenail,
sciatica, OCD, lung nodule, hand clinic, hyperhidrosis, polycystic kidney and vertigo letters): their false cues
mended at their cause."""

from __future__ import annotations

from medhal.text.effects import unnamed_outcome
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.synonyms import alignment_tokens


def test_rather_than_reaches_over_an_article_to_its_noun() -> None:
    plan = "- Open appointment for 6 months; no routine follow-up booked."
    unit = "and has an open appointment for 6 months rather than a routine follow-up."
    assert negated_stems(unit) == {"routi"}
    assert flips_negation(unit, plan) is None
    # and governs no further than its first word: "instead of hCG | to lower OHSS risk" denies no lowering
    assert negated_stems("with triptorelin 0.2 mg instead of hCG to lower OHSS risk.") == set()


def test_nerve_signals_are_amplitudes() -> None:
    evidence = (
        "NCS/EMG: reduced sural and superficial peroneal SNAP amplitudes bilaterally; mildly reduced peroneal CMAP"
    )
    unit = "Your nerve conduction tests showed reduced signals in the sensory nerves of both legs"
    assert unnamed_outcome(unit, evidence, alignment_tokens(evidence)) is None
    assert (
        unnamed_outcome("Pregabalin improved sleep quality.", evidence, alignment_tokens(evidence)) == "sleep quality"
    )
