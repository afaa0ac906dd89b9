"""``-M key=value`` / ``--model-args JSON``: extra request-body parameters for LLM-backed commands.

Every command that talks to an ``openai/`` model takes both options (Inspect's ``-M``, lm-eval's
``--model_args``).  ``-M`` repeats; a value is read as JSON when it parses (``-M reasoning_effort=low`` is the
string ``"low"``, ``-M top_k=20`` the number 20, ``-M temperature=null`` leaves temperature out) and as a
string otherwise.  ``--model-args`` is one JSON object; ``-M`` entries win over it.  The result is merged into
every request body, written to the run's ``config.json`` and made part of the response-cache key.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from medhal.errors import UsageError

__all__ = ["ModelArgOption", "ModelArgsOption", "parse_model_args"]

ModelArgOption = Annotated[
    list[str] | None,
    typer.Option(
        "--model-arg",
        "-M",
        help="Extra request parameter for the model, key=value (value read as JSON when it parses); repeatable, "
        "e.g. -M reasoning_effort=low -M max_completion_tokens=4096.",
    ),
]
ModelArgsOption = Annotated[
    str | None,
    typer.Option("--model-args", help="Extra request parameters as one JSON object, e.g. '{\"top_k\": 20}'."),
]


def parse_model_args(pairs: list[str] | None, blob: str | None) -> dict[str, Any] | None:
    """The merged model arguments (``None`` when none were given); :class:`UsageError` for malformed ones."""
    args: dict[str, Any] = {}
    if blob is not None:
        try:
            loaded = json.loads(blob)
        except ValueError as exc:
            raise UsageError(f"--model-args must be a JSON object: {exc}") from None
        if not isinstance(loaded, dict):
            raise UsageError("--model-args must be a JSON object")
        args.update(loaded)
    for pair in pairs or ():
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"-M takes key=value, got {pair!r}")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        args[key] = value
    return args or None
