"""Prompts of the stage-wise suite (seed 004 §3-§4, App. C), written from the seed's description.

* :func:`generation_prompt`: reason in the three labelled stages, then answer (seed 004 §3 "Structured reasoning
  traces").  A text-only item's Visual Recognition lists the case findings given in the text.
* :func:`intervention_prompt`: stage replacement (seed 004 §4): the given stage(s) are fixed, the model writes
  the remaining stage(s) and answers again.  ``rep-v`` gives the reference VR, ``rep-vk`` the reference VR and
  KR, ``rep-k`` the model's own VR with the reference KR.
* :func:`reference_prompt`: reference-trace construction from the gold answer (seed 004 App. G, "reference
  trace construction prompt"), for sets without gold traces.
* :func:`stage_judge_prompt` / :func:`answer_judge_prompt`: the LLM judge (seed 004 §4, App. C) replying with a
  JSON verdict and a reason.

The seed names the templates (Figs. 7-13) without giving their text; these are medhal's own
(:data:`PROMPT_VERSION` is recorded in every run).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, get_args

from medhal.data.stagewise import STAGE_NAMES, STAGES, StagewiseItem
from medhal.llm.base import GenerationConfig, GenerationRequest, ImagePart, Message, TextPart

__all__ = [
    "CONTEXTS",
    "GIVEN",
    "INTERVENTIONS",
    "PROMPT_VERSION",
    "REFERENCE_STAGES",
    "SYSTEM",
    "Context",
    "answer_judge_prompt",
    "build_request",
    "format_question",
    "generation_config",
    "generation_prompt",
    "intervention_prompt",
    "parse_contexts",
    "reference_prompt",
    "stage_judge_prompt",
    "training_prompt",
]

PROMPT_VERSION = "stagewise-1"
Context = Literal["none", "rep-v", "rep-k", "rep-vk"]
CONTEXTS: tuple[Context, ...] = get_args(Context)
INTERVENTIONS: tuple[Context, ...] = ("rep-v", "rep-k", "rep-vk")
GIVEN: dict[str, tuple[str, ...]] = {"none": (), "rep-v": ("vr",), "rep-k": ("vr", "kr"), "rep-vk": ("vr", "kr")}
"""Stages fixed before the model continues.  Under ``rep-k`` the VR is the model's own (from ``none``) and only
the KR is a reference stage, so ``rep-k`` replaces the knowledge stage alone (seed 004 §4)."""
REFERENCE_STAGES: dict[str, tuple[str, ...]] = {"none": (), "rep-v": ("vr",), "rep-k": ("kr",), "rep-vk": ("vr", "kr")}
"""The given stages that come from the reference trace (the rest of :data:`GIVEN` is the model's own)."""

SYSTEM = "You are an expert medical professional. Answer carefully and follow the requested output format exactly."

_GUIDE = {
    "vr": "describe what you observe in the image(s) that bears on the question (modality, anatomy, findings, "
    "abnormalities) without interpreting it yet.",
    "vr-text": "no image is given, so list the clinical findings stated in the case text (history, examination, "
    "test results) that bear on the question, without interpreting them yet.",
    "kr": "state the medical knowledge needed to interpret these findings and answer the question (definitions, "
    "typical presentations, criteria, associations).",
    "ri": "combine the findings with the recalled knowledge step by step and reach the answer.",
}


def parse_contexts(text: str) -> tuple[Context, ...]:
    """``none,rep-v,rep-k,rep-vk`` (any order, ``all``) -> contexts in canonical order; ``none`` always runs."""
    names = {t.strip().lower() for t in text.split(",") if t.strip()}
    if "all" in names:
        names = set(CONTEXTS)
    unknown = sorted(names - set(CONTEXTS))
    if unknown:
        raise ValueError(f"unknown intervention(s) {', '.join(unknown)}; use none, rep-v, rep-k, rep-vk")
    return tuple(c for c in CONTEXTS if c in names or c == "none")


def _answer_format(item: StagewiseItem) -> str:
    if item.answer_type == "option":
        if item.select > 1:
            return f"the labels of the {item.select} options you choose, comma-separated, and nothing else."
        return "the label of the option you choose and nothing else."
    if item.answer_type == "yes_no":
        return "yes or no."
    if item.answer_type == "short":
        return "the answer as a short term or phrase, on one line."
    return "the answer in one short sentence."


def format_question(item: StagewiseItem) -> str:
    lines = [f"Question: {item.question}"]
    if item.options:
        lines.append("Options:")
        lines.extend(f"{label}. {text or '(given in the question)'}" for label, text in item.options)
        if item.select > 1:
            lines.append(f"Choose {item.select} options.")
    return "\n".join(lines)


def _stage_lines(item: StagewiseItem, stages: Sequence[str]) -> list[str]:
    lines = []
    for stage in stages:
        guide = _GUIDE["vr-text" if stage == "vr" and not item.images else stage]
        lines.append(f"{STAGE_NAMES[stage]}: {guide}")
    lines.append(f"Answer: {_answer_format(item)}")
    return lines


def _format_rule(stages: Sequence[str]) -> str:
    headers = ", ".join(f'"{STAGE_NAMES[s]}:"' for s in stages)
    return (
        f'Write the headers exactly as shown ({headers}, "Answer:"), in this order, each at the start of a new line. '
        "You may reason in the language of the question, but keep the headers in English."
    )


def _staged_prompt(intro: Sequence[str], item: StagewiseItem, stages: Sequence[str]) -> str:
    """``intro``, then the guide of each of ``stages`` and the answer line, the header rule and the question, each
    part after a blank line: the body of every prompt that asks for the stages from the start."""
    return "\n".join([*intro, "", *_stage_lines(item, stages), "", _format_rule(stages), "", format_question(item)])


def generation_prompt(item: StagewiseItem) -> str:
    """The model under test reasons in the three labelled stages, then answers (seed 004 §3)."""
    source = "image(s) and question" if item.images else "case and question"
    intro = f"Analyse the {source} below with structured reasoning in exactly three stages, then give the answer."
    return _staged_prompt([intro], item, STAGES)


def training_prompt(item: StagewiseItem, stages: Sequence[str]) -> str:
    """The instruction of a trace-supervised training example (seed 004 §4, App. A) asking for ``stages``
    (none: the answer only); with all three stages it is :func:`generation_prompt`."""
    if tuple(stages) == STAGES:
        return generation_prompt(item)
    if not stages:
        return "\n".join([f"Answer the question below.\nAnswer: {_answer_format(item)}", "", format_question(item)])
    named = ", ".join(STAGE_NAMES[s] for s in stages)
    return _staged_prompt(
        [f"Analyse the question below with structured reasoning ({named}), then give the answer."], item, stages
    )


def intervention_prompt(item: StagewiseItem, context: Context, given: Mapping[str, str]) -> str:
    """Stage replacement (seed 004 §4): the given stages are fixed; the model writes the rest and answers."""
    fixed = GIVEN[context]
    if not fixed or any(not given.get(s, "").strip() for s in fixed):
        raise ValueError(f"context {context!r} needs the stage(s) {', '.join(fixed)}")
    remaining = [s for s in STAGES if s not in fixed]
    named = " and ".join(STAGE_NAMES[s] for s in fixed)
    return "\n".join(
        [
            "You are answering the question below with structured reasoning in three stages (Visual Recognition, "
            "Knowledge Recall, Reasoning Integration), followed by the answer.",
            f"The {named} stage{'s are' if len(fixed) > 1 else ' is'} already written below. Take "
            f"{'them' if len(fixed) > 1 else 'it'} as given and correct; do not rewrite or contradict "
            f"{'them' if len(fixed) > 1 else 'it'}.",
            "",
            format_question(item),
            "",
            *(f"{STAGE_NAMES[s]}: {given[s].strip()}" for s in fixed),
            "",
            "Continue the reasoning: write the remaining stage(s), then the answer.",
            *_stage_lines(item, remaining),
            "",
            _format_rule(remaining),
        ]
    )


def reference_prompt(item: StagewiseItem, gold: str) -> str:
    """Reference-trace construction from the gold answer (seed 004 §3, App. G)."""
    return _staged_prompt(
        [
            f"The correct answer to the question below is: {gold}",
            "Write the reference explanation an expert would give: structured reasoning in exactly three stages "
            "that leads to this answer, then the answer itself. Do not mention that the answer was given to you.",
        ],
        item,
        STAGES,
    )


_JUDGE_STAGE = {
    "vr": "what is observed in the image(s), or the findings read from the case text",
    "kr": "the medical knowledge recalled to interpret the findings",
    "ri": "how the findings and knowledge are combined to reach the answer",
}


def stage_judge_prompt(item: StagewiseItem, stage: str, generated: str, reference: str) -> str:
    """Compare one generated stage with the reference stage (seed 004 §4); reply with a JSON verdict."""
    name = STAGE_NAMES[stage]
    return "\n".join(
        [
            f"You are checking the {name} stage of a model's reasoning about a medical question for "
            f"hallucinations. This stage covers {_JUDGE_STAGE[stage]}.",
            f"Compare the model's {name} with the reference {name} written by experts. The model's stage is "
            "hallucinated if it states something that contradicts the reference or the question, or asserts "
            "findings or facts that the reference does not support and that are wrong. Differences in wording, "
            "order or detail are not hallucinations; an omission alone is not one unless it makes a statement "
            "wrong.",
            "",
            format_question(item),
            "",
            f"Reference {name}: {reference.strip()}",
            "",
            f"Model's {name}: {generated.strip()}",
            "",
            'Reply with only a JSON object: {"hallucinated": true or false, "reason": "<one sentence>"}',
        ]
    )


def answer_judge_prompt(item: StagewiseItem, predicted: str) -> str:
    """Grade an open answer against the gold answer (seed 004 §4 "Answer-level evaluation")."""
    gold = " / ".join(item.answer)
    return "\n".join(
        [
            "You are grading the answer to a medical question against the reference answer. The answer is correct "
            "if it means the same as the reference answer (synonyms and extra correct detail are fine); it is "
            "incorrect if it names something else, is vaguer than needed, or contradicts the reference.",
            "",
            format_question(item),
            "",
            f"Reference answer: {gold}",
            f"Model's answer: {predicted.strip()}",
            "",
            'Reply with only a JSON object: {"correct": true or false, "reason": "<one sentence>"}',
        ]
    )


def generation_config(attempt: int, *, seed: int, temperature: float, max_tokens: int) -> GenerationConfig:
    """Attempt 0 is greedy; regeneration ``k`` samples at ``temperature`` with seed ``seed + k`` (cacheable, and
    a different request from the one that produced the invalid trace)."""
    if attempt == 0:
        return GenerationConfig(temperature=0.0, max_tokens=max_tokens)
    return GenerationConfig(temperature=temperature, max_tokens=max_tokens, seed=seed + attempt)


def build_request(
    request_id: str, item: StagewiseItem, text: str, config: GenerationConfig, *, images: bool = True
) -> GenerationRequest:
    """A chat request: the system prompt, then the item's images (data URLs) and ``text``.

    Raises :class:`~medhal.llm.base.RequestError` for an image that cannot be read.
    """
    parts = tuple(ImagePart.from_path(p) for p in item.images) if images else ()
    user = Message("user", (*parts, TextPart(text))) if parts else Message("user", text)
    return GenerationRequest(request_id, messages=(Message("system", SYSTEM), user), config=config)
