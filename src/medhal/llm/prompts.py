"""Prompt templates: instruction, output format, k worked examples and the item, with seeded few-shot choice.

Seed 001 "Pitfalls" (Unseeded few-shot choice): Med-HALT draws its worked examples with an unseeded
``random.sample``, so two runs of the same configuration can show the model different examples, and its shot
count is fixed in code ("Paper vs code", Worked examples).  Here the examples of an item are drawn with
``random.Random(f"{seed}:{item_id}")``: reproducible for a seed, independent of item order, batch size and
concurrency, and an item never sees itself (or any example with its id) as a worked example.  ``k`` is a field.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from medhal.errors import InputError
from medhal.llm.base import Message

__all__ = ["Example", "PromptTemplate", "TemplateError", "select_examples"]


class TemplateError(InputError):
    """A template names a field the item does not provide, or is malformed (one-line message)."""


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example: the fields its input template needs and the answer to show."""

    fields: Mapping[str, Any]
    answer: str
    id: str | None = None


def select_examples(pool: Sequence[Example], k: int, *, seed: int, item_id: str) -> tuple[Example, ...]:
    """``k`` examples from ``pool`` drawn with ``Random(f"{seed}:{item_id}")``, never one with ``item_id``.

    The draw depends only on (pool, k, seed, item id).  Fewer than ``k`` eligible examples: all of them.
    """
    if k < 0:
        raise TemplateError(f"k must be >= 0, got {k}")
    eligible = [e for e in pool if e.id is None or e.id != item_id]
    if k == 0 or not eligible:
        return ()
    rng = random.Random(f"{seed}:{item_id}")
    return tuple(rng.sample(eligible, min(k, len(eligible))))


def _fields_of(template: str) -> set[str]:
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
    except ValueError as exc:
        raise TemplateError(f"malformed template: {exc}") from None


def _fill(template: str, values: Mapping[str, Any], what: str) -> str:
    missing = _fields_of(template) - set(values)
    if missing:
        raise TemplateError(f"{what} needs field(s) {', '.join(sorted(missing))}")
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        raise TemplateError(f"{what} cannot be filled: {exc}") from None


@dataclass(frozen=True, slots=True)
class PromptTemplate:
    """A prompt in four parts.  ``input_template`` formats an item's (or example's) fields with ``str.format``.

    As one text (:meth:`render`)::

        {instruction}\\n\\n{output_format}\\n\\n{example 1 input}\\n{answer_prefix}{answer}\\n\\n...\\n\\n
        {item input}\\n{answer_prefix}

    As chat (:meth:`render_messages`): the instruction and output format as the system message, each example as
    a user/assistant pair, the item as the last user message.
    """

    instruction: str
    input_template: str
    output_format: str = ""
    examples: tuple[Example, ...] = ()
    k: int = 0
    answer_prefix: str = "Answer: "
    separator: str = "\n\n"
    name: str = ""
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.k < 0:
            raise TemplateError(f"k must be >= 0, got {self.k}")
        _fields_of(self.input_template)
        for example in self.examples:
            _fill(self.input_template, example.fields, f"example {example.id or '?'}")

    def shots(self, item_id: str, seed: int) -> tuple[Example, ...]:
        """The worked examples this item gets (see :func:`select_examples`)."""
        return select_examples(self.examples, self.k, seed=seed, item_id=item_id)

    def _header(self) -> str:
        return self.separator.join(part for part in (self.instruction.strip(), self.output_format.strip()) if part)

    def render(self, fields: Mapping[str, Any], *, item_id: str, seed: int) -> str:
        """The whole prompt as one text, ending with ``answer_prefix`` (stripped of trailing spaces)."""
        blocks = [self._header()] if self._header() else []
        for example in self.shots(item_id, seed):
            blocks.append(
                f"{_fill(self.input_template, example.fields, 'example')}\n{self.answer_prefix}{example.answer}"
            )
        blocks.append(f"{_fill(self.input_template, fields, f'item {item_id}')}\n{self.answer_prefix}".rstrip())
        return self.separator.join(blocks)

    def render_messages(self, fields: Mapping[str, Any], *, item_id: str, seed: int) -> tuple[Message, ...]:
        """The prompt as chat messages (system, then example pairs, then the item)."""
        messages: list[Message] = []
        if self._header():
            messages.append(Message("system", self._header()))
        for example in self.shots(item_id, seed):
            messages.append(Message("user", _fill(self.input_template, example.fields, "example")))
            messages.append(Message("assistant", example.answer))
        messages.append(Message("user", _fill(self.input_template, fields, f"item {item_id}")))
        return tuple(messages)

    def describe(self) -> dict[str, Any]:
        """JSON-ready summary for ``config.json`` (the template text and the example ids, not their content)."""
        return {
            "name": self.name,
            "instruction": self.instruction,
            "output_format": self.output_format,
            "input_template": self.input_template,
            "answer_prefix": self.answer_prefix,
            "k": self.k,
            "example_ids": [e.id for e in self.examples],
            "metadata": dict(self.metadata),
        }
