"""Reading stage-wise traces out of model output, and the records a run writes (seed 004 §3-§4).

:func:`parse_trace` finds the ``Visual Recognition`` / ``Knowledge Recall`` / ``Reasoning Integration`` /
``Answer`` sections however they are marked up (``**VR**:``, ``### Knowledge Recall``, ``1. Reasoning
Integration -``) and checks format validity as seed 004 §3 ("Trace validation and filtering") states it: every
stage present and non-trivial, and an answer.  A stage is trivial when it is a placeholder (``N/A``, ``none``,
``see above``) or shorter than ``min_words`` words (CJK text: two characters count as one word).  The first
occurrence of a stage wins; the *last* ``Answer:`` section is the answer, and only its first non-empty line.

:class:`StagewiseRecord` is one (item, context) row of ``records.jsonl``: the final trace, every generation
attempt with its raw output and problems, the answer's correctness and one :class:`StageJudgement` per stage.
:class:`HumanLabel` is one row of a human label file (judge-human agreement, seed 004 §5).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, cast, get_args

from medhal.data.stagewise import STAGE_NAMES, STAGES
from medhal.detect.records import JSON, JSONObject
from medhal.text import word_count

__all__ = [
    "RECORD_SCHEMA_VERSION",
    "Attempt",
    "CorrectnessMethod",
    "HumanLabel",
    "JudgeStatus",
    "ParsedTrace",
    "StageJudgement",
    "StagewiseRecord",
    "TraceStatus",
    "human_label_from_dict",
    "is_trivial",
    "parse_trace",
    "strip_thinking",
]

RECORD_SCHEMA_VERSION = "1.0"
TraceStatus = Literal["valid", "invalid", "api_error", "input_error", "skipped"]
"""``valid``/``invalid``: the model answered (format valid or not after every regeneration); ``api_error``: no
answer; ``input_error``: the item could not be sent (unreadable image); ``skipped``: the intervention could not
be applied (no reference trace, or no VR of the model's own for ``rep-k``)."""
JudgeStatus = Literal["hallucinated", "faithful", "judge_failure", "missing", "no_reference", "given"]
"""``judge_failure``: the judge call failed or its reply had no readable verdict; never a hallucination."""
CorrectnessMethod = Literal["exact", "judge", "judge_failure", "no_answer", "not_scored"]
JUDGE_STATUSES: tuple[str, ...] = get_args(JudgeStatus)
TRACE_STATUSES: tuple[str, ...] = get_args(TraceStatus)

_NAME_ALT = r"visual\s+recognition|knowledge\s+recall|reasoning\s+integration|(?:final\s+)?answer|vr|kr|ri"
_HEADER = re.compile(
    r"^[ \t>]*(?:#{1,6}[ \t]*)?(?:[-*•+][ \t]+)?(?:\*\*|__)?[ \t]*"
    r"(?:(?:step|stage)[ \t]*\d[ \t]*[:.)\-–—]?[ \t]*|\d[ \t]*[.)][ \t]*)?(?:\*\*|__)?[ \t]*"
    rf"(?P<name>{_NAME_ALT})[ \t]*(?:\((?:vr|kr|ri)\))?[ \t]*(?:\*\*|__)?[ \t]*"
    r"(?:[:：\-–—][ \t]*(?:\*\*|__)?|$)",
    re.IGNORECASE | re.MULTILINE,
)
_KEYS = {"visual recognition": "vr", "knowledge recall": "kr", "reasoning integration": "ri"}
_PLACEHOLDERS = frozenset(
    {"", "n/a", "na", "none", "nil", "null", "-", "...", "…", "tbd", "same as above", "see above", "not applicable"}
)
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


def strip_thinking(text: str) -> str:
    """``text`` without ``<think>...</think>`` blocks (and anything before an unmatched ``</think>``)."""
    text = _THINK.sub("", text)
    closing = text.lower().rfind("</think>")
    return text[closing + len("</think>") :] if closing >= 0 else text


def _key(name: str) -> str:
    low = " ".join(name.lower().split())
    if low.endswith("answer"):
        return "answer"
    return _KEYS.get(low, low)


def _cjk(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F") and ch.isalnum()


def is_trivial(text: str, min_words: int = 3) -> bool:
    """A placeholder or fewer than ``min_words`` words (two CJK characters count as one word)."""
    clean = text.strip().strip("*_`#>").strip()
    if clean.lower().rstrip(".") in _PLACEHOLDERS:
        return True
    cjk = sum(1 for ch in clean if _cjk(ch))
    rest = "".join(" " if _cjk(ch) else ch for ch in clean)
    return word_count(rest) + cjk // 2 < min_words


@dataclass(frozen=True, slots=True)
class ParsedTrace:
    """The sections found in one output and what makes it invalid (``problems``; empty when valid)."""

    stages: Mapping[str, str]
    answer: str | None
    problems: tuple[str, ...]

    @property
    def valid(self) -> bool:
        return not self.problems


def parse_trace(text: str, *, required: Sequence[str] = STAGES, min_words: int = 3) -> ParsedTrace:
    """The stages and answer of ``text``; ``required`` are the stages the model had to write."""
    body = strip_thinking(text or "")
    marks = [(m.start(), m.end(), _key(m.group("name"))) for m in _HEADER.finditer(body)]
    stages: dict[str, str] = {}
    answer_section: str | None = None
    for index, (_, end, key) in enumerate(marks):
        stop = marks[index + 1][0] if index + 1 < len(marks) else len(body)
        section = body[end:stop].strip()
        if key == "answer":
            answer_section = section
        elif key not in stages:
            stages[key] = section
    answer = None
    if answer_section:
        lines = [ln.strip().strip("*_`").strip() for ln in answer_section.splitlines()]
        answer = next((ln for ln in lines if ln), None)
    problems = []
    for stage in required:
        if stage not in stages or not stages[stage].strip():
            problems.append(f"missing: {STAGE_NAMES[stage]}")
        elif is_trivial(stages[stage], min_words):
            problems.append(f"trivial: {STAGE_NAMES[stage]}")
    if not answer:
        problems.append("missing: Answer")
    return ParsedTrace(stages, answer, tuple(problems))


@dataclass(frozen=True, slots=True)
class Attempt:
    """One generation attempt: the call's status, the raw output and the validity problems found in it."""

    status: str
    output: str | None
    problems: tuple[str, ...] = ()
    reason: str | None = None

    def to_dict(self) -> JSONObject:
        return {"status": self.status, "output": self.output, "problems": list(self.problems), "reason": self.reason}


@dataclass(frozen=True, slots=True)
class StageJudgement:
    """The judge's verdict on one stage (seed 004 §4): status, the judge's reason, its raw reply."""

    status: JudgeStatus
    reason: str | None = None
    raw: str | None = None

    def to_dict(self) -> JSONObject:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class StagewiseRecord:
    """One (item, context) row of ``records.jsonl``; ``correct`` is ``None`` only when it is unknown
    (``judge_failure``, or a ``skipped`` intervention)."""

    item_id: str
    dataset: str
    model: str
    context: str
    modality: str
    status: TraceStatus
    stages: Mapping[str, str] = field(default_factory=dict)
    answer: str | None = None
    correct: bool | None = None
    correctness: CorrectnessMethod = "not_scored"
    correctness_reason: str | None = None
    judgements: Mapping[str, StageJudgement] = field(default_factory=dict)
    given: tuple[str, ...] = ()
    attempts: tuple[Attempt, ...] = ()
    reason: str | None = None

    @property
    def valid(self) -> bool:
        return self.status == "valid"

    def to_dict(self) -> JSONObject:
        return {
            "schema_version": RECORD_SCHEMA_VERSION,
            "item_id": self.item_id,
            "dataset": self.dataset,
            "model": self.model,
            "context": self.context,
            "modality": self.modality,
            "status": self.status,
            "reason": self.reason,
            "given": list(self.given),
            "stages": dict(self.stages),
            "answer": self.answer,
            "correct": self.correct,
            "correctness": self.correctness,
            "correctness_reason": self.correctness_reason,
            "judgements": {k: v.to_dict() for k, v in self.judgements.items()},
            "attempts": [a.to_dict() for a in self.attempts],
        }

    @classmethod
    def from_dict(cls, obj: Mapping[str, Any]) -> StagewiseRecord:  # a JSON record read back: checked here
        """Inverse of :meth:`to_dict`; raises ``ValueError`` (one line) for a malformed record."""
        try:
            status = obj["status"]
            if status not in TRACE_STATUSES:
                raise ValueError(f"status {status!r} is not one of {', '.join(TRACE_STATUSES)}")
            judgements = {}
            for stage, j in (obj.get("judgements") or {}).items():
                if stage not in STAGES or j.get("status") not in JUDGE_STATUSES:
                    raise ValueError(f"bad judgement for stage {stage!r}")
                judgements[stage] = StageJudgement(j["status"], j.get("reason"), j.get("raw"))
            correct = obj.get("correct")
            if correct is not None and not isinstance(correct, bool):
                raise ValueError("correct must be true, false or null")
            attempts = tuple(
                Attempt(a["status"], a.get("output"), tuple(a.get("problems") or ()), a.get("reason"))
                for a in obj.get("attempts") or ()
            )
            return cls(
                item_id=str(obj["item_id"]),
                dataset=str(obj.get("dataset") or "default"),
                model=str(obj.get("model") or "unknown"),
                context=str(obj["context"]),
                modality=str(obj.get("modality") or "text"),
                status=cast(TraceStatus, status),
                stages={str(k): str(v) for k, v in (obj.get("stages") or {}).items()},
                answer=obj.get("answer"),
                correct=correct,
                correctness=cast(CorrectnessMethod, obj.get("correctness") or "not_scored"),
                correctness_reason=obj.get("correctness_reason"),
                judgements=judgements,
                given=tuple(obj.get("given") or ()),
                attempts=attempts,
                reason=obj.get("reason"),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"malformed record ({type(exc).__name__}: {exc})") from None


@dataclass(frozen=True, slots=True)
class HumanLabel:
    """A human's label for one judged target: ``answer`` (True = correct) or a stage (True = hallucinated).
    ``model`` picks the record when the records hold several models' runs."""

    item_id: str
    context: str
    target: str
    label: bool
    model: str | None = None


_TRUE = frozenset({"1", "true", "yes", "correct", "hallucinated", "hallucination"})
_FALSE = frozenset({"0", "false", "no", "incorrect", "wrong", "faithful", "not hallucinated"})


def human_label_from_dict(obj: Mapping[str, JSON]) -> HumanLabel:
    """``{"id" | "item_id", "context"?: "none", "target": "answer" | "vr" | "kr" | "ri", "label": bool | 0/1 |
    "correct"/"incorrect" | "hallucinated"/"faithful", "model"?}``; ``ValueError`` (one line) otherwise."""
    ident = obj.get("item_id", obj.get("id"))
    if ident is None or str(ident).strip() == "":
        raise ValueError("a human label needs an id")
    target = str(obj.get("target", "answer")).strip().lower()
    if target not in ("answer", *STAGES):
        raise ValueError(f"target {target!r} is not answer, vr, kr or ri")
    raw = obj.get("label")
    if isinstance(raw, bool):
        label = raw
    elif isinstance(raw, int) and raw in (0, 1):
        label = bool(raw)
    elif isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
        label = raw.strip().lower() in _TRUE
    else:
        raise ValueError(f"label {raw!r} is not a boolean, 0/1 or a verdict word")
    model = obj.get("model")
    return HumanLabel(str(ident), str(obj.get("context") or "none"), target, label, str(model) if model else None)
