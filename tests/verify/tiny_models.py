"""Tiny, seeded NLI cross-encoders built in-process for the verifier tests and the throughput benchmark.

Nothing is downloaded: a ~100-word WordLevel tokenizer (one whitespace-separated word = one token) and a
2-layer BERT with hidden size 32.  Needs torch and transformers; ONNX export needs ``torch.onnx``.
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
_WORD_TEXT = """
the a an patient patients has had have was were is are not no denies with without of and or to in on
for at by from after before since daily twice weekly mg ml dose doses tablet tablets fever cough pain
chest abdominal headache nausea vomiting rash dyspnea fatigue heart rate blood pressure glucose oxygen
saturation high low normal elevated reduced stable acute chronic history diabetes hypertension asthma
pneumonia sepsis infection aspirin insulin metformin warfarin amoxicillin lisinopril started stopped
continued increased decreased prescribed allergic allergy penicillin admitted discharged days weeks
years old male female mother father
"""
WORDS = _WORD_TEXT.split()
VOCAB = SPECIALS + WORDS
MAX_POSITIONS = 64
NON_CANONICAL_3 = {0: "contradiction", 1: "entailment", 2: "neutral"}
"""Deliberately not medhal's column order, so a missing reorder shows up."""
BINARY = {0: "entailment", 1: "not_entailment"}


def build_tokenizer() -> Any:
    """A ``PreTrainedTokenizerFast`` over :data:`VOCAB` with a BERT pair template ([CLS] a [SEP] b [SEP])."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast

    vocab = {word: index for index, word in enumerate(VOCAB)}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.post_processor = processors.BertProcessing(("[SEP]", vocab["[SEP]"]), ("[CLS]", vocab["[CLS]"]))
    tokenizer_cls: Any = PreTrainedTokenizerFast
    return tokenizer_cls(
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        model_max_length=MAX_POSITIONS,
        model_input_names=["input_ids", "token_type_ids", "attention_mask"],
    )


def build_model(
    directory: Path, *, seed: int = 0, id2label: Mapping[int, str] = NON_CANONICAL_3, hidden: int = 32
) -> Path:
    """Save a seeded tiny ``BertForSequenceClassification`` and its tokenizer into ``directory``."""
    import torch
    from transformers import BertConfig, BertForSequenceClassification

    directory.mkdir(parents=True, exist_ok=True)
    build_tokenizer().save_pretrained(directory)
    labels = {int(k): v for k, v in id2label.items()}
    config_cls: Any = BertConfig
    config = config_cls(
        vocab_size=len(VOCAB),
        hidden_size=hidden,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=37,
        max_position_embeddings=MAX_POSITIONS,
        num_labels=len(labels),
        id2label=labels,
        label2id={v: k for k, v in labels.items()},
        initializer_range=0.2,
        pad_token_id=0,
    )
    torch.manual_seed(seed)
    model_cls: Any = BertForSequenceClassification
    model = model_cls(config).eval()
    model.save_pretrained(directory)
    return directory


def export_onnx(directory: Path, target: Path | None = None) -> str:
    """Export the model saved in ``directory`` to ``target`` (default ``directory/model.onnx``).

    Tries the TorchScript exporter (``dynamo=False``, fast) and falls back to the ``torch.export``-based one.
    Returns which exporter worked; raises the last error when neither does.
    """
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    target = target or directory / "model.onnx"
    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(directory).eval()
    tokenizer = AutoTokenizer.from_pretrained(directory)
    enc = tokenizer(["the patient has fever", "no"], ["patient has fever", "a b"], padding=True, return_tensors="pt")
    args = (enc["input_ids"], enc["attention_mask"], enc["token_type_ids"])
    names = ["input_ids", "attention_mask", "token_type_ids"]
    errors: list[BaseException] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            torch.onnx.export(
                model,
                args,
                str(target),
                input_names=names,
                output_names=["logits"],
                dynamic_axes={**{n: {0: "batch", 1: "sequence"} for n in names}, "logits": {0: "batch"}},
                opset_version=17,
                dynamo=False,
            )
            return "torchscript"
        except Exception as exc:
            errors.append(exc)
        try:
            batch, seq = torch.export.Dim("batch"), torch.export.Dim("sequence", max=MAX_POSITIONS)
            torch.onnx.export(
                model,
                (),
                str(target),
                kwargs=dict(zip(names, args, strict=True)),
                input_names=names,
                output_names=["logits"],
                dynamic_shapes={n: {0: batch, 1: seq} for n in names},
                dynamo=True,
            )
            return "dynamo"
        except Exception as exc:
            errors.append(exc)
    raise RuntimeError(f"ONNX export failed: {'; '.join(f'{type(e).__name__}: {e}' for e in errors)}")


def rewrite_config(directory: Path, **changes: object) -> None:
    """Update keys of ``directory/config.json`` in place."""
    path = directory / "config.json"
    config = json.loads(path.read_text())
    config.update(changes)
    path.write_text(json.dumps(config, indent=2))


_SUBJECTS = ["the patient", "a 54 years old male patient", "the mother", "patient", "a female patient"]
_FINDINGS = [
    "has fever and cough",
    "has chest pain",
    "denies headache",
    "was started on aspirin 81 mg daily",
    "has high blood pressure",
    "has a history of diabetes and hypertension",
    "is allergic to penicillin",
    "was discharged after 3 days",
    "has low oxygen saturation",
    "was prescribed metformin twice daily",
]


def synthetic_pairs(n: int, *, seed: int = 0, max_premise_sentences: int = 6) -> list[tuple[str, str]]:
    """``n`` medical-ish ``(premise, hypothesis)`` pairs of varying length, reproducible for ``seed``."""
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        k = rng.randint(1, max_premise_sentences)
        premise = ". ".join(f"{rng.choice(_SUBJECTS)} {rng.choice(_FINDINGS)}" for _ in range(k))
        hypothesis = f"{rng.choice(_SUBJECTS)} {rng.choice(_FINDINGS)}"
        pairs.append((premise, hypothesis))
    return pairs
