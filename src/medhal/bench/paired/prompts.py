"""Prompts and decoding configurations of the paired clinical error-detection suite (seed 002 §3.3, Appendix D).

One zero-shot request per note (§3.2: no task-specific examples; §3.1: notes are judged independently, the pair
is applied afterwards).  Two prompt styles times two decodings make the four configurations of §3.3:

* ``neutral``: the model is a skilled medical doctor doing a standard clinical review;
* ``conservative``: a conservative reviewer who flags a *significant medical error* only when the note itself
  clearly supports it, assumes nothing missing, invents no guidelines and, when the note is incomplete or
  ambiguous, prefers "no error" with lower confidence.  The user prompt keeps the neutral structure with
  "significant medical error" in place of "error" (Appendix D);
* ``greedy``: temperature 0; ``sampling``: temperature 0.7, top-p 0.9, seeded per note (:func:`note_seed`) so a
  rerun draws the same samples and the response cache can keep them.

Both styles ask for exactly four lines, ``Evidence`` (an exact quote from the note, or ``NA``), ``Analysis``
(3-5 sentences), ``Confidence`` (0-100) and ``Error`` (Yes/No): the verdict is what the metrics score, the
evidence is what Evidence Contrastive Analysis (§3.4.3) matches against the error and correction sentences.

The English prompt follows the MEDEC MS-Test template of Appendix D; the Chinese, Japanese and Arabic prompts are
our translations of the same structure (Appendix D: "translated ... along with lists of ... error types"), with
the output keys, ``NA`` and ``Yes``/``No`` kept in English for parsing.  Arabic is not in the seed (MedErrBench
also ships an Arabic set); its prompt and error types follow the MedErrBench categories the same way.

Error-type lists, in the dataset's language (:data:`ERROR_TYPES`):

* ``medec``: the five MEDEC categories as Appendix D words them;
* ``mederrbench-en`` / ``-zh`` / ``-ar``: the ten MedErrBench categories (Appendix D lists the English ones);
* ``medrect-ja``: nine types from the MedRECT annotation taxonomy (Appendix D: "nine Japanese-language error
  types"); ``medrect-en`` is the same taxonomy in English (not in the seed).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, get_args

from medhal.bench.paired._prompt_wording import _WORDING, FORMAT_PLACEHOLDERS, OUTPUT_KEYS
from medhal.detect.records import JSONObject
from medhal.errors import PromptError
from medhal.llm.base import GenerationConfig, GenerationRequest, Message

__all__ = [
    "CONFIGS",
    "DEFAULT_MAX_TOKENS",
    "ERROR_TYPES",
    "FORMAT_PLACEHOLDERS",
    "LANGUAGES",
    "OUTPUT_KEYS",
    "PROMPT_VERSION",
    "STYLES",
    "Language",
    "NoteLike",
    "PairedConfig",
    "PromptError",
    "PromptStyle",
    "build_messages",
    "build_request",
    "dataset_key",
    "error_types_for",
    "note_seed",
    "request_id",
    "resolve_configs",
    "system_prompt",
    "user_prompt",
]

PROMPT_VERSION = "paired-2026.1"
"""Changes whenever the wording of any prompt changes (recorded in run directories)."""

PromptStyle = Literal["neutral", "conservative"]
STYLES: tuple[str, ...] = get_args(PromptStyle)
Language = Literal["en", "zh", "ar", "ja"]
LANGUAGES: tuple[str, ...] = get_args(Language)
"""The four output keys, English in every language (Appendix D: "remain in English for parsing consistency")."""
DEFAULT_MAX_TOKENS = 512
"""Four short lines need far less; the margin absorbs a preamble.  The seed does not state a limit."""


class NoteLike(Protocol):
    """What the prompts need of a note (``medhal.data.notes.ClinicalNote`` provides it)."""

    @property
    def id(self) -> str: ...

    @property
    def dataset(self) -> str: ...

    @property
    def language(self) -> str: ...

    @property
    def text(self) -> str: ...


# -- error types -------------------------------------------------------------------------------------------------

ERROR_TYPES: Mapping[str, tuple[str, ...]] = {
    "medec": ("diagnosis", "management", "medication", "treatment", "causal organism"),
    "mederrbench-en": (
        "diagnosis",
        "management",
        "treatment",
        "pharmacotherapy",
        "causal organism",
        "lab/serum value interpretation",
        "physiology",
        "histology",
        "anatomy",
        "epidemiology",
    ),
    "mederrbench-zh": (
        "诊断",
        "管理",
        "治疗",
        "药物治疗",
        "致病微生物",
        "实验室/血清值解读",
        "生理学",
        "组织学",
        "解剖学",
        "流行病学",
    ),
    "mederrbench-ar": (
        "التشخيص",
        "التدبير العلاجي",
        "العلاج",
        "العلاج الدوائي",
        "الكائن المسبب للمرض",
        "تفسير القيم المخبرية/المصلية",
        "علم وظائف الأعضاء",
        "علم الأنسجة",
        "علم التشريح",
        "علم الأوبئة",
    ),
    "medrect-ja": (
        "診断",
        "病歴聴取",
        "身体所見",
        "検査解釈",
        "薬剤選択",
        "薬剤の用法・用量",
        "手技・介入",
        "経過観察・管理",
        "病理組織の解釈",
    ),
    "medrect-en": (
        "diagnosis",
        "history taking",
        "physical findings",
        "test interpretation",
        "medication selection",
        "medication dosage",
        "procedure/intervention",
        "monitoring/management",
        "pathology interpretation",
    ),
}
"""Error-type lists by prompt key (see the module docstring); each is written in its dataset's language."""

_DEFAULT_KEY: Mapping[str, str] = {
    "en": "mederrbench-en",
    "zh": "mederrbench-zh",
    "ar": "mederrbench-ar",
    "ja": "medrect-ja",
}
"""The list a note of an unrecognised dataset gets, by language (the broadest list in that language)."""
_LANGUAGE_ALIASES: Mapping[str, str] = {
    "english": "en",
    "chinese": "zh",
    "cn": "zh",
    "zh-cn": "zh",
    "zh-hans": "zh",
    "arabic": "ar",
    "ara": "ar",
    "japanese": "ja",
    "jp": "ja",
}


def _language(language: str) -> str:
    code = language.strip().lower().replace("_", "-")
    code = _LANGUAGE_ALIASES.get(code, code)
    if code not in LANGUAGES:
        raise PromptError(f"no prompt for language {language!r}; supported: {', '.join(LANGUAGES)}")
    return code


def _family(dataset: str) -> str | None:
    name = re.sub(r"[^a-z0-9]", "", dataset.lower())
    if "medec" in name or name in ("ms", "mstest", "msval", "msvalidation"):
        return "medec"
    if "mederrbench" in name or name.startswith("meb"):
        return "mederrbench"
    if "medrect" in name or name.startswith("mrt"):
        return "medrect"
    return None


def dataset_key(dataset: str, language: str) -> str:
    """The :data:`ERROR_TYPES` key for a note: ``medec``, ``mederrbench-<lang>``, ``medrect-<lang>``.

    Dataset names are matched loosely (``MEDEC-MS``, ``ms-test``, ``MedErrBench-CN``, ``MEB-EN``, ``mrt-ja``,
    ``medrect``); a dataset this suite does not know, or a language its family has no list for, falls back to
    the default list of the language.  Raises :class:`PromptError` for an unsupported language.
    """
    lang = _language(language)
    family = _family(dataset)
    if family == "medec" and lang == "en":
        return "medec"
    if family in ("mederrbench", "medrect") and f"{family}-{lang}" in ERROR_TYPES:
        return f"{family}-{lang}"
    return _DEFAULT_KEY[lang]


def error_types_for(dataset: str, language: str) -> tuple[str, ...]:
    """The error-type list a note of ``dataset`` in ``language`` is prompted with."""
    return ERROR_TYPES[dataset_key(dataset, language)]


def _style(style: str) -> str:
    if style not in STYLES:
        raise PromptError(f"unknown prompt style {style!r}; use one of {', '.join(STYLES)}")
    return style


def system_prompt(style: PromptStyle | str, language: str) -> str:
    """The system message of ``style`` in ``language``."""
    return _WORDING[_language(language)].system[_style(style)]


def user_prompt(style: PromptStyle | str, note_text: str, *, dataset: str, language: str) -> str:
    """The user message for one note: task, error definition with the dataset's error types, the four-line
    format, then the note."""
    wording = _WORDING[_language(language)]
    types = wording.join(error_types_for(dataset, language))
    return wording.user[_style(style)].format(types=types, note=note_text)


def build_messages(note: NoteLike, style: PromptStyle | str) -> tuple[Message, ...]:
    """(system, user) messages for ``note``; :class:`PromptError` for a blank note or unsupported language."""
    if not isinstance(note.text, str) or not note.text.strip():
        raise PromptError(f"note {note.id!r} has no text")
    return (
        Message("system", system_prompt(style, note.language)),
        Message("user", user_prompt(style, note.text, dataset=note.dataset, language=note.language)),
    )


# -- configurations ----------------------------------------------------------------------------------------------


def note_seed(seed: int, note_id: str) -> int:
    """The sampling seed of one note: a 31-bit number from ``sha256(f"{seed}:{note_id}")``.

    It depends on the run seed and the note only, not on order, batching or concurrency.
    """
    digest = hashlib.sha256(f"{seed}:{note_id}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True, slots=True)
class PairedConfig:
    """One prompt-decoding configuration (seed 002 §3.3).  ``temperature == 0`` is greedy decoding."""

    name: str
    style: PromptStyle
    temperature: float = 0.0
    top_p: float = 1.0
    max_tokens: int = DEFAULT_MAX_TOKENS

    def __post_init__(self) -> None:
        if not self.name or not re.fullmatch(r"[A-Za-z0-9._+-]+", self.name):
            raise PromptError(f"configuration name {self.name!r} must be letters, digits and . _ + -")
        _style(self.style)
        self.generation(0)  # validates temperature, top_p, max_tokens

    @property
    def greedy(self) -> bool:
        return self.temperature == 0.0

    def generation(self, seed: int | None) -> GenerationConfig:
        """Decoding settings; ``seed`` is used for sampling only (greedy requests carry none, so their cache
        entries do not depend on the run seed)."""
        return GenerationConfig(
            temperature=self.temperature,
            top_p=self.top_p,
            max_tokens=self.max_tokens,
            seed=None if self.temperature == 0.0 else seed,
        )

    def describe(self) -> JSONObject:
        return {
            "name": self.name,
            "style": self.style,
            "temperature": self.temperature,
            "top_p": self.top_p,
            "max_tokens": self.max_tokens,
            "decoding": "greedy" if self.greedy else "sampling",
        }


CONFIGS: Mapping[str, PairedConfig] = {
    c.name: c
    for c in (
        PairedConfig("neutral-greedy", "neutral"),
        PairedConfig("neutral-sampling", "neutral", temperature=0.7, top_p=0.9),
        PairedConfig("conservative-greedy", "conservative"),
        PairedConfig("conservative-sampling", "conservative", temperature=0.7, top_p=0.9),
    )
}
"""The four configurations of seed 002 §3.3 / Appendix D, in the paper's order."""


def resolve_configs(
    configs: str | PairedConfig | Sequence[str | PairedConfig] | None = None,
) -> tuple[PairedConfig, ...]:
    """Configurations from names (``CONFIGS`` keys) and/or :class:`PairedConfig` objects; ``None``: all four.

    A single name or config is accepted too.  Duplicate names raise :class:`PromptError`.
    """
    if configs is None:
        return tuple(CONFIGS.values())
    raw = [configs] if isinstance(configs, str | PairedConfig) else configs
    if not isinstance(raw, list | tuple):
        raise PromptError("configs must be a name, a PairedConfig, or a list of them")
    out: list[PairedConfig] = []
    for entry in raw:
        if isinstance(entry, PairedConfig):
            out.append(entry)
        elif isinstance(entry, str) and entry in CONFIGS:
            out.append(CONFIGS[entry])
        else:
            raise PromptError(f"unknown configuration {entry!r}; use one of {', '.join(CONFIGS)}")
    if not out:
        raise PromptError("no configuration given")
    names = [c.name for c in out]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise PromptError(f"configuration given twice: {', '.join(duplicates)}")
    return tuple(out)


def request_id(note_id: str, config: str) -> str:
    """The request / run-item id of one note under one configuration."""
    return f"{config}:{note_id}"


def build_request(note: NoteLike, config: PairedConfig | str, *, seed: int) -> GenerationRequest:
    """The chat request for ``note`` under ``config`` (a :class:`PairedConfig` or a :data:`CONFIGS` name).

    Sampling configurations are seeded with :func:`note_seed` ``(seed, note.id)``.  Raises :class:`PromptError`
    when the note cannot be prompted (blank text, unsupported language, unknown configuration).
    """
    cfg = config if isinstance(config, PairedConfig) else resolve_configs(config)[0]
    return GenerationRequest(
        request_id(note.id, cfg.name),
        messages=build_messages(note, cfg.style),
        config=cfg.generation(note_seed(seed, note.id)),
    )
