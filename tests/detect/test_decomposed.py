from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fakes import RuleVerifier
from medhal.detect import CheckItem, ConfigError, DecomposedDetector, build_library, fed_score
from medhal.text import split_sentences

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EVIDENCE = (EXAMPLES / "transit_evidence.txt").read_text()
RESPONSE = (EXAMPLES / "transit_response.txt").read_text()
RULES = [("Mayor Lena Ortiz said the expansion", "opposed")]


def seed_result(**options: object):  # type: ignore[no-untyped-def]
    verifier = RuleVerifier(RULES)
    options.setdefault("aggregation", "seed")
    detector = DecomposedDetector(verifier, units="sentence", **options)  # type: ignore[arg-type]
    return verifier, detector.detect(CheckItem(EVIDENCE, RESPONSE, id="appB"))


def test_seed_003_appendix_b_audit_trail() -> None:
    verifier, result = seed_result()
    assert result.status == "ok"
    assert [u.verdict for u in result.units] == ["supported", "contradicted", "unsupported"]
    c1, c2, c3 = result.units
    assert c1.score > 0 and c2.score < 0 and c3.score < 0
    assert result.score == 1.0 and result.flagged  # any score <= 0 -> FED = 1 (seed 003 App. B)
    s = split_sentences(EVIDENCE)
    # c2 is contradicted by s3 alone (m = 8); c1's support includes s2
    assert (c2.contradicting.start, c2.contradicting.end) == (s[2].start, s[2].end)
    assert c2.contradicting.sentences == (2, 3) and c2.contradicting.granularity == 8
    assert c1.entailing.start <= s[1].start and s[1].end <= c1.entailing.end
    for u in result.units:
        assert RESPONSE[u.start : u.end] == u.text
        for p in (u.entailing, u.contradicting):
            assert p is not None and EVIDENCE[p.start : p.end] == p.text
    # 15 distinct windows x 3 units, in one verifier call
    assert result.windows == 15 and result.library_entries == 23
    assert result.pairs == result.verifier_passes == 45
    assert len(verifier.calls) == 1 and len(verifier.calls[0]) == 45


def test_response_score_is_fed_of_unit_scores_when_all_supported() -> None:
    verifier = RuleVerifier()
    detector = DecomposedDetector(verifier, units="sentence", aggregation="seed")
    response = "The plan allocates $4.2 million to extend the eastern light-rail line by three stations."
    result = detector.detect(CheckItem(EVIDENCE, response))
    assert all(u.score > 0 for u in result.units)
    assert result.score == pytest.approx(fed_score([u.score for u in result.units]))
    assert result.flagged == (result.score >= 0.5)
    assert result.units[0].verdict == "supported"


def test_pairs_are_deduplicated_across_items_and_sent_once() -> None:
    verifier = RuleVerifier(RULES)
    detector = DecomposedDetector(verifier, units="sentence")
    item = CheckItem(EVIDENCE, RESPONSE)
    first, second = detector.detect_many([item, item])
    assert len(verifier.calls) == 1 and len(verifier.calls[0]) == 45
    assert first.verifier_passes == 45 and second.verifier_passes == 0
    assert first.to_dict(timings=False)["units"] == second.to_dict(timings=False)["units"]


def test_repeated_unit_within_a_response_costs_nothing_extra() -> None:
    verifier = RuleVerifier()
    detector = DecomposedDetector(verifier, units="sentence", aggregation="seed")
    result = detector.detect(CheckItem(EVIDENCE, "The plan was approved. The plan was approved."))
    assert result.pairs == 30 and result.verifier_passes == 15


def test_long_window_policies() -> None:
    # a budget that fits one or two sentences plus the longest unit, but not four
    verifier = RuleVerifier(RULES, max_length=48)
    longest = max(RESPONSE.strip().split(". "), key=len)
    library = build_library(EVIDENCE, split_sentences(EVIDENCE))
    too_long = [
        w for w in library.windows if w.n_sentences > 1 and verifier.pair_lengths([(w.text, longest + ".")])[0] > 48
    ]
    assert 3 <= len(too_long) < 15
    skip = DecomposedDetector(verifier, units="sentence").detect(CheckItem(EVIDENCE, RESPONSE))
    assert skip.skipped_windows == len(too_long)
    assert skip.windows == 15 - len(too_long)
    split = DecomposedDetector(verifier, units="sentence", long_windows="split").detect(CheckItem(EVIDENCE, RESPONSE))
    assert split.skipped_windows == len(too_long) and split.windows >= skip.windows
    trunc = DecomposedDetector(verifier, units="sentence", long_windows="truncate").detect(
        CheckItem(EVIDENCE, RESPONSE)
    )
    assert trunc.windows == 15 and trunc.truncated_pairs > 0
    assert [u.verdict for u in skip.units][1] == "contradicted"


def test_input_errors_become_records_and_others_still_run() -> None:
    detector = DecomposedDetector(RuleVerifier(RULES))
    results = detector.detect_many(
        [CheckItem(EVIDENCE, "  \n"), CheckItem("", RESPONSE), CheckItem(EVIDENCE, RESPONSE)]
    )
    assert [r.status for r in results] == ["input_error", "input_error", "ok"]
    assert results[0].reason == "response is empty" and results[1].reason == "evidence is empty"


def test_claim_units_error_clearly_until_llm_client_lands() -> None:
    with pytest.raises(ConfigError, match="LLM claim extractor"):
        DecomposedDetector(RuleVerifier(), units="claim")
    with pytest.raises(ConfigError):
        DecomposedDetector(RuleVerifier(), long_windows="nope")  # type: ignore[arg-type]


def test_records_are_deterministic() -> None:
    a = DecomposedDetector(RuleVerifier(RULES)).detect(CheckItem(EVIDENCE, RESPONSE)).to_dict(timings=False)
    b = DecomposedDetector(RuleVerifier(RULES)).detect(CheckItem(EVIDENCE, RESPONSE)).to_dict(timings=False)
    assert a == b


PIECES = [
    *"abc XYZ.,;!?\n\t",
    "和",
    "病",
    "。",
    "😀",
    "👩‍⚕️",
    "مرض",
    "é",
    " and ",
    " but ",
    "3.5 mg",
    "e.g. ",
    "\r\n",
]
texts = st.lists(st.sampled_from(PIECES), min_size=1, max_size=60).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(evidence=texts, response=texts, units=st.sampled_from(["clause", "sentence"]))
def test_every_unit_and_window_slices_back(evidence: str, response: str, units: str) -> None:
    detector = DecomposedDetector(RuleVerifier(), units=units)  # type: ignore[arg-type]
    result = detector.detect(CheckItem(evidence, response))
    if not evidence.strip() or not response.strip():
        assert result.status == "input_error"
        return
    assert result.status == "ok" and result.units
    for u in result.units:
        assert response[u.start : u.end] == u.text
        assert u.entailing is not None  # the aligned rule always has its coverage premise
        for p in (u.entailing, u.contradicting):  # an unaligned unit has no contradicting window
            assert p is None or evidence[p.start : p.end] == p.text


def test_max_windows_keeps_the_nested_chain_around_the_best_lexical_match() -> None:
    verifier = RuleVerifier(RULES)
    detector = DecomposedDetector(verifier, units="sentence", max_windows=3, aggregation="seed")
    result = detector.detect(CheckItem(EVIDENCE, RESPONSE))
    assert result.pairs == 9 and result.windows == 15
    assert [u.verdict for u in result.units] == ["supported", "contradicted", "unsupported"]
    c2 = result.units[1]
    assert c2.contradicting is not None and c2.contradicting.sentences == (2, 3)
    # the three windows verified for c2 are s3, the 2-sentence window holding it and the 4-sentence half
    premises = [p for p, h in verifier.calls[0] if h == c2.text]
    assert [p.count(". ") + 1 for p in premises] == [4, 2, 1]
    with pytest.raises(ConfigError):
        DecomposedDetector(verifier, max_windows=0)


def test_superiority_claimed_from_non_inferiority_is_never_supported() -> None:
    evidence = (
        "Methods: In this non-inferiority trial, 1,552 adults with appendicitis were randomly assigned to antibiotics "
        "or appendectomy. Conclusions: Antibiotics were non-inferior to appendectomy for health status at 30 days."
    )
    detector = DecomposedDetector(RuleVerifier())
    faithful = detector.detect(CheckItem(evidence, "Antibiotics were non-inferior to appendectomy at 30 days."))
    assert faithful.units[0].verdict == "supported" and faithful.units[0].cues is not None
    assert faithful.units[0].cues["overstated"] is None
    wrong = detector.detect(CheckItem(evidence, "Antibiotics were superior to appendectomy at 30 days."))
    unit = wrong.units[0]
    assert unit.verdict == "unsupported" and wrong.flagged
    assert unit.cues is not None and unit.cues["overstated"] == (
        "Conclusions: Antibiotics were non-inferior to appendectomy for health status at 30 days."
    )


def test_a_design_the_evidence_denies_is_contradicted_even_when_its_words_recur() -> None:
    evidence = (
        "Methods: This prospective cohort study included 763 adults admitted to intensive care. "
        "Results: Statin use was associated with less delirium the next day. Randomised trials are needed."
    )
    detector = DecomposedDetector(RuleVerifier())
    # "Randomised trials are needed" holds every word of the fragment; the design cue decides it
    result = detector.detect(CheckItem(evidence, "In this randomised trial, statin use was linked to less delirium."))
    first = result.units[0]
    assert first.text == "In this randomised trial," and first.verdict == "contradicted"
    assert first.cues is not None and first.cues["design"] == (
        "Methods: This prospective cohort study included 763 adults admitted to intensive care."
    )


def test_the_verifier_reads_a_list_item_without_its_marker() -> None:
    # round 18: "2. About 7 children needed treatment ..." read at P(E) 0.25, 0.68 without "2. "
    verifier = RuleVerifier()
    detector = DecomposedDetector(verifier, units="sentence")
    evidence = "The number needed to treat was 7. No adverse events related to paracetamol were observed."
    result = detector.detect(CheckItem(evidence, "1. About 7 children needed treatment.\n2. No adverse events."))
    hypotheses = {pair[1] for call in verifier.calls for pair in call}
    assert hypotheses == {"About 7 children needed treatment.", "No adverse events."}
    first, second = result.to_dict(timings=False)["units"]
    # the unit keeps its text; what the verifier read is shown
    assert first["text"] == "1. About 7 children needed treatment."
    assert first["cues"]["read_as"] == "About 7 children needed treatment."
    assert second["text"] == "2. No adverse events." and second["cues"]["read_as"] == "No adverse events."
