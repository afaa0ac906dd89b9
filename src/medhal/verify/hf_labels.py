"""How an ``hf:`` model's answers become medhal's (entailment, neutral, contradiction): the model kind, the
label mapping, and the part of the verifier id that says both.

``hf:`` loads two kinds of model (:data:`HFKind`):

* ``classifier``: a sequence-classification cross-encoder (``AutoModelForSequenceClassification``): 3-class NLI
  models, and 2-class fact checkers (MiniCheck-RoBERTa / -DeBERTa, Vectara HHEM: supported / not supported).
  Its classes are named by ``config.id2label`` (:func:`medhal.verify.labels.resolve_labels`), or by
  :attr:`HFMapping.id2label` when the config only says ``LABEL_0``, ``LABEL_1``, ...
* ``seq2seq``: an encoder-decoder that answers a label word (MiniCheck-Flan-T5 answers ``1`` / ``0``).  It is
  scored in one decoder step, never sampled: the decoder's first-step logits of each label word's *first* token,
  softmaxed over those words alone (the next-token distribution renormalised to the label words; MiniCheck's own
  scoring).  :attr:`HFMapping.label_words` says what each word means.

:func:`detect_kind` reads the kind from the config (``architectures``, then ``is_encoder_decoder``);
:attr:`HFMapping.kind` overrides it.

**Two classes.**  A checker that answers "supported" or "not supported" cannot tell a claim the evidence
contradicts from one it merely does not mention, so by default (``unsupported="neutral"``) the whole "not
supported" mass goes to **neutral**, the column that claims nothing about contradiction; medhal never invents a
contradiction the model did not see.  ``unsupported="contradiction"`` sends it to contradiction instead, for
detectors that should treat an unsupported claim as a contradicted one.  A class the model names explicitly
(``contradiction``, ``neutral``) keeps its column whatever this option says, and a 3-class model ignores it.

**Ids.**  The mapping is part of the verifier id (:func:`mapping_suffix`), so a cache never mixes two mappings of
the same weights: ``~labels=`` and one letter per model class (``E``, ``N``, ``C``: the column it feeds, in the
model's class order), and for a seq2seq model ``~seq2seq-`` and a hash of its prompt prefix and label tokens.  A
classifier mapped exactly as medhal mapped it before this option existed (from its config's own label names, the
2-class negative to neutral) keeps today's id, with no suffix, so existing records and caches stay valid.  A model
that runs its own code adds ``~remote-`` and a hash of that code's source right after the weights digest.

**Remote code.**  A config with ``auto_map`` ships its own Python (HHEM does); transformers would otherwise load
its weights into the built-in class and answer wrongly, or run the code.  medhal refuses such a model unless the
caller opts in (:func:`check_remote_code`).

Nothing here imports torch or transformers.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, get_args

from medhal.verify.base import CONTRADICTION, ENTAILMENT, NEUTRAL, VerifierError
from medhal.verify.labels import LabelMap, resolve_labels

__all__ = [
    "HF_KINDS",
    "PRESETS",
    "UNSUPPORTED_TARGETS",
    "HFKind",
    "HFMapping",
    "ModelKind",
    "Unsupported",
    "check_remote_code",
    "classifier_labels",
    "detect_kind",
    "label_letters",
    "mapping_suffix",
    "remap_unsupported",
    "seq2seq_fingerprint",
    "word_labels",
]

HFKind = Literal["auto", "classifier", "seq2seq"]
"""What :attr:`HFMapping.kind` accepts: ``auto`` reads the kind from the model's config."""
ModelKind = Literal["classifier", "seq2seq"]
Unsupported = Literal["neutral", "contradiction"]
"""Where a 2-class model's "not supported" mass goes."""

HF_KINDS: tuple[str, ...] = get_args(HFKind)
UNSUPPORTED_TARGETS: tuple[str, ...] = get_args(Unsupported)

_LETTERS = {ENTAILMENT: "E", NEUTRAL: "N", CONTRADICTION: "C"}
_LABELS_EXAMPLE = "{0: 'unsupported', 1: 'supported'}"
_WORDS_EXAMPLE = "{'1': 'supported', '0': 'unsupported'}"
_REMOTE_OPT_IN = "trust_remote_code=True in the API, --trust-remote-code on the command line"


@dataclass(frozen=True, slots=True)
class HFMapping:
    """How to read an ``hf:`` model's answers (every field optional; the defaults read the config).

    ``kind``: ``auto`` (:func:`detect_kind`), ``classifier`` or ``seq2seq``.
    ``unsupported``: where a 2-class model's "not supported" mass goes (``neutral``, the default, or
    ``contradiction``; see the module docstring for why neutral).
    ``id2label``: a classifier's class names, replacing its config's (for configs that say ``LABEL_0``, ...),
    e.g. ``{0: "unsupported", 1: "supported"}``.
    ``label_words``: a seq2seq model's answer words and what each means, in order, e.g.
    ``{"1": "supported", "0": "unsupported"}`` or ``{"yes": "entailment", "no": "contradiction"}``; a meaning is
    any class name :func:`~medhal.verify.labels.resolve_labels` knows.  Required for a seq2seq model.
    ``prefix``: text put before each premise of a seq2seq model (MiniCheck-Flan-T5 was trained on
    ``"predict: "``); classifiers ignore it.
    """

    kind: HFKind = "auto"
    unsupported: Unsupported = "neutral"
    id2label: Mapping[int, str] | None = None
    label_words: Mapping[str, str] | None = None
    prefix: str = ""

    def __post_init__(self) -> None:
        if self.kind not in HF_KINDS:
            raise VerifierError(f"unknown hf model kind {self.kind!r}; expected one of: {', '.join(HF_KINDS)}")
        if self.unsupported not in UNSUPPORTED_TARGETS:
            raise VerifierError(
                f"unknown unsupported mapping {self.unsupported!r}; expected one of: {', '.join(UNSUPPORTED_TARGETS)}"
            )
        if not isinstance(self.prefix, str):
            raise VerifierError(f"prefix must be a string, got {type(self.prefix).__name__}")
        if self.id2label is not None:
            object.__setattr__(self, "id2label", MappingProxyType(dict(self.id2label)))
        if self.label_words is not None:
            object.__setattr__(self, "label_words", MappingProxyType(dict(self.label_words)))


PRESETS: Mapping[str, HFMapping] = MappingProxyType(
    {
        "minicheck": HFMapping(
            id2label={0: "unsupported", 1: "supported"},
            label_words={"1": "supported", "0": "unsupported"},
            prefix="predict: ",
        ),
    }
)
"""Named mappings for known checkers.  ``minicheck``: MiniCheck-RoBERTa-Large / -DeBERTa-v3-Large (class 1 is
"supported", as its configs only say ``LABEL_0`` / ``LABEL_1``) and MiniCheck-Flan-T5-Large (answers ``1`` /
``0`` after a ``"predict: "`` prefix); the kind still comes from the config."""


def check_remote_code(config: Mapping[str, object], name: str, *, trust_remote_code: bool) -> None:
    """Refuse, on one line, a config that ships its own code (``auto_map``) unless the caller opted in."""
    if config.get("auto_map") and not trust_remote_code:
        raise VerifierError(
            f"hf verifier {name!r} ships its own model code (auto_map in config.json) and medhal does not run it "
            f"unless you opt in: pass {_REMOTE_OPT_IN} (only for a model whose source you trust)"
        )


def detect_kind(config: Mapping[str, object], override: HFKind = "auto") -> ModelKind:
    """The model kind: ``override`` unless ``auto``; else a ``...ForSequenceClassification`` architecture is a
    classifier, a ``...ForConditionalGeneration`` / ``...Seq2SeqLM`` one a seq2seq model, and a config without
    either is a seq2seq model when ``is_encoder_decoder`` is true and a classifier otherwise (medhal's
    behaviour before seq2seq models were supported)."""
    if override != "auto":
        return override
    raw = config.get("architectures")
    architectures = [str(a) for a in raw] if isinstance(raw, list | tuple) else []
    if any(a.endswith("ForSequenceClassification") for a in architectures):
        return "classifier"
    if any(a.endswith(("ForConditionalGeneration", "Seq2SeqLM")) for a in architectures):
        return "seq2seq"
    return "seq2seq" if config.get("is_encoder_decoder") is True else "classifier"


def remap_unsupported(labels: LabelMap, unsupported: Unsupported) -> LabelMap:
    """``labels`` with a 2-class model's negative class ("not supported", which
    :func:`~medhal.verify.labels.resolve_labels` puts in neutral) moved to contradiction when ``unsupported`` says
    so.  A class named ``neutral`` and any 3-class map come back unchanged."""
    entail, neutral, contradiction = labels.groups
    binary_negative = (
        labels.num_labels == 2
        and len(neutral) == 1
        and not contradiction
        and labels.names[neutral[0]].strip().lower() != "neutral"
    )
    if unsupported == "neutral" or not binary_negative:
        return labels
    return LabelMap(num_labels=labels.num_labels, groups=(entail, (), neutral), names=labels.names)


def label_letters(labels: LabelMap) -> str:
    """One letter per model class, in model order: the column it feeds (``E``, ``N``, ``C``)."""
    letters = ["?"] * labels.num_labels
    for column, group in enumerate(labels.groups):
        for index in group:
            letters[index] = _LETTERS[column]
    return "".join(letters)


def _one_line_names(names: Mapping[int, str] | Mapping[str, str]) -> str:
    return repr({k: str(v) for k, v in names.items()})


def classifier_labels(
    config_id2label: Mapping[int, str] | Mapping[str, str] | None,
    override: Mapping[int, str] | None,
    unsupported: Unsupported,
) -> tuple[LabelMap, str]:
    """A classifier's :class:`LabelMap` and its id suffix.

    The names are ``override`` when given, else the config's; ``unsupported`` places a 2-class negative.  The
    suffix is empty when the result is what medhal made of the config's own names before (the negative in
    neutral), so today's records keep their ids; otherwise ``~labels=`` and the letters.  Names that cannot be
    mapped (``LABEL_0``, ``LABEL_1``, an unknown word) are a one-line :class:`VerifierError` that asks for an
    explicit mapping."""
    try:
        labels = remap_unsupported(resolve_labels(config_id2label, override), unsupported)
    except VerifierError as exc:
        if override is not None:
            raise
        raise VerifierError(
            f"{exc}; for a 2-class fact checker pass HFMapping(id2label={_LABELS_EXAMPLE}) "
            "(or the 'minicheck' preset for MiniCheck)"
        ) from None
    try:
        legacy: LabelMap | None = resolve_labels(config_id2label)
    except VerifierError:
        legacy = None
    suffix = "" if legacy is not None and legacy.groups == labels.groups else mapping_suffix(labels)
    return labels, suffix


def word_labels(words: Sequence[str], meanings: Sequence[str], unsupported: Unsupported) -> LabelMap:
    """The :class:`LabelMap` of a seq2seq model's label words: class ``i`` is ``words[i]``, mapped as its meaning
    ``meanings[i]`` (a class name such as ``supported`` / ``unsupported`` / ``entailment``) would be."""
    if not words:
        raise VerifierError(
            f"a seq2seq verifier needs label words and their meanings, e.g. HFMapping(label_words={_WORDS_EXAMPLE}) "
            "(or the 'minicheck' preset for MiniCheck-Flan-T5)"
        )
    try:
        labels = resolve_labels(dict(enumerate(meanings)))
    except VerifierError as exc:
        raise VerifierError(f"label words {_one_line_names(dict(zip(words, meanings, strict=True)))}: {exc}") from None
    labels = LabelMap(num_labels=labels.num_labels, groups=labels.groups, names=tuple(words))
    return remap_unsupported(labels, unsupported)


def mapping_suffix(labels: LabelMap, *, seq2seq: str | None = None) -> str:
    """The id suffix of a mapping: ``~seq2seq-<hash>`` for a seq2seq model (``seq2seq``: what to hash, its prompt
    prefix and label tokens), then ``~labels=`` and :func:`label_letters`."""
    head = ""
    if seq2seq is not None:
        head = f"~seq2seq-{hashlib.sha256(seq2seq.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"
    return f"{head}~labels={label_letters(labels)}"


def seq2seq_fingerprint(prefix: str, words: Sequence[str], token_ids: Sequence[int], decoder_start: int) -> str:
    """What a seq2seq model's id hashes: its prompt prefix, label words, their first tokens and decoder start."""
    return json.dumps(
        {"prefix": prefix, "words": list(words), "tokens": list(token_ids), "start": decoder_start},
        ensure_ascii=True,
        sort_keys=True,
    )
