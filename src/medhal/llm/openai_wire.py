"""The wire format of OpenAI-compatible servers: which parameters a model family takes and how a server says it
rejects one, and how an answer's choices, text parts and log-probabilities are read.

:class:`~medhal.llm.openai.OpenAIClient` sends and retries; this module holds what it needs to know about the
protocol itself (issue 19: today's API), so both stay under one concept each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from medhal.llm.base import TokenLogprob
from medhal.llm.retry import AttemptError

__all__ = [
    "ADAPTABLE",
    "TOKEN_PARAMS",
    "Choices",
    "content_text",
    "fix_hint",
    "is_reasoning_model",
    "read_choices",
    "rejected_parameter",
    "token_logprobs",
]

REASONING = re.compile(r"(?:^|[/:])(?:o[1-9][0-9]*(?:$|[-_.:])|gpt-5)", re.IGNORECASE)
ADAPTABLE = (
    "max_tokens",
    "max_completion_tokens",
    "temperature",
    "top_p",
    "response_format",
    "logprobs",
    "top_logprobs",
)
UNSUPPORTED = re.compile(
    r"unsupported|not supported|does not support|unrecognized|unknown (?:parameter|field|argument)"
    r"|extra (?:inputs|fields) (?:are )?not permitted|not allowed|invalid parameter",
    re.IGNORECASE,
)
TOKEN_PARAMS = frozenset({"max_tokens", "max_completion_tokens"})


def is_reasoning_model(model: str) -> bool:
    """Whether ``model`` names an OpenAI reasoning family (o1, o3, o4-mini, gpt-5...), which takes
    ``max_completion_tokens`` and only the default sampling parameters."""
    return REASONING.search(model) is not None


def rejected_parameter(status_code: int, body: str, sent: Mapping[str, Any]) -> str | None:
    """The request parameter a 400/422 answer says is unsupported, if it names one that was sent."""
    if status_code not in (400, 422) or not body:
        return None
    message = body
    try:
        data = json.loads(body)
    except ValueError:
        data = None
    if isinstance(data, Mapping):
        error = data.get("error")
        if isinstance(error, Mapping):
            param = error.get("param")
            if isinstance(param, str) and param in sent:
                return param
            message = str(error.get("message") or body)
    if not UNSUPPORTED.search(message):
        return None
    named = [name for name in sent if re.search(rf"\b{re.escape(name)}\b", message)]
    named = [n for n in named if n not in ("model", "messages", "prompt")]
    return named[0] if len(named) == 1 else next((n for n in named if n in ADAPTABLE), None)


def fix_hint(param: str, from_model_args: bool) -> str:
    if from_model_args:
        return f"drop -M {param}"
    if param == "max_tokens":
        return "pass -M max_completion_tokens=<N>"
    return f"pass -M {param}=null to leave it out"


def content_text(content: object) -> str:
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, Mapping) and p.get("type") == "text")
    raise AttemptError(f"unexpected message content type {type(content).__name__}", False)


Choices = tuple[tuple[str, ...], tuple[str | None, ...], tuple[tuple[TokenLogprob, ...] | None, ...]]
"""Texts, finish reasons and (when the server sent any) per-sample token log-probabilities of one answer."""


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def token_logprobs(raw: object, chat: bool) -> tuple[TokenLogprob, ...] | None:
    """A choice's ``logprobs`` object as tokens, or ``None`` when it is missing or not in the expected shape."""
    if not isinstance(raw, Mapping):
        return None
    out: list[TokenLogprob] = []
    if chat:
        content = raw.get("content")
        if not isinstance(content, list):
            return None
        for entry in content:
            if not isinstance(entry, Mapping) or not isinstance(entry.get("token"), str):
                return None
            logprob = _number(entry.get("logprob"))
            if logprob is None:
                return None
            alternatives = entry.get("top_logprobs")
            top = []
            for alt in alternatives if isinstance(alternatives, list) else []:
                if isinstance(alt, Mapping) and isinstance(alt.get("token"), str):
                    value = _number(alt.get("logprob"))
                    if value is not None:
                        top.append((alt["token"], value))
            out.append(TokenLogprob(entry["token"], logprob, tuple(top)))
        return tuple(out)
    tokens, values, tops = raw.get("tokens"), raw.get("token_logprobs"), raw.get("top_logprobs")
    if not isinstance(tokens, list) or not isinstance(values, list) or len(tokens) != len(values):
        return None
    tops = tops if isinstance(tops, list) and len(tops) == len(tokens) else [None] * len(tokens)
    for token, value, alternatives in zip(tokens, values, tops, strict=True):
        logprob = _number(value)
        if not isinstance(token, str) or logprob is None:
            return None
        top = []
        if isinstance(alternatives, Mapping):
            for alt, alt_value in alternatives.items():
                number = _number(alt_value)
                if isinstance(alt, str) and number is not None:
                    top.append((alt, number))
        top.sort(key=lambda pair: -pair[1])
        out.append(TokenLogprob(token, logprob, tuple(top)))
    return tuple(out)


def read_choices(data: object, chat: bool, n: int) -> Choices:
    """The texts, finish reasons and log-probabilities of the first ``n`` choices of a response body; an
    :class:`AttemptError` (retryable or not) for a body that is not a usable answer."""
    if not isinstance(data, Mapping):
        raise AttemptError("response is not a JSON object", False)
    if "error" in data and "choices" not in data:
        error = data["error"]
        message = error.get("message") if isinstance(error, Mapping) else error
        raise AttemptError(f"server error: {' '.join(str(message).split())[:200]}", True)
    choices = data.get("choices")
    if not isinstance(choices, list) or not all(isinstance(c, Mapping) for c in choices):
        raise AttemptError("response has no choices list", False)
    if len(choices) < n:
        raise AttemptError(f"server returned {len(choices)} of n={n} choices (does it support n > 1?)", False)
    ordered = sorted(choices, key=lambda c: c.get("index", 0) if isinstance(c.get("index"), int) else 0)[:n]
    texts: list[str] = []
    reasons: list[str | None] = []
    logprobs: list[tuple[TokenLogprob, ...] | None] = []
    for choice in ordered:
        if chat:
            message = choice.get("message")
            if not isinstance(message, Mapping):
                raise AttemptError("chat choice has no message", False)
            texts.append(content_text(message.get("content")))
        else:
            text = choice.get("text")
            if not isinstance(text, str):
                raise AttemptError("completion choice has no text", False)
            texts.append(text)
        finish = choice.get("finish_reason")
        reasons.append(finish if isinstance(finish, str) else None)
        logprobs.append(token_logprobs(choice.get("logprobs"), chat))
    return tuple(texts), tuple(reasons), (tuple(logprobs) if any(x is not None for x in logprobs) else ())
