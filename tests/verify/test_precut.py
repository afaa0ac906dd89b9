"""Cutting over-long pairs before truncation: identical tokens, linear cost (issue 15: a 40k-token pair took 26 s
and 6.6 GB because fast tokenizers build every overflow combination of a truncated pair)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from tokenizers import Tokenizer

from medhal.verify.encoding import CUT_MARGIN, cut_pair, cut_to_tokens
from medhal.verify.loader import EMBEDDED_DIR

from .conftest import requires_hf

LONG_PAIRS = [
    ("患" * 3000, "者" * 2500),
    ("A. " * 900, "B. " * 700),
    ("Metformin lowered HbA1c by 0.8% at 24 weeks. " * 80, "Metformin lowered HbA1c."),
    ("word " * 50, "The dose was 10 mg daily and " * 60),
    ("x" * 5000 + " tail words here " * 200, "hypothesis " * 300),
    ("Equal text. " * 300, "Equal text. " * 300),
]


def _truncating(strategy: str, side: str) -> Any:
    tok = Tokenizer.from_file(str(EMBEDDED_DIR / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(128, strategy=strategy, direction=side)
    return tok


@pytest.mark.parametrize("strategy", ["only_first", "longest_first"])
@pytest.mark.parametrize("side", ["right", "left"])
def test_cut_pairs_truncate_to_the_same_tokens(strategy: str, side: str) -> None:
    plain = Tokenizer.from_file(str(EMBEDDED_DIR / "tokenizer.json"))
    plain.no_truncation()
    plain.no_padding()
    truncating = _truncating(strategy, side)
    for premise, hypothesis in LONG_PAIRS:
        if strategy == "only_first" and len(plain.encode(hypothesis).ids) > 100:
            continue  # only_first cannot cut a pair whose hypothesis alone is over the budget
        enc = plain.encode(premise, hypothesis)
        cut = cut_pair((premise, hypothesis), enc.offsets, enc.sequence_ids, 128, side=side)
        assert len(cut[0]) < len(premise) or len(cut[1]) < len(hypothesis) or len(enc.ids) <= 128 + CUT_MARGIN
        assert truncating.encode(*cut).ids == truncating.encode(premise, hypothesis).ids


def test_cut_to_tokens_keeps_short_texts_and_cuts_at_token_starts() -> None:
    offsets = [(0, 3), (4, 7), (8, 11)]
    assert cut_to_tokens("one two six", offsets, 3) == "one two six"
    assert cut_to_tokens("one two six", offsets, 2) == "one two "
    assert cut_to_tokens("one two six", offsets, 1, side="left") == " six"


def test_embedded_verifier_is_linear_on_a_huge_pair() -> None:
    from medhal.verify import load_verifier

    verifier = load_verifier("embedded:raw")
    huge = [("患" * 20000, "者" * 20000)]
    before = verifier.stats.snapshot()
    probs = verifier.predict(huge)
    assert probs.shape == (1, 3) and np.isclose(probs.sum(), 1.0)
    assert verifier.stats.since(before).truncated == 1


@requires_hf
def test_hf_and_onnx_match_independent_truncation(hf_verifier: Any, onnx_verifier: Any, tiny_dir: Any) -> None:
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    from .test_hf import _by_hand

    model: Any = BertForSequenceClassification.from_pretrained(tiny_dir)
    tokenizer = AutoTokenizer.from_pretrained(tiny_dir)
    pairs = [(p[:4000], h[:1500]) for p, h in LONG_PAIRS]
    rows = []
    with torch.no_grad():
        for premise, hypothesis in pairs:  # transformers' own truncation of the whole pair, no medhal code
            short = len(tokenizer(hypothesis, add_special_tokens=False)["input_ids"]) + 3 < 64
            strategy = "only_first" if short else "longest_first"
            enc = tokenizer([premise], [hypothesis], truncation=strategy, max_length=64, return_tensors="pt")
            rows.append(model.eval()(**enc).logits[0].double().numpy())
    expected = _by_hand(np.stack(rows))
    np.testing.assert_allclose(hf_verifier.predict(pairs), expected, rtol=0, atol=1e-5)
    np.testing.assert_allclose(onnx_verifier.predict(pairs), expected, rtol=0, atol=1e-4)
