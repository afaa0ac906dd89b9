"""The JSON value types of medhal's records: what ``json.dumps`` writes as it is."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

__all__ = ["JSON", "JSONObject"]

JSON: TypeAlias = "str | int | float | bool | Sequence[JSON] | Mapping[str, JSON] | None"
"""A value ``json.dumps`` writes as it is: the free-form parts of a record (``config``, ``signals``, ``cues``, ...).
Read-only containers, so a ``list[str]`` or a ``dict[str, float]`` is one too (tuples are written as lists)."""
JSONObject: TypeAlias = "dict[str, JSON]"
"""A JSON object built by medhal: what ``to_dict`` methods return and what a record's free-form fields hold."""
