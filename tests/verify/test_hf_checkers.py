"""Dedicated fact checkers through ``hf:``: seq2seq label-word models (MiniCheck-Flan-T5 style), 2-class
classifiers (MiniCheck-RoBERTa / HHEM style) and models that ship their own code, on tiny in-process models."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from medhal.verify import VerifierError, load_verifier, open_verifier
from medhal.verify.hf_labels import PRESETS, HFMapping, detect_kind
from medhal.verify.labels import softmax64

from .conftest import PAIRS, requires_hf
from .tiny_models import WORDS, build_model, rewrite_config

pytestmark = requires_hf

T5_SPECIALS = ["<pad>", "</s>", "<unk>"]
T5_VOCAB = T5_SPECIALS + WORDS + ["1", "0", "yes", "maybe", "predict", ":"]
ANSWERS = {"1": "supported", "0": "unsupported"}
CHECKER_LABELS = {0: "not_supported", 1: "supported"}


def _one_line(info: pytest.ExceptionInfo[VerifierError]) -> str:
    message = str(info.value)
    assert "\n" not in message
    return message


def _build_t5(directory: Path, *, seed: int = 0) -> Path:
    """A seeded 1-layer T5ForConditionalGeneration (d_model 16) and a WordLevel tokenizer with T5's pair template
    (``A </s> B </s>``), saved to ``directory``."""
    import torch
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, processors
    from transformers import PreTrainedTokenizerFast, T5Config, T5ForConditionalGeneration

    vocab = {word: index for index, word in enumerate(T5_VOCAB)}
    tok = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    tok.normalizer = normalizers.Lowercase()
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.post_processor = processors.TemplateProcessing(
        single="$A </s>", pair="$A </s> $B </s>", special_tokens=[("</s>", vocab["</s>"])]
    )
    tokenizer_cls: Any = PreTrainedTokenizerFast
    tokenizer = tokenizer_cls(
        tokenizer_object=tok, unk_token="<unk>", pad_token="<pad>", eos_token="</s>", model_max_length=64
    )
    directory.mkdir(parents=True, exist_ok=True)
    tokenizer.save_pretrained(directory)
    config_cls: Any = T5Config
    config = config_cls(
        vocab_size=len(T5_VOCAB),
        d_model=16,
        d_kv=8,
        d_ff=32,
        num_layers=1,
        num_decoder_layers=1,
        num_heads=2,
        decoder_start_token_id=0,
        pad_token_id=0,
        eos_token_id=1,
        initializer_factor=5.0,
    )
    torch.manual_seed(seed)
    model_cls: Any = T5ForConditionalGeneration
    model_cls(config).eval().save_pretrained(directory)
    return directory


@pytest.fixture(scope="module")
def t5_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build_t5(tmp_path_factory.mktemp("t5") / "tiny-t5")


@pytest.fixture(scope="module")
def checker_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-class BERT checker: {0: not_supported, 1: supported}."""
    return build_model(tmp_path_factory.mktemp("checker") / "checker", seed=2, id2label=CHECKER_LABELS)


def _t5_reference(directory: Path, pairs: list[tuple[str, str]], words: list[str]) -> np.ndarray:
    """Softmax over the label words' first-step logits, one pair at a time, without medhal."""
    import torch
    from transformers import AutoTokenizer, T5ForConditionalGeneration

    tokenizer = AutoTokenizer.from_pretrained(directory)
    model_cls: Any = T5ForConditionalGeneration
    model = model_cls.from_pretrained(directory).eval()
    ids = [T5_VOCAB.index(w) for w in words]
    rows = []
    with torch.no_grad():
        for premise, hypothesis in pairs:
            enc = tokenizer([premise], [hypothesis], return_tensors="pt")
            logits = model(**enc, decoder_input_ids=torch.zeros((1, 1), dtype=torch.long)).logits
            rows.append(logits[0, 0, ids].double().numpy())
    return softmax64(np.stack(rows))


def _classifier_reference(directory: Path, pairs: list[tuple[str, str]]) -> np.ndarray:
    import torch
    from transformers import AutoTokenizer, BertForSequenceClassification

    tokenizer = AutoTokenizer.from_pretrained(directory)
    model_cls: Any = BertForSequenceClassification
    model = model_cls.from_pretrained(directory).eval()
    with torch.no_grad():
        logits = model(**tokenizer(pairs, padding=True, return_tensors="pt")).logits.double().numpy()
    return softmax64(logits)


def _rows_ok(got: np.ndarray, n: int) -> None:
    assert got.dtype == np.float64 and got.shape == (n, 3)
    np.testing.assert_allclose(got.sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert (got >= 0).all()


# -- kind detection --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("config", "override", "kind"),
    [
        ({"architectures": ["T5ForConditionalGeneration"], "is_encoder_decoder": True}, "auto", "seq2seq"),
        ({"architectures": ["BartForConditionalGeneration"]}, "auto", "seq2seq"),
        ({"architectures": ["RobertaForSequenceClassification"]}, "auto", "classifier"),
        ({"architectures": ["HHEMv2ForSequenceClassification"], "is_encoder_decoder": True}, "auto", "classifier"),
        ({"architectures": ["T5ForSequenceClassification"], "is_encoder_decoder": True}, "auto", "classifier"),
        ({"is_encoder_decoder": True}, "auto", "seq2seq"),
        ({"num_labels": 2}, "auto", "classifier"),
        ({"architectures": ["T5ForConditionalGeneration"]}, "classifier", "classifier"),
        ({"architectures": ["BertForSequenceClassification"]}, "seq2seq", "seq2seq"),
    ],
)
def test_detect_kind(config: dict[str, object], override: Any, kind: str) -> None:
    assert detect_kind(config, override) == kind


def test_mapping_options_are_checked() -> None:
    with pytest.raises(VerifierError, match="unknown hf model kind"):
        HFMapping(kind="decoder")  # type: ignore[arg-type]
    with pytest.raises(VerifierError, match="unknown unsupported mapping"):
        HFMapping(unsupported="entailment")  # type: ignore[arg-type]
    words = {"1": "supported"}
    mapping = HFMapping(label_words=words)
    words["0"] = "unsupported"
    assert dict(mapping.label_words or {}) == {"1": "supported"}, "the mapping keeps its own copy"


def test_class_names_are_given_once(checker_dir: Path) -> None:
    from medhal.verify.hf import HFVerifier

    names = {0: "unsupported", 1: "supported"}
    with pytest.raises(VerifierError, match="not both"):
        HFVerifier(checker_dir, id2label_override=names, mapping=HFMapping(id2label=names))


# -- seq2seq label-word checkers -------------------------------------------------------------------------------


def test_seq2seq_scores_label_words(t5_dir: Path) -> None:
    verifier = load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=ANSWERS), batch_size=4)
    assert verifier.kind == "seq2seq"  # type: ignore[attr-defined]
    assert re.fullmatch(r"hf:tiny-t5@[0-9a-f]{12}~seq2seq-[0-9a-f]{8}~labels=EN", verifier.id)
    got = verifier.predict(PAIRS)
    _rows_ok(got, len(PAIRS))
    reference = _t5_reference(t5_dir, PAIRS, ["1", "0"])
    np.testing.assert_allclose(got[:, 0], reference[:, 0], rtol=0, atol=1e-6)
    np.testing.assert_allclose(got[:, 1], reference[:, 1], rtol=0, atol=1e-6)
    assert (got[:, 2] == 0).all(), "'not supported' goes to neutral by default, never to contradiction"
    assert np.ptp(got[:, 0]) > 1e-3, "the tiny model should not be constant"


def test_seq2seq_unsupported_to_contradiction(t5_dir: Path) -> None:
    neutral = load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=ANSWERS))
    contra = load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=ANSWERS, unsupported="contradiction"))
    assert contra.id != neutral.id and contra.id.endswith("~labels=EC")
    a, b = neutral.predict(PAIRS), contra.predict(PAIRS)
    _rows_ok(b, len(PAIRS))
    assert (b[:, 1] == 0).all()
    np.testing.assert_allclose(b[:, 2], a[:, 1], rtol=0, atol=1e-12)
    np.testing.assert_allclose(b[:, 0], a[:, 0], rtol=0, atol=1e-12)


def test_seq2seq_three_words_and_meanings(t5_dir: Path) -> None:
    three = HFMapping(label_words={"yes": "entailment", "maybe": "neutral", "no": "contradiction"})
    verifier = load_verifier(f"hf:{t5_dir}", hf_mapping=three)
    got = verifier.predict(PAIRS)
    _rows_ok(got, len(PAIRS))
    np.testing.assert_allclose(got, _t5_reference(t5_dir, PAIRS, ["yes", "maybe", "no"]), rtol=0, atol=1e-6)
    assert (got > 0).all()
    ignored = load_verifier(
        f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=three.label_words, unsupported="contradiction")
    )
    assert ignored.id == verifier.id, "a 3-way answer vocabulary has no 'not supported' class to move"
    reordered = load_verifier(
        f"hf:{t5_dir}",
        hf_mapping=HFMapping(label_words={"no": "contradiction", "yes": "entailment", "maybe": "neutral"}),
    )
    assert reordered.id != verifier.id and reordered.id.endswith("~labels=CEN")
    np.testing.assert_allclose(reordered.predict(PAIRS), got, rtol=0, atol=1e-12)
    straight = load_verifier(
        f"hf:{t5_dir}", hf_mapping=HFMapping(label_words={"yes": "supported", "no": "unsupported"})
    )
    swapped = load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words={"yes": "unsupported", "no": "supported"}))
    assert swapped.id != straight.id
    a, b = straight.predict(PAIRS), swapped.predict(PAIRS)
    np.testing.assert_allclose(b[:, [0, 1]], a[:, [1, 0]], rtol=0, atol=1e-12)


def test_seq2seq_prefix_is_prompted_and_in_the_id(t5_dir: Path) -> None:
    plain = load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=ANSWERS))
    minicheck = load_verifier(f"hf:{t5_dir}", hf_mapping=PRESETS["minicheck"])
    assert minicheck.id != plain.id
    assert minicheck.id.split("~")[0] == plain.id.split("~")[0], "same weights"
    prompted = [("predict: " + p, h) for p, h in PAIRS]
    np.testing.assert_allclose(minicheck.predict(PAIRS), plain.predict(prompted), rtol=0, atol=1e-9)
    assert not np.allclose(minicheck.predict(PAIRS), plain.predict(PAIRS), atol=1e-6)
    assert minicheck.pair_lengths([("the patient", "has fever")]) == [2 + 2 + 2 + 2]


def test_seq2seq_truncates_the_premise(t5_dir: Path) -> None:
    verifier = load_verifier(f"hf:{t5_dir}", hf_mapping=PRESETS["minicheck"])
    words = ("the patient has fever and cough " * 20).split()
    hypothesis = "the patient has no fever"
    before = verifier.stats.snapshot()
    got = verifier.predict([(" ".join(words), hypothesis)])
    assert verifier.stats.since(before).truncated == 1
    room = 64 - 2 - 2 - len(hypothesis.split())  # </s> twice, "predict :" kept at the premise's start
    np.testing.assert_allclose(got, verifier.predict([(" ".join(words[:room]), hypothesis)]), rtol=0, atol=1e-6)


@pytest.mark.parametrize(
    ("words", "match"),
    [
        (None, "label_words"),
        ({"yes please": "supported", "yes": "unsupported"}, "same token"),
        ({"zzzunknown": "supported", "no": "unsupported"}, "not in the tokenizer"),
        ({"yes": "supported", "no": "banana"}, "unrecognised label"),
        ({"yes": "supported", "no": "supported"}, "more than once"),
    ],
)
def test_seq2seq_label_words_are_checked(t5_dir: Path, words: dict[str, str] | None, match: str) -> None:
    with pytest.raises(VerifierError, match=match) as info:
        load_verifier(f"hf:{t5_dir}", hf_mapping=HFMapping(label_words=words))
    _one_line(info)


def test_kind_override(checker_dir: Path, t5_dir: Path) -> None:
    with pytest.raises(VerifierError, match="cannot load hf verifier") as info:
        load_verifier(f"hf:{checker_dir}", hf_mapping=HFMapping(kind="seq2seq", label_words=ANSWERS))
    _one_line(info)
    as_classifier = HFMapping(kind="classifier", id2label={0: "unsupported", 1: "supported"})
    forced = load_verifier(f"hf:{t5_dir}", hf_mapping=as_classifier)
    assert forced.kind == "classifier"  # type: ignore[attr-defined]
    assert "~seq2seq" not in forced.id and forced.id.endswith("~labels=NE")
    _rows_ok(forced.predict(PAIRS[:3]), 3)


# -- 2-class classifiers ---------------------------------------------------------------------------------------


def test_two_class_checker_defaults_to_neutral_with_todays_id(checker_dir: Path) -> None:
    verifier = load_verifier(f"hf:{checker_dir}")
    assert re.fullmatch(r"hf:checker@[0-9a-f]{12}", verifier.id), "today's mapping keeps today's id"
    got = verifier.predict(PAIRS)
    _rows_ok(got, len(PAIRS))
    reference = _classifier_reference(checker_dir, PAIRS)
    np.testing.assert_allclose(got[:, 0], reference[:, 1], rtol=0, atol=1e-6)
    np.testing.assert_allclose(got[:, 1], reference[:, 0], rtol=0, atol=1e-6)
    assert (got[:, 2] == 0).all()


def test_two_class_checker_to_contradiction(checker_dir: Path) -> None:
    neutral = load_verifier(f"hf:{checker_dir}")
    contra = load_verifier(f"hf:{checker_dir}", hf_mapping=HFMapping(unsupported="contradiction"))
    assert contra.id == neutral.id + "~labels=CE"
    a, b = neutral.predict(PAIRS), contra.predict(PAIRS)
    _rows_ok(b, len(PAIRS))
    assert (b[:, 1] == 0).all()
    np.testing.assert_allclose(b[:, 2], a[:, 1], rtol=0, atol=1e-12)


def test_generic_two_class_labels_need_a_mapping(checker_dir: Path, tmp_path: Path) -> None:
    generic = Path(shutil.copytree(checker_dir, tmp_path / "generic"))
    rewrite_config(generic, id2label={"0": "LABEL_0", "1": "LABEL_1"}, label2id={"LABEL_0": 0, "LABEL_1": 1})
    with pytest.raises(VerifierError, match="id2label") as info:
        load_verifier(f"hf:{generic}")
    assert "minicheck" in _one_line(info)
    mapped = load_verifier(f"hf:{generic}", hf_mapping=HFMapping(id2label={0: "unsupported", 1: "supported"}))
    assert mapped.id.endswith("~labels=NE")
    assert load_verifier(f"hf:{generic}", hf_mapping=PRESETS["minicheck"]).id == mapped.id
    np.testing.assert_allclose(mapped.predict(PAIRS), load_verifier(f"hf:{checker_dir}").predict(PAIRS), atol=1e-12)
    with pytest.raises(VerifierError, match="outputs but id2label names 3"):
        load_verifier(
            f"hf:{generic}", hf_mapping=HFMapping(id2label={0: "entailment", 1: "neutral", 2: "contradiction"})
        )


def test_three_class_model_keeps_todays_id(tiny_dir: Path) -> None:
    today = load_verifier(f"hf:{tiny_dir}")
    assert re.fullmatch(r"hf:tiny\d*@[0-9a-f]{12}", today.id)
    moved = load_verifier(f"hf:{tiny_dir}", hf_mapping=HFMapping(unsupported="contradiction"))
    assert moved.id == today.id, "a 3-class model has no 'not supported' class to move"
    np.testing.assert_allclose(moved.predict(PAIRS), today.predict(PAIRS), rtol=0, atol=1e-12)
    renamed = load_verifier(
        f"hf:{tiny_dir}", hf_mapping=HFMapping(id2label={0: "entailment", 1: "contradiction", 2: "neutral"})
    )
    assert renamed.id == today.id + "~labels=ECN"


# -- remote code -----------------------------------------------------------------------------------------------

_REMOTE_MODULE = '''
from transformers import BertForSequenceClassification


class RemoteBert(BertForSequenceClassification):
    """Adds 3 to the first logit, so that running this code shows in the answers."""

    def forward(self, *args, **kwargs):
        out = super().forward(*args, **kwargs)
        out.logits = out.logits + out.logits.new_tensor([3.0, 0.0])
        return out
'''


def _remote_checker(checker_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the checker whose config maps to remote code (``remote_bert.RemoteBert``), with transformers'
    module cache and ``sys.path`` confined to the test."""
    import transformers.dynamic_module_utils as dynamic

    monkeypatch.setattr(dynamic, "HF_MODULES_CACHE", str(tmp_path / "modules"))
    monkeypatch.setattr(sys, "path", list(sys.path))
    remote = Path(shutil.copytree(checker_dir, tmp_path / "remote"))
    (remote / "remote_bert.py").write_text(_REMOTE_MODULE)
    config = json.loads((remote / "config.json").read_text())
    config["auto_map"] = {"AutoModelForSequenceClassification": "remote_bert.RemoteBert"}
    (remote / "config.json").write_text(json.dumps(config))
    return remote


def test_remote_code_needs_the_opt_in(checker_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    remote = _remote_checker(checker_dir, tmp_path, monkeypatch)

    with pytest.raises(VerifierError) as info:
        open_verifier(f"hf:{remote}")
    message = _one_line(info)
    assert "trust_remote_code=True" in message and "--trust-remote-code" in message
    assert not (tmp_path / "modules").exists(), "refused before any of its code was copied or run"

    trusted = load_verifier(f"hf:{remote}", trust_remote_code=True)
    assert type(trusted._model).__name__ == "RemoteBert"  # type: ignore[attr-defined]
    plain = load_verifier(f"hf:{checker_dir}")
    assert re.fullmatch(re.escape(plain.id.replace("checker@", "remote@")) + r"~remote-[0-9a-f]{8}", trusted.id)
    got, reference = trusted.predict(PAIRS), _classifier_reference(checker_dir, PAIRS)
    _rows_ok(got, len(PAIRS))
    shifted = softmax64(np.log(reference) + np.array([3.0, 0.0]))
    np.testing.assert_allclose(got[:, 1], shifted[:, 0], rtol=0, atol=1e-6)  # the remote forward ran


def test_cli_flags_reach_the_hf_verifier(
    checker_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from medhal.cli.main import main

    remote = _remote_checker(checker_dir, tmp_path, monkeypatch)
    evidence, response = tmp_path / "e.txt", tmp_path / "r.txt"
    evidence.write_text("The trial enrolled 412 adults. Blood pressure fell by 12 mmHg.")
    response.write_text("The trial enrolled 412 adults.")
    base = ["check", "--evidence", str(evidence), "--response", str(response), "--format", "json", "--no-timings"]

    assert main([*base, "--verifier", f"hf:{remote}"]) == 2
    assert "--trust-remote-code" in capsys.readouterr().err
    assert main([*base, "--verifier", f"hf:{remote}", "--trust-remote-code"]) in (0, 1)
    record = json.loads(capsys.readouterr().out)
    assert "~remote-" in record["verifier_id"] and record["status"] == "ok"
    assert main([*base, "--verifier", f"hf:{checker_dir}", "--hf-unsupported", "contradiction"]) in (0, 1)
    assert "~labels=" in json.loads(capsys.readouterr().out)["verifier_id"]  # the mapping is in the id
    assert main([*base, "--trust-remote-code"]) == 2  # the embedded verifier runs no remote code
    assert "applies to hf: verifiers" in capsys.readouterr().err
    assert main([*base, "--verifier", f"hf:{checker_dir}", "--hf-preset", "nope"]) == 2
    assert "unknown --hf-preset" in capsys.readouterr().err
