from __future__ import annotations

import math

import pytest

from medhal.bench.agreement.compute import compute_agreement, summarize_audit
from medhal.bench.agreement.spans import covered_units, locate_span


def test_locate_span() -> None:
    text = "The drug  Lowers blood pressure."
    assert locate_span(text, "lowers") == (10, 16)
    assert locate_span(text, "drug lowers") == (4, 16)  # whitespace-tolerant fallback
    assert locate_span(text, "raises") is None
    assert locate_span(text, "  ") is None


def test_covered_units_whitespace_and_content() -> None:
    text = "Aspirin reduces pain, not fever."
    c = covered_units(text, [("duces pain", "contradictory"), ("pain, not", "invented"), ("missing", "x")])
    assert c.units == frozenset({1, 2, 3})  # partial overlap covers the token
    assert c.types == {1: "contradictory", 2: "contradictory", 3: "invented"}  # first span wins
    assert c.unlocated == 1
    w = covered_units(text, [("reduces pain", "contradictory")], tokens="content")
    assert w.units == frozenset({"reduces", "pain"})
    with pytest.raises(ValueError, match="unknown tokens"):
        covered_units(text, [], tokens="chars")  # type: ignore[arg-type]


ANSWERS = {"x1": "one two three four", "x2": "alpha beta gamma", "x3": "no error here"}
ANNOTATIONS = {
    "A": {"x1": [("one two", "contradictory")], "x2": [("alpha", "invented")], "x3": []},
    "B": {"x1": [("two three", "contradictory")], "x2": [("alpha beta", "unverifiable")], "x3": []},
    "C": {"x1": [("one two three", "contradictory")], "x2": [("alpha", "invented")]},  # x3 not annotated
}


def test_compute_agreement_by_hand() -> None:
    r = compute_agreement(ANSWERS, ANNOTATIONS)
    pairs = {f"{p.a}-{p.b}": p for p in r.pairs}
    # x1: A{0,1} B{1,2} C{0,1,2}; x2: A{0} B{0,1} C{0}; x3: A{} B{} (C missing)
    assert pairs["A-B"].span_f1 == pytest.approx((0.5 + 2 / 3 + 1.0) / 3)
    assert pairs["A-B"].both_empty == 1 and pairs["A-B"].items == 3
    assert pairs["A-C"].span_f1 == pytest.approx((0.8 + 1.0) / 2) and pairs["A-C"].missing == 1
    assert pairs["B-C"].span_f1 == pytest.approx((0.8 + 2 / 3) / 2)
    assert r.span_f1 == pytest.approx(sum(p.span_f1 for p in r.pairs) / 3)
    assert r.missing == {"A": 0, "B": 0, "C": 1}
    # Fleiss subjects: x1 token 1 (all contradictory), x2 token 0 (invented, unverifiable, invented)
    assert r.fleiss_subjects == 2
    p_bar = (1.0 + 1 / 3) / 2
    p = {"contradictory": 3 / 6, "invented": 2 / 6, "unverifiable": 1 / 6}
    p_e = sum(v * v for v in p.values())
    assert r.fleiss_kappa == pytest.approx((p_bar - p_e) / (1 - p_e))
    items = {i.id: i for i in r.items}
    assert math.isnan(items["x1"].fleiss_kappa)  # one type only: undefined
    assert items["x3"].fleiss_subjects == 0 and items["x3"].pair_f1 == {"A-B": 1.0}
    assert items["x2"].units == {"A": 1, "B": 2, "C": 1}
    # the none-rated diagnostic counts every token anyone marked
    assert r.fleiss_subjects_with_none == 3 + 2
    assert r.summary()["pairs"]["A-B"]["both_empty"] == 1


def test_compute_needs_two_annotators() -> None:
    with pytest.raises(ValueError, match="two annotators"):
        compute_agreement(ANSWERS, {"A": ANNOTATIONS["A"]})


def test_summarize_audit() -> None:
    rows = [
        ("x1", [("one two", "Y", "Y"), ("three", "N", "")], False),
        ("x2", [("alpha", "P", "N")], True),
        ("x3", [("no", "N", "Y")], False),
        ("x4", [("zzz", "", "")], False),
    ]
    s = summarize_audit(rows, ANNOTATIONS)
    assert (s.rows, s.spans, s.accepted, s.partial, s.rejected, s.unjudged) == (4, 5, 1, 1, 2, 1)
    assert (s.items_accepted, s.items_partial, s.items_rejected, s.items_unjudged) == (1, 1, 1, 1)
    assert (s.type_correct, s.type_judged, s.missed_errors) == (2, 3, 1)
    assert s.from_annotator == {"A": 2, "B": 0, "C": 1}
    assert s.as_dict()["judged_spans"] == 4
