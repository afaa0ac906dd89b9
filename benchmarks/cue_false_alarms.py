"""How often the deterministic null-finding, reversed-comparison, unnamed-subject, unnamed-outcome, design (and timing),
reversed-advice, one-group-only, subgroup-effect, equally-well, denied-in-numbers, duration-by-group, absence-denied,
survival-end-point, share-in-words, relative-change-in-words (these three against every sentence, where the checker
reads only the aligned ones: an upper bound), measure-figure, grade-certainty, most-common, effect-unshown,
moved-count, excluded-population, premature-use and denied-assertion cues would fire on faithful text (and how often
advice is read as the answer's own, never supported): each clause of PubMedQA's expert-labelled conclusions
(``LONG_ANSWER``, written by the abstracts' authors) read against every sentence of its own abstract (``CONTEXTS``).
The conclusions are faithful by construction, so every firing is a false alarm. Target: 0 (the cues trade recall for
precision: a faithful clause marked contradicted is the worst error a report can make).
PubMedQA is evaluation-only data; nothing is tuned on it.

    python benchmarks/cue_false_alarms.py ../shared/data/pubmedqa/ori_pqal.json [--show 10]

Prints the clauses read, the clauses each cue can fire on (asserting an effect; comparing a named group), the
firings, their rate, and the first ``--show`` firings of each with the sentence that fired.  A second pass reads
the clauses of every abstract sentence that compares a named group against the sentences of its own abstract (the
abstract's own words are faithful to it too; more comparisons in words and in figures than the conclusions hold).
A last pass reads the denied-assertion cue (:func:`medhal.text.negation.flips_negation`) on the conclusion clauses
and on the clauses of every abstract sentence, each against the sentences of its own abstract.  An abstract's
background may state what its results deny ("X is associated with Y" against "in this cohort X was not associated
with Y"), so a firing there is not always a false alarm: the firings are printed to be read.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sized
from pathlib import Path

from medhal.text import split_clauses, split_sentences
from medhal.text.certainty import certainty_conflicts
from medhal.text.comparisons import comparison_conflict, trial_arms, unit_comparison
from medhal.text.designs import design_conflict
from medhal.text.durations import duration_conflict
from medhal.text.effects import unnamed_outcome
from medhal.text.endpoints import endpoint_conflicts
from medhal.text.exclusions import excluded_population
from medhal.text.exclusive import absence_denied, exclusive_conflict
from medhal.text.findings import asserts_effect, names, null_finding
from medhal.text.measures import measure_conflicts
from medhal.text.modification import modification_conflict
from medhal.text.moved_counts import moved_count
from medhal.text.negation import flips_negation
from medhal.text.null_denied import denied_in_numbers, denied_null
from medhal.text.quantifiers import share_conflicts
from medhal.text.ratios import ratio_conflicts
from medhal.text.recommendations import premature_use, reversed_advice, unadvised
from medhal.text.significance import unshown_effect
from medhal.text.superlatives import superlative_conflict
from medhal.text.synonyms import alignment_tokens
from medhal.text.unnamed import unnamed_subject


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pubmedqa", type=Path, help="PubMedQA's ori_pqal.json")
    parser.add_argument("--show", type=int, default=10, help="how many firings to print")
    args = parser.parse_args()
    items = json.loads(args.pubmedqa.read_text(encoding="utf-8"))
    clauses = asserting = comparing = 0
    firings: list[tuple[str, str]] = []
    reversed_firings: list[tuple[str, str]] = []
    for item in items.values():
        sentences = [s.text for s in split_sentences(" ".join(item["CONTEXTS"]))]
        arms = trial_arms(" ".join(item["CONTEXTS"]))
        findings = [(s, f) for s in sentences if (f := null_finding(s)) is not None]
        for clause in split_clauses(item["LONG_ANSWER"]):
            clauses += 1
            if unit_comparison(clause.text) is not None:
                comparing += 1
                hit = next((s for s in sentences if comparison_conflict(clause.text, s, arms)), None)
                if hit is not None:
                    reversed_firings.append((clause.text, hit))
            if not asserts_effect(clause.text):
                continue
            asserting += 1
            hit = next((s for s, f in findings if names(clause.text, f)), None)
            if hit is not None:
                firings.append((clause.text, hit))
    print(f"abstracts {len(items)}  clauses {clauses}  asserting an effect {asserting}")
    print(f"null-finding cue fired on {len(firings)} faithful clauses ({len(firings) / max(1, clauses):.2%})")
    for clause_text, sentence in firings[: args.show]:
        print(f"  clause:   {clause_text}\n  sentence: {sentence}")
    print(f"clauses comparing a named group {comparing}")
    print(
        f"reversed-comparison cue fired on {len(reversed_firings)} faithful clauses "
        f"({len(reversed_firings) / max(1, clauses):.2%})"
    )
    for clause_text, sentence in reversed_firings[: args.show]:
        print(f"  clause:   {clause_text}\n  sentence: {sentence}")
    # the unnamed-subject, unnamed-outcome and design cues read each clause against its own abstract in one pass
    unnamed: list[tuple[str, str]] = []
    unnamed_changes: list[tuple[str, str]] = []
    designs: list[tuple[str, str]] = []
    advised: list[tuple[str, str]] = []
    sentence_cues = {
        "one-group-only": exclusive_conflict,
        "subgroup-effect": modification_conflict,
        "equally-well": denied_null,
        "denied-in-numbers": denied_in_numbers,
        "duration-by-group": duration_conflict,
        "absence-denied": absence_denied,
        # read by the checker against aligned sentences only; here against every sentence, an upper bound
        "survival-end-point": _fires(endpoint_conflicts),
        "share-in-words": _fires(share_conflicts),
        "relative-change-in-words": _fires(ratio_conflicts),
    }
    by_sentence: dict[str, list[tuple[str, str]]] = {name: [] for name in sentence_cues}
    excluded: list[tuple[str, str]] = []
    premature: list[tuple[str, str]] = []
    measured: list[tuple[str, str]] = []
    graded: list[tuple[str, str]] = []
    ranked: list[tuple[str, str]] = []
    unadvised_units: list[tuple[str, str]] = []
    unshown: list[tuple[str, str]] = []
    moved: list[tuple[str, str]] = []
    for item in items.values():
        context = " ".join(item["CONTEXTS"])
        named = alignment_tokens(context)
        sentences = [s.text for s in split_sentences(context)]
        arms = trial_arms(context)
        for clause in split_clauses(item["LONG_ANSWER"]):
            stated = design_conflict(clause.text, sentences)
            if stated is not None:
                designs.append((clause.text, sentences[stated]))
            reversed_at = reversed_advice(clause.text, sentences)
            if reversed_at is not None:
                advised.append((clause.text, sentences[reversed_at]))
            for name, cue in sentence_cues.items():
                hit = next((s for s in sentences if cue(clause.text, s)), None)
                if hit is not None:
                    by_sentence[name].append((clause.text, hit))
            for found_at, bucket in (
                (excluded_population(clause.text, sentences), excluded),
                (premature_use(clause.text, sentences), premature),
                (_measure_at(clause.text, sentences), measured),
                (_certainty_at(clause.text, sentences), graded),
                (superlative_conflict(clause.text, sentences), ranked),
                (unshown_effect(clause.text, sentences), unshown),
                (moved_count(clause.text, sentences, arms), moved),
            ):
                if found_at is not None:
                    bucket.append((clause.text, sentences[found_at]))
            if unadvised(clause.text, sentences):  # never supported, flags nothing: counted apart
                unadvised_units.append((clause.text, "(no evidence sentence says what to do)"))
            subject = unnamed_subject(clause.text, context, named)
            if subject is not None:
                unnamed.append((clause.text, subject))
            outcome = unnamed_outcome(clause.text, context, named)
            if outcome is not None:
                unnamed_changes.append((clause.text, outcome))
    for name, found, label in (
        ("unnamed-subject", unnamed, "subject: "),
        ("unnamed-outcome", unnamed_changes, "outcome: "),
        ("design", designs, "sentence:"),
        ("reversed-advice", advised, "sentence:"),
        *((name, found, "sentence:") for name, found in by_sentence.items()),
        ("excluded-population", excluded, "sentence:"),
        ("premature-use", premature, "sentence:"),
        ("measure-figure", measured, "sentence:"),
        ("grade-certainty", graded, "sentence:"),
        ("most-common", ranked, "sentence:"),
        ("effect-unshown", unshown, "sentence:"),
        ("moved-count", moved, "sentence:"),
        ("unadvised (never supported, not contradicted)", unadvised_units, "         "),
    ):
        print(f"{name} cue fired on {len(found)} faithful clauses ({len(found) / max(1, clauses):.2%})")
        for clause_text, phrase in found[: args.show]:
            print(f"  clause:   {clause_text}\n  {label} {phrase}")
    own, own_firings = 0, list[tuple[str, str]]()
    for item in items.values():
        sentences = [s.text for s in split_sentences(" ".join(item["CONTEXTS"]))]
        arms = trial_arms(" ".join(item["CONTEXTS"]))
        for clause in (c for s in sentences for c in split_clauses(s)):
            if unit_comparison(clause.text) is None:
                continue
            own += 1
            hit = next((s for s in sentences if comparison_conflict(clause.text, s, arms)), None)
            if hit is not None:
                own_firings.append((clause.text, hit))
    print(
        f"abstract clauses comparing a named group {own}; reversed-comparison cue fired on {len(own_firings)} "
        f"({len(own_firings) / max(1, own):.2%})"
    )
    for clause_text, sentence in own_firings[: args.show]:
        print(f"  clause:   {clause_text}\n  sentence: {sentence}")
    _denied_pass(items, args.show)


def _fires(conflicts: Callable[[str, str], Sized]) -> Callable[[str, str], bool]:
    """A cue returning its conflicts read as whether it fires."""

    def fired(clause: str, sentence: str) -> bool:
        return len(conflicts(clause, sentence)) > 0

    return fired


def _certainty_at(clause: str, sentences: list[str]) -> int | None:
    """The sentence whose GRADE level the clause's contradicts (:func:`certainty_conflicts`), or ``None``."""
    found = certainty_conflicts(clause, sentences)
    return None if found is None else found[1]


def _measure_at(clause: str, sentences: list[str]) -> int | None:
    """The sentence whose figure of a measure the clause's contradicts (:func:`measure_conflicts`), or ``None``."""
    found = measure_conflicts(clause, sentences)
    return None if found is None else found[1]


def _denied_pass(items: dict[str, dict[str, object]], show: int) -> None:
    """The denied-assertion cue on the conclusion clauses and on the abstracts' own clauses."""
    for name in ("conclusion", "abstract"):
        read, fired = 0, list[tuple[str, str]]()
        for item in items.values():
            contexts = item["CONTEXTS"]
            assert isinstance(contexts, list)
            sentences = [s.text for s in split_sentences(" ".join(contexts))]
            source = [str(item["LONG_ANSWER"])] if name == "conclusion" else sentences
            for clause in (c for text in source for c in split_clauses(text)):
                read += 1
                hit = next((s for s in sentences if flips_negation(clause.text, s) is not None), None)
                if hit is not None:
                    fired.append((clause.text, hit))
        print(f"denied-assertion cue fired on {len(fired)} of {read} {name} clauses ({len(fired) / max(1, read):.2%})")
        for clause_text, sentence in fired[:show]:
            print(f"  clause:   {clause_text}\n  sentence: {sentence}")


if __name__ == "__main__":
    main()
