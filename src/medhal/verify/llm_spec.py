"""``--verifier openai/<model>`` (and ``vllm/``, ``hf/``): an LLM verifier from a model spec.

:func:`is_llm_spec` tells such a spec from the cross-encoder specs (``embedded``, ``hf:``, ``onnx:``): it is
``provider/model`` with a provider :func:`medhal.llm.load_client` knows, the ``/`` before any ``:`` (so
``openai/llama3:8b`` is an LLM and ``hf:org/model`` a cross-encoder).  :func:`open_llm_verifier` builds the
:class:`~medhal.verify.llm.LLMVerifier` behind the LLM response cache.  ``medhal.llm`` is imported only here, and
only when an LLM spec is opened, so ``import medhal.verify`` stays light.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from medhal.verify.base import VerifierError

if TYPE_CHECKING:
    from medhal.verify.llm import LLMVerifier

__all__ = ["LLM_SCHEMES", "is_llm_spec", "open_llm_verifier"]

LLM_SCHEMES = ("openai/MODEL", "vllm/MODEL", "hf/MODEL")
"""How the LLM verifier specs are written (``openai/`` needs a server: ``base_url`` or ``MEDHAL_BASE_URL``)."""

_PROVIDER = re.compile(r"^\s*([A-Za-z0-9_-]+)/")


def is_llm_spec(spec: str | None) -> bool:
    """Whether ``spec`` names an LLM verifier (``provider/model``, provider one of :data:`medhal.llm.PROVIDERS`)."""
    if spec is None:
        return False
    found = _PROVIDER.match(spec)  # the provider holds no ":", so "hf:org/model" never matches
    if found is None:
        return False
    from medhal.llm.registry import PROVIDERS

    return found.group(1).lower() in PROVIDERS


def open_llm_verifier(
    spec: str,
    *,
    base_url: str | None = None,
    model_args: Mapping[str, Any] | None = None,
    cache: str | Path | None = None,
    max_length: int | None = None,
    device: str | None = None,
) -> LLMVerifier:
    """The :class:`~medhal.verify.llm.LLMVerifier` of ``spec`` over :func:`medhal.llm.load_client` (``base_url``
    and ``model_args``, the ``-M`` options, go to it), answers cached in the response cache at ``cache`` (default:
    :func:`medhal.llm.default_cache_path`).  ``device`` applies to ``hf/`` models only.  Every failure is a
    one-line :class:`VerifierError`."""
    from medhal.errors import ConfigError
    from medhal.llm.cache import CacheError, ResponseCache
    from medhal.llm.registry import load_client, parse_model_spec
    from medhal.verify.llm import LLMVerifier

    try:
        provider = parse_model_spec(spec).provider
        if device is not None and provider != "hf":
            raise VerifierError(f"device applies to local models (hf/), not to the {provider}/ verifier {spec!r}")
        options: dict[str, Any] = {} if device is None else {"device": device}
        client = load_client(spec, base_url=base_url, model_args=model_args, **options)
        responses = ResponseCache(cache)
    except (ConfigError, CacheError) as exc:
        raise VerifierError(str(exc)) from None
    return LLMVerifier(client, cache=responses, max_length=max_length, model_args=model_args)
