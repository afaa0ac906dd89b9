"""Trainer, export and pipeline on a tiny in-process BERT (hidden 32, 2 layers) and word-level tokenizer."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from medhal.data.nli import NLIPair  # noqa: E402
from medhal.train.config import TrainConfig  # noqa: E402
from medhal.train.metrics import agreement, evaluate_pairs, macro_f1  # noqa: E402
from medhal.train.trainer import (  # noqa: E402
    _lr_factor,
    fit,
    length_bucketed_batches,
    nli_loss,
    predict_probabilities,
    save_checkpoint,
)

WORDS = [
    "the",
    "drug",
    "lowered",
    "raised",
    "pressure",
    "in",
    "rats",
    "mice",
    "yes",
    "maybe",
    "no",
    "other",
    "aspirin",
    "fever",
    "patients",
    "children",
    "dose",
    "trial",
    "was",
    "effective",
    ".",
    ",",
]


def tiny_tokenizer() -> Any:
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors

    vocab = {tok: i for i, tok in enumerate(["[PAD]", "[UNK]", "[CLS]", "[SEP]", *WORDS])}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    return transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, pad_token="[PAD]", unk_token="[UNK]", cls_token="[CLS]", sep_token="[SEP]"
    )


def tiny_model(vocab_size: int) -> Any:
    torch.manual_seed(0)
    config = transformers.BertConfig(
        vocab_size=vocab_size,
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
        num_labels=3,
    )
    return transformers.BertForSequenceClassification(config)


def toy_pairs(n: int, seed: int = 0) -> list[NLIPair]:
    """Labels readable from one hypothesis word, so a tiny model can learn them in a few steps."""
    rng = random.Random(seed)
    cue = {"entailment": "yes", "neutral": "maybe", "contradiction": "no", "not_entailment": "other"}
    labels = list(cue)
    out = []
    for _ in range(n):
        label = rng.choice(labels)
        premise = " ".join(rng.choice(WORDS[:8]) for _ in range(rng.randint(3, 12)))
        out.append(NLIPair(premise, f"the drug {cue[label]} .", label, "toy"))  # type: ignore[arg-type]
    return out


def test_nli_loss_matches_hand_computation() -> None:
    logits = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0], [0.0, 0.0, 0.0]])
    targets = torch.tensor([3, 0, 2])
    e = [math.exp(x) for x in (1.0, 2.0, 3.0)]
    ne = -math.log((e[1] + e[2]) / sum(e))
    f = [math.exp(x) for x in (0.5, -1.0, 2.0)]
    ent = -math.log(f[0] / sum(f))
    con = -math.log(1 / 3)
    assert float(nli_loss(logits, targets)) == pytest.approx((ne + ent + con) / 3, rel=1e-6)
    # not_entailment never penalises mass moving between neutral and contradiction
    a = nli_loss(torch.tensor([[0.0, 5.0, -5.0]]), torch.tensor([3]))
    b = nli_loss(torch.tensor([[0.0, -5.0, 5.0]]), torch.tensor([3]))
    assert float(a) == pytest.approx(float(b))


def test_length_bucketed_batches_cover_each_index_once() -> None:
    lengths = [random.Random(i).randint(5, 150) for i in range(203)]
    batches = length_bucketed_batches(lengths, 16, random.Random(1), bucket_batches=4)
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(203))
    assert all(len(b) <= 16 for b in batches)
    assert batches == length_bucketed_batches(lengths, 16, random.Random(1), bucket_batches=4)
    spread = np.mean([max(lengths[i] for i in b) - min(lengths[i] for i in b) for b in batches])
    assert spread < 60  # bucketing keeps lengths in a batch close


def test_curriculum_stages_keep_their_order() -> None:
    lengths = [random.Random(i).randint(5, 150) for i in range(100)]
    batches = length_bucketed_batches(lengths, 8, random.Random(2), bucket_batches=2, stages=(60, 40))
    flat = [i for b in batches for i in b]
    assert sorted(flat) == list(range(100))
    first_stage = [b for b in batches if b[0] < 60]
    assert batches[: len(first_stage)] == first_stage  # every stage-1 batch comes before any stage-2 batch
    assert all(max(b) < 60 or min(b) >= 60 for b in batches)  # no batch mixes stages
    with pytest.raises(ValueError, match="add up"):
        length_bucketed_batches(lengths, 8, random.Random(2), stages=(60, 30))


def test_lr_schedule_warmup_then_decay() -> None:
    assert _lr_factor(0.05, 0.1) == pytest.approx(0.5)
    assert _lr_factor(0.1, 0.1) == pytest.approx(1.0)
    assert _lr_factor(0.55, 0.1) == pytest.approx(0.5)
    assert _lr_factor(1.0, 0.1) == 0.0


def test_fit_decreases_loss(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    pairs = toy_pairs(480)
    config = TrainConfig(
        data_root=tmp_path,
        seed=3,
        minutes=2.0,
        batch_size=8,
        max_length=32,
        learning_rate=1e-2,
        warmup_fraction=0.1,
        freeze_word_embeddings=False,
        log_every=10,
        threads=1,
    )
    model = tiny_model(tokenizer.vocab_size)
    result = fit(model, tokenizer, pairs, config, log=lambda _m: None)
    assert result.steps == 60 and result.stopped_by == "steps" and result.pairs_seen == 480
    assert result.losses[-1] < result.losses[0] - 0.3
    probs = predict_probabilities(model, tokenizer, [(p.premise, p.hypothesis) for p in pairs[:64]], 32)
    assert np.allclose(probs.sum(axis=1), 1.0)
    gold = [{"entailment": 0, "neutral": 1, "contradiction": 2}.get(p.label, -1) for p in pairs[:64]]
    three = [(g, int(p)) for g, p in zip(gold, probs.argmax(axis=1), strict=True) if g >= 0]
    assert np.mean([g == p for g, p in three]) > 0.45  # chance is 1/3


def test_fit_is_seeded(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    config = TrainConfig(data_root=tmp_path, seed=5, max_steps=4, batch_size=8, max_length=32, log_every=1, threads=1)
    runs = [
        fit(tiny_model(tokenizer.vocab_size), tokenizer, toy_pairs(64), config, log=lambda _m: None).losses
        for _ in range(2)
    ]
    assert runs[0] == pytest.approx(runs[1], rel=1e-5)


def test_frozen_word_embeddings_stay_fixed(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    model = tiny_model(tokenizer.vocab_size)
    before = model.bert.embeddings.word_embeddings.weight.detach().clone()
    config = TrainConfig(data_root=tmp_path, max_steps=3, batch_size=8, max_length=32, threads=1, learning_rate=1e-3)
    fit(model, tokenizer, toy_pairs(40), config, log=lambda _m: None)
    assert torch.equal(before, model.bert.embeddings.word_embeddings.weight)


def test_time_budget_stops_training(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    config = TrainConfig(data_root=tmp_path, minutes=1e-9, batch_size=8, max_length=32, threads=1)
    result = fit(tiny_model(tokenizer.vocab_size), tokenizer, toy_pairs(40), config, log=lambda _m: None)
    assert result.stopped_by == "time" and result.steps <= 1


def test_export_int8_onnx_matches_torch(tmp_path: Path) -> None:
    pytest.importorskip("onnxruntime")
    from medhal.train.export import OnnxScorer, export_onnx
    from medhal.train.trainer import FitResult

    tokenizer = tiny_tokenizer()
    model = tiny_model(tokenizer.vocab_size)
    config = TrainConfig(data_root=tmp_path, max_length=32)
    ckpt = tmp_path / "ckpt"
    save_checkpoint(model, tokenizer, ckpt, config, FitResult(0, 0, 0.0, "steps", [], float("nan")))
    pairs = [(p.premise, p.hypothesis) for p in toy_pairs(24)]
    result = export_onnx(ckpt, tmp_path / "out", 32, pairs[:4])
    assert result.max_abs_logit_diff_fp32_onnx < 1e-4
    cfg = json.loads(result.config_path.read_text())
    assert cfg["id2label"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    assert cfg["max_length"] == 32 and cfg["max_position_embeddings"] == 64
    assert cfg["input_names"] == ["input_ids", "attention_mask", "token_type_ids"]
    scorer = OnnxScorer(result.model_path, tmp_path / "out", 32, threads=1)
    int8 = scorer.probabilities(pairs)
    fp32 = predict_probabilities(model, tokenizer, pairs, 32)
    diff = agreement(fp32, int8)
    assert diff["mean_abs_prob_diff"] < 0.05
    assert np.allclose(int8.sum(axis=1), 1.0)


def test_metrics() -> None:
    pairs = [
        NLIPair("p", "h", "entailment", "x"),
        NLIPair("p", "h", "neutral", "x"),
        NLIPair("p", "h", "contradiction", "x"),
        NLIPair("p", "h", "contradiction", "x"),
    ]
    probs = np.array([[0.8, 0.1, 0.1], [0.1, 0.8, 0.1], [0.1, 0.2, 0.7], [0.1, 0.6, 0.3]])
    m = evaluate_pairs(pairs, probs)
    assert m["acc3"] == pytest.approx(0.75) and m["acc2"] == pytest.approx(1.0)
    assert m["macro_f1"] == pytest.approx(macro_f1([0, 1, 2, 2], [0, 1, 2, 1], [0, 1, 2]))
    two = evaluate_pairs([NLIPair("p", "h", "not_entailment", "x")] * 2, probs[:2])
    assert "acc3" not in two and two["acc2"] == pytest.approx(0.5)
    sklearn = pytest.importorskip("sklearn.metrics")
    gold, pred = [0, 1, 2, 2, 1, 0], [0, 2, 2, 1, 1, 1]
    assert macro_f1(gold, pred, [0, 1, 2]) == pytest.approx(sklearn.f1_score(gold, pred, average="macro"))


def test_pipeline_end_to_end_on_tiny_model(tmp_path: Path, fake_data_root: Path) -> None:
    pytest.importorskip("onnxruntime")
    from medhal.train.pipeline import train_verifier

    tokenizer = tiny_tokenizer()
    base = tmp_path / "base"
    tiny_model(tokenizer.vocab_size).save_pretrained(str(base))
    tokenizer.save_pretrained(str(base))
    config = TrainConfig(
        data_root=fake_data_root,
        out_dir=tmp_path / "embedded",
        base_model=base,
        max_steps=4,
        batch_size=8,
        max_length=48,
        threads=1,
        mix_overrides={"synth_bc5cdr": 30, "synth_dev": 10},
    )
    report = train_verifier(config, log=lambda _m: None)
    out = tmp_path / "embedded"
    for name in ("model.onnx", "tokenizer.json", "config.json", "model_card.md", "training_report.json", "mix.json"):
        assert (out / name).is_file(), name
    assert (tmp_path / "embedded-fp32" / "config.json").is_file()
    assert report.steps == 4 and report.onnx_bytes > 0
    assert set(report.dev_metrics_int8) == set(report.dev_metrics_fp32)
    card = (out / "model_card.md").read_text()
    assert "sha256" in card and "nli/sick/SICK.txt" in card
    # a base other than the packaged all-MiniLM-L6-v2 is named as what it is, with no borrowed licence
    assert "Base: the local folder `base`" in card and "all-MiniLM-L6-v2` (Apache-2.0)" not in card
    assert json.loads((out / "config.json").read_text())["base_model"] == "base"
    data = json.loads((out / "training_report.json").read_text())
    assert data["int8_vs_fp32"]["mean_abs_prob_diff"] < 0.05


def test_skip_batches_continues_where_a_run_stopped(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    pairs = toy_pairs(40)  # 5 batches of 8
    base = {"data_root": tmp_path, "batch_size": 8, "max_length": 32, "threads": 1, "log_every": 1}
    first = fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, max_steps=2), lambda _m: None)
    rest = fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, skip_batches=2), lambda _m: None)
    assert first.pairs_seen + rest.pairs_seen == 40 and rest.steps == 3
    with pytest.raises(ValueError, match="leaves no batch"):
        fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, skip_batches=5), lambda _m: None)


def test_epochs_repeat_the_mix_and_begin_as_one_epoch(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    pairs = toy_pairs(40)  # 5 batches of 8 per pass
    base = {"data_root": tmp_path, "batch_size": 8, "max_length": 32, "threads": 1, "log_every": 1}
    one = fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base), lambda _m: None)
    three = fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, epochs=3), lambda _m: None)
    assert (one.steps, one.pairs_seen) == (5, 40) and (three.steps, three.pairs_seen) == (15, 120)
    # same seed: the first pass of the three-epoch run is the one-epoch run's batch order (the LR schedule differs)
    first = fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, max_steps=1), lambda _m: None)
    again = TrainConfig(**base, epochs=3, max_steps=1)
    assert fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, again, lambda _m: None).losses == first.losses
    with pytest.raises(ValueError, match="epochs"):
        fit(tiny_model(tokenizer.vocab_size), tokenizer, pairs, TrainConfig(**base, epochs=0), lambda _m: None)


def test_half_precision_base_trains_in_fp32(tmp_path: Path) -> None:
    tokenizer = tiny_tokenizer()
    model = tiny_model(tokenizer.vocab_size).half()
    config = TrainConfig(data_root=tmp_path, max_steps=2, batch_size=8, max_length=32, threads=1)
    result = fit(model, tokenizer, toy_pairs(40), config, log=lambda _m: None)
    assert all(p.dtype == torch.float32 for p in model.parameters()) and math.isfinite(result.final_loss)


def test_pipeline_continuation_run(tmp_path: Path, fake_data_root: Path) -> None:
    pytest.importorskip("onnxruntime")
    from medhal.train.pipeline import train_verifier

    tokenizer = tiny_tokenizer()
    base = tmp_path / "base"
    tiny_model(tokenizer.vocab_size).save_pretrained(str(base))
    tokenizer.save_pretrained(str(base))
    common = {
        "data_root": fake_data_root,
        "base_model": base,
        "batch_size": 8,
        "max_length": 48,
        "threads": 1,
        "mix_overrides": {"synth_bc5cdr": 30, "synth_dev": 10},
    }
    first = train_verifier(TrainConfig(out_dir=tmp_path / "s1", max_steps=3, export=False, **common), lambda _m: None)
    second = train_verifier(
        TrainConfig(
            out_dir=tmp_path / "s2",
            init_checkpoint=tmp_path / "s1-fp32",
            skip_batches=first.steps,
            max_steps=2,
            **common,
        ),
        lambda _m: None,
    )
    assert second.steps == 2 and second.onnx_bytes > 0
    card = (tmp_path / "s2" / "model_card.md").read_text()
    assert "Continuation run" in card and "Stage 1: 3 steps" in card
    mix1 = json.loads((tmp_path / "s1" / "mix.json").read_text())
    mix2 = json.loads((tmp_path / "s2" / "mix.json").read_text())
    assert mix1["train_sha256"] == mix2["train_sha256"]
    assert "Sensitivity to injected errors" in card


def test_probe_metrics() -> None:
    from medhal.train.metrics import probe_metrics

    orig = np.array([[0.9, 0.05, 0.05], [0.6, 0.3, 0.1], [0.2, 0.7, 0.1]])
    pert = np.array([[0.1, 0.1, 0.8], [0.7, 0.2, 0.1], [0.1, 0.3, 0.6]])
    m = probe_metrics(orig, pert, ["number", "entity", "number"])
    assert m["all"]["rank_acc"] == pytest.approx(2 / 3)
    assert m["all"]["orig_entailed"] == pytest.approx(2 / 3)
    assert m["all"]["pert_contradiction"] == pytest.approx(2 / 3)
    assert m["number"] == {
        "n": 2.0,
        "rank_acc": 1.0,
        "orig_entailed": 0.5,
        "pert_not_entailed": 1.0,
        "pert_contradiction": 1.0,
    }


def test_pipeline_evaluate_only(tmp_path: Path, fake_data_root: Path) -> None:
    pytest.importorskip("onnxruntime")
    from medhal.train.pipeline import train_verifier

    tokenizer = tiny_tokenizer()
    base = tmp_path / "base"
    tiny_model(tokenizer.vocab_size).save_pretrained(str(base))
    tokenizer.save_pretrained(str(base))
    trained = TrainConfig(
        data_root=fake_data_root,
        out_dir=tmp_path / "emb",
        base_model=base,
        batch_size=8,
        max_length=48,
        threads=1,
        max_steps=3,
        minutes=7.0,
        export=False,
        mix_overrides={"synth_bc5cdr": 30, "synth_dev": 10},
    )
    first = train_verifier(trained, lambda _m: None)
    weights = tmp_path / "emb-fp32" / "model.safetensors"
    stamp = weights.stat().st_mtime_ns
    messages: list[str] = []
    again = train_verifier(
        TrainConfig(data_root=fake_data_root, out_dir=tmp_path / "emb", evaluate_only=True, threads=1),
        messages.append,
    )
    assert weights.stat().st_mtime_ns == stamp  # never retrained nor re-saved
    assert any(m.startswith("evaluate-only: loading") for m in messages)
    assert not any(m.startswith("step ") or "saved fp32 checkpoint" in m for m in messages)
    assert again.steps == first.steps == 3 and again.onnx_bytes > 0
    for name, metrics in first.dev_metrics_fp32.items():
        assert again.dev_metrics_fp32[name] == pytest.approx(metrics, rel=1e-5)
    card = (tmp_path / "emb" / "model_card.md").read_text()
    assert "wall-clock fraction of 7 min" in card and "max_length 48" in card
    data = json.loads((tmp_path / "emb" / "training_report.json").read_text())
    assert "evaluate_only_rerun" in data["extra"] and "training_run_total_wall_seconds" in data["extra"]
