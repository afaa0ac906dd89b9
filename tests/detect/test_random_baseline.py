from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from medhal.bench.localization.metrics import hit_at_k_score, random_baseline_score
from medhal.data.medhal_loc import read_medhal_loc
from medhal.detect.base import Detector
from medhal.detect.kg import RuleTripleExtractor
from medhal.detect.random_baseline import RandomDetector, uniform_draws
from medhal.detect.records import CheckItem
from medhal.detect.units import ConfigError
from medhal.text import split_clauses, split_sentences

DEV = Path(__file__).resolve().parents[3] / "shared" / "data" / "medhal_loc" / "controlled_dev.jsonl"

EVIDENCE = "Metformin reduced HbA1c. Weight did not change."
RESPONSE = "Metformin reduced HbA1c, and weight fell. Lactic acidosis was common. Most patients improved."


def test_deterministic_and_order_independent() -> None:
    items = [CheckItem(EVIDENCE, RESPONSE, id=str(i)) for i in range(5)]
    a = RandomDetector(units="sentence", seed=7).detect_many(items)
    b = RandomDetector(units="sentence", seed=7).detect_many(items[::-1])[::-1]
    assert [r.to_dict(timings=False) for r in a] == [r.to_dict(timings=False) for r in b]
    assert isinstance(RandomDetector(), Detector)
    # the id, the text and the seed all change the draw
    assert len({tuple(u.score for u in r.units) for r in a}) == 5
    other = RandomDetector(units="sentence", seed=8).detect(items[0])
    assert [u.score for u in other.units] != [u.score for u in a[0].units]
    assert uniform_draws(7, items[0], 3) == [u.score for u in a[0].units] + [a[0].score]


def test_units_and_scores() -> None:
    result = RandomDetector(units="clause", threshold=0.3).detect(CheckItem(EVIDENCE, RESPONSE, id="x"))
    assert result.status == "ok" and result.detector == "random" and result.verifier_id is None
    assert [u.text for u in result.units] == [c.text for c in split_clauses(RESPONSE)]
    for u in result.units:
        assert u.kind == "clause" and RESPONSE[u.start : u.end] == u.text
        assert 0.0 <= u.score < 1.0 and u.suspicion == u.score and u.p_entail is None
        assert u.verdict == ("unsupported" if u.score >= 0.3 else "supported")
    assert result.score is not None and result.flagged == (result.score >= 0.3)
    assert result.config == {"units": "clause", "seed": 0, "threshold": 0.3}
    sentences = RandomDetector(units="sentence").detect(CheckItem(EVIDENCE, RESPONSE))
    assert [u.text for u in sentences.units] == [s.text for s in split_sentences(RESPONSE)]
    triples = RandomDetector(units="triple").detect(CheckItem(EVIDENCE, RESPONSE))
    assert [u.text for u in triples.units] == [t.span.text for t in RuleTripleExtractor().extract(RESPONSE)]
    assert triples.units and all(u.kind == "triple" for u in triples.units)
    assert triples.config["extractor"] == "rule"


def test_errors() -> None:
    assert RandomDetector().detect(CheckItem("", RESPONSE)).status == "input_error"
    with pytest.raises(ConfigError, match="unknown unit kind"):
        RandomDetector(units="claim")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="extractor"):
        RandomDetector(units="clause", extractor=RuleTripleExtractor())


def test_top_unit_is_roughly_uniform() -> None:
    detector = RandomDetector(units="sentence", seed=3)
    n = 2000
    top = Counter()
    for i in range(n):
        result = detector.detect(CheckItem(EVIDENCE, "A one. B two. C three. D four.", id=f"item-{i}"))
        top[result.ranked_units[0].index] += 1
    assert sorted(top) == [0, 1, 2, 3]
    # each share ~ 0.25; binomial SD ~ 0.0097, allow > 4 SD
    assert all(abs(c / n - 0.25) < 0.04 for c in top.values()), top
    flagged = sum(bool(detector.detect(CheckItem(EVIDENCE, RESPONSE, id=str(i))).flagged) for i in range(n))
    assert abs(flagged / n - 0.5) < 0.05


@pytest.mark.skipif(not DEV.is_file(), reason="MedHal-Loc dev file not present")
def test_empirical_hit_at_1_matches_the_analytic_random_baseline() -> None:
    items = read_medhal_loc(DEV)
    gold = [i.gold_span for i in items]
    checks = [CheckItem(i.evidence, i.hallucinated_text, i.question, i.id) for i in items]
    hits, rand = [], None
    for seed in range(40):
        results = RandomDetector(units="clause", seed=seed).detect_many(checks)
        ranked = [[u.text for u in r.ranked_units] for r in results]
        hits.append(hit_at_k_score(gold, ranked))
        rand = random_baseline_score(gold, ranked)  # seed 000 eq. 3, the same for every seed
    assert rand is not None
    mean_hit = sum(hits) / len(hits)
    print(f"\nrandom clause ranking on MedHal-Loc dev: mean hit@1 {mean_hit:.3f} over 40 seeds, rand {rand:.3f}")
    # SD of one seed's hit@1 <= 0.05, of the 40-seed mean <= 0.008
    assert abs(mean_hit - rand) < 0.03
