from __future__ import annotations

import pytest

from fakes import RuleVerifier
from medhal.detect import CheckItem, DecomposedDetector, NLIClauseDetector
from medhal.detect.signals import SignalConfig, blend, has_negation, unit_signals

EVIDENCE = "A series of 188 patients with 208 ureteral stones were treated. The success rate was 92.7% at 3 months."


def test_novel_tokens_use_prefix_matching() -> None:
    s = unit_signals("Ureteral calculi were treated successfully", EVIDENCE)
    assert s.novel_tokens == ("calculi",)  # "ureteral", "treated" present; "successfully" ~ "success"
    assert s.content_tokens == 4 and s.novel_token_share == pytest.approx(0.25)


def test_novel_numbers() -> None:
    assert unit_signals("The success rate was 92.7%.", EVIDENCE).novel_numbers == ()
    assert unit_signals("The success rate was 97.2% in 188 patients.", EVIDENCE).novel_numbers == ("97.2%",)
    assert unit_signals("The success rate was 97.2%.", EVIDENCE).novelty == 1.0


def test_negation_mismatch() -> None:
    assert has_negation("There were no perforations") and not has_negation("There were perforations")
    assert unit_signals("Stones were not treated", EVIDENCE, best_window=EVIDENCE).negation_mismatch
    assert not unit_signals("Stones were treated", EVIDENCE, best_window=EVIDENCE).negation_mismatch


def test_blend_is_bounded_and_monotone() -> None:
    weak = unit_signals("stones were treated", EVIDENCE)
    strong = unit_signals("kidney calculi were dissolved", EVIDENCE)
    cfg = SignalConfig(0.5)
    assert blend(0.2, strong, cfg) > blend(0.2, weak, cfg)
    assert blend(1.0, unit_signals("not kidney 5", EVIDENCE, EVIDENCE), cfg) == 1.0
    assert blend(0.3, weak, SignalConfig(0.0)) == 0.3
    with pytest.raises(ValueError):
        SignalConfig(1.5)


def test_signals_rank_but_never_change_verdicts() -> None:
    response = "Stones were treated in 188 patients, with a success rate of 99.9%."
    plain = DecomposedDetector(RuleVerifier()).detect(CheckItem(EVIDENCE, response))
    hybrid = DecomposedDetector(RuleVerifier(), signals=0.5).detect(CheckItem(EVIDENCE, response))
    assert [u.verdict for u in plain.units] == [u.verdict for u in hybrid.units]
    assert plain.score == hybrid.score
    assert all(u.signals is None for u in plain.units)
    assert hybrid.units[-1].signals is not None and hybrid.units[-1].signals["novel_numbers"] == ["99.9%"]
    assert hybrid.ranked_units[0].text.endswith("99.9%.")
    clause = NLIClauseDetector(RuleVerifier(), signals=0.5).detect(CheckItem(EVIDENCE, response))
    assert clause.ranked_units[0].text.endswith("99.9%.")
