"""Judging stage-wise records (seed 004 §4): answer correctness and per-stage hallucination verdicts.

* Closed answers (options, yes/no, short terms) are matched exactly after normalization (NFKC, case, punctuation,
  articles); option replies may name labels (``B``, ``(b)``, ``a, e``) or an option's text.  Open answers go to
  the LLM judge.
* Every generated stage that has a reference stage is compared with it by the LLM judge, which replies with a
  JSON verdict and a reason.  A stage the model did not write is ``missing``; a stage the context fixed is
  ``given``; an item without a reference trace gives ``no_reference``.
* A judge call that fails, or whose reply has no readable verdict, is ``judge_failure`` with the reason: never a
  hallucination, never dropped (seed 004 "Pitfalls" in the issue: the authors' code counts it as a hallucination;
  :mod:`~medhal.bench.stagewise.metrics` can reproduce that, labelled).
"""

from __future__ import annotations

import dataclasses
import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from medhal.bench.stagewise.parsing import JudgeStatus, StageJudgement, StagewiseRecord
from medhal.bench.stagewise.prompts import answer_judge_prompt, build_request, stage_judge_prompt
from medhal.data.stagewise import STAGES, StagewiseItem
from medhal.llm.base import GenerationConfig, GenerationRequest, GenerationResult
from medhal.llm.parsing import ParseFailure, get_field, parse_json_object, parse_option

__all__ = [
    "JudgeTask",
    "apply_judgements",
    "closed_correct",
    "extract_option_labels",
    "judge_tasks",
    "normalize_answer",
    "parse_verdict",
    "score_closed_answers",
]

_PUNCT = set(string.punctuation) | set("、。，．・「」『』（）［］【】：；！？\u3000")
_ARTICLES = frozenset({"a", "an", "the"})


def normalize_answer(text: str) -> str:
    """NFKC, lower case, punctuation to spaces, articles dropped, whitespace collapsed."""
    low = unicodedata.normalize("NFKC", text).lower()
    spaced = "".join(" " if ch in _PUNCT else ch for ch in low)
    return " ".join(w for w in spaced.split() if w not in _ARTICLES)


_LEAD = re.compile(r"^\s*(?:the\s+)?(?:(?:correct\s+)?answers?\s*(?:is|are|:)?|options?|choices?)\s*[:：]?\s*", re.I)
_SPLIT = re.compile(r"\s*(?:[,，、;/&]|\band\b)\s*", re.I)
_LABEL_HEAD = re.compile(r"^[(\[（]?([A-Za-z0-9])[)\]）.:：]?(?:\s+(.*))?$", re.S)


def _one_label(piece: str, item: StagewiseItem) -> str | None:
    """The label one piece of a reply names: ``b``, ``(B)``, ``B. <its text>`` or an option's exact text."""
    labels = {normalize_answer(k): k for k, _ in item.options}
    texts = {normalize_answer(v): k for k, v in item.options if v.strip()}
    piece = piece.strip().strip("*`").strip().rstrip("。.")
    head = _LABEL_HEAD.match(piece)
    if head and normalize_answer(head.group(1)) in labels:
        label = labels[normalize_answer(head.group(1))]
        rest = normalize_answer(head.group(2) or "").replace(" ", "")
        own = normalize_answer(dict(item.options)[label]).replace(" ", "")
        if not rest or (own and (rest in own or own in rest)):
            return label
    return texts.get(normalize_answer(piece))


def extract_option_labels(text: str, item: StagewiseItem) -> frozenset[str] | None:
    """The option labels a reply names (``None`` when some part of it names no option)."""
    reply = _LEAD.sub("", unicodedata.normalize("NFKC", text).strip(), count=1)
    whole = _one_label(reply, item)
    if whole is not None:
        return frozenset({whole})
    found: set[str] = set()
    for piece in _SPLIT.split(reply):
        if not piece.strip():
            continue
        label = _one_label(piece, item)
        if label is None:
            return _fallback(text, item)
        found.add(label)
    return frozenset(found) if found else _fallback(text, item)


def _fallback(text: str, item: StagewiseItem) -> frozenset[str] | None:
    """Single-choice replies in prose ("the answer is (B) because ..."), via the LLM parsing toolkit."""
    keys = [k for k, _ in item.options]
    sequential = [k.upper() for k in keys] == [chr(ord("A") + i) for i in range(len(keys))]
    if item.select != 1 or not sequential:
        return None
    index = parse_option(text, [v for _, v in item.options])
    return None if isinstance(index, ParseFailure) else frozenset({keys[index]})


def closed_correct(item: StagewiseItem, answer: str) -> bool:
    """Normalized exact match of a closed answer (seed 004 §4 "Answer-level evaluation")."""
    if item.answer_type == "option":
        chosen = extract_option_labels(answer, item)
        return chosen is not None and len(chosen) == item.select and chosen <= set(item.answer)
    norm = normalize_answer(answer)
    if item.answer_type == "yes_no":
        first = norm.split()[0] if norm else ""
        return first in ("yes", "no") and first == normalize_answer(item.answer[0])
    return norm in {normalize_answer(a) for a in item.answer}


def parse_verdict(text: str, key: str) -> tuple[bool, str | None] | ParseFailure:
    """``{"<key>": true|false, "reason": ...}`` from a judge reply (``"yes"``/``"no"`` strings accepted)."""
    obj = parse_json_object(text, required=[key])
    if isinstance(obj, ParseFailure):
        return obj
    value = get_field(obj, key)
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "false", "no"):
        value = value.strip().lower() in ("true", "yes")
    if not isinstance(value, bool):
        return ParseFailure(text, f"{key} is {value!r}, not true or false")
    try:
        reason = get_field(obj, "reason")
    except KeyError:
        reason = None
    return value, None if reason is None else str(reason)


def score_closed_answers(record: StagewiseRecord, item: StagewiseItem) -> StagewiseRecord:
    """Correctness of a closed answer, or of a record without an answer (wrong; ``no_answer``)."""
    if record.status == "skipped":
        return record
    if not record.answer:
        why = record.reason or "no answer in the output"
        return dataclasses.replace(record, correct=False, correctness="no_answer", correctness_reason=why)
    if not item.closed:
        return record
    return dataclasses.replace(record, correct=closed_correct(item, record.answer), correctness="exact")


@dataclass(frozen=True, slots=True)
class JudgeTask:
    """One judge call: which record (index) and target (``answer`` or a stage) it decides."""

    record: int
    target: str
    request: GenerationRequest


def judge_tasks(
    records: Sequence[StagewiseRecord], items: Mapping[str, StagewiseItem], config: GenerationConfig
) -> tuple[list[JudgeTask], list[StagewiseRecord]]:
    """The judge calls the records need, and the records with every verdict that needs no call filled in."""
    tasks: list[JudgeTask] = []
    out: list[StagewiseRecord] = []
    for index, record in enumerate(records):
        item = items[record.item_id]
        record = score_closed_answers(record, item)
        judgements = dict(record.judgements)
        if record.status not in ("skipped", "input_error"):
            for stage in STAGES:
                if stage in record.given:
                    judgements[stage] = StageJudgement("given")
                elif item.reference is None:
                    judgements[stage] = StageJudgement("no_reference")
                elif not record.stages.get(stage, "").strip():
                    judgements[stage] = StageJudgement("missing")
                else:
                    text = stage_judge_prompt(item, stage, record.stages[stage], item.reference.stage(stage))
                    ident = f"{record.item_id}::{record.context}::judge-{stage}"
                    tasks.append(JudgeTask(index, stage, build_request(ident, item, text, config, images=False)))
        if record.correctness == "not_scored" and record.answer and not item.closed:
            ident = f"{record.item_id}::{record.context}::judge-answer"
            text = answer_judge_prompt(item, record.answer)
            tasks.append(JudgeTask(index, "answer", build_request(ident, item, text, config, images=False)))
        out.append(dataclasses.replace(record, judgements=judgements))
    return tasks, out


def apply_judgements(
    records: Sequence[StagewiseRecord], tasks: Sequence[JudgeTask], results: Sequence[GenerationResult]
) -> list[StagewiseRecord]:
    """Records with the judge's replies applied; failed or unreadable replies become ``judge_failure``."""
    out = list(records)
    for task, result in zip(tasks, results, strict=True):
        record = out[task.record]
        key = "correct" if task.target == "answer" else "hallucinated"
        verdict = parse_verdict(result.text, key) if result.ok else ParseFailure(result.text, result.reason or "")
        if isinstance(verdict, ParseFailure):
            why = (
                f"judge {result.status}: {verdict.reason}" if not result.ok else f"unreadable verdict: {verdict.reason}"
            )
            raw = result.text or None
            if task.target == "answer":
                out[task.record] = dataclasses.replace(
                    record, correct=None, correctness="judge_failure", correctness_reason=why
                )
            else:
                judgements = {**record.judgements, task.target: StageJudgement("judge_failure", why, raw)}
                out[task.record] = dataclasses.replace(record, judgements=judgements)
            continue
        value, reason = verdict
        if task.target == "answer":
            out[task.record] = dataclasses.replace(
                record, correct=value, correctness="judge", correctness_reason=reason
            )
        else:
            status: JudgeStatus = "hallucinated" if value else "faithful"
            judgements = {**record.judgements, task.target: StageJudgement(status, reason, result.text)}
            out[task.record] = dataclasses.replace(record, judgements=judgements)
    return out
